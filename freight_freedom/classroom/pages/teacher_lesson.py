"""The teacher page's Lesson tab: the lesson chosen (one of the package's or the teacher's own
lesson file), started in class or as homework; in class the teacher's pace (Back, Next, Go to,
Reveal) with the live tally of the current question; in homework its closing date, when the
answer shows, each student's progress live and "End the homework now"."""

from __future__ import annotations

import html
from datetime import date, timedelta
from typing import Any

import ipywidgets as widgets

from ...lessons import LESSONS
from ..errors import ClassroomError
from ..pacing import Tally
from ..room import Classroom
from ..runs import Progress, file_key, when
from ..runs import known_lesson as lesson
from .common import ago, box, slide_html
from .lesson_upload import LessonUpload
from .teacher_base import TeacherBase

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


class LessonTab(TeacherBase):
    """The Lesson tab of :class:`~.teacher.TeacherPage`."""

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

    # ------------------------------------------------------------------ live
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
