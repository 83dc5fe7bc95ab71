"""Events: what an action changed, in words, with the rule that made it happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .frozen import freeze, thaw


@dataclass(frozen=True, slots=True)
class Event:
    """One change of state. ``rule`` is a rule ID from ``docs/rules``; ``data`` is JSON-ready.

    The log of events is the teaching narrative, the test oracle and the replay record at once.
    ``data`` is frozen (a deep, read-only copy): an event never aliases a game's live state, so
    nothing done with a logged event can change the game, and no later move changes the event.
    """

    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", freeze(self.data))

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "data": thaw(self.data)}
