"""Quiet Freedom games (``game.quiet()``, the rollout fast path) play exactly the normal games.

A quiet game runs the same rules with the event words skipped (the rules write into a
:class:`~freight_freedom.core.event.Silent` list and build nothing), so with the same seed and
the same bot choices it reaches the same state, outcome, history and digest; only the log
differs: it keeps the set-up events alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from freight_freedom import Freedom
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.core.event import Event, Silent, narrating
from freight_freedom.freedom.bots import HeuristicBot


def _pair(bot: Any, **options: Any) -> tuple[Freedom, Freedom]:
    normal = Freedom(**options)
    quiet = Freedom(**options).quiet()
    play_out(normal, bot(), checked=False)
    play_out(quiet, bot(), checked=False)
    return normal, quiet


def _same(normal: Freedom, quiet: Freedom, what: object) -> None:
    assert quiet.state_dict() == normal.state_dict(), what
    assert quiet.outcome == normal.outcome, what
    assert quiet.history == normal.history, what
    assert quiet.digest() == normal.digest(), what


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_quiet_games_equal_normal_games_random_play(players: int) -> None:
    for seed in range(60):
        normal, quiet = _pair(lambda s=seed: RandomBot(s), players=players, seed=seed)
        _same(normal, quiet, (players, seed))
        setup = len(Freedom(players=players, seed=seed).log)
        assert len(quiet.log) == setup < len(normal.log)  # only the set-up was narrated


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 3, "difficulty": "challenging"},
    {"players": 4, "roles": ("Conductor", "Preacher", "Station Master", "Stockholder")},
    {"players": 2, "roles": ("Agent", "Shepherd"), "easier_money": True},
])
def test_quiet_games_equal_normal_games_heuristic_play(options: dict[str, Any]) -> None:
    """Heuristic games run long and reach cards, roles and the late rounds."""
    for seed in range(12):
        normal, quiet = _pair(HeuristicBot, seed=seed, **options)
        _same(normal, quiet, (options, seed))


def test_quiet_apply_returns_no_events_and_scenarios_log_nothing() -> None:
    game = Freedom(players=2, seed=5).quiet()
    setup = list(game.log)
    bot = RandomBot(5)
    for _ in range(40):
        if game.is_over:
            break
        assert game.apply(bot.choose(game)) == []
    if not game.is_over:
        assert game.scenario("set_money", seat=0, amount=9) == []
    assert list(game.log) == setup


def test_quiet_false_rebuilds_the_complete_log_and_copies_stay_quiet() -> None:
    normal, quiet = _pair(lambda: RandomBot(9), players=3, seed=9)
    copy = quiet.copy()
    assert copy.quieted and quiet.quieted
    quiet.quiet(False)
    assert not quiet.quieted
    assert [str(e) for e in quiet.log] == [str(e) for e in normal.log]
    _same(normal, quiet, "after quiet(False)")
    assert Freedom.from_json(copy.to_json()).digest() == normal.digest()


def test_a_silent_list_keeps_nothing() -> None:
    silent = Silent()
    silent.append(Event("FR-X", "x"))
    silent.extend([Event("FR-X", "y")])
    assert silent == [] and not narrating(silent) and narrating([])
