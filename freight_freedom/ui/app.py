"""GameApp: the play and walkthrough app of either game, assembled from the shared pieces.

Layout: the board row holds the figure (a plotly FigureWidget, 780 px wide) and, beside it, the
decision column: title with Undo / Undo my turn / Redo, the pending prompt in words with its
rule a click away (an ARIA live region), errors, the note on the last map click, the legal
actions and the game's side panel. So the map, the question and the answers share one 1366x768
screen; on a narrower board the column goes above the map (:mod:`.layout_css`). Below: the
stepper, the seats, and tabs with the event log, the state inspector, save/load and new game.
The column's texts are :mod:`.panels`.

Every change goes through ``game.apply`` (via :meth:`GameApp.play`), ``undo``/``redo`` or the
stepper, and is followed by one :meth:`GameApp.refresh`, which computes the position's view once
(``game.view()``, :func:`.adapter.game_view`) and updates every piece from it in place: the
FigureWidget is changed inside ``batch_update`` (one message to the browser), never rebuilt. The
figure is built completely *before* it is wrapped in a FigureWidget, because Voila can keep
showing the first state of a figure changed between construction and first display.
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from ..core.action import Action
from ..core.errors import IllegalAction
from ..core.game import Game, players_of
from ..core.i18n import _, check_language, language, using
from . import app_parts, figure_box, panels, table_link
from .action_panel import ActionPanel
from .adapter import GameUI, Selection, game_view, ui_for
from .app_parts import TAB_TITLES
from .errors import ErrorArea
from .evalbar import EvalBar
from .focus import FocusKeeper
from .inspector import Inspector, state_tables
from .layout_css import APP_CSS, name_parts
from .log_view import LogView, MoveList, game_at
from .newgame import NewGame
from .rule_words import rule_details
from .saveload import SaveLoad
from .seats import Seats
from .stepper import Stepper
from .table_link import TableLink, bind_table


class GameApp(widgets.VBox):  # type: ignore[misc]
    """The app bound to ``game`` (``app.game``; loading or a new game replace it).

    Tests and notebooks can drive it like a user: ``app.actions.press(action)``,
    ``app.undo_button.click()``, ``app.stepper.step("phase")``, ``app.click_figure(trace, i)``.

    ``lang``: the language of the app's own words (``"es"``; ``None``: the package's default,
    :mod:`~freight_freedom.core.i18n`); the language menu changes it. Everything the app draws,
    when built and in every callback (through :meth:`ErrorArea.guard`) and refresh, is drawn
    ``with using(self.lang)``.
    """

    def __init__(self, game: Game[Any], *, seats: list[str] | None = None,
                 pace: float | None = None, table: TableLink | None = None,
                 lang: str | None = None) -> None:
        if lang is None:  # the game's own language, if it has one
            lang = getattr(game, "lang", None)
        lang = None if lang is None else check_language(lang)  # before anything is built
        super().__init__(layout=widgets.Layout(width="100%"))
        #: the language of the app's words (None: the package's default)
        self.lang = lang
        #: the language the app's fixed words (buttons, tabs) are in now (see :meth:`refresh`)
        self.labelled = ""
        with using(lang):
            self._build(game, seats, pace, table)

    def _build(self, game: Game[Any], seats: list[str] | None, pace: float | None,
               table: TableLink | None) -> None:
        self.game = game
        #: the shared table this app plays a seat of, or shows (None: a game of this device)
        self.table = table
        self.ui: GameUI = ui_for(game)
        self.selection = Selection()
        self.view: Any = None  #: the view of the position shown, computed once per refresh
        self._figure_lock = threading.RLock()  # the Hint draws from the advisor's thread
        self.errors = ErrorArea(lambda: self.lang)
        self.last_refresh_ms = 0.0
        #: the past position shown read-only from the move list (steps applied), or None
        self.viewing: int | None = None
        self._past: Game[Any] | None = None
        guard = self.errors.guard

        app_parts.make_decision_parts(self, guard)

        self.actions = ActionPanel(guard(self.play), on_first=guard(self._picked_first),
                                   speaking=self.errors.speaking,
                                   kind_title=lambda kind: self.ui.kind_title(kind))
        # the evaluation bar and Hint (ui/evalbar.py); hinted map moves are numbered on the map
        self.evalbar = EvalBar(lambda: self.game, panel=self.actions, on_hint=self._hinted,
                               words=self.ui.words, within=self.errors.speaking)
        self.seats = self._make_seats(seats)
        self.stepper = Stepper(lambda: self.game, self.seats, self._after_steps, guard,
                               fallback_bot=self._fallback_bot, describe=self._describe,
                               redraw=self._bot_moved, pace=pace)
        self.log_view = LogView(self.ui.words)
        self.moves = MoveList(self._describe, guard(self.view_step), self.ui.words)
        app_parts.make_view_banner(self, guard)
        # the board in words (who is where, catchers, tokens...), one click away
        self.board_text = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._make_tabs(guard)
        self._make_column()
        self.style = widgets.HTML(APP_CSS, layout=widgets.Layout(display="none"))
        # the map's scaling rules, from its size (set when the figure is built)
        self.figure_style = widgets.HTML(layout=widgets.Layout(display="none"))
        self.focus = FocusKeeper()
        self._build_figure()
        self.children = [self.style, self.figure_style, self.focus, self.board, self.stepper.widget,
                         self.seats_box, self.tabs]
        name_parts(self)
        if table is not None:
            bind_table(self, table)
        self.refresh()

    def _make_tabs(self, guard: Callable[..., Any]) -> None:
        """The tabs under the board: moves, log, state inspector, save / load, new game."""
        self.inspector = Inspector(self._tables)
        self.saveload = SaveLoad(lambda: self.game, self.set_game, self.errors.show_error, guard,
                                 before_save=self._settle_playback)
        self.newgame = NewGame(lambda: self.game, self.set_game, guard)
        self.tabs = widgets.Tab(children=[self.moves.widget, self.log_view.widget,
                                          self.inspector.widget, self.saveload.widget,
                                          self.newgame.widget])
        self.tabs.titles = tuple(_(name) for name in TAB_TITLES)
        self.tabs.observe(guard(self._tab_changed), names="selected_index")

    def _make_column(self) -> None:
        """The decision column beside the map: everything a student needs to decide, on one
        screen with the map (at 1366x768 the map is 726 px tall and the column scrolls
        inside itself if a decision has many choices). The choices come first in the tab
        order: the title is text, Undo / Redo follow the choices."""
        self.header = widgets.HBox(
            [self.undo_button, self.undo_turn_button, self.redo_button, self.language_menu],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.column = widgets.VBox(
            [self.title, self.view_banner, self.prompt, self.stepper.banner,
             self.errors.widget, self.map_note, self.actions.widget, self.rule, self.header,
             self.evalbar.widget, self.unavailable, self.recent, self.board_text, self.side],
            layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="640px",
                                  padding="0 0 0 8px"))
        for part in self.column.children:  # keep their height: the column scrolls instead
            part.layout.flex = "0 0 auto"

    def table_moved(self, since: int | None) -> None:
        """The shared table's game (``self.game``, changed by the table link) moved on: redraw
        once, with the events from ``since`` (an index in ``game.log``) as what just happened."""
        self.selection = Selection(since=since)
        self.refresh()

    # ------------------------------------------------------------------ pieces
    def _make_seats(self, choices: list[str] | None, bots_for_new_seats: bool = False) -> Seats:
        seats = Seats(players_of(self.game), self.ui.bots(),
                      on_change=self.errors.guard(self._seats_changed))
        seats.choose(choices or [], bots_for_new_seats=bots_for_new_seats)
        self.seats_box = getattr(self, "seats_box", widgets.Box())
        self.seats_label = getattr(self, "seats_label", widgets.HTML())
        self.seats_label.value = "<b>" + html.escape(_("Seats:")) + "</b>&nbsp;"
        self.seats_box.children = [self.seats_label, seats.widget]
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
        self.ui.update_figure(fig, game_view(self.game), self.selection)  # complete, then wrap
        self.figure = figure_box.figure_widget(fig, self._on_click_trace)
        holder, css, height = figure_box.figure_holder(self.figure)
        self.figure_style.value = css
        if height:  # a long list of choices scrolls inside the column, beside the map
            self.column.layout.max_height = f"{height}px"
            self.column.layout.overflow_y = "auto"
        self.board.children = [holder, self.column]

    def _tables(self) -> dict[str, Any]:
        tables = dict(self.ui.tables(self.view))
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
        self._rewind(self.game.undo)

    def undo_my_turn(self) -> None:
        """Back to the human's previous decision, taking back the bots' replies with it."""
        self._rewind(self._undo_to_human_decision)

    def redo(self) -> None:
        """Apply again the last step taken back."""
        self._rewind(self.game.redo)

    def _rewind(self, change: Callable[[], object]) -> None:
        """Leave a past position and a playback, then ``change`` the game's history (undo,
        redo) and redraw without a selection."""
        self._present()
        self.stepper.stop()
        self.errors.clear()
        change()
        self.selection = Selection()
        self.refresh()

    def _undo_to_human_decision(self) -> None:
        history = self.game.history
        human = [i for i, step in enumerate(history)
                 if isinstance(step, Action) and self.seats.is_human(step.seat)]
        if not human:
            raise IllegalAction(_("no decision of a human player to take back"),
                                rule=self.game.RULE_TURN)
        for _step in range(len(history) - human[-1]):
            self.game.undo()

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
        self.errors.show_info(_("Now playing: {game}").format(game=repr(game)))
        self.refresh()

    def click_figure(self, trace_name: str, point_id: str) -> None:
        """What a click on the point showing ``point_id`` (its ``customdata``) does."""
        if self.viewing is not None:
            self.map_note.value = panels.note_html(_(
                'You are looking at step {n}: press "{button}" to play. Nothing was '
                "played.").format(n=self.viewing, button=_("Back to the present")))
            return
        result = self.ui.click(self.view, trace_name, point_id, self.selection)
        self.selection = result.selection
        if result.action is not None:
            self.play(result.action)
            return
        self.refresh()
        if result.message:
            self.map_note.value = panels.note_html(result.message)

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
                    self.ui.draw_hints(self.figure, self.view, actions)

    def _on_click_trace(self, trace: Any, points: Any, _state: Any) -> None:
        if not points.point_inds:  # plotly calls every trace's handler; only one was hit
            return
        self.evalbar.cancel()  # the machine's cores to this click first
        self.errors.guard(self._clicked)(trace, int(points.point_inds[0]),
                                         (points.xs or [None])[0], (points.ys or [None])[0])

    def _clicked(self, trace: Any, index: int, x: Any, y: Any) -> None:
        """Resolve a browser click to the id it showed (:func:`.figure_box.clicked_id`), or
        refuse it if the page was stale: then the map is rebuilt from the game and nothing is
        played."""
        try:
            point_id = figure_box.clicked_id(trace, index, x, y)
        except figure_box.StaleFigure:
            self._resync(_("The map was out of date"))
            return
        if point_id is None:
            self.map_note.value = panels.note_html(_("Click a space of the map."))
            return
        self.click_figure(str(trace.name), point_id)

    def _resync(self, why: str) -> None:
        self._build_figure()
        self.refresh()
        self.map_note.value = panels.note_html(_(
            "{why}: it has been redrawn from the game and nothing was played. Click "
            "again.").format(why=why))

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
        """Bring every piece up to date with ``self.game``, from one view (in place; in ms).

        While a past position is viewed (:meth:`view_step`) the map, the prompt and the panels
        show that position, the choices are hidden and a banner leads back to the present.
        Every word is in the app's language (:attr:`lang`).
        """
        with using(self.lang):
            self._refresh()

    def choose_language(self, change: dict[str, Any]) -> None:
        """The language menu: the app's words in the language chosen, from now on."""
        self.lang = check_language(change["new"])
        self.refresh()

    def _refresh(self) -> None:
        start = time.perf_counter()
        if self.labelled != language():
            app_parts.relabel(self)
            if self.table is not None and hasattr(self, "table_note"):
                self.table_note.value = table_link.note_html(self.table)
        game = self.game
        shown = self.shown
        past = self.viewing is not None
        caption = (html.escape(_("seed {seed}").format(seed=game.seed)) if self.table is None
                   else html.escape(self.table.caption))
        self.title.value = panels.title_html(self.ui, caption, len(game.history))
        self.moves.update(game, self.viewing)
        selection = self._shown_selection()
        self.view_banner.layout.display = "" if past else "none"
        self.view = view = game_view(shown, selection.since)
        self.prompt.value = panels.prompt_html(self.ui, shown, self._who)
        rule = rule_details(shown.prompt.rule, _("The rule for this decision"))
        self.rule.value = "" if shown.is_over else f"<div style='font-size:13px'>{rule}</div>"
        self.map_note.value = ""
        if self.figure is not None:
            with self._figure_lock, self.figure.batch_update():
                self.ui.update_figure(self.figure, view, selection)
        self.recent.value = panels.recent_html(
            self.ui, shown, selection, _("This move") if past else _("What just happened"))
        self.unavailable.value = "" if past else panels.unavailable_html(self.ui, game, view)
        side = self.ui.side_html(view)
        self.side.value = side
        self.side.layout.display = "" if side else "none"
        self.board_text.value = panels.words_html(self.ui, view)
        for part in (self.actions.widget, self.rule, self.header):
            part.layout.display = "none" if past else ""
        if self.table is not None:
            self.header.layout.display = "none"
        if not past:
            self._refresh_choices(game, view)
        self.undo_button.disabled = not game.can_undo
        self.undo_turn_button.disabled = not any(
            isinstance(step, Action) and self.seats.is_human(step.seat) for step in game.history)
        self.redo_button.disabled = not game.can_redo
        self.log_view.update(game.log)
        self.inspector.update()
        self.saveload.link.value = ""
        self.last_refresh_ms = (time.perf_counter() - start) * 1000

    def _shown_selection(self) -> Selection:
        """The selection the position shown is drawn with: the app's own for the present; for
        a past position (with its banner) none, its step's events as what just happened."""
        if self.viewing is None:
            return self.selection
        moves = self.moves.book.update(self.game)
        since = moves[self.viewing - 1].log[0] if self.viewing else None
        self.view_note.value = panels.viewing_html(self.viewing, len(self.game.history))
        return Selection(since=since)

    def _who(self, seat: int) -> str:
        """Who plays ``seat``: "human" or the bot's name here, the table's words at a table."""
        if self.table is not None:
            return self.table.who(seat)
        return _("human") if self.seats.is_human(seat) else self.seats.labels()[seat]

    def _refresh_choices(self, game: Game[Any], view: Any) -> None:
        """The legal actions as buttons and drop-downs (split by ``view``), or none with a note
        when another device or a playing bot decides; then the evaluation bar."""
        legal = game.legal_actions()
        labels = [self._describe(game, a) for a in legal]
        note, hidden = app_parts.choices_note(self, game)
        if hidden:  # another device decides, or a bot is answering: nothing to press
            legal, labels = [], []
        two = self.ui.two_step
        splits = {a: two[a.kind].split(view, a) for a in legal if a.kind in two}
        self.actions.show(legal, labels, note, splits, two)
        self.actions.set_first(self.selection.origin)
        if self.table is None:  # no Hint at a table (hidden: the cores are the class's)
            self.evalbar.update(game)
