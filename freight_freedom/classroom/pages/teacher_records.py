"""The teacher page's Export and Runs tabs, the class's records: the answers, gradebooks,
results and games as downloads (and files in the export folder); every run of a lesson, read
only, with its progress, a question's tally and its report with the per-question chart."""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ...ui.saveload import download_link_html
from ..export import answers_csv, export, gradebooks, results_csv
from ..room import Classroom
from ..runs import RunInfo, when
from ..runs import known_lesson as lesson
from .common import EXPORT_ENV
from .teacher_base import TeacherBase
from .teacher_lesson import progress_html, tally_html


def run_label(r: RunInfo) -> str:
    """A run on the runs list: its number, lesson, mode, start and state."""
    mode = "homework" if r.mode == "self" else "in class"
    state = ("now" if r.current and r.open else "open" if r.open else "closed")
    return (f"Run {r.id} · {short(r.title)} · {mode} · {when(r.started)} · {state} · "
            f"{r.answers} answers")


def short(title: str) -> str:
    return title.split(",", 1)[0].strip() or title


class RecordsTabs(TeacherBase):
    """The Export and Runs tabs of :class:`~.teacher.TeacherPage`."""

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

    # ------------------------------------------------------------------ runs
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
