"""Both games pass OpenSpiel's own checks (issue 22, section 2): ``random_sim_test`` with
serialization, and OpenSpiel's MCTSBot and ISMCTSBot play whole games through the adapter."""

from __future__ import annotations

import importlib.util
import pickle
from typing import Any

import pytest

if importlib.util.find_spec("pyspiel") is None:
    pytest.skip("OpenSpiel is not installed (pip install 'freight-freedom[openspiel]')",
                allow_module_level=True)

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import freight_freedom.interop.openspiel as fos

FREEDOM = "freight_freedom_freedom"
SLOWFREIGHT = "freight_freedom_slowfreight"


def test_importing_registers_both_games_with_their_declared_type() -> None:
    names = {t.short_name for t in pyspiel.registered_games()}
    assert {FREEDOM, SLOWFREIGHT} <= names
    for name, utility in ((FREEDOM, pyspiel.GameType.Utility.IDENTICAL),
                          (SLOWFREIGHT, pyspiel.GameType.Utility.GENERAL_SUM)):
        t = pyspiel.load_game(name).get_type()
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == utility
        assert t.provides_information_state_string and t.provides_observation_tensor


def test_game_info_follows_the_options() -> None:
    g = pyspiel.load_game(FREEDOM, {"players": 4, "difficulty": "challenging"})
    assert g.num_players() == 4 and (g.min_utility(), g.max_utility()) == (0.0, 1.0)
    assert g.num_distinct_actions() == pyspiel.load_game(FREEDOM, {"players": 1}
                                                         ).num_distinct_actions() + 3
    sf = pyspiel.load_game(SLOWFREIGHT, {"players": 2})
    assert sf.num_players() == 2 and sf.num_distinct_actions() == 95
    assert sf.min_utility() < 0 < sf.max_utility()
    assert sf.max_game_length() >= 1000
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'seats'"):
        pyspiel.load_game(SLOWFREIGHT, {"seats": 2})
    with pytest.raises(ValueError, match="option 'players'"):  # OptionError, naming SF-CLOCK-5
        pyspiel.load_game(SLOWFREIGHT, {"players": 7})


@pytest.mark.parametrize("name,params,sims", [(SLOWFREIGHT, {"players": 2}, 3),
                                              (SLOWFREIGHT, {"players": 4}, 1),
                                              (FREEDOM, {"players": 1}, 3),
                                              (FREEDOM, {"players": 3}, 1)])
def test_openspiel_random_sim_test_passes(name: str, params: dict[str, Any], sims: int) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _seeded_state(name: str, params: dict[str, Any], seed_digits: tuple[int, ...] = (0, 0, 7)
                  ) -> Any:
    state = pyspiel.load_game(name, params).new_initial_state()
    for digit in seed_digits:
        assert state.is_chance_node()
        state.apply_action(digit)
    return state


def test_the_chance_nodes_pick_the_seed_and_states_serialize() -> None:
    state = _seeded_state(SLOWFREIGHT, {"players": 3})
    assert state.game.seed == 7 and state.current_player() == 0
    state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


def test_an_illegal_id_is_refused_naming_the_rule_and_changes_nothing() -> None:
    state = _seeded_state(SLOWFREIGHT, {"players": 2})
    before, history = str(state), state.history()
    illegal = next(i for i in range(95) if i not in state.legal_actions())
    with pytest.raises(ValueError, match=r"\[rule SF-") as err:  # IllegalAction
        state.apply_action(illegal)
    assert getattr(err.value, "rule", "").startswith("SF-")
    assert str(state) == before and state.history() == history
    with pytest.raises(ValueError, match="action id must be 0 to 94"):
        state.apply_action(95)
    assert str(state) == before


def test_resampling_keeps_the_information_state_and_redraws_hidden_orders() -> None:
    state = _seeded_state(FREEDOM, {"players": 2})
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(4)]
    for w in worlds:
        assert w.information_state_string(seat) == state.information_state_string(seat)
        assert w.observation_tensor(seat) == state.observation_tensor(seat)
        assert w.legal_actions() == state.legal_actions()
    decks = {str(w.game.state.decks) for w in worlds}
    assert len(decks) > 1  # the period deck orders were re-drawn
    # a world cannot be saved as a replay (its history no longer reproduces it): it pickles whole
    again = pickle.loads(pickle.dumps(worlds[0]))
    assert str(again) == str(worlds[0])
    assert again.game.state.decks == worlds[0].game.state.decks
    # a world of a world, played on, too
    deeper = worlds[0].resample_from_infostate(seat, sampler)
    deeper.apply_action(deeper.legal_actions()[0])
    again = pickle.loads(pickle.dumps(deeper))
    assert str(again) == str(deeper) and again.game.digest() == deeper.game.digest()
    assert state.game._detached is None  # the real game is untouched


def _play(game: Any, bots: list[Any], rng: np.random.RandomState) -> tuple[list[float], int]:
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
            continue
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    return state.returns(), moves


@pytest.mark.parametrize("name,params", [(SLOWFREIGHT, {"players": 2}), (FREEDOM, {"players": 1})])
@pytest.mark.parametrize("bot", ["mcts", "ismcts"])
def test_openspiel_search_bots_play_whole_games(name: str, params: dict[str, Any],
                                                bot: str) -> None:
    """Few simulations (the test checks the interface, not strength): the bots clone, resample
    and roll out through the adapter until the game ends."""
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if bot == "mcts":
        bots = [mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng)
                for _ in range(game.num_players())]
    else:
        bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=rng)
                for _ in range(game.num_players())]
    returns, moves = _play(game, bots, rng)
    assert moves > 10
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    if name == FREEDOM:
        assert returns in ([0.0], [1.0])


def test_the_module_names_its_prefix() -> None:
    assert fos.PREFIX == "freight_freedom_"
