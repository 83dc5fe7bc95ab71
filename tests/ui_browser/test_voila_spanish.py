"""Whole games in Spanish: each game's notebook opened in Voila with ``?lang=es`` (a student's
link), played to its end by clicks as ``test_voila_whole_games`` plays it, the page checked
against the engine's own account after every click (read in Spanish), and no English left on
screen: no word of the English catalog that no Spanish text uses (:mod:`english_left`; names
of people and places the catalog keeps as they are, are not English).

Screenshots at 1366x768 and 900 px wide are kept in ``test-artifacts/ui_browser/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from english_left import english_left
from test_voila_whole_games import VISIBLE_TEXT_JS, Oracle, Player
from uihelp import PLAY_FREEDOM, PLAY_SLOW_FREIGHT, AppPage, open_voila_app

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.i18n import using
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.slowfreight.bots import GreedyBot

pytestmark = pytest.mark.ui


def assert_spanish(app: AppPage, what: str) -> None:
    """No English word of the catalog in what the app shows now."""
    text = app.page.evaluate(VISIBLE_TEXT_JS)
    left = english_left(text)
    if left:
        app.bp.screenshot("english-left")
        lines = [line for line in text.splitlines() if english_left(line)][:6]
        raise AssertionError(f"after {what} the Spanish page shows English {sorted(left)}: "
                             f"{lines}")


class SpanishPlayer(Player):
    """:class:`Player` reading the engine in Spanish, checking the page has no English."""

    def check(self, origin: str | None = None, started: float | None = None,
              what: str = "") -> None:
        with using("es"):
            super().check(origin, started, what)
        assert_spanish(self.app, what or "the last click")


def play_whole(app: AppPage, game_cls: Any, chooser: Any) -> SpanishPlayer:
    with using("es"):
        game = app.saved_game()
        assert game.history == ()
        player = SpanishPlayer(app, game, {0}, chooser, Oracle(game))
        player.check(what="start")
        player.play_to(lambda g: g.round == 2)
        app.page.set_viewport_size({"width": 1366, "height": 768})
        app.bp.screenshot("es-1366x768")
        app.page.set_viewport_size({"width": 900, "height": 1000})
        app.bp.screenshot("es-900")
        app.page.set_viewport_size({"width": 1500, "height": 1300})
        player.play_to(lambda g: False)
    assert player.game.is_over
    assert "Fin de la partida." in app.prompt()
    assert app.saved_game().digest() == player.game.digest()
    for tab in ("Log", "State", "Moves", "Save / load", "New game"):
        app.tab(tab)
        assert_spanish(app, f"opening the tab {tab!r}")
    return player


@pytest.fixture(scope="module")
def freedom_es(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-spanish-freedom")
    yield open_voila_app(bp, voila_server, PLAY_FREEDOM, Freedom, lang="es")
    bp.page.context.close()


@pytest.fixture(scope="module")
def slow_freight_es(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-spanish-slow-freight")
    yield open_voila_app(bp, voila_server, PLAY_SLOW_FREIGHT, SlowFreight, lang="es")
    bp.page.context.close()


def test_freedom_whole_game_in_spanish(freedom_es: AppPage, final_screenshot: Any) -> None:
    final_screenshot(freedom_es.bp)
    player = play_whole(freedom_es, Freedom, HeuristicBot())
    assert player.clicks, "the human seat made no decision"


def test_slow_freight_whole_game_in_spanish(slow_freight_es: AppPage,
                                            final_screenshot: Any) -> None:
    final_screenshot(slow_freight_es.bp)
    player = play_whole(slow_freight_es, SlowFreight, GreedyBot(1))
    assert player.clicks, "the human seat made no decision"
