"""What every registered game must pass, as plain functions of its entry: the shared tests run
them over :data:`registry.GAMES` (``tests/core/test_every_game.py``), and a game defined
elsewhere (``tests/third_game``) runs the same functions on its own entry. Nothing here names a
game: each check reads the entry (its options' defaults and player range, its bots, its app, its
action space and encoding).
"""

from __future__ import annotations

import importlib.util
from typing import Any

from freight_freedom.core.conformance import api_test
from freight_freedom.core.registry import GameEntry


def players_to_test(entry: GameEntry) -> list[int]:
    """The fewest and the most players the game declares (one count if they agree)."""
    lo, hi = entry.player_range()
    return sorted({lo, hi})


def check_conformance(entry: GameEntry, games: int = 1, deep_every: int = 40) -> None:
    """The kernel's API contract (``core.conformance.api_test``) at each end of the player
    range; saves load and replay byte for byte."""
    cls = entry.game_class()
    for players in players_to_test(entry):
        assert api_test(lambda s, p=players: cls(players=p, seed=s), games=games, seats=players,
                        deep_every=deep_every) > 0
        game = cls(players=players, seed=5)
        for _ in range(6):
            if game.is_over:
                break
            game.apply(game.legal_actions()[-1])
        text = game.to_json()
        assert cls.from_json(text).to_json() == text


def check_registry(entry: GameEntry) -> None:
    """The entry's loaders give what they say, and every name finds the entry."""
    from freight_freedom.analysis.bots import make_bot
    from freight_freedom.core import registry
    from freight_freedom.core.bot import Bot
    from freight_freedom.ui.adapter import GameUI

    cls = entry.game_class()
    assert cls.name in entry.names and registry.find(cls) is entry
    for name in entry.names:
        assert registry.game_entry(name) is entry
    assert entry.key in registry.names()
    assert entry.option_names() == sorted(o.name for o in entry.option_spec())
    for name in entry.bots:
        assert isinstance(make_bot(entry.key, name, seat=0, seed=1), Bot)
    assert entry.bot(entry.rollout_bot) is not None
    assert isinstance(entry.ui(), GameUI)
    if entry.rule_prefix:
        game = cls(seed=1)
        assert game.prompt.rule.startswith(entry.rule_prefix)


def check_simulate(entry: GameEntry, n_games: int = 4) -> Any:
    """A few games simulated to a DataFrame, one row each, the same again from the same seed,
    with the game's rollout bot and the random bot."""
    from freight_freedom.analysis import simulate

    lo, _hi = entry.player_range()
    bots = [entry.rollout_bot] + ["random"] * (lo - 1)
    df = simulate(entry.key, n_games, bot=bots, seed=2, players=lo, progress=False)
    assert len(df) == n_games and df["game_index"].tolist() == list(range(n_games))
    again = simulate(entry.key, n_games, bot=bots, seed=2, players=lo, progress=False)
    assert df.equals(again)
    return df


def check_app(entry: GameEntry) -> None:
    """The app is built headless and plays a whole game through its buttons; its figure and
    static summary draw."""
    from freight_freedom.ui.display import app_for, html_summary

    lo, _hi = entry.player_range()
    game = entry.game_class()(players=lo, seed=3)
    app = app_for(game)
    assert app is app_for(game)
    if entry.ui().build_figure(game) is not None:
        assert game.figure() is not None
    clicks = 0
    while not game.is_over and clicks < 40:
        offered = app.actions.actions
        assert offered == game.legal_actions()
        app.actions.press(offered[0])
        clicks += 1
    assert clicks > 0 and not app.errors.text
    assert "<" in html_summary(game)


def check_action_space(entry: GameEntry) -> None:
    """Every legal action of a few random games has one id, and ids round-trip."""
    from freight_freedom.core.action_space import action_space
    from freight_freedom.core.bot import RandomBot

    if entry.action_space is None:
        return
    for players in players_to_test(entry):
        game = entry.game_class()(players=players, seed=4)
        space = action_space(game)
        bot = RandomBot(4)
        for _ in range(60):
            if game.is_over:
                break
            ids = space.legal_ids(game)
            legal = game.legal_actions()
            assert sorted(ids) == sorted(space.id(a) for a in legal)
            assert {space.action(i, a.seat) for i, a in zip(ids, legal, strict=True)} == set(legal)
            game.apply(bot.choose(game))


def check_pettingzoo(entry: GameEntry) -> bool:
    """PettingZoo's own ``api_test`` on the game's environment; False when not installed."""
    if importlib.util.find_spec("pettingzoo") is None or entry.action_space is None:
        return False
    from pettingzoo.test import api_test as pz_api_test

    from freight_freedom.interop.pettingzoo import env

    lo, _hi = entry.player_range()
    pz_api_test(env(entry.key, players=lo), num_cycles=100)
    return True


def check_openspiel(entry: GameEntry) -> bool:
    """OpenSpiel's ``random_sim_test`` (with serialization) through the adapter, the game's
    declared parameters and player range; False when not installed."""
    if importlib.util.find_spec("pyspiel") is None or entry.action_space is None:
        return False
    import pyspiel

    import freight_freedom.interop.openspiel as fos

    fos.register_games()
    name = fos.PREFIX + entry.key
    lo, hi = entry.player_range()
    game_type = pyspiel.load_game(name).get_type()
    assert (game_type.min_num_players, game_type.max_num_players) == (lo, hi)
    assert dict(game_type.parameter_specification) == entry.openspiel_params()
    game = pyspiel.load_game(name, {"players": lo})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    return True
