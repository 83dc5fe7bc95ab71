"""Measures the what-if notebook's questions rest on: the Slave Market's real choices (rule
FR-MKT-PHASE-1) and the Opposition cards dealt into the starting Queue (FR-SETUP-5)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from freight_freedom import Freedom
from freight_freedom.analysis import game_seed, simulate
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.freedom.market_bots import market_choices
from freight_freedom.freedom.records import opposition_dealt


def test_market_choices_replays_the_simulated_game_and_counts_real_choices() -> None:
    """FR-MKT-PHASE-1: a delivery is a choice only when two or more plantations have room."""
    row = simulate("freedom", 1, bot="heuristic", seed=4, players=2, progress=False).iloc[0]
    seed = int(row["seed"])
    found = market_choices(seed, variants=("heuristic", "market-fullest"), players=2)
    assert found.decisions == row["decisions"]  # the very game the simulation played
    # counted independently: every position where the Market offers two or more plantations
    game, bot, real = Freedom(seed=seed, players=2), HeuristicBot(), 0
    plantations = game.ctx.board.plantations
    fewest = min(game.state.people[p] for p in plantations)
    while not game.is_over:
        actions = game.legal_actions()
        real += len(actions) > 1 and all(a.kind == "deliver" for a in actions)
        game.apply(bot.choose(game))
        fewest = min(fewest, *(game.state.people[p] for p in plantations))
    assert found.choices == real > 0
    assert found.fewest == fewest
    assert found.differed["heuristic"] == 0  # the heuristic bot never disagrees with itself
    assert 0 < found.differed["market-fullest"] <= found.choices


def test_market_choices_with_one_player() -> None:
    found = market_choices(game_seed(1, 0), variants=("market-random",), players=1)
    assert set(found.differed) == {"market-random"}
    assert found.differed["market-random"] <= found.choices


def test_market_choices_replays_another_bot() -> None:
    """The fullest-plantation bot's own game: it agrees with itself at every choice."""
    seed = game_seed(4, 1)
    row = simulate("freedom", 2, bot="market-fullest", seed=4, players=2,
                   progress=False).iloc[1]
    found = market_choices(seed, bot="market-fullest", variants=("market-fullest",), players=2)
    assert found.decisions == row["decisions"]
    assert found.choices > 0 and found.differed == {"market-fullest": 0}


def test_opposition_dealt_is_the_starting_queue() -> None:
    """FR-SETUP-5: the starting Queue holds at most one Opposition card."""
    for seed in range(8):
        game = Freedom(seed=seed, players=2)
        queue = [c for c in game.state.queue if c is not None]
        expected = sum(game.ctx.card_by_id[c].kind == "opposition" for c in queue)
        assert opposition_dealt(game) == expected <= 1


def test_opposition_dealt_is_fixed_before_play_and_in_every_row() -> None:
    df = simulate("freedom", 4, bot="heuristic", seed=6, players=2, progress=False)
    for seed, dealt in zip(df["seed"], df["opposition_dealt"], strict=True):
        assert opposition_dealt(Freedom(seed=int(seed), players=2)) == dealt


def test_opposition_dealt_needs_the_log() -> None:
    """A game whose log holds no set-up deal (a log-free stand-in) is refused in words."""
    game = Freedom(seed=1, players=2)
    with pytest.raises(ValueError, match="FR-SETUP-5"):
        opposition_dealt(SimpleNamespace(ctx=game.ctx, log=()))
