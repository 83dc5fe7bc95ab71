"""A small seeded random number generator whose whole state is one integer.

The state lives inside each game's state, so saving, copying and replaying a game carry its
randomness with it, and the same seed gives the same game on every platform and Python version
(``random.Random`` guarantees neither a compact state nor stable ``shuffle`` across versions).
The generator is SplitMix64 (Steele, Lea & Flood 2014): fast in pure Python and well mixed.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """Deterministic RNG; ``Rng(seed).state`` round-trips through ``Rng.from_state``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("seed must be an int")
        self.state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls(0)
        rng.state = state & _MASK
        return rng

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def __deepcopy__(self, memo: dict[int, object]) -> Rng:
        return Rng.from_state(self.state)

    def __repr__(self) -> str:
        return f"Rng.from_state({self.state})"
