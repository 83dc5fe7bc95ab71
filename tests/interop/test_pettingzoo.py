"""Both games pass PettingZoo's own checks (issue 22, section 3): ``api_test`` and ``seed_test``
(which disturbs the global RNGs on purpose). ``max_cycles_test`` does not apply: it needs a
parallel environment and steps with unmasked random actions, which a turn-based game with
masked actions (like PettingZoo's own classic games) does not offer; truncation after
``max_cycles`` is checked here instead."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

if importlib.util.find_spec("pettingzoo") is None:
    pytest.skip("PettingZoo is not installed (pip install 'freight-freedom[rl]')",
                allow_module_level=True)

import numpy as np
from pettingzoo.test import api_test, seed_test

from freight_freedom.core.errors import OptionError
from freight_freedom.interop.pettingzoo import env, raw_env

CASES = [("slowfreight", {"players": 2}), ("freedom", {"players": 2})]


@pytest.mark.parametrize("game,options", CASES, ids=["slowfreight", "freedom"])
@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_api_test_passes(game: str, options: dict[str, Any]) -> None:
    api_test(env(game, **options), num_cycles=200)


@pytest.mark.parametrize("game,options", CASES, ids=["slowfreight", "freedom"])
def test_pettingzoo_seed_test_passes(game: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(game, **options), num_cycles=100)


def _legal(e: Any) -> int:
    obs = e.observe(e.agent_selection)
    return int(np.flatnonzero(obs["action_mask"])[0])


def test_a_take_cards_turn_selects_the_same_agent_again() -> None:
    """SF-RULING-16: a take-cards turn is a sequence of ``take`` decisions, then ``stop``."""
    e = env("slowfreight", players=2)
    e.reset(seed=5)
    raw = e.unwrapped
    seen = False
    for _ in range(200):
        agent = e.agent_selection
        obs = e.observe(agent)
        ids = np.flatnonzero(obs["action_mask"]).tolist()
        takes = [i for i in ids if raw.space.entries[i][0] == "take"]
        e.step(takes[0] if takes else ids[-1])
        if takes and raw.game.state.taken:
            assert e.agent_selection == agent  # same seat decides again
            others = [a for a in e.agents if a != agent]
            assert not any(e.observe(a)["action_mask"].any() for a in others)
            seen = True
            break
    assert seen


def test_games_end_with_the_rewards_of_the_rules() -> None:
    e = env("freedom", players=2)
    e.reset(seed=3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else _legal(e))
    values = set(total.values())
    assert len(values) == 1 and values <= {0.0, 1.0}  # cooperative: all win or all lose


def test_max_cycles_truncates_every_agent() -> None:
    e = env("slowfreight", players=3, max_cycles=4)
    e.reset(seed=1)
    steps = 0
    for _agent in e.agent_iter():
        _, _, term, trunc, _ = e.last()
        if trunc:
            assert all(e.truncations.values())
        e.step(None if term or trunc else _legal(e))
        steps += 1
    assert steps == 4 * 3 + 3  # 12 decisions, then each agent is stepped out


def test_an_illegal_id_ends_the_game_with_a_penalty(caplog: pytest.LogCaptureFixture) -> None:
    e = env("slowfreight", players=2)
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    e.step(illegal)
    assert "Illegal move" in caplog.text
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_bad_options_are_named() -> None:
    with pytest.raises(OptionError, match="players"):
        raw_env("freedom", players=9)
    with pytest.raises(OptionError, match="game"):
        raw_env("chess")
    with pytest.raises(OptionError, match=r"reset\(seed=\.\.\.\)"):
        raw_env("freedom", seed=3)
    with pytest.raises(OptionError, match="max_cycles"):
        raw_env("slowfreight", max_cycles=0)
    with pytest.raises(OptionError, match="render_mode"):
        raw_env("slowfreight", render_mode="rgb_array")


def test_ansi_rendering_is_the_board_text() -> None:
    e = env("slowfreight", players=2, render_mode="ansi")
    e.reset(seed=4)
    assert e.render() == str(e.unwrapped.game)
