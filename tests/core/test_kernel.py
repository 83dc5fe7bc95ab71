"""The kernel on its own, with a toy game: actions, RNG, apply/undo/redo/copy, saves, scenarios."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toy_game import BuggyToy, Toy

from freight_freedom.core import (
    Action,
    ActionParseError,
    IllegalAction,
    OptionError,
    Rng,
    SaveFileError,
)
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.core.conformance import api_test

words = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
args = st.lists(st.one_of(st.integers(-1000, 1000), words), max_size=4).map(tuple)


@given(seat=st.integers(0, 5), kind=words, args=args)
def test_action_notation_round_trips(seat: int, kind: str, args: tuple[int | str, ...]) -> None:
    action = Action(seat, kind, args)
    assert Action.parse(str(action)) == action
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    assert hash(action) == hash(Action.parse(str(action)))


@pytest.mark.parametrize("text", ["", "take", "x:take", "1:", "1:take a b!", "-1:take", 5])
def test_bad_action_notation_is_rejected(text: object) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(text)  # type: ignore[arg-type]


def test_rng_is_deterministic_and_uniform_enough() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(100)] == [b.below(1000) for _ in range(100)]
    counts = [0] * 6
    rng = Rng(1)
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert Rng.from_state(rng.state).next64() == rng.next64()


def test_apply_logs_events_and_passes_turns() -> None:
    game = Toy(seed=3)
    assert game.to_move == 0 and len(game.log) == 1
    events = game.apply("0:add 2")
    assert [e.rule for e in events] == ["TOY-ADD"] and game.log[-1] == events[0]
    assert game.to_move == 1 and game.history == (Action(0, "add", (2,)),)


def test_wrong_seat_illegal_and_after_end_leave_the_game_unchanged() -> None:
    game = Toy(seed=3)
    before = game.to_json()
    with pytest.raises(IllegalAction) as wrong:
        game.apply(Action(1, "add", (1,)))
    assert wrong.value.rule == "TOY-TURN" and "Player 1's decision" in str(wrong.value)
    with pytest.raises(IllegalAction):
        game.apply(Action(0, "add", (3,)))
    with pytest.raises(ActionParseError):
        game.apply("nonsense")
    assert game.to_json() == before
    play_out(game, RandomBot(1))
    end = game.to_json()
    with pytest.raises(IllegalAction) as over:
        game.apply(Action(0, "add", (1,)))
    assert over.value.rule == "TOY-END" and game.to_json() == end


def test_a_failing_rule_hook_leaves_the_game_exactly_as_before() -> None:
    game = BuggyToy(seed=5)
    for _ in range(3):
        game.apply(Action(game.to_move or 0, "add", (2,)) if game.state.total < 4 else
                   Action(game.to_move or 0, "add", (1,)))
    before = game.to_json()
    with pytest.raises(RuntimeError):
        game.apply(Action(game.to_move or 0, "add", (2,)))
    assert game.to_json() == before


def test_undo_redo_restore_state_log_and_rng() -> None:
    game = Toy(seed=9)
    start = game.to_json()
    game.apply("0:add 1")
    mid = game.to_json()
    game.apply("1:add 2")
    end, log = game.to_json(), game.log
    assert game.undo() == Action(1, "add", (2,))
    assert game.to_json() == mid
    game.undo()
    assert game.to_json() == start
    game.redo()
    game.redo()
    assert game.to_json() == end and game.log == log
    with pytest.raises(IllegalAction):
        game.redo()
    game.undo()
    game.apply("1:add 1")  # a new action clears the redo stack
    with pytest.raises(IllegalAction):
        game.redo()


def test_copy_is_independent() -> None:
    game = Toy(seed=2)
    twin = game.copy()
    twin.apply("0:add 2")
    assert game.state.total == 0 and game.history == () and twin.state.total == 2


def test_scenarios_are_logged_replayed_and_validated() -> None:
    game = Toy(seed=4)
    game.scenario("set_total", total=8)
    assert game.log[-1].rule == "SCENARIO" and game.state.total == 8
    loaded = Toy.from_json(game.to_json())
    assert loaded.state.total == 8 and loaded.digest() == game.digest()
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.scenario("set_total", total=99)
    with pytest.raises(IllegalAction):
        game.scenario("no_such_scenario")
    assert game.to_json() == before
    game.undo()
    assert game.state.total == 0


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="target"):
        Toy(seed=1, target=1)
    with pytest.raises(OptionError, match="unknown option"):
        Toy(seed=1, colour="red")
    with pytest.raises(OptionError, match="seed"):
        Toy(seed=-1)


def _tamper(text: str, **changes: object) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


def test_save_files_reject_damage_naming_the_field() -> None:
    game = Toy(seed=11)
    game.apply("0:add 1")
    good = game.to_json()
    cases = {
        "file": [good[: len(good) // 2], "[]", b"\xff\xfe", "null"],
        "format": [_tamper(good, format="pickle"), _tamper(good, format={"a": 1})],
        "format_version": [_tamper(good, format_version=99)],
        "game": [_tamper(good, game="chess"), _tamper(good, game=["toy"])],
        "rules_version": [_tamper(good, rules_version="0.9"), _tamper(good, rules_version=[1]),
                          _tamper(good, rules_version={"v": 1})],
        "options.target": [_tamper(good, options={"target": 1000})],
        "options": [_tamper(good, options=[])],
        "seed": [_tamper(good, seed="7")],
        "history[0]": [_tamper(good, history=["0:add 5"]), _tamper(good, history=[{"x": 1}])],
        "digest": [_tamper(good, seed=12)],
        "extra": [_tamper(good, extra=1)],
    }
    for field, texts in cases.items():
        for text in texts:
            with pytest.raises(SaveFileError) as err:
                Toy.from_json(text)
            assert err.value.field == field, (field, err.value)
    assert Toy.from_json(good).to_json() == good


def test_same_seed_and_actions_give_identical_saves_in_a_fresh_process() -> None:
    game = Toy(seed=21)
    play_out(game, RandomBot(5))
    code = (
        "import sys; sys.path.insert(0, 'tests/core');"
        "from toy_game import Toy; from freight_freedom.core.bot import RandomBot, play_out;"
        "g = Toy(seed=21); play_out(g, RandomBot(5)); sys.stdout.write(g.to_json())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == game.to_json()


def test_conformance_harness_passes_on_the_toy_game() -> None:
    assert api_test(lambda s: Toy(seed=s), games=5, deep_every=1) > 0


def test_actions_keep_a_correct_hash_across_processes() -> None:
    """The cached hash is recomputed on unpickling: str hashes differ between processes."""
    action = Action(2, "move", ("cincinnati", "columbus"))
    code = (
        "import pickle, sys; from freight_freedom.core import Action;"
        "a = Action(2, 'move', ('cincinnati', 'columbus'));"
        "sys.stdout.buffer.write(pickle.dumps(a))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, env=env)
    other = pickle.loads(out.stdout)
    assert other == action and hash(other) == hash(action) and other in {action}
