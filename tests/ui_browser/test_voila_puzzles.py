"""Every puzzle page in Voila, as a student meets it: each puzzle chosen from the list, a wrong
choice answered, then the right one, with the teacher's proof shown at the end; on every page
no code or internal id (the lesson test's :data:`CODE`).

The page is ``notebooks/puzzles.ipynb`` rendered by the session's Voila server; its first two
cells show the Freedom and the Slow Freight puzzles (one :class:`PuzzleWidget` each). It is
walked in English and in Spanish (``?lang=es``, a student's link): in Spanish, every puzzle is
answered by its Spanish choices and no English is left on the page (:mod:`english_left`).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from english_left import english_left
from uihelp import CODE, budget_ms, wait_until

from freight_freedom.core.i18n import _, using
from freight_freedom.core.say import shown
from freight_freedom.lessons.puzzles import grade, puzzles, say, solve

pytestmark = pytest.mark.ui

PUZZLE_TEXT = "(w) => w.innerText"


def _no_code(widget: Any, where: str, lang: str = "en") -> str:
    text = str(widget.evaluate(PUZZLE_TEXT))
    bad = CODE.search(text)
    assert bad is None, f"{where}: {bad.group(0)!r} on the page:\n{text}"
    if lang != "en":
        left = english_left(text)
        assert not left, f"{where}: English {sorted(left)} on the page:\n{text}"
    return text


def _answer(widget: Any, label: str, expected: str, where: str) -> None:
    widget.locator(".widget-radio-box label").filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).click()
    widget.get_by_role("button", name=_("Answer")).click()
    words = " ".join(expected.split())[:40]
    wait_until(lambda: words in " ".join(widget.locator("[role=status]").inner_text().split()),
               30, f"{where}: the verdict {words!r}")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_puzzle_page_shows_words_not_codes(lang: str, browser: Any, voila_server: Any,
                                                 open_page: Any,
                                                 final_screenshot: Any) -> None:
    bp = open_page(browser, f"voila-puzzles-{lang}")
    final_screenshot(bp)
    page = bp.page
    query = "" if lang == "en" else f"?lang={lang}"
    try:
        page.goto(f"{voila_server.url}/voila/render/puzzles.ipynb{query}",
                  timeout=budget_ms(90_000))
        page.locator(".ff-puzzle").nth(1).wait_for(timeout=budget_ms(90_000))
        voila_server.remember_children()
        seen = 0
        with using(lang):
            for nth, game_name in enumerate(("freedom", "slowfreight")):
                widget = page.locator(".ff-puzzle").nth(nth)
                for index, p in enumerate(puzzles(game_name)):
                    title = shown(p.title)
                    where = f"{game_name} puzzle {index + 1} ({title})"
                    widget.locator("select").first.select_option(index=index)
                    game = p.build()
                    wait_until(lambda t=title, w=widget: t in w.locator("h3").inner_text(), 30,
                               f"{where}: its title")
                    _no_code(widget, f"{where}, as it opens", lang)
                    options = [str(a) for a in game.legal_actions() if str(a) in p.options]
                    solution = solve(p)
                    wrong = next(a for a in options if a != p.answer)
                    for action in (wrong, p.answer):
                        label = say(game, game.legal_actions()[
                            [str(a) for a in game.legal_actions()].index(action)])
                        _answer(widget, label, grade(p, action, solution)[1], where)
                        _no_code(widget, f"{where}, after answering {label!r}", lang)
                    seen += 1
                widget.get_by_role("button", name=_("Teacher view")).click()
                proof = _("Proof")
                wait_until(lambda widget=widget, proof=proof: proof in widget.inner_text(), 60,
                           f"the {game_name} proof")
                _no_code(widget, f"the {game_name} teacher view", lang)
        assert seen == len(puzzles())
        assert bp.js_errors() == [], "JavaScript errors in the page:\n" + "\n".join(
            bp.js_errors())
    except Exception:
        bp.screenshot("failure")
        raise
    finally:
        page.context.close()
