"""What the three classroom pages share: where the database is, the slide as HTML, the lesson
board, the QR code, and the one background thread per page that follows the store.

The pages learn the database from the environment of the Voila server that runs them
(``FREIGHT_FREEDOM_DB``, set by ``freight-freedom classroom``; Voila's kernels inherit it), and
the class from ``FREIGHT_FREEDOM_CLASS`` when the database holds several.
"""

from __future__ import annotations

import atexit
import functools
import html
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import anywidget
import ipywidgets as widgets
import traitlets

from ...core.errors import OptionError
from ...core.i18n import _, check_language, language, languages, pgettext, using
from ...core.say import shown
from ...lessons import LESSONS
from ...lessons.text import inline, to_html
from ...ui.errors import ErrorArea
from ..errors import ClassroomError
from ..pacing import Slide
from ..runs import known_lesson as lesson
from .words import history_html, shown_answer, words_html

F = TypeVar("F", bound=Callable[..., Any])

DB_ENV = "FREIGHT_FREEDOM_DB"
CLASS_ENV = "FREIGHT_FREEDOM_CLASS"
JOIN_ENV = "FREIGHT_FREEDOM_JOIN_URL"
KEEP_ENV = "FREIGHT_FREEDOM_KEEP_DAYS"
"""Days a class is kept unused (``--keep-days``), for the join page's sentence on what is kept."""
EXPORT_ENV = "FREIGHT_FREEDOM_EXPORT_DIR"

#: how long the page's thread waits for news before it looks at the slower things (tables)
LOG = logging.getLogger("freight_freedom")

TICK = 0.5
#: seconds a new board figure is left alone for the browser to draw it first
SETTLE = 2.0
#: seconds between two heartbeats of an open page, and without one before its thread pauses
BEAT, STALE = 15, 60

CSS = """<style>
.ff-class { font-family: sans-serif; }
.ff-class button:focus-visible, .ff-class input:focus-visible, .ff-class select:focus-visible {
  outline: 3px solid #0b57d0 !important; outline-offset: 2px; }
.ff-class .widget-radio-box label { font-size: 16px; padding: 3px 0; }
.ff-class .widget-text input, .ff-class .widget-password input { font-size: 16px; }
.ff-class table.ff-list { border-collapse: collapse; font-size: 14px; }
.ff-class table.ff-list th, .ff-class table.ff-list td {
  border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
.ff-class table.ff-teacher-progress td, .ff-class table.ff-teacher-progress th {
  white-space: nowrap; }
</style>"""


def database_url(url: str | None = None) -> str:
    """``url``, else the class database named by ``FREIGHT_FREEDOM_DB``; a clear error when
    neither is given (the page was opened without ``freight-freedom classroom``)."""
    found = url or os.environ.get(DB_ENV, "").strip()
    if not found:
        raise ClassroomError("database", _("no class database: start the classroom with "
                                           "`freight-freedom classroom` (it sets {variable})")
                             .format(variable=DB_ENV))
    return found


def query(name: str) -> str:
    """A value of the page's query string (Voila passes it to the kernel as QUERY_STRING)."""
    from urllib.parse import parse_qs

    values = parse_qs(os.environ.get("QUERY_STRING", "")).get(name, [])
    return values[0].strip() if values else ""


def asked_language(lang: str | None = None) -> tuple[str | None, str]:
    """The language a page is asked for: ``lang`` (its caller's), else the link's ``?lang=``;
    with a notice when it names no language there is a catalog for (the page is then in the
    default language, and the notice says so in it). ``(None, "")`` when none is asked."""
    asked = lang if lang is not None else query("lang") or None
    if asked is None:
        return None, ""
    try:
        return check_language(asked), ""
    except OptionError:
        known = languages()
        names = ", ".join(f"{code} ({name})" for code, name in known.items())
        with using(None):
            return None, _("The link asks for the language {lang} (?lang=), which has no "
                           "translation: this page is in {name}. The languages there are: "
                           "{names}.").format(lang=repr(asked), name=known[language()],
                                              names=names)


def in_language(method: F) -> F:
    """A page's method drawn in the page's language (``self.lang``) whoever calls it: its
    thread, a callback, a test."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with using(self.lang):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def language_menu(value: str | None = None) -> widgets.Dropdown:
    """A menu of the languages there are a catalog for (each by its name in itself),
    showing ``value`` (default: the language of the moment)."""
    menu = widgets.Dropdown(options=[(name, code) for code, name in languages().items()],
                            value=value or language(), description=_("Language"),
                            style={"description_width": "initial"},
                            layout=widgets.Layout(width="auto"))
    menu.add_class("ff-language")
    return menu


def class_code(code: str | None = None) -> str | None:
    """``code``, else ``FREIGHT_FREEDOM_CLASS`` (None: the database's only class)."""
    return code or os.environ.get(CLASS_ENV, "").strip() or None


def join_link(code: str) -> str:
    """The link students open: the one the command printed (``FREIGHT_FREEDOM_JOIN_URL``),
    else the student page on the server this page came from, with the class code in it."""
    base = os.environ.get(JOIN_ENV, "").strip()
    if not base:
        host = os.environ.get("SERVER_NAME", "") or "127.0.0.1"
        port = os.environ.get("SERVER_PORT", "")
        base = f"http://{host}{':' + port if port else ''}/voila/render/student.ipynb"
    return f"{base}?code={code}"


def game_title(key: str) -> str:
    """A game's title as the rulebook gives it ("Freedom: The Underground Railroad")."""
    from ...core import registry

    return registry.game_entry(key).title


def qr_svg(text: str, scale: int = 8) -> str:
    """A QR code of ``text`` as inline SVG (black on white, with its quiet zone)."""
    import segno

    return str(segno.make(text, error="m").svg_inline(scale=scale, dark="#000",
                                                      light="#fff"))


def box(colour: str, text: str, role: str = "status", size: int = 15) -> str:
    """A coloured notice (``text`` is HTML already escaped) in ``size`` px type."""
    return (f"<div role='{role}' style='padding:6px 10px;margin:6px 0;background:{colour};"
            f"border-radius:4px;font-size:{size}px'>{text}</div>")


def slide_html(slide: Slide | None, *, scale: float = 1.0, key: str | None = None,
               why: str | None = None, waiting: str = "", class_words: bool = False) -> str:
    """The step every page shows: its title, its text, its history note and its question. The
    key appears only when ``slide`` is revealed, or when the teacher's page passes ``key`` (and
    ``why``).

    ``class_words`` (the students' pages and the projector): the lesson's texts as the class
    reads them there (:mod:`.words`: no rule codes or internal ids, nothing about a Next button
    nobody on the page has) and, at the reveal, one answer (the first the question accepts)
    rather than the teacher's list of every accepted answer."""
    if slide is None:
        return box("#f1f3f4", html.escape(waiting or _("The lesson has not started yet.")),
                   size=round(15 * scale))
    the = slide.lesson
    text: Callable[[str], str] = inline
    block: Callable[[str], str] = to_html
    if class_words:
        text = functools.partial(words_html, key=the)
        block = functools.partial(words_html, key=the, block=True)
    size = round(15 * scale)
    title = shown(lesson(the).title) if class_words else lesson(the).title
    out = [f"<div style='font-size:{size}px;line-height:1.45'>",
           f"<div style='color:#555;font-size:{round(13 * scale)}px'>"
           f"{html.escape(title)} &middot; "
           + html.escape(_("step {n} of {total}").format(n=slide.step + 1, total=slide.steps))
           + "</div>",
           f"<h2 style='margin:2px 0 8px 0;font-size:{round(24 * scale)}px'>"
           f"{text(slide.title)}</h2>", block(slide.text),
           history_html(the, slide.step, size=round(13 * scale))]
    q = slide.question
    if q is not None:
        where = (" <i>" + html.escape(_("(type the name of the space)")) + "</i>"
                 if class_words and q.kind == "map" else "")
        asking = html.escape(_("Question."))
        out.append("<div style='background:#eef3fd;padding:8px 10px;border-left:5px solid "
                   f"#0b57d0;margin-top:8px'><b>{asking}</b> {text(q.prompt)}{where}")
        if q.options:
            out.append("<ol type='A' style='margin:4px 0'>" + "".join(
                f"<li>{text(o)}</li>" for o in q.options) + "</ol>")
        out.append("</div>")
        shown_key = slide.key if slide.revealed else key
        shown_why = slide.why if slide.revealed else why
        asked = lesson(the).steps[slide.step].question
        if class_words and slide.revealed and asked is not None:
            shown_key = shown_answer(asked, the, slide.step)
        if shown_key is not None:
            label = (pgettext("the answer to a question", "Answer") if slide.revealed
                     else "Answer (only you see this until you reveal)")  # the teacher's
            out.append(box("#e3f4e1", f"<b>{html.escape(label)}:</b> {inline(shown_key)}"
                           + (f"<br>{text(shown_why)}" if shown_why else ""), size=size))
    out.append("</div>")
    return "".join(out)


class LessonBoard:
    """The lesson's board at a step (its picture, with the step's highlights), drawn again
    only when the step changes.

    One figure for the page's life, made with the page (the first lesson's opening board
    until the class starts) and changed in place: a figure made by the page's thread and
    changed again before the browser had drawn it (the teacher pressing Next twice) showed
    empty axes.
    """

    def __init__(self, width: int = 720, slide: Slide | None = None,
                 ready: Callable[[], bool] = lambda: True) -> None:
        import plotly.graph_objects as go

        self.width = width
        self.ready = ready
        self.made = time.monotonic()
        self.shown = self._wanted(slide)
        #: the language the board's words are drawn in (drawn again when the reader's changes)
        self.shown_lang = language()
        self.figure: Any = go.FigureWidget(self._figure(*self.shown))
        self.figure._config = {"displayModeBar": False, "scrollZoom": False,
                               "doubleClick": False}
        self.widget = widgets.Box([self.figure], layout=widgets.Layout(flex="0 0 auto"))
        #: the figure changes sent to the browser (each one redraws the map there)
        self.redraws = 0

    @staticmethod
    def _wanted(slide: Slide | None) -> tuple[str, int]:
        return (LESSONS[0], 0) if slide is None else (slide.lesson, slide.step)

    def _figure(self, key: str, step: int) -> Any:
        from ...lessons.map_marks import highlight_trace

        the = lesson(key)
        fig = the.game_at(step).figure()
        fig.layout.width = self.width
        fig.layout.dragmode = False
        ring = highlight_trace(fig, the.steps[step].highlight)
        if ring is not None:
            fig.add_trace(ring)
        return fig

    def show(self, slide: Slide | None) -> None:
        """Draw the board of ``slide`` (the opening board before a lesson starts), once the
        browser has drawn the page (``ready``); until then the page's thread asks again."""
        wanted = self._wanted(slide)
        if (self.shown, self.shown_lang) == (wanted, language()) or not self.ready() \
                or time.monotonic() - self.made < SETTLE:
            return
        self._change(self._figure(*wanted))
        self.shown, self.shown_lang = wanted, language()

    def _change(self, fig: Any) -> None:
        """Make the page's figure ``fig`` with as few redraws in the browser as it takes.

        Many steps show the same board (nothing sent) or the same traces with other values:
        those go in one update (one redraw) instead of deleting every trace, adding them
        again and relaying out (three redraws of the whole map in every student's browser; on
        a loaded laptop, seconds during which the next step's text waited too). Only the
        traces past the common ones (a step's highlight ring) are added or deleted."""
        new = fig.to_plotly_json()
        old = self.figure.to_plotly_json()
        for trace in old["data"]:  # the widget's own trace ids
            trace.pop("uid", None)
        if new == old:
            return
        data, traces = new["data"], self.figure.data
        common = 0
        while common < min(len(data), len(traces)) and \
                data[common].get("type") == old["data"][common].get("type") and \
                set(data[common]) == set(old["data"][common]):
            common += 1
        if common == 0 or set(new["layout"]) != set(old["layout"]):
            self.figure.data = []
            self.figure.add_traces(list(fig.data))
            self.figure.layout = fig.layout
            self.redraws += 3
            return
        if len(traces) > common:  # before the update: the indexes stay those of the new
            self.figure.data = traces[:common]
            self.redraws += 1
        with self.figure.batch_update():
            for trace, values in zip(self.figure.data[:common], data[:common], strict=True):
                trace.update(values, overwrite=True)
            self.figure.layout.update(new["layout"], overwrite=True)
        self.redraws += 1
        if len(data) > common:
            self.figure.add_traces(list(fig.data[common:]))
            self.redraws += 1


def ago(stamp: float | None, now: float | None = None) -> str:
    """``12 s ago``, ``3 min ago`` (for "last move")."""
    if stamp is None:
        return _("no move yet")
    seconds = max(0, int((time.time() if now is None else now) - stamp))
    if seconds < 90:
        return _("{n} s ago").format(n=seconds)
    return _("{n} min ago").format(n=seconds // 60)


_BEAT_ESM = r"""
function render({ model, el }) {
  el.style.display = "none";
  const beat = () => { model.set("beat", model.get("beat") + 1); model.save_changes(); };
  beat();
  const timer = setInterval(beat, BEAT_MS);
  // a page being left (reload, close) stops beating at once: a beat sent while its kernel
  // connection closes would only log "Could not send widget sync message"
  const stop = () => clearInterval(timer);
  window.addEventListener("pagehide", stop);
  window.addEventListener("beforeunload", stop);
  return () => {
    stop();
    window.removeEventListener("pagehide", stop);
    window.removeEventListener("beforeunload", stop);
  };
}
export default { render };
""".replace("BEAT_MS", str(BEAT * 1000))


class Heartbeat(anywidget.AnyWidget):  # type: ignore[misc]
    """Invisible: the open page counts ``beat`` up every :data:`BEAT` seconds. A page left
    (a reload, a closed tab: Voila's own kernel shutdown on leaving a page is refused,
    voila-dashboards/voila#1458) stops beating, its thread pauses, and the server's culling of
    idle kernels ends the kernel."""

    _esm = _BEAT_ESM
    beat = traitlets.Int(0).tag(sync=True)

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.last: float | None = None
        self.observe(lambda _c: setattr(self, "last", self.clock()), names="beat")

    @property
    def drawn(self) -> bool:
        """Whether the browser has had the page for a moment (its first beat, 2 s ago)."""
        return self.last is not None and self.clock() - self.last >= SETTLE or self.beat > 1

    @property
    def alive(self) -> bool:
        """Whether a browser shows the page (also before its first beat: a page loading)."""
        return self.last is None or self.clock() - self.last < STALE


class Live:
    """The one background thread of a page: ``wait(timeout)`` blocks until something may have
    changed (a store wait), then ``tick()`` updates the widgets that changed.

    Errors are shown in the page's error area (once, until the next success); the thread stops
    with :meth:`stop` or at the kernel's exit, and pauses while ``heartbeat`` says that no
    browser shows the page.
    """

    def __init__(self, wait: Callable[[float], None], tick: Callable[[], None],
                 errors: ErrorArea, name: str, heartbeat: Heartbeat | None = None) -> None:
        self.heartbeat = heartbeat
        self._wait = wait
        self._tick = tick
        self._errors = errors
        self._stop = threading.Event()
        self._failing = False
        self.ticks = 0
        self.thread = threading.Thread(target=self._run, name=f"classroom-{name}",
                                       daemon=True)
        atexit.register(self.stop)

    def start(self) -> None:
        if not self.thread.is_alive() and not self._stop.is_set():
            self.thread.start()

    def stop(self) -> None:
        """Stop following the store (the page is closed, or the kernel shuts down)."""
        self._stop.set()

    @property
    def running(self) -> bool:
        return self.thread.is_alive() and not self._stop.is_set()

    def step(self) -> None:
        """One round: wait for news, then update (the thread's loop; tests call it too), in
        the page's language (its error area's). Paused while the page's browser has gone (no
        heartbeat)."""
        with using(self._errors.lang()):
            self._step()

    def _step(self) -> None:
        if self.heartbeat is not None and not self.heartbeat.alive:
            self._stop.wait(TICK)
            return
        try:
            self._wait(TICK)
            if self._stop.is_set():
                return
            self._tick()
            self.ticks += 1
            if self._failing:
                self._failing = False
                self._errors.clear()
        except Exception as exc:  # noqa: BLE001 - shown on the page; the thread goes on
            if not self._failing:
                if _is_database_down(exc):
                    LOG.warning("the class database cannot be reached: %s", exc)
                    self._errors.show_error(_("the class database cannot be reached just now "
                                              "(a restart, or too many connections): this page "
                                              "tries again every second by itself"))
                else:
                    self._errors.report(exc)
            self._failing = True
            self._stop.wait(1.0)  # the database may be restarting: try again shortly

    def _run(self) -> None:
        while not self._stop.is_set():
            self.step()


def label(text: str, size: int = 15) -> widgets.HTML:
    """A line of text (escaped) as a widget."""
    return widgets.HTML(f"<span style='font-size:{size}px'>{html.escape(text)}</span>")


def kept_note() -> str:
    """The join page's one sentence on students' data: what is kept, by whom, how long."""
    days = os.environ.get(KEEP_ENV, "").strip()
    if days.isdigit():
        return _("Your teacher's computer keeps your first name, your answers and your game "
                 "moves for this class, until your teacher deletes the class, or after {days} "
                 "days without use. Only your teacher sees them.").format(days=days)
    return _("Your teacher's computer keeps your first name, your answers and your game moves "
             "for this class, until your teacher deletes the class. Only your teacher sees "
             "them.")


def _is_database_down(exc: BaseException) -> bool:
    """Whether ``exc`` says the database refused or lost the connection (SQLAlchemy's
    ``OperationalError``: a server restarting, "too many clients already")."""
    from sqlalchemy.exc import OperationalError

    return isinstance(exc, OperationalError)
