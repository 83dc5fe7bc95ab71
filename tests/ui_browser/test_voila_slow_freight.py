"""Slow Freight in Voila, in headless Chromium: what a player sees and does.

One page (one kernel) for the module: ``notebooks/play_slow_freight.ipynb`` rendered by Voila.
Every check compares the page with the engine's own account of the game shown in it (decoded
from the app's *Save game* link, see :mod:`uihelp`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from uihelp import (
    PLAY_SLOW_FREIGHT,
    AppPage,
    assert_no_js_errors,
    drawn_points,
    figure_differences,
    open_voila_app,
    screen,
    wait_stable,
    wait_until,
)

from freight_freedom import SlowFreight

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def app(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-slow-freight")
    yield open_voila_app(bp, voila_server, PLAY_SLOW_FREIGHT, SlowFreight)
    bp.page.context.close()


@pytest.fixture(autouse=True)
def _end_screenshot(app: AppPage, final_screenshot: Any) -> None:
    final_screenshot(app.bp)


def human_turn(app: AppPage) -> SlowFreight:
    """The page's game at a human decision (pressing "Bots to my turn" if a bot is to move)."""
    if "(human)" not in app.prompt():
        app.act("Bots to my turn")
    # the step count (the app's title) is drawn first, the prompt by a later message
    wait_until(lambda: "(human)" in app.prompt(), 10, "the prompt to name the human's turn")
    game = app.saved_game()
    assert not game.is_over
    return game


def pick(game: SlowFreight) -> Any:
    """A move that changes the picture: take a face-up card, else bring a Locomotive, else any."""
    legal = game.legal_actions()
    for kind in ("take", "loco"):
        for action in legal:
            if action.kind == kind:
                return action
    return legal[0]


def test_table_renders_the_game(app: AppPage) -> None:
    game = app.saved_game()
    app.bp.screenshot("table-rendered")
    app.wait_figure_matches(game)
    state = game.state_dict()
    trains = sum(len(p["trains"]) for p in state["players"])
    assert trains >= len(state["players"]), "each player starts with a train"
    # what is drawn, not only what is in the data: one Locomotive marker per train
    assert drawn_points(app.page, "Locomotive") == trains
    assert drawn_points(app.page, "face-up cards") == len(state["face_up"]) == 3
    assert drawn_points(app.page, "clocks") == state["clocks_in_game"]
    assert screen(game, game.prompt.text) in app.prompt()
    for action in game.legal_actions():
        assert app.offers(game, action), f"{action} is not offered"
    assert_no_js_errors(app)


# Regression: the Mixed Freight bonus chips were once drawn right of the table's fixed x range
# and cut off (found by this test, fixed in bca240d).
def test_every_marker_is_inside_the_table(app: AppPage) -> None:
    outside = app.page.evaluate("""() => {
        const gd = document.querySelector('.ff-app .ff-figure .js-plotly-plot');
        const [x0, x1] = gd._fullLayout.xaxis.range;
        const [y0, y1] = gd._fullLayout.yaxis.range;
        const out = [];
        gd.data.forEach(t => (t.x || []).forEach((x, i) => {
            const y = t.y[i];
            if (x === null || y === null) return;
            if (x < x0 || x > x1 || y < Math.min(y0, y1) || y > Math.max(y0, y1))
                out.push(`${t.name}[${i}] at (${x}, ${y})`);
        }));
        return out;
    }""")
    assert outside == [], f"drawn outside the visible table: {outside}"


def test_play_turns_by_clicking(app: AppPage) -> None:
    for turn in range(3):
        before = human_turn(app)
        action = pick(before)
        app.act_on(before, action)
        after = app.saved_game()
        # the page applied exactly the clicked action, then the bots answered
        assert after.history[: len(before.history) + 1] == (*before.history, action)
        app.wait_figure_matches(after)
        app.wait_log_matches(after)
        assert screen(after, after.prompt.text) in app.prompt()
        app.bp.screenshot(f"turn-{turn + 1}-{action.kind}")
    assert_no_js_errors(app)


def test_undo_restores_the_previous_picture(app: AppPage) -> None:
    before = human_turn(app)
    picture = app.figure()
    app.wait_log_matches(before)
    action = pick(before)
    steps = app.act_on(before, action)
    added = steps - len(before.history)
    assert added >= 1
    app.bp.screenshot("before-undo")
    assert figure_differences(app.figure(), picture), "the move did not change the figure"
    for _ in range(added):  # a bot's answer is a step too
        app.act("Undo")
    assert app.steps() == len(before.history)
    wait_until(lambda: not figure_differences(app.figure(), picture), 20,
               "the figure to be the picture before the move")
    after = app.saved_game()
    assert after.digest() == before.digest()
    app.wait_log_matches(after)
    app.bp.screenshot("after-undo")
    assert_no_js_errors(app)


def test_bad_save_file_shows_an_error_and_the_game_goes_on(app: AppPage, tmp_path: Path) -> None:
    before = human_turn(app)
    picture = app.figure()
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00not a save file {{{")
    app.upload(garbage)
    wait_until(app.alert, 20, "an error message in the page")
    assert "Could not load garbage.json" in app.alert(), app.alert()
    app.bp.screenshot("garbage-save-error")

    tampered = json.loads(before.to_json())
    tampered["history"].append("0:take 9 nowhere")
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(tampered))
    app.upload(bad)
    wait_until(lambda: "tampered.json" in app.alert(), 20, "the tampered file's error")
    app.bp.screenshot("tampered-save-error")

    # the game is untouched, and goes on
    assert app.steps() == len(before.history)
    assert not figure_differences(app.figure(), picture)
    assert app.saved_game().digest() == before.digest()
    action = pick(before)
    app.act_on(before, action)
    wait_until(lambda: app.alert() == "", 10, "the error to clear after a move")
    assert app.saved_game().history[len(before.history)] == action
    assert_no_js_errors(app)


#: where the app's title and prompt are against the output cell that holds the app
APP_IN_CELL_JS = """() => {
    const top = e => Math.round(e.getBoundingClientRect().top);
    const app = document.querySelector('.ff-app');
    return {cell: top(app.closest('.jp-OutputArea-output')), app: top(app),
            title: top(app.querySelector('.ff-title')),
            prompt: top(app.querySelector('.ff-prompt'))};
}"""


def test_the_app_stays_inside_its_output_on_a_1366x800_screen(
        browser: Any, voila_server: Any, open_page: Any) -> None:
    """Aligned on its baseline in the output's table cell, the app opened at 1366x800 was drawn
    with its board row above the cell a second later, out of sight and out of reach (the
    title and the choices included): the cell aligns the app to its top (layout_css.APP_CSS).
    (Seen on a page opened at that size, not on one resized to it.)"""
    bp = open_page(browser, "voila-slow-freight-1366x800", {"width": 1366, "height": 800})
    try:
        open_voila_app(bp, voila_server, PLAY_SLOW_FREIGHT, SlowFreight)
        # the layout moved about a second after the app was drawn: settled means 2 s unchanged
        where = wait_stable(bp.page, APP_IN_CELL_JS, "the app's layout", reads=14)
        bp.screenshot("1366x800")
        assert where["app"] >= where["cell"] - 1, where
        assert where["cell"] <= where["title"] < where["prompt"] < 800, where
    finally:
        bp.page.context.close()
