"""Every puzzle page in Voila, as a student meets it: each puzzle chosen from the list, a wrong
choice answered, then the right one, with the teacher's proof shown at the end; on every page
no code or internal id (the lesson test's :data:`CODE`).

The page is ``notebooks/puzzles.ipynb`` rendered by the session's Voila server; its first two
cells show the Freedom and the Slow Freight puzzles (one :class:`PuzzleWidget` each).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from uihelp import CODE, budget_ms, wait_until

from freight_freedom.lessons.puzzles import grade, puzzles, say, solve

pytestmark = pytest.mark.ui

PUZZLE_TEXT = "(w) => w.innerText"


def _no_code(widget: Any, where: str) -> str:
    text = str(widget.evaluate(PUZZLE_TEXT))
    bad = CODE.search(text)
    assert bad is None, f"{where}: {bad.group(0)!r} on the page:\n{text}"
    return text


def _answer(widget: Any, label: str, expected: str, where: str) -> None:
    widget.locator(".widget-radio-box label").filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).click()
    widget.get_by_role("button", name="Answer").click()
    words = " ".join(expected.split())[:40]
    wait_until(lambda: words in " ".join(widget.locator("[role=status]").inner_text().split()),
               30, f"{where}: the verdict {words!r}")


def test_every_puzzle_page_shows_words_not_codes(browser: Any, voila_server: Any,
                                                 open_page: Any,
                                                 final_screenshot: Any) -> None:
    bp = open_page(browser, "voila-puzzles")
    final_screenshot(bp)
    page = bp.page
    try:
        page.goto(f"{voila_server.url}/voila/render/puzzles.ipynb", timeout=budget_ms(90_000))
        page.locator(".ff-puzzle").nth(1).wait_for(timeout=budget_ms(90_000))
        voila_server.remember_children()
        seen = 0
        for nth, game_name in enumerate(("freedom", "slowfreight")):
            widget = page.locator(".ff-puzzle").nth(nth)
            for index, p in enumerate(puzzles(game_name)):
                where = f"{game_name} puzzle {index + 1} ({p.title})"
                widget.locator("select").first.select_option(index=index)
                game = p.build()
                wait_until(lambda p=p, w=widget: p.title in w.locator("h3").inner_text(), 30,
                           f"{where}: its title")
                _no_code(widget, f"{where}, as it opens")
                options = [str(a) for a in game.legal_actions() if str(a) in p.options]
                solution = solve(p)
                wrong = next(a for a in options if a != p.answer)
                for action in (wrong, p.answer):
                    label = say(game, game.legal_actions()[
                        [str(a) for a in game.legal_actions()].index(action)])
                    _answer(widget, label, grade(p, action, solution)[1], where)
                    _no_code(widget, f"{where}, after answering {label!r}")
                seen += 1
            widget.get_by_role("button", name="Teacher view").click()
            wait_until(lambda widget=widget: "Proof" in widget.inner_text(), 60,
                       f"the {game_name} proof")
            _no_code(widget, f"the {game_name} teacher view")
        assert seen == len(puzzles())
        assert bp.js_errors() == [], "JavaScript errors in the page:\n" + "\n".join(
            bp.js_errors())
    except Exception:
        bp.screenshot("failure")
        raise
    finally:
        page.context.close()
