"""What both games' per-seat views share: a legal choice and an event in words, and plain data.

``game.view(seat)`` (each game's ``view_model`` module) is one frozen value holding everything a
screen shows and only what that seat may know; the classroom sends it to a student's device as
JSON (:func:`to_plain`), so every field is plain data or a frozen dataclass of plain data. A
field whose metadata says ``plain=False`` (the static map, the same on every device) is left out
of the JSON; the receiver has the same components (``components`` names them by digest).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .action import Action
from .errors import IllegalAction, OptionError
from .event import MapMove

if TYPE_CHECKING:
    from .event import Event
    from .game import Game

STATIC = {"plain": False}
"""Field metadata of a view field left out of :func:`to_plain` (the static map)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice of the pending decision: the action (its notation is what a device
    sends back), its words, and for a choice made on the map where it starts and ends (space
    ids; ``None`` when it has no origin, or is not made on the map) and, for a Slave Catcher's
    move, which catcher (its colour)."""

    action: Action
    words: str
    origin: str | None = None
    dest: str | None = None
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class EventView:
    """One event of the last turn: its words and rule, and for a move on the map where from and
    to (space ids) and, for a Slave Catcher, its colour."""

    text: str
    rule: str
    origin: str | None = None
    dest: str | None = None
    colour: str | None = None


def recent_events(game: Game[Any], since: int | None) -> tuple[Event, ...]:
    """The events logged from ``game.log[since]`` on; with ``since=None``, those of the last
    step (the events the game logged between the history's last two positions)."""
    log = game.log
    if since is not None:
        if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= len(log):
            raise OptionError("since", f"must be a position in the game's log (0 to {len(log)}), "
                              f"not {since!r}")
        return log[since:]
    if not game.history:
        return ()
    before = game.copy()
    try:
        before.undo()
    except IllegalAction:  # a determinized copy cannot replay its history: no last turn
        return ()
    return log[len(before.log):]


def event_view(event: Event) -> EventView:
    """An event as the view shows it, in the current language: for one that moves a piece on
    the map (a :class:`~.event.MapMove`), where from and to and the piece's colour."""
    if isinstance(event, MapMove):
        return EventView(event.said(), event.rule, event.origin, event.dest,
                         event.colour or None)
    return EventView(event.said(), event.rule)


def to_plain(value: Any) -> Any:
    """``value`` (a view) as JSON-ready data: dataclasses as dicts of their fields (those
    marked ``plain=False`` left out), mappings as dicts, tuples as lists, actions as notation."""
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.metadata.get("plain", True)}
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return [to_plain(v) for v in items]
    return value
