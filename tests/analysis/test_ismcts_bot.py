"""The information-set tree search bot (``ismcts``) of both games.

It must never use what its seat cannot see, play whole games by the rules, give the same
decision for the same seed, and refuse bad options in words naming the option.
"""

from __future__ import annotations

import pytest

from freight_freedom.analysis.bots import make_bot
from freight_freedom.core import registry
from freight_freedom.core.bot import play_out
from freight_freedom.core.errors import OptionError
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.freedom.game import Freedom
from freight_freedom.freedom.ismcts_bot import ISMCTSBot as FreedomISMCTS
from freight_freedom.slowfreight.bots import GreedyBot
from freight_freedom.slowfreight.game import SlowFreight
from freight_freedom.slowfreight.ismcts_bot import ISMCTSBot as SlowFreightISMCTS


def _to_choice(game, bot, steps: int):
    """Play ``steps`` decisions with ``bot``, then on to the next decision with a real choice."""
    for _ in range(steps):
        game.apply(bot.choose(game))
    while len(game.legal_actions()) < 2:
        game.apply(bot.choose(game))
    return game


def _freedom_position(seed: int = 4) -> Freedom:
    return _to_choice(Freedom(players=2, seed=seed), HeuristicBot(), 25)


def _sf_position(seed: int = 4) -> SlowFreight:
    return _to_choice(SlowFreight(players=3, seed=seed), GreedyBot(seed=1), 12)


def test_freedom_decision_ignores_hidden_orders() -> None:
    """FR-ROUND-2 (the period decks are drawn in secret order), FR-CARD-1: two games that differ
    only in the order of the decks and the future dice get the same decision from the same
    seed."""
    game = _freedom_position()
    one, two = game.determinized(0, 11), game.determinized(0, 22)
    assert one.state.decks != two.state.decks or one.state.market_deck != two.state.market_deck
    assert one.state.rng.state != two.state.rng.state
    assert one.observation(0) == two.observation(0)
    for seed in (1, 2, 3):
        first = FreedomISMCTS(strength=40, horizon=20, seed=seed).choose(one)
        assert first == FreedomISMCTS(strength=40, horizon=20, seed=seed).choose(two)
        assert first in one.legal_actions()


def test_slowfreight_decision_ignores_hidden_orders() -> None:
    """SF-RULING-22: the Freight and Movement deck orders are hidden; games differing only in
    them get the same decision from the same seed."""
    game = _sf_position()
    one, two = game.determinized(0, 11), game.determinized(0, 22)
    assert one.state.freight_deck != two.state.freight_deck
    for seed in (1, 2):
        first = SlowFreightISMCTS(strength=20, seed=seed).choose(one)
        assert first == SlowFreightISMCTS(strength=20, seed=seed).choose(two)


def test_the_real_game_is_left_unchanged() -> None:
    game = _freedom_position()
    before, steps = game.digest(), len(game.history)
    FreedomISMCTS(strength=30, horizon=15).choose(game)
    assert game.digest() == before and len(game.history) == steps
    assert not game.quieted


@pytest.mark.parametrize("players", [1, 3])
def test_freedom_whole_game_is_legal(players: int) -> None:
    """Every seat ismcts, every decision checked by the rules (``apply``), to the end."""
    game = Freedom(players=players, seed=9)
    bots = [FreedomISMCTS(strength=3, horizon=8, seed=s) for s in range(players)]
    decisions = play_out(game, bots, checked=True)
    assert game.is_over and decisions == len(game.history)
    assert isinstance(game.outcome.won, bool)


def test_slowfreight_whole_game_is_legal() -> None:
    game = SlowFreight(players=3, seed=9)
    bots = [SlowFreightISMCTS(strength=4, seed=0), GreedyBot(seed=1), GreedyBot(seed=2)]
    play_out(game, bots, checked=True)
    assert game.is_over
    assert len(game.outcome.scores) == 3


def test_deterministic_per_seed() -> None:
    """The same seed and budget give the same decisions, so seeded games replay exactly."""
    digests = []
    for _ in range(2):
        game = Freedom(players=2, seed=2)
        bot = FreedomISMCTS(strength=5, horizon=10, seed=7)
        for _ in range(40):
            game.apply(bot.choose(game))
        digests.append(game.digest())
    assert digests[0] == digests[1]
    game = _sf_position()
    picks = {SlowFreightISMCTS(strength=15, seed=3).choose(game) for _ in range(2)}
    assert len(picks) == 1


def test_time_budget_runs_and_counts() -> None:
    game = _freedom_position()
    bot = FreedomISMCTS(strength=None, seconds=0.05, horizon=10)
    assert bot.choose(game) in game.legal_actions()
    assert bot.simulations >= 1
    capped = FreedomISMCTS(strength=7, seconds=30.0, horizon=10)
    capped.choose(game)
    assert capped.simulations == 7


@pytest.mark.parametrize(("options", "field"), [
    ({"strength": 0}, "strength"),
    ({"strength": "many"}, "strength"),
    ({"strength": True}, "strength"),
    ({"seconds": -1.0}, "seconds"),
    ({"seconds": 0}, "seconds"),
    ({"seconds": float("nan")}, "seconds"),
    ({"horizon": 0}, "horizon"),
    ({"exploration": -0.5}, "exploration"),
    ({"rollout": "clever"}, "rollout"),
    ({"seed": -3}, "seed"),
    ({"guided": "yes"}, "guided"),
])
@pytest.mark.parametrize("cls", [FreedomISMCTS, SlowFreightISMCTS])
def test_bad_options_are_refused_by_name(cls, options: dict, field: str) -> None:
    with pytest.raises(OptionError, match=field):
        cls(**options)


def test_registered_for_both_games() -> None:
    """Registered as ``ismcts`` (``ismcts:N`` = N simulations per decision) for both games, so
    simulate, advise, the CLI and the apps' bot lists see it."""
    for key, cls in (("freedom", FreedomISMCTS), ("slowfreight", SlowFreightISMCTS)):
        assert "ismcts" in registry.GAMES[key].bot_help()
        bot = make_bot(key, "ismcts:12", seat=1, seed=5)
        assert isinstance(bot, cls) and bot.strength == 12
        assert bot.name == "ismcts:12"
    with pytest.raises(ValueError, match="strength"):
        make_bot("freedom", "ismcts:0", seat=0, seed=0)
    with pytest.raises(OptionError, match="rollout"):
        SlowFreightISMCTS(rollout="heuristic")


def test_advise_plays_rollouts_with_ismcts() -> None:
    """The advisor takes the bot by name like any other (its rollouts are ismcts games)."""
    from freight_freedom.analysis.advise import advise

    game = SlowFreight(players=2, seed=3)
    for _ in range(60):
        game.apply(GreedyBot(seed=1).choose(game))
    advice = advise(game, rollouts=2, bot="ismcts:2", seed=1)
    assert advice.rollouts == 2
