"""GameApp: the play and walkthrough app of either game, assembled from the shared pieces.

Layout: the board row holds the figure (a plotly FigureWidget, 780 px wide) and, beside it, the
decision column: title with Undo / Undo my turn / Redo, the pending prompt in words with its
rule a click away (an ARIA live region), errors, the note on the last map click, the legal
actions and the game's side panel. So the map, the question and the answers share one 1366x768
screen; on a narrower board the column goes above the map (:data:`APP_CSS`). Below: the
stepper, the seats, and tabs with the event log, the state inspector, save/load and new game.

Every change goes through ``game.apply`` (via :meth:`GameApp.play`), ``undo``/``redo`` or the
stepper, and is followed by one :meth:`GameApp.refresh`, which updates every piece in place: the
FigureWidget is changed inside ``batch_update`` (one message to the browser), never rebuilt. The
figure is built completely *before* it is wrapped in a FigureWidget, because Voila can keep
showing the first state of a figure changed between construction and first display.
"""

from __future__ import annotations

import html
import threading
import time
from dataclasses import replace
from typing import Any, Protocol

import ipywidgets as widgets

from ..core.action import Action
from ..core.errors import IllegalAction
from ..core.game import Game
from .action_panel import ActionPanel
from .adapter import GameUI, Selection, ui_for
from .errors import ErrorArea
from .evalbar import EvalBar
from .focus import FocusKeeper
from .inspector import Inspector, state_tables
from .log_view import LogView, MoveList, game_at
from .newgame import NewGame
from .saveload import SaveLoad
from .seats import HUMAN, Seats
from .stepper import Stepper
from .words import rule_details

#: Page styling of the app's own parts (found by their ``ff-*`` classes). When the board is too
#: narrow for the map and the decision column side by side (a 900 px window, JupyterLab with its
#: side bar open), the column goes *above* the map, so the prompt and the choices stay in view.
#: Focus is clearly visible on every control; the tab titles keep a readable contrast.
APP_CSS = """<style>
.ff-board { container-type: inline-size; }
.ff-figure > * { transform-origin: 0 0; }
.ff-app button:focus-visible, .ff-app select:focus-visible, .ff-app input:focus-visible,
.ff-app summary:focus-visible { outline: 3px solid #0b57d0 !important; outline-offset: 2px; }
.ff-actions button.widget-button { white-space: normal; height: auto; min-height: 28px;
  text-align: left; line-height: 1.3; padding-top: 3px; padding-bottom: 3px; }
.ff-app .ff-tabs .lm-TabBar-tab, .ff-app .ff-tabs .lm-TabBar-tabLabel {
  color: #222 !important; opacity: 1 !important; }
</style>"""


#: the decision column's narrowest width beside the map (px, with its padding)
COLUMN_MIN = 310  # its flex basis and least width, 300 px, and 8 px of padding
#: the smallest scale of the map beside the column (below it, the column goes above the map):
#: 0.8 keeps it beside the column in JupyterLab at 1366 px with the file browser open, the
#: 11 px space names then drawn at about 9 px
SIDE_BY_SIDE_MIN = 0.8
#: JupyterLab or Voila in a window at most this tall (a 768 px laptop screen: ~650 px for the
#: notebook in JupyterLab, the notebook's title above the app in Voila) draws the map at most
#: at :data:`SHORT_SCREEN_SCALE`, so it is seen whole beside the column; Voila in a window at
#: most :data:`SHORTER_SCREEN` tall at :data:`SIDE_BY_SIDE_MIN` (the names then still ~9 px)
SHORT_SCREEN = 820
SHORT_SCREEN_SCALE = 0.85
SHORTER_SCREEN = 730
#: a figure at least this tall (px: Freedom's map) is capped on a short screen; a shorter one
#: (Slow Freight's table, which grows with the trains) keeps its size and the page scrolls
TALL = 600
#: where the app sits: JupyterLab's notebook panel, Voila's page of rendered cells
NOTEBOOK_PAGES = (".jp-NotebookPanel ", "#rendered_cells ")


def figure_css(width: int, height: int) -> str:
    """Container rules that scale the map to the board's width (``transform: scale``, which
    plotly.js accounts for in hover and click positions) in steps of 0.05. The plot keeps its
    design width inside the shrunk box (plotly would otherwise re-lay it out to the box and the
    scale would apply twice).

    The map keeps its design size when the column fits beside it; on a narrower board (a
    JupyterLab window with its file browser open) it shrinks down to :data:`SIDE_BY_SIDE_MIN`
    to keep the column beside it; narrower still, the column goes above the map, which scales
    to the board's width (a 900 px window, a phone). In JupyterLab on a short screen (its menus
    and tabs take ~120 px of 768) and in Voila (the notebook's title above the app) the map is
    at most :data:`SHORT_SCREEN_SCALE`, so the whole map is seen at once on a 768 px screen.
    """
    rules = []
    side = round(SIDE_BY_SIDE_MIN * width) + COLUMN_MIN
    # too narrow for both: the column's parts become the board's own rows (display: contents),
    # the decision above the map, what describes the board (the last moves, the board in
    # words, the side panel) below it, so the map stays close to the choices
    rules.append(f"@container (max-width: {side - 1}px) {{ "
                 ".ff-column { display: contents !important; } "
                 ".ff-column > * { order: -1; flex: 0 0 100% !important; } "
                 ".ff-column > .ff-recent, .ff-column > .ff-words, .ff-column > .ff-side "
                 "{ order: 1; } }")
    steps = [round(1 - 0.05 * k, 2) for k in range(1, 11)]  # 0.95 ... 0.5
    for scale in steps:  # beside the column
        if scale < SIDE_BY_SIDE_MIN:
            break
        hi = round((scale + 0.05) * width) + COLUMN_MIN - 1
        rules.append("@container " + f"(min-width: {side}px) and (max-width: {hi}px) "
                     + _scaled(scale, width, height, column=True))
    for scale in steps:  # above: the map alone takes the board's width
        hi = round((scale + 0.05) * width) - 1
        rules.append("@container " + f"(max-width: {min(hi, side - 1)}px) "
                     + _scaled(scale, width, height, column=False))
    # a notebook (JupyterLab, Notebook 7) or Voila on a short screen: the cap applies only
    # where the width allows more
    caps = ((SHORT_SCREEN_SCALE, SHORT_SCREEN), (SIDE_BY_SIDE_MIN, SHORTER_SCREEN))
    for cap, screen in caps if height >= TALL else ():
        least = round(cap * width) + COLUMN_MIN
        for within in NOTEBOOK_PAGES:
            if screen == SHORTER_SCREEN and within != "#rendered_cells ":
                continue  # JupyterLab keeps 0.85: its notebook scrolls under fixed menus
            rules.append(f"@media (max-height: {screen}px) {{ @container (min-width: {least}px) "
                         + _scaled(cap, width, height, column=True, within=within) + " }")
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def _scaled(scale: float, width: int, height: int, *, column: bool, within: str = "") -> str:
    """The rule block drawing the map at ``scale`` (``within``: an enclosing selector)."""
    w, h = round(scale * width), round(scale * height)
    extra = f" {within}.ff-column {{ max-height: {h}px !important; }}" if column else ""
    return (f"{{ {within}.ff-figure {{ width: {w}px !important; "
            f"min-width: {w}px !important; height: {h}px !important; overflow: hidden; }} "
            f"{within}.ff-figure > * {{ width: {width}px !important; "
            f"min-width: {width}px !important; height: {height}px !important; "
            f"transform: scale({scale}); }}{extra} }}")


TAB_TITLES = ["Moves", "Log", "State", "Save / load", "New game"]


def _close(a: Any, b: Any) -> bool:
    try:
        return abs(float(a) - float(b)) <= 1e-6 * max(1.0, abs(float(a)))
    except (TypeError, ValueError):
        return False


def _note_html(text: str) -> str:
    return (f"<div role='status' style='padding:2px 8px;background:#fff4d6;"
            f"border-left:4px solid #f9a825'>{html.escape(text)}</div>")


class TableLink(Protocol):
    """A shared game table the app is bound to (:mod:`freight_freedom.classroom.remote`).

    The app shows the table's game; a choice goes to :meth:`play`, which stores it in the
    table's move log and brings ``app.game`` up to date (then calls :meth:`GameApp.table_moved`),
    instead of ``game.apply``. ``seat`` is the seat this device plays (``None``: a spectator),
    ``notice`` one line on screen saying why undo, the other seats, bots, loading and new games
    are off here, ``caption`` what the title says instead of the seed (which would tell the
    hidden deck orders), ``who(seat)`` who plays a seat ("you, Ana", "Ben", "heuristic bot").
    """

    seat: int | None
    notice: str
    caption: str

    def play(self, action: Action) -> None: ...

    def who(self, seat: int) -> str: ...


def players_of(game: Game[Any]) -> int:
    """Number of seats of ``game`` (its ``players`` option; 1 if it has none)."""
    players = game.options.get("players", 1)
    return int(players) if isinstance(players, int) else 1


class GameApp(widgets.VBox):  # type: ignore[misc]
    """The app bound to ``game`` (``app.game``; loading or a new game replace it).

    Tests and notebooks can drive it like a user: ``app.actions.press(action)``,
    ``app.undo_button.click()``, ``app.stepper.step("phase")``, ``app.click_figure(trace, i)``.
    """

    def __init__(self, game: Game[Any], *, seats: list[str] | None = None,
                 pace: float | None = None, table: TableLink | None = None) -> None:
        super().__init__(layout=widgets.Layout(width="100%"))
        self.game = game
        #: the shared table this app plays a seat of, or shows (None: a game of this device)
        self.table = table
        self.ui: GameUI = ui_for(game)
        self.selection = Selection()
        self._figure_lock = threading.RLock()  # the Hint draws from the advisor's thread
        self.errors = ErrorArea()
        self.last_refresh_ms = 0.0
        #: the past position shown read-only from the move list (steps applied), or None
        self.viewing: int | None = None
        self._past: Game[Any] | None = None
        guard = self.errors.guard

        self.title = widgets.HTML()
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="Take back the last decision (one step)",
                                          layout=widgets.Layout(width="auto"))
        self.undo_turn_button = widgets.Button(
            description="Undo my turn", icon="fast-backward",
            tooltip="Back to your previous decision, taking back the bots' replies too",
            layout=widgets.Layout(width="auto"))
        self.redo_button = widgets.Button(description="Redo", icon="repeat",
                                          tooltip="Apply again the last step taken back",
                                          layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(guard(lambda _b: self.undo()))
        self.undo_turn_button.on_click(guard(lambda _b: self.undo_my_turn()))
        self.redo_button.on_click(guard(lambda _b: self.redo()))
        # the prompt is announced to screen readers whenever it changes
        self.prompt = widgets.HTML(layout=widgets.Layout(width="100%"))
        # the rule of the pending decision, its text a click away (after the choices in the
        # tab order: the choices come first)
        self.rule = widgets.HTML(layout=widgets.Layout(width="100%"))

        self.figure: Any = None
        # what a click on the map did or why it did nothing, shown beside the map
        self.map_note = widgets.HTML(layout=widgets.Layout(min_height="0"))
        self.side = widgets.HTML(layout=widgets.Layout(width="100%", overflow="visible"))
        # the usual choices that are not offered now, each with the engine's reason
        self.unavailable = widgets.HTML(layout=widgets.Layout(width="100%"))
        # what the last decision and the bots' replies did, in words (also drawn on the map)
        self.recent = widgets.HTML(layout=widgets.Layout(width="100%"))
        # wraps: on a narrow page the decision column moves below the map instead of over it
        self.board = widgets.HBox(layout=widgets.Layout(width="100%", align_items="flex-start",
                                                        flex_flow="row wrap"))

        self.actions = ActionPanel(guard(self.play), on_first=guard(self._picked_first))
        # the evaluation bar and Hint (ui/evalbar.py); hinted map moves are numbered on the map
        self.evalbar = EvalBar(lambda: self.game, panel=self.actions, on_hint=self._hinted,
                               words=self.ui.words)
        self.seats = self._make_seats(seats)
        self.stepper = Stepper(lambda: self.game, self.seats, self._after_steps, guard,
                               fallback_bot=self._fallback_bot, describe=self._describe,
                               redraw=self._bot_moved, pace=pace)
        self.log_view = LogView(self.ui.words)
        self.moves = MoveList(self._describe, guard(self.view_step), self.ui.words)
        # while a past position is shown: what it is, and the way back
        self.view_note = widgets.HTML()
        self.present_button = widgets.Button(
            description="Back to the present", icon="step-forward", button_style="warning",
            tooltip="Show the game as it is now and play on", layout=widgets.Layout(width="auto"))
        self.present_button.on_click(guard(lambda _b: self.view_step(None)))
        self.view_banner = widgets.HBox(
            [self.view_note, self.present_button],
            layout=widgets.Layout(display="none", align_items="center", flex_flow="row wrap"))
        # the board in words (who is where, catchers, tokens...), one click away
        self.board_text = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.inspector = Inspector(self._tables)
        self.saveload = SaveLoad(lambda: self.game, self.set_game, self.errors.show_error, guard,
                                 before_save=self._settle_playback)
        self.newgame = NewGame(lambda: self.game, self.set_game, guard)
        self.tabs = widgets.Tab(children=[self.moves.widget, self.log_view.widget,
                                          self.inspector.widget, self.saveload.widget,
                                          self.newgame.widget])
        for i, name in enumerate(TAB_TITLES):
            self.tabs.set_title(i, name)
        self.tabs.observe(guard(self._tab_changed), names="selected_index")

        # the decision column beside the map: everything a student needs to decide, on one
        # screen with the map (at 1366x768 the map is 726 px tall and the column scrolls
        # inside itself if a decision has many choices). The choices come first in the tab
        # order: the title is text, Undo / Redo follow the choices.
        self.header = widgets.HBox(
            [self.undo_button, self.undo_turn_button, self.redo_button],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.column = widgets.VBox(
            [self.title, self.view_banner, self.prompt, self.stepper.banner,
             self.errors.widget, self.map_note, self.actions.widget, self.rule, self.header,
             self.evalbar.widget, self.unavailable, self.recent, self.board_text, self.side],
            layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="640px",
                                  padding="0 0 0 8px"))
        for part in self.column.children:  # keep their height: the column scrolls instead
            part.layout.flex = "0 0 auto"
        self.style = widgets.HTML(APP_CSS, layout=widgets.Layout(display="none"))
        # the map's scaling rules, from its size (set when the figure is built)
        self.figure_style = widgets.HTML(layout=widgets.Layout(display="none"))
        self.focus = FocusKeeper()
        self._build_figure()
        self.children = [self.style, self.figure_style, self.focus, self.board, self.stepper.widget,
                         self.seats_box, self.tabs]
        # stable hooks for page styling and browser tests (the DOM is otherwise anonymous)
        for widget, name in [(self, "ff-app"), (self.title, "ff-title"),
                             (self.column, "ff-column"), (self.header, "ff-header"),
                             (self.undo_turn_button, "ff-undo-turn"),
                             (self.prompt, "ff-prompt"), (self.rule, "ff-rule"),
                             (self.errors.widget, "ff-errors"),
                             (self.board, "ff-board"), (self.side, "ff-side"),
                             (self.map_note, "ff-map-note"), (self.recent, "ff-recent"),
                             (self.unavailable, "ff-unavailable"),
                             (self.actions.widget, "ff-actions"),
                             (self.stepper.widget, "ff-stepper"), (self.seats_box, "ff-seats"),
                             (self.stepper.banner, "ff-playback"),
                             (self.view_banner, "ff-viewing"), (self.board_text, "ff-words"),
                             (self.moves.widget, "ff-moves"),
                             (self.log_view.widget, "ff-log"), (self.tabs, "ff-tabs")]:
            widget.add_class(name)
        if table is not None:
            self._bind_table(table)
        self.refresh()

    def _bind_table(self, table: TableLink) -> None:
        """A shared table: each player chooses on their own device, so nothing here plays for
        another seat or changes the game outside the table's log: undo / redo, the seats
        (hot-seat), the stepper (this device's bots: the table plays its bots once), Hint, save
        / load and new game are hidden, and one line under the title says why."""
        self.stepper.auto.value = False
        for part in (self.header, self.stepper.widget, self.stepper.banner, self.seats_box,
                     self.evalbar.widget):
            part.layout.display = "none"
        self.tabs.children = self.tabs.children[:3]  # Moves, Log, State
        self.tabs.titles = tuple(TAB_TITLES[:3])
        self.table_note = widgets.HTML(
            "<div style='font-size:12px;color:#333;padding:2px 8px;background:#eef3fb;"
            f"border-left:4px solid #0b57d0'>{html.escape(table.notice)}</div>",
            layout=widgets.Layout(width="100%", flex="0 0 auto"))
        self.table_note.add_class("ff-table-note")
        self.column.children = (self.title, self.table_note, *self.column.children[1:])

    def table_moved(self, since: int | None) -> None:
        """The shared table's game (``self.game``, changed by the table link) moved on: redraw
        once, with the events from ``since`` (an index in ``game.log``) as what just happened."""
        self.selection = Selection(since=since)
        self.refresh()

    # ------------------------------------------------------------------ pieces
    def _make_seats(self, choices: list[str] | None, bots_for_new_seats: bool = False) -> Seats:
        seats = Seats(players_of(self.game), self.ui.bots(),
                      on_change=self.errors.guard(self._seats_changed))
        extra = next(iter(seats.factories), HUMAN) if bots_for_new_seats else HUMAN
        chosen = list(choices or [])
        for seat in range(len(seats.dropdowns)):
            # seats not chosen: Player 1 is a human; the others are humans too (hot-seat)
            # unless a New game added them, where they are bots
            choice = chosen[seat] if seat < len(chosen) else HUMAN if seat == 0 else extra
            if choice != seats.labels()[seat]:
                seats.set(seat, choice)
        self.seats_box = getattr(self, "seats_box", widgets.Box())
        self.seats_box.children = [widgets.HTML("<b>Seats:</b>&nbsp;"), seats.widget]
        return seats

    def _fallback_bot(self) -> Any:
        factories = self.ui.bots()
        return next(iter(factories.values()))(7) if factories else None

    def _build_figure(self) -> None:
        fig = self.ui.build_figure(self.game)
        if fig is None:
            self.figure = None
            self.board.children = [self.column]
            return
        import plotly.graph_objects as go

        self.ui.update_figure(fig, self.game, self.selection)  # complete before wrapping
        if fig.layout.width is None:  # a widget in a flex box does not autosize reliably
            fig.layout.width = 780
        widget = go.FigureWidget(fig)
        # no modebar: its buttons sat in the tab order before the game, and its "edit in
        # Chart Studio" link leads off the page; the map is not zoomed or panned
        # and no double click: plotly takes a second press within ``doubleClickDelay`` of the
        # first for a double click, which lost a quick origin-then-destination pair of clicks
        widget._config = {"displayModeBar": False, "displaylogo": False, "scrollZoom": False,
                          "doubleClick": False, "doubleClickDelay": 1, "showTips": False}
        widget.layout.dragmode = False
        for trace in widget.data:
            trace.on_click(self._on_click_trace)
        self.figure = widget
        # the figure has a fixed width, so its box must not shrink below it (or the column
        # would be drawn over the map); the board wraps instead
        width = f"{int(fig.layout.width)}px"
        holder = widgets.Box([widget], layout=widgets.Layout(flex="0 0 auto", width=width,
                                                             min_width=width))
        holder.add_class("ff-figure")
        height = int(fig.layout.height or 0)
        self.figure_style.value = figure_css(int(fig.layout.width), height) if height else ""
        if height:  # a long list of choices scrolls inside the column, beside the map
            self.column.layout.max_height = f"{height}px"
            self.column.layout.overflow_y = "auto"
        self.board.children = [holder, self.column]

    def _tables(self) -> dict[str, Any]:
        tables = dict(self.ui.tables(self.shown))
        if not tables:
            tables = state_tables(self.shown.state_dict())
        return tables

    def _tab_changed(self, change: dict[str, Any]) -> None:
        self.moves.set_active(change["new"] == 0, self.game, self.viewing)
        self.inspector.set_active(change["new"] == 2)

    # ------------------------------------------------------------ user actions
    def play(self, action: Action | str) -> None:
        """Apply a human decision, then let bot seats answer (if auto).

        The answer plays back at the stepper's pace, redrawn after each bot move; at pace 0
        (or without a running event loop) it is played at once and drawn once.
        """
        self.evalbar.cancel()  # the machine's cores to this click first
        self._present()
        self.errors.clear()
        if self.table is not None:  # stored in the table's log first; it redraws the app
            self.table.play(action if isinstance(action, Action) else Action.parse(action))
            return
        mark = len(self.game.log)
        try:
            self.game.apply(action)
        except Exception:
            self.evalbar.update(self.game)  # nothing was played: the bar goes on as it was
            raise
        self.selection = Selection(since=mark)
        if self.stepper.pace.value > 0:
            self.refresh()  # the student's own move first, then the bots' one by one
        self.stepper.autoplay()
        self.refresh()

    def _bot_moved(self, line: str) -> None:
        """A bot move of a paced playback was made: redraw (its summary is in the banner)."""
        self.refresh()

    def _settle_playback(self) -> None:
        """Before a save: bring a bot playback to rest (:meth:`Stepper.settle`), so the file
        holds what the board shows and no later bot move wipes its link."""
        if self.stepper.playing:
            self.stepper.settle()
            self.refresh()

    def view_step(self, steps: int | None) -> None:
        """Show the board after ``steps`` steps of the history, read-only (``None``: now)."""
        if steps is None or steps >= len(self.game.history):
            self._present()
        else:
            self.stepper.stop()
            self.viewing = max(0, int(steps))
            self._past = game_at(self.game, self.viewing)
        self.refresh()

    def _present(self) -> None:
        """Leave a past position shown from the move list (before anything is played)."""
        self.viewing = None
        self._past = None

    def undo(self) -> None:
        """Take back the last decision (one step; bots' answers are steps too)."""
        self._present()
        self.stepper.stop()
        self.errors.clear()
        self.game.undo()
        self.selection = Selection()
        self.refresh()

    def undo_my_turn(self) -> None:
        """Back to the human's previous decision, taking back the bots' replies with it."""
        self._present()
        self.stepper.stop()
        self.errors.clear()
        history = self.game.history
        human = [i for i, step in enumerate(history)
                 if isinstance(step, Action) and self.seats.is_human(step.seat)]
        if not human:
            raise IllegalAction("no decision of a human player to take back",
                                rule=self.game.RULE_TURN)
        for _ in range(len(history) - human[-1]):
            self.game.undo()
        self.selection = Selection()
        self.refresh()

    def redo(self) -> None:
        self._present()
        self.stepper.stop()
        self.errors.clear()
        self.game.redo()
        self.selection = Selection()
        self.refresh()

    def set_game(self, game: Game[Any]) -> None:
        """Bind the app to another game (loaded or new); the figure follows it (rebuilt only
        when the options differ)."""
        old = self.game
        self.stepper.stop()
        self._present()
        self.game = game
        game.__dict__["_app"] = self
        old.__dict__.pop("_app", None)
        self.selection = Selection()
        if players_of(game) != players_of(old):
            labels = self.seats.labels()
            self.seats = self._make_seats(labels, bots_for_new_seats=True)
            self.stepper.seats = self.seats
        if (self.figure is None or type(game) is not type(old)
                or dict(game.options) != dict(old.options)):
            # the figure's fixed parts (board, tracks, panels) follow the options; with the
            # same options the map is updated in place, which makes loading a save fast
            self._build_figure()
        self.errors.show_info(f"Now playing: {game!r}")
        self.refresh()

    def click_figure(self, trace_name: str, point_id: str) -> None:
        """What a click on the point showing ``point_id`` (its ``customdata``) does."""
        if self.viewing is not None:
            self.map_note.value = _note_html(
                f"You are looking at step {self.viewing}: press \"Back to the present\" "
                "to play. Nothing was played.")
            return
        result = self.ui.click(self.game, trace_name, point_id, self.selection)
        self.selection = result.selection
        if result.action is not None:
            self.play(result.action)
            return
        self.refresh()
        if result.message:
            self.map_note.value = _note_html(result.message)

    def _picked_first(self, kind: str, key: str) -> None:
        """A first choice picked in a two-step drop-down: ring its destinations on the map."""
        self.selection = replace(self.selection, origin=key)
        self.refresh()

    def _hinted(self, actions: list[Action]) -> None:
        """The advisor's best moves arrived (from its thread): number them on the map."""
        with self._figure_lock:
            self.selection = replace(self.selection, hints=tuple(actions))
            if self.figure is not None and self.viewing is None:
                with self.figure.batch_update():
                    self.ui.draw_hints(self.figure, self.game, actions)

    def _on_click_trace(self, trace: Any, points: Any, _state: Any) -> None:
        if not points.point_inds:  # plotly calls every trace's handler; only one was hit
            return
        self.evalbar.cancel()  # the machine's cores to this click first
        self.errors.guard(self._clicked)(trace, int(points.point_inds[0]),
                                         (points.xs or [None])[0], (points.ys or [None])[0])

    def _clicked(self, trace: Any, index: int, x: Any, y: Any) -> None:
        """Resolve a browser click to the id it showed, or refuse it if the page was stale.

        The browser reports the index and the position of the point under the pointer. The id
        is read from our copy of the trace only if our copy has that point at that position:
        if not, the page was showing something other than the game (a lost update), so the
        map is rebuilt from the game and nothing is played.
        """
        ids = trace.customdata
        if ids is None or not 0 <= index < len(ids):
            if ids is None:  # not a clickable trace (routes, key, tracks...)
                self.map_note.value = _note_html("Click a space of the map.")
            else:
                self._resync("The map was out of date")
            return
        if x is not None and y is not None and not (
                _close(trace.x[index], x) and _close(trace.y[index], y)):
            self._resync("The map was out of date")
            return
        self.click_figure(str(trace.name), str(ids[index]))

    def _resync(self, why: str) -> None:
        self._build_figure()
        self.refresh()
        self.map_note.value = _note_html(
            f"{why}: it has been redrawn from the game and nothing was played. Click again.")

    def _seats_changed(self) -> None:
        """A seat became human or a bot: redraw the prompt and the actions, and if the seat to
        move is now a bot and bots answer automatically, let it play up to the next human."""
        stepper = getattr(self, "stepper", None)
        if stepper is None:  # the drop-downs are being set up
            return
        self._present()
        stepper.autoplay()
        self.selection = Selection()
        self.refresh()

    def _after_steps(self, steps: int, reason: str) -> None:
        self._present()
        self.selection = Selection()
        self.refresh()

    def _describe(self, game: Game[Any], action: Action) -> str:
        """An action in the game's on-screen words (its button, the move list, playback)."""
        return self.ui.words(self.ui.describe(game, action))

    # ----------------------------------------------------------------- redraw
    @property
    def shown(self) -> Game[Any]:
        """The game drawn now: the present, or the past position chosen in the move list."""
        return self._past if self._past is not None else self.game

    def refresh(self) -> None:
        """Bring every piece up to date with ``self.game`` (in place; timed in ms).

        While a past position is viewed (:meth:`view_step`) the map, the prompt and the panels
        show that position, the choices are hidden and a banner leads back to the present.
        """
        start = time.perf_counter()
        game = self.game
        shown = self.shown
        past = self.viewing is not None
        steps = len(game.history)
        caption = (f"seed {game.seed}" if self.table is None
                   else html.escape(self.table.caption))
        self.title.value = (
            f"<b style='font-size:16px'>{html.escape(self.ui.title)}</b> "
            f"<span style='color:#666'>{caption} &middot; {steps} steps</span>&nbsp;"
        )
        self.moves.update(game, self.viewing)
        selection = self.selection
        if past:
            moves = self.moves.book.update(game)
            since = moves[self.viewing - 1].log[0] if self.viewing else None
            selection = Selection(since=since)
            self.view_note.value = (
                "<div role='status' style='padding:4px 8px;background:#fde7e9;"
                "border-left:5px solid #b3261e'><b>Viewing step "
                f"{self.viewing} of {steps}</b> (read-only): the board as it was then.</div>")
        self.view_banner.layout.display = "" if past else "none"
        self.prompt.value = self._prompt_html(shown)
        rule = rule_details(shown.prompt.rule, "The rule for this decision")
        self.rule.value = "" if shown.is_over else f"<div style='font-size:12px'>{rule}</div>"
        self.map_note.value = ""
        if self.figure is not None:
            with self._figure_lock, self.figure.batch_update():
                self.ui.update_figure(self.figure, shown, selection)
        self.recent.value = self._recent_html(
            shown, selection, "This move" if past else "What just happened")
        self.unavailable.value = "" if past else self._unavailable_html()
        side = self.ui.side_html(shown)
        self.side.value = side
        self.side.layout.display = "" if side else "none"
        self.board_text.value = self._words_html(shown)
        for part in (self.actions.widget, self.rule, self.header):
            part.layout.display = "none" if past else ""
        if self.table is not None:
            self.header.layout.display = "none"
        if not past:
            legal = game.legal_actions()
            labels = [self._describe(game, a) for a in legal]
            note = ""
            if (self.table is not None and game.to_move is not None
                    and game.to_move != self.table.seat):  # another device decides
                legal, labels = [], []
                note = (f"Waiting for Player {game.to_move + 1} "
                        f"({self.table.who(game.to_move)}) to choose.")
            elif game.to_move is not None and not self.seats.is_human(game.to_move):
                if self.stepper.playing:  # the bot is answering: nothing to press meanwhile
                    legal, labels = [], []
                    note = (f"Player {game.to_move + 1} (a bot) is choosing; press Skip to "
                            "see its moves at once.")
                else:
                    note = (f"Player {game.to_move + 1} is played by a bot: use the stepper, "
                            "or choose for it here.")
            two = self.ui.two_step
            splits = {a: two[a.kind].split(game, a) for a in legal if a.kind in two}
            self.actions.show(legal, labels, note, splits, two)
            self.actions.set_first(self.selection.origin)
            if self.table is None:  # no Hint at a table (hidden: the cores are the class's)
                self.evalbar.update(game)
        self.undo_button.disabled = not game.can_undo
        self.undo_turn_button.disabled = not any(
            isinstance(step, Action) and self.seats.is_human(step.seat) for step in game.history)
        self.redo_button.disabled = not game.can_redo
        self.log_view.update(game.log)
        self.inspector.update()
        self.saveload.link.value = ""
        self.last_refresh_ms = (time.perf_counter() - start) * 1000

    def _words_html(self, game: Game[Any]) -> str:
        """The board in words (the game's summary rows), one click away for every reader."""
        try:
            rows = self.ui.summary(game)
        except Exception:  # noqa: BLE001 - a summary must never break the app
            rows = []
        if not rows:
            return ""
        items = "".join(f"<dt style='font-weight:bold'>{html.escape(str(k))}</dt>"
                        f"<dd style='margin:0 0 3px 12px'>{html.escape(str(v))}</dd>"
                        for k, v in rows)
        return ("<details style='font-size:12px;margin:4px 0'><summary><b>The board in words"
                "</b></summary><dl style='margin:2px 0'>"
                f"{items}</dl><span style='color:#555'>Every table of the state: the State "
                "tab below.</span></details>")

    def _unavailable_html(self) -> str:
        """Why a choice a student may look for is not offered now (e.g. Support: not enough
        money), in the engine's own words."""
        if self.game.is_over:
            return ""
        reasons = self.ui.unavailable(self.game)
        if not reasons:
            return ""
        items = "".join(f"<li>{html.escape(self.ui.words(r))}</li>" for r in reasons)
        return ("<div style='font-size:12px;color:#555;margin:2px 0'><b>Not possible now:</b>"
                f"<ul style='margin:0;padding-left:18px'>{items}</ul></div>")

    def _recent_html(self, game: Game[Any], selection: Selection,
                     title: str = "What just happened", limit: int = 8) -> str:
        """The events since the human's last decision (bots' replies included), newest last."""
        since = selection.since
        log = game.log
        if since is None or since >= len(log):
            return ""
        events = list(log[since:])
        shown = events[-limit:]
        more = len(events) - len(shown)
        items = "".join(f"<li>{html.escape(self.ui.words(e.text))}</li>" for e in shown)
        head = f"<li><i>{more} earlier events: see the Log tab</i></li>" if more else ""
        return ("<details open style='font-size:12px;margin:4px 0'><summary><b>"
                f"{title}</b>{self.ui.recent_note}</summary>"
                f"<ul style='margin:2px 0 0 0;padding-left:18px'>{head}{items}</ul></details>")

    def _prompt_html(self, game: Game[Any]) -> str:
        """Whose decision it is and what to decide, in words (the rule's text is a click away
        under the choices: :attr:`rule`)."""
        prompt = game.prompt
        phase = game.phase
        where = f"{self.ui.turn_word} {game.round}"
        if game.is_over:
            where += " &middot; game over"
        elif self.ui.turn_word == "Round":
            where += f" &middot; {html.escape(phase)} phase"
        if game.is_over:
            outcome = html.escape(self.ui.words(self.ui.outcome(game)))
            body = f"<b>Game over.</b> {outcome}"
            colour = "#555"
        else:
            seat = prompt.seat if prompt.seat is not None else game.to_move
            who = "" if seat is None else f"Player {seat + 1}"
            if seat is not None:
                label = ("human" if self.seats.is_human(seat) else self.seats.labels()[seat]) \
                    if self.table is None else self.table.who(seat)
                who += f" ({label})"
            body = f"<b>{html.escape(who)}:</b> {html.escape(self.ui.words(prompt.text))}"
            colour = "#0b57d0"
        return (
            f"<div role='status' aria-live='polite' aria-label='Decision' "
            f"style='border-left:5px solid {colour};padding:4px 10px;background:#f6f8fc'>"
            f"<span style='color:#666'>{where}</span><br>{body}</div>"
        )
