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
"""

from __future__ import annotations

import html
import json
import os
import time
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as widgets
import traitlets

from ...ui.errors import ErrorArea
from ..errors import ClassroomError
from ..pacing import MAX_ATTEMPTS, Slide
from ..people import Student
from ..room import Classroom
from ..runs import known_lesson as lesson
from ..runs import when
from ..store import CLASS_CODE_LENGTH, check_code
from ..tables import Table
from .common import (
    CSS,
    TICK,
    Heartbeat,
    LessonBoard,
    Live,
    box,
    class_code,
    database_url,
    game_title,
    kept_note,
    slide_html,
)
from .words import plain, rule_chips, words_html


def closed_words(slide: Slide) -> str:
    """Why a run takes no more answers, in words: its closing date passed, or the teacher
    ended it."""
    if slide.closes is not None and time.time() >= slide.closes:
        return f"The closing date ({when(slide.closes)}) has passed: answers are closed."
    if slide.mode == "self":
        return "Your teacher has ended this homework: answers are closed."
    return "Answers are closed."


def homework_note(slide: Slide) -> str:
    """Under a homework question: the student's tries and when the answer shows."""
    if slide.closed:
        shown = " The answer is shown above." if slide.key is not None else ""
        return closed_words(slide) + shown
    later = ("The answer shows after the closing date"
             + (f" ({when(slide.closes)})." if slide.closes is not None else "."))
    if slide.right:
        return "Right! " + ("The answer is shown above." if slide.key is not None else later)
    if slide.key is not None:
        return "Your tries are used: the answer is shown above."
    left = MAX_ATTEMPTS - slide.tries
    if left <= 0:
        return "Your tries are used. " + later
    return f"You have {left} {'try' if left == 1 else 'tries'} left."


def homework_closed(slide: Slide) -> bool:
    """Whether a homework question takes no more answers from this student: answers closed,
    answered right, the key shown, or every try used."""
    return slide.closed or slide.right or slide.revealed or slide.tries >= MAX_ATTEMPTS


STORAGE_KEY = "freight-freedom-classroom"

_ESM = r"""
const KEY = "freight-freedom-classroom";
function render({ model, el }) {
  el.style.display = "none";
  let stored = "";
  try { stored = window.localStorage.getItem(KEY) || ""; } catch (e) { stored = ""; }
  const keep = () => {
    const value = model.get("keep");
    try {
      if (value) window.localStorage.setItem(KEY, value);
      else window.localStorage.removeItem(KEY);
    } catch (e) { /* storage refused (private window): the page still works, no rejoin */ }
    model.set("written", model.get("asked"));
  };
  model.set("stored", stored);
  model.set("loaded", true);
  if (model.get("asked") > model.get("written")) keep();  // asked before this view existed
  model.save_changes();
  const changed = () => { keep(); model.save_changes(); };
  model.on("change:asked", changed);
  return () => model.off("change:asked", changed);
}
export default { render };
"""

#: heartbeats (:data:`~.common.BEAT` s apart) after which a browser store that has not said what
#: it kept, or not confirmed what it was asked to keep, is made again; and how many times
STORE_PATIENCE, STORE_TRIES = 2, 4


class BrowserStore(anywidget.AnyWidget):  # type: ignore[misc]
    """Invisible: ``stored`` is what this browser kept (read once the page shows, then
    ``loaded``); :meth:`save` writes a new value back, and the browser confirms it
    (``written`` catches up with ``asked``). Holds only this student's own tokens.

    The confirmation is there because a widget's set-up can fail on a slow device (anywidget
    gives a model 2 s): then nothing is read or written, and :class:`StudentPage` makes the
    store again (:meth:`renewed`)."""

    _esm = _ESM
    stored = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    keep = traitlets.Unicode("").tag(sync=True)
    asked = traitlets.Int(0).tag(sync=True)  # counts the values given to keep
    written = traitlets.Int(0).tag(sync=True)  # the browser: the last one it wrote

    def save(self, value: str) -> None:
        """Ask the browser to keep ``value`` ("" forgets what it kept)."""
        with self.hold_sync():
            self.keep = value
            self.asked += 1

    @property
    def settled(self) -> bool:
        """Whether the browser has read what it kept and written all it was asked to."""
        return bool(self.loaded) and self.written >= self.asked

    def renewed(self) -> BrowserStore:
        """A new store asking for the same value (written when the new one shows)."""
        return BrowserStore(keep=self.keep, asked=self.asked)


_HEADING_ESM = r"""
function render({ model, el }) {
  el.style.display = "none";
  const show = () => {
    const text = model.get("text");
    // a classroom page (Voila marks its pages' body): not a notebook open in JupyterLab
    if (!text || !document.body.hasAttribute("data-voila")) return;
    const heading = [...document.querySelectorAll("h1")].find(h => !h.closest(".ff-class"));
    if (heading && heading.textContent !== text) heading.textContent = text;
    document.title = text;
  };
  show();
  model.on("change:text", show);
  return () => model.off("change:text", show);
}
export default { render };
"""


class PageHeading(anywidget.AnyWidget):  # type: ignore[misc]
    """Invisible: once ``text`` is set, the page's heading (the notebook's title, "Classroom:
    join the class") and the browser tab's title say it: the class and what it is doing."""

    _esm = _HEADING_ESM
    text = traitlets.Unicode("").tag(sync=True)


def short_title(title: str, stop: str) -> str:
    """``title`` up to ``stop``: "Freedom: The Underground Railroad, one round on the board"
    -> "Freedom: The Underground Railroad" (``","``) or "Freedom" (``":"``)."""
    return title.split(stop, 1)[0].strip() or title


def _query(name: str) -> str:
    """A value of the page's query string (Voila passes it to the kernel as QUERY_STRING)."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get(name, [])
    return values[0].strip() if values else ""


def _play_widget(table: Table, seat: int, token: str) -> widgets.Widget:
    """The play widget of ``seat`` at ``table`` (``classroom.remote.table_app``: the game's
    play app bound to that seat; imported here, on first use, with plotly's figure)."""
    from ..remote import table_app

    widget: widgets.Widget = table_app(table, seat, token)
    return widget


class StudentPage:
    """The student's widgets (``widget``): join, then follow the lesson and take a seat."""

    def __init__(self, url: str | None = None, code: str | None = None, *,
                 live: bool = True) -> None:
        self.url = database_url(url)
        self.live_wanted = live
        self.room: Classroom | None = None
        self.me: Student | None = None
        self.slide: Slide | None = None
        self.seat: tuple[str, int, str] | None = None  # table code, seat, seat token
        self.seat_game = ""  # the game's title at that table
        self.live: Live | None = None
        self.errors = ErrorArea()
        self.heartbeat = Heartbeat()
        self.store = BrowserStore()
        self.store.observe(self.errors.guard(lambda _c: self._browser_loaded()),
                           names="loaded")
        self._store_since, self._store_tries = 0, 0
        self.heartbeat.observe(self.errors.guard(lambda _c: self._check_store()), names="beat")
        wanted = class_code(code) or _query("code")
        self.code = widgets.Text(value=wanted or "", description="Class code",
                                 placeholder="6 letters and digits",
                                 style={"description_width": "90px"},
                                 layout=widgets.Layout(width="300px"))
        self.name = widgets.Text(description="First name", placeholder="your first name",
                                 style={"description_width": "90px"},
                                 layout=widgets.Layout(width="300px"))
        self.join_button = widgets.Button(description="Join", button_style="primary",
                                          icon="sign-in")
        self.join_button.on_click(self.errors.guard(lambda _b: self.join()))
        self.join_message = widgets.HTML()
        for w, name in ((self.code, "ff-student-code"), (self.name, "ff-student-name"),
                        (self.join_button, "ff-student-join")):
            w.add_class(name)
        self.join_box = widgets.VBox([
            widgets.HTML("<h2 style='margin:0 0 6px 0'>Join the class</h2><p style='font-size:"
                         "15px'>Type the class code on the projector and your first name.</p>"),
            self.code, self.name, self.join_button, self.join_message,
            widgets.HTML(f"<p class='ff-student-kept' style='font-size:13px;color:#444;"
                         f"max-width:36em'>{html.escape(kept_note())}</p>")])
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
        self.widget = widgets.VBox([
            widgets.HTML(CSS, layout=widgets.Layout(display="none")), self.heartbeat,
            self.store_box, widgets.Box([self.heading], layout=widgets.Layout(display="none")),
            self.errors.widget, self.hello, self.lesson_row, self.lesson_note,
            self.table_box])
        self.widget.add_class("ff-class")
        self._arrange()

    # ------------------------------------------------------------------ joining
    def _kept(self) -> dict[str, Any]:
        try:
            data = json.loads(self.store.keep or self.store.stored or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def _browser_loaded(self) -> None:
        """The browser said what it kept: rejoin with it (a refreshed page)."""
        if self.me is not None or not self.store.loaded:
            return
        kept = self._kept()
        code, token = kept.get("code"), kept.get("token")
        if not isinstance(code, str) or not isinstance(token, str):
            return
        try:
            room = Classroom(self.url, code=code)
            me = room.student(token)
        except ClassroomError:
            self.store.save("")  # another class, or the database was replaced: join again
            return
        seats = kept.get("seats")
        self._joined(room, me, seats if isinstance(seats, dict) else {})

    def join(self, code: str | None = None, name: str | None = None) -> Student:
        """Join with the class code and first name typed (or given)."""
        typed = self.code.value if code is None else code
        first = self.name.value if name is None else name
        try:
            room = Classroom(self.url, code=check_code(typed, "class code",
                                                       CLASS_CODE_LENGTH))
            me = room.join(first)
        except ClassroomError as exc:
            self.join_message.value = box("#fdecea", html.escape(exc.reason), role="alert")
            raise
        self._joined(room, me, {})
        return me

    def _joined(self, room: Classroom, me: Student, seats: dict[str, Any]) -> None:
        self.room, self.me = room, me
        self._remember(seats)
        self.join_box.layout.display = "none"
        self._build()
        for table_code, token in seats.items():
            try:
                table = room.table(table_code)
                self._seated(table, table.rejoin(token), str(token))
                break
            except ClassroomError:
                continue

    def _remember(self, seats: dict[str, Any]) -> None:
        assert self.room is not None and self.me is not None
        self.store.save(json.dumps({"code": self.room.code, "token": self.me.token,
                                    "seats": seats}))

    def _check_store(self) -> None:
        """On a heartbeat: a browser store silent for :data:`STORE_PATIENCE` beats (its set-up
        failed) is made again, up to :data:`STORE_TRIES` times; the new one reads what the
        browser kept (a rejoin) and writes what the page last asked to keep."""
        beat = self.heartbeat.beat
        if self.store.settled:
            self._store_since = beat
            return
        if beat - self._store_since < STORE_PATIENCE or self._store_tries >= STORE_TRIES:
            return
        old, new = self.store, self.store.renewed()
        new.observe(self.errors.guard(lambda _c: self._browser_loaded()), names="loaded")
        self.store, self._store_since = new, beat
        self._store_tries += 1
        self.store_box.children = (new,)
        old.close()

    # ------------------------------------------------------------------ the lesson
    def _build(self) -> None:
        assert self.room is not None and self.me is not None
        guard = self.errors.guard
        self.hello.value = (
            f"<div style='font-size:15px;color:#333'>Hi <b>{html.escape(self.me.name)}</b>"
            f" &middot; class {self.room.code}</div>")
        self.slide_view = widgets.HTML()
        self.slide_view.add_class("ff-student-slide")
        self.choices = widgets.RadioButtons(options=[], value=None,
                                            layout=widgets.Layout(width="auto"))
        self.answer_text = widgets.Text(placeholder="your answer",
                                        layout=widgets.Layout(width="260px"))
        self.answer_button = widgets.Button(description="Answer", icon="check",
                                            button_style="primary")
        self.answer_button.on_click(guard(lambda _b: self.answer()))
        self.feedback = widgets.HTML()
        for w, name in ((self.choices, "ff-student-choices"),
                        (self.answer_text, "ff-student-text"),
                        (self.answer_button, "ff-student-answer"),
                        (self.feedback, "ff-student-feedback")):
            w.add_class(name)
        self.closed_note = widgets.HTML()
        self.closed_note.add_class("ff-student-closed")
        # homework (a student-paced run): the student's own Back and Next
        self.own_back = widgets.Button(description="Back", icon="arrow-left")
        self.own_next = widgets.Button(description="Next", icon="arrow-right",
                                       button_style="primary")
        self.own_back.on_click(guard(lambda _b: self.move(-1)))
        self.own_next.on_click(guard(lambda _b: self.move(+1)))
        self.own_back.add_class("ff-student-back")
        self.own_next.add_class("ff-student-next")
        self.own_note = widgets.HTML()
        self.own_note.add_class("ff-student-own")
        self.own_row = widgets.HBox([self.own_back, self.own_next, self.own_note],
                                    layout=widgets.Layout(display="none", align_items="center",
                                                          flex_flow="row wrap"))
        self.answer_box = widgets.VBox([self.choices, widgets.HBox([self.answer_text,
                                                                    self.answer_button]),
                                        self.feedback, self.closed_note])
        # the table
        self.seat_pick = widgets.Dropdown(description="Seat", options=[],
                                          style={"description_width": "40px"},
                                          layout=widgets.Layout(width="340px"))
        self.seat_button = widgets.Button(description="Take this seat", icon="chair")
        self.seat_button.on_click(guard(lambda _b: self.take_seat()))
        self.seat_pick.add_class("ff-student-seats")
        self.seat_button.add_class("ff-student-take")
        self.seat_message = widgets.HTML()
        self.seat_choice = widgets.HBox([self.seat_pick, self.seat_button])
        self.table_box.children = [
            widgets.HTML("<h3 style='margin:10px 0 4px 0'>Your game table</h3>"),
            self.seat_choice, self.seat_message, self.play_area]
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

    def _playing(self) -> bool:
        """Whether this student sits at a table whose game is not over."""
        apps = self.play_area.children
        game = getattr(apps[0], "game", None) if apps else None
        return self.seat is not None and game is not None and not game.is_over

    def _choosing(self) -> bool:
        """Whether seats are on offer to this student, who has none yet."""
        pick = getattr(self, "seat_pick", None)
        return self.seat is None and pick is not None and bool(pick.options)

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
        who = name if name and name != "Class" else f"Class {self.room.code}"
        if self.table_first and self.seat is not None:
            return f"{who} · Table {self.seat[0]}: {short_title(self.seat_game, ':')}"
        if self.slide is not None:
            title = short_title(lesson(self.slide.lesson).title, ',')
            return f"{who} · {'Homework: ' if self.slide.mode == 'self' else ''}{title}"
        return f"{who}: waiting for the lesson"

    def _head(self) -> None:
        if self.room is None or self.me is None:
            return  # still "Classroom: join the class"
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
            text = "The lesson has not started yet; it will show below your table."
        else:
            asked = slide.question is not None and not slide.revealed
            text = (f"The lesson is at step {slide.step + 1}: "
                    f"{words_html(slide.title, slide.lesson)}"
                    + (" &mdash; <b>a question is waiting for your answer</b>" if asked
                       else "") + ". Scroll down to it.")
        value = box("#eef3fd", text)
        if self.lesson_note.value != value:
            self.lesson_note.value = value

    def _draw_slide(self, moved: bool) -> None:
        slide = self.slide
        self._note_lesson()
        self._draw_own(slide)
        self.slide_view.value = slide_html(
            slide, waiting="Wait for your teacher to start the lesson.", class_words=True)
        q = None if slide is None else slide.question
        self.answer_box.layout.display = "none" if q is None else ""
        if q is None or slide is None:
            return
        if moved:
            self.feedback.value = ""
            self.answer_text.value = ""
            # each option in the class's words; the value is its index (what is answered)
            self.choices.options = [(plain(o, slide.lesson), i)
                                    for i, o in enumerate(q.options)]
            self.choices.value = None
        self.choices.layout.display = "" if q.options else "none"
        self.answer_text.layout.display = "none" if q.options else ""
        closed = homework_closed(slide) if slide.mode == "self" else \
            slide.revealed or slide.closed
        self.answer_button.disabled = closed
        self.choices.disabled = closed
        self.answer_text.disabled = closed
        if slide.mode == "self":
            self.closed_note.value = box("#f1f3f4", html.escape(homework_note(slide))) \
                if closed or slide.tries else ""
        else:
            self.closed_note.value = box("#f1f3f4", "Answers are closed: the answer is shown "
                                                    "above.") if closed else ""

    def _draw_own(self, slide: Slide | None) -> None:
        """Homework: the student's own Back and Next, and where they are."""
        own = slide is not None and slide.mode == "self"
        self.own_row.layout.display = "" if own else "none"
        if slide is None or not own:
            return
        self.own_back.disabled = slide.step == 0
        self.own_next.disabled = slide.step >= slide.steps - 1
        due = (f" &middot; answers close {html.escape(when(slide.closes))}"
               if slide.closes is not None and not slide.closed else
               " &middot; <b>answers are closed</b>" if slide.closed else "")
        self.own_note.value = (f"<span style='font-size:15px'>Homework at your own pace: "
                               f"step {slide.step + 1} of {slide.steps}{due}</span>")

    def move(self, by: int) -> None:
        """Homework: the student's Back (``-1``) or Next (``+1``); kept in the database."""
        assert self.room is not None and self.me is not None
        slide = self.slide
        if slide is None or slide.mode != "self":
            raise ClassroomError("step", "your teacher moves the class on in this lesson")
        self.slide = self.room.lesson.move(self.me, slide.step + by)
        self._draw_slide(True)
        self.board.show(self.slide)

    def answer(self, value: str | int | None = None) -> str:
        """Send the answer chosen or typed (or ``value``); the verdict shown, as text."""
        assert self.room is not None and self.me is not None
        slide = self.slide
        if slide is None or slide.question is None:
            raise ClassroomError("answer", "there is no question to answer now")
        if value is None:
            if slide.question.options:
                if self.choices.value is None:
                    raise ClassroomError("answer", "choose one of the answers first")
                value = int(self.choices.value)
            else:
                value = self.answer_text.value
        try:
            graded = self.room.lesson.answer(self.me, value, step=slide.step, run=slide.run)
        except ClassroomError as exc:
            self.feedback.value = box("#fdecea", html.escape(exc.reason), role="alert")
            return exc.reason
        if slide.mode == "self":  # the key may be theirs to see now (their tries are used)
            self.slide = self.room.lesson.mine(self.me)
            self._draw_slide(False)
        # the verdict in the class's words, with the question's rules under it as the guided
        # lesson shows them (a hint may say "open the rule below")
        asked = lesson(slide.lesson).steps[slide.step].question
        rules = rule_chips(asked.rules, slide.lesson) if asked is not None else ""
        self.feedback.value = box("#e3f4e1" if graded.ok else "#fdecea",
                                  words_html(graded.text, slide.lesson) + rules)
        return plain(graded.text, slide.lesson)

    # ------------------------------------------------------------------ the table
    def _refresh_table(self) -> None:
        assert self.room is not None and self.me is not None
        if self.seat is not None:  # the play app follows its table itself
            return
        free = []
        for table in self.room.tables():
            for s in table.seats():
                if s.kind == "open" or (s.kind == "student" and s.name == self.me.name
                                        and not s.held):
                    mine = " (kept for you)" if s.kind == "student" else ""
                    game = short_title(game_title(table.game_name), ":")
                    free.append((f"Table {table.code} ({game}) · Player {s.seat + 1}{mine}",
                                 (table.code, s.seat)))
        if list(self.seat_pick.options) != free:
            chosen = self.seat_pick.value
            self.seat_pick.options = free
            seats = [v for _, v in free]
            kept = [v for label, v in free if label.endswith("(kept for you)")]
            if seats:  # never an empty box: the seat chosen, else one kept for them, else one
                self.seat_pick.value = chosen if chosen in seats else (kept or seats)[0]
        self.seat_choice.layout.display = "" if free else "none"
        if not free and not self.seat_message.value:
            self.seat_message.value = ("<p style='font-size:14px;color:#555'>No free seat "
                                       "yet: your teacher opens the tables.</p>")
        elif free and "No free seat" in self.seat_message.value:
            self.seat_message.value = ""

    def take_seat(self, choice: tuple[str, int] | None = None) -> int:
        """Take the chosen seat (or ``choice``: table code, seat); the seat taken."""
        assert self.room is not None and self.me is not None
        picked = self.seat_pick.value if choice is None else choice
        if not picked:
            raise ClassroomError("seat", "choose a seat first")
        code, seat = picked
        table = self.room.table(code)
        try:
            token = table.claim(seat, self.me)
        except ClassroomError as exc:
            self.seat_message.value = box("#fdecea", html.escape(exc.reason), role="alert")
            self._refresh_table()
            return -1
        seats = self._kept().get("seats")
        kept = dict(seats) if isinstance(seats, dict) else {}
        kept[table.code] = token
        self._remember(kept)
        self._seated(table, seat, token)
        return seat

    def _seated(self, table: Table, seat: int, token: str) -> None:
        self.seat = (table.code, seat, token)
        self.seat_game = game_title(table.game_name)
        self.seat_choice.layout.display = "none"
        self.seat_message.value = ""
        self.play_area.children = [_play_widget(table, seat, token)]
        self._arrange()

    def close(self) -> None:
        if self.live is not None:
            self.live.stop()
        if self.room is not None:
            self.room.close()
