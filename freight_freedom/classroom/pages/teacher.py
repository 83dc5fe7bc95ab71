"""The teacher's page: nothing shows before the PIN; then the lesson's pace (step, reveal) with
the live tally of the current question, the students, the game tables (open, assign, free,
follow) and the export of answers, results and games.

This module puts the page together: the PIN, the class header, the tabs and the live thread.
Each tab is a mixin in a module of its own: :mod:`.teacher_lesson` (pacing and homework, the
lesson-file chooser), :mod:`.teacher_students` (students and the class's data),
:mod:`.teacher_tables` (game tables) and :mod:`.teacher_records` (export, runs and reports).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...core.errors import OptionError
from ...core.i18n import check_language, language, languages
from ...ui.errors import ErrorArea
from ..bots import play_due_bots
from ..errors import ClassroomError
from ..room import Classroom
from .common import CSS, Heartbeat, Live, box, class_code, database_url, join_link
from .teacher_lesson import (
    KEYS,
    MODES,
    START_TIPS,
    WAITING,
    LessonTab,
    closes_example,
    progress_html,
    tally_html,
)
from .teacher_records import RecordsTabs, run_label
from .teacher_students import StudentsTab
from .teacher_tables import FREE, STUDENT_SEAT, TablesTab, tables_html

__all__ = ["FREE", "KEYS", "MODES", "START_TIPS", "STUDENT_SEAT", "TABS", "WAITING",
           "TeacherPage", "closes_example", "progress_html", "run_label", "tables_html",
           "tally_html"]

TABS = ("Lesson", "Students", "Tables", "Export", "Runs")


class TeacherPage(LessonTab, StudentsTab, TablesTab, RecordsTabs):
    """The teacher's widgets (``widget``): a PIN form until :meth:`login` succeeds."""

    def __init__(self, url: str | None = None, code: str | None = None, *,
                 live: bool = True) -> None:
        self.url = database_url(url)
        self.code = class_code(code)
        self.live_wanted = live
        self.room: Classroom | None = None
        self.live: Live | None = None
        self.errors = ErrorArea()
        self.heartbeat = Heartbeat()
        self.pin = widgets.Password(description="PIN", placeholder="the teacher's PIN",
                                    style={"description_width": "40px"},
                                    layout=widgets.Layout(width="260px"))
        self.pin.add_class("ff-teacher-pin")
        self.login_button = widgets.Button(description="Open", button_style="primary",
                                           icon="unlock")
        self.login_button.add_class("ff-teacher-login")
        self.login_button.on_click(self.errors.guard(lambda _b: self.login()))
        self.login_message = widgets.HTML()
        self.login_box = widgets.VBox([
            widgets.HTML("<h2 style='margin:0 0 6px 0'>Teacher's page</h2><p style='font-size:"
                         "15px'>Type the PIN that <code>freight-freedom classroom</code> "
                         "printed when it started the class.</p>"),
            widgets.HBox([self.pin, self.login_button]), self.login_message])
        self.main = widgets.VBox()
        self.widget = widgets.VBox([widgets.HTML(CSS, layout=widgets.Layout(display="none")),
                                    self.heartbeat, self.login_box, self.errors.widget, self.main])
        self.widget.add_class("ff-class")

    # ------------------------------------------------------------------ the PIN
    def login(self, pin: str | None = None) -> bool:
        """Open the page with ``pin`` (default: what is typed); a wrong PIN, or too many, is
        said under the form and nothing else shows."""
        typed = self.pin.value if pin is None else pin
        self.pin.value = ""  # the PIN is not kept in the page
        try:
            room = Classroom(self.url, code=self.code, pin=typed)
        except ClassroomError as exc:
            self.login_message.value = box("#fdecea", html.escape(exc.reason), role="alert")
            return False
        self.room = room
        self.login_message.value = ""
        self.login_box.layout.display = "none"
        self._build()
        return True

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        """The page after the PIN: the class header and the four tabs (lesson, students,
        tables, export); then the live thread that keeps them current."""
        room = self.teacher
        link = join_link(room.code)
        self.header = widgets.HTML(
            "<div style='font-size:15px'>"
            + (f"<b style='font-size:20px'>{html.escape(room.name)}</b> &middot; "
               if room.name != "Class" else "")
            + "Class code <b style='font-family:monospace;font-size:20px'>"
            f"{room.code}</b> &middot; students join at <a href='{html.escape(link)}' "
            f"target='_blank'>{html.escape(link)}</a></div>")
        # the class's language: the projector's (and a student page's until its student
        # chooses one); the teacher's page itself stays in its own
        self.class_language = widgets.Dropdown(
            options=[(name, code) for code, name in languages().items()],
            value=self._known_language(room.language), description="Projector's language",
            tooltip="The language of the projector's page, and of a student's page until the "
                    "student chooses one", style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"))
        self.class_language.add_class("ff-teacher-language")
        self.class_language.observe(
            self.errors.guard(lambda c: self.teacher.set_language(c["new"])), names="value")
        lesson_tab = self._lesson_tab()
        students_tab = self._students_tab()
        tables_tab = self._tables_tab()
        export_tab = self._export_tab()
        runs_tab = self._runs_tab()
        self.tabs = widgets.Tab(children=[lesson_tab, students_tab, tables_tab, export_tab,
                                          runs_tab])
        for i, title in enumerate(TABS):
            self.tabs.set_title(i, title)
        self.tabs.observe(self.errors.guard(lambda _c: self.refresh()), names="selected_index")
        self.main.children = [
            widgets.HBox([self.header, self.class_language],
                         layout=widgets.Layout(justify_content="space-between",
                                               align_items="center", flex_flow="row wrap")),
            self.tabs]
        self._new_form()
        self.version = -1
        self.refresh()
        self.activity = 0
        # wakes at once for an answer or a student's step in homework (the live progress)
        self.live = Live(self._wait, self.refresh, self.errors, "teacher", heartbeat=self.heartbeat)
        if self.live_wanted:
            self.live.start()

    @staticmethod
    def _known_language(lang: str | None) -> str:
        """``lang`` if there is a catalog of it, else the default language."""
        try:
            return check_language(lang) if lang is not None else language()
        except OptionError:
            return language()

    def _wait(self, timeout: float) -> None:
        self.teacher.lesson.wait_activity(self.activity, timeout)

    # ------------------------------------------------------------------ live
    def refresh(self) -> None:
        """Bring the open tab up to date (the page's thread calls it twice a second)."""
        room = self.teacher
        tab = self.tabs.selected_index
        self.activity = room.lesson.activity
        if tab == 0:
            self._refresh_lesson(room)
        elif tab == 1:
            self._refresh_students(room)
        elif tab == 2:
            self._refresh_tables(room)
        elif tab == 4 and self.activity != getattr(self, "runs_seen", None):
            self.runs_seen = self.activity
            self._refresh_runs(room)
        # the bot seats, at the class's pace (the command plays them too; each move is stored
        # once whoever plays it)
        play_due_bots(room)

    def close(self) -> None:
        if self.live is not None:
            self.live.stop()
        if self.room is not None:
            self.room.close()
