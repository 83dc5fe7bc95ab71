"""The runs of a lesson: what one start of a lesson is, its closing date, its lesson's text.

Each time the teacher starts a lesson it is a new run (a row of ``runs``) with answers of its
own: teacher-paced (``mode="paced"``: every page shows the teacher's step, the key shows at the
teacher's reveal) or student-paced homework (``mode="self"``: each student moves through the
steps alone, their place kept in ``places``; the key shows after the student's own tries
(``key_shown="tries"``) or only after the closing date (``"close"``); no answers after it).
Earlier runs stay in the database and in the exports; the teacher reopens one to read it.

A teacher-written lesson file (:mod:`freight_freedom.lessons.lesson_file`) is stored with its
run (``runs.source``), so every server and kernel rebuilds the same lesson from the database:
its key is ``file-`` and a digest of the text.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from ..core.action import show
from ..core.i18n import SOURCE, _, language, pgettext
from ..lessons import Lesson, lesson
from .errors import ClassroomError

MODES = ("paced", "self")
KEYS_SHOWN = ("reveal", "tries", "close")

_FILES: dict[str, Lesson] = {}
_FILES_LOCK = threading.Lock()


@dataclass(frozen=True)
class RunInfo:
    """One run of a lesson, as the teacher's list shows it."""

    id: int
    lesson: str
    title: str
    mode: str
    closes: float | None
    key_shown: str
    started: float
    ended: float | None
    current: bool
    students: int
    answers: int

    @property
    def open(self) -> bool:
        """Whether answers are taken now (not ended, closing date not passed)."""
        return self.ended is None and (self.closes is None or time.time() < self.closes)


@dataclass(frozen=True)
class Progress:
    """One student in a run: the step their pages show (``None``: not opened yet), the
    furthest step reached, the questions answered and answered right, of ``questions``."""

    name: str
    step: int | None
    reached: int | None
    answered: int
    right: int
    questions: int
    updated: float | None


def file_key(source: str) -> str:
    """The stored key of a teacher-written lesson: ``file-`` and 12 hex digits of its text."""
    return "file-" + hashlib.sha256(source.encode("utf-8")).hexdigest()[:12]


def lesson_for(key: str, source: str | None = None) -> Lesson:
    """The lesson of a run: a built-in one by ``key``, or the teacher's file ``source`` (parsed
    once per process and kept under ``key``, where :func:`known_lesson` finds it)."""
    if source is None:
        return known_lesson(key)
    with _FILES_LOCK:
        found = _FILES.get(key)
    if found is not None:
        return found
    try:
        from ..lessons import lesson_file  # type: ignore[attr-defined]
    except ImportError:
        raise ClassroomError("lesson", "this freight_freedom cannot read lesson files") \
            from None
    try:
        parsed: Lesson = lesson_file.parse(source)
    except ValueError as exc:  # LessonFileError is a ValueError (with .line)
        line = getattr(exc, "line", None)
        where = f" (line {line})" if line else ""
        raise ClassroomError("lesson", f"the lesson file has a mistake{where}: {exc}") \
            from None
    with _FILES_LOCK:
        _FILES[key] = parsed
    return parsed


def known_lesson(key: str) -> Lesson:
    """A lesson by its stored key: a teacher's file this process has read, else a built-in
    one (what the pages call where they used :func:`freight_freedom.lessons.lesson`)."""
    with _FILES_LOCK:
        found = _FILES.get(key)
    if found is not None:
        return found
    try:
        return lesson(key)
    except ValueError as exc:
        raise ClassroomError("lesson", str(exc)) from None


def check_mode(mode: object) -> str:
    if mode not in MODES:
        raise ClassroomError("mode", f"a run is 'paced' (the teacher sets the step) or 'self' "
                                     f"(each student at their own pace), not {show(mode)}")
    return str(mode)


def check_key_shown(value: object, mode: str) -> str:
    """When the key shows: ``reveal`` (paced runs); ``tries`` or ``close`` (self-paced)."""
    if mode == "paced":
        if value not in (None, "reveal"):
            raise ClassroomError("key_shown", "in a teacher-paced run the key shows when you "
                                              "reveal it")
        return "reveal"
    if value is None:
        return "tries"
    if value not in ("tries", "close"):
        raise ClassroomError("key_shown", "in homework the answer shows after the student's "
                                          "own tries ('tries') or after the closing date "
                                          f"('close'), not {show(value)}")
    return str(value)


def check_closes(value: object, now: float | None = None) -> float | None:
    """A closing date as given (``None``, a timestamp, a ``datetime``/``date``, or ISO text
    such as ``"2025-06-13"`` or ``"2025-06-13 17:00"``: local time, a day alone means its
    end) -> a timestamp in the future, else :class:`ClassroomError`."""
    if value is None or value == "":
        return None
    now = time.time() if now is None else now
    stamp: float
    if isinstance(value, bool):
        raise ClassroomError("closes", f"a date, not {show(value)}")
    if isinstance(value, int | float):
        stamp = float(value)
        if not math.isfinite(stamp):
            raise ClassroomError("closes", "a date, not an endless number")
    elif isinstance(value, datetime):
        stamp = value.timestamp()
    elif isinstance(value, date):
        stamp = datetime(value.year, value.month, value.day, 23, 59, 59).timestamp()
    elif isinstance(value, str):
        typed = value.strip()
        try:
            if len(typed) == 10:
                day = date.fromisoformat(typed)
                stamp = datetime(day.year, day.month, day.day, 23, 59, 59).timestamp()
            else:
                stamp = datetime.fromisoformat(typed).timestamp()
        except ValueError:
            shown = typed[:30]
            raise ClassroomError("closes", f"{shown!r} is not a date: write it as "
                                           "2025-06-13 or 2025-06-13 17:00") from None
    else:
        raise ClassroomError("closes", f"a date, not {type(value).__name__}")
    if stamp <= now:
        raise ClassroomError("closes", "the closing date has passed already: choose a later "
                                       "one")
    if stamp > now + 366 * 86_400:
        raise ClassroomError("closes", "the closing date is more than a year away")
    return stamp


def when(stamp: float | None) -> str:
    """A stamp as people read it: ``Fri 13 Jun 17:00`` (local time), in the reader's language
    (``vie 13 jun 17:00``)."""
    if stamp is None:
        return ""
    moment = datetime.fromtimestamp(stamp)
    if language() == SOURCE:
        return moment.strftime("%a %d %b %H:%M")
    # TRANSLATORS: a date and time: "Fri 13 Jun 17:00" (short weekday, day, short month, time)
    return _("{weekday} {day} {month} {time}").format(
        weekday=_weekday(moment.weekday()), day=f"{moment.day:02d}",
        month=_month(moment.month), time=moment.strftime("%H:%M"))


def _weekday(n: int) -> str:
    """Monday (0) to Sunday (6), short, in the reader's language."""
    return (pgettext("short weekday", "Mon"), pgettext("short weekday", "Tue"),
            pgettext("short weekday", "Wed"), pgettext("short weekday", "Thu"),
            pgettext("short weekday", "Fri"), pgettext("short weekday", "Sat"),
            pgettext("short weekday", "Sun"))[n]


def _month(n: int) -> str:
    """January (1) to December (12), short, in the reader's language."""
    return (pgettext("short month", "Jan"), pgettext("short month", "Feb"),
            pgettext("short month", "Mar"), pgettext("short month", "Apr"),
            pgettext("short month", "May"), pgettext("short month", "Jun"),
            pgettext("short month", "Jul"), pgettext("short month", "Aug"),
            pgettext("short month", "Sep"), pgettext("short month", "Oct"),
            pgettext("short month", "Nov"), pgettext("short month", "Dec"))[n - 1]


def info_row(row: Any, current: int | None, students: int, answers: int) -> RunInfo:
    return RunInfo(int(row.id), str(row.lesson), str(row.title), str(row.mode),
                   None if row.closes is None else float(row.closes), str(row.key_shown),
                   float(row.started), None if row.ended is None else float(row.ended),
                   current == row.id, students, answers)
