"""What the pages of a class read of its lesson: the step shown (:class:`Slide`, with its
question as the student sees it, :class:`QuestionView`: no key), and the teacher's tally of a
question (:class:`Tally`). Plain values, made by :mod:`.pacing`."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..lessons import Choice
from .runs import lesson_for


@dataclass(frozen=True)
class QuestionView:
    """A question as a student sees it: no key."""

    kind: str
    prompt: str
    options: tuple[str, ...]


@dataclass(frozen=True)
class Slide:
    """What every page of the class shows now. ``key`` and ``why`` are ``None`` until the
    teacher reveals; ``version`` grows with every change of step or reveal."""

    lesson: str
    step: int
    steps: int
    title: str
    text: str
    question: QuestionView | None
    revealed: bool
    key: str | None
    why: str | None
    version: int
    #: the run this slide is of, and its mode ('paced', or 'self': each student's own step)
    run: int = 0
    mode: str = "paced"
    #: a student-paced run's closing date (a timestamp), if any
    closes: float | None = None
    #: whether answers are no longer taken (the run ended, or its closing date passed)
    closed: bool = False
    #: a student-paced run, the student's own: the furthest step they reached, their tries at
    #: this step's question and whether one was right
    reached: int = 0
    tries: int = 0
    right: bool = False


@dataclass(frozen=True)
class Tally:
    """The teacher's view of one question: who answered, first-attempt right and wrong, the
    common wrong answers (``(answer, students)``, most common first) and who is still
    thinking."""

    lesson: str
    step: int
    prompt: str
    key: str
    answered: tuple[str, ...]
    waiting: tuple[str, ...]
    first_right: tuple[str, ...]
    first_wrong: tuple[str, ...]
    right_now: tuple[str, ...]
    common_wrong: tuple[tuple[str, int], ...]
    revealed: bool
    run: int = 0


def closed(run: Any) -> bool:
    """Whether run ``run`` (its row) takes no more answers: ended, or past its closing date."""
    return run.ended is not None or (run.closes is not None and time.time() >= run.closes)


def slide_of(run: Any, step: int, revealed: bool, version: int) -> Slide:
    """Step ``step`` of run ``run`` (its row) as the pages show it: the key and why only when
    ``revealed``."""
    the = lesson_for(run.lesson, run.source)
    s = the.steps[step]
    q = s.question
    view = None if q is None else QuestionView(
        q.kind, q.prompt, q.options if isinstance(q, Choice) else ())
    shown = revealed and q is not None
    return Slide(str(run.lesson), step, len(the.steps), s.title, s.text, view, revealed,
                 q.key_text() if shown and q is not None else None,
                 q.why if shown and q is not None else None, version, run=int(run.id),
                 mode=str(run.mode),
                 closes=None if run.closes is None else float(run.closes),
                 closed=closed(run))
