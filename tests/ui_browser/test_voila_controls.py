"""The app's other controls in Voila, for both play notebooks: redo, stepper, seats, tabs.

One page (one kernel) per game, the tests in file order carrying the game forward as a player
would: Redo after Undo, the stepper buttons, a seat switched from Human to a bot, the Log and
State tabs, and the New game tab (bad options first, which must leave the game alone, then a
good one). The app's parts are found by their stable ``ff-*`` CSS classes; every check compares
the page with the engine's account of the game shown (the *Save game* file, see :mod:`uihelp`).
"""

from __future__ import annotations

import html.parser
import re
from collections.abc import Iterator
from typing import Any

import pytest
from uihelp import (
    PLAY_FREEDOM,
    PLAY_SLOW_FREIGHT,
    AppPage,
    assert_no_js_errors,
    expected_traces,
    figure_differences,
    open_voila_app,
    screen,
    wait_until,
)

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.tables import TITLE_LEVEL
from freight_freedom.ui.adapter import ui_for

pytestmark = pytest.mark.ui

GAMES = {"freedom": (PLAY_FREEDOM, Freedom), "slowfreight": (PLAY_SLOW_FREIGHT, SlowFreight)}
RULE_ID = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")


@pytest.fixture(scope="module", params=sorted(GAMES))
def app(request: pytest.FixtureRequest, browser: Any, voila_server: Any,
        open_page: Any) -> Iterator[AppPage]:
    notebook, cls = GAMES[request.param]
    bp = open_page(browser, f"voila-controls-{request.param}")
    yield open_voila_app(bp, voila_server, notebook, cls)
    bp.page.context.close()


@pytest.fixture(autouse=True)
def _end_screenshot(app: AppPage, final_screenshot: Any) -> None:
    final_screenshot(app.bp)


def bot_names(app: AppPage) -> list[str]:
    """The bots the seats drop-down offers (every option but Human)."""
    options = app.seat_select(0).locator("option").all_inner_texts()
    return [o.replace("\u00a0", " ").strip() for o in options if o.strip() != "Human"]


def set_seat(app: AppPage, seat: int, label: str) -> None:
    app.seat_select(seat).select_option(label=label)
    wait_until(lambda: app.seat_labels()[seat] == label, 10, f"seat {seat + 1} to be {label}")


def set_auto(app: AppPage, on: bool) -> None:
    box = app.auto_answer()
    if box.is_checked() != on:
        box.click()
    wait_until(lambda: box.is_checked() == on, 10, f"auto-answer {'on' if on else 'off'}")
    # no wait for the kernel: the box's update and any later click go to the kernel over one
    # connection, in order, and the kernel handles them in that order


def human_seats(app: AppPage) -> set[int]:
    return {i for i, label in enumerate(app.seat_labels()) if label == "Human"}


def to_human_turn(app: AppPage) -> Any:
    """The page's game at a human decision (pressing "Bots to my turn" if a bot is to move).

    Who is to move is read from the saved game and the seats, not from the prompt.
    """
    game = app.saved_game()
    if not game.is_over and game.to_move not in human_seats(app):
        before = app.steps()
        app.stepper("Bots to my turn").click()
        app.wait_steps_change(before)
        wait_until(lambda: "(human)" in app.prompt(), 20, "a human decision")
        game = app.saved_game()
    assert not game.is_over, game.outcome
    assert game.to_move in human_seats(app), (game.to_move, app.seat_labels())
    return game


def changes_picture(game: Any, trial: Any) -> bool:
    return bool(figure_differences(expected_traces(trial), expected_traces(game)))


def human_move_that(app: AppPage, changes: Any = changes_picture,
                    limit: int = 12) -> tuple[Any, Any]:
    """(game, action): a human decision and an offered move after which ``changes(game, trial)``.

    Plays on (the first offered move) until there is one.
    """
    for _ in range(limit):
        game = to_human_turn(app)
        legal = offered_legal(app, game)
        for action in legal:
            trial = game.copy()
            trial.apply(action)
            if changes(game, trial):
                return game, action
        app.act_on(game, legal[0])
    raise AssertionError(f"no wanted human move within {limit} decisions")


def offered_legal(app: AppPage, game: Any) -> list[Any]:
    """The legal actions of ``game`` the page offers (buttons and drop-down entries)."""
    legal = [a for a in game.legal_actions() if app.offers(game, a)]
    assert legal, f"none of the legal actions is offered: {app.offered()[:10]}"
    return legal


def handing_over_move(app: AppPage, game: Any, humans: set[int]) -> Any | None:
    """An offered action after which a bot seat is to move (None when there is none)."""
    for action in sorted(offered_legal(app, game),
                         key=lambda a: a.kind not in ("end", "done")):
        trial = game.copy()
        trial.apply(action)
        if not trial.is_over and trial.to_move not in humans:
            return action
    return None


def marker(game: Any, until: str) -> Any:
    return game.round if until == "round" else (game.round, game.phase)


def check_page_shows(app: AppPage, game: Any) -> None:
    want = expected_traces(game)
    wait_until(lambda: not figure_differences(app.figure(), want), 20,
               "the page's figure to match the engine's")
    app.wait_log_matches(game)
    assert screen(game, game.prompt.text) in app.prompt()


# ----------------------------------------------------------------------------- undo / redo
def test_redo_after_undo_restores_the_later_picture(app: AppPage) -> None:
    before, action = human_move_that(app)
    earlier = app.figure()
    steps = app.act_on(before, action)
    added = steps - len(before.history)
    later_game = app.saved_game()
    later = app.figure()
    assert figure_differences(later, earlier), "the move did not change the figure"
    for _ in range(added):  # a bot's answer is a step too
        app.act("Undo")
    wait_until(lambda: not figure_differences(app.figure(), earlier), 20,
               "the earlier picture after Undo")
    assert app.button("Redo").first.is_enabled(), "Redo is disabled after Undo"
    app.bp.screenshot("undone")
    for _ in range(added):
        app.act("Redo")
    wait_until(lambda: not figure_differences(app.figure(), later), 20,
               "the later picture after Redo")
    redone = app.saved_game()
    assert redone.digest() == later_game.digest()
    assert redone.history == later_game.history
    check_page_shows(app, redone)
    wait_until(lambda: app.button("Redo").first.is_disabled(), 10,
               "Redo to be disabled with nothing left to redo")
    app.bp.screenshot("redone")
    assert_no_js_errors(app)


# ----------------------------------------------------------------------------- stepper
def test_bots_to_my_turn_plays_the_bots_up_to_the_human(app: AppPage) -> None:
    humans = human_seats(app)
    assert humans == {0}, app.seat_labels()
    set_auto(app, False)
    try:
        game = to_human_turn(app)
        for _ in range(12):  # human moves until one hands over to a bot
            handover = handing_over_move(app, game, humans)
            if handover is not None:
                break
            app.act_on(game, offered_legal(app, game)[0])
            game = app.saved_game()
        else:
            pytest.fail("no human move hands the turn to a bot")
        app.act_on(game, handover)
        waiting = app.saved_game()
        # with auto-answer off the bots wait: a bot seat is to move, and the page says so
        assert waiting.history == (*game.history, handover)
        assert waiting.to_move not in humans
        wait_until(lambda: f"Player {waiting.to_move + 1} (" in app.prompt(), 10, "the prompt")
        assert "(human)" not in app.prompt()
        wait_until(lambda: "played by a bot" in str(app.part("actions").inner_text()), 10,
                   "the actions to say the seat is played by a bot")
        app.bp.screenshot("bot-waiting")

        steps = len(waiting.history)
        app.stepper("Bots to my turn").click()
        app.wait_steps_change(steps)
        after = app.saved_game()
        added = after.history[steps:]
        assert after.history[:steps] == waiting.history
        assert added and all(a.seat not in humans for a in added), added
        assert after.is_over or after.to_move in humans
        status = app.stepper_status()
        assert status.startswith(f"{len(added)} moves;"), status
        if not after.is_over:
            assert "Player 1 (human) decides now" in status, status
            assert "Player 1 (human)" in app.prompt()
        check_page_shows(app, after)
        app.bp.screenshot("bots-to-my-turn")
    finally:
        set_auto(app, True)
    assert_no_js_errors(app)


def test_switching_the_seat_to_move_to_a_bot_updates_the_prompt(app: AppPage) -> None:
    to_human_turn(app)
    bot = bot_names(app)[-1]
    try:
        set_seat(app, 0, bot)
        app.bp.screenshot("seat-switched-to-bot")
        wait_until(lambda: f"Player 1 ({bot})" in app.prompt(), 10,
                   f"the prompt to name {bot} for Player 1")
        # the prompt and the actions are two widgets, each updated by its own message: the
        # page may be read between the two
        wait_until(lambda: "played by a bot" in str(app.part("actions").inner_text()), 10,
                   "the actions to say the seat is played by a bot")
    finally:
        set_seat(app, 0, "Human")


def test_a_seat_switched_to_a_bot_plays_by_itself(app: AppPage) -> None:
    """Player 1 from Human to a bot: the stepper now plays Player 1 too, phase by phase."""
    game = to_human_turn(app)
    bot = bot_names(app)[-1]
    set_seat(app, 0, bot)
    try:
        # "Play one move": the seat to move (Player 1, now a bot) decides once
        steps = len(game.history)
        app.stepper("Play one move").click()
        app.wait_steps_change(steps)
        one = app.saved_game()
        assert one.history[:steps] == game.history and len(one.history) == steps + 1
        assert one.history[-1].seat == 0 and one.history[-1] in game.legal_actions()
        assert "played for Player 1" in app.stepper_status(), app.stepper_status()
        check_page_shows(app, one)

        current = one
        for label, until in (("Next phase", "phase"), ("End of round", "round")):
            start = marker(current, until)
            steps = len(current.history)
            app.stepper(label).click()
            app.wait_steps_change(steps)
            after = app.saved_game()
            assert after.history[:steps] == current.history
            added = after.history[steps:]
            status = app.stepper_status()
            assert status.startswith(f"{len(added)} moves;"), status
            if not after.is_over:
                # it stopped exactly where the phase (round) changed
                assert marker(after, until) != start, (label, marker(after, until))
                previous = after.copy()
                previous.undo()
                assert marker(previous, until) == start, (label, marker(previous, until))
                assert "reached" in status, status
            where = (f"Turn {after.round}" if after.phase == "turn"
                     else f"Round {after.round} · {after.phase} phase")
            assert where in app.prompt(), (where, app.prompt())
            check_page_shows(app, after)
            app.bp.screenshot(f"stepper-{until}")
            current = after
        seats_played = {a.seat for a in current.history[len(game.history):]}
        assert 0 in seats_played, "Player 1 (a bot now) never played"
    finally:
        set_seat(app, 0, "Human")
    assert_no_js_errors(app)


@pytest.mark.parametrize("app", ["slowfreight"], indirect=True)  # Slow Freight only
def test_face_up_card_labels_follow_the_game(app: AppPage) -> None:
    """Slow Freight: after a card is taken, the face-up row's labels are the engine's."""
    game, action = human_move_that(app, lambda g, trial: (
        trial.state_dict()["face_up"] != g.state_dict()["face_up"]))
    app.act_on(game, action)
    after = app.saved_game()
    stop = [a for a in after.legal_actions() if a.kind == "stop"]
    if stop:  # end the turn: the row is refilled with new kinds (where the bug shows)
        app.act_on(after, stop[0])
        after = app.saved_game()
    want = next(t for t in expected_traces(after) if t["name"] == "face-up cards")
    app.bp.screenshot("face-up-row")
    wait_until(lambda: next(t for t in app.figure() if t["name"] == "face-up cards")["text"]
               == want["text"], 10, f"the face-up labels {want['text']}")


# ----------------------------------------------------------------------------- tabs
def test_log_tab_lists_the_events_with_their_rule_ids(app: AppPage) -> None:
    game = app.saved_game()  # leaves the Log tab open
    app.wait_log_matches(game)
    rows = app.log_rows()
    shown = min(len(game.log), 200)
    want = [(str(i + 1), e.rule, screen(game, e.text))
            for i, e in enumerate(game.log)][::-1][:shown]
    assert rows == want, f"log rows differ: page {rows[:3]} engine {want[:3]}"
    bad = sorted({rule for _n, rule, _t in rows if not RULE_ID.match(rule)})
    assert not bad, f"events without a rule ID: {bad}"
    if len(game.log) > 200:
        more = f"{len(game.log) - 200} earlier events"
        assert more in str(app.part("log").inner_text())
    app.part("log").scroll_into_view_if_needed()
    app.bp.screenshot("log-tab")
    assert_no_js_errors(app)


#: the tag of a table's title in the State tab
TITLE = f"h{TITLE_LEVEL}"


class _Tables(html.parser.HTMLParser):
    """Table titles (the headings of ``tables_html``) and table rows (cell texts) of HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.titles: list[str] = []
        self.rows: list[list[str]] = []
        self._text: list[str] | None = None
        self._row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th", TITLE):
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row is not None and self._text is not None:
            self._row.append(" ".join("".join(self._text).split()))
        elif tag == TITLE and self._text is not None:
            self.titles.append("".join(self._text).strip())
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None
        if tag in ("td", "th", TITLE):
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def engine_tables(game: Any) -> tuple[list[str], list[list[str]]]:
    from freight_freedom.core.tables import tables_html

    parser = _Tables()
    parser.feed(tables_html(ui_for(game).tables(game.view())))
    return parser.titles, parser.rows


def page_tables(app: AppPage) -> tuple[list[str], list[list[str]]]:
    panel = app.page.locator(".ff-app .ff-tabs .widget-tab-contents > *:visible").first
    titles = [t.strip() for t in panel.locator(TITLE).all_inner_texts()]
    rows = panel.locator("tr").evaluate_all(
        "rs => rs.map(r => [...r.cells].map(c => c.textContent.split(/\\s+/).join(' ').trim()))")
    return titles, [list(r) for r in rows]


def test_state_tab_shows_the_state_as_tables_and_follows_the_game(app: AppPage) -> None:
    game, action = human_move_that(
        app, lambda g, trial: engine_tables(trial) != engine_tables(g))
    app.tab("State")
    titles, _ = engine_tables(game)
    assert titles, "the engine has no state tables"
    wait_until(lambda: page_tables(app) == engine_tables(game), 20,
               "the State tab to show the engine's tables")
    app.bp.screenshot("state-tab")
    # a move while the tab is open redraws the tables
    shown = page_tables(app)
    app.act_on(game, action)
    wait_until(lambda: page_tables(app) != shown, 20, "the State tab to change after a move")
    seen = page_tables(app)
    after = app.saved_game()  # (back on the Log tab)
    assert after.history[len(game.history)] == action
    assert seen == engine_tables(after), "the State tab differs from the engine's tables"
    assert_no_js_errors(app)


# ----------------------------------------------------------------------------- new game
def form_field(app: AppPage, label: str) -> Any:
    """The New game tab's input (or select) whose description is ``label``."""
    app.tab("New game")
    name = app.page.locator("label.widget-label",
                            has_text=re.compile("^" + re.escape(label) + "$"))
    row = app.page.locator(".ff-app .ff-tabs .widget-inline-hbox").filter(has=name)
    return row.first.locator("input, select").first


def fill(app: AppPage, label: str, value: str) -> None:
    field = form_field(app, label)
    field.fill(value)
    field.press("Tab")  # text fields send their value to the kernel on blur or Enter
    wait_until(lambda: field.input_value() == value, 10, f"the {label} field to read {value!r}")


def press_new_game(app: AppPage) -> None:
    app.tab("New game")
    app.page.locator(".ff-app .ff-tabs button.widget-button", has_text="New game").first.click()


def assert_bad_option_leaves_the_game(app: AppPage, before: Any, picture: Any,
                                      message: str, shot: str) -> None:
    press_new_game(app)
    def said() -> str:  # option errors are shown next to the New game button
        return app.alert() + app.page.locator(".ff-app .ff-newgame-error").first.inner_text()

    wait_until(lambda: message in said(), 20, f"the error {message!r}")
    app.bp.screenshot(shot)
    assert app.steps() == len(before.history) and app.seed() == before.seed
    assert not figure_differences(app.figure(), picture)
    assert app.saved_game().digest() == before.digest()


def test_new_game_tab_bad_options_show_an_error_and_keep_the_game(app: AppPage) -> None:
    before = app.saved_game()
    picture = app.figure()
    fill(app, "seed", "twelve")
    assert_bad_option_leaves_the_game(app, before, picture, "must be a whole number",
                                      "new-game-bad-seed")
    fill(app, "seed", "")
    if app.game_cls is Freedom:
        # the notebook's game has two roles chosen: three players need three
        fill(app, "players", "3")
        assert_bad_option_leaves_the_game(app, before, picture, "for every player",
                                          "new-game-bad-roles")
    else:
        fill(app, "players", "2")
        form_field(app, "first player").select_option(label="3")
        assert_bad_option_leaves_the_game(app, before, picture, "first_player",
                                          "new-game-bad-first-player")
        form_field(app, "first player").select_option(label="0")
    assert_no_js_errors(app)


def test_new_game_tab_starts_the_game_with_the_options(app: AppPage) -> None:
    before = app.saved_game()
    picture = app.figure()
    players = 3 if app.game_cls is Freedom else 4
    fill(app, "players", str(players))
    if app.game_cls is Freedom:
        for seat in (1, 2, 3):  # no roles chosen: dealt at random
            form_field(app, f"Player {seat} role").select_option("random")
    fill(app, "seed", "11")
    press_new_game(app)
    wait_until(lambda: app.seed() == 11 and app.steps() == 0, 30, "the new game's title")
    wait_until(lambda: "Now playing" in app.notice(), 10, "the 'Now playing' notice")
    assert app.alert() == "", app.alert()
    new = app.saved_game()
    assert new.seed == 11 and new.options["players"] == players, new.options
    assert new.history == ()
    fresh = type(before)(seed=11, **{k: v for k, v in new.options.items()})
    assert new.digest() == fresh.digest()
    app.wait_figure_matches(new)
    assert figure_differences(app.figure(), picture), "the figure did not change"
    assert screen(new, new.prompt.text) in app.prompt()
    assert ("Turn 1" if new.phase == "turn" else "Round 1") in app.prompt()
    app.wait_log_matches(new)
    # one seat drop-down per player of the new game: new widgets, drawn some time after the
    # title changed (under load, seconds later), so waited for, as are the new actions
    wait_until(lambda: len(app.seat_labels()) == players, 30,
               f"{players} seat drop-downs (page has {app.seat_labels()})")
    app.bp.screenshot("new-game")
    # and it can be played
    game = to_human_turn(app)
    wait_until(lambda: all(app.offers(game, a) for a in game.legal_actions()), 30,
               "the action panel to offer the new game's choices")
    action = offered_legal(app, game)[0]
    app.act_on(game, action)
    assert app.saved_game().history[len(game.history)] == action
    assert_no_js_errors(app)
