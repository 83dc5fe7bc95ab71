"""The two lessons as data: timing, every step reachable, what the narrative says is on the board,
rules cited exist, dollars survive MathJax, questions keyed, try-it tasks solvable and checked."""

from __future__ import annotations

import re

import pytest

from freight_freedom.lessons import LESSONS, Choice, Scenario, lesson
from freight_freedom.lessons.freedom_lesson import captured
from freight_freedom.lessons.model import Play, all_rules, questions_of
from freight_freedom.lessons.slowfreight_lesson import train
from freight_freedom.lessons.text import citations, rule_texts, to_html


@pytest.mark.parametrize("name", LESSONS)
def test_one_class_period_with_timed_parts(name: str) -> None:
    les = lesson(name)
    assert 40 <= les.minutes <= 50
    for i, (title, minutes, steps) in enumerate(les.timing()):
        assert title and 3 <= minutes <= 15 and steps >= 1, (i, title)
    parts = [s.part for s in les.steps]
    assert parts == sorted(parts), "steps run through the parts in order"


@pytest.mark.parametrize("name", LESSONS)
def test_every_step_is_reachable_and_replays_the_same(name: str) -> None:
    les = lesson(name)
    last = les.game_at(len(les.steps) - 1)
    fresh = les.new_game()
    for step in les.steps:
        for op in step.setup:
            op.apply(fresh)
    assert fresh.to_json() == last.to_json()
    assert les.game_at(3).to_json() == les.game_at(3).to_json()


@pytest.mark.parametrize("name", LESSONS)
def test_cited_rules_exist(name: str) -> None:
    known = rule_texts()
    missing = [r for r in all_rules(lesson(name)) if r not in known]
    assert not missing


@pytest.mark.parametrize("name", LESSONS)
def test_no_dollar_sign_reaches_mathjax(name: str) -> None:
    les = lesson(name)
    pieces = [to_html(s.text) for s in les.steps]
    pieces += [citations(list(all_rules(les)))]
    for q in questions_of(les):
        pieces += [to_html(q.prompt), to_html(q.why), to_html(q.hint)]
    text = "".join(pieces)
    assert "$" not in text and "\\" not in text
    assert "&#36;" in text or name == "slowfreight"


def test_freedom_lesson_shows_every_phase_with_a_set_up() -> None:
    les = lesson("freedom")
    phases = ["Slave Catcher", "Planning", "Action", "Slave Market", "Lantern"]
    titles = [p.title for p in les.parts]
    for phase in phases:
        assert any(phase in t for t in titles), phase
    # the luck is taken out: the roll is fixed, the Queue stacked, the plantations filled
    ops = [op for s in les.steps for op in s.setup if isinstance(op, Scenario)]
    names = {op.name for op in ops}
    assert {"fix_roll", "stack_queue", "set_money", "place_people"} <= names


def test_slow_freight_lesson_shows_every_action_and_train_type() -> None:
    les = lesson("slowfreight")
    plays = [op.action.split(":")[1].split()[0] for s in les.steps for op in s.setup
             if isinstance(op, Play)]
    assert {"loco", "take", "move", "pass", "stop"} <= set(plays)
    board = les.game_at(9)
    types = {train(board, seat, t).get("type") for seat, t in
             [(0, "t1"), (1, "t2"), (0, "t3"), (1, "t4")]}
    assert types == {"auto", "mixed", "coal", "tank"}


def step_index(name: str, title: str) -> int:
    return next(i for i, s in enumerate(lesson(name).steps) if s.title.startswith(title))


def test_freedom_narrative_matches_the_board() -> None:
    les = lesson("freedom")
    roll = les.game_at(step_index("freedom", "The roll"))
    assert roll.state.catchers["red"] == "ripley" and roll.state.people["ripley"] == 0
    dc = step_index("freedom", "What the Conductor did")
    before, after = les.game_at(dc - 1), les.game_at(dc)
    assert captured(after) == captured(before) + 1
    assert after.state.catchers["purple"] == "washington_dc"
    market = step_index("freedom", "The market delivers")
    assert les.game_at(market - 1).state.market[0].people == 4
    assert les.game_at(market).state.lost == 3
    lantern = les.game_at(market)
    assert lantern.round == 2 and lantern.state.period == 2


def test_slow_freight_narrative_matches_the_board() -> None:
    les = lesson("slowfreight")
    moved = les.game_at(step_index("slowfreight", "The Extra Locomotive's difference"))
    assert train(moved, 0, "t3")["track"] == 8
    clock = les.game_at(step_index("slowfreight", "A Clock"))
    assert train(clock, 1, "t4")["track"] == 8
    end = les.game_at(len(les.steps) - 1)
    assert end.is_over and end.outcome.scores == (25, 21)


@pytest.mark.parametrize("name", LESSONS)
def test_questions_accept_the_key_forgivingly_and_refuse_others(name: str) -> None:
    for q in questions_of(lesson(name)):
        key = q.key_text().split(" / ")[0]
        assert q.grade(key).ok
        assert q.grade("  " + key.upper() + "! ").ok
        assert not q.grade("").ok
        assert not q.grade("something else").ok
        assert q.hint and q.why and q.rules
        assert not q.grade("something else").text.endswith(q.why)
        if isinstance(q, Choice):
            assert q.grade(q.key).ok
            others = [i for i in range(len(q.options)) if i != q.key]
            assert all(not q.grade(i).ok for i in others)


def test_freedom_try_it_is_solvable_and_catches_the_capture() -> None:
    les = lesson("freedom")
    i = next(i for i, s in enumerate(les.steps) if s.try_it is not None)
    check = les.steps[i].try_it.check  # type: ignore[union-attr]
    start = les.game_at(i)
    good = start.copy()
    for a in ("0:play c1_2x1", "0:move richmond harpers_ferry"):
        good.apply(a)
    assert check(start, good).ok
    for dest in ("washington_dc", "raleigh"):
        bad = start.copy()
        bad.apply("0:play c1_2x1")
        bad.apply(f"0:move richmond {dest}")
        assert not check(start, bad).ok, dest
    assert not check(start, start.copy()).ok


def test_slow_freight_try_it_is_solvable_and_checked() -> None:
    les = lesson("slowfreight")
    i = next(i for i, s in enumerate(les.steps) if s.try_it is not None)
    check = les.steps[i].try_it.check  # type: ignore[union-attr]
    start = les.game_at(i)
    good = start.copy()
    for a in ("1:take 0 t2", "1:take 1 t2", "1:take 2 t2"):
        good.apply(a)
    assert check(start, good).ok
    short = start.copy()
    short.apply("1:take 0 t2")
    short.apply("1:stop")
    assert not check(start, short).ok
    assert re.search(r"1 car\b", check(start, short).text)


WALKTHROUGHS = {"freedom": "freedom_walkthrough", "slowfreight": "slow_freight_walkthrough"}


@pytest.mark.parametrize("name", LESSONS)
def test_walkthrough_states_the_lessons_timing_and_hides_no_keys(name: str) -> None:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / f"{WALKTHROUGHS[name]}.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    intro = "".join(cells[0]["source"])
    for i, (title, minutes, _steps) in enumerate(lesson(name).timing()):
        assert f"| {i + 1}. {title} | {minutes} min |" in intro
    assert f"**{lesson(name).minutes} min**" in intro
    assert f'show("{name}")' in "".join(cells[1]["source"]), "the lesson comes right after"
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "assert" not in code and "answer ==" not in code
    for q in questions_of(lesson(name)):
        assert q.why not in code
