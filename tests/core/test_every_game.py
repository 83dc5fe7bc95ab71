"""Every registered game passes the shared suite (``game_suite``): the kernel's conformance,
its registry entry, simulation to a DataFrame, the app, the action space and both RL adapters.
A new game is covered by registering it; nothing here names a game."""

from __future__ import annotations

import pytest
from game_suite import (
    check_action_space,
    check_app,
    check_conformance,
    check_openspiel,
    check_pettingzoo,
    check_registry,
    check_simulate,
)

from freight_freedom.core import registry

KEYS = list(registry.GAMES)


@pytest.mark.parametrize("key", KEYS)
def test_the_entry_gives_what_it_says(key: str) -> None:
    check_registry(registry.GAMES[key])


@pytest.mark.parametrize("key", KEYS)
def test_conformance(key: str) -> None:
    check_conformance(registry.GAMES[key])


@pytest.mark.parametrize("key", KEYS)
def test_simulates_to_a_dataframe(key: str) -> None:
    check_simulate(registry.GAMES[key], n_games=2)


@pytest.mark.parametrize("key", KEYS)
def test_the_app_plays_headless(key: str) -> None:
    pytest.importorskip("ipywidgets")
    check_app(registry.GAMES[key])


@pytest.mark.parametrize("key", KEYS)
def test_every_legal_action_has_an_id(key: str) -> None:
    check_action_space(registry.GAMES[key])


@pytest.mark.parametrize("key", KEYS)
def test_pettingzoo_and_openspiel_take_it(key: str) -> None:
    entry = registry.GAMES[key]
    if not check_pettingzoo(entry) or not check_openspiel(entry):
        pytest.skip("PettingZoo or OpenSpiel is not installed")

