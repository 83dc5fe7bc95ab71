"""One registry of games: every name resolves, aliases agree everywhere, imports stay lazy."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core import SaveFileError, registry
from freight_freedom.core.registry import find, game_entry, same_game


@pytest.mark.parametrize(("name", "key", "cls"), [
    ("freedom", "freedom", Freedom), ("Freedom", "freedom", Freedom),
    ("slowfreight", "slowfreight", SlowFreight), ("slow_freight", "slowfreight", SlowFreight),
    ("slow-freight", "slowfreight", SlowFreight), (" Slow-Freight ", "slowfreight", SlowFreight),
])
def test_every_name_resolves_to_one_game(name: str, key: str, cls: type) -> None:
    entry = game_entry(name)
    assert entry.key == key and entry.game_class() is cls
    assert find(cls) is entry and find(cls(seed=1)) is entry


def test_unknown_games_are_refused_in_words() -> None:
    assert find("chess") is None and find(object()) is None
    with pytest.raises(ValueError, match=r"unknown game 'chess'; choose one of \['freedom', "
                                         r"'slowfreight'\]"):
        game_entry("chess")


def test_every_entry_loads() -> None:
    """Classes, option specs, bots, apps, trackers and lessons the table's loaders give are
    what they say: each bot class makes a bot, the app is the game's own GameUI subclass."""
    from freight_freedom.analysis.bots import make_bot
    from freight_freedom.core.bot import Bot
    from freight_freedom.lessons import Lesson
    from freight_freedom.ui.adapter import GameUI

    for entry in registry.GAMES.values():
        assert entry.game_class().name in entry.names  # the name its save files carry
        assert entry.option_names() == sorted(o.name for o in entry.option_spec())
        for name in entry.bots:
            assert isinstance(make_bot(entry.key, name, seat=0, seed=1), Bot)
        assert entry.bot(entry.rollout_bot) is not None
        assert all(entry.bot(name) is not None for name in entry.app_bots)
        assert all(entry.bot(name) is not None for name in entry.bot_aliases)
        assert entry.bot("mcts") is entry.bot("montecarlo") is not None
        ui = entry.ui()
        assert isinstance(ui, GameUI) and type(ui) is not GameUI and ui.title == entry.title
        if entry.tracker is not None:
            tracker = entry.tracker()
            assert callable(tracker.step) and callable(tracker.columns)
        if entry.lesson is not None:
            lesson = entry.lesson()
            assert isinstance(lesson, Lesson) and lesson.key == entry.key


def test_the_save_file_name_of_slow_freight_stays_and_its_other_names_load() -> None:
    """Old saves say "slow_freight" (SlowFreight.name, kept so saves stay byte-identical);
    a save naming the game by another of its names loads too, another game's does not."""
    game = SlowFreight(players=2, seed=3)
    game.apply(game.legal_actions()[0])
    text = game.to_json()
    assert json.loads(text)["game"] == "slow_freight"
    for name in ("slowfreight", "slow-freight", "slow_freight"):
        data = json.loads(text)
        data["game"] = name
        assert SlowFreight.from_json(json.dumps(data)).digest() == game.digest()
    data = json.loads(text)
    data["game"] = "freedom"
    with pytest.raises(SaveFileError, match="game"):
        SlowFreight.from_json(json.dumps(data))
    assert same_game("Slow-Freight", "slow_freight") and not same_game(3, "slow_freight")


def test_importing_the_package_and_the_registry_stays_light() -> None:
    """Finding the games reads each game's entry (its package and ``entry`` module), no more."""
    code = ("import sys, freight_freedom; from freight_freedom.core import registry; "
            "registry.game_entry('slow-freight'); "
            "light = {f'freight_freedom.{g}{m}' for g in ('freedom', 'slowfreight') "
            "for m in ('', '.entry')}; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'plotly', 'ipywidgets', 'pandas'} or (m not in light and ("
            "m.startswith('freight_freedom.freedom') "
            "or m.startswith('freight_freedom.slowfreight')))); print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_other_list_of_games_remains() -> None:
    """The places that once kept their own list of games ask the registry."""
    from freight_freedom import lessons
    from freight_freedom.analysis import bots

    assert registry.names() == lessons.LESSONS
    assert bots.game_key("slow_freight") == "slowfreight"
    assert not hasattr(bots, "GAMES") and not hasattr(bots, "_REGISTRY")


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_a_finished_game_counts_for_the_advisor_in_its_own_terms(key: str) -> None:
    """The registry says what a finished rollout means for each game: each seat's share of the
    win (shares add up to at most 1 in a competitive game; a cooperative team shares one
    result), each seat's score, and an ending among the game's declared ones."""
    from freight_freedom.analysis.bots import make_bot

    entry = game_entry(key)
    for seed in range(4):
        game = entry.game_class()(players=2, seed=seed)
        bots = [make_bot(key, entry.rollout_bot, seat=s, seed=seed) for s in range(2)]
        while not game.is_over:
            game.apply(bots[game.to_move].choose(game))
        wins, scores, ending = entry.rollout_result(game, 2)
        if entry.figures is not None:
            assert entry.figures(game)["reason"]
        assert len(wins) == len(scores) == 2 and all(0.0 <= w <= 1.0 for w in wins)
        if entry.endings:  # cooperative: one result for the team, one of its declared endings
            assert ending in entry.endings and len(set(wins)) == 1
            assert (wins[0] == 1.0) == (ending == entry.endings[0]) == bool(game.outcome.won)
        else:
            assert ending == "" and sum(wins) == pytest.approx(1.0)
            assert {s for s, w in enumerate(wins) if w} == set(game.outcome.winners)
