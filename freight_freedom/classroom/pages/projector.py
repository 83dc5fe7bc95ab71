"""The projector page: how to join (link, QR code, class code in big type), the lesson's
current step without its key until the teacher reveals it, and any table live (public
information only: its seats, round, phase, whose turn and its moves).

Everything on it is read from the back of the room: its text is large (:data:`SCALE`, 26 px and
more) and in the class's words (:mod:`.words`: no rule codes or internal ids). Once the lesson
has started, or a table is shown, the join panel shrinks to one line to leave the screen to
the step or the board (a student who comes late still reads the link and the code there).

Its words are in the class's language, the one the teacher chooses on their page (followed
live), unless the link asks for one (``?lang=es``)."""

from __future__ import annotations

import asyncio
import html
import threading

import ipywidgets as widgets

from ...core.errors import OptionError
from ...core.i18n import SOURCE, _, check_language, language, ngettext, using
from ...core.say import shown
from ...ui.adapter import ui_for
from ...ui.errors import ErrorArea
from ..room import Classroom
from ..runs import known_lesson as lesson
from ..runs import when
from ..tables import Table
from .browser_store import PageHeading
from .common import (
    CSS,
    Heartbeat,
    LessonBoard,
    Live,
    ago,
    asked_language,
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
    qr = html.escape(_("QR code of the join link"), quote=True)
    if compact:
        return (
            "<div style='display:flex;gap:16px;align-items:center;font-size:26px;"
            "line-height:1.2'>"
            f"<div aria-label='{qr}' style='flex:none'>"
            f"{qr_svg(link, scale=2)}</div>"
            "<div style='flex:1 1 0;min-width:0'>"
            + html.escape(_("Join: {link} · class code {code}")).replace("\u00b7", "&middot;")
            .format(link="<b style='word-break:break-all'>"
                         f"{html.escape(link.split('?')[0])}</b>",
                    code="<b class='ff-class-code' style='font-family:monospace;"
                         f"font-size:40px;letter-spacing:4px'>{html.escape(code)}</b>")
            + "</div></div>")
    return (
        "<div style='display:flex;gap:32px;align-items:center;flex-wrap:wrap;line-height:1.25'>"
        f"<div aria-label='{qr}'>{qr_svg(link, scale=7)}</div>"
        "<div><div style='font-size:26px;margin:0 0 4px 0'>"
        + html.escape(_("Join the class: open")) + "</div>"
        f"<div style='font-size:30px;font-weight:bold;word-break:break-all;margin:0 0 12px 0'>"
        f"{html.escape(link.split('?')[0])}</div>"
        "<div style='font-size:26px;margin:0 0 4px 0'>"
        + html.escape(_("and type the class code")) + "</div>"
        f"<div class='ff-class-code' style='font-size:96px;line-height:1.1;font-weight:bold;"
        f"letter-spacing:10px;font-family:monospace'>{html.escape(code)}</div></div></div>")


def spectator_html(table: Table) -> str:
    """A table as everyone may see it: seats, where the game stands and its last moves."""
    s = table.summary()
    free = "<i>" + html.escape(_("free seat")) + "</i>"
    seats = "".join(
        "<li>" + html.escape(_("Player {n}:").format(n=x.seat + 1)) + " "
        + (html.escape(x.name) if x.name else free)
        + (" " + html.escape(_("(bot)")) if x.kind == "bot" else "")
        + ("  &#9664; " + html.escape(_("to move")) if x.seat == s.to_move and not s.over
           else "") + "</li>"
        for x in s.seats)
    state = html.escape(_("Game over: {outcome}").format(outcome=s.outcome) if s.over else
                        _("Round {n}, {phase} phase").format(n=s.round, phase=shown(s.phase)))
    game = table.game
    events = game.log[-MOVES_SHOWN:]
    words = ui_for(game).words
    moves = "".join(f"<li>{html.escape(words(e.said()))}</li>" for e in events)
    last = (_("last move {ago}").format(ago=ago(s.last_moved)) if s.last_moved is not None
            else _("no move yet"))
    title = shown(game_title(s.game))
    counted = ngettext("{n} move", "{n} moves", s.step).format(n=s.step)
    nothing = "<li>" + html.escape(_("nothing yet")) + "</li>"
    named = html.escape(_("Table {table}").format(table=s.code))
    happened = html.escape(_("What happened last"))
    return (f"<div style='font-size:28px;line-height:1.35'><h2 style='margin:0;"
            f"font-size:38px'>{named} &middot; {html.escape(title)}</h2><div>{state} "
            f"&middot; {html.escape(counted)}, {html.escape(last)}</div>"
            f"<ul style='margin:4px 0'>{seats}</ul>"
            f"<div style='font-size:26px'><b>{happened}</b>"
            f"<ul style='margin:4px 0'>{moves or nothing}</ul></div></div>")


class ProjectorPage:
    """The projector's widgets (``widget``), following the class's lesson and one table.

    ``lang``: the language of its words (default: the link's ``?lang=``, else the class's, which
    the page follows as the teacher changes it)."""

    def __init__(self, url: str | None = None, code: str | None = None, *,
                 live: bool = True, lang: str | None = None) -> None:
        asked, notice = asked_language(lang)
        #: the language asked for by the caller or the link (None: the class's is followed)
        self.url_lang = asked
        self.lang = asked
        with using(asked):
            self.room = Classroom(database_url(url), code=class_code(code))
        if asked is None:
            self.lang = self._class_language()
        with using(self.lang):
            self._make(live)
        if notice:
            self.errors.show_info(notice)

    def _class_language(self) -> str | None:
        """The class's language (the teacher's choice), if there is a catalog of it."""
        found = self.room.language
        if found is None:
            return None
        try:
            return check_language(found)
        except OptionError:
            return None

    def _make(self, live: bool) -> None:
        self.errors = ErrorArea(lambda: self.lang)
        guard = self.errors.guard
        self.heartbeat = Heartbeat()
        # the notebook's title ("Classroom: on the projector") in the page's language
        self.heading = PageHeading()
        self.link = join_link(self.room.code)
        self.join = widgets.HTML(join_html(self.room.code, self.link))
        self.join.add_class("ff-projector-join")
        self.show_join = widgets.ToggleButton(value=True)
        self.show_join.observe(guard(lambda _c: self._toggle_join()), names="value")
        self.choose = widgets.Dropdown(options=[(_("the lesson"), NO_TABLE)], value=NO_TABLE,
                                       layout=widgets.Layout(width="420px"))
        self._quiet = False  # the menu relabelled by the page itself (its choice kept)
        self.choose.observe(guard(self._chosen), names="value")
        self._label()
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
            self.heartbeat, widgets.Box([self.heading], layout=widgets.Layout(display="none")),
            self.join,
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

    def _label(self) -> None:
        """The page's fixed words in the language of the moment."""
        self.show_join.description = _("Show how to join")
        self.show_join.tooltip = _("Hide the join panel to make room")
        self.choose.description = _("Show:")
        if language() != SOURCE or self.heading.text:
            self.heading.text = _("Classroom: on the projector")

    def _chosen(self, _change: object) -> None:
        """The menu: the lesson or a table chosen (not the page's own relabelling)."""
        if not self._quiet:
            self.refresh()

    def _toggle_join(self) -> None:
        self.join.layout.display = "" if self.show_join.value else "none"

    def _follow_language(self) -> None:
        """The class's language, as the teacher changes it (unless the link asked for one):
        the page's words, the lesson's board and the tables' boards follow."""
        if self.url_lang is not None:
            return
        wanted = self._class_language()
        if wanted == self.lang:
            return
        self.lang = wanted
        with using(wanted):
            self._label()
            code = language()
        for board in self.spectators.values():
            self._board_language(board, code)

    def _board_language(self, board: widgets.Widget, code: str) -> None:
        """A table's board (its play app) in ``code``, changed on the kernel's loop."""
        menu = getattr(board, "language_menu", None)
        if menu is None or menu.value == code:
            return
        if self._loop is not None and threading.current_thread() is not self._loop_thread \
                and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(setattr, menu, "value", code)
        else:
            menu.value = code

    def _wait(self, timeout: float) -> None:
        if self.choose.value == NO_TABLE:
            self.room.lesson.wait(self.version, timeout)
        else:
            self.room.table(self.choose.value).wait(max(0, self.table_step), timeout)

    def refresh(self) -> None:
        """Show what the class is on now (called by the page's thread), in the class's
        language of the moment."""
        self._follow_language()
        with using(self.lang):
            self._refresh()

    def _refresh(self) -> None:
        options = [(_("the lesson"), NO_TABLE), *(
            (_("table {table} ({game})").format(table=t.code,
                                                game=shown(game_title(t.game_name))), t.code)
            for t in self.room.tables())]
        if list(self.choose.options) != options:
            values = [v for _label, v in options]
            if [v for _label, v in self.choose.options] == values:  # new words: same choice
                chosen, self._quiet = self.choose.value, True
                try:
                    self.choose.options = options
                    self.choose.value = chosen
                finally:
                    self._quiet = False
            else:
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
            closes = (" " + _("Answers close {date}.").format(date=when(slide.closes))
                      if slide.closes is not None and not slide.closed else
                      " " + _("Answers are closed.") if slide.closed else "")
            title = _("Homework: {title}").format(title=shown(lesson(slide.lesson).title))
            each = _("Each of you goes through the steps at your own pace on your own page, "
                     "with Back and Next.")
            self.slide.value = box(
                "#eef3fd", f"<b>{html.escape(title)}</b><br>{html.escape(each + closes)}",
                size=round(15 * SCALE))
        else:
            self.slide.value = slide_html(slide, scale=SCALE, class_words=True,
                                          waiting=_("The lesson will start in a moment."))
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
            board = self.spectators[table.code] = spectator_app(table, lang=self.lang)
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

