"""Student-paced runs (homework) on both stores: each student's own step, kept in the
database (a reload or a second device resumes there); the key after the student's tries or
only after the closing date; no answers after it; every refusal leaves the tables as they
were; the teacher's progress view and its wait."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta

import pytest
from sqlalchemy import update

from freight_freedom.classroom import Classroom, ClassroomError, schema
from freight_freedom.classroom.pacing import MAX_ATTEMPTS
from freight_freedom.classroom.runs import check_closes
from freight_freedom.lessons import lesson

from .test_runs import PLAIN, STEPS, TEXT, refused

LAST = len(STEPS) - 1


def _walk(room: Classroom, student: object, to: int) -> None:
    for step in range(1, to + 1):
        room.lesson.move(student, step)  # type: ignore[arg-type]


def _close_now(room: Classroom) -> None:
    """The closing date passes (the run's date set into the past, as time would)."""
    with room.store.write() as conn:
        conn.execute(update(schema.runs).values(closes=time.time() - 1))


def test_each_student_moves_alone_and_resumes_where_they_were(url: str) -> None:
    room = Classroom(url)
    ana, ben = room.join("Ana"), room.join("Ben")
    slide = room.lesson.start("freedom", mode="self", closes=time.time() + 3600)
    assert slide.mode == "self" and slide.closes is not None and not slide.closed
    refused(room, lambda: room.lesson.go(3), "homework")
    refused(room, lambda: room.lesson.reveal(), "homework")
    assert [p.step for p in room.lesson.progress()] == [None, None]
    mine = room.lesson.mine(ana)
    assert mine is not None and mine.step == 0
    _walk(room, ana, TEXT)
    refused(room, lambda: room.lesson.move(ben, 2), "one step at a time")
    refused(room, lambda: room.lesson.answer(ben, "3", step=TEXT), "not reached")
    refused(room, lambda: room.lesson.move(ana, LAST + 1), "steps 0 to")
    second_device = Classroom(url, code=room.code)  # another device, or a reload
    again = second_device.lesson.mine(second_device.student(ana.token))
    assert again is not None and again.step == TEXT and again.reached == TEXT
    room.lesson.move(ana, 2)  # back: any step reached
    assert room.lesson.mine(ana).step == 2 and room.lesson.mine(ana).reached == TEXT
    assert room.lesson.answer(ana, "3", step=TEXT).ok  # a reached step, from anywhere
    progress = {p.name: p for p in room.lesson.progress()}
    assert (progress["Ana"].step, progress["Ana"].reached, progress["Ana"].answered,
            progress["Ana"].right) == (2, TEXT, 1, 1)
    assert progress["Ben"].step is None and progress["Ben"].answered == 0  # not opened yet
    questions = sum(1 for s in STEPS if s.question is not None)
    assert progress["Ana"].questions == questions
    refused(room, lambda: room.lesson.answer(ana, "3", step=PLAIN), "asks no question")


def test_the_key_shows_after_the_students_own_tries(url: str) -> None:
    room = Classroom(url)
    ana, ben = room.join("Ana"), room.join("Ben")
    room.lesson.start("freedom", mode="self", key_shown="tries")
    for s in (ana, ben):
        _walk(room, s, TEXT)
    assert room.lesson.mine(ana).key is None
    for _ in range(MAX_ATTEMPTS):
        assert not room.lesson.answer(ana, "7", step=TEXT).ok
    mine = room.lesson.mine(ana)
    assert mine.tries == MAX_ATTEMPTS and mine.key is not None and mine.revealed
    refused(room, lambda: room.lesson.answer(ana, "3", step=TEXT), "tries are the most")
    assert room.lesson.mine(ben).key is None  # Ben's own tries are not used
    room.lesson.answer(ben, "3", step=TEXT)
    assert room.lesson.mine(ben).key is not None and room.lesson.mine(ben).right


def test_the_key_shows_only_after_the_closing_date_and_answers_stop(url: str) -> None:
    room = Classroom(url)
    ana = room.join("Ana")
    room.lesson.start("freedom", mode="self", key_shown="close",
                      closes=datetime.now() + timedelta(days=2))
    _walk(room, ana, TEXT)
    room.lesson.answer(ana, "3", step=TEXT)
    assert room.lesson.mine(ana).key is None  # right, but the key waits for the date
    _close_now(room)
    mine = room.lesson.mine(ana)
    assert mine.closed and mine.key is not None
    refused(room, lambda: room.lesson.answer(ana, "3", step=TEXT), "closing date")
    assert not room.lesson.runs()[0].open


def test_closing_dates_are_checked(url: str) -> None:
    room = Classroom(url)
    for bad, match in (("2020-01-01", "passed"), ("next friday", "not a date"),
                       ("2025-13-45", "not a date"), (time.time() - 5, "passed"),
                       (float("inf"), "endless"), (True, "a date"), ([1], "a date"),
                       (time.time() + 400 * 86_400, "a year")):
        refused(room, lambda bad=bad: room.lesson.start("freedom", mode="self", closes=bad),
                match)
    refused(room, lambda: room.lesson.start("freedom", mode="self", key_shown="close"),
            "give one")
    refused(room, lambda: room.lesson.start("freedom", closes=time.time() + 60),
            "for homework")
    refused(room, lambda: room.lesson.start("freedom", mode="self", key_shown="reveal"),
            "after the student's")
    day = (datetime.now() + timedelta(days=1)).date().isoformat()
    assert check_closes(day) == pytest.approx(
        datetime.fromisoformat(day + " 23:59:59").timestamp())
    assert room.lesson.runs() == []


def test_the_teachers_page_waits_for_progress(url: str) -> None:
    room = Classroom(url)
    page = Classroom(url, code=room.code)
    ana = page.join("Ana")
    room.lesson.start("freedom", mode="self")
    seen = room.lesson.activity
    got: list[int] = []
    thread = threading.Thread(target=lambda: got.append(room.lesson.wait_activity(seen, 5.0)))
    thread.start()
    page.lesson.mine(ana)  # the student opens the homework: step 1, noted
    thread.join()
    assert got and got[0] > seen
    version = page.lesson.version
    page.lesson.move(ana, 1)
    assert page.lesson.version == version  # the students' pages do not redraw for it
    with pytest.raises(ClassroomError, match="teacher"):
        page.lesson.progress()


def test_a_teacher_paced_student_view_is_the_class_step(url: str) -> None:
    room = Classroom(url)
    ana = room.join("Ana")
    room.lesson.start("freedom")
    room.lesson.go(TEXT)
    assert room.lesson.mine(ana).step == TEXT
    refused(room, lambda: room.lesson.move(ana, 1), "teacher moves")
    assert lesson("freedom").steps[TEXT].question is not None
