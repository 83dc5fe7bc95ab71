"""The student's page: class code and first name, then the teacher's step live, the questions
answered on this device, and a seat at a game table.

The page keeps the student's token (and their seat tokens) in the browser's ``localStorage``
through :class:`BrowserStore`, a tiny front-end piece: a refreshed page, a laptop that slept or
a new kernel reads it back and rejoins without the teacher. The question's key never reaches
this page before the teacher reveals it: the page holds a :class:`~..pacing.Slide`, which carries
no key until then, and only once it is revealed does the page show one answer, the first the
question accepts.

Every text of the lesson is shown in the class's words (:mod:`.words`): no rule codes or
internal ids, "the rule" a click away where a text names one, and nothing about a Next button
that only the teacher has. Once joined, the page's heading says the class and what it is doing
(the lesson, or the student's table while its game goes on).

Each student reads the page in their own language (a class can mix them): the page's language
menu, kept for their next visit (by the browser, and with their name in the class); else the
link's ``?lang=es``; else the class's language, the teacher's choice; else the default. Everything
the page draws, in its thread and in its callbacks, and the table's play app, is drawn in it
(:func:`~freight_freedom.core.i18n.using`: the kernel draws other pages in theirs).

This module puts the page together (the layout, the live thread, what comes first and the
heading); its parts are mixins in modules of their own: :mod:`.student_join` (joining and the
browser store, :mod:`.browser_store`), :mod:`.student_lesson` (the slide, answering and
homework's Back/Next) and :mod:`.student_table` (seats and the table).
"""

from __future__ import annotations

import html
import json
import time
from typing import Any

import ipywidgets as widgets

from ...core.i18n import SOURCE, _, check_language, language, using
from ...core.say import shown
from ...ui.errors import ErrorArea
from ..pacing import Slide
from ..people import Student
from ..room import Classroom
from ..runs import known_lesson as lesson
from .browser_store import STORAGE_KEY, STORE_PATIENCE, STORE_TRIES, BrowserStore, PageHeading
from .common import (
    CSS,
    TICK,
    Heartbeat,
    LessonBoard,
    Live,
    asked_language,
    box,
    database_url,
    in_language,
    language_menu,
)
from .student_join import StudentJoin
from .student_lesson import StudentLesson, closed_words, homework_closed, homework_note
from .student_table import StudentTable, short_title
from .words import words_html

__all__ = ["STORAGE_KEY", "STORE_PATIENCE", "STORE_TRIES", "BrowserStore", "PageHeading",
           "StudentPage", "closed_words", "homework_closed", "homework_note", "short_title"]


def _esc(text: str) -> str:
    """``text`` as HTML, its middle dots as the page writes them (``&middot;``)."""
    return html.escape(text).replace("\u00b7", "&middot;")


class StudentPage(StudentJoin, StudentLesson, StudentTable):
    """The student's widgets (``widget``): join, then follow the lesson and take a seat.

    ``lang``: the language to start in (default: the link's ``?lang=``); a language without a
    catalog is said in the page, which then starts in the default language."""

    def __init__(self, url: str | None = None, code: str | None = None, *,
                 live: bool = True, lang: str | None = None) -> None:
        asked, notice = asked_language(lang)
        self.lang = self.url_lang = asked
        self.lang_chosen = False
        with using(self.lang):
            self._make(url, code, live)
        if notice:
            self.errors.show_info(notice)

    def _make(self, url: str | None, code: str | None, live: bool) -> None:
        self.url = database_url(url)
        self.live_wanted = live
        self.room: Classroom | None = None
        self.me: Student | None = None
        self.slide: Slide | None = None
        self.seat: tuple[str, int, str] | None = None  # table code, seat, seat token
        self.seat_game = ""  # the game's title at that table
        self.live: Live | None = None
        self.errors = ErrorArea(lambda: self.lang)
        self.heartbeat = Heartbeat()
        self._join_form(code)
        # the student's own language, kept for their next visit
        self.language_menu = language_menu()
        self.language_menu.add_class("ff-student-language")
        self.language_menu.observe(self.errors.guard(self._menu_changed), names="value")
        self._quiet = False  # the menu set by the page itself (not the student's choice)
        self.built = False  # the page once joined is built
        self.main = widgets.VBox()
        # the board is made with the page (a plotly figure made later, in a button's callback,
        # reached the browser without its data) and follows the class's step once joined
        self.board = LessonBoard(640, ready=lambda: self.heartbeat.drawn)
        self.hello = widgets.HTML()
        self.hello.add_class("ff-student-hello")
        self.heading = PageHeading()
        self.lesson_row = widgets.HBox([widgets.VBox([self.join_box, self.main],
                                                     layout=widgets.Layout(flex="1 1 340px",
                                                                           padding="0 12px 0 0")),
                                        self.board.widget],
                                       layout=widgets.Layout(flex_flow="row wrap",
                                                             align_items="flex-start"))
        self.lesson_note = widgets.HTML(layout=widgets.Layout(display="none"))
        self.lesson_note.add_class("ff-student-lesson-note")
        self.play_area = widgets.VBox()
        self.table_box = widgets.VBox([], layout=widgets.Layout(display="none"))
        self.table_box.add_class("ff-student-table")
        self.table_first = False
        self.arranged = ""  # what comes first: "lesson", "seats" (a seat to take) or "table"
        # the store's own box: a remade store replaces only the box's child (a new child in the
        # page's list makes the browser draw every widget after it again, the table app too)
        self.store_box = widgets.Box([self.store], layout=widgets.Layout(display="none"))
        self.top_row = widgets.HBox([self.hello, self.language_menu],
                                    layout=widgets.Layout(justify_content="space-between",
                                                          align_items="center",
                                                          flex_flow="row wrap"))
        self.widget = widgets.VBox([
            widgets.HTML(CSS, layout=widgets.Layout(display="none")), self.heartbeat,
            self.store_box, widgets.Box([self.heading], layout=widgets.Layout(display="none")),
            self.errors.widget, self.top_row, self.lesson_row, self.lesson_note,
            self.table_box])
        self.widget.add_class("ff-class")
        self._arrange()

    # ------------------------------------------------------------------ the language
    def _menu_changed(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.choose_language(change["new"])

    def choose_language(self, lang: str) -> None:
        """The student's choice (the page's menu): the page, the lesson and the table's app in
        ``lang`` from now on, kept for their next visit (by the browser, and with their name
        in the class once joined)."""
        code = check_language(lang)
        self.lang_chosen = True
        self._apply_language(code)
        if self.room is not None and self.me is not None:
            if self.me.lang != code:
                self.me = self.room.set_student_language(self.me, code)
            self._remember()
        elif self.store.loaded:  # not joined: the browser keeps only the language
            self.store.save(json.dumps({"lang": code}))

    def _apply_language(self, lang: str | None) -> None:
        """Draw every word of the page in ``lang`` (None: the default) from now on: its fixed
        words at once, the lesson and the seats again, and the table's app."""
        self.lang = lang
        with using(lang):
            if self.language_menu.value != language():
                self._quiet = True
                try:
                    self.language_menu.value = language()
                finally:
                    self._quiet = False
            self._relabel()

    def _relabel(self) -> None:
        """The page's words again, in the language of the moment."""
        self.language_menu.description = _("Language")
        self._label_join()
        if not self.built:  # not joined yet (or joining now: the page is built in it next)
            self._head()
            return
        self._hello()
        self._label_lesson()
        self._label_table()
        self.refresh(force=True)
        apps = self.play_area.children
        menu = getattr(apps[0], "language_menu", None) if apps else None
        if menu is not None and menu.value != language():
            menu.value = language()  # the app redraws itself in it

    # ------------------------------------------------------------------ once joined
    def _hello(self) -> None:
        assert self.room is not None and self.me is not None
        self.hello.value = (
            "<div style='font-size:15px;color:#333'>"
            + _esc(_("Hi {name} · class {code}")).format(
                name=f"<b>{html.escape(self.me.name)}</b>", code=self.room.code)
            + "</div>")

    def _build(self) -> None:
        assert self.room is not None and self.me is not None
        self.built = True
        self._hello()
        self._lesson_widgets()
        self._table_widgets()
        self.table_box.layout.display = ""
        self.main.children = [self.own_row, self.slide_view, self.answer_box]
        self.table_checked = 0.0
        self.refresh(force=True)
        self.live = Live(self._wait, self.refresh, self.errors, "student",
                         heartbeat=self.heartbeat)
        if self.live_wanted:
            self.live.start()

    def _wait(self, timeout: float) -> None:
        assert self.room is not None
        self.room.lesson.wait(self.slide.version if self.slide else 0, timeout)

    @in_language
    def refresh(self, force: bool = False) -> None:
        """Follow the teacher's step, or in homework the student's own (redrawn only when it
        changed), and the tables."""
        assert self.room is not None
        assert self.me is not None
        slide = self.room.lesson.mine(self.me)
        if force or slide != self.slide:
            moved = self.slide is None or slide is None or slide.step != self.slide.step \
                or slide.lesson != self.slide.lesson or slide.run != self.slide.run
            self.slide = slide
            self._draw_slide(moved)
        self.board.show(slide)
        if force or time.monotonic() - self.table_checked > 4 * TICK:
            self.table_checked = time.monotonic()
            self._refresh_table()
        self._arrange()

    def _arrange(self) -> None:
        """What the student sees first: the table while its game goes on (a line above it
        saying where the lesson is, the lesson below it); the seats on offer while there are
        some to take, in one row under the greeting (below the lesson and its board they were
        off a laptop's screen); else the lesson. Only the rows' CSS order changes: no view is
        drawn again. The page's heading follows (:meth:`_head`)."""
        first = self._playing()
        wanted = "table" if first else "seats" if self._choosing() else "lesson"
        if wanted != self.arranged:
            self.arranged, self.table_first = wanted, first
            self.lesson_note.layout.order = "1"
            self.table_box.layout.order = "2"
            self.lesson_row.layout.order = "1" if wanted == "lesson" else "3"
            self.lesson_note.layout.display = "" if first else "none"
            self._note_lesson()
        self._head()

    def heading_text(self) -> str:
        """The page's heading once joined: the class, and what it is doing ("Class K7QX2M ·
        Freedom: The Underground Railroad", "Class K7QX2M · Table Q7HK: Freedom")."""
        assert self.room is not None
        name = self.room.name.strip()
        who = name if name and name != "Class" else _("Class {code}").format(code=self.room.code)
        if self.table_first and self.seat is not None:
            return _("{who} · Table {table}: {game}").format(
                who=who, table=self.seat[0], game=short_title(shown(self.seat_game), ':'))
        if self.slide is not None:
            title = short_title(shown(lesson(self.slide.lesson).title), ',')
            if self.slide.mode == "self":
                return _("{who} · Homework: {title}").format(who=who, title=title)
            return _("{who} · {title}").format(who=who, title=title)
        return _("{who}: waiting for the lesson").format(who=who)

    def _head(self) -> None:
        if self.room is None or self.me is None:
            # the notebook's title, "Classroom: join the class", in the page's language
            if language() != SOURCE or self.heading.text:
                self.heading.text = _("Classroom: join the class")
            return
        text = self.heading_text()
        if self.heading.text != text:
            self.heading.text = text

    def _note_lesson(self) -> None:
        """The line above the lesson while the table comes first: the step, and whether a
        question waits for an answer."""
        slide = self.slide
        if not self.table_first:
            return
        if slide is None:
            text = html.escape(_("The lesson has not started yet; it will show below your "
                                 "table."))
        else:
            asked = slide.question is not None and not slide.revealed
            title = words_html(slide.title, slide.lesson)
            if asked:
                text = html.escape(_("The lesson is at step {n}: {title} — {waiting}. Scroll "
                                     "down to it.")).replace("—", "&mdash;").format(
                    n=slide.step + 1, title=title,
                    waiting="<b>" + html.escape(_("a question is waiting for your answer"))
                    + "</b>")
            else:
                text = html.escape(_("The lesson is at step {n}: {title}. Scroll down to "
                                     "it.")).format(n=slide.step + 1, title=title)
        value = box("#eef3fd", text)
        if self.lesson_note.value != value:
            self.lesson_note.value = value

    def close(self) -> None:
        if self.live is not None:
            self.live.stop()
        if self.room is not None:
            self.room.close()
