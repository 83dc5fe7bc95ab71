"""Events: what an action changed, in words, with the rule that made it happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One change of state. ``rule`` is a rule ID from ``docs/rules``; ``data`` is JSON-ready.

    The log of events is the teaching narrative, the test oracle and the replay record at once.
    """

    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "data": self.data}
