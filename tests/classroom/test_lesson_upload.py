"""The teacher's own lesson file on the teacher's page (pages/lesson_upload.py): checked before
anything is stored, each problem with its line; a file that passes joins the lesson list and
runs like a built-in lesson, its text kept with the run so every student page builds it."""

from __future__ import annotations

import datetime
from pathlib import Path

from freight_freedom.classroom.pages.lesson_upload import LessonUpload
from freight_freedom.lessons import example_lesson, lesson_file

from .test_pages import page_text, student, teacher

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = example_lesson("freedom")


def upload(page: object, name: str, content: bytes) -> None:
    """What the browser sends when the teacher chooses a file (ipywidgets 8's value)."""
    page.own_lesson.upload.value = ({"name": name, "type": "text/markdown",  # type: ignore[attr-defined]
                                     "size": len(content), "content": memoryview(content),
                                     "last_modified": datetime.datetime.now(datetime.UTC)},)


def test_a_teachers_file_is_checked_started_and_answered(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    ana = student(db, "Ana")
    text = EXAMPLE.read_text(encoding="utf-8")
    the = lesson_file.parse(text)
    upload(t, EXAMPLE.name, text.encode())
    assert "is ready: 5 steps, 4 questions" in t.own_lesson.message.value
    assert t.own_lesson.upload.value == ()  # emptied: the file may be chosen again
    assert t.lesson_pick.label == f"{the.title} (your lesson file)"
    t.start_button.click()
    slide = t.teacher.lesson.now()
    assert slide is not None and slide.lesson == t.lesson_pick.value
    first = next(i for i, s in enumerate(the.steps) if s.question is not None)
    t.step_pick.value = first
    ana.refresh()
    assert ana.slide is not None and ana.slide.title == the.steps[first].title
    question = the.steps[first].question
    assert question is not None  # its explanation stays in the teacher's kernel until asked
    assert question.why not in page_text(ana.widget)
    ana.answer_text.value = "canada"
    ana.answer_button.click()
    assert "Right" in ana.feedback.value
    tally = t.teacher.lesson.tally()
    assert tally.first_right == ("Ana",)
    # the run keeps the file's text: a page in another kernel rebuilds the lesson from it
    (run,) = [r for r in t.teacher.lesson.runs() if r.lesson == slide.lesson]
    assert run.title == the.title


def test_a_broken_file_is_refused_with_its_lines_and_nothing_starts(
        db: tuple[str, str, str]) -> None:
    t = teacher(db)
    text = EXAMPLE.read_text(encoding="utf-8").replace('right = "At Ripley"',
                                                       'right = "At Dayton"')
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "At Dayton" in row)
    options_before = list(t.lesson_pick.options)
    upload(t, "mine.md", text.encode())
    message = t.own_lesson.message.value
    assert "mine.md</b> cannot be used yet; nothing was started" in message
    assert f"line {line}:" in message and "At Dayton" in message
    assert list(t.lesson_pick.options) == options_before
    assert t.teacher.lesson.now() is None


def test_a_file_too_large_or_not_text_is_refused(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    upload(t, "huge.md", b"x" * (lesson_file.MAX_BYTES + 1))
    assert "at most 200,000" in t.own_lesson.message.value
    upload(t, "latin1.md", "+++\ntitle = \"Caf\xe9\"\n+++\n".encode("latin-1"))
    assert "not UTF-8 text" in t.own_lesson.message.value
    assert t.teacher.lesson.now() is None


def test_the_chooser_alone_reports_what_it_read() -> None:
    got: list[str] = []
    chooser = LessonUpload(lambda the, _text: got.append(the.title))
    assert chooser.read(EXAMPLE.name, EXAMPLE.read_bytes()) is not None
    assert got == [lesson_file.parse(EXAMPLE.read_text(encoding="utf-8")).title]
    assert chooser.read("empty.md", b"") is None and len(got) == 1
    assert "role='alert'" in chooser.message.value
