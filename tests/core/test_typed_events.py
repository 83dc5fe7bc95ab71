"""Typed events (``core/event.py`` Happened, ``freedom/events.py``, ``slowfreight/events.py``):
every kind is made in the seeded games of ``event_streams.py``, reads as the plain event it
replaces (rule, text, data, ``to_dict``, equality, pickling) and round-trips ``to_dict``."""

from __future__ import annotations

import copy
import json
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from types import ModuleType
from typing import ClassVar

import pytest
from event_streams import games

import freight_freedom.freedom.events as freedom_events
import freight_freedom.slowfreight.events as slowfreight_events
from freight_freedom.core.event import Event, Happened, Note
from freight_freedom.core.frozen import FrozenDict

MODULES: dict[str, ModuleType] = {"freedom": freedom_events, "slowfreight": slowfreight_events}


def kinds(module: ModuleType) -> set[type[Happened]]:
    """The game's own kinds, and the shared :class:`Note`."""
    return {c for c in vars(module).values()
            if isinstance(c, type) and issubclass(c, Happened) and c is not Happened} | {Note}


def check(event: Happened) -> None:
    """One typed event against everything a reader of a plain event relies on."""
    d = event.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert type(event).from_dict(json.loads(json.dumps(d))) == event
    plain = Event(d["rule"], d["text"], d["data"])
    assert (plain.rule, plain.text, plain.data, str(plain)) == (event.rule, event.text,
                                                               event.data, str(event))
    assert plain.to_dict() == d
    assert isinstance(event.data, FrozenDict)
    again = pickle.loads(pickle.dumps(event))
    assert type(again) is type(event) and again == event and again.to_dict() == d
    assert copy.deepcopy(event) == event
    assert hash(again) == hash(event)
    assert event.with_text(event.text) == event


@pytest.mark.parametrize("family", sorted(MODULES))
def test_every_kind_is_made_and_round_trips(family: str) -> None:
    expected = kinds(MODULES[family])
    seen: set[type[Happened]] = set()
    for _seed, game, _actions in games(family):
        for event in game.log:
            if isinstance(event, Happened) and type(event) not in seen:
                seen.add(type(event))
                check(event)
    assert seen == expected, f"kinds never made: {sorted(k.__name__ for k in expected - seen)}"


def test_fields_name_the_facts() -> None:
    """FR-MOVE-1 and FR-MOVE-7: a move names where from and where to; data keeps its keys."""
    event = freedom_events.PersonMoved("Player 1 moves a person from A to B.", "FR-MOVE-1",
                                       "cincinnati", "columbus")
    assert (event.origin, event.dest, event.rule) == ("cincinnati", "columbus", "FR-MOVE-1")
    assert event.data == {"from": "cincinnati", "to": "columbus"}
    assert str(event) == "[FR-MOVE-1] Player 1 moves a person from A to B."
    freed = freedom_events.PersonFreed("t", "detroit", "canada_windsor", 4)
    assert freed.rule == "FR-MOVE-7" and freed.data == {"from": "detroit", "to": "canada_windsor",
                                                        "freed": 4}
    arrived = slowfreight_events.TrainArrived("t3 arrives", 1, "t3", 9)
    assert arrived.rule == "SF-ARRIVE-1" and arrived.data == {"seat": 1, "train": "t3",
                                                              "track": 9}


def test_a_typed_event_is_frozen_and_equal_only_to_its_kind() -> None:
    event = freedom_events.GoldGained("Player 1 gains $2.", 0, 2)
    with pytest.raises(FrozenInstanceError):
        event.amount = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        event.data["amount"] = 5  # type: ignore[index]
    assert event == freedom_events.GoldGained("Player 1 gains $2.", 0, 2)
    assert event != freedom_events.GoldGained("Player 1 gains $2.", 0, 3)
    assert event != Event(event.rule, event.text, event.data)  # another kind
    assert not hasattr(event, "__dict__")  # slots: events are made by the hundred per game
    assert repr(event) == "GoldGained(text='Player 1 gains $2.', seat=0, amount=2)"


def test_from_dict_refuses_another_kind() -> None:
    d = freedom_events.GoldGained("Player 1 gains $2.", 0, 2).to_dict()
    with pytest.raises(ValueError, match="not a CatcherCut event"):
        freedom_events.CatcherCut.from_dict(d)
    d["rule"] = "FR-MOVE-5"
    with pytest.raises(ValueError, match="not a GoldGained event"):
        freedom_events.GoldGained.from_dict(d)
    assert Event.from_dict(d).to_dict() == d


def test_spread_kinds_are_their_mapping() -> None:
    """FR-SETUP-2: the people per plantation are the data, keyed by plantation id."""
    placed = freedom_events.PeoplePlaced("People are placed.", FrozenDict({"a": 1, "b": 2}))
    assert placed.data == {"a": 1, "b": 2} and placed.people["b"] == 2
    assert freedom_events.PeoplePlaced.from_dict(placed.to_dict()) == placed


def test_round_totals_keep_the_round_end_flag() -> None:
    """FR-WIN-1: every end-of-round event carries the totals and ``round_end``."""
    event = freedom_events.RoundTotals("End of round 2.", "FR-WIN-1", 2, 3, 1, 4)
    assert event.data == {"round": 2, "round_end": True, "freed": 3, "lost": 1, "support": 4}
    assert freedom_events.RoundTotals.from_dict(event.to_dict()) == event


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Waved(Happened):
    RULE: ClassVar[str] = "TOY-1"
    KEYS: ClassVar[dict[str, str]] = {"hand": "with"}
    hand: str
    times: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Ruled(Happened):
    rule: str = field()
    who: int


def test_the_core_mechanism() -> None:
    waved = _Waved("Waves.", "left", (1, 2))
    assert waved.to_dict() == {"rule": "TOY-1", "text": "Waves.",
                               "data": {"with": "left", "times": [1, 2]}}
    check(waved)
    assert _Waved("Waves.", hand="right") == _Waved(text="Waves.", hand="right", times=())
    with pytest.raises(TypeError, match="hand"):
        _Waved("Waves.")  # type: ignore[call-arg]
    ruled = _Ruled("Rules.", "TOY-2", 3)
    assert (ruled.rule, ruled.data) == ("TOY-2", {"who": 3})
    check(ruled)
    assert ruled.with_text("Other words.").to_dict()["text"] == "Other words."


def test_plain_events_still_work() -> None:
    event = Event("R-1", "Said.", {"a": [1]})
    assert event.data == {"a": (1,)} and event.to_dict() == {"rule": "R-1", "text": "Said.",
                                                             "data": {"a": [1]}}
    assert pickle.loads(pickle.dumps(event)) == event
    assert event.with_text("Other.").text == "Other."

