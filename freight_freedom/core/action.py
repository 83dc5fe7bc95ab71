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

Arg = int | str
_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")
_INT = re.compile(r"^-?[0-9]+$")


def _check_arg(arg: object) -> Arg:
    if isinstance(arg, bool) or not isinstance(arg, (int, str)):
        raise ActionParseError(f"action argument {arg!r} must be an int or a word")
    if isinstance(arg, str) and not _WORD.match(arg):
        raise ActionParseError(f"action argument {arg!r} is not a word (letters, digits, _ . -)")
    return arg


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

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or self.seat < 0:
            raise ActionParseError(f"action seat {self.seat!r} must be an int >= 0")
        if not isinstance(self.kind, str) or not _WORD.match(self.kind):
            raise ActionParseError(f"action kind {self.kind!r} is not a word")
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
            raise ActionParseError(f"{text!r} is not an action: expected 'SEAT:KIND ARGS...'")
        seat_text, _, kind = parts[0].partition(":")
        if not _INT.match(seat_text):
            raise ActionParseError(f"{text!r}: seat {seat_text!r} is not a number")
        args = tuple(int(p) if _INT.match(p) else p for p in parts[1:])
        return cls(int(seat_text), kind, args)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_dict(cls, data: object) -> Action:
        if not isinstance(data, dict) or set(data) != {"seat", "kind", "args"}:
            raise ActionParseError(f"{data!r} is not an action dict with seat, kind and args")
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

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.name, "params": dict(self.params)}

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"scenario {self.name}({inner})"


Step = Action | Scenario
