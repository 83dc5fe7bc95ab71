"""Observations as numbers: the few encodings every game's feature vector is made of.

A game's encoder (its entry's ``features``) reads only :meth:`Game.observation` (the per-seat
view, which never holds a deck order or an RNG state), so no hidden information can reach a
vector. Every part has a length fixed by the components and the number of players. Counts are
scaled to about 0..1; choices are one-hot. Pure Python: the frameworks' adapters
(:mod:`freight_freedom.interop`) turn the list into their own arrays.

>>> v = Vec()
>>> v.onehot("b", ["a", "b", "c"]); v.scaled([5, None], 10); v.flags("aab", ["a", "b"])
>>> v.out
[0.0, 1.0, 0.0, 0.5, 0.0, 2.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class Vec:
    """A growing list of floats with the few encodings the games need."""

    __slots__ = ("out",)

    def __init__(self) -> None:
        self.out: list[float] = []

    def onehot(self, value: object, choices: Sequence[object]) -> None:
        """1 at ``value``'s place among ``choices`` (all 0 for ``None`` or a value not listed)."""
        row = [0.0] * len(choices)
        if value is not None and value in choices:
            row[list(choices).index(value)] = 1.0
        self.out.extend(row)

    def scaled(self, values: Iterable[float | int | bool | None], scale: float = 1.0) -> None:
        self.out.extend([0.0 if v is None else float(v) / scale for v in values])

    def flags(self, present: Iterable[object], choices: Sequence[object]) -> None:
        """How many times each of ``choices`` occurs in ``present``."""
        counts = dict.fromkeys(choices, 0)
        for item in present:
            if item in counts:
                counts[item] += 1
        self.out.extend(float(counts[c]) for c in choices)
