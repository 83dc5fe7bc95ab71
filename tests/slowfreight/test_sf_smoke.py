"""Smoke test: a full random game plays to the end through the public API."""

from __future__ import annotations

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot, play_out


def test_random_game_ends_with_an_outcome() -> None:
    game = SlowFreight(players=4, seed=1)
    steps = play_out(game, RandomBot(1))
    assert steps > 0
    assert game.is_over
    assert game.outcome is not None
    assert game.legal_actions() == []
