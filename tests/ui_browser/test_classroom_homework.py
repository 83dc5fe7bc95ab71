"""Homework in real browser pages: ``freight-freedom classroom`` serves the pages (Voila, a
temporary SQLite database); the teacher and three students each have a browser context of their
own (their own storage, as their own devices).

- the teacher logs in with the PIN and sets a self-paced run of the Freedom lesson (no closing
  date, the key after the student's own tries);
- Ana and Ben work at the same time on their own devices, each with their own Back and Next,
  through the lesson's first three questions, some wrong first. Ben uses up his tries at a
  question: the key shows on his page only then (Ana's right answer showed it on hers, never on
  his). Ben's page is reloaded mid-run: it rejoins him and lands on the step he was on;
- the teacher's page shows each student's step and answers by itself, as they go;
- Cy comes later and goes through the whole lesson to its last step, answering every question;
- what the store holds (``room.lesson.run(id).answers()``, ``progress()``, ``report()``) is
  what was clicked and typed;
- the teacher ends the homework: the pages say, in plain words, that answers are closed;
- screenshots of the student's and the teacher's pages at 1366x768 and at 900 px wide go to
  test-artifacts/ui_browser/; at 900 px the student's Back, Next and Answer are on the screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import BrowserPage, Server, classroom_server, new_page
from uihelp import budget_ms, wait_until

from freight_freedom.classroom import Classroom
from freight_freedom.classroom.pacing import MAX_ATTEMPTS
from freight_freedom.classroom.pages.teacher import KEYS
from freight_freedom.classroom.pages.words import plain, shown_answer
from freight_freedom.lessons import Choice, lesson

pytestmark = pytest.mark.ui

THE = lesson("freedom")
N = len(THE.steps)
ASKED = [i for i, s in enumerate(THE.steps) if s.question is not None]
FIRST3 = ASKED[:3]
LAPTOP = {"width": 1366, "height": 768}
NARROW = {"width": 900, "height": 768}
#: Voila's own request on leaving a page (a reload): its kernel shutdown is refused for want of
#: an XSRF token (voila-dashboards/voila#1458, open); accepted only on a reloaded page
RELOAD_NOISE = re.compile(r"status of 403 .*\(at http://127\.0\.0\.1:\d+/voila/api/"
                          r"shutdown/[0-9a-f-]{36}\)")
#: what a student never reads: rule codes, Python names, attribute paths
DEVELOPER_WORDS = re.compile(r"\b(?:FR|SF)-|\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z_]{2,}\b"
                             r"|\bNone\b|\bTrue\b|\bFalse\b|Traceback")
VISIBLE_TEXT_JS = "() => document.body.innerText"
HEADING_JS = "() => (document.querySelector('h1') || {innerText: ''}).innerText.trim()"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Classroom]]:
    with classroom_server("homework", tmp_path_factory.mktemp("homework-home")) as started:
        yield started


class Student:
    """A student's device: their page, and what they answered (for the store's check)."""

    def __init__(self, bp: BrowserPage, name: str) -> None:
        self.bp, self.name = bp, name
        self.page = bp.page
        self.step = 0
        self.given: list[tuple[str, int, int, str, bool]] = []

    def at(self, step: int) -> None:
        """Wait until the page shows ``step`` (0-based) as the student's own step."""
        where = f"step {step + 1} of {N}"
        self.page.locator(".ff-student-own").filter(has_text=where).wait_for(
            timeout=budget_ms(30_000))
        self.page.locator(".ff-student-slide").filter(has_text=where).wait_for(
            timeout=budget_ms(30_000))
        self.step = step

    def next(self) -> None:
        self.page.locator(".ff-student-next:not([disabled])").click()
        self.at(self.step + 1)

    def back(self) -> None:
        self.page.locator(".ff-student-back:not([disabled])").click()
        self.at(self.step - 1)

    def walk(self, to: int) -> None:
        while self.step < to:
            self.next()

    def answer(self, given: str | int) -> str:
        """Answer the question on the page: an option's index, or typed text; the verdict."""
        q = THE.steps[self.step].question
        assert q is not None, f"step {self.step + 1} asks nothing"
        tries = sum(1 for g in self.given if g[1] == self.step)
        if isinstance(q, Choice):
            assert isinstance(given, int)
            label = plain(q.options[given], "freedom")
            self.page.locator(".ff-student-choices label").filter(
                has_text=re.compile("^" + re.escape(label) + "$")).first.click()
            text, ok = q.options[given], q.matches(given)
        else:
            assert isinstance(given, str)
            self.page.locator(".ff-student-text input").fill(given)
            text, ok = given, q.grade(given).ok
        self.page.locator(".ff-student-answer:not([disabled])").click()
        # the note under the question says the try was counted (a hint may read as the last)
        left = MAX_ATTEMPTS - tries - 1
        note = ("Right!" if ok else "Your tries are used" if left == 0 else
                f"You have {left} {'try' if left == 1 else 'tries'} left")
        self.page.locator(".ff-student-closed").filter(has_text=note).wait_for(
            timeout=budget_ms(30_000))
        feedback = self.page.locator(".ff-student-feedback")
        verdict = "Right" if ok else "Not quite"
        feedback.filter(has_text=verdict).wait_for(timeout=budget_ms(30_000))
        self.given.append((self.name, self.step, tries + 1, text, ok))
        return str(feedback.inner_text())

    def slide_text(self) -> str:
        return str(self.page.locator(".ff-student-slide").inner_text())

    def shows_key(self) -> bool:
        return "Answer:" in self.slide_text()


def open_student(browser: Any, server: Server, room: Classroom, name: str) -> Student:
    bp = new_page(browser, f"homework-{name}", LAPTOP)
    bp.page.goto(f"{server.url}/voila/render/student.ipynb?code={room.code}",
                 timeout=budget_ms(90_000))
    bp.page.locator(".ff-student-name input").fill(name, timeout=budget_ms(90_000))
    bp.page.locator(".ff-student-join").click()
    bp.page.locator(".ff-student-hello").filter(has_text=name).wait_for(
        timeout=budget_ms(30_000))
    return Student(bp, name)


def progress_row(teacher: BrowserPage, name: str) -> str:
    row = teacher.page.locator(".ff-teacher-progress tr").filter(has_text=name)
    return str(row.inner_text()) if row.count() else ""


def wait_progress(teacher: BrowserPage, name: str, step: int, answered: int,
                  right: int) -> None:
    """The teacher's page shows by itself that ``name`` is on ``step`` (0-based), with
    ``answered`` questions answered and ``right`` right."""
    questions = len(ASKED)
    want = re.compile(rf"{re.escape(name)}\s+{step + 1} of {N}\s+\d+\s+{answered} of "
                      rf"{questions}\s+{right}\b")
    wait_until(lambda: want.search(progress_row(teacher, name)), 30,
               f"the teacher's page to show {name} at step {step + 1}, {answered} answered "
               f"({progress_row(teacher, name)!r})")


def assert_words(bp: BrowserPage, where: str) -> str:
    text = re.sub(r"https?://\S+", "", str(bp.page.evaluate(VISIBLE_TEXT_JS)))
    bad = [text[max(0, m.start() - 50):m.end() + 30].replace("\n", " | ")
           for m in DEVELOPER_WORDS.finditer(text)]
    assert not bad, f"{bp.name} at {where} shows {bad[:4]}"
    return text


def on_screen(bp: BrowserPage, selector: str) -> bool:
    """Whether the element is wholly inside the viewport once scrolled into view."""
    loc = bp.page.locator(selector)
    loc.scroll_into_view_if_needed()
    box = loc.bounding_box()
    view = bp.page.viewport_size
    return box is not None and view is not None and box["x"] >= 0 and \
        box["x"] + box["width"] <= view["width"] and box["height"] > 0


def test_homework_at_each_students_own_pace(browser: Any,
                                            classroom: tuple[Server, Classroom],
                                            final_screenshot: Any) -> None:
    server, room = classroom
    assert room.pin is not None
    teacher = new_page(browser, "homework-teacher", LAPTOP)
    final_screenshot(teacher)
    tp = teacher.page
    tp.goto(f"{server.url}/voila/render/teacher.ipynb", timeout=budget_ms(90_000))
    tp.locator(".ff-teacher-pin input").fill(room.pin, timeout=budget_ms(90_000))
    tp.locator(".ff-teacher-login").click()
    tp.locator(".ff-teacher-start").wait_for(timeout=budget_ms(30_000))

    # the teacher sets homework: each student at their own pace, the key after their tries
    tp.locator(".ff-teacher-mode button").filter(has_text="Homework").click()
    tp.locator(".ff-teacher-start").filter(has_text="Start the homework").wait_for()
    tp.locator(".ff-teacher-key select").select_option(label=KEYS[0][0])
    teacher.screenshot("homework form")
    tp.locator(".ff-teacher-start").click()
    tp.locator(".ff-teacher-slide").filter(has_text="Homework").wait_for()
    (run_info,) = wait_until(lambda: room.lesson.runs(), 30, "the run the teacher started")
    assert run_info.mode == "self" and run_info.key_shown == "tries" and run_info.closes is None
    assert run_info.open
    run = room.lesson.run(run_info.id)

    # Ana and Ben, at the same time, on their own devices
    ana = open_student(browser, server, room, "Ana")
    ben = open_student(browser, server, room, "Ben")
    for s in (ana, ben):
        final_screenshot(s.bp)
        s.at(0)
        assert s.page.locator(".ff-student-back").is_disabled()
        heading = f"Class {room.code} · Homework: Freedom: The Underground Railroad"

        def headed(s: Student = s, heading: str = heading) -> bool:
            return bool(s.page.evaluate(HEADING_JS) == heading)

        wait_until(headed, 30, f"{s.name}'s heading to say homework")
    ana.bp.screenshot("homework step 1")
    q1, q2, q3 = FIRST3
    ana.walk(q1)
    ben.next()  # Ben reads more slowly
    wait_progress(teacher, "Ana", q1, 0, 0)
    wait_progress(teacher, "Ben", 1, 0, 0)
    assert "Next" in assert_words(ana.bp, "the first question")
    # Ana: wrong, then right; the key on her page only once she is right
    assert "Not quite" in ana.answer("Cincinnati")
    assert not ana.shows_key()
    assert "2 tries left" in ana.page.locator(".ff-student-closed").inner_text()
    ana.bp.screenshot("homework wrong answer")
    assert "Right" in ana.answer("Ripley")
    asked = THE.steps[q1].question
    assert asked is not None
    ana.page.locator(".ff-student-slide").filter(
        has_text=f"Answer: {shown_answer(asked, 'freedom', q1)}").wait_for()
    wait_progress(teacher, "Ana", q1, 1, 1)
    ben.walk(q1)
    assert not ben.shows_key(), "Ana's answer showed the key on Ben's page"
    assert "Right" in ben.answer("Ripley")
    wait_progress(teacher, "Ben", q1, 1, 1)

    # the second question: Ana right at once; Ben uses his three tries, the key shows only then
    ana.walk(q2)
    ben.walk(q2)
    q = THE.steps[q2].question
    assert isinstance(q, Choice)
    wrong = [i for i in range(len(q.options)) if not q.matches(i)]
    right = next(i for i in range(len(q.options)) if q.matches(i))
    assert "Right" in ana.answer(right)
    key = f"Answer: {shown_answer(q, 'freedom', q2)}"
    ana.page.locator(".ff-student-slide").filter(has_text=key).wait_for()
    for n, choice in enumerate(wrong[:3]):
        assert not ben.shows_key(), f"the key on Ben's page after {n} tries"
        assert q.why not in ben.page.content()
        ben.answer(choice)
    ben.page.locator(".ff-student-slide").filter(has_text=key).wait_for()
    assert ben.page.locator(".ff-student-answer").is_disabled()
    ben.bp.screenshot("homework key after the tries")
    wait_progress(teacher, "Ben", q2, 2, 1)
    teacher.screenshot("homework progress")

    # Ben goes on to the third question and reloads his page there: he lands on that step
    ben.walk(q3)
    ben.page.reload()
    ben.page.locator(".ff-student-hello").filter(has_text="Ben").wait_for(
        timeout=budget_ms(90_000))
    ben.at(q3)
    ben.bp.screenshot("homework after a reload")
    ana.walk(q3)
    q = THE.steps[q3].question
    assert isinstance(q, Choice)
    wrong = [i for i in range(len(q.options)) if not q.matches(i)]
    right = next(i for i in range(len(q.options)) if q.matches(i))
    ana.answer(wrong[0])
    ana.answer(right)
    ben.answer(right)
    # Back shows a step answered before, as it was left: the key there, answers closed
    ana.back()
    ana.walk(q3)
    wait_progress(teacher, "Ana", q3, 3, 3)
    wait_progress(teacher, "Ben", q3, 3, 2)

    # Cy, later: the whole lesson, every question (the first of each a wrong try if she can)
    cy = open_student(browser, server, room, "Cy")
    final_screenshot(cy.bp)
    cy.at(0)
    for step in range(N):
        if step:
            cy.next()
        q = THE.steps[step].question
        if q is None:
            continue
        if isinstance(q, Choice):
            wrong = [i for i in range(len(q.options)) if not q.matches(i)]
            if step % 2:
                cy.answer(wrong[0])
            cy.answer(next(i for i in range(len(q.options)) if q.matches(i)))
        else:
            if step % 2:
                cy.answer("zzz")
            cy.answer(shown_answer(q, "freedom", step))
        assert_words(cy.bp, f"step {step + 1}")
    assert cy.page.locator(".ff-student-next").is_disabled()
    cy.bp.screenshot("homework last step")
    wait_progress(teacher, "Cy", N - 1, len(ASKED), len(ASKED))

    # the store holds what was clicked and typed, try by try
    stored = [(a["student"], a["step"], a["attempt"], a["answer"], a["correct"])
              for a in run.answers()]
    given = ana.given + ben.given + cy.given
    assert sorted(stored) == sorted(given)
    for s in (ana, ben, cy):  # each student's tries in the order given
        assert [g for g in stored if g[0] == s.name] == s.given
    progress = {p.name: p for p in run.progress()}
    assert (progress["Ana"].step, progress["Ana"].reached, progress["Ana"].answered,
            progress["Ana"].right) == (q3, q3, 3, 3)
    assert (progress["Ben"].step, progress["Ben"].reached, progress["Ben"].answered,
            progress["Ben"].right) == (q3, q3, 3, 2)
    assert (progress["Cy"].step, progress["Cy"].reached, progress["Cy"].answered,
            progress["Cy"].right) == (N - 1, N - 1, len(ASKED), len(ASKED))
    report = {r.name: r for r in run.report().student_rows}
    assert (report["Ana"].first_right, report["Ana"].final_right, report["Ana"].tries) == (1, 3, 5)
    assert (report["Ben"].first_right, report["Ben"].final_right, report["Ben"].tries) == (2, 2, 5)
    assert report["Cy"].final_right == len(ASKED)

    # the pages at 900 px wide: Back, Next and Answer on the screen
    for s in (ana, ben):
        s.page.set_viewport_size(NARROW)
    ben.bp.screenshot("homework 900 wide")
    for selector in (".ff-student-back", ".ff-student-next", ".ff-student-answer"):
        def inside(selector: str = selector) -> bool:
            return on_screen(ben.bp, selector)

        assert wait_until(inside, 10, f"{selector} inside Ben's page at 900 px")
    tp.set_viewport_size(NARROW)
    teacher.screenshot("homework progress 900 wide")
    assert on_screen(teacher, ".ff-teacher-end-run")
    tp.set_viewport_size(LAPTOP)

    # the teacher ends the homework: the pages say answers are closed, in words
    ana.walk(ASKED[3])  # a question Ana has not answered yet
    assert not ana.page.locator(".ff-student-answer").is_disabled()
    tp.locator(".ff-teacher-end-run:not([disabled])").click()  # it asks first
    tp.locator(".ff-teacher-end-run").filter(has_text="Press again").click()
    tp.locator(".ff-teacher-slide").filter(has_text="answers are closed").wait_for()
    for s in (ana, ben):
        s.page.locator(".ff-student-own").filter(has_text="answers are closed").wait_for()
        s.page.locator(".ff-student-closed").filter(
            has_text="Your teacher has ended this homework: answers are closed.").wait_for()
        assert s.page.locator(".ff-student-answer").is_disabled()
        assert_words(s.bp, "the homework ended")
    ana.bp.screenshot("homework ended")
    assert not room.lesson.runs()[0].open
    teacher.screenshot("homework ended")
    for bp, reloaded in ((teacher, False), (ana.bp, False), (ben.bp, True), (cy.bp, False)):
        if reloaded:
            bp.errors[:] = [e for e in bp.errors if not RELOAD_NOISE.search(e)]
        assert not bp.errors, f"{bp.name}: {bp.errors}"
    for s in (ana, ben, cy):
        s.page.context.close()
    tp.context.close()
