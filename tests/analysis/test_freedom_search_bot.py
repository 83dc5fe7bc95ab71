"""The Freedom search bot: legal choices, a value that rewards the team's goals, reproducible."""

from __future__ import annotations

import pytest

from freight_freedom.analysis import simulate
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.freedom.game import Freedom
from freight_freedom.freedom.search_bot import SearchBot, evaluate


def test_search_bot_chooses_legal_actions() -> None:
    game = Freedom(players=2, seed=4)
    bot = SearchBot(strength=1, horizon=8, seed=2)
    for _ in range(25):
        action = bot.choose(game)
        assert action in game.legal_actions()
        game.apply(action)


def test_search_bot_is_reproducible_and_defaults_to_the_heuristic_choice() -> None:
    game = Freedom(players=2, seed=6)
    for _ in range(12):
        game.apply(HeuristicBot().choose(game))
    a = SearchBot(strength=2, horizon=6, seed=3).choose(game)
    b = SearchBot(strength=2, horizon=6, seed=3).choose(game)
    assert a == b
    # a huge head start makes the search agree with its rollout policy
    assert SearchBot(strength=1, horizon=4, prior=100.0).choose(game) == HeuristicBot().choose(game)


def test_evaluate_rewards_freeing_and_support_and_punishes_losses() -> None:
    game = Freedom(players=2, seed=1)
    base = evaluate(game)
    freed, lost, bought = game.copy(), game.copy(), game.copy()
    freed.state.freed += 3
    lost.state.lost += 3
    bought.state.support_bought[0] += 1
    bought.state.support_left[0] -= 1
    assert evaluate(freed) > base > evaluate(lost)
    assert evaluate(bought) > base


def test_bad_strength_is_refused() -> None:
    with pytest.raises(ValueError, match="strength"):
        SearchBot(strength=0)
    with pytest.raises(ValueError, match="horizon"):
        SearchBot(horizon=0)


def test_search_bot_runs_in_a_simulation_by_name() -> None:
    df = simulate("freedom", 1, bot="montecarlo:1", players=1, seed=2, progress=False)
    assert df["bot"].tolist() == ["montecarlo:1"] and int(df["round"].iloc[0]) >= 1


def test_determinized_copies_depend_only_on_what_a_seat_sees() -> None:
    game = Freedom(players=2, seed=5)
    other = game.determinized(0, 99)  # same table, another hidden order
    assert other.observation(0) == game.observation(0)
    assert other.state.decks != game.state.decks
    assert game.determinized(0, 7).state.decks == other.determinized(0, 7).state.decks
