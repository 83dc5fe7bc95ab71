"""Words, not codes, on the students' pages and the projector (no browser: the widgets' values).

Every step of every lesson is walked on a student's page and on the projector, the teacher
pacing: what they show (the step, the question, a wrong answer's verdict and the question's
rules under it, the revealed answer) holds no rule code or internal id, says nothing about a
Next button nobody there has nor about rule chips the page does not show, and the revealed
answer is one answer, not the list of accepted ones. Also: the page's heading after joining,
and the seats on offer before the lesson. The real browser's view of the same is
``tests/ui_browser/test_classroom_pages.py``.
"""

from __future__ import annotations

import html
import re

import pytest

from freight_freedom.classroom.pages import ProjectorPage, StudentPage, TeacherPage
from freight_freedom.classroom.pages.words import (
    plain,
    plain_rule,
    rule_chips,
    shown_answer,
    words_html,
)
from freight_freedom.lessons import LESSONS, Choice, lesson

from .test_pages import student

#: what a student never reads: rule codes, the lessons' set-ups, Slow Freight's trains and
#: Movement cards by id, card and space ids, attribute paths and parameter names
DEVELOPER_WORDS = re.compile(
    r"\b(?:FR|SF)-|\bSCENARIO\b|\bt\d+\b|\btrain\d|\bclock\d|\bc\d_"
    r"|\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z_]{2,}\b")
#: what is not true on a student's page or the projector (the teacher moves the class on;
#: no row of rule chips)
NOT_THERE = re.compile(r"press Next|rule chip", re.IGNORECASE)


def shown(value: str) -> str:
    """The text of an HTML value (a closed rule's words too: a click opens them)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def clean(value: str, where: str) -> str:
    text = shown(value)
    for pattern in (DEVELOPER_WORDS, NOT_THERE):
        found = pattern.search(text)
        assert found is None, (f"{where}: {found.group(0)!r} in "
                               f"{text[max(0, found.start() - 80):found.end() + 40]!r}")
    return text


def wrong_answer(q: object) -> str | int:
    if isinstance(q, Choice):
        return next(i for i in range(len(q.options)) if not q.matches(i))
    return "zzz"


@pytest.mark.parametrize("key", LESSONS)
def test_every_step_of_a_lesson_is_in_words_on_the_student_page_and_projector(
        db: tuple[str, str, str], key: str) -> None:
    t = TeacherPage(db[0], live=False)
    assert t.login(db[2])
    ana = student(db, "Ana")
    projector = ProjectorPage(db[0], live=False)
    the = lesson(key)
    t.teacher.lesson.start(key)
    for i, step in enumerate(the.steps):
        t.go(i)
        ana.refresh()
        projector.refresh()
        where = f"{key} step {i + 1}"
        clean(ana.slide_view.value, f"{where}, student")
        clean(projector.slide.value, f"{where}, projector")
        labels = [label for label, _ in ana.choices.options]
        for label in labels:
            clean(label, f"{where}, a choice")
        q = step.question
        if q is None:
            continue
        # a wrong answer: the hint in words, with the question's rules under it
        assert ana.answer(wrong_answer(q)).startswith("Not quite"), where
        verdict = clean(ana.feedback.value, f"{where}, the verdict")
        if "below" in step.question.hint:
            assert "Rules:" in verdict, f"{where}: the hint points at rules below: {verdict}"
        t.reveal()
        ana.refresh()
        projector.refresh()
        answer = shown_answer(q, key, i)
        for value in (ana.slide_view.value, projector.slide.value):
            text = clean(value, f"{where}, revealed")
            assert f"Answer: {answer}" in re.sub(r"\s+", " ", text), (where, text)
            if " / " in q.key_text():
                assert q.key_text() not in text, where
    assert "Class" in ana.heading.text


def test_hints_name_no_rule_and_no_chip() -> None:
    """A hint that names a rule (by its ID, or its chip) on the student's page: "the rule", a
    link to the rule's words right there; the lead-in about the Next button said as it is
    true there."""
    got = words_html("Does it capture where it passes? The rule chip FR-CATCH-3 says.",
                     "freedom")
    assert "FR-" not in got and "chip" not in got
    assert ">The rule</summary>" in got and "captures only the people" in got
    assert plain("Look at the rule chip FR-PLAN-1.", "freedom") == "Look at the rule."
    assert plain("what does SF-SCORE-6 say about three?", "slowfreight") == \
        "what does the rule say about three?"
    assert plain("Trains grow (our ruling SF-RULING-7). Look at t1.", "slowfreight") == \
        "Trains grow (our ruling). Look at train A."
    assert plain("Count them (SF-SCORE-1, -2).", "slowfreight") == "Count them."
    assert plain("Predict before you press Next: which space?", "freedom") == \
        "Predict before the answer is shown: which space?"
    # in a paragraph a rule's box may not stand in a <p>
    assert "<p" not in words_html("See SF-TURN-3.\n\nThen play.", "slowfreight", block=True)
    # a rule's words hold no code, even where its text has some
    for rule in ("FR-ROUND-1", "FR-CARD-6", "FR-PLAN-1", "SF-RULING-7"):
        words = plain_rule(rule)
        assert words and not DEVELOPER_WORDS.search(words), (rule, words)
    chips = rule_chips(("FR-ROUND-1", "FR-NO-SUCH-RULE"), "freedom")
    assert chips.count("<details") == 1 and "FR-" not in chips and "title=" not in chips


def test_the_heading_says_the_class_and_what_it_does(db: tuple[str, str, str]) -> None:
    page = StudentPage(db[0], live=False)
    assert page.heading.text == ""  # the notebook's own: "Classroom: join the class"
    page.code.value, page.name.value = db[1], "Ana"
    page.join_button.click()
    assert page.heading.text == f"Class {db[1]}: waiting for the lesson"
    t = TeacherPage(db[0], live=False)
    assert t.login(db[2])
    t.start()
    page.refresh()
    assert page.heading.text == f"Class {db[1]} · Freedom: The Underground Railroad"
    table = t.teacher.new_table("slowfreight", players=2, seed=3, bots={1: "greedy"})
    page.refresh(force=True)
    page.take_seat((table.code, 0))
    assert page.heading.text == f"Class {db[1]} · Table {table.code}: Slow Freight"


def test_seats_on_offer_come_before_the_lesson(db: tuple[str, str, str]) -> None:
    """A seat to take is shown under the greeting, not below the lesson's board (off a
    laptop's screen); once seated the table comes first while its game goes on."""
    t = TeacherPage(db[0], live=False)
    assert t.login(db[2])
    t.start()
    ana = student(db, "Ana")
    assert int(ana.lesson_row.layout.order) < int(ana.table_box.layout.order)
    table = t.teacher.new_table("freedom", players=2, seed=1)
    ana.refresh(force=True)
    assert ana.arranged == "seats" and ana.lesson_note.layout.display == "none"
    assert int(ana.table_box.layout.order) < int(ana.lesson_row.layout.order)
    ana.take_seat((table.code, 0))
    assert ana.arranged == "table"
    assert int(ana.table_box.layout.order) < int(ana.lesson_row.layout.order)
