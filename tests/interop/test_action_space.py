"""The fixed action numbering (core.action_space): every legal action of random games has one id
that maps back to the same action and the same notation (Freedom FR-*, Slow Freight
SF-RULING-16/21: ``take``/``stop`` turns and train ids)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.action import Action
from freight_freedom.core.action_space import ActionSpace, action_space
from freight_freedom.core.errors import IllegalAction
from freight_freedom.core.game import Game
from freight_freedom.core.rng import Rng


def _check_every_legal_action(game: Game[Any], rng: Rng) -> int:
    """Play ``game`` out at random; at each decision every legal action round-trips through its
    id and the ids are distinct. Returns the decisions seen."""
    space = action_space(game)
    game.quiet()
    decisions = 0
    while not game.is_over:
        legal = game.legal_actions()
        ids = [space.id(a) for a in legal]
        assert len(set(ids)) == len(ids), "two legal actions share an id"
        for a, i in zip(legal, ids, strict=True):
            assert 0 <= i < space.size
            back = space.action(i, a.seat)
            assert back == a
            assert Action.parse(str(back)) == a  # and the notation
        assert space.legal_ids(game) == sorted(ids)
        game.apply_unchecked(rng.choice(legal))
        decisions += 1
    assert space.legal_ids(game) == []  # over: nothing is legal
    return decisions


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.integers(1, 4), difficulty=st.sampled_from(["regular", "challenging"]),
       seed=st.integers(0, 2**32), bot=st.integers(0, 2**32))
def test_freedom_every_legal_action_has_one_id(players: int, difficulty: str, seed: int,
                                               bot: int) -> None:
    game = Freedom(players=players, difficulty=difficulty, seed=seed)
    assert _check_every_legal_action(game, Rng(bot)) > 0


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.integers(2, 4), train_check=st.sampled_from(["each_card", "end_of_turn"]),
       seed=st.integers(0, 2**32), bot=st.integers(0, 2**32))
def test_slowfreight_every_legal_action_has_one_id(players: int, train_check: str, seed: int,
                                                   bot: int) -> None:
    game = SlowFreight(players=players, train_check=train_check, seed=seed)
    assert _check_every_legal_action(game, Rng(bot)) > 0


@pytest.mark.parametrize("game", [Freedom(players=3, seed=1), SlowFreight(players=3, seed=1)],
                         ids=["freedom", "slowfreight"])
def test_ids_and_notation_round_trip_over_the_whole_space(game: Game[Any]) -> None:
    space = action_space(game)
    assert len(set(space.entries)) == space.size
    for seat in range(3):
        for i in range(space.size):
            a = space.action(i, seat)
            assert a.seat == seat
            assert space.id(a) == i
            assert space.id(str(a)) == i
            assert Action.parse(str(a)) == a


def test_the_size_is_declared_per_game_and_options() -> None:
    # Freedom: one ``call SEAT`` per seat (FR-ROLE-SM); Slow Freight: fixed by the box
    # (3 face-up slots x 23 trains for ``take``, 23 ``move``, loco, stop, pass)
    sizes = {p: action_space(Freedom(players=p, seed=0)).size for p in (1, 2, 3, 4)}
    assert [sizes[p + 1] - sizes[p] for p in (1, 2, 3)] == [1, 1, 1]
    sf = {action_space(SlowFreight(players=p, seed=0)).size for p in (2, 3, 4)}
    assert sf == {3 * 23 + 23 + 3}
    # built once and shared
    assert action_space(Freedom(players=2, seed=5)) is action_space(Freedom(players=2, seed=9))


def test_bad_ids_and_foreign_actions_are_refused_clearly() -> None:
    game = SlowFreight(players=2, seed=3)
    before = game.digest()
    space = action_space(game)
    for bad in (-1, space.size, True, "3", 2.0):
        with pytest.raises(IllegalAction, match="action id must be 0 to 94") as err:
            space.action(bad, 0)  # type: ignore[arg-type]
        assert err.value.rule == "ACTION-SPACE"
    with pytest.raises(IllegalAction, match="not in the Slow Freight action space"):
        space.id("0:take 7 t1")  # there are 3 face-up slots (SF-TAKE-1)
    with pytest.raises(IllegalAction, match="not in the Slow Freight action space"):
        space.id(Action(0, "move", ("t99",)))  # 23 Locomotives in the box (SF-RULING-21)
    assert game.digest() == before  # the space never touches a game


def test_numpy_style_integers_are_accepted() -> None:
    class Index:  # what numpy integers offer
        def __index__(self) -> int:
            return 4

    space = ActionSpace("demo", [("pass", ()), ("take", (1,)), ("take", (2,)), ("a", ()),
                                 ("b", ())])
    assert str(space.action(Index(), 1)) == "1:b"  # type: ignore[arg-type]


def test_a_space_listing_an_action_twice_is_a_bug() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        ActionSpace("demo", [("pass", ()), ("pass", ())])
