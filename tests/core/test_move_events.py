"""Events that move a piece on the map offer :class:`~freight_freedom.core.event.MapMove`, and
the views read moves through it (``core/seat_view.event_view``): a person's move [FR-MOVE-1],
a person freed in Canada [FR-MOVE-7], a Slave Catcher drawn by a move [FR-MOVE-5] or moved by
the roll or a card [FR-CATCH-1, FR-EFF-CATCHER-MOVE]."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.core.event import Event, MapMove
from freight_freedom.core.seat_view import EventView, event_view
from freight_freedom.freedom import events as fe


def _by_data_keys(event: Event) -> EventView:
    """How ``event_view`` read an event before the protocol: by the data's keys."""
    data = event.data
    origin, dest, colour = data.get("from"), data.get("to"), data.get("colour")
    moved = isinstance(origin, str) and isinstance(dest, str)
    return EventView(event.text, event.rule, origin if moved else None,
                     dest if moved else None, str(colour) if moved and colour else None)


def _names(kind: type[fe.Happened]) -> set[str]:
    return {f.name for f in fields(kind)}


def _played(cls: type[Any], players: int, seed: int) -> Any:
    game = cls(players=players, seed=seed)
    bot = RandomBot(seed)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game


@pytest.mark.parametrize("kind", fe.MAP_MOVES, ids=lambda k: k.__name__)
def test_every_freedom_moving_event_offers_the_protocol(kind: type[fe.Happened]) -> None:
    values = {"rule": "FR-MOVE-1", "origin": "cincinnati", "dest": "columbus",
              "colour": "red", "freed": 1, "steps": 1}
    event = kind("moves", **{f: v for f, v in values.items() if f in _names(kind)})
    assert isinstance(event, MapMove)
    assert (event.origin, event.dest) == ("cincinnati", "columbus")
    assert event.data["from"] == "cincinnati" and event.data["to"] == "columbus"  # saved form
    expected = "red" if "colour" in _names(kind) else None
    assert event.colour == expected


def test_only_moving_events_offer_it() -> None:
    """A delivery from the Slave Market places a person from off the map (no origin)."""
    moving = {k for k in vars(fe).values()
              if isinstance(k, type) and issubclass(k, fe.Happened) and k is not fe.Happened
              and {"origin", "dest"} <= _names(k)}
    assert moving == set(fe.MAP_MOVES)
    assert not isinstance(fe.PersonDelivered("placed", "plantation_1"), MapMove)
    assert not isinstance(Event("FR-MOVE-1", "plain", {"from": "a", "to": "b"}), MapMove)


@pytest.mark.parametrize("seed", range(6))
def test_event_view_reads_moves_as_the_data_keys_did(seed: int) -> None:
    """On played games, every event's view (origin, destination, colour) is what reading the
    data's ``from``/``to``/``colour`` keys gave, and every move on the map is seen as one."""
    game = _played(Freedom, 1 + seed % 4, seed)
    moves = 0
    for event in game.log:
        assert event_view(event) == _by_data_keys(event)
        moves += isinstance(event, MapMove)
        assert isinstance(event, MapMove) == isinstance(event, fe.MAP_MOVES)
    assert moves > 0


def test_slow_freight_events_have_no_map_moves() -> None:
    game = _played(SlowFreight, 3, 1)
    for event in game.log:
        assert not isinstance(event, MapMove)
        assert event_view(event) == _by_data_keys(event) == EventView(event.text, event.rule)
