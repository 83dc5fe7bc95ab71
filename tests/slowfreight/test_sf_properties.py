"""Property tests over thousands of random playouts (2, 3 and 4 players).

After every decision: every Freight card, Locomotive and Movement card is somewhere exactly once,
Bonus chips and Track are conserved, every train is valid (see ``slowfreight.checks``). Every game
ends, and every final score is the sum of its parts.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.slowfreight import GreedyBot
from freight_freedom.slowfreight.checks import check_invariants

MAX_DECISIONS = 2_000


def _check_outcome(game: SlowFreight) -> None:
    out = game.outcome
    assert out is not None
    for s in out.breakdown:
        assert s.total == (s.delivered + s.bonus_chips + s.biggest_train + s.locomotive_penalty
                           + s.car_penalty)
    assert out.scores == tuple(s.total for s in out.breakdown)
    assert out.winners == tuple(i for i, v in enumerate(out.scores) if v == max(out.scores))
    assert len(game.state.clocks_drawn) == game.state.clocks_in_game


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**40),
    players=st.sampled_from([2, 3, 4]),
    table=st.sampled_from(["standard", "gentle", "harsh"]),
    track=st.sampled_from([48, None, 12]),
)
def test_invariants_hold_after_every_decision(seed: int, players: int, table: str,
                                              track: int | None) -> None:
    game = SlowFreight(players=players, seed=seed, movement_table=table, track_supply=track)
    bot = RandomBot(seed)
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        assert all(a.seat == game.to_move for a in actions)
        game.apply(bot.choose(game))
        check_invariants(game.state, track)
        steps += 1
        assert steps < MAX_DECISIONS
    assert game.legal_actions() == []
    _check_outcome(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_games_end_and_score_correctly(players: int) -> None:
    for seed in range(700):
        game = SlowFreight(players=players, seed=seed)
        play_out(game, RandomBot(seed), max_steps=MAX_DECISIONS)
        check_invariants(game.state, 48)
        _check_outcome(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_bot_games_keep_the_invariants(players: int) -> None:
    for seed in range(40):
        game = SlowFreight(players=players, seed=seed)
        bots = [GreedyBot(seed), RandomBot(seed)] * 2
        while not game.is_over:
            game.apply(bots[game.to_move].choose(game))  # type: ignore[index]
            check_invariants(game.state, 48)
        _check_outcome(game)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), cut=st.integers(0, 150))
def test_every_listed_action_is_legal_and_keeps_invariants(seed: int, cut: int) -> None:
    game = SlowFreight(players=4, seed=seed)
    bot = RandomBot(seed)
    for _ in range(cut):
        if game.is_over:
            return
        game.apply(bot.choose(game))
    for action in game.legal_actions():
        assert game.is_legal(action)
        other = game.copy()
        other.apply(action)
        check_invariants(other.state, 48)
