"""Checks of plain arguments (counts, sizes) with one wording across the package."""

from __future__ import annotations


def positive_int(name: str, value: object, *, hi: int | None = None) -> int:
    """``value`` if it is an integer from 1 (to ``hi``); else ``ValueError`` naming ``name``.

    >>> positive_int("rollouts", 200)
    200
    >>> positive_int("target", 6, hi=5)
    Traceback (most recent call last):
    ValueError: target must be an integer from 1 to 5, not 6
    """
    if (isinstance(value, bool) or not isinstance(value, int) or value < 1
            or (hi is not None and value > hi)):
        bound = "a positive integer" if hi is None else f"an integer from 1 to {hi}"
        raise ValueError(f"{name} must be {bound}, not {value!r}")
    return value
