"""The class's data from the pages: the join page says what is kept; the teacher removes a
student, closes and opens joining, ends and deletes the class, each after a second click that
names it (pages driven without a browser, as in ``test_pages.py``)."""

from __future__ import annotations

import pytest

from freight_freedom.classroom import Classroom
from freight_freedom.classroom.errors import ClassroomError
from freight_freedom.classroom.pages import StudentPage
from freight_freedom.classroom.pages.common import KEEP_ENV

from .test_pages import page_text, student, teacher


def test_the_join_page_says_what_is_kept_by_whom_and_how_long(
        db: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEEP_ENV, "365")
    text = page_text(StudentPage(db[0], live=False).widget)
    assert ("keeps your first name, your answers and your game moves for this class, until "
            "your teacher deletes the class, or after 365 days without use") in text
    assert "Only your teacher sees them" in text


def test_the_teacher_removes_a_student_after_a_second_click(db: tuple[str, str, str]) -> None:
    page = teacher(db)
    ana = student(db, "Ana")
    student(db, "Ben")
    page.tabs.selected_index = 1
    page.refresh()
    assert [o[0] for o in page.student_pick.options] == ["Ana", "Ben"]
    page.remove_button.click()  # nobody chosen: a clear message, nothing removed
    assert "choose a student first" in page.errors.widget.value
    page.student_pick.value = next(v for k, v in page.student_pick.options if k == "Ana")
    page.remove_button.click()
    assert page.confirm_button.description == "Yes, remove Ana and their answers"
    assert [s.name for s in page.teacher.students()] == ["Ana", "Ben"]  # not yet
    page.confirm_button.click()
    assert [s.name for s in page.teacher.students()] == ["Ben"]
    assert "Ana and their answers are removed" in page.data_message.value
    assert [o[0] for o in page.student_pick.options] == ["Ben"]
    with pytest.raises(ClassroomError):
        Classroom(db[0]).student(ana.me.token)  # type: ignore[union-attr]


def test_the_teacher_closes_joining_ends_and_deletes_the_class(
        db: tuple[str, str, str]) -> None:
    page = teacher(db)
    page.tabs.selected_index = 1
    page.joining_button.click()
    assert "joining is closed" in page.students.value
    late = StudentPage(db[0], live=False)
    late.code.value, late.name.value = db[1], "Cy"
    late.join_button.click()
    assert late.me is None and "closed joining" in page_text(late.widget)
    page.joining_button.click()
    assert page.joining_button.description == "Close joining"
    page.end_button.click()
    page.confirm_button.click()
    assert "the class has ended" in page.students.value and page.end_button.disabled
    page.delete_button.click()  # the class code not typed: refused, nothing deleted
    assert f"type the class code, {db[1]}" in page.errors.widget.value
    page.delete_code.value = db[1].lower()
    page.delete_button.click()
    page.cancel_button.click()  # changed their mind
    assert Classroom(db[0], code=db[1]).code == db[1]
    page.delete_button.click()
    page.confirm_button.click()
    assert "The class is deleted" in page_text(page.widget)
    with pytest.raises(ClassroomError, match="no class has the code"):
        Classroom(db[0], code=db[1])



def test_a_page_says_plainly_when_the_database_cannot_be_reached_and_recovers() -> None:
    """A refused connection ("too many clients", a restart): one line in words that the page
    retries by itself, no traceback; the line clears when the database answers again."""
    from sqlalchemy.exc import OperationalError

    from freight_freedom.classroom.pages.common import Live
    from freight_freedom.ui.errors import ErrorArea

    errors = ErrorArea()
    down = [True]

    def tick() -> None:
        if down[0]:
            raise OperationalError("SELECT 1", {}, Exception("too many clients already"))

    live = Live(lambda _t: None, tick, errors, "test")
    live.step()
    assert "cannot be reached just now" in errors.widget.value
    assert "tries again every second by itself" in errors.widget.value
    assert "Traceback" not in errors.widget.value and "SELECT" not in errors.widget.value
    down[0] = False
    live.step()
    assert errors.widget.value == ""
    live.stop()
