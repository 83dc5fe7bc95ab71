"""Actions: the small, hashable values that are the only way to change a game.

An :class:`Action` names the seat deciding, a verb and a few plain arguments. It prints as a short
notation that parses back (``"1:take 2 t3"`` = seat 1 takes face-up card 2 onto train t3), in the
spirit of python-chess's UCI moves. Games give actions their meaning; the kernel only carries them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .errors import ActionParseError
from .frozen import freeze, thaw

Arg = int | str
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_INT = re.compile(r"-?[0-9]+")
INT_LIMIT = 2**63
"""Integers in actions lie in ``(-INT_LIMIT, INT_LIMIT)``: every one prints and parses back."""
_MAX_DIGITS = len(str(INT_LIMIT))


def show(value: object, width: int = 40) -> str:
    """A short ``repr`` that never fails (huge ints) and never floods a message (long text)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= INT_LIMIT:
        return f"<an integer of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, or a container holding a huge integer
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= width else text[: width - 3] + "..."


def _check_int(value: int, what: str) -> int:
    if not -INT_LIMIT < value < INT_LIMIT:
        raise ActionParseError(f"{what} {show(value)} is out of range (|n| < 2**63)")
    return value


def _check_arg(arg: object) -> Arg:
    if isinstance(arg, bool) or not isinstance(arg, (int, str)):
        raise ActionParseError(f"action argument {show(arg)} must be an int or a word")
    if isinstance(arg, int):
        return _check_int(arg, "action argument")
    if not _WORD.fullmatch(arg):
        raise ActionParseError(f"action argument {show(arg)} is not a word (letters, digits, "
                               "_ . -, starting with a letter or _)")
    return arg


def _parse_int(text: str, what: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ActionParseError(f"{what} {show(text)} has too many digits (|n| < 2**63)")
    return _check_int(int(text), what)


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic decision: ``seat`` (0-based) does ``kind`` with ``args``.

    >>> a = Action(1, "take", (2, "t3"))
    >>> str(a)
    '1:take 2 t3'
    >>> Action.parse("1:take 2 t3") == a
    True
    """

    seat: int
    kind: str
    args: tuple[Arg, ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    _typed: Any = field(init=False, repr=False, compare=False, default=None)
    """The last typed reading made of this action (see :mod:`.moves`): read once, not per use."""

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or self.seat < 0:
            raise ActionParseError(f"action seat {show(self.seat)} must be an int >= 0")
        _check_int(self.seat, "action seat")
        if not isinstance(self.kind, str) or not _WORD.fullmatch(self.kind):
            raise ActionParseError(f"action kind {show(self.kind)} is not a word")
        if not isinstance(self.args, tuple):
            raise ActionParseError("action args must be a tuple")
        for arg in self.args:
            _check_arg(arg)
        # actions are hashed constantly (legality checks, bots): compute it once
        object.__setattr__(self, "_hash", hash((self.seat, self.kind, self.args)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Action], tuple[int, str, tuple[Arg, ...]]]:
        # rebuild through __init__: string hashes differ between processes (joblib workers)
        return (Action, (self.seat, self.kind, self.args))

    def __str__(self) -> str:
        head = f"{self.seat}:{self.kind}"
        return " ".join([head, *map(str, self.args)]) if self.args else head

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the notation printed by ``str(action)``; raises :class:`ActionParseError`."""
        if not isinstance(text, str):
            raise ActionParseError(f"action notation must be a string, not {type(text).__name__}")
        parts = text.split()
        if not parts or ":" not in parts[0]:
            raise ActionParseError(f"{show(text)} is not an action: expected 'SEAT:KIND ARGS...'")
        seat_text, _, kind = parts[0].partition(":")
        if not _INT.fullmatch(seat_text):
            raise ActionParseError(f"{show(text)}: seat {show(seat_text)} is not a number")
        seat = _parse_int(seat_text, "action seat")
        args = tuple(_parse_int(p, "action argument") if _INT.fullmatch(p) else p
                     for p in parts[1:])
        return cls(seat, kind, args)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_dict(cls, data: object) -> Action:
        if not isinstance(data, dict) or set(data) != {"seat", "kind", "args"}:
            raise ActionParseError(f"{show(data)} is not an action dict with seat, kind and args")
        args = data["args"]
        if not isinstance(args, list):
            raise ActionParseError("action args must be a list")
        return cls(data["seat"], data["kind"], tuple(args))


@dataclass(frozen=True, slots=True)
class Scenario:
    """A logged set-up change made outside the rules (stack a deck, fix the next roll).

    Teachers use scenarios to show a rule when they explain it; they are part of the history, so
    saves and replays reproduce them exactly.
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        # a deep immutable copy: a list the caller still holds cannot rewrite the history
        object.__setattr__(self, "params", freeze(self.params))

    def kwargs(self) -> dict[str, Any]:
        """The parameters as fresh, mutable JSON data (what a scenario hook receives)."""
        return {k: thaw(v) for k, v in self.params}

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.name, "params": self.kwargs()}

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.kwargs().items())
        return f"scenario {self.name}({inner})"


Step = Action | Scenario
