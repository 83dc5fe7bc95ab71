"""The two lessons as data: timing, every step reachable, what the narrative says is on the board,
rules cited exist, dollars survive MathJax, questions keyed, try-it tasks solvable and checked;
every part states its objective, every goal has a check, predictions are asked before the board
shows the answer, and each lesson ends with an exit ticket."""

from __future__ import annotations

import re

import pytest

from freight_freedom.core.rulebook import rule_texts
from freight_freedom.freedom.lesson.lesson import captured
from freight_freedom.lessons import LESSONS, Choice, Scenario, lesson
from freight_freedom.lessons.model import (
    EXIT_TICKET,
    Play,
    all_rules,
    exit_ticket,
    exit_ticket_text,
    goal_checks,
    questions_of,
)
from freight_freedom.lessons.questions import normalise
from freight_freedom.lessons.text import citations, to_html
from freight_freedom.slowfreight.lesson.lesson import train


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
    market = step_index("freedom", "The Slave Market at work")
    assert les.game_at(market - 1).state.market[0].people == 4
    assert les.game_at(market).state.lost == 3
    lantern = les.game_at(market)
    assert lantern.round == 2 and lantern.state.period == 2


def test_freedom_roll_step_shows_what_its_question_describes() -> None:
    """FR-CATCH-3: the people and the catcher the prediction names are on the board; the
    catcher passes Cincinnati (safe) and stops at Ripley (captured)."""
    les = lesson("freedom")
    ask = step_index("freedom", "A round has five phases")
    before, after = les.game_at(ask), les.game_at(ask + 1)
    assert before.state.catchers["red"] == "louisville"
    assert before.state.people["cincinnati"] == 1 and before.state.people["ripley"] == 1
    path = before.ctx.board.catcher("red").path if hasattr(before.ctx.board, "catcher") else None
    if path is not None:
        i = list(path).index("louisville")
        assert list(path)[i + 1:i + 4] == ["lexington", "cincinnati", "ripley"]
    assert after.state.catchers["red"] == "ripley"
    assert after.state.people["cincinnati"] == 1 and after.state.people["ripley"] == 0
    assert les.steps[ask].question.matches("ripley")  # type: ignore[union-attr]


def test_freedom_general_card_takes_effect_at_once() -> None:
    """FR-CARD-5: the General card bought in the lesson acts as it is bought (it moves a
    person), and its price and effect are what the step says."""
    les = lesson("freedom")
    i = step_index("freedom", "A General card")
    before, after = les.game_at(i - 1), les.game_at(i)
    bought = [e.text for e in after.log[len(before.log):] if e.rule == "FR-ACT-5"]
    assert bought == ["Player 1 buys Ripley, Ohio from Queue position 1 for $3."]
    assert after.state.people["norfolk"] == 1 and after.state.people["charleston"] == 0
    assert "Ripley, Ohio" in les.steps[i].text and "Norfolk" in les.steps[i].text


def test_slow_freight_narrative_matches_the_board() -> None:
    les = lesson("slowfreight")
    moved = les.game_at(step_index("slowfreight", "The Extra Locomotive's difference"))
    assert train(moved, 0, "t3")["track"] == 8
    clock = les.game_at(step_index("slowfreight", "The Clock moves Train D"))
    assert train(clock, 1, "t4")["track"] == 8
    end = les.game_at(len(les.steps) - 1)
    assert end.is_over and end.outcome.scores == (25, 21)


def _scores(game: object) -> list[int]:
    return list(game.scores())  # type: ignore[attr-defined]


def test_slow_freight_second_coal_step_names_both_arrivals() -> None:
    """SF-ARRIVE-3, SF-ARRIVE-4: Player 1's t1 arrives too (+9 = 2 cars x 2 + the first Auto
    Carrier chip), Player 2's t6 earns +7 (2 cars x 2 + the second Coal chip)."""
    les = lesson("slowfreight")
    i = step_index("slowfreight", "A second Coal train")
    before, after = _scores(les.game_at(i - 1)), _scores(les.game_at(i))
    assert [a - b for a, b in zip(after, before, strict=True)] == [9, 7]
    assert "**+9**" in les.steps[i].text and "**+7**" in les.steps[i].text
    assert "Train A, arrives" in _flat(les.steps[i].text)


def test_slow_freight_class_scores_the_end_before_the_table_shows_it() -> None:
    """SF-END-1, SF-SCORE-1..6: the scoring question is asked while the game is still on, and
    its key is the score the engine then gives."""
    les = lesson("slowfreight")
    i = step_index("slowfreight", "The last Clock is coming")
    ask, shown = les.game_at(i), les.game_at(i + 1)
    assert not ask.is_over and shown.is_over
    assert _scores(ask)[0] == 18 and "18 points" in les.steps[i].question.prompt  # type: ignore[union-attr]
    assert les.steps[i].question.matches(str(shown.outcome.scores[0]))  # type: ignore[union-attr]


def test_slow_freight_clock_step_shows_the_clocks_move() -> None:
    """SF-CLOCK-2: the Clock is asked about before t4 moves, and t4 moves 4 with it."""
    les = lesson("slowfreight")
    i = step_index("slowfreight", "A Clock")
    assert train(les.game_at(i), 1, "t4")["track"] == 4
    assert train(les.game_at(i + 1), 1, "t4")["track"] == 8


@pytest.mark.parametrize("name", LESSONS)
def test_questions_accept_the_key_forgivingly_and_refuse_others(name: str) -> None:
    les = lesson(name)
    history = les.goals.index("connect places and cards to the history behind them") \
        if "connect places and cards to the history behind them" in les.goals else -1
    for step in les.steps:
        q = step.question
        if q is None:
            continue
        key = q.key_text().split(" / ")[0]
        assert q.grade(key).ok
        assert q.grade("  " + key.upper() + "! ").ok
        assert not q.grade("").ok
        assert not q.grade("something else").ok
        # every question cites its rule, except a history question (no rule to cite)
        assert q.hint and q.why and (q.rules or step.checks == (history,))
        assert not q.grade("something else").text.endswith(q.why)
        if isinstance(q, Choice):
            assert q.grade(q.key).ok
            also = dict(q.also)
            others = [i for i in range(len(q.options)) if i != q.key and i not in also]
            assert all(not q.grade(i).ok for i in others)
            for i, why in also.items():  # the printed rules' answer, said to differ from ours
                assert q.grade(i).ok and q.grade(q.options[i]).text == "Right. " + why


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


@pytest.mark.parametrize("name", LESSONS)
def test_every_part_states_its_objective(name: str) -> None:
    for part in lesson(name).parts:
        assert part.objective.endswith(".") and len(part.objective.split()) >= 5, part.title


@pytest.mark.parametrize("name", LESSONS)
def test_every_goal_has_a_check(name: str) -> None:
    """Each goal is checked by at least one question or try-it task, and a step that claims to
    check a goal has one."""
    les = lesson(name)
    found = goal_checks(les)
    assert set(found) == set(range(len(les.goals))), "a check names a goal that does not exist"
    assert all(found.values()), [les.goals[g] for g, steps in found.items() if not steps]
    for step in les.steps:
        if step.checks:
            assert step.question is not None or step.try_it is not None, step.title
        if step.question is not None or step.try_it is not None:
            assert step.checks, f"{step.title}: which goal does its check serve?"


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_ends_with_a_short_exit_ticket(name: str) -> None:
    les = lesson(name)
    assert les.parts[-1].title == EXIT_TICKET
    last = les.steps_of(len(les.parts) - 1)
    assert last and last[-1] == len(les.steps) - 1
    assert all(les.steps[i].question is not None and not les.steps[i].setup for i in last)
    ticket = exit_ticket(les)
    assert 2 <= len(ticket) <= 4
    text = exit_ticket_text(les)
    for q in ticket:
        assert q.prompt.replace("**", "") in text and q.why not in text
    # the closing discussion is its own part, just before the exit ticket
    assert "discussion" in les.parts[-2].title.lower()


def _flat(text: str) -> str:
    """The text with its line breaks as spaces (the narrative is wrapped in the source)."""
    return " ".join(text.split())


def _bold(text: str) -> set[str]:
    return {normalise(b) for b in re.findall(r"\*\*(.+?)\*\*", text)}


PREDICTIONS = {
    "freedom": ("which space loses its person", "how many tokens may each player take",
                "when does a Reserve card take effect", "How many people will go to the Slaves",
                "Have they won?"),
    "slowfreight": ("May they also move a train", "Train A holds two Auto Carriers",
                    "How many Track pieces does it move", "does a Clock move a 5-car train",
                    "What is Player 1's final score"),
}


@pytest.mark.parametrize("name", LESSONS)
def test_no_answer_is_shown_before_its_question_is_asked(name: str) -> None:
    """A prediction's answer is in the NEXT step's text and in no step up to the one that asks
    it; no question's key stands in bold in its own step or the one before."""
    les = lesson(name)
    exit_part = len(les.parts) - 1
    asked = []
    for i, step in enumerate(les.steps):
        q = step.question
        if q is None:
            assert not step.reveal, step.title
            continue
        if step.reveal:
            asked.append(q.prompt)
            shown_before = [_flat(s.text) for s in les.steps[:i + 1]] + [_flat(q.prompt)]
            assert not any(step.reveal in t for t in shown_before), step.title
            assert i + 1 < len(les.steps), step.title
            assert step.reveal in _flat(les.steps[i + 1].text), step.title
        if step.part != exit_part:
            keys = {normalise(k) for k in q.key_text().split(" / ")}
            near = _bold(step.text) | (_bold(les.steps[i - 1].text) if i else set())
            assert not keys & near, (step.title, keys & near)
    for fragment in PREDICTIONS[name]:
        assert any(fragment.lower() in p.lower() for p in asked), fragment


def _teaching_guide() -> str:
    from pathlib import Path

    return (Path(__file__).resolve().parents[2] / "docs" / "teaching.md").read_text("utf-8")


@pytest.mark.parametrize("name", LESSONS)
def test_teaching_guide_plan_matches_the_lessons_parts(name: str) -> None:
    guide = _teaching_guide()
    for i, (title, minutes, _steps) in enumerate(lesson(name).timing()):
        assert f"| {i + 1}. {title} | {minutes} min |" in guide, title


def test_reconstruction_is_said_once_in_each_lesson() -> None:
    """The Freedom map, cards and roles and the Slow Freight Movement table are our own
    (FR-MAP, SF-RULING-15): each lesson says so in exactly one step."""
    for name, words in (("freedom", ("map", "cards", "roles")),
                        ("slowfreight", ("Movement table",))):
        said = [_flat(s.text) for s in lesson(name).steps if "reconstruction" in s.text]
        assert len(said) == 1, name
        assert all(w in said[0] for w in words)
        assert "not the published" in said[0]


def test_slow_freight_rulings_are_called_ours() -> None:
    """SF-RULING-7 and SF-RULING-15 are our rulings: the steps that teach them say so."""
    les = lesson("slowfreight")
    for step in les.steps:
        if "SF-RULING-7" in step.rules or "SF-RULING-15" in step.rules:
            assert re.search(r"\*\*our (ruling|own table)\*\*", _flat(step.text), re.I), step.title


@pytest.mark.parametrize("name", LESSONS)
def test_teacher_script_is_the_whole_lesson_on_paper(name: str) -> None:
    """The printed fallback holds every part with its minutes and goal, every step, and every
    question with its key."""
    from freight_freedom.lessons.model import teacher_script

    les = lesson(name)
    script = teacher_script(les)
    assert "*" not in script and "$" in script or name == "slowfreight"
    for part in les.parts:
        assert f"{part.title} ({part.minutes} min)" in script and part.objective in script
    for i, step in enumerate(les.steps):
        assert f"Step {i + 1}. {step.title}" in script
        if step.question is not None:
            assert f"Key: {step.question.key_text()}" in script


def test_play_apps_say_once_what_is_our_reconstruction() -> None:
    """Each play page says once, above the app, which components are ours (FR-MAP, the cards
    and roles; SF-RULING-15, the Movement table)."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "notebooks"
    for name, words in (("play_freedom", ("map", "cards", "roles")),
                        ("play_slow_freight", ("Movement table",))):
        cells = json.loads((root / f"{name}.ipynb").read_text("utf-8"))["cells"]
        text = [_flat("".join(c["source"])) for c in cells if c["cell_type"] == "markdown"]
        said = [t for t in text if "reconstruction" in t]
        assert len(said) == 1 and said[0].count("reconstruction") == 1, name
        assert all(w in said[0] for w in words), name


@pytest.mark.parametrize("name", LESSONS)
def test_rule_chips_read_in_words_with_the_id_only_in_the_tooltip(name: str) -> None:
    """Issue 19: no rule code in what a student reads; the chip shows the rule's first words
    and opens to its text; the ID stays in the tooltip for the teacher."""
    import re

    rules = list(all_rules(lesson(name)))
    chips = citations(rules)
    labels = re.findall(r"<summary[^>]*>(.*?)</summary>", chips)
    assert len(labels) == len(rules)
    for rule, label in zip(rules, labels, strict=True):
        assert not re.search(r"\b(FR|SF)-[A-Z0-9-]+\b|SCENARIO", label), (rule, label)
        assert 0 < len(label) <= 40, label
        assert f"title='rule {rule}'" in chips
