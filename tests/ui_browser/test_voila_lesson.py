"""Both lessons in Voila, as a teacher projects them: every step with Next, each question
answered, the try-it task played and checked, then Back to the first step; and on every step,
no code on the page.

The pages are ``notebooks/freedom_walkthrough.ipynb`` and ``notebooks/slow_freight_walkthrough
.ipynb`` rendered by the session's Voila server (a temporary copy of ``notebooks/``). The
answers come from the lesson data in Python (the keys never reach the page); the page is checked
against the lesson after every click: the step's title, its place in the header, the verdict of
each answer, and no console error at the end.

Words, not codes: on every step, before and after its question is answered, every rule chip of
the lesson is opened and the lesson's visible text (``innerText``: no tooltips) is searched for
rule codes (``FR-``, ``SF-``), internal ids (``t3``, ``train14``, ``c1_2x1``, ``SCENARIO``),
attribute paths (``game.round``) and other code (:data:`CODE`).

The figures below the notebook's line (stored as plotly outputs, so that the notebook's file
keeps them as data) are drawn in Voila as FigureWidgets: plotly's mimetype renderer calls
``setData`` on an output model that Voila's page does not give it, and threw "r.setData is not
a function" once per figure (see ``freight_freedom.ui.display.figures_as_widgets``). The
test checks each of them is drawn and that the page logged no error at all.
"""

from __future__ import annotations

import re
from typing import Any

import nbformat
import pytest
from uihelp import CODE, budget_ms, wait_until

from freight_freedom.lessons import Lesson, lesson
from freight_freedom.lessons.questions import Choice, FreeText, MapClick
from freight_freedom.lessons.screen_text import action_words

pytestmark = pytest.mark.ui

NOTEBOOKS = {"slowfreight": "slow_freight_walkthrough.ipynb",
             "freedom": "freedom_walkthrough.ipynb"}
#: the try-it task of each lesson, played as a class would, and words of its verdict
TRY_IT = {"slowfreight": (("1:take 0 t2", "1:take 1 t2", "1:take 2 t2"),
                          "Mixed Freight train of three cars"),
          "freedom": (("0:play c1_2x1", "0:move richmond harpers_ferry"), "Safe:")}
PLOTLY = "application/vnd.plotly.v1+json"
OPEN_CHIPS = "() => document.querySelectorAll('.ff-lesson details').forEach(d => d.open = true)"
LESSON_TEXT = "() => document.querySelector('.ff-lesson').innerText"


def stored_figures(path: Any) -> int:
    nb = nbformat.read(path, as_version=4)
    return sum(PLOTLY in o.get("data", {}) for c in nb.cells if c.cell_type == "code"
               for o in c.get("outputs", []))
#: plots with a drawn trace outside the lesson widget (the figures the notebook's cells show)
DRAWN_FIGURES = """() => [...document.querySelectorAll('.js-plotly-plot')].filter(
    p => !p.closest('.ff-lesson') && (p._fullData || []).length > 0).length"""


def plain(text: str) -> str:
    """Markdown and HTML marks and spacing removed, for comparing words only."""
    text = re.sub(r"[*_`]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def right_answer(q: Any) -> str:
    if isinstance(q, Choice):
        return q.options[q.key]
    if isinstance(q, (FreeText, MapClick)):
        return q.accept[0]
    raise AssertionError(f"unknown question type {type(q).__name__}")


def on_step(page: Any, les: Lesson, index: int) -> None:
    """Wait until the page shows step ``index``: its title and its number in the header."""
    step, n = les.steps[index], len(les.steps)
    wait_until(lambda: plain(page.locator(".ff-lesson-title").inner_text()) == plain(step.title)
               and f"{index + 1} of {n} in all" in page.locator(".ff-lesson-header").inner_text(),
               30, f"step {index + 1} ({step.title})")


def no_code(page: Any, les: Lesson, index: int, when: str) -> None:
    """Every rule chip opened, the lesson's visible text holds no code."""
    page.evaluate(OPEN_CHIPS)
    text = str(page.evaluate(LESSON_TEXT))
    bad = CODE.search(text)
    assert bad is None, (f"step {index + 1} ({les.steps[index].title}), {when}: "
                         f"{bad.group(0)!r} on the page:\n{text}")


def click(page: Any, selector: str) -> None:
    """Click a control of the lesson's text column. The column scrolls on its own (it is as tall
    as the board), so first scroll it, as a reader would, with the mouse wheel over it."""
    target = page.locator(selector)
    target.scroll_into_view_if_needed()
    page.locator(".ff-lesson-title").hover()
    page.mouse.wheel(0, 2000)
    target.click()


def answer(page: Any, les: Lesson, index: int) -> None:
    q = les.steps[index].question
    given = right_answer(q)
    if isinstance(q, Choice):
        page.locator(".ff-lesson .widget-radio-box label").filter(
            has_text=re.compile(rf"^\s*{re.escape(given)}\s*$")).click()
    else:
        box = page.locator(".ff-lesson .widget-text input[type=text]").first
        box.fill(f"  {given.upper()} ")  # forgiving matching: case and spaces do not count
        box.press("Tab")
    click(page, ".ff-lesson-answer")
    expected = plain(q.grade(given).text)[:40]
    wait_until(lambda: expected in plain(page.locator(".ff-lesson-feedback").inner_text()),
               30, f"the verdict on step {index + 1}: {expected!r}")


def try_it(page: Any, name: str, les: Lesson, index: int) -> None:
    """Play the task's actions by choosing them in the list (by the words the page shows),
    then Check."""
    actions, verdict = TRY_IT[name]
    game = les.game_at(index)
    for action in actions:
        label = action_words(game, action)
        select = page.locator(".ff-lesson .widget-select select").first

        def options(select: Any = select) -> list[str]:
            # ipywidgets writes the labels' spaces as no-break spaces
            return [str(t) for t in select.locator("option").evaluate_all(
                "os => os.map(o => o.textContent.replace(/\\u00a0/g, ' ').trim())")]

        wait_until(lambda label=label: label in options(), 30, f"the action {label!r}")
        select.select_option(index=options().index(label))
        click(page, ".ff-lesson-play")
        game.apply(action)
    click(page, ".ff-lesson-check")
    wait_until(lambda: verdict in page.locator(".ff-lesson-try-feedback").inner_text(), 30,
               "the task's verdict")


@pytest.mark.parametrize("name", list(NOTEBOOKS))
def test_whole_lesson_back_and_next_with_every_question_answered_and_no_code_shown(
        name: str, browser: Any, voila_server: Any, notebook_dir: Any, open_page: Any,
        final_screenshot: Any) -> None:
    les, notebook = lesson(name), NOTEBOOKS[name]
    n = len(les.steps)
    bp = open_page(browser, f"voila-lesson-{name}")
    final_screenshot(bp)
    page = bp.page
    try:
        page.goto(f"{voila_server.url}/voila/render/{notebook}", timeout=budget_ms(90_000))
        page.locator(".ff-lesson-next").wait_for(timeout=budget_ms(90_000))
        voila_server.remember_children()
        assert page.locator(".ff-lesson-back").is_disabled()
        answered = tried = 0
        for index, step in enumerate(les.steps):
            on_step(page, les, index)
            page.locator(".ff-lesson-board .js-plotly-plot .main-svg").first.wait_for(
                timeout=budget_ms(30_000))
            no_code(page, les, index, "as it opens")
            if step.question is not None:
                answer(page, les, index)
                answered += 1
                no_code(page, les, index, "after the answer")
            if step.try_it is not None:
                try_it(page, name, les, index)
                tried += 1
                no_code(page, les, index, "after the task")
            if index < n - 1:
                page.locator(".ff-lesson-next").click()
        assert page.locator(".ff-lesson-next").is_disabled()
        assert answered == sum(s.question is not None for s in les.steps) >= 6
        assert tried == 1
        bp.screenshot("last-step")
        for index in range(n - 2, -1, -1):
            page.locator(".ff-lesson-back").click()
            on_step(page, les, index)
        assert page.locator(".ff-lesson-back").is_disabled()
        figures = stored_figures(notebook_dir.root / notebook)
        wait_until(lambda: page.evaluate(DRAWN_FIGURES) == figures, 30,
                   f"the notebook's {figures} figures below the lesson, drawn")
        assert bp.js_errors() == [], "JavaScript errors in the page:\n" + "\n".join(
            bp.js_errors())
    except Exception:
        bp.screenshot("failure")
        raise
    finally:
        page.context.close()
