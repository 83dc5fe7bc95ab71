"""Golden replays: recorded games must replay to the same log (regenerate: see sf_golden_games)."""

from __future__ import annotations

import pytest
from sf_golden_games import GAMES, GOLDEN, log_text, record

from freight_freedom import SlowFreight


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_save_replays_to_the_recorded_log(name: str) -> None:
    saved = (GOLDEN / f"{name}.json").read_text()
    game = SlowFreight.from_json(saved)
    assert game.is_over
    assert log_text(game) == (GOLDEN / f"{name}.log").read_text()
    assert game.to_json() == saved


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_recipe_still_plays_the_recorded_game(name: str) -> None:
    assert record(name).to_json() == (GOLDEN / f"{name}.json").read_text()
