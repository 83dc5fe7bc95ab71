"""A teacher's lesson written as a Markdown file: reading, checking, playing and grading it.

The files under ``lesson_files/`` are small lessons, each broken in one way (``bad_*.md``); the
table :data:`BROKEN` says on which line each is wrong and what the message says.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from freight_freedom.cli import main
from freight_freedom.core.registry import find
from freight_freedom.lessons import example_lesson, lesson
from freight_freedom.lessons.lesson_build import DEFAULT_SEED, lesson_key
from freight_freedom.lessons.lesson_file import (
    MAX_BYTES,
    MAX_STEPS,
    LessonFileError,
    check,
    load,
    parse,
)
from freight_freedom.lessons.lesson_schema import schema, schema_problems
from freight_freedom.lessons.model import exit_ticket_text, questions_of, teacher_script
from freight_freedom.lessons.questions import Choice, FreeText

ROOT = Path(__file__).resolve().parents[2]
FILES = Path(__file__).parent / "lesson_files"
EXAMPLE = example_lesson("freedom")
SLOW_EXAMPLE = example_lesson("slowfreight")

HEAD = '+++\ntitle = "A lesson"\ngame = "freedom"\n+++\n'


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def problem_of(text: str) -> LessonFileError:
    with pytest.raises(LessonFileError) as info:
        parse(text, path="t.md")
    return info.value


# ------------------------------------------------------------------ the example lesson
@pytest.fixture(scope="module")
def example() -> Any:
    return load(EXAMPLE)


def test_example_lesson_reads_into_a_normal_lesson(example: Any) -> None:
    assert example.key == "file:freedom-a-quick" and len(example.key) <= 20
    assert example.title == "Freedom: a quick check before we play"
    assert [p.title for p in example.parts] == ["Before we play", "The Slave Catcher roll",
                                                "Planning and winning"]
    assert example.minutes == 15 and [p.minutes for p in example.parts] == [4, 5, 6]
    assert example.parts[0].objective.startswith("Say what the game is about")
    assert [s.part for s in example.steps] == [0, 1, 1, 2, 2]
    assert len(example.goals) == 4 and example.notes.startswith("A short check")
    kinds = [type(q).__name__ for q in questions_of(example)]
    assert kinds == ["FreeText", "Choice", "FreeText", "Choice"]
    game = example.new_game()
    assert type(game).__name__ == "Freedom" and game.seed == 2
    assert list(game.options["roles"]) == ["Conductor", "Preacher"]
    assert game.options["players"] == 2


def test_example_questions_keys_and_grading(example: Any) -> None:
    """FR-CATCH-3 (a rolled catcher captures where it stops) and FR-PLAN-1 (2 tokens)."""
    first, roll, tokens, win = questions_of(example)
    assert isinstance(first, FreeText) and first.accept == ("Canada",)
    assert first.grade("canada!").ok and not first.grade("Ohio").ok
    assert first.grade("Canda").ok, "a name nearly spelled right is forgiven"
    assert isinstance(roll, Choice) and roll.key == 1 and roll.key_text() == "At Ripley"
    assert roll.rules == ("FR-CATCH-3",) and roll.grade(1).ok and not roll.grade(0).ok
    assert example.steps[1].reveal == "captures people **only where it stops**"
    assert example.steps[1].reveal in example.steps[2].text
    assert example.steps[1].checks == (1,)
    assert tokens.rules == ("FR-PLAN-1",) and tokens.key_text() == "2"
    assert tokens.grade("two").ok and tokens.grade(" 2. ").ok
    assert not tokens.grade("3").ok and not tokens.grade("-2").ok
    assert isinstance(win, Choice) and win.key_text().startswith("No: every Support token")
    assert "Not quite. " + win.hint == win.grade(0).text
    assert example.steps[0].highlight == ("black_belt_plantations", "louisiana_plantations",
                                          "low_country_plantations")
    assert example.steps[0].history == "black_belt_plantations"


def test_example_boards_follow_the_set_ups(example: Any) -> None:
    """FR-CATCH-3: with the roll fixed (red, east, 3), the roll captures at Ripley only."""
    before = example.game_at(1)
    assert before.state.people["cincinnati"] == 1 and before.state.people["ripley"] == 1
    after = example.game_at(2)
    assert [str(a) for a in after.history[-1:]] == ["0:roll"]
    assert after.state.people["cincinnati"] == 1 and after.state.people["ripley"] == 0
    assert example.game_at(4).digest() == after.digest(), "steps without set-up keep the board"


def test_teacher_script_and_exit_ticket_work_on_a_file_lesson(example: Any) -> None:
    script = teacher_script(example)
    assert "Part 2: The Slave Catcher roll (5 min)" in script
    assert "Key: At Ripley." in script and "Key: Canada." in script
    ticket = exit_ticket_text(example)
    assert ticket.startswith(example.title + ": exit ticket")
    assert "Have they won?" in ticket and "b) No: every Support token" in ticket


def test_lessons_lesson_and_show_take_a_path(example: Any) -> None:
    assert lesson(EXAMPLE).key == example.key
    assert lesson(str(EXAMPLE)).steps[1].title == "The teacher fixes the roll"
    assert lesson("freedom").key == "freedom", "the built-in lessons still come by name"
    with pytest.raises(LessonFileError, match="no such file"):
        lesson("no_such_lesson.md")


def test_lesson_widget_walks_and_grades_a_file_lesson() -> None:
    pytest.importorskip("ipywidgets")
    from freight_freedom.lessons import show
    from freight_freedom.lessons.widget import LessonWidget

    w = show(str(EXAMPLE))
    assert isinstance(w, LessonWidget) and w.lesson.key == "file:freedom-a-quick"
    w.go(1)
    assert w.step.reveal not in w.narrative.value
    assert not w.submit("At Cincinnati").ok
    assert w.submit("At Ripley").ok and "Right." in w.q_feedback.value
    w.next()
    assert w.index == 2 and w.game.state.people["ripley"] == 0
    w.go(3)
    w.q_text.value = "two"
    w.q_submit.click()
    assert "Right." in w.q_feedback.value and w.answers[3] == ["two"]
    w.go(len(w.lesson.steps) - 1)
    assert w.next_button.disabled and "about 6 min" in w.header.value


def test_slow_freight_example_with_bot_moves() -> None:
    found = load(SLOW_EXAMPLE)
    assert found.key == "file:slow-freight" and len(found.steps) == 3
    assert [str(p.action) for p in found.steps[1].setup][:2] == ["0:take 0 t1", "0:take 1 t1"]
    assert len(found.steps[1].setup) == 6
    board = found.game_at(1)
    assert len(board.history) == 6 and board.seed == 7
    assert questions_of(found)[1].key_text() == "Mixed Freight"


# ------------------------------------------------------------------ set-ups
@pytest.fixture()
def saved_lesson(tmp_path: Path) -> Path:
    """``saved_and_bots.md`` beside the saved game it names (a 2-player game, seed 11, after
    five heuristic moves)."""
    from freight_freedom import Freedom

    game = Freedom(players=2, seed=11)
    bot = find("freedom").bot("heuristic").bot_class()()  # type: ignore[union-attr]
    for _ in range(5):
        game.apply(bot.choose(game))
    (tmp_path / "round_one.json").write_text(game.to_json(), encoding="utf-8")
    shutil.copy(FILES / "saved_and_bots.md", tmp_path / "saved_and_bots.md")
    return tmp_path / "saved_and_bots.md"


def test_saved_game_bot_moves_and_scenario_set_ups(saved_lesson: Path) -> None:
    found = load(saved_lesson)
    saved = json.loads((saved_lesson.parent / "round_one.json").read_text(encoding="utf-8"))
    board = found.game_at(0)
    assert board.seed == 11 and len(board.history) == 5, "the saved game is the board"
    assert board.to_json() == found.game_at(0).to_json()
    assert saved["seed"] == 11
    after = found.game_at(1)
    assert len(after.history) == 9 and after.history[:5] == board.history
    assert len(found.steps[1].setup) == 4, "the bot's moves are kept as plays"
    assert found.game_at(2).state.money[0] == 17
    assert [p.minutes for p in found.parts] == [4, 2]
    assert found.steps[1].question is not None and found.steps[1].question.grade("4").ok


def test_bot_moves_are_the_same_in_every_reading(saved_lesson: Path) -> None:
    first = load(saved_lesson).game_at(2).to_json()
    again = load(saved_lesson).game_at(2).to_json()
    assert first == again
    code = ("import sys; from freight_freedom.lessons.lesson_file import load; "
            "print(load(sys.argv[1]).game_at(2).digest())")
    other = subprocess.run([sys.executable, "-c", code, str(saved_lesson)], check=True,
                           capture_output=True, text=True).stdout.strip()
    assert other == load(saved_lesson).game_at(2).digest(), "the same in a new process"


def test_reading_a_lesson_file_imports_no_widgets() -> None:
    """Lessons can be read and checked without Jupyter (ipywidgets and plotly stay out)."""
    code = ("import sys; from freight_freedom.lessons.lesson_file import check; "
            "assert check(sys.argv[1]) == []; "
            "print(sorted(m for m in ('plotly', 'ipywidgets', 'jsonschema') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], check=True,
                          capture_output=True, text=True)
    assert done.stdout.strip() == "[]"


def test_game_at_is_fresh_for_every_call(example: Any) -> None:
    board = example.game_at(2)
    money = board.state.money[0]
    board.scenario("set_money", seat=0, amount=money + 5)
    assert example.game_at(2).state.money[0] == money, "the class's changes stay on the copy"


# ------------------------------------------------------------------ broken files
BROKEN = [
    ("bad_no_front_matter.md", 1, "starts with its front matter"),
    ("bad_yaml_front_matter.md", 1, "TOML between two +++ lines, not YAML"),
    ("bad_unclosed_front_matter.md", 1, "has no closing +++ line"),
    ("bad_toml_front_matter.md", 3, "the front matter is not valid TOML"),
    ("bad_unknown_game.md", 3, "unknown game 'chess'; the games are freedom, slowfreight"),
    ("bad_unknown_front_key.md", 4, "unknown key 'teacher' in the front matter"),
    ("bad_option.md", 7, "option 'players'"),
    ("bad_unknown_scenario.md", 9, "unknown scenario 'fix_dice'"),
    ("bad_scenario_params.md", 10, "missing ['direction']"),
    ("bad_scenario_fails.md", 8, "this set-up cannot be made: unknown map space 'atlantis'"),
    ("bad_no_answer.md", 8, "the text question has no answer"),
    ("bad_no_right_option.md", 8, "has no right option"),
    ("bad_right_not_an_option.md", 11, "the right option 'Ohio' is not among the options"),
    ("bad_unknown_block_key.md", 10, "unknown key 'colour' in the show block"),
    ("bad_saved_game.md", 9, "the saved game 'broken_save.json' does not load"),
    ("bad_unclosed_block.md", 8, "the ```question block opened here is never closed"),
    ("bad_reveal.md", 11, "do not contain the reveal words 'it stops at Ripley'"),
    ("bad_unknown_bot.md", 10, "unknown bot 'grandmaster'"),
    ("bad_bot_too_long.md", 8, "the game ends after"),
    ("bad_parts.md", 6, "comes before the first part heading"),
]


@pytest.mark.parametrize(("name", "line", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_file_names_its_line_and_what_is_wrong(name: str, line: int, words: str) -> None:
    with pytest.raises(LessonFileError) as info:
        load(FILES / name)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.path == str(FILES / name) and err.line == line, err
    assert words in err.reason, err.reason
    assert str(err).startswith(f"{FILES / name}:{line}: ")
    assert "Traceback" not in err.reason and "Error" not in err.reason


def test_check_lists_every_problem_in_line_order() -> None:
    path = FILES / "bad_many.md"
    found = check(path)
    assert [p.split(": ", 1)[0] for p in found] == [f"{path}:{n}" for n in (11, 14, 17, 18, 28)]
    assert "'many' is not one" in found[0]
    assert "the step 'Step two' has no words" in found[1]
    assert "there is no rule FR-NOPE-1" in found[2]
    assert "no map space 'atlantis'" in found[3]
    assert "goal 2 is not in the front matter's goals" in found[4]
    with pytest.raises(LessonFileError) as info:
        load(path)
    assert "(and 4 more problems)" in str(info.value) and len(info.value.problems) == 5
    assert check(EXAMPLE) == []


def test_parts_without_steps_and_minutes() -> None:
    found = check(FILES / "bad_parts.md")
    assert [p.split(": ", 1)[0].rsplit(":", 1)[1] for p in found] == ["6", "9", "11"]
    assert "the part 'Part two' has no steps" in found[2]


def test_file_too_large_is_refused_before_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    big.write_text(HEAD + "## Step\n" + "words " * (MAX_BYTES // 6 + 10), encoding="utf-8")
    err = pytest.raises(LessonFileError, load, big).value
    assert err.line == 1 and "larger than 200 KB" in err.reason
    assert "larger than 200 KB" in problem_of(big.read_text(encoding="utf-8")).reason


def test_too_many_steps_names_the_first_step_too_many() -> None:
    text = HEAD + "".join(f"## Step {n}\nWords.\n" for n in range(MAX_STEPS + 5))
    err = problem_of(text)
    assert err.line == 5 + 2 * MAX_STEPS, "the heading of step 201"
    assert f"may have at most {MAX_STEPS} items, not {MAX_STEPS + 5}" in err.reason


def test_bad_encoding_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin.md"
    path.write_bytes((HEAD + "## Step\nCaf\xe9 au lait.\n").encode("latin-1"))
    err = pytest.raises(LessonFileError, load, path).value
    assert err.line == 6 and "not UTF-8 text (byte 0xe9" in err.reason
    bom = tmp_path / "bom.md"
    bom.write_bytes(b"\xef\xbb\xbf" + (HEAD + "## Step\r\nWords.\r\n").encode())
    assert load(bom).steps[0].text == "Words.", "a BOM and Windows line ends are fine"


def test_more_mistakes_each_with_its_line() -> None:
    cases = [
        ("## S\nWords.\n```question\nprompt = \"Which?\"\noptions = [\"A\", \"a\"]\n"
         "right = \"A\"\n```\n", 9, "options 1 and 2 read the same"),
        ("## S\nWords.\n```question\nprompt = \"Which?\"\noptions = [\"A\", \"B\"]\n"
         "right = \"A\"\naccept = [\"A\"]\n```\n", 11, "takes options and right, not accept"),
        ("## S\nWords.\n```setup\nscenario = \"set_money\"\nsaved = \"x.json\"\n```\n", 7,
         "exactly one of scenario"),
        ("## S\nWords.\n```setup\nbot_moves = 2\nparams = { a = 1 }\n```\n", 9,
         "'params' does not go with bot_moves"),
        ("## S\nWords.\n```setup\nsaved = \"/etc/passwd\"\n```\n", 8,
         "must be given relative to the lesson file"),
        ("## S\nWords.\n```setup\nsaved = \"missing.json\"\n```\n", 8, "there is no such file"),
        ("## S\nWords.\n```show\nhistory = \"nowhere\"\n```\n", 8,
         "neither a map space nor a card"),
        ("## S\nWords.\n```show\n```\n```show\n```\n", 9, "at most one ```show block"),
        ("```question\nprompt = \"x\"\naccept = [1]\n```\n## S\nWords.\n", 5,
         "belongs to a step"),
        ("## S\nWords.\n```question\nprompt = \"x\"\naccept = [\"?!\"]\n```\n", 9,
         "has no letters or digits"),
        ("## S\nWords.\n```question\nprompt = \"x\"\naccept = [1]\nreveal = \"it\"\n```\n", 10,
         "this is the last step"),
        ("##\nWords.\n", 5, "heading has no title"),
        ("Just words.\n", 5, "the lesson has no steps"),
        ("## S\nWords.\n```question\nprompt = \"x\"\naccept = [1]\ngoals = [0]\n```\n", 10,
         "must be at least 1, not 0"),
        ("## S\nWords.\n```question\nprompt = 3\naccept = [1]\n```\n", 8,
         "'prompt' in the question block must be text, not the whole number 3"),
        ("## S\nWords.\n```question\nprompt = \"x\"\naccept = [1]\nkind = \"essay\"\n```\n",
         10, "'kind' in the question block must be one of choice, number, text"),
        ("## S\nWords.\n```question\nprompt = \"x\" x\n```\n", 8,
         "the question block is not valid TOML"),
    ]
    for body, line, words in cases:
        err = problem_of(HEAD + body)
        assert (err.line, words in err.reason) == (line, True), (body, err)


def test_front_matter_mistakes_each_with_its_line() -> None:
    cases = [
        ('+++\ntitle = "A"\ngame = "freedom"\nminutes = 10\n+++\n# P (4 min)\n## S\nW.\n'
         '# Q (4 min)\n## T\nW.\n', 4, "the parts' minutes add up to 8"),
        ('+++\ntitle = "A"\ngame = "freedom"\n[options]\ncomponents = "mine"\n+++\n## S\nW.\n',
         5, "'components' cannot be set"),
        ('+++\ngame = "freedom"\n+++\n## S\nW.\n', 1, "'title' is missing in the front matter"),
        ('+++\ntitle = "A"\ngame = "freedom"\nminutes = "ten"\n+++\n## S\nW.\n', 4,
         "must be a whole number, not the text 'ten'"),
        ('+++\ntitle = "A"\ngame = "freedom"\ngoals = "win"\n+++\n## S\nW.\n', 4,
         "'goals' in the front matter must be a list"),
    ]
    for text, line, words in cases:
        err = problem_of(text)
        assert (err.line, words in err.reason) == (line, True), (text, err)


def test_aliases_seed_and_slow_freight_rules() -> None:
    found = parse('+++\ntitle = "Trains!"\ngame = "Slow-Freight"\n+++\n## S\nWords.\n'
                  '```show\nrules = ["SF-TURN-3"]\n```\n')
    assert found.new_game().seed == DEFAULT_SEED
    assert found.steps[0].rules == ("SF-TURN-3",) and found.parts[0].minutes == 2
    err = problem_of('+++\ntitle = "T"\ngame = "slowfreight"\n+++\n## S\nWords.\n'
                     '```show\nrules = ["FR-CATCH-3"]\nhighlight = ["ripley"]\n```\n')
    assert err.problems == [(8, "there is no rule FR-CATCH-3 in the rules of Slow Freight (its "
                                "IDs start with SF-)"),
                            (9, "Slow Freight has no map to highlight spaces on")]


def test_plain_code_blocks_stay_in_the_words() -> None:
    found = parse(HEAD + "## S\nA table:\n\n```text\n## not a step\n```\n")
    assert len(found.steps) == 1 and "## not a step" in found.steps[0].text


def test_lesson_key_is_a_short_slug() -> None:
    assert lesson_key("Freedom: a quick check before we play") == "file:freedom-a-quick"
    assert lesson_key("Élan — vital!") == "file:elan-vital"
    assert lesson_key("???") == "file:lesson"
    assert lesson_key("Slow Freight: one action a turn") == "file:slow-freight"
    assert lesson_key("x" * 90) == "file:" + "x" * 15
    assert all(len(lesson_key(t)) <= 20 for t in ("a b " * 30, "ab-" * 30))


# ------------------------------------------------------------------ the command line
def test_cli_lesson_check_ok() -> None:
    status, out, err = run_cli("lesson", "check", str(EXAMPLE))
    assert (status, out, err) == (0, "ok: 5 steps, 4 questions\n", "")


def test_cli_lesson_check_lists_problems_with_status_2() -> None:
    path = FILES / "bad_many.md"
    status, out, err = run_cli("lesson", "check", str(path))
    assert status == 2 and err == ""
    assert out.splitlines() == check(path) and len(out.splitlines()) == 5
    assert all(line.startswith(f"{path}:") for line in out.splitlines())
    assert "Traceback" not in out


def test_cli_lesson_check_a_missing_file_and_a_usage_mistake(tmp_path: Path) -> None:
    status, out, _ = run_cli("lesson", "check", str(tmp_path / "none.md"))
    assert status == 2 and out == f"{tmp_path / 'none.md'}: there is no such file\n"
    status, out, _ = run_cli("lesson", "check", str(tmp_path))
    assert status == 2 and "a folder, not a lesson file" in out
    status, _, err = run_cli("lesson")
    assert status == 2 and "lesson" in err and "Traceback" not in err


# ------------------------------------------------------------------ the schema
def test_schema_file_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    spec = schema()
    assert spec["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(spec)


def documents() -> list[Any]:
    """Documents as the reader builds them, good and broken, for both checkers."""
    good = {"front_matter": {"title": "A", "game": "freedom", "options": {"players": 2}},
            "parts": [{"title": "P", "objective": "", "minutes": 3}],
            "steps": [{"title": "S", "part": 0, "text": "W",
                       "setup": [{"scenario": "set_money", "params": {"seat": 0}}],
                       "question": {"prompt": "Q", "accept": [3, "three"], "goals": [1],
                                    "rules": ["FR-CATCH-3"]},
                       "show": {"highlight": ["ripley"], "history": "ripley"}}]}
    broken: list[Any] = [
        {"front_matter": {"title": "", "game": 3}, "parts": [], "steps": []},
        {"front_matter": {"title": "A", "game": "x", "extra": 1}, "parts": [{}],
         "steps": [{"title": "S", "part": -1, "text": "W", "show": {"rules": ["CATCH"]}}]},
        {"front_matter": {"title": "A", "game": "x", "minutes": True}, "parts": [],
         "steps": [{"title": "S", "part": 0, "text": "W",
                    "question": {"prompt": "Q", "options": ["one"], "accept": [[]],
                                 "kind": "essay"}}]},
        {"front_matter": {"title": "A", "game": "x"}, "parts": [],
         "steps": [{"title": "S", "part": 0, "text": "W"}] * (MAX_STEPS + 1)},
        {"front_matter": {"title": "A", "game": "x"}, "parts": [],
         "steps": [{"title": "S", "part": 0, "text": "W",
                    "setup": [{"bot_moves": 0, "seed": 1.5, "saved": ""}]}]},
    ]
    return [good, *broken]


def test_the_checker_agrees_with_jsonschema() -> None:
    """The small checker and jsonschema accept and refuse the same documents, at the same
    places."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(schema())
    for n, document in enumerate(documents()):
        ours = [where for where, _ in schema_problems(document)]
        theirs = [tuple(e.absolute_path) for e in validator.iter_errors(document)]
        assert bool(ours) == bool(theirs) == (n > 0), (n, ours, theirs)
        # the same places (ours names the unknown key or the first step too many itself)
        for where in theirs:
            assert any(mine[:len(where)] == where for mine in ours), (n, where, ours)
        for mine in ours:
            assert any(mine[:len(t)] == t for t in theirs), (n, mine, theirs)


def test_the_checker_knows_every_keyword_the_schema_uses() -> None:
    assert schema_problems(documents()[0]) == []
    with pytest.raises(ValueError, match="does not know"):
        schema_problems({}, {"type": "object", "propertyNames": {"maxLength": 3}})
    with pytest.raises(ValueError, match="does not know"):
        schema_problems(1, {"type": "decimal"})
