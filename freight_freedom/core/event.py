"""Events: what an action changed, in words, with the rule that made it happen."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .frozen import FrozenDict, freeze, thaw

_EMPTY = FrozenDict()


class Event:
    """One change of state. ``rule`` is a rule ID from ``docs/rules``; ``data`` is JSON-ready.

    The log of events is the teaching narrative, the test oracle and the replay record at once.
    ``data`` is frozen (a deep, read-only copy): an event never aliases a game's live state, so
    nothing done with a logged event can change the game, and no later move changes the event.

    Events are immutable values (``rule``, ``text`` and ``data`` are read-only). An event is made
    for every change of every game, simulations included, so making one is kept cheap: data
    already handed over as a :class:`~.frozen.FrozenDict` (the rules build theirs from fresh
    scalars that way) is taken as it is; anything else is frozen here.
    """

    __slots__ = ("_data", "_rule", "_text")

    def __init__(self, rule: str, text: str, data: Any = _EMPTY) -> None:
        self._rule = rule
        self._text = text
        self._data = data if type(data) is FrozenDict else freeze(data)

    @property
    def rule(self) -> str:
        return self._rule

    @property
    def text(self) -> str:
        return self._text

    @property
    def data(self) -> FrozenDict:
        return self._data  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return (self._rule, self._text, self._data) == (other._rule, other._text, other._data)

    def __hash__(self) -> int:
        return hash((self._rule, self._text))

    def __repr__(self) -> str:
        return f"Event(rule={self._rule!r}, text={self._text!r}, data={self._data!r})"

    def __str__(self) -> str:
        return f"[{self._rule}] {self._text}"

    def __reduce__(self) -> tuple[type[Event], tuple[str, str, Any]]:
        return (Event, (self._rule, self._text, self._data))

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self._rule, "text": self._text, "data": thaw(self._data)}


class Silent(list[Event]):
    """The event list of a quiet game (:meth:`~.game.Game.quiet`): it keeps nothing.

    Rules that write their events into a list check :func:`narrating` before building one (the
    words and the frozen data are most of an event's cost); anything appended anyway is dropped.
    """

    __slots__ = ()

    def append(self, event: Event) -> None:
        """Dropped: a quiet game keeps no events."""

    def extend(self, events: Iterable[Event]) -> None:
        """Dropped: a quiet game keeps no events."""


def narrating(events: list[Event]) -> bool:
    """Whether ``events`` keeps what is written to it (False for a quiet game's :class:`Silent`
    list): the rules build an event only when it is kept."""
    return events.__class__ is not Silent
