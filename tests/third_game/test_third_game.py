"""A third game, defined only here (``ferry.py``, ``ferry_entry.py``), registers through the
public entry and passes the same shared suite as the package's games, with no edit to a shared
module: conformance, simulation, the app, its action space, PettingZoo and OpenSpiel."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from ferry import Ferry
from ferry_entry import ENTRY
from game_suite import (  # the shared suite (tests/core, on the path: see tests/conftest.py)
    check_action_space,
    check_app,
    check_conformance,
    check_openspiel,
    check_pettingzoo,
    check_registry,
    check_simulate,
)

from freight_freedom import IllegalAction
from freight_freedom.core import registry


@pytest.fixture(scope="module", autouse=True)
def ferry_registered() -> Iterator[registry.GameEntry]:
    """Ferry is a registered game for this module's tests only."""
    with registry.registered(ENTRY) as entry:
        yield entry
    assert "ferry" not in registry.GAMES


def test_it_registers_through_the_public_entry() -> None:
    assert registry.names()[-1] == "ferry" and registry.find("Ferry-Race") is ENTRY
    assert registry.find(Ferry(seed=1)) is ENTRY
    assert ENTRY.player_range() == (2, 3)  # from its option specs, not restated
    assert ENTRY.openspiel_params() == {"players": 2, "length": 8}
    with pytest.raises(ValueError, match="Ferry's already"):
        registry.register(ENTRY.__class__(**{**ENTRY.__dict__, "key": "other"}))
    check_registry(ENTRY)


def test_its_rules_name_their_ids() -> None:
    game = Ferry(players=2, seed=1, length=5)
    game.apply("0:row")  # Player 1's boat is at dock 1: Player 2 may not row onto it
    with pytest.raises(IllegalAction) as err:
        game.apply("1:row")
    assert err.value.rule == "FERRY-ROW-1" and game.state.docks == [1, 0]
    events = game.apply("1:sail")
    assert events[-1].rule == "FERRY-SAIL-1" and game.state.docks[1] >= 2


def test_conformance() -> None:
    check_conformance(ENTRY, games=3, deep_every=1)


def test_simulates_to_a_dataframe() -> None:
    df = check_simulate(ENTRY, n_games=6)
    assert {"seed", "game_index"} <= set(df.columns)


def test_the_app_plays_headless() -> None:
    pytest.importorskip("ipywidgets")
    check_app(ENTRY)


def test_its_action_ids() -> None:
    check_action_space(ENTRY)
    game = Ferry(players=3, seed=2)
    assert [ENTRY.action_space(game).id(a) for a in game.legal_actions()] == [0, 1]


def test_pettingzoo_api_test() -> None:
    if not check_pettingzoo(ENTRY):
        pytest.skip("PettingZoo is not installed")


def test_openspiel_random_sim_test() -> None:
    if not check_openspiel(ENTRY):
        pytest.skip("OpenSpiel is not installed")


def test_saves_round_trip() -> None:
    game = Ferry(players=3, seed=9)
    for _ in range(5):
        game.apply(game.legal_actions()[-1])
    assert json.loads(game.to_json())["game"] == "ferry"
    assert Ferry.from_json(game.to_json()).digest() == game.digest()
