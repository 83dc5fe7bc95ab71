"""``game.view(seat)``: one frozen value per call, with nothing hidden in it (both games).

Hidden information: the Freedom period decks and Slave Market deck are shuffled (FR-SETUP-3,
FR-SETUP-4) and their order is secret; in Slow Freight the order of the Freight and Movement
decks (SF-RULING-22). Two games with the same public history that differ only there must give
equal views, for every seat and for a spectator.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core import IllegalAction, OptionError
from freight_freedom.core.seat_view import to_plain
from freight_freedom.freedom.bots import HeuristicBot


def _freedom_played(steps: int) -> Freedom:
    game = Freedom(players=3, seed=11)
    bot = HeuristicBot()
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    return game


def _slowfreight_played(steps: int) -> SlowFreight:
    game = SlowFreight(players=3, seed=5)
    rng = random.Random(3)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _reordered_freedom(game: Freedom) -> Freedom:
    """The same game with the hidden orders changed: period decks and Slave Market deck."""
    other = game.copy()
    st = other.state
    for deck in st.decks:
        deck.reverse()
    st.market_deck.reverse()
    assert st.decks != game.state.decks or st.market_deck != game.state.market_deck
    return other


def _reordered_slowfreight(game: SlowFreight) -> SlowFreight:
    other = game.copy()
    st = other.state
    st.freight_deck.reverse()
    st.movement_deck.reverse()
    assert st.freight_deck != game.state.freight_deck
    return other


@pytest.mark.parametrize("steps", [0, 40, 90])
def test_freedom_views_ignore_hidden_deck_orders(steps: int) -> None:
    """FR-SETUP-3/4: the decks' order is in no view (each seat's and the spectator's)."""
    game = _freedom_played(steps)
    other = _reordered_freedom(game)
    assert game.state.to_dict() != other.state.to_dict()  # the games do differ (hidden part)
    for seat in (None, 0, 1, 2):
        assert game.view(seat) == other.view(seat)


@pytest.mark.parametrize("steps", [0, 30, 80])
def test_slowfreight_views_ignore_hidden_deck_orders(steps: int) -> None:
    """SF-RULING-22: deck orders are hidden; contents (counts, sorted names) are public."""
    game = _slowfreight_played(steps)
    other = _reordered_slowfreight(game)
    for seat in (None, 0, 1, 2):
        assert game.view(seat) == other.view(seat)
    vm = game.view(0)
    assert sum(vm.freight_deck_counts.values()) == vm.freight_deck
    assert len(vm.movement_deck_cards) == vm.movement_deck
    assert list(vm.movement_deck_cards) == sorted(vm.movement_deck_cards)


def test_a_public_difference_changes_the_view() -> None:
    """The equality above is not vacuous: a different public table gives a different view."""
    game = _freedom_played(40)
    other = game.copy()
    other.state.money[0] += 1
    assert game.view(0) != other.view(0)
    assert game.view(0).players[0].money + 1 == other.view(0).players[0].money


@pytest.mark.parametrize("make", [lambda: _freedom_played(60), lambda: _slowfreight_played(60)])
def test_view_is_frozen_and_travels_as_pickle_and_json(make: object) -> None:
    game = make()  # type: ignore[operator]
    vm = game.view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        vm.viewer = 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        vm.choices[0].words = "changed"  # type: ignore[misc]
    frozen_map = vm.bonus_chips if isinstance(game, SlowFreight) else vm.people
    with pytest.raises(TypeError):
        frozen_map["boston"] = 9
    assert pickle.loads(pickle.dumps(vm)) == vm
    text = json.dumps(to_plain(vm))
    data = json.loads(text)
    assert data["viewer"] == 1
    assert "board" not in data  # the static map travels as components, not in every view
    assert [c["action"] for c in data["choices"]] == [str(a) for a in game.legal_actions()]
    assert data["prompt"] == game.prompt.text


def test_freedom_view_holds_what_the_screens_show() -> None:
    game = _freedom_played(60)
    st = game.state
    vm = game.view(2)
    assert vm.viewer == 2 and vm.prices_for == 2 and vm.to_move == game.to_move
    assert [p.money for p in vm.players] == st.money
    assert [p.role for p in vm.players] == st.roles
    assert [len(p.tokens) for p in vm.players] == [len(h) for h in st.held]
    assert [None if q is None else q.name for q in vm.queue] == [
        None if c is None else game.ctx.card_by_id[c].name for c in st.queue]
    assert {s.stack: s.left for s in vm.stacks} == st.stacks
    assert [s.left for s in vm.support] == st.support_left
    assert [c.action for c in vm.choices] == game.legal_actions()
    assert [c.words for c in vm.choices] == [game.describe(a) for a in game.legal_actions()]
    assert vm.market_deck == len(st.market_deck)
    # spectator: prices for the deciding seat
    assert game.view().prices_for == (game.to_move if game.to_move is not None else st.lead)


def test_view_events_are_the_last_step_or_since_a_position() -> None:
    game = _freedom_played(30)
    before = len(game.log)
    game.apply(HeuristicBot().choose(game))
    assert [e.text for e in game.view().events] == [e.text for e in game.log[before:]]
    assert [e.text for e in game.view(since=3).events] == [e.text for e in game.log[3:]]
    moved = [e for e in game.view(since=0).events if e.dest is not None]
    assert moved and all(e.origin in game.ctx.board.spaces for e in moved)


def test_bad_seat_or_log_position_is_refused_by_name() -> None:
    game = Freedom(players=2, seed=1)
    snapshot = game.state.to_dict()
    with pytest.raises(IllegalAction, match="seat must be 0 to 1"):
        game.view(2)
    with pytest.raises(OptionError, match="since"):
        game.view(since=10_000)
    with pytest.raises(IllegalAction):
        SlowFreight(players=2, seed=1).view(-1)
    assert game.state.to_dict() == snapshot
