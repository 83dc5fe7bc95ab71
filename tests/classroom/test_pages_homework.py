"""Homework on the classroom pages (no browser): the teacher starts a student-paced run; each
student's page has its own Back and Next, resumes at its step after a reload; the teacher's
page shows each student's progress; the Runs tab reopens a run with its report; the projector
says it is homework; a bad closing date is said in words and nothing starts."""

from __future__ import annotations

import json
import re
import time
from datetime import date, timedelta
from typing import Any

from sqlalchemy import update

from freight_freedom.classroom import schema
from freight_freedom.classroom.pacing import MAX_ATTEMPTS
from freight_freedom.classroom.pages import ProjectorPage, StudentPage
from freight_freedom.classroom.pages.teacher import closes_example, progress_html
from freight_freedom.classroom.runs import Progress, check_closes

from .test_pages import page_text, student, teacher
from .test_runs import TEXT


def test_homework_on_the_pages(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    t.mode_pick.value = "self"
    t.closes_text.value = "2020-01-01"
    t.start()
    assert "passed" in t.lesson_message.value and t.teacher.lesson.runs() == []
    t.closes_text.value = ""
    t.key_pick.value = "tries"
    t.start()
    ana, ben = student(db, "Ana"), student(db, "Ben")
    for page in (ana, ben):
        page.refresh(force=True)
        assert page.own_row.layout.display == "" and page.own_back.disabled
        assert "Traceback" not in page_text(page.widget)
    for _ in range(TEXT):
        ana.own_next.click()
    assert ana.slide is not None and ana.slide.step == TEXT
    assert ana.answer("7") and not ana.slide.right
    assert "2 tries left" in ana.closed_note.value
    assert ana.answer("3")
    assert ana.slide.right and ana.slide.key is not None and ana.answer_button.disabled
    ben.own_next.click()
    t.refresh()
    assert "ff-teacher-progress" in t.tally.value and "Ana" in t.tally.value
    assert f"{TEXT + 1} of" in t.tally.value and t.back_button.disabled
    # Ana reloads her page: she lands on her step
    again = StudentPage(db[0], live=False)
    again.store.stored = ana.store.keep
    again.store.loaded = True
    assert again.slide is not None and again.slide.step == TEXT and again.slide.right
    assert json.loads(ana.store.keep)["code"] == db[1]
    projector = ProjectorPage(db[0], live=False)
    assert "Homework" in projector.slide.value
    # the Runs tab: the run, its progress, a question's tally and the report with its chart
    t.tabs.selected_index = 4
    t.refresh()
    assert "homework" in t.run_pick.options[0][0]
    t.run_step.value = TEXT
    t.report_button.value = True
    assert "ff-report-students" in t.run_view.value and t.run_chart.children
    t.end_run()
    ben.refresh()
    assert ben.slide is not None and ben.slide.closed
    assert "closed" in ben.own_note.value
    t.tabs.selected_index = 3
    t.export()
    assert "gradebook-run-" in t.export_links.value


def _close_now(t: Any) -> None:
    """The run's closing date passes (set into the past, as time would)."""
    room = t.teacher
    with room.store.write() as conn:
        conn.execute(update(schema.runs).values(closes=time.time() - 1))


def test_homework_without_the_teachers_pace_controls(db: tuple[str, str, str]) -> None:
    """During homework the teacher's Back, Next, Go to and Reveal are not shown (they did
    nothing); the waiting words and the Start button's tip say what homework does; the closing
    date's example is in the future; the progress table has a heading and plain headers."""
    t = teacher(db)
    pacing = (t.back_button, t.next_button, t.step_pick, t.reveal_button)
    assert all(w.layout.display != "none" for w in pacing)
    t.mode_pick.value = "self"
    assert all(w.layout.display == "none" for w in pacing)
    assert "own page" in t.slide.value and "every student page follows" not in t.slide.value
    assert "own page" in t.start_button.tooltip and t.start_button.layout.width == "auto"
    example = re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", t.closes_text.placeholder)
    assert example and check_closes(example.group(0)) is not None  # a date one may type
    assert "empty" in t.closes_text.placeholder
    assert closes_example(date(2026, 1, 1)) == "e.g. 2026-01-08 17:00, or empty"
    t.start()
    assert all(w.layout.display == "none" for w in pacing)
    assert t.end_run_button.layout.display == "" and not t.end_run_button.disabled
    assert t.tally_box.layout.flex == t.slide_box.layout.flex == "1 1 100%"  # whole width
    ana = student(db, "Ana")
    ana.refresh(force=True)
    t.refresh()
    assert "Each student's progress" in t.tally.value
    assert "Furthest step" in t.tally.value and "Last active" in t.tally.value
    assert re.search(r"<td>Ana</td><td>1 of \d+</td><td>1</td><td>0 of \d+</td><td>0</td>"
                     r"<td>\d+ s ago</td>", t.tally.value), t.tally.value
    t.mode_pick.value = "paced"
    t.start()  # a lesson in class: the pace controls are back
    assert all(w.layout.display != "none" for w in pacing)
    assert t.end_run_button.layout.display == "none" and t.tally_box.layout.flex == "1 1 300px"


def test_progress_html_before_anyone_opens_it() -> None:
    rows = [Progress("Ana", None, None, 0, 0, 8, None)]
    text = progress_html(rows, 22)
    assert "not opened yet" in text and "None" not in text
    assert "Nobody has joined yet" in progress_html([], 22)


def test_the_student_page_says_why_answers_are_closed(db: tuple[str, str, str]) -> None:
    """After the teacher ends the homework the question says so, in words; after the closing
    date it names the date."""
    t = teacher(db)
    t.mode_pick.value = "self"
    t.start()
    ana = student(db, "Ana")
    for _ in range(TEXT):
        ana.own_next.click()
    assert not ana.answer_button.disabled
    t.end_run()
    ana.refresh()
    assert ana.answer_button.disabled and ana.choices.disabled and ana.answer_text.disabled
    assert "Your teacher has ended this homework: answers are closed. The answer is shown " \
           "above." in ana.closed_note.value
    assert "answers are closed" in ana.own_note.value
    t.closes_text.value = (date.today() + timedelta(days=2)).isoformat()
    t.start()
    ben = student(db, "Ben")
    for _ in range(TEXT):
        ben.own_next.click()
    _close_now(t)
    ben.refresh()
    assert ben.answer_button.disabled
    assert re.search(r"The closing date \(\w{3} \d\d \w{3} \d\d:\d\d\) has passed: answers "
                     r"are closed\.", ben.closed_note.value), ben.closed_note.value


def test_used_tries_close_the_question_when_the_key_waits_for_the_date(
        db: tuple[str, str, str]) -> None:
    """Key after the closing date: once a student's tries are used, the Answer button is off
    and the note says when the answer shows (it offered a fourth try, then refused it)."""
    t = teacher(db)
    t.mode_pick.value = "self"
    t.closes_text.value = (date.today() + timedelta(days=2)).isoformat()
    t.key_pick.value = "close"
    t.start()
    ana = student(db, "Ana")
    for _ in range(TEXT):
        ana.own_next.click()
    for _ in range(MAX_ATTEMPTS):
        assert not ana.answer_button.disabled
        ana.answer("7")
    assert ana.slide is not None and ana.slide.key is None
    assert ana.answer_button.disabled and ana.answer_text.disabled
    assert "Your tries are used. The answer shows after the closing date (" \
        in ana.closed_note.value
    assert "tries left" not in ana.closed_note.value


def test_a_new_run_clears_the_last_runs_verdict(db: tuple[str, str, str]) -> None:
    """The teacher starts a new run while a student's page shows a question at the same step:
    the verdict and the answer typed in the run before are gone."""
    t = teacher(db)
    t.mode_pick.value = "self"
    t.start()
    ana = student(db, "Ana")
    for _ in range(TEXT):
        ana.own_next.click()
    ana.answer("7")
    assert "Not quite" in ana.feedback.value
    t.mode_pick.value = "paced"
    t.start()
    t.go(TEXT)
    ana.refresh()
    assert ana.slide is not None and ana.slide.step == TEXT and ana.slide.mode == "paced"
    assert ana.feedback.value == "" and ana.answer_text.value == ""
    assert not ana.answer_button.disabled


def test_ending_the_homework_asks_first(db: tuple[str, str, str]) -> None:
    """"End the homework now" cannot be undone: its first press only says what a second one
    does; the second ends the run."""
    t = teacher(db)
    t.mode_pick.value = "self"
    t.start()
    t.end_run_button.click()
    assert t.end_run_button.description == "Press again to close the answers for everyone"
    slide = t.teacher.lesson.now()
    assert slide is not None and not slide.closed
    t.end_run_button.click()
    slide = t.teacher.lesson.now()
    assert slide is not None and slide.closed
    assert t.end_run_button.description == "End the homework now"

