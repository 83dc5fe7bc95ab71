"""The teacher's page: nothing shows before the PIN; then the lesson's pace (step, reveal) with
the live tally of the current question, the students, the game tables (open, assign, free,
follow) and the export of answers, results and games."""

from __future__ import annotations

import html
import os
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ...core import registry
from ...lessons import LESSONS
from ...ui.bots import LABELS
from ...ui.errors import ErrorArea
from ...ui.newgame import NewGame
from ...ui.saveload import download_link_html
from ..bots import play_due_bots
from ..errors import ClassroomError
from ..export import answers_csv, export, gradebooks, results_csv
from ..pacing import Tally
from ..room import Classroom
from ..runs import Progress, RunInfo, file_key, when
from ..runs import known_lesson as lesson
from ..tables import TableSummary
from .common import (
    CSS,
    EXPORT_ENV,
    Heartbeat,
    Live,
    ago,
    box,
    class_code,
    database_url,
    game_title,
    join_link,
    slide_html,
)
from .lesson_upload import LessonUpload

STUDENT_SEAT = "a student"
FREE = "free: any student may take it"
TABS = ("Lesson", "Students", "Tables", "Export", "Runs")
MODES = (("In class: you set the pace", "paced"), ("Homework: each student at their own pace",
                                                    "self"))
KEYS = (("the answer shows after the student's own tries", "tries"),
        ("the answer shows only after the closing date", "close"))
START_TIPS = {"paced": "Every student page goes to step 1; you move the class on",
              "self": "A new homework: each student starts at step 1 on their own page "
                      "(a lesson going on now ends; its answers stay on the Runs tab)"}
WAITING = {"paced": "Choose a lesson and press Start: every student page follows you.",
           "self": "Choose a lesson and press Start the homework: each student goes through "
                   "it on their own page, at their own pace."}


def closes_example(today: date | None = None) -> str:
    """The closing date's placeholder: an example a week ahead, and that it may stay empty."""
    day = (today or date.today()) + timedelta(days=7)
    return f"e.g. {day.isoformat()} 17:00, or empty"


def tally_html(t: Tally, students: int) -> str:
    """The live tally: who answered, first-try right and wrong, the common wrong answers."""
    def names(group: tuple[str, ...]) -> str:
        return ", ".join(html.escape(n) for n in group) or "nobody"

    wrong = "".join(f"<li>&ldquo;{html.escape(a)}&rdquo; &times;{n}</li>"
                    for a, n in t.common_wrong[:6]) or "<li>none</li>"
    return (
        "<div class='ff-tally' style='font-size:15px;border:1px solid #ccd;padding:6px 10px;"
        "border-radius:4px'>"
        f"<b>Answered: {len(t.answered)} of {students}</b>"
        f" &middot; still thinking: {names(t.waiting)}<br>"
        f"Right at the first try: <b>{len(t.first_right)}</b> ({names(t.first_right)})<br>"
        f"Wrong at the first try: <b>{len(t.first_wrong)}</b> ({names(t.first_wrong)})<br>"
        f"Right by now: {len(t.right_now)}"
        f"<div>Common wrong answers:<ul style='margin:2px 0'>{wrong}</ul></div>"
        + ("<b>Revealed</b>: every page shows the answer." if t.revealed else "")
        + "</div>")


def progress_html(rows: list[Progress], steps: int, now: float | None = None) -> str:
    """Each student in homework: the step they are on, the furthest reached, questions
    answered and right, and when they last did something (live)."""
    head = ("<div style='font-size:15px;margin:0 0 4px 0'><b>Each student's progress</b> "
            "<span style='color:#555'>(updates by itself)</span></div>")
    if not rows:
        return head + "<p>Nobody has joined yet.</p>"
    body = "".join(
        f"<tr><td>{html.escape(p.name)}</td>"
        + (f"<td>{p.step + 1} of {steps}</td><td>{(p.reached or 0) + 1}</td>"
           if p.step is not None else "<td colspan='2'><i>not opened yet</i></td>")
        + f"<td>{p.answered} of {p.questions}</td><td>{p.right}</td>"
        f"<td>{'' if p.updated is None else ago(p.updated, now)}</td></tr>" for p in rows)
    return (head + "<table class='ff-list ff-teacher-progress'><tr><th>Student</th>"
            "<th>On step</th><th>Furthest step</th><th>Answered</th><th>Right</th>"
            "<th>Last active</th></tr>" + body + "</table>")


def run_label(r: RunInfo) -> str:
    """A run on the runs list: its number, lesson, mode, start and state."""
    mode = "homework" if r.mode == "self" else "in class"
    state = ("now" if r.current and r.open else "open" if r.open else "closed")
    return (f"Run {r.id} · {short(r.title)} · {mode} · {when(r.started)} · {state} · "
            f"{r.answers} answers")


def short(title: str) -> str:
    return title.split(",", 1)[0].strip() or title


def tables_html(summaries: list[TableSummary], now: float | None = None) -> str:
    """Every table on one list: seats, round, phase, whose turn or the result, last move."""
    if not summaries:
        return "<p>No tables yet: open one above.</p>"
    rows = []
    for s in summaries:
        seats = "<br>".join(
            f"{x.seat + 1}: " + (html.escape(x.name) + (" (bot)" if x.kind == "bot" else
                                                     "" if x.held else " (not taken yet)")
                                 if x.name else "<i>free</i>") for x in s.seats)
        turn = "" if s.to_move is None or s.over else next(
            (x.name or f"Player {x.seat + 1}" for x in s.seats if x.seat == s.to_move), "")
        where = (f"over: {html.escape(s.outcome)}" if s.over
                 else f"round {s.round}, {html.escape(s.phase)}")
        game = game_title(s.game)
        rows.append(f"<tr><td><b>{s.code}</b></td><td>{html.escape(game)}</td>"
                    f"<td>{seats}</td><td>{where}</td><td>{html.escape(turn)}</td>"
                    f"<td>{s.step}</td><td>{ago(s.last_moved, now)}</td></tr>")
    return ("<table class='ff-list ff-tables'><tr><th>Table</th><th>Game</th><th>Players</th>"
            "<th>Where</th><th>Turn</th><th>Moves</th><th>Last move</th></tr>"
            + "".join(rows) + "</table>")


class TeacherPage:
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

    @property
    def teacher(self) -> Classroom:
        if self.room is None:
            raise ClassroomError("pin", "type the teacher's PIN first")
        return self.room

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
        self.main.children = [self.header, self.tabs]
        self._new_form()
        self.version = -1
        self.refresh()
        self.activity = 0
        # wakes at once for an answer or a student's step in homework (the live progress)
        self.live = Live(self._wait, self.refresh, self.errors, "teacher", heartbeat=self.heartbeat)
        if self.live_wanted:
            self.live.start()

    def _wait(self, timeout: float) -> None:
        self.teacher.lesson.wait_activity(self.activity, timeout)

    def _lesson_tab(self) -> widgets.VBox:
        """Lesson choice, Start, Back, Next, Go to, Reveal; the step shown and the live tally."""
        guard = self.errors.guard
        self.lesson_pick = widgets.Dropdown(
            options=[(lesson(k).title, k) for k in LESSONS], description="Lesson",
            style={"description_width": "55px"}, layout=widgets.Layout(width="470px"))
        self.start_button = widgets.Button(description="Start at step 1", icon="play",
                                           tooltip=START_TIPS["paced"],
                                           layout=widgets.Layout(width="auto"))
        self.start_button.on_click(guard(lambda _b: self.start()))
        self.back_button = widgets.Button(description="Back", icon="arrow-left")
        self.next_button = widgets.Button(description="Next", icon="arrow-right",
                                          button_style="primary")
        self.back_button.on_click(guard(lambda _b: self.back()))
        self.next_button.on_click(guard(lambda _b: self.next()))
        self.step_pick = widgets.Dropdown(description="Go to", options=[],
                                          style={"description_width": "45px"},
                                          layout=widgets.Layout(width="330px"))
        self.step_pick.observe(guard(self._picked), names="value")
        self.reveal_button = widgets.Button(description="Reveal the answer", icon="eye",
                                            button_style="warning",
                                            tooltip="Show the answer on every page")
        self.reveal_button.on_click(guard(lambda _b: self.reveal()))
        self.slide = widgets.HTML()
        self.tally = widgets.HTML()
        for w, name in ((self.next_button, "ff-teacher-next"),
                        (self.back_button, "ff-teacher-back"),
                        (self.reveal_button, "ff-teacher-reveal"),
                        (self.start_button, "ff-teacher-start"), (self.tally, "ff-teacher-tally"),
                        (self.slide, "ff-teacher-slide")):
            w.add_class(name)
        self.mode_pick = widgets.ToggleButtons(options=MODES, value="paced",
                                               style={"button_width": "auto"})
        self.mode_pick.add_class("ff-teacher-mode")
        self.closes_text = widgets.Text(description="Closes", placeholder=closes_example(),
                                        tooltip="The date and time answers close; leave it "
                                                "empty to close the homework yourself",
                                        style={"description_width": "55px"},
                                        layout=widgets.Layout(width="330px"))
        self.closes_text.add_class("ff-teacher-closes")
        self.key_pick = widgets.Dropdown(options=KEYS, value="tries",
                                         layout=widgets.Layout(width="360px"))
        self.key_pick.add_class("ff-teacher-key")
        self.homework_box = widgets.HBox([self.closes_text, self.key_pick],
                                         layout=widgets.Layout(display="none",
                                                               flex_flow="row wrap"))
        self.mode_pick.observe(guard(lambda _c: self._mode_changed()), names="value")
        self.end_run_button = widgets.Button(description="End the homework now", icon="stop",
                                             tooltip="No more answers from anyone; the "
                                                     "answers given stay (Runs tab)",
                                             layout=widgets.Layout(display="none",
                                                                   width="auto"))
        self.end_run_button.add_class("ff-teacher-end-run")
        self.end_run_button.on_click(guard(lambda _b: self._end_pressed()))
        self._ending = False  # the first press asks; the second ends (it cannot be undone)
        self.lesson_message = widgets.HTML()
        # the step and its tally side by side; in homework the note and the students'
        # progress each take the whole width (a row per student, six columns)
        self.slide_box = widgets.Box([self.slide], layout=widgets.Layout(
            flex="1 1 420px", padding="0 12px 0 0"))
        self.tally_box = widgets.Box([self.tally], layout=widgets.Layout(flex="1 1 300px"))
        #: the teacher's own lesson files chosen on this page: key -> the file's text
        self.own_sources: dict[str, str] = {}
        self.own_lesson = LessonUpload(self._own_lesson_loaded, guard)
        lesson_tab = widgets.VBox([
            self.lesson_pick,
            self.own_lesson.widget,
            # Start after the choices it starts with (the lesson, how, the homework's date):
            # the order the keyboard takes them in too
            self.mode_pick, self.homework_box, widgets.HBox([self.start_button]),
            self.lesson_message,
            widgets.HBox([self.back_button, self.next_button, self.step_pick,
                          self.reveal_button, self.end_run_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.slide_box, self.tally_box],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))])
        return lesson_tab

    def _tables_tab(self) -> widgets.VBox:
        """The New table form (game, options, each seat a student or a bot), the table list
        and Free this seat."""
        guard = self.errors.guard
        self.game_pick = widgets.Dropdown(
            options=[(e.title, e.key) for e in registry.GAMES.values()], description="Game",
            style={"description_width": "55px"}, layout=widgets.Layout(width="330px"))
        self.game_pick.observe(guard(lambda _c: self._new_form()), names="value")
        self.form_box = widgets.VBox()
        self.seat_box = widgets.VBox()
        self.seat_roles: list[widgets.Dropdown] = []
        self.seat_people: list[widgets.Dropdown] = []
        self.table_message = widgets.HTML()
        self.table_list = widgets.HTML()
        self.table_list.add_class("ff-teacher-tables")
        self.free_pick = widgets.Dropdown(description="Seat", options=[],
                                          style={"description_width": "40px"},
                                          layout=widgets.Layout(width="330px"))
        self.free_button = widgets.Button(description="Free this seat", icon="unlock",
                                          tooltip="For a student whose laptop died: they "
                                                  "take the seat again from another device")
        self.free_button.on_click(guard(lambda _b: self.free_seat()))
        tables_tab = widgets.VBox([
            widgets.HTML("<h3 style='margin:4px 0'>Open a table</h3>"), self.game_pick,
            self.form_box, self.table_message,
            widgets.HTML("<h3 style='margin:10px 0 4px 0'>Tables</h3>"), self.table_list,
            widgets.HBox([self.free_pick, self.free_button])])
        return tables_tab

    def _students_tab(self) -> widgets.VBox:
        """Who has joined, and the class's data: remove a student, close or open joining, end
        the class, delete it. Each lasting change asks for a second click that names it."""
        guard = self.errors.guard
        self.students = widgets.HTML()
        self.students.add_class("ff-teacher-students")
        self.student_pick = widgets.Dropdown(options=[], description="Student",
                                             layout=widgets.Layout(width="260px"))
        self.remove_button = widgets.Button(description="Remove student…", icon="user-times")
        self.remove_button.add_class("ff-teacher-remove")
        self.remove_button.on_click(guard(lambda _b: self._confirm("remove")))
        self.joining_button = widgets.Button(description="Close joining", icon="lock")
        self.joining_button.add_class("ff-teacher-joining")
        self.joining_button.on_click(guard(lambda _b: self.toggle_joining()))
        self.end_button = widgets.Button(description="End the class…", icon="stop")
        self.end_button.on_click(guard(lambda _b: self._confirm("end")))
        self.delete_code = widgets.Text(placeholder="type the class code",
                                        layout=widgets.Layout(width="170px"))
        self.delete_button = widgets.Button(description="Delete the class…", icon="trash",
                                            button_style="danger")
        self.delete_button.on_click(guard(lambda _b: self._confirm("delete")))
        self.confirm_button = widgets.Button(button_style="warning",
                                             layout=widgets.Layout(display="none",
                                                                   width="auto"))
        self.confirm_button.add_class("ff-teacher-confirm")
        self.confirm_button.on_click(guard(lambda _b: self._confirmed()))
        self.cancel_button = widgets.Button(description="Cancel",
                                            layout=widgets.Layout(display="none"))
        self.cancel_button.on_click(lambda _b: self._confirm(None))
        self.data_message = widgets.HTML()
        self._pending: tuple[str, object] | None = None
        return widgets.VBox([
            self.students,
            widgets.HTML("<h3 style='margin:12px 0 4px 0'>The class's data</h3><p style='"
                         "font-size:14px;margin:0 0 6px 0'>Each student's first name, answers "
                         "and moves are kept on this computer until the class is deleted.</p>"),
            widgets.HBox([self.student_pick, self.remove_button]),
            widgets.HBox([self.joining_button, self.end_button]),
            widgets.HBox([self.delete_code, self.delete_button]),
            widgets.HBox([self.confirm_button, self.cancel_button]),
            self.data_message])

    def _confirm(self, what: str | None) -> None:
        """Ask for a second click that says what will happen (``None``: forget the question)."""
        self._pending = None
        label = ""
        if what == "remove":
            student = self.student_pick.value
            if student is None:
                raise ClassroomError("student", "choose a student first")
            self._pending = ("remove", student)
            label = f"Yes, remove {student.name} and their answers"
        elif what == "end":
            self._pending = ("end", None)
            label = "Yes, end the class: no more joins, answers or moves"
        elif what == "delete":
            if self.delete_code.value.strip().upper() != self.teacher.code:
                raise ClassroomError("class code", f"type the class code, "
                                                   f"{self.teacher.code}, to delete the class")
            self._pending = ("delete", None)
            label = "Yes, delete the class and all its data for good"
        shown = "inline-flex" if self._pending else "none"
        self.confirm_button.description = label
        self.confirm_button.layout.display = self.cancel_button.layout.display = shown

    def _confirmed(self) -> None:
        pending, self._pending = self._pending, None
        self._confirm(None)
        if pending is None:
            return
        what, student = pending
        room = self.teacher
        if what == "remove":
            name = room.remove_student(student)  # type: ignore[arg-type]
            self.data_message.value = f"<p>{html.escape(name)} and their answers are removed.</p>"
        elif what == "end":
            room.end()
            self.data_message.value = ("<p>The class has ended. Its answers and games stay "
                                       "here for export until you delete it.</p>")
        elif what == "delete":
            room.delete()
            self.main.children = [widgets.HTML(
                "<h2>The class is deleted</h2><p style='font-size:15px'>Its students, answers, "
                "tables and moves are gone from the class database. Close this page.</p>")]
            if self.live is not None:
                self.live.stop()
            return
        self.refresh()

    def toggle_joining(self) -> None:
        room = self.teacher
        if room.joining:
            room.close_joining()
        else:
            room.open_joining()
        self.refresh()

    def _refresh_students(self, room: Classroom) -> None:
        students = room.students()
        names = [s.name for s in students]
        joining = room.joining
        state = ("" if joining else " &middot; <b>joining is closed</b>"
                 if not room.ended else " &middot; <b>the class has ended</b>")
        self.students.value = (
            f"<h3 style='margin:4px 0'>{len(names)} students have joined{state}</h3>"
            + ("<ol style='columns:3;font-size:15px'>" + "".join(
                f"<li>{html.escape(n)}</li>" for n in names) + "</ol>" if names else
               "<p>Nobody yet: students open the join link and type the class code.</p>"))
        options = [(s.name, s) for s in students]
        if [o[0] for o in self.student_pick.options] != names:
            self.student_pick.options = options
            self.student_pick.value = None
        self.joining_button.description = "Close joining" if joining else "Open joining"
        self.joining_button.icon = "lock" if joining else "unlock"
        self.joining_button.disabled = self.end_button.disabled = room.ended

    def _export_tab(self) -> widgets.VBox:
        """Export answers and games (CSV and save files)."""
        guard = self.errors.guard
        self.export_button = widgets.Button(description="Export answers and games",
                                            icon="download", button_style="info")
        self.export_button.add_class("ff-teacher-export")
        self.export_button.on_click(guard(lambda _b: self.export()))
        self.export_links = widgets.HTML()
        export_tab = widgets.VBox([
            widgets.HTML("<p style='font-size:15px'>The answers (one row per try, with its "
                         "run), a gradebook per run and the tables' results as CSV files for a "
                         "spreadsheet, and each table's "
                         "game as a save file the play notebooks load.</p>"),
            self.export_button, self.export_links])
        return export_tab

    def _runs_tab(self) -> widgets.VBox:
        """Every run of the class's lessons; one opened to read (read only): its progress,
        the tally of a question and its report with the per-question chart."""
        guard = self.errors.guard
        self.run_pick = widgets.Dropdown(options=[], description="Run",
                                         style={"description_width": "40px"},
                                         layout=widgets.Layout(width="620px"))
        self.run_pick.add_class("ff-teacher-runs")
        self.run_pick.observe(guard(lambda _c: self.show_run()), names="value")
        self.run_step = widgets.Dropdown(options=[], description="Question",
                                         style={"description_width": "70px"},
                                         layout=widgets.Layout(width="420px"))
        self.run_step.observe(guard(lambda _c: self.show_run()), names="value")
        self.report_button = widgets.ToggleButton(description="Report", icon="table",
                                                  tooltip="Each student and each question")
        self.report_button.add_class("ff-teacher-report")
        self.report_button.observe(guard(lambda _c: self.show_run()), names="value")
        self.run_view = widgets.HTML()
        self.run_view.add_class("ff-teacher-run")
        self.run_chart = widgets.Box()
        return widgets.VBox([
            widgets.HTML("<p style='font-size:15px;margin:4px 0'>Each start of a lesson is a "
                         "run with its own answers. Open one to read it; a closed run takes "
                         "no more answers.</p>"),
            widgets.HBox([self.run_pick, self.report_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.run_step, self.run_view, self.run_chart])

    def _refresh_runs(self, room: Classroom) -> None:
        options = [(run_label(r), r.id) for r in room.lesson.runs()]
        if list(self.run_pick.options) != options:
            value = self.run_pick.value
            self.run_pick.options = options
            ids = [o[1] for o in options]
            self.run_pick.value = value if value in ids else (ids[0] if ids else None)
        self.show_run()

    def show_run(self) -> None:
        """Draw the run chosen: its progress, a question's tally, its report if asked."""
        room = self.teacher
        run_id = self.run_pick.value
        if run_id is None:
            self.run_view.value = "<p>No runs yet: start a lesson on the Lesson tab.</p>"
            self.run_chart.children = ()
            return
        run = room.lesson.run(run_id)
        info = run.info
        the = lesson(info.lesson)
        steps = [(f"{i + 1}. {the.steps[i].title}", i) for i in run.questions()]
        if list(self.run_step.options) != steps:
            self.run_step.options = steps
        parts = [f"<p style='font-size:15px'>{html.escape(run_label(info))}"
                 + (f" &middot; closes {html.escape(when(info.closes))}" if info.closes else "")
                 + "</p>", progress_html(run.progress(), len(the.steps))]
        if self.run_step.value is not None:
            parts.append(tally_html(run.tally(self.run_step.value), len(room.students())))
        chart: tuple[widgets.Widget, ...] = ()
        if self.report_button.value:
            html_report, chart = self._report(run)
            parts.append(html_report)
        self.run_view.value = "".join(parts)
        if self.report_button.value or self.run_chart.children:
            self.run_chart.children = chart

    @staticmethod
    def _report(run: Any) -> tuple[str, tuple[widgets.Widget, ...]]:
        """The run's report: a table per student and per question, and the chart."""
        from ..reports import question_chart

        report = run.report()
        students = "".join(
            f"<tr><td>{html.escape(s.name)}</td><td>{s.answered}</td><td>{s.first_right}</td>"
            f"<td>{s.final_right}</td><td>{s.tries}</td></tr>" for s in report.student_rows)
        questions = "".join(
            f"<tr><td>{q.number}</td><td>{html.escape(q.prompt)}</td><td>{q.answered}</td>"
            f"<td>{q.first_right}</td><td>{q.final_right}</td></tr>"
            for q in report.question_rows)
        text = (
            "<h3 style='margin:10px 0 4px 0'>Report</h3><div style='display:flex;gap:24px;"
            "flex-wrap:wrap'><table class='ff-list ff-report-students'><tr><th>Student</th>"
            "<th>Answered</th><th>Right first try</th><th>Right in the end</th><th>Tries</th>"
            f"</tr>{students}</table><table class='ff-list ff-report-questions'><tr><th>Q</th>"
            "<th>Question</th><th>Answered</th><th>Right first try</th><th>Right in the end"
            f"</th></tr>{questions}</table></div>")
        import plotly.graph_objects as go

        figure = go.FigureWidget(question_chart(report))
        figure._config = {"displayModeBar": False}
        return text, (figure,)

    # ------------------------------------------------------------------ lesson
    def _mode_changed(self) -> None:
        homework = self.mode_pick.value == "self"
        self.homework_box.layout.display = "" if homework else "none"
        self.start_button.description = "Start the homework" if homework else "Start at step 1"
        self.start_button.tooltip = START_TIPS["self" if homework else "paced"]
        if self.room is not None and getattr(self, "tabs", None) is not None:
            self.refresh()

    def _show_pacing(self, shown: bool) -> None:
        """Back, Next, Go to and Reveal: the teacher's pace, not shown during homework (each
        student moves on their own page); the step and its tally side by side, or (homework)
        the note above the whole-width progress table."""
        for w in (self.back_button, self.next_button, self.step_pick, self.reveal_button):
            w.layout.display = "" if shown else "none"
        self.slide_box.layout.flex = "1 1 420px" if shown else "1 1 100%"
        self.tally_box.layout.flex = "1 1 300px" if shown else "1 1 100%"

    def start(self) -> None:
        """Start the chosen lesson at its first step (every page follows), or as homework
        (each student at their own pace, closing when the form says)."""
        self.lesson_message.value = ""
        source = self.own_sources.get(self.lesson_pick.value)
        try:
            if self.mode_pick.value == "self":
                self.teacher.lesson.start(self.lesson_pick.value, mode="self",
                                          closes=self.closes_text.value.strip() or None,
                                          key_shown=self.key_pick.value, source=source)
            else:
                self.teacher.lesson.start(self.lesson_pick.value, source=source)
        except ClassroomError as exc:
            self.lesson_message.value = box("#fdecea", html.escape(exc.reason), role="alert")
            return
        self.refresh()

    def _own_lesson_loaded(self, the: Any, text: str) -> None:
        """A lesson file the teacher chose passed its checks: it joins the list, chosen."""
        key = file_key(text)
        self.own_sources[key] = text
        self._offer_lesson(key, the.title)
        self.lesson_pick.value = key

    def _offer_lesson(self, key: str, title: str | None = None) -> None:
        """Put lesson ``key`` in the list if it is not there (a teacher's file started here or
        on another page of the class)."""
        if key not in [value for _label, value in self.lesson_pick.options]:
            title = title if title is not None else lesson(key).title
            self.lesson_pick.options = [*self.lesson_pick.options,
                                        (f"{title} (your lesson file)", key)]

    def _end_pressed(self) -> None:
        """The first press of "End the homework now" says what a second press does."""
        if not self._ending:
            self._ending = True
            self.end_run_button.description = ("Press again to close the answers for "
                                               "everyone")
            self.end_run_button.button_style = "danger"
            return
        self.end_run()

    def end_run(self) -> None:
        """End the current homework before its closing date (no more answers)."""
        self._ending = False
        self.end_run_button.description = "End the homework now"
        self.end_run_button.button_style = ""
        self.teacher.lesson.end()
        self.refresh()

    def go(self, step: int) -> None:
        """Move the class to ``step`` (0-based)."""
        self.teacher.lesson.go(step)
        self.refresh()

    def next(self) -> None:
        slide = self._now()
        self.go(slide.step + 1)

    def back(self) -> None:
        slide = self._now()
        self.go(slide.step - 1)

    def reveal(self) -> None:
        """Show the current question's answer on every page (answers close)."""
        self.teacher.lesson.reveal()
        self.refresh()

    def _now(self) -> Any:
        slide = self.teacher.lesson.now()
        if slide is None:
            raise ClassroomError("lesson", "start a lesson first")
        return slide

    def _picked(self, change: dict[str, Any]) -> None:
        step = change["new"]
        slide = self.teacher.lesson.now()
        if step is not None and slide is not None and step != slide.step:
            self.go(int(step))

    # ------------------------------------------------------------------ tables
    def _new_form(self) -> None:
        key = self.game_pick.value
        cls = registry.game_entry(key).game_class()
        self.newgame = NewGame(cls, self._opened, self.errors.guard)
        self.newgame.button.description = "Open the table"
        self.newgame.button.icon = "plus"
        self.newgame.button.button_style = "success"
        self.newgame.button.add_class("ff-teacher-open-table")
        players = self.newgame.fields.get("players")
        if players is not None:
            players.observe(self.errors.guard(lambda _c: self._seat_rows()), names="value")
        self._seat_rows()
        options, seed_row = self.newgame.widget.children
        self.form_box.children = [options, widgets.HTML(
            "<b style='font-size:14px'>Who plays each seat</b>"), self.seat_box, seed_row]

    def _players(self) -> int:
        field = self.newgame.fields.get("players")
        return int(field.value) if field is not None else 1

    def _seat_rows(self) -> None:
        entry = registry.game_entry(self.game_pick.value)
        bots = [(LABELS.get(n, n), n) for n in ("random", *entry.app_bots)]
        people = [(FREE, 0)] + [(s.name, s.id) for s in self.teacher.students()]
        self.seat_roles = [widgets.Dropdown(options=[(STUDENT_SEAT, ""), *bots], value="",
                                            description=f"Player {i + 1}",
                                            style={"description_width": "65px"},
                                            layout=widgets.Layout(width="230px"))
                           for i in range(self._players())]
        self.seat_people = [widgets.Dropdown(options=people, value=0, description="",
                                             layout=widgets.Layout(width="260px"))
                            for _ in range(self._players())]
        for role, person in zip(self.seat_roles, self.seat_people, strict=True):
            role.observe(lambda c, p=person: setattr(p.layout, "display",
                                                     "none" if c["new"] else ""),
                         names="value")
        self.seat_box.children = [widgets.HBox([r, p]) for r, p in
                                  zip(self.seat_roles, self.seat_people, strict=True)]

    def open_table(self) -> str:
        """Open a table as the form says (game, options, bots, assigned students); its code."""
        game = self.newgame.start()
        return str(game.__dict__.get("_classroom_table", ""))

    def _opened(self, game: Any) -> None:
        room = self.teacher
        bots = {i: r.value for i, r in enumerate(self.seat_roles) if r.value}
        table = room.new_table(self.game_pick.value, bots=bots, seed=game.seed,
                               **self.newgame.values())
        by_id = {s.id: s for s in room.students()}
        for i, person in enumerate(self.seat_people):
            if i not in bots and person.value:
                table.assign(i, by_id[person.value])
        game.__dict__["_classroom_table"] = table.code
        self.table_message.value = box(
            "#e3f4e1", f"Table <b>{table.code}</b> is open: students take their seats on "
                       "their page.")
        self.refresh()

    def free_seat(self) -> None:
        """Free the chosen seat (a device that held it can no longer play it)."""
        if not self.free_pick.value:
            raise ClassroomError("seat", "choose a seat to free")
        code, seat = self.free_pick.value
        self.teacher.table(code).free(seat)
        self.table_message.value = box("#e3f4e1", f"Player {seat + 1} at table {code} is "
                                                  "free: the student takes it again from "
                                                  "their page.")
        self.refresh()

    # ------------------------------------------------------------------ export
    def export(self) -> list[Path]:
        """Offer the CSV files and save files as downloads, and write them to the export
        folder (``FREIGHT_FREEDOM_EXPORT_DIR``, set by the command) when there is one."""
        import base64

        room = self.teacher
        links = []
        for name, text in (("answers.csv", answers_csv(room)),
                           ("results.csv", results_csv(room))):
            data = base64.b64encode(text.encode("utf-8")).decode("ascii")
            links.append(f"<a download='{room.code}-{name}' href='data:text/csv;base64,"
                         f"{data}' style='font-weight:bold;color:#0b57d0'>&#11015; Download "
                         f"{room.code}-{name}</a>")
        for name, text in gradebooks(room).items():
            data = base64.b64encode(text.encode("utf-8")).decode("ascii")
            links.append(f"<a download='{room.code}-{name}' href='data:text/csv;base64,"
                         f"{data}' style='color:#0b57d0'>&#11015; Download {room.code}-{name}"
                         "</a> (one row per student, one column per question)")
        links += [download_link_html(t.game) + f" (table {t.code})" for t in room.tables()]
        written: list[Path] = []
        folder = os.environ.get(EXPORT_ENV, "").strip()
        if folder:
            written = export(room, Path(folder))
            links.append(f"Also written to the folder <code>{html.escape(folder)}</code> "
                         f"({len(written)} files).")
        self.export_links.value = "<br>".join(links)
        return written

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

    def _refresh_lesson(self, room: Classroom) -> None:
        slide = room.lesson.now()
        if slide is None:
            homework = self.mode_pick.value == "self"
            self.slide.value = slide_html(None, waiting=WAITING["self" if homework else "paced"])
            self.tally.value = ""
            for b in (self.back_button, self.next_button, self.reveal_button):
                b.disabled = True
            self._show_pacing(not homework)
            return
        self._show_pacing(slide.mode != "self")
        self.end_run_button.layout.display = "" if slide.mode == "self" else "none"
        self.end_run_button.disabled = slide.closed
        if slide.mode == "self":
            self._refresh_homework(room, slide)
            return
        the = lesson(slide.lesson)
        options = [(f"{i + 1}. {s.title}" + (" (question)" if s.question else ""), i)
                   for i, s in enumerate(the.steps)]
        if list(self.step_pick.options) != options:
            self.step_pick.options = options
        if self.step_pick.value != slide.step:
            self.step_pick.value = slide.step
        if self.lesson_pick.value != slide.lesson:
            self._offer_lesson(slide.lesson)
            self.lesson_pick.value = slide.lesson
        self.back_button.disabled = slide.step == 0
        self.next_button.disabled = slide.step == slide.steps - 1
        q = the.steps[slide.step].question
        self.reveal_button.disabled = q is None or slide.revealed
        self.slide.value = slide_html(slide, key=None if q is None else q.key_text(),
                                      why=None if q is None else q.why)
        if q is None:
            self.tally.value = ("<p style='font-size:15px;color:#555'>No question at this "
                                "step.</p>")
        else:
            self.tally.value = tally_html(room.lesson.tally(), len(room.students()))
        self.version = slide.version

    def _refresh_homework(self, room: Classroom, slide: Any) -> None:
        """Homework: no class step to set; each student's progress, live."""
        for b in (self.back_button, self.next_button, self.reveal_button):
            b.disabled = True
        if self.step_pick.options:
            self.step_pick.options = []
        if self.lesson_pick.value != slide.lesson:
            self._offer_lesson(slide.lesson)
            self.lesson_pick.value = slide.lesson
        closes = (f"answers close {html.escape(when(slide.closes))}" if slide.closes is not None
                  else "no closing date: press End the homework now to close it")
        state = "<b>answers are closed</b>" if slide.closed else closes
        self.slide.value = box("#eef3fd", f"<b>Homework: {html.escape(lesson(slide.lesson).title)}"
                                          f"</b><br>Each student moves through the "
                                          f"{slide.steps} steps on their own page; {state}.")
        self.tally.value = progress_html(room.lesson.progress(), slide.steps)
        self.version = slide.version

    def _refresh_tables(self, room: Classroom) -> None:
        tables = room.tables()
        summaries = [t.summary() for t in tables]
        self.table_list.value = tables_html(summaries)
        held = [(f"{s.code} · Player {x.seat + 1} ({x.name})", (s.code, x.seat))
                for s in summaries for x in s.seats if x.kind == "student"]
        if list(self.free_pick.options) != held:
            self.free_pick.options = held
        names = [(FREE, 0)] + [(s.name, s.id) for s in room.students()]
        for person in self.seat_people:
            if list(person.options) != names:
                value = person.value
                person.options = names
                person.value = value if value in dict(names).values() else 0

    def close(self) -> None:
        if self.live is not None:
            self.live.stop()
        if self.room is not None:
            self.room.close()

