"""Freedom in Voila, in headless Chromium: the route map, a round played by clicking, the map click.

One page (one kernel) for the module: ``notebooks/play_freedom.ipynb`` rendered by Voila. The
tests run in file order and carry one game forward, as a player would: roll the dice, buy a
token in the Planning phase, finish planning, buy a card from the Queue, play a Conductor token
and move a person by clicking a ringed destination *on the map* (a real mouse click on the
plotted point), undo it, then end the turn so the game passes to the next phase. Every step is
checked against the engine's account of the game shown (see :mod:`uihelp`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from uihelp import (
    HOVERED_JS,
    PLAY_FREEDOM,
    AppPage,
    assert_no_js_errors,
    budget_ms,
    drawn_points,
    drawn_texts,
    figure_differences,
    open_voila_app,
    point_on_screen,
    screen,
    trace,
    wait_stable,
    wait_until,
)

from freight_freedom import Freedom
from freight_freedom.freedom import view

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def app(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-freedom")
    yield open_voila_app(bp, voila_server, PLAY_FREEDOM, Freedom)
    bp.page.context.close()


@pytest.fixture(autouse=True)
def _end_screenshot(app: AppPage, final_screenshot: Any) -> None:
    final_screenshot(app.bp)


def play(app: AppPage, game: Freedom, action: Any) -> Freedom:
    """Click ``action``'s button (by the engine's label); check page and engine agree after."""
    app.act_on(game, action)
    after = app.saved_game()
    assert after.history[: len(game.history) + 1] == (*game.history, action)
    app.wait_figure_matches(after)
    app.wait_log_matches(after)
    return after


def human_decision(app: AppPage, kinds: tuple[str, ...], limit: int = 12) -> tuple[Freedom, Any]:
    """Play on (the first offered choice, or "done"/"end") until the human may do ``kinds``."""
    for _ in range(limit):
        game = app.saved_game()
        assert not game.is_over, game.outcome
        if "(human)" not in app.prompt():
            app.act("Bots to my turn")
            continue
        legal = game.legal_actions()
        wanted = [a for a in legal if a.kind in kinds]
        if wanted:
            return game, wanted[0]
        fallback = [a for a in legal if a.kind in ("roll", "done", "end", "stop")] or legal
        game = play(app, game, fallback[0])
    raise AssertionError(f"no human decision of kind {kinds} within {limit} steps")


def test_map_renders_every_space_and_catcher(app: AppPage) -> None:
    game = app.saved_game()
    app.bp.screenshot("map-rendered")
    app.wait_figure_matches(game)
    board = game.view_model().board
    data = app.figure()
    assert len(trace(data, view.SPACES)["x"]) == len(board.spaces) == 70
    # drawn on screen: one marker per space and one diamond per catcher
    assert drawn_points(app.page, view.SPACES) == len(board.spaces)
    assert drawn_points(app.page, view.CATCHERS) == len(game.state.catchers)
    # counts of people on the spaces, as the map labels them
    spaces = trace(data, view.SPACES)
    people = game.view_model().people
    labelled = {sid: text for sid, text in zip(view.geometry(board).ids, spaces["text"],
                                               strict=True) if text}
    assert {sid for sid, n in people.items() if n} <= set(labelled), labelled
    assert screen(game, game.prompt.text) in app.prompt()
    assert_no_js_errors(app)


def test_buy_a_token_in_the_planning_phase(app: AppPage) -> None:
    game, buy = human_decision(app, ("buy",))
    assert game.phase == "Planning"
    money = game.state.money[buy.seat]
    after = play(app, game, buy)
    assert after.state.money[buy.seat] < money
    assert any(h.stack == buy.args[0] for h in after.state.held[buy.seat])
    app.bp.screenshot("token-bought")
    # finish planning: the bot plans and the game passes to the Action phase
    while after.phase == "Planning" and "(human)" in app.prompt():
        after = play(app, after, next(a for a in after.legal_actions() if a.kind == "done"))
    wait_until(lambda: "Action" in app.prompt() or "Planning" not in app.prompt(), 20,
               "the Action phase")
    assert_no_js_errors(app)


def test_buy_a_card_from_the_queue(app: AppPage) -> None:
    game, card = human_decision(app, ("card",))
    queue = list(game.state.queue)
    after = play(app, game, card)
    assert list(after.state.queue) != queue
    app.bp.screenshot("card-bought")
    assert_no_js_errors(app)


def _destination_click(game: Freedom) -> tuple[Any, str, str | None]:
    """A move a click can make: (action, destination, origin to click first or None)."""
    board = game.view_model().board
    moves = [(a, [x for x in a.args if isinstance(x, str) and x in board.spaces])
             for a in game.legal_actions()]
    moves = [(a, s) for a, s in moves if len(s) >= 2]
    assert moves, f"no movement choice pending: {game.prompt}"
    by_end: dict[str, list[Any]] = {}
    for action, spaces in moves:
        by_end.setdefault(spaces[-1], []).append(action)
    origins = {spaces[0] for _, spaces in moves}
    for action, spaces in moves:  # a space people can also leave from is picked as an origin
        if len(by_end[spaces[-1]]) == 1 and spaces[-1] not in origins:
            return action, spaces[-1], None
    action, spaces = moves[0]
    return action, spaces[-1], spaces[0]


def _click_space(app: AppPage, game: Freedom, space: str, trace_name: str,
                 origin: str | None = None, *, press: bool = True) -> None:
    """A real mouse click on ``space`` as drawn in the trace ``trace_name`` of the map (with
    ``press=False``, only the pointer moved there)."""
    board = game.view_model().board
    if trace_name == view.TARGETS:
        index = view.targets(game, origin).index(space)
    else:
        index = view.geometry(board).ids.index(space)
    ring = trace(app.figure(), trace_name)
    x, y = ring["x"][index], ring["y"][index]
    app.page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    px, py = point_on_screen(app.page, x, y)
    app.page.mouse.move(px, py)
    if press:
        app.page.mouse.click(px, py)


def _to_movement(app: AppPage) -> Freedom:
    """Play on to a human movement decision (a Conductor token played)."""
    game, token = human_decision(app, ("play", "move"))
    if token.kind == "move":
        return game
    conductors = [a for a in game.legal_actions()
                  if a.kind == "play" and str(a.args[0]).startswith("c")]
    return play(app, game, conductors[0] if conductors else token)


def test_move_a_person_by_clicking_the_map_and_undo(app: AppPage) -> None:
    game = _to_movement(app)
    # a movement decision is pending: its destinations are ringed on the map
    targets = view.targets(game)
    assert targets, game.prompt
    ring = trace(app.figure(), view.TARGETS)
    assert len(ring["x"]) == len(targets)
    assert drawn_points(app.page, view.TARGETS) == len(targets)
    app.bp.screenshot("destinations-ringed")
    picture = app.figure()
    steps = app.steps()

    action, dest, origin = _destination_click(game)
    if origin is not None:
        _click_space(app, game, origin, view.SPACES)
        wait_until(lambda: "now click one of the ringed" in app.body(), 20,
                   "the origin to be picked")
        _click_space(app, game, dest, view.TARGETS, origin)
    else:
        _click_space(app, game, dest, view.TARGETS)
    app.wait_steps_change(steps)
    after = app.saved_game()
    assert after.history[-1] == action, (after.history[-1], action)
    app.wait_figure_matches(after)
    app.wait_log_matches(after)
    src = [x for x in action.args if isinstance(x, str)][0]
    assert after.view_model().people[dest] == game.view_model().people[dest] + 1
    assert after.view_model().people[src] == game.view_model().people[src] - 1
    app.bp.screenshot("person-moved-by-map-click")

    app.act("Undo")
    wait_until(lambda: not figure_differences(app.figure(), picture), 20,
               "the map to be the picture before the move")
    assert app.saved_game().digest() == game.digest()
    app.bp.screenshot("move-undone")
    assert_no_js_errors(app)


def test_quick_origin_then_destination_clicks_both_count(app: AppPage) -> None:
    """FR-MOVE-1: two quick clicks (the second as soon as the rings are drawn, inside plotly's
    usual 300 ms double-click window on an idle machine) pick the origin, then play the move:
    the map takes no double clicks.

    The second press waits for the origin's rings: a press that lands while plotly redraws the
    map (the rings arriving) is lost by plotly itself, which takes the point from the hover it
    clears when it redraws (the student clicks again); the test once hit that instead."""
    game = _to_movement(app)
    action = [a for a in game.legal_actions() if a.kind == "move"][-1]
    origin, dest = view.ends(game, action)
    assert origin is not None and dest is not None
    steps = app.steps()
    _click_space(app, game, origin, view.SPACES)
    first = time.perf_counter()
    rings = len(view.targets(game, origin))
    app.page.wait_for_function(
        """([name, n]) => {
            const gd = document.querySelector('.ff-app .ff-figure .js-plotly-plot');
            const cd = gd.calcdata[gd._fullData.findIndex(t => t.name === name)];
            const node = cd && cd[0] && cd[0].node3 && cd[0].node3.node();
            return Boolean(node) && node.querySelectorAll('path.point').length === n; }""",
        arg=[view.TARGETS, rings], timeout=budget_ms(20_000), polling=10)
    # a student's pointer reaches the destination, plotly's hover names it, the press follows
    _click_space(app, game, dest, view.SPACES, press=False)
    app.page.wait_for_function(HOVERED_JS, arg=dest, timeout=budget_ms(5_000), polling=10)
    app.page.mouse.down()
    app.page.mouse.up()
    gap = (time.perf_counter() - first) * 1000
    app.wait_steps_change(steps)
    after = app.saved_game()
    assert after.history[len(game.history)] == action
    # the mechanism, as the page has it: plotly takes no second press for a double click
    # (with its usual 300 ms window this test fails whenever the pointer is quick: the gap
    # here, under a test machine's load, is ~100-300 ms)
    delay = app.page.evaluate("""() => document.querySelector(
        '.ff-app .ff-figure .js-plotly-plot')._context.doubleClickDelay""")
    assert delay <= 1, f"plotly's double-click window is {delay} ms (gap {gap:.0f} ms)"
    app.wait_figure_matches(after)
    assert_no_js_errors(app)


def test_end_the_turn_passes_to_the_next_phase(app: AppPage) -> None:
    game, end = human_decision(app, ("end", "stop"))
    while end.kind == "stop":
        game = play(app, game, end)
        game, end = human_decision(app, ("end", "stop"))
    phase = (game.round, game.phase)
    game = play(app, game, end)
    # the bot takes its Action turn at once; the game moves on to a later phase
    wait_until(lambda: (app.saved_game().round, app.saved_game().phase) != phase
               or "(human)" in app.prompt(), 30, "the game to go on")
    if (game.round, game.phase) == phase and "(human)" not in app.prompt():
        app.act("Next phase")
    later = app.saved_game()
    assert (later.round, later.phase) != phase
    assert f"Round {later.round} · {later.phase}" in app.prompt()
    app.wait_figure_matches(later)
    app.bp.screenshot("next-phase")
    assert_no_js_errors(app)


def test_people_counts_are_drawn_after_the_bots_turn(app: AppPage) -> None:
    """Right after the bot's turn, every space holding people shows its count on the map."""
    game = app.saved_game()
    app.wait_figure_matches(game)
    start = Freedom(**game.options, seed=game.seed)
    people, at_start = game.view_model().people, start.view_model().people
    if not [s for s, n in people.items() if n and not at_start[s]]:
        pytest.skip("no space became occupied in this game so far: nothing to check")
    want = sorted(t for t in trace(app.figure(), view.SPACES)["text"] if t.strip())
    app.bp.screenshot("counts-after-bot-turn")
    drawn = sorted(drawn_texts(app.page, view.SPACES))
    assert drawn == want, f"counts drawn on the map {drawn}, in the figure's data {want}"


def test_bad_save_file_shows_an_error_and_the_game_goes_on(app: AppPage, tmp_path: Path) -> None:
    before = app.saved_game()
    picture = app.figure()
    garbage = tmp_path / "garbage.json"
    garbage.write_text("this is not a save file")
    app.upload(garbage)
    wait_until(lambda: "garbage.json" in app.alert(), 20, "an error message in the page")
    assert "Could not load" in app.alert()
    tampered = json.loads(before.to_json())
    tampered["digest"] = "0" * 64
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(tampered))
    app.upload(bad)
    wait_until(lambda: "tampered.json" in app.alert(), 20, "the tampered file's error")
    app.bp.screenshot("tampered-save-error")
    assert app.steps() == len(before.history)
    assert not figure_differences(app.figure(), picture)
    game, action = human_decision(app, ("roll", "buy", "done", "card", "play", "end", "pass",
                                        "move", "deliver", "stop"))
    play(app, game, action)
    wait_until(lambda: app.alert() == "", 10, "the error to clear after a move")
    assert_no_js_errors(app)


@pytest.mark.parametrize("width", [1280, 1040, 1024])
def test_map_and_side_panel_fit_a_laptop_screen(app: AppPage, width: int) -> None:
    """At a laptop's width the whole map is on screen and the side panel does not cover it;
    where the board is narrower than the map and the column (1040: like JupyterLab with its
    file browser open), the map is scaled down beside the column, and the pointer still
    finds the space drawn under it."""
    app.page.set_viewport_size({"width": width, "height": 900})
    try:
        # plotly relayouts on resize: read the layout once it has settled at the new width
        sizes = wait_stable(app.page, """() => {
            const gd = document.querySelector('.ff-app .ff-figure .js-plotly-plot');
            const r = gd.querySelector('.main-svg').getBoundingClientRect();
            const side = document.querySelector('.ff-app .ff-board .ff-side');
            const s = side ? side.getBoundingClientRect() : null;
            return {plot: [r.left, r.top, r.right, r.bottom],
                    side: s && [s.left, s.top, s.right, s.bottom],
                    page: document.documentElement.clientWidth};
        }""", f"the map's layout at {width} px")
        app.bp.screenshot(f"laptop-{width}")
        plot, side = sizes["plot"], sizes["side"]
        assert plot[2] <= sizes["page"] + 1, f"the map runs off the page: {sizes}"
        # the side panel may sit beside the map or wrap below it, but never over it
        overlap = side is not None and (side[0] < plot[2] - 1 and plot[0] < side[2] - 1
                                        and side[1] < plot[3] - 1 and plot[1] < side[3] - 1)
        assert not overlap, f"the side panel covers the map: {sizes}"
        column = app.page.locator(".ff-app .ff-column").bounding_box()
        assert column is not None and column["x"] >= plot[2] - 1, (
            f"the decision column is not beside the map: {column}, map {plot}")
        spaces = app.page.evaluate("""() => {
            const t = document.querySelector('.ff-app .ff-figure .js-plotly-plot').data
                .find(t => t.name === 'spaces');
            return {x: t.x, y: t.y, ids: t.customdata}; }""")
        app.page.locator(".ff-app .js-plotly-plot").first.scroll_into_view_if_needed()
        for k in (0, len(spaces["x"]) // 2, len(spaces["x"]) - 1):
            x, y = point_on_screen(app.page, spaces["x"][k], spaces["y"][k])
            app.page.mouse.move(x, y)
            app.page.wait_for_function(HOVERED_JS, arg=spaces["ids"][k], timeout=budget_ms(5_000))
    finally:
        app.page.set_viewport_size({"width": 1500, "height": 1300})

