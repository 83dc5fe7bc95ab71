"""The paced lesson on both stores: the teacher sets the step, students answer, the tally,
the reveal; a student-facing read never carries the key before the reveal."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from freight_freedom.classroom import AccessDenied, Classroom, ClassroomError
from freight_freedom.classroom.pacing import MAX_ATTEMPTS
from freight_freedom.lessons import lesson

STEPS = lesson("freedom").steps
#: the Freedom lesson's steps with a question, found by kind (the lesson's order may change)
ASKED = tuple(i for i, s in enumerate(STEPS) if s.question is not None)
#: FR-PLAN-1: "how many tokens may each player take ...": options 1, 2, 3, "As many as ..."; key "2"
CHOICE = next(i for i in ASKED if "tokens may each player take" in STEPS[i].question.prompt)
#: FR-MKT-PHASE-2: the one free-text question, key "3"
TEXT = next(i for i in ASKED if STEPS[i].question.kind == "text")
LAST = len(STEPS) - 1


@pytest.fixture
def rooms(url: str) -> tuple[Classroom, Classroom]:
    """The teacher's room and a student page's room (no PIN) of the same class."""
    teacher = Classroom(url)
    return teacher, Classroom(url, code=teacher.code)


def _everything_a_student_sees(room: Classroom) -> str:
    slide = room.lesson.now()
    return repr(dataclasses.asdict(slide)) if slide else ""


def test_students_follow_the_teachers_step(rooms: tuple[Classroom, Classroom]) -> None:
    teacher, page = rooms
    assert page.lesson.now() is None and page.lesson.version == 0
    teacher.lesson.start("freedom")
    version = page.lesson.version
    slide = page.lesson.now()
    assert slide is not None and (slide.lesson, slide.step) == ("freedom", 0)
    assert slide.title == lesson("freedom").steps[0].title
    got: list[int] = []
    thread = threading.Thread(target=lambda: got.append(page.lesson.wait(version, 5.0)))
    thread.start()
    teacher.lesson.go(CHOICE)
    thread.join()
    assert got and got[0] > version
    slide = page.lesson.now()
    assert slide is not None and slide.step == CHOICE and slide.question is not None
    assert slide.question.kind == "choice" and len(slide.question.options) == 4
    with pytest.raises(ClassroomError, match=f"steps 0 to {LAST}"):
        teacher.lesson.go(LAST + 1)


def test_the_key_is_absent_until_the_reveal(rooms: tuple[Classroom, Classroom]) -> None:
    teacher, page = rooms
    teacher.lesson.start("freedom")
    for step in ASKED:  # every question of the lesson
        teacher.lesson.go(step)
        question = lesson("freedom").steps[step].question
        assert question is not None
        seen = _everything_a_student_sees(page)
        assert question.why not in seen
        if question.kind != "choice":  # a choice's key is one of the options shown
            assert question.key_text() not in seen
        slide = page.lesson.now()
        assert slide is not None and slide.key is None and slide.why is None
        teacher.lesson.reveal()
        slide = page.lesson.now()
        assert slide is not None and slide.revealed
        assert slide.key == question.key_text() and slide.why == question.why
    with pytest.raises(AccessDenied, match="teacher"):
        page.lesson.tally()
    with pytest.raises(AccessDenied, match="teacher"):
        page.lesson.reveal()
    with pytest.raises(AccessDenied, match="teacher"):
        page.lesson.go(0)


def test_answers_tally_and_reveal(rooms: tuple[Classroom, Classroom]) -> None:
    teacher, page = rooms
    ana, ben, cy, dee = (page.join(n) for n in ("Ana", "Ben", "Cy", "Dee"))
    teacher.lesson.start("freedom")
    teacher.lesson.go(TEXT)  # FR-MKT-PHASE-2: "3"
    assert page.lesson.answer(ana, "three", step=TEXT).ok
    wrong = page.lesson.answer(ben, "4", step=TEXT)
    assert not wrong.ok and "3" not in wrong.text  # a hint, not the key
    assert page.lesson.answer(ben, " 3 ", step=TEXT).ok
    assert not page.lesson.answer(cy, "Four", step=TEXT).ok
    with pytest.raises(ClassroomError, match="right already"):
        page.lesson.answer(ana, "3", step=TEXT)
    tally = teacher.lesson.tally()
    assert tally.key == "3 / three people / three"
    assert tally.answered == ("Ana", "Ben", "Cy") and tally.waiting == ("Dee",)
    assert tally.first_right == ("Ana",) and tally.first_wrong == ("Ben", "Cy")
    assert tally.right_now == ("Ana", "Ben")
    assert tally.common_wrong == (("4", 2),)  # "4" and "Four" are one answer
    teacher.lesson.reveal()
    with pytest.raises(ClassroomError, match="revealed"):
        page.lesson.answer(dee, "3", step=TEXT)
    assert teacher.lesson.tally().revealed


def test_a_choice_by_index_and_the_bounds_on_answers(rooms: tuple[Classroom, Classroom]
                                                     ) -> None:
    teacher, page = rooms
    ana = page.join("Ana")
    teacher.lesson.start("freedom")
    with pytest.raises(ClassroomError, match="no question"):
        page.lesson.answer(ana, "2", step=0)
    teacher.lesson.go(CHOICE)  # FR-PLAN-1: options 1, 2, 3, "As many as ..."; key "2"
    with pytest.raises(ClassroomError, match="moved on"):
        page.lesson.answer(ana, 1, step=0)
    with pytest.raises(ClassroomError, match="not one of the options"):
        page.lesson.answer(ana, 9, step=CHOICE)
    with pytest.raises(ClassroomError, match="at most 200"):
        page.lesson.answer(ana, "x" * 201, step=CHOICE)
    with pytest.raises(ClassroomError, match="printable"):
        page.lesson.answer(ana, "1\x00", step=CHOICE)
    with pytest.raises(ClassroomError, match="answer first"):
        page.lesson.answer(ana, "   ", step=CHOICE)
    for _ in range(MAX_ATTEMPTS):
        assert not page.lesson.answer(ana, 0, step=CHOICE).ok
    with pytest.raises(ClassroomError, match=f"{MAX_ATTEMPTS} tries"):
        page.lesson.answer(ana, 1, step=CHOICE)
    tally = teacher.lesson.tally()
    assert tally.first_wrong == ("Ana",) and tally.common_wrong == (("1", MAX_ATTEMPTS),)
    ben = page.join("Ben")
    assert page.lesson.answer(ben, 1, step=CHOICE).ok  # index 1 is "2"


def test_lessons_are_checked(rooms: tuple[Classroom, Classroom]) -> None:
    teacher, _ = rooms
    with pytest.raises(ClassroomError, match="no lesson"):
        teacher.lesson.start("chess")
    with pytest.raises(ClassroomError, match="not started"):
        teacher.lesson.go(1)
    teacher.lesson.start("slow-freight")
    slide = teacher.lesson.now()
    assert slide is not None and slide.lesson == "slowfreight"
