"""Words, not codes: what a student reads in the lessons and puzzles holds no rule code, no
internal id and no code, and names every train as the board does.

- Every rule a lesson step, question, try-it task or puzzle cites opens to words with no code:
  no rule ID, attribute path (``game.round``), file name (``cards.json``), option syntax
  (``train_check="each_card"``), action notation (``(support, buy STACK)``, ``(benefit)``),
  backtick, snake_case id, seat or slot number, train id or Markdown link; and each is a
  sentence. The student wordings (:data:`~freight_freedom.ui.rule_words.STUDENT_WORDS`)
  are given for exactly the cited rules whose own text fails this.
- Every step of both lessons, walked in the lesson widget as a class would (each question
  answered wrong and then right, each try-it task checked), shows no code in its visible text:
  the narrative, the history note, "What happened", the rule chips opened, the question and its
  verdicts, the try-it task, its prompt, its choices and its verdicts. Rule IDs stay in the
  chips' tooltips (``title`` attributes), which are not read here.
- Every puzzle page (question, choices, each verdict) likewise.
- Slow Freight's trains are named by the letters the board shows (Train A..F), never t1..t6.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from freight_freedom.core import registry
from freight_freedom.lessons import LESSONS, Choice, FreeText, MapClick, lesson
from freight_freedom.lessons.model import all_rules
from freight_freedom.lessons.puzzles import puzzles
from freight_freedom.lessons.text import citations
from freight_freedom.lessons.widget import LessonWidget
from freight_freedom.slowfreight.text import train_name
from freight_freedom.ui.rule_words import STUDENT_WORDS, student_rule_text

#: code a rule's words must not hold, by what it is
CODE_IN_RULES = {
    "rule ID": r"\b(?:FR|SF)-[A-Z0-9]",
    "attribute path": r"\b(?!e\.g\b|i\.e\b)[a-z_]+\.[a-z_]+\b",
    "file name": r"\b[\w-]+\.(?:json|md|py|toml|csv)\b",
    "option syntax": r"\w=",
    "notation placeholder": r"\b[A-Z]{3,}\b",  # STACK, POS, PLANTATION, FROM
    "action notation": r"\((?:the )?(?:benefit|special|stop|roll|end|pass|done|skip|support|loco"
                       r"|take|move|card|deliver|reserve)(?: action)?\)"
                       r"|\b(?:with|and) (?:end|done)\b(?! the\b| their\b| a\b)",
    "backtick": r"`",
    "snake_case": r"\b[a-z]+_[a-z_]+\b",
    "seat or slot number": r"\b(?:seat|slot)s? \d",
    "train id": r"\bt\d+\b|\btrain\d",
    "Markdown link": r"\]\(|\[[^\]]*\]",
    "engine jargon": r"\bkinds only\b|\bone-time kinds\b|\(timing \w+\)|\bdelivered list\b"
                     r"|\bthe \w+ option\b|\boption \w+_\w+",
    "not a sentence": r"^(?![A-Z*])",  # an action table's row: "move one of your trains"
}

#: code a student's screen must not show (the issue's list, and rule codes anywhere)
CODE_ON_SCREEN = re.compile(
    r"\b(?:FR|SF)-[A-Z0-9]|\bt\d+\b|\btrain\d|\bc\d_|\bSCENARIO\b|\bclock\d"
    r"|\b(?!e\.g\b|i\.e\b)[a-z_]+\.[a-z_]+\b|`|\b[a-z]+_[a-z_]+\b|\w=|\[rule")


def cited_rules() -> dict[str, str]:
    """Every rule ID a lesson step, question, try-it task or puzzle cites -> where."""
    found: dict[str, str] = {}
    for name in LESSONS:
        for rule in all_rules(lesson(name)):
            found.setdefault(rule, f"the {name} lesson")
    for p in puzzles():
        for rule in p.rules:
            found.setdefault(rule, f"puzzle {p.key}")
    return found


def code_in(text: str) -> list[str]:
    return [what for what, pattern in CODE_IN_RULES.items() if re.search(pattern, text)]


def test_every_cited_rule_opens_to_words_without_code() -> None:
    cited = cited_rules()
    assert len(cited) > 60
    bad = {}
    for rule, where in cited.items():
        body = student_rule_text(rule)
        assert body, f"{rule} ({where}) has no words"
        if code_in(body):
            bad[rule] = (where, code_in(body), body)
        chip = citations([rule])
        assert f"title='rule {rule}'" in chip  # the ID only in the tooltip
        shown = re.sub(r"<[^>]+>", " ", chip)
        assert rule not in shown and not CODE_ON_SCREEN.search(html.unescape(shown)), chip
    assert bad == {}


def test_student_words_are_given_for_exactly_the_rules_that_need_them() -> None:
    """A rule whose own text reads well keeps it (one source); a rule whose text holds code has
    student words, faithful and in our own words, and no student words are left over."""
    from freight_freedom.core.rulebook import rule_texts
    from freight_freedom.ui.words import rule_free

    texts = rule_texts()
    cited = cited_rules()
    need = {rule for rule in cited if code_in(rule_free(texts[rule]))}
    assert set(STUDENT_WORDS) == need
    for rule, words in STUDENT_WORDS.items():
        assert not code_in(words), (rule, code_in(words))
        assert words.endswith("."), rule


def test_a_chip_says_the_rule_in_its_own_first_words() -> None:
    chip = citations(["FR-PLAN-1", "SF-RULING-7", "SF-CLOCK-5"])
    assert "game.round" not in chip and "(support, buy STACK)" not in chip
    assert "From the Lead Player, one player" in chip  # the label: the words' start
    assert "printed rules do not say" in chip  # SF-RULING-7 is said to be our ruling
    assert "cards.json" not in chip and "6 with two" in chip


# ---------------------------------------------------------------------------- the screens
def visible(value: str) -> str:
    """What a reader sees of an HTML value, every rule chip opened; no tooltips."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def screen(w: LessonWidget) -> dict[str, str]:
    """The parts of the lesson's page a student reads now, by name."""
    parts = {name: visible(getattr(w, name).value) for name in (
        "header", "title", "narrative", "history", "events", "cites", "q_prompt", "q_feedback",
        "t_task", "t_prompt", "t_feedback")}
    parts["choices"] = " | ".join(str(o) for o in w.q_choices.options)
    parts["actions"] = " | ".join(str(label) for label, _value in w.t_actions.options)
    parts["parts"] = " | ".join(str(label) for label, _value in w.parts.options)
    return parts


def assert_clean(w: LessonWidget, when: str) -> None:
    for part, text in screen(w).items():
        bad = CODE_ON_SCREEN.search(text)
        assert bad is None, f"step {w.index + 1} ({w.step.title}), {when}, {part}: " \
                            f"{bad.group(0)!r} in {text!r}"


def wrong_answer(q: Any) -> object:
    if isinstance(q, Choice):
        also = dict(q.also)
        return next(i for i in range(len(q.options)) if i != q.key and i not in also)
    return "something else"


def right_answer(q: Any) -> object:
    if isinstance(q, Choice):
        return q.key
    assert isinstance(q, (FreeText, MapClick))
    return q.accept[0]


@pytest.mark.parametrize("name", LESSONS)
def test_no_code_on_any_screen_of_the_lesson(name: str) -> None:
    w = LessonWidget(lesson(name))
    for i, step in enumerate(w.lesson.steps):
        w.go(i)
        assert_clean(w, "as it opens")
        if step.question is not None:
            q = step.question
            assert not w.submit(wrong_answer(q)).ok
            assert_clean(w, "after a wrong answer")
            for index, _why in getattr(q, "also", ()):
                assert w.submit(index).ok
                assert_clean(w, "after the printed rules' answer")
            assert w.submit(right_answer(q)).ok
            assert_clean(w, "after the right answer")
        if step.try_it is not None:
            assert not w.check().ok  # nothing played yet: the verdict and its hint
            assert_clean(w, "after Check on the untouched board")
            w.try_play()  # the first legal action, as a class might
            assert_clean(w, "after a move")


@pytest.mark.parametrize("game", [k for k, e in registry.GAMES.items() if e.puzzles])
def test_no_code_on_any_puzzle_page(game: str) -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    found = puzzles(game)
    w = PuzzleWidget(found)
    for i, p in enumerate(found):
        w.show(i)
        shown = [visible(w.question.value), *(str(label) for label, _v in w.choices.options)]
        for option in p.options:
            w.answer(option)
            shown.append(visible(w.feedback.value))
        for text in shown:
            assert not CODE_ON_SCREEN.search(text), (p.key, text)


# ---------------------------------------------------------------------------- train names
TRAIN = re.compile(r"\bTrain ([A-Z])\b")


def lesson_words(step: Any) -> str:
    q, t = step.question, step.try_it
    return " ".join([step.title, step.text, *((q.prompt, q.why, q.hint) if q else ()),
                     *(text for _i, text in getattr(q, "also", ())),
                     *((t.task, t.hint) if t else ())])


def test_slow_freight_trains_are_named_as_the_board_names_them() -> None:
    """Issue: the lesson said t2 where the board read Train B. Every train a step names is a
    train of the game by the board's letter (the ones that ran by this step, arrived or not),
    and a train the narrative points at before anything moves is on the step's board."""
    les = lesson("slowfreight")
    seen: set[str] = set()
    for i, step in enumerate(les.steps):
        game = les.game_at(i)
        for p in game.state.players:
            seen |= {train_name(t.name, start=True) for t in [*p.trains, *p.delivered]}
        words = " ".join(lesson_words(step).split())
        assert not re.search(r"\bt\d+\b|\btrain\d", words), (step.title, words)
        named = {f"Train {m}" for m in TRAIN.findall(words)}
        assert named <= seen, (step.title, named - seen)
        labels = {str(t) for trace in game.figure().data if trace.name == "train labels"
                  for t in trace.text}
        before = {str(t) for trace in les.game_at(max(i - 1, 0)).figure().data
                  if trace.name == "train labels" for t in trace.text}
        asked = [step.question.prompt] if step.question else []
        asked += [step.try_it.task] if step.try_it else []
        for text in asked:
            for m in TRAIN.findall(text):
                assert f"Train {m}" in labels | before, (step.title, m, labels)


def test_slow_freight_puzzles_name_their_trains_as_their_boards_do() -> None:
    for p in puzzles("slowfreight"):
        assert not re.search(r"\bt\d+\b", p.question + p.why), p.key
        game = p.build()
        labels = {str(t) for trace in game.figure().data if trace.name == "train labels"
                  for t in trace.text}
        for m in TRAIN.findall(p.question):
            assert f"Train {m}" in labels, (p.key, m, labels)


def test_the_class_can_still_type_and_play_the_trains_by_their_ids() -> None:
    """The notation keeps the ids (saves and typed actions), the try-it check reads them."""
    les = lesson("slowfreight")
    i = next(i for i, s in enumerate(les.steps) if s.try_it is not None)
    start = les.game_at(i)
    done = start.copy()
    for action in ("1:take 0 t2", "1:take 1 t2", "1:take 2 t2"):
        done.apply(action)
    verdict = les.steps[i].try_it.check(start, done)  # type: ignore[union-attr]
    assert verdict.ok and "Train B" in verdict.text
