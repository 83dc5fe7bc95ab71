"""Quiet games (``game.quiet()``, the rollout fast path) play exactly the games of normal ones.

A quiet game runs the same rules code with the event words skipped, so with the same seed and the
same bot choices it must reach the same final state, scores and history; only the log differs.
"""

from __future__ import annotations

import pytest

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.slowfreight.checks import check_invariants
from freight_freedom.slowfreight.strategy_bots import BigSlowBot, SmallFastBot


def _pair(players: int, seed: int, **options: object) -> tuple[SlowFreight, SlowFreight]:
    normal = SlowFreight(players=players, seed=seed, **options)
    quiet = SlowFreight(players=players, seed=seed, **options).quiet()
    play_out(normal, RandomBot(seed), checked=False)
    play_out(quiet, RandomBot(seed), checked=False)
    return normal, quiet


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quiet_games_equal_normal_games(players: int) -> None:
    for seed in range(100):
        normal, quiet = _pair(players, seed)
        assert quiet.state_dict() == normal.state_dict(), (players, seed)
        assert quiet.outcome == normal.outcome, (players, seed)
        assert quiet.scores() == normal.scores()
        assert quiet.history == normal.history
        assert quiet.digest() == normal.digest()
        setup = len(SlowFreight(players=players, seed=seed).log)
        assert len(quiet.log) == setup  # only the set-up was narrated
        assert len(normal.log) > setup


def test_quiet_end_of_turn_check_and_strategy_bots() -> None:
    for seed in range(40):
        normal, quiet = _pair(3, seed, train_check="end_of_turn", track_supply=20)
        assert quiet.state_dict() == normal.state_dict()
        assert quiet.outcome == normal.outcome
    for seed in range(20):
        games = [SlowFreight(players=2, seed=seed), SlowFreight(players=2, seed=seed).quiet()]
        for game in games:
            play_out(game, [SmallFastBot(seed=1), BigSlowBot(seed=2)])
        assert games[0].state_dict() == games[1].state_dict()
        assert games[0].outcome == games[1].outcome


def test_quiet_game_checked_apply_invariants_and_no_events() -> None:
    game = SlowFreight(players=4, seed=11).quiet()
    bot = RandomBot(3)
    while not game.is_over:
        assert game.apply(bot.choose(game)) == []
        check_invariants(game.state, game.components.track_supply)
    assert game.outcome is not None


def test_quiet_false_rebuilds_the_complete_log() -> None:
    normal, quiet = _pair(4, 5)
    assert quiet.quieted and not normal.quieted
    quiet.quiet(False)
    assert not quiet.quieted
    assert [e.to_dict() for e in quiet.log] == [e.to_dict() for e in normal.log]
    assert quiet.state_dict() == normal.state_dict()


def test_quiet_games_undo_save_and_copy() -> None:
    game = SlowFreight(players=3, seed=2).quiet()
    bot = RandomBot(2)
    for _ in range(30):
        game.apply(bot.choose(game))
    reference = SlowFreight(players=3, seed=2)
    for step in game.history:
        reference.apply(step)  # type: ignore[arg-type]
    assert game.digest() == reference.digest()
    copy = game.copy()
    assert copy.quieted and copy.state.narrate is False
    loaded = SlowFreight.from_json(game.to_json())
    assert loaded.digest() == game.digest() and not loaded.quieted
    assert len(loaded.log) == len(reference.log)
    game.undo()
    reference.undo()
    assert game.digest() == reference.digest()
    assert game.quieted and game.apply(bot.choose(game)) == []
    world = reference.determinized(0, 9).quiet()
    assert world.state.narrate is False
    play_out(world, RandomBot(1), checked=False)
    assert world.is_over
