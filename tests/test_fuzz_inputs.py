"""Hostile input of every kind, for both games: only the project's own errors, and a refused input
leaves the game exactly as it was (digest, history, log).

Seeded random generation (reproducible, a few seconds): hand-built actions, notation strings,
scenario calls, options, and save files with each field replaced by wrong types, huge integers,
deep nesting and unicode.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from freight_freedom import Freedom
from freight_freedom.core import (
    Action,
    ActionParseError,
    Game,
    IllegalAction,
    OptionError,
    SaveFileError,
    registry,
)
from freight_freedom.core.action import show
from freight_freedom.core.bot import RandomBot

GAMES: list[type[Game[Any]]] = [entry.game_class() for entry in registry.GAMES.values()]
def _deep(n: int) -> Any:
    value: Any = 0
    for _ in range(n):
        value = [value]
    return value


HUGE = [2**63, -(2**63), 10**5000, 2**64 + 1]
ODD: list[Any] = [None, True, False, 0, -1, 1.0, 0.5, float("nan"), float("inf"), "", " ",
                  "x", "é", "🚂", "\n", "a\nb", "0", "1e999", [], {}, [1], ["x"], {"a": 1},
                  _deep(20), {"k": {"k": {"k": None}}}, 2, 3, 99,
                  "North", "t1", "c1_1x2", "f1_south", "cincinnati", "coal", "auto7",
                  "x" * 5000, *HUGE]


def _dumps(data: Any) -> str:
    """JSON text; integers too large for ``json.dumps`` are written out digit by digit."""
    text = json.dumps(data, default=str, allow_nan=True,
                      cls=_HugeIntEncoder)
    return text.replace('"<huge>"', "9" * 5000)


class _HugeIntEncoder(json.JSONEncoder):
    def iterencode(self, o: Any, _one_shot: bool = False) -> Any:
        return super().iterencode(_no_huge(o), _one_shot)


def _no_huge(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 2**63:
        return "<huge>"
    if isinstance(value, dict):
        return {k: _no_huge(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_huge(v) for v in value]
    return value


def _played(cls: type[Game[Any]], seed: int, steps: int) -> Game[Any]:
    game = cls(seed=seed)
    bot = RandomBot(seed=seed + 1)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    return game


def _snap(game: Game[Any]) -> tuple[str, tuple[Any, ...], tuple[Any, ...]]:
    return game.digest(), game.history, game.log


def _words(game: Game[Any]) -> list[Any]:
    """Words and numbers this game's actions use, to build near-legal actions."""
    out: set[Any] = set()
    for action in game.legal_actions():
        out.add(action.kind)
        out.update(action.args)
    return sorted(out, key=repr)


def _mutate_text(rng: random.Random, text: str) -> str:
    pick = rng.randrange(8)
    if pick == 0:
        return text + rng.choice(["\n", " ", "\t", "\x00", "\u00a0", "\u2028"])
    if pick == 1:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(["9" * 30, "9" * 5000, "-", ":", "é", "🚂", "0x1"]) + text[i:]
    if pick == 2:
        return text[: rng.randrange(len(text) + 1)]
    if pick == 3:
        return text.replace(" ", "  ", 1) + " " + show(rng.choice(ODD))
    if pick == 4:
        return text.upper()
    if pick == 5:
        return str(rng.randrange(-3, 9)) + text[text.find(":"):]
    if pick == 6:
        return text + " " + text
    return "".join(rng.sample(text, len(text)))


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.__name__)
def test_hand_built_actions_and_notation_get_only_project_errors(cls: type[Game[Any]]) -> None:
    rng = random.Random(12)
    for seed, steps in ((1, 1), (2, 25), (3, 60)):
        game = _played(cls, seed, steps)
        words = _words(game) + ["move", "buy", "take", "card", "play", "roll", "done"]
        legal = [str(a) for a in game.legal_actions()] or ["0:roll"]
        for _ in range(250):
            before = _snap(game)
            try:
                if rng.random() < 0.5:
                    args = tuple(rng.choice(words + ODD) for _ in range(rng.randrange(4)))
                    action: Any = Action(rng.choice([0, 1, 2, 3, 7, -1, *HUGE]),
                                         rng.choice(words + ODD), args)
                else:
                    action = _mutate_text(rng, rng.choice(legal))
                game.apply(action)
            except (ActionParseError, IllegalAction) as exc:
                assert str(exc)
                assert _snap(game) == before, action
            else:  # a mutation that happened to be a legal action: go on from there
                legal = [str(a) for a in game.legal_actions()] or legal


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.__name__)
def test_scenarios_with_hostile_parameters_get_illegal_action(cls: type[Game[Any]]) -> None:
    rng = random.Random(13)
    game = _played(cls, 4, 10)
    names = [*cls.SCENARIOS, "nope", ""]
    params = {p for sig in cls.SCENARIOS.values() for p in sig} | {"extra"}
    for _ in range(300):
        name = rng.choice(names)
        chosen = rng.sample(sorted(params), rng.randrange(min(4, len(params) + 1)))
        kwargs = {p: rng.choice([*ODD, _deep(40), {1, 2}, object(), b"x", ("coal",)])
                  for p in chosen}
        before = _snap(game)
        try:
            game.scenario(name, **kwargs)
        except IllegalAction as exc:
            assert exc.rule
            assert _snap(game) == before, (name, kwargs)
        else:
            game.undo()
            assert _snap(game) == before


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.__name__)
def test_options_of_wrong_types_and_ranges_get_option_error(cls: type[Game[Any]]) -> None:
    names = [*cls(seed=0).options, "nope", "seed_"]
    for name in names:
        for value in [*ODD, _deep(50), {1}, object(), ("Conductor",) * 5]:
            try:
                game = cls(seed=1, **{name: value})
            except OptionError as exc:
                assert exc.option == name
            else:  # accepted: it must survive a save and load
                assert type(game).from_json(game.to_json()).digest() == game.digest()
    for seed in [-1, 2**63, 1.0, "1", [], *HUGE]:
        with pytest.raises(OptionError):
            cls(seed=seed)


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.__name__)
def test_mutated_save_files_get_save_file_error(cls: type[Game[Any]]) -> None:
    rng = random.Random(14)
    game = _played(cls, 5, 30)
    saved = game.to_json()
    good = json.loads(saved)
    hostile = [*ODD, _deep(30), "0:roll\n", {"scenario": "nope", "params": {}},
               {"scenario": "set_money", "params": {"seat": 1.0, "amount": 1}},
               {"scenario": "stack_freight", "params": {"cards": [1]}},
               {"scenario": ["x"], "params": []}]
    texts: list[str] = [
        saved.replace('"seed": ', '"seed": ' + "9" * 5000, 1),
        saved.replace('"history": [', '"history": [' + "[" * 50_000 + "]" * 50_000 + ",", 1),
        saved.replace('"seed": ', '"seed": 1, "seed": ', 1),
        saved.replace('"seed": ', '"seed": NaN, "x": ', 1),
        saved[: len(saved) // 3],
        saved.replace("1", "１", 1),  # a full-width digit
    ]
    for field in good:
        for value in hostile:
            texts.append(_dumps({**good, field: value}))
    for i in range(len(good["history"])):
        texts.append(_dumps({**good, "history": [*good["history"][:i], rng.choice(hostile),
                                                     *good["history"][i + 1:]]}))
        line = good["history"][i]
        if isinstance(line, str):
            texts.append(_dumps({**good, "history": [
                *good["history"][:i], _mutate_text(rng, line), *good["history"][i + 1:]]}))
    for name in good["options"]:
        for value in hostile:
            texts.append(_dumps({**good, "options": {**good["options"], name: value}}))
    for text in texts:
        try:
            loaded = cls.from_json(text)
        except SaveFileError as exc:
            assert exc.field and exc.reason
        else:  # an edit that changes nothing the game depends on
            assert loaded.digest() == good["digest"]
    for raw in (b"\xff\xfe", b"{" * 10, b"", saved.encode() + b"\x00"):
        with pytest.raises(SaveFileError):
            cls.from_json(raw)


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (containers and values), as key/index paths."""
    out = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += _leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _leaves(value, (*path, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.mark.parametrize("name", ["map.json", "tokens.json", "cards.json", "market.json",
                                  "victory.json", "dice.json", "roles.json"])
def test_mutated_component_files_get_component_error_or_play(name: str, tmp_path: Any) -> None:
    """FR-COMP-1: a component file with any field replaced by a wrong type, a whole number
    written as a float, a huge integer or deep nesting is refused with ComponentError; whatever
    the checks accept plays random games to the end without any other error."""
    from freight_freedom.core.errors import ComponentError
    from freight_freedom.freedom.board import read_packaged
    from freight_freedom.freedom.component_set import Components

    rng = random.Random(f"components/{name}")
    packaged = read_packaged(name)
    places = _leaves(packaged)
    accepted = 0
    for trial in range(12):
        data = json.loads(json.dumps(packaged))
        path = rng.choice(places)
        old = data
        for key in path:
            old = old[key]
        if isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.5:
            new: Any = float(old)  # the dice "spaces": 1.0 class
        else:
            new = rng.choice(ODD)
        _set(data, path, new)
        (tmp_path / name).write_text(_dumps(data), encoding="utf-8")
        try:
            comps = Components.load(tmp_path)
        except ComponentError as exc:
            assert exc.problems and all(p.source for p in exc.problems), (path, new)
            continue
        accepted += 1
        for seed in range(2):
            game = Freedom(players=2 + seed, seed=trial * 10 + seed, components=comps)
            bot = RandomBot(seed=seed)
            for _ in range(2000):
                if game.is_over:
                    break
                game.apply(bot.choose(game))
    assert accepted < 12  # the mutations reach the checks
