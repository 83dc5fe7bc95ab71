"""Both lessons in Spanish in Voila (``?lang=es``, a student's link), walked as a class walks them:
every step with Next (its Spanish title and place in the header), each question answered in
Spanish (the option's Spanish words, a typed Spanish answer), the try-it task played and checked;
on every step, every rule chip opened, no code and no English on the page (:mod:`english_left`:
no word of the English catalog that no Spanish text uses; names of people and places are not
English).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from english_left import english_left
from test_voila_lesson import LESSON_TEXT, NOTEBOOKS, OPEN_CHIPS, TRY_IT, click, plain
from uihelp import CODE, budget_ms, wait_until

from freight_freedom.core.i18n import _, using
from freight_freedom.core.say import shown
from freight_freedom.lessons import Lesson, lesson
from freight_freedom.lessons.questions import Choice, FreeText, MapClick
from freight_freedom.lessons.screen_text import action_words

pytestmark = pytest.mark.ui


def on_step(page: Any, les: Lesson, index: int) -> None:
    step, n = les.steps[index], len(les.steps)
    title = plain(shown(step.title))
    wait_until(lambda: plain(page.locator(".ff-lesson-title").inner_text()) == title
               and f"{index + 1} de {n} en total" in page.locator(
                   ".ff-lesson-header").inner_text(), 30, f"step {index + 1} ({title})")


def spanish_only(page: Any, les: Lesson, index: int, when: str) -> None:
    page.evaluate(OPEN_CHIPS)
    text = str(page.evaluate(LESSON_TEXT))
    bad = CODE.search(text)
    assert bad is None, f"step {index + 1}, {when}: {bad.group(0)!r} on the page:\n{text}"
    left = english_left(text)
    lines = [line for line in text.splitlines() if english_left(line)][:5]
    assert not left, f"step {index + 1}, {when}: English {sorted(left)} on the page: {lines}"


def right_answer(q: Any) -> str:
    if isinstance(q, Choice):
        return q.shown_options()[q.key]
    if isinstance(q, (FreeText, MapClick)):
        return shown(q.accept[0])
    raise AssertionError(f"unknown question type {type(q).__name__}")


def answer(page: Any, les: Lesson, index: int) -> None:
    q = les.steps[index].question
    given = right_answer(q)
    if isinstance(q, Choice):
        page.locator(".ff-lesson .widget-radio-box label").filter(
            has_text=re.compile(rf"^\s*{re.escape(given)}\s*$")).click()
    else:
        box = page.locator(".ff-lesson .widget-text input[type=text]").first
        box.fill(given)
        box.press("Tab")
    click(page, ".ff-lesson-answer")
    graded = q.grade(given)
    assert graded.ok, f"step {index + 1}: the Spanish answer {given!r} is not taken"
    expected = plain(graded.text)[:40]
    wait_until(lambda: expected in plain(page.locator(".ff-lesson-feedback").inner_text()),
               30, f"the verdict on step {index + 1}: {expected!r}")


def try_it(page: Any, name: str, les: Lesson, index: int) -> None:
    actions, english_verdict = TRY_IT[name]
    game = les.game_at(index)
    for action in actions:
        label = action_words(game, action)
        select = page.locator(".ff-lesson .widget-select select").first

        def options(select: Any = select) -> list[str]:
            return [str(t) for t in select.locator("option").evaluate_all(
                "os => os.map(o => o.textContent.replace(/\\u00a0/g, ' ').trim())")]

        wait_until(lambda label=label: label in options(), 30, f"the action {label!r}")
        select.select_option(index=options().index(label))
        click(page, ".ff-lesson-play")
        game.apply(action)
    click(page, ".ff-lesson-check")
    feedback = page.locator(".ff-lesson-try-feedback")
    wait_until(lambda: feedback.inner_text().strip() != "", 30, "the task's verdict")
    text = feedback.inner_text()
    assert english_verdict not in text and not english_left(text), text


@pytest.mark.parametrize("name", list(NOTEBOOKS))
def test_whole_lesson_in_spanish(name: str, browser: Any, voila_server: Any, open_page: Any,
                                 final_screenshot: Any) -> None:
    les, notebook = lesson(name), NOTEBOOKS[name]
    bp = open_page(browser, f"voila-lesson-es-{name}")
    final_screenshot(bp)
    page = bp.page
    try:
        page.goto(f"{voila_server.url}/voila/render/{notebook}?lang=es",
                  timeout=budget_ms(90_000))
        page.locator(".ff-lesson-next").wait_for(timeout=budget_ms(90_000))
        voila_server.remember_children()
        with using("es"):
            assert page.locator(".ff-lesson-next").inner_text().strip() == _("Next")
            for index, step in enumerate(les.steps):
                on_step(page, les, index)
                page.locator(".ff-lesson-board .js-plotly-plot .main-svg").first.wait_for(
                    timeout=budget_ms(30_000))
                spanish_only(page, les, index, "as it opens")
                if step.question is not None:
                    answer(page, les, index)
                    spanish_only(page, les, index, "after the answer")
                if step.try_it is not None:
                    try_it(page, name, les, index)
                    spanish_only(page, les, index, "after the task")
                if index == 1:
                    page.set_viewport_size({"width": 900, "height": 1000})
                    bp.screenshot("es-900")
                    page.set_viewport_size({"width": 1500, "height": 1300})
                if index < len(les.steps) - 1:
                    page.locator(".ff-lesson-next").click()
        assert page.locator(".ff-lesson-next").is_disabled()
        assert bp.js_errors() == [], "JavaScript errors in the page:\n" + "\n".join(
            bp.js_errors())
    except Exception:
        bp.screenshot("failure")
        raise
    finally:
        page.context.close()
