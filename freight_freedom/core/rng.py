"""A small seeded random number generator whose whole state is one integer.

The state lives inside each game's state, so saving, copying and replaying a game carry its
randomness with it, and the same seed gives the same game on every platform and Python version
(``random.Random`` guarantees neither a compact state nor stable ``shuffle`` across versions).
The generator is SplitMix64 (Steele, Lea & Flood 2014): fast in pure Python and well mixed.

Every consumer of a seed draws from its own stream: ``Rng(seed, "setup")``, ``Rng(seed, "play")``,
``Rng(seed, "bot")``... The seed and the stream name are hashed together once, at construction
(BLAKE2b, then the SplitMix64 finaliser), so seeds 5 and 6 give unrelated games and a game and its
bot given the same number do not share draws. (Before rules versions ``freedom-2``/``sf-2`` the seed
was used as the raw SplitMix64 state, so the stream of seed ``s + 1`` was that of ``s`` shifted by
one draw; :meth:`Rng.legacy` rebuilds that start for replaying old saves.)
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMIT = 1 << 64
# the rejection limit of each small range (the largest multiple of n up to 2**64), computed once:
# two big-integer operations fewer per draw of a decision or a shuffle step
_LIMITS = (0, *(_LIMIT - _LIMIT % n for n in range(1, 256)))


def _finalise(z: int) -> int:
    """The SplitMix64 output function: a bijection of 64-bit integers that mixes every bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@lru_cache(maxsize=256)
def _stream_key(stream: str) -> int:
    digest = hashlib.blake2b(stream.encode(), digest_size=8, person=b"ff-rng").digest()
    return int.from_bytes(digest, "big")


class Rng:
    """Deterministic RNG; ``Rng(seed, stream).state`` round-trips through ``Rng.from_state``.

    ``stream`` names the consumer (``"setup"``, ``"play"``, ``"bot"``...): the same seed gives
    each stream its own unrelated sequence.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int, stream: str = "") -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("seed must be an int")
        if not isinstance(stream, str):
            raise TypeError("stream must be a str")
        folded = 0
        for shift in range(0, seed.bit_length() + 64, 64):  # every bit of a big seed counts
            folded = _finalise(folded ^ ((seed >> shift) & _MASK))
        self.state = _finalise(folded ^ _stream_key(stream))

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    @classmethod
    def legacy(cls, seed: int) -> Rng:
        """The unscrambled start of rules ``freedom-1``/``sf-1``, for replaying old saves."""
        return cls.from_state(seed * _GOLDEN + 0x632BE59BD9B4E019)

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _finalise(self.state)

    # ``below`` and ``shuffle`` run once per decision of every simulated game, so they step the
    # generator inline (the same SplitMix64 steps as :meth:`next64`, same outputs).
    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMITS[n] if n < 256 else _LIMIT - _LIMIT % n
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 256 else _LIMIT - _LIMIT % n
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def __deepcopy__(self, memo: dict[int, object]) -> Rng:
        return Rng.from_state(self.state)

    def __repr__(self) -> str:
        return f"Rng.from_state({self.state})"
