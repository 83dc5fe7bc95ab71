"""Observation vectors (interop.features): a fixed length per game and options, and nothing a
seat cannot see (SF-RULING-22: deck orders and the RNG are hidden; Freedom's period decks and
Slave Market deck order likewise)."""

from __future__ import annotations

from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.errors import IllegalAction
from freight_freedom.core.game import Game
from freight_freedom.core.rng import Rng
from freight_freedom.interop.features import feature_size, features


def _hidden_differs(a: Game[Any], b: Game[Any]) -> bool:
    sa, sb = a.state_dict(), b.state_dict()
    if isinstance(a, Freedom):
        return sa["decks"] != sb["decks"] or sa["market_deck"] != sb["market_deck"]
    return sa["freight_deck"] != sb["freight_deck"] or sa["movement_deck"] != sb["movement_deck"]


@pytest.mark.parametrize("make", [lambda s: Freedom(players=3, seed=s),
                                  lambda s: SlowFreight(players=3, seed=s)],
                         ids=["freedom", "slowfreight"])
def test_games_differing_only_in_hidden_information_look_the_same(make: Any) -> None:
    """A determinized copy re-draws every hidden order; each seat's vector stays equal, at every
    point of a random game, while the hidden orders really differ."""
    game = make(11).quiet()
    rng = Rng(4)
    differed = 0
    steps = 0
    while not game.is_over and steps < 100:
        for seat in range(3):
            other = game.determinized(seat, rng.below(2**31))
            differed += _hidden_differs(game, other)
            assert features(other, seat) == features(game, seat)
            assert other.observation(seat) == game.observation(seat)
        game.apply_unchecked(rng.choice(game.legal_actions()))
        steps += 1
    assert differed > steps  # the worlds compared were really different


@pytest.mark.parametrize("cls,players", [(Freedom, 1), (Freedom, 4), (SlowFreight, 2),
                                         (SlowFreight, 4)])
def test_the_length_is_fixed_for_the_options(cls: type[Game[Any]], players: int) -> None:
    size = feature_size(cls(players=players, seed=0))
    for seed in (0,):
        game = cls(players=players, seed=seed).quiet()
        rng = Rng(seed)
        while not game.is_over:
            for seat in range(players):
                vec = features(game, seat)
                assert len(vec) == size
                assert min(vec) >= 0.0  # the Gymnasium Box is bounded below by 0
            game.apply_unchecked(rng.choice(game.legal_actions()))
        assert len(features(game, 0)) == size


def test_each_seat_sees_itself_and_a_bad_seat_is_refused() -> None:
    game = SlowFreight(players=2, seed=1)
    assert features(game, 0) != features(game, 1)  # the seat one-hot
    before = game.digest()
    with pytest.raises(IllegalAction, match="seat must be 0 to 1"):
        features(game, 2)
    assert game.digest() == before
