"""Keyboard, screen readers, the move list and the bots' playback, in Voila and Chromium.

One page of ``notebooks/play_freedom.ipynb`` (Player 1 human, Player 2 a bot) and one of Slow
Freight. The accessibility check is axe-core (shipped by ``axe-playwright-python``) on the
app's own elements (``.ff-app``): no serious or critical violation. Then as a keyboard user:
the first stop of the Tab key in the app is a choice of the pending decision, and after a
choice made with the keyboard the focus is back among the choices (not on the page body). The
move list shows the board at a past step read-only and leads back; the bots play back at the
chosen pace, one line a move, and Skip finishes at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from uihelp import (
    PLAY_FREEDOM,
    PLAY_SLOW_FREIGHT,
    STEPS,
    AppPage,
    assert_no_js_errors,
    budget_ms,
    open_voila_app,
    wait_stable,
    wait_until,
)

from freight_freedom import Freedom, SlowFreight
from freight_freedom.ui.log_view import game_at

pytestmark = pytest.mark.ui

SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="module")
def app(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-access-freedom")
    yield open_voila_app(bp, voila_server, PLAY_FREEDOM, Freedom)
    bp.page.context.close()


@pytest.fixture(autouse=True)
def _end_screenshot(app: AppPage, final_screenshot: Any) -> None:
    final_screenshot(app.bp)


def axe_violations(page: Any) -> list[str]:
    """Serious and critical axe-core violations within the app's elements, in words."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"include": [[".ff-app"]]},
                        options={"resultTypes": ["violations"]})
    out = []
    for violation in results.response["violations"]:
        if violation["impact"] in SERIOUS:
            targets = [str(n["target"]) for n in violation["nodes"][:4]]
            out.append(f"{violation['id']} ({violation['impact']}): {violation['help']} "
                       f"- {len(violation['nodes'])} nodes, e.g. {targets}")
    return out


def test_axe_finds_no_serious_violation_in_the_freedom_app(app: AppPage) -> None:
    app.page.locator(".ff-app .ff-words summary").first.click()  # the board in words, open
    problems = axe_violations(app.page)
    assert not problems, "axe-core:\n" + "\n".join(problems)
    app.page.locator(".ff-app .ff-words summary").first.click()


FIRST_TABBABLE = """() => {
    const app = document.querySelector('.ff-app');
    const all = [...app.querySelectorAll(
        'button, select, input, textarea, a[href], summary, [tabindex]')];
    const ok = all.filter(e => !e.disabled && e.tabIndex >= 0 && e.offsetParent !== null);
    const first = ok[0];
    return first ? (first.closest('.ff-actions') ? 'actions: ' : 'elsewhere: ')
        + (first.innerText || first.getAttribute('aria-label') || first.tagName) : 'none';
}"""

FOCUS_IN = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return 'body';
    return e.closest('.ff-actions') ? 'actions' : e.closest('.ff-column') ? 'column' : 'other';
}"""


def test_tab_order_starts_at_the_choices(app: AppPage) -> None:
    first = str(app.page.evaluate(FIRST_TABBABLE))
    assert first.startswith("actions: "), first


def test_after_a_choice_by_keyboard_focus_stays_with_the_choices(app: AppPage) -> None:
    button = app.page.locator(".ff-app .ff-actions button.widget-button:visible").first
    button.focus()
    before = app.steps()
    app.page.keyboard.press("Enter")
    app.wait_steps_change(before)
    wait_until(lambda: app.page.evaluate(FOCUS_IN) == "actions", 10,
               "the focus to come back to the choices")
    assert_no_js_errors(app)


def test_move_list_shows_a_past_step_read_only_and_back(app: AppPage) -> None:
    while app.steps() < 2:  # a past step to look at
        before = app.steps()
        app.page.locator(".ff-app .ff-actions button.widget-button:visible").first.click()
        app.wait_steps_change(before)
    game = app.saved_game()
    app.tab("Moves")
    select = app.page.locator(".ff-app .ff-moves select").first
    texts = [t.replace("\u00a0", " ").strip()
             for t in select.locator("option").all_inner_texts()]
    assert texts[0] == "Set-up" and texts[1].startswith("Round 1 · ")
    assert "Player 1" in texts and any(t.startswith("1. ") for t in texts)
    line = next(i for i, t in enumerate(texts) if t.startswith("1. "))
    select.select_option(index=line)
    banner = app.part("viewing")
    banner.wait_for(state="visible", timeout=budget_ms(20_000))
    assert f"Viewing step 1 of {len(game.history)}" in banner.inner_text()
    app.wait_figure_matches(game_at(game, 1))
    assert not app.page.locator(".ff-app .ff-actions").first.is_visible()
    app.bp.screenshot("viewing-step-1")
    app.page.locator(".ff-app .ff-viewing button", has_text="Back to the present").click()
    banner.wait_for(state="hidden", timeout=budget_ms(20_000))
    app.wait_figure_matches(game)
    assert app.page.locator(".ff-app .ff-actions").first.is_visible()
    assert_no_js_errors(app)


def _counted_bot_moves(page: Any, before: int) -> int | None:
    """The title's step count, if the playback is on and the title counts exactly the bot
    moves its summary line names (``bot move k``: ``before + k`` steps); else ``None``."""
    title, summary = page.evaluate("""() => [
        document.querySelector('.ff-app .ff-title').innerText,
        document.querySelector('.ff-app .ff-playback').innerText]""")
    steps = STEPS.search(title)
    moves = re.search(r"bot move (\d+)", summary)
    if not (steps and moves) or int(steps.group(2)) != before + int(moves.group(1)):
        return None
    return int(steps.group(2))


def test_bots_play_back_at_a_pace_and_skip_finishes(app: AppPage) -> None:
    page = app.page
    page.locator(".ff-app .ff-stepper select").first.select_option(
        label="class pace (0.6 s a move)")
    app.seat_select(0).select_option(label="Heuristic bot")  # both seats bots now
    before = app.steps()
    app.stepper("End of round").click()
    playback = app.part("playback")
    playback.wait_for(state="visible", timeout=budget_ms(20_000))
    wait_until(lambda: "bot move" in playback.inner_text(), 20, "a bot move's summary line")
    assert "Player" in playback.inner_text()
    app.bp.screenshot("bots-playing-back")
    # paced: the moves are drawn one by one, each counted in the title as the summary names
    # it, and the next one comes later while the playback goes on
    first = wait_until(lambda: _counted_bot_moves(page, before), 20,
                       "the title to count the bot moves the summary names")
    wait_until(lambda: app.steps() > first, 10, "the next bot move")
    page.locator(".ff-app .ff-playback button", has_text="Skip").click()
    playback.wait_for(state="hidden", timeout=budget_ms(30_000))
    wait_until(lambda: "reached the end of the round" in app.stepper_status(), 30,
               "the stepper to report the end of the round")
    game = app.saved_game()
    app.wait_figure_matches(game)
    page.locator(".ff-app .ff-stepper select").first.select_option(label="at once")
    app.seat_select(0).select_option(label="Human")
    assert_no_js_errors(app)


def test_axe_finds_no_serious_violation_in_the_slow_freight_app(
        browser: Any, voila_server: Any, open_page: Any) -> None:
    bp = open_page(browser, "voila-access-slow-freight")
    try:
        sf = open_voila_app(bp, voila_server, PLAY_SLOW_FREIGHT, SlowFreight)
        problems = axe_violations(sf.page)
        assert not problems, "axe-core:\n" + "\n".join(problems)
        assert str(sf.page.evaluate(FIRST_TABBABLE)).startswith("actions: ")
        bp.screenshot("slow-freight-access")
    finally:
        bp.page.context.close()


# ----------------------------------------------------------------------------- screen sizes
RECT_JS = """sel => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"""


def test_the_whole_map_is_seen_at_1366x768_and_pace_and_seats_are_reachable(
        app: AppPage) -> None:
    """Issue 19: on a 1366x768 laptop the map is seen whole on opening (Louisiana and New
    Orleans, where the first moves start, were cut off) and the bot pace and Seats controls
    are reached by scrolling, visible and usable."""
    page = app.page
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.evaluate("document.getElementById('rendered_cells').scrollTop = 0")
        wait_until(lambda: (page.evaluate(RECT_JS, ".ff-app .ff-figure") or {}).get(
            "bottom", 9999) <= 768, 10, "the map scaled to the screen's height")
        box = page.evaluate(RECT_JS, ".ff-app .ff-figure")
        assert box["top"] >= 0 and box["bottom"] <= 768 and box["right"] <= 1366, box
        app.bp.screenshot("1366x768-opened")
        for part in (".ff-stepper select", ".ff-seats select"):
            control = page.locator(f".ff-app {part}").first
            control.scroll_into_view_if_needed()
            rect = page.evaluate(RECT_JS, f".ff-app {part}")
            assert rect["top"] >= 0 and rect["bottom"] <= 768 + 1, (part, rect)  # (sub-pixel)
            assert control.is_enabled()
        app.bp.screenshot("1366x768-pace-and-seats")
    finally:
        page.set_viewport_size({"width": 1500, "height": 1300})


def test_at_900px_a_pressed_choice_stays_where_the_student_is(app: AppPage) -> None:
    """Issue 19: at 900 px (the choices above the map) each move jumped the page to the top.
    A choice pressed with the page scrolled keeps its place on the screen: the choice that
    takes its focus is where the pressed one was, the map is still reached below."""
    page = app.page
    try:
        page.set_viewport_size({"width": 900, "height": 768})
        for _ in range(4):
            game = app.saved_game()
            if game.is_over:
                break
            page.evaluate("document.getElementById('rendered_cells').scrollTop = 150")
            buttons = page.locator(".ff-app .ff-actions button.widget-button")
            wait_until(lambda b=buttons: b.count() > 0, 20, "the choices")
            index = page.evaluate("""() => [...document.querySelectorAll(
                '.ff-app .ff-actions button.widget-button')].findIndex(b => {
                const r = b.getBoundingClientRect();
                return !b.disabled && r.top > 0 && r.bottom < innerHeight; })""")
            assert index >= 0, "no choice on the screen"
            before = buttons.nth(index).bounding_box()["y"]
            steps = app.steps()
            buttons.nth(index).focus()
            page.keyboard.press("Enter")
            app.wait_steps_change(steps, timeout=30_000)
            # the app redraws in several messages: wait until the focused choice holds still
            now = wait_stable(page, "Math.round(document.activeElement"
                              ".getBoundingClientRect().top)", "the focused choice")
            inside = page.evaluate("!!document.activeElement.closest('.ff-app .ff-column')")
            assert inside, "the focus left the choices"
            scrolled = page.evaluate("document.getElementById('rendered_cells').scrollTop")
            # where the pressed choice was, unless the page cannot scroll that far up
            assert abs(now - before) <= 4 or scrolled <= 2, (before, now, scrolled)
        app.bp.screenshot("900px-after-choices")
        page.locator(".ff-app .ff-figure").first.scroll_into_view_if_needed()
        rect = page.evaluate(RECT_JS, ".ff-app .ff-figure")
        assert rect["top"] < 768 and rect["bottom"] > 0, rect
    finally:
        page.set_viewport_size({"width": 1500, "height": 1300})
