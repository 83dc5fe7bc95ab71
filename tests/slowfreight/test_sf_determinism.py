"""Determinism, saves, undo/redo, copies, observations and determinization (SF-RULING-22)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from sfhelp import new

from freight_freedom import IllegalAction, SlowFreight
from freight_freedom.core.bot import RandomBot, play_out

SCRIPT = """
import json, sys
from freight_freedom import SlowFreight
spec = json.loads(sys.argv[1])
game = SlowFreight(seed=spec["seed"], **spec["options"])
for step in spec["steps"]:
    if isinstance(step, str):
        game.apply(step)
    else:
        game.scenario(step["scenario"], **step["params"])
sys.stdout.write(game.to_json())
"""


def _played(players: int = 4, seed: int = 9, steps: int | None = None) -> SlowFreight:
    game = SlowFreight(players=players, seed=seed)
    if steps is None:
        play_out(game, RandomBot(seed))
    else:
        bot = RandomBot(seed)
        for _ in range(steps):
            game.apply(bot.choose(game))
    return game


def test_same_options_seed_actions_give_identical_json_in_a_fresh_process() -> None:
    game = _played(4, 9, steps=40)
    game.scenario("stack_movement", cards=["clock"])
    play_out(game, RandomBot(10))
    data = json.loads(game.to_json())
    spec = {"seed": data["seed"], "options": data["options"], "steps": data["history"]}
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(spec)], check=True,
                         capture_output=True, text=True).stdout
    assert out == game.to_json()


def test_save_and_load_round_trip() -> None:
    game = _played(3, 4, steps=50)
    again = SlowFreight.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert [str(e) for e in again.log] == [str(e) for e in game.log]
    assert again.legal_actions() == game.legal_actions()


def test_unlimited_track_option_survives_a_save() -> None:
    game = SlowFreight(players=2, seed=3, track_supply=None)
    play_out(game, RandomBot(3))
    assert SlowFreight.from_json(game.to_json()).options["track_supply"] is None


def test_undo_redo_round_trip() -> None:
    game = _played(4, 2, steps=60)
    final = game.to_json()
    log = list(game.log)
    undone = [game.undo() for _ in range(25)]
    assert len(game.history) == 35
    for _ in undone:
        game.redo()
    assert game.to_json() == final and list(game.log) == log
    game.undo()
    game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalAction):
        game.redo()


def test_undo_of_a_scenario_restores_the_deck() -> None:
    game = new()
    before = game.state_dict()
    game.scenario("stack_freight", cards=["xloco"])
    game.undo()
    assert game.state_dict() == before


def test_copy_is_independent() -> None:
    game = _played(4, 6, steps=30)
    before = game.to_json()
    other = game.copy()
    play_out(other, RandomBot(99))
    assert game.to_json() == before and not game.is_over and other.is_over
    assert game.state.players[0] is not other.state.players[0]


def test_sf_ruling_22_observation_hides_deck_orders_only() -> None:
    game = _played(3, 8, steps=40)
    obs = game.observation(1)
    assert "rng" not in obs
    assert set(obs["freight_deck"]) == {"size", "counts"}
    assert obs["movement_deck"]["cards"] == sorted(obs["movement_deck"]["cards"])
    assert obs["face_up"] == game.state_dict()["face_up"]
    assert obs["players"] == game.state_dict()["players"]
    json.dumps(obs)
    with pytest.raises(ValueError):
        game.observation(3)


def test_sf_ruling_22_determinized_copy_redraws_hidden_orders() -> None:
    game = _played(4, 12, steps=40)
    seat = game.to_move
    assert seat is not None
    copies = [game.determinized(seat, s) for s in range(5)]
    for c in copies:
        assert c.observation(seat) == game.observation(seat)
        play_out(c, RandomBot(1))
        with pytest.raises(IllegalAction):
            c.to_json()
        with pytest.raises(IllegalAction):
            c.undo()
    orders = {tuple(game.determinized(seat, s).state.freight_deck) for s in range(5)}
    assert len(orders) > 1
    assert not game.is_over
