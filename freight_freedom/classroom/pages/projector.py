"""The projector page: how to join (link, QR code, class code in big type), the lesson's
current step without its key until the teacher reveals it, and any table live (public
information only: its seats, round, phase, whose turn and its moves).

Everything on it is read from the back of the room: its text is large (:data:`SCALE`, 26 px and
more) and in the class's words (:mod:`.words`: no rule codes or internal ids). Once the lesson
has started, or a table is shown, the join panel shrinks to one line to leave the screen to
the step or the board (a student who comes late still reads the link and the code there)."""

from __future__ import annotations

import asyncio
import html
import threading

import ipywidgets as widgets

from ...ui.adapter import ui_for
from ...ui.errors import ErrorArea
from ..room import Classroom
from ..runs import known_lesson as lesson
from ..runs import when
from ..tables import Table
from .common import (
    CSS,
    Heartbeat,
    LessonBoard,
    Live,
    ago,
    box,
    class_code,
    database_url,
    game_title,
    join_link,
    qr_svg,
    slide_html,
)

NO_TABLE = "the lesson"
MOVES_SHOWN = 8
#: the projector's type against the students' pages (15 px text there: 26 px here)
SCALE = 1.75
#: a table's play app on the projector: its title, whose turn and what they decide, the line
#: saying who is to choose and what just happened, in type read from the back of the room (the
#: app's own sizes are a laptop's)
CSS_PROJECTOR = """<style>
.ff-projector .ff-app .ff-title { font-size: 26px !important; }
.ff-projector .ff-app :is(.ff-header, .ff-prompt, .ff-actions, .ff-recent, .ff-table-note) {
  font-size: 22px !important; line-height: 1.35 !important; }
.ff-projector .ff-app :is(.ff-title, .ff-header, .ff-prompt, .ff-actions, .ff-recent,
  .ff-table-note) * { font-size: inherit !important; line-height: inherit !important; }
</style>"""


def join_html(code: str, link: str, *, compact: bool = False) -> str:
    """The join panel: the link, its QR code and the class code, readable from the back;
    ``compact``: one line with a small QR code (a table's board takes the screen)."""
    if compact:
        return (
            "<div style='display:flex;gap:16px;align-items:center;font-size:26px;"
            "line-height:1.2'>"
            f"<div aria-label='QR code of the join link' style='flex:none'>"
            f"{qr_svg(link, scale=2)}</div>"
            "<div style='flex:1 1 0;min-width:0'>Join: <b style='word-break:break-all'>"
            f"{html.escape(link.split('?')[0])}"
            "</b> &middot; class code <b class='ff-class-code' style='font-family:monospace;"
            f"font-size:40px;letter-spacing:4px'>{html.escape(code)}</b></div></div>")
    return (
        "<div style='display:flex;gap:32px;align-items:center;flex-wrap:wrap;line-height:1.25'>"
        f"<div aria-label='QR code of the join link'>{qr_svg(link, scale=7)}</div>"
        "<div><div style='font-size:26px;margin:0 0 4px 0'>Join the class: open</div>"
        f"<div style='font-size:30px;font-weight:bold;word-break:break-all;margin:0 0 12px 0'>"
        f"{html.escape(link.split('?')[0])}</div>"
        "<div style='font-size:26px;margin:0 0 4px 0'>and type the class code</div>"
        f"<div class='ff-class-code' style='font-size:96px;line-height:1.1;font-weight:bold;"
        f"letter-spacing:10px;font-family:monospace'>{html.escape(code)}</div></div></div>")


def spectator_html(table: Table) -> str:
    """A table as everyone may see it: seats, where the game stands and its last moves."""
    s = table.summary()
    seats = "".join(
        f"<li>Player {x.seat + 1}: {html.escape(x.name) if x.name else '<i>free seat</i>'}"
        + (" (bot)" if x.kind == "bot" else "") + ("  &#9664; to move" if x.seat == s.to_move
                                                 and not s.over else "") + "</li>"
        for x in s.seats)
    state = (f"Game over: {html.escape(s.outcome)}" if s.over else
             f"Round {s.round}, {html.escape(s.phase)} phase")
    game = table.game
    events = game.log[-MOVES_SHOWN:]
    words = ui_for(game).words
    moves = "".join(f"<li>{html.escape(words(e.text))}</li>" for e in events)
    last = f"last move {ago(s.last_moved)}" if s.last_moved is not None else "no move yet"
    title = game_title(s.game)
    return (f"<div style='font-size:28px;line-height:1.35'><h2 style='margin:0;"
            f"font-size:38px'>Table {s.code} &middot; {html.escape(title)}</h2><div>{state} "
            f"&middot; {s.step} moves, {last}</div><ul style='margin:4px 0'>{seats}</ul>"
            f"<div style='font-size:26px'><b>What happened last</b><ul style='margin:4px 0'>"
            f"{moves or '<li>nothing yet</li>'}</ul></div></div>")


class ProjectorPage:
    """The projector's widgets (``widget``), following the class's lesson and one table."""

    def __init__(self, url: str | None = None, code: str | None = None, *,
                 live: bool = True) -> None:
        self.room = Classroom(database_url(url), code=class_code(code))
        self.errors = ErrorArea()
        self.heartbeat = Heartbeat()
        self.link = join_link(self.room.code)
        self.join = widgets.HTML(join_html(self.room.code, self.link))
        self.join.add_class("ff-projector-join")
        self.show_join = widgets.ToggleButton(value=True, description="Show how to join",
                                              tooltip="Hide the join panel to make room")
        self.show_join.observe(lambda _c: self._toggle_join(), names="value")
        self.choose = widgets.Dropdown(options=[NO_TABLE], value=NO_TABLE,
                                       description="Show:",
                                       layout=widgets.Layout(width="420px"))
        self.choose.observe(lambda _c: self.refresh(), names="value")
        self.slide = widgets.HTML()
        self.slide.add_class("ff-projector-slide")
        self.board = LessonBoard(760, self.room.lesson.now(),
                                 ready=lambda: self.heartbeat.drawn)
        self.table = widgets.HTML()
        self.table.add_class("ff-projector-table")
        # the chosen table's board, live (classroom.remote.spectator_app: public information
        # only, no controls); one app per table shown, made when the table is first chosen
        self.table_board = widgets.Box()
        self.spectators: dict[str, widgets.Widget] = {}
        # the kernel's event loop (the cell runs on it): a spectator app is made there, so that
        # its link redraws on the loop too (one made in the page's thread would redraw from
        # its own thread, and the browser got its figure's messages out of order)
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # a script or a test: no loop, everything in place
            self._loop = None
        self._loop_thread = threading.current_thread()
        self._making: set[str] = set()
        self.lesson_box = widgets.HBox(
            [self.board.widget, widgets.Box([self.slide], layout=widgets.Layout(
                flex="1 1 360px", min_width="320px", padding="0 0 0 12px"))],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget = widgets.VBox([
            widgets.HTML(CSS + CSS_PROJECTOR, layout=widgets.Layout(display="none")),
            self.heartbeat, self.join,
            widgets.HBox([self.show_join, self.choose]), self.errors.widget,
            self.lesson_box, self.table_board, self.table])
        self.widget.add_class("ff-class")
        self.widget.add_class("ff-projector")
        self.version = -1
        self.table_step = -1
        self.live = Live(self._wait, self.refresh, self.errors, "projector",
                         heartbeat=self.heartbeat)
        self.refresh()
        if live:
            self.live.start()

    def _toggle_join(self) -> None:
        self.join.layout.display = "" if self.show_join.value else "none"

    def _wait(self, timeout: float) -> None:
        if self.choose.value == NO_TABLE:
            self.room.lesson.wait(self.version, timeout)
        else:
            self.room.table(self.choose.value).wait(max(0, self.table_step), timeout)

    def refresh(self) -> None:
        """Show what the class is on now (called by the page's thread)."""
        options = [(NO_TABLE, NO_TABLE), *((f"table {t.code} ({game_title(t.game_name)})",
                                            t.code) for t in self.room.tables())]
        if list(self.choose.options) != options:
            self.choose.options = options
        on_table = self.choose.value != NO_TABLE
        slide = None if on_table else self.room.lesson.now()
        # a table or the lesson's step shown: it takes the screen, the join panel shrinks to
        # one line
        joining = join_html(self.room.code, self.link, compact=on_table or slide is not None)
        if self.join.value != joining:
            self.join.value = joining
        self.lesson_box.layout.display = "none" if on_table else ""
        self.table.layout.display = "" if on_table else "none"
        self.table_board.layout.display = "" if on_table else "none"
        if on_table:
            table = self.room.table(self.choose.value)
            self.table_step = table.step
            self.table.value = spectator_html(table)
            self._show_board(table)
            return
        self.version = 0 if slide is None else slide.version
        if slide is not None and slide.mode == "self":  # homework: no class step to show
            closes = (f" Answers close {html.escape(when(slide.closes))}."
                      if slide.closes is not None and not slide.closed else
                      " Answers are closed." if slide.closed else "")
            self.slide.value = box(
                "#eef3fd", f"<b>Homework: {html.escape(lesson(slide.lesson).title)}</b><br>"
                "Each of you goes through the steps at your own pace on your own page, with "
                f"Back and Next.{closes}", size=round(15 * SCALE))
        else:
            self.slide.value = slide_html(slide, scale=SCALE, class_words=True,
                                          waiting="The lesson will start in a moment.")
        self.board.show(slide)

    def _show_board(self, table: Table) -> None:
        """The table's board beside its summary: its spectator app, made once per table."""
        board = self.spectators.get(table.code)
        if board is None:
            if self._loop is not None and threading.current_thread() is not self._loop_thread:
                if table.code not in self._making and not self._loop.is_closed():
                    self._making.add(table.code)
                    self._loop.call_soon_threadsafe(self.errors.guard(self._make_board),
                                                    table)
                return
            board = self._make_board(table)
        if self.table_board.children != (board,):
            self.table_board.children = (board,)

    def _make_board(self, table: Table) -> widgets.Widget:
        """The table's spectator app (once per table), shown if the table is still chosen."""
        board = self.spectators.get(table.code)
        if board is None:
            from ..remote import spectator_app  # the play app: ipywidgets and plotly
            board = self.spectators[table.code] = spectator_app(table)
        self._making.discard(table.code)
        if self.choose.value == table.code and self.table_board.children != (board,):
            self.table_board.children = (board,)
        return board

    def close(self) -> None:
        from ..remote import link_of

        for board in self.spectators.values():
            link_of(board).stop()
        self.live.stop()
        self.room.close()

