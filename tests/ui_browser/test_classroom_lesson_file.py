"""A lesson the teacher wrote, in the browser: on the teacher's page the teacher chooses a
broken file (each problem is listed with its line, nothing starts), then the example lesson
file (docs/lessons); it is checked, joins the lesson list, starts, and is paced; a student on
their own device sees its steps and answers its question, and the teacher's tally counts it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import BrowserPage, classroom_server, new_page
from uihelp import budget_ms, wait_until

from freight_freedom.lessons import example_lesson, lesson_file

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = example_lesson("freedom")
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    with classroom_server("classroom-lesson-file",
                          tmp_path_factory.mktemp("lesson-file")) as found:
        yield found


def test_a_lesson_file_is_checked_started_paced_and_answered(
        browser: Any, server: tuple[Any, Any], tmp_path: Path, final_screenshot: Any) -> None:
    srv, room = server
    base = f"{srv.url}/voila/render"
    pages: list[BrowserPage] = []
    try:
        teacher = new_page(browser, "lesson-file-teacher", LAPTOP)
        pages.append(teacher)
        final_screenshot(teacher)
        tp = teacher.page
        tp.goto(f"{base}/teacher.ipynb", timeout=budget_ms(90_000))
        tp.locator(".ff-teacher-pin input").fill(room.pin, timeout=budget_ms(90_000))
        tp.locator(".ff-teacher-login").click()
        tp.locator(".ff-teacher-start").wait_for()
        message = tp.locator(".ff-teacher-lesson-file-message")

        def choose(path: Path) -> None:
            """Press the file button and choose ``path`` in the browser's file dialog."""
            with tp.expect_file_chooser() as dialog:
                tp.locator(".ff-teacher-lesson-file").click()
            dialog.value.set_files(str(path))

        # a broken file: its problems with their lines, and nothing started
        text = EXAMPLE.read_text(encoding="utf-8")
        broken = tmp_path / "my_lesson.md"
        broken.write_text(text.replace('accept = [2]', 'accept = []'), encoding="utf-8")
        line = next(n for n, row in enumerate(broken.read_text().splitlines(), 1)
                    if row == "accept = []")
        choose(broken)
        message.filter(has_text="cannot be used yet").wait_for()
        assert f"line {line}:" in message.inner_text(), message.inner_text()
        teacher.screenshot("a broken lesson file")
        assert room.lesson.now() is None

        # the example: checked, chosen, started
        the = lesson_file.parse(text)
        choose(EXAMPLE)
        message.filter(has_text="is ready").wait_for()
        picked = tp.locator("select").filter(has_text="(your lesson file)")
        chosen = picked.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ")
        assert chosen == f"{the.title} (your lesson file)", chosen

        student = new_page(browser, "lesson-file-student", LAPTOP)
        pages.append(student)
        final_screenshot(student)
        sp = student.page
        sp.goto(f"{base}/student.ipynb?code={room.code}", timeout=budget_ms(90_000))
        sp.locator(".ff-student-name input").fill("Ana", timeout=budget_ms(90_000))
        sp.locator(".ff-student-join").click()
        sp.locator(".ff-student-hello").filter(has_text="Ana").wait_for()

        tp.locator(".ff-teacher-start").click()
        sp.locator(".ff-student-slide").filter(has_text=the.steps[0].title).wait_for()
        slide = wait_until(room.lesson.now, 20, "the run to start")
        assert slide.lesson.startswith("file-")

        # the number question ("How many tokens ..."): paced to, answered on Ana's page
        step = next(i for i, s in enumerate(the.steps)
                    if s.question is not None and "How many tokens" in s.question.prompt)
        option = f"{step + 1}. {the.steps[step].title} (question)"
        tp.locator("select").filter(has_text=option).select_option(label=option)
        sp.locator(".ff-student-slide").filter(has_text=the.steps[step].title).wait_for()
        sp.locator(".ff-student-text input").fill("two")
        sp.locator(".ff-student-answer").click()
        sp.locator(".ff-student-feedback").filter(has_text="Right").wait_for()
        tp.locator(".ff-tally").filter(has_text="Answered: 1 of 1").wait_for()
        assert room.lesson.tally(step).first_right == ("Ana",)
        student.screenshot("a teacher's own lesson on a student's page")
        teacher.screenshot("the teacher paces their own lesson")
        for bp in pages:
            assert not bp.errors, f"{bp.name}: {bp.errors}"
    finally:
        for bp in pages:
            bp.page.context.close()
