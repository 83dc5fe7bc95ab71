"""The paced lesson: the teacher sets the step, students answer on their devices, the teacher
sees the tally and reveals the answer.

A student-facing read (:meth:`Pacing.now`) carries the question's prompt and options, never its
key, until the teacher reveals it: the key stays in the package (:mod:`..lessons.questions`)
and in the teacher's calls. Every answer is stored in a transaction before its verdict is
returned; a student gets :data:`MAX_ATTEMPTS` tries at a question, and the tally counts the
first one.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import Integer, func, select, update
from sqlalchemy.exc import IntegrityError

from ..core.action import show
from ..lessons import Choice, Lesson, Question, lesson, normalise
from ..lessons.questions import Graded
from . import schema
from .errors import AccessDenied, ClassroomError
from .lifecycle import check_open
from .people import Student
from .store import PACE, check_text, wait_past

if TYPE_CHECKING:
    from .room import Classroom

MAX_ATTEMPTS = 3
"""Tries a student gets at one question (a right answer ends them)."""


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


class Pacing:
    """The lesson of one class (``room.lesson``)."""

    def __init__(self, room: Classroom) -> None:
        self._room = room
        self._store = room.store

    # ------------------------------------------------------------------ teacher
    def start(self, name: str = "freedom") -> Slide:
        """Teacher: start lesson ``name`` at its first step (every page follows)."""
        self._room._need_teacher("start a lesson")
        the = self._lesson(name)
        return self._set(the.key, 0, revealed=False)

    def go(self, step: int) -> Slide:
        """Teacher: move the class to ``step`` of the lesson (0-based)."""
        self._room._need_teacher("pace the lesson")
        key, _, _, _ = self._pace()
        the = self._lesson(key)
        if isinstance(step, bool) or not isinstance(step, int) \
                or not 0 <= step < len(the.steps):
            raise ClassroomError("step", f"lesson {key} has steps 0 to {len(the.steps) - 1}, "
                                         f"not {show(step)}")
        return self._set(key, step, revealed=False)

    def reveal(self) -> Slide:
        """Teacher: show the current question's answer on every page; answers close."""
        self._room._need_teacher("reveal an answer")
        key, step, _, _ = self._pace()
        return self._set(key, step, revealed=True)

    def tally(self, step: int | None = None) -> Tally:
        """Teacher: the answers to the question at ``step`` (default: the current step)."""
        self._room._need_teacher("see the tally")
        key, current, revealed, _ = self._pace()
        step = current if step is None else step
        question = self._question(key, step)
        an, st = schema.answers, schema.students
        with self._store.read() as conn:
            rows = conn.execute(
                select(st.c.name, an.c.attempt, an.c.answer, an.c.correct)
                .join(st, an.c.student_id == st.c.id)
                .where(an.c.class_id == self._room.class_id, an.c.lesson == key,
                       an.c.step == step).order_by(an.c.id)).all()
            everyone = conn.execute(select(st.c.name).where(
                st.c.class_id == self._room.class_id).order_by(st.c.id)).scalars().all()
        first = {r.name: r for r in rows if r.attempt == 1}
        right_now = {r.name for r in rows if r.correct}
        wrong: Counter[str] = Counter()
        shown: dict[str, str] = {}
        for r in rows:
            if not r.correct:
                norm = normalise(r.answer)
                shown.setdefault(norm, r.answer)
                wrong[norm] += 1
        answered = tuple(n for n in everyone if n in first)
        return Tally(
            lesson=key, step=step, prompt=question.prompt, key=question.key_text(),
            answered=answered, waiting=tuple(n for n in everyone if n not in first),
            first_right=tuple(n for n in answered if first[n].correct),
            first_wrong=tuple(n for n in answered if not first[n].correct),
            right_now=tuple(n for n in everyone if n in right_now),
            common_wrong=tuple((shown[a], c) for a, c in wrong.most_common()),
            revealed=revealed and step == current)

    # ------------------------------------------------------------------ everyone
    def now(self) -> Slide | None:
        """The step every page shows now (``None`` before the teacher starts a lesson); the
        key only once revealed."""
        try:
            key, step, revealed, version = self._pace()
        except ClassroomError:
            return None
        return self._slide(key, step, revealed, version)

    @property
    def version(self) -> int:
        """Grows with every change of step or reveal (0 before a lesson starts)."""
        pc = schema.pace
        with self._store.read() as conn:
            found = conn.execute(select(pc.c.version)
                                 .where(pc.c.class_id == self._room.class_id)).scalar()
        return int(found or 0)

    def wait(self, version: int, timeout: float = 1.0) -> int:
        """Return as soon as the pace moves past ``version`` (the new version), or
        ``version`` when ``timeout`` seconds pass first."""
        return wait_past(lambda: self.version, version, timeout,
                         self._store.waiting(PACE, self._room.class_id))

    def answer(self, student: Student, answer: str | int, *, step: int) -> Graded:
        """Store ``student``'s answer to the question at ``step`` (the step their page shows)
        and return the verdict (right, or a hint; never the key). Refused: a step that is not
        the class's current one, a revealed question, a question already answered right, more
        than :data:`MAX_ATTEMPTS` tries, text too long or not printable."""
        if not isinstance(student, Student) or student.class_id != self._room.class_id:
            raise AccessDenied("student", f"not a student of class {self._room.code}")
        an = schema.answers
        with self._store.write() as conn:
            check_open(conn, self._room.class_id, "answers")
            key, current, revealed, _ = self._pace(conn)
            if step != current:
                raise ClassroomError("step", f"the class has moved on to step {current + 1}; "
                                             "answer the question shown now")
            question = self._question(key, current)
            text = self._answer_text(question, answer)
            if revealed:
                raise ClassroomError("answer", "the teacher has revealed the answer: answers "
                                               "are closed")
            done = conn.execute(select(func.count(), func.max(an.c.correct.cast(Integer)))
                                .where(an.c.class_id == self._room.class_id,
                                       an.c.student_id == student.id, an.c.lesson == key,
                                       an.c.step == current)).one()
            tries, right = int(done[0]), bool(done[1])
            if right:
                raise ClassroomError("answer", "you have answered this one right already")
            if tries >= MAX_ATTEMPTS:
                raise ClassroomError("answer", f"{MAX_ATTEMPTS} tries are the most: wait for "
                                               "the teacher's reveal")
            graded = question.grade(answer if isinstance(answer, int) else text)
            try:
                with conn.begin_nested():
                    conn.execute(an.insert().values(
                        class_id=self._room.class_id, student_id=student.id, lesson=key,
                        step=current, attempt=tries + 1, answer=text, correct=graded.ok,
                        at=time.time()))
            except IntegrityError:  # the same student answered from two devices at once
                raise ClassroomError("answer", "an answer from your other device came "
                                               "first") from None
        return graded

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _lesson(name: object) -> Lesson:
        try:
            return lesson(name)  # type: ignore[arg-type]
        except ValueError as exc:
            raise ClassroomError("lesson", str(exc)) from None

    def _question(self, key: str, step: int) -> Question:
        the = self._lesson(key)
        if isinstance(step, bool) or not isinstance(step, int) \
                or not 0 <= step < len(the.steps):
            raise ClassroomError("step", f"lesson {key} has steps 0 to {len(the.steps) - 1}, "
                                         f"not {show(step)}")
        question = the.steps[step].question
        if question is None:
            raise ClassroomError("step", f"step {step + 1} of lesson {key} asks no question")
        return question

    @staticmethod
    def _answer_text(question: Question, answer: object) -> str:
        if isinstance(answer, int) and not isinstance(answer, bool):
            if not isinstance(question, Choice) or not 0 <= answer < len(question.options):
                raise ClassroomError("answer", f"choice {answer} is not one of the options")
            return question.options[answer]
        return check_text(answer, "answer", schema.ANSWER_MAX)

    def _pace(self, conn: object = None) -> tuple[str, int, bool, int]:
        pc = schema.pace
        query = select(pc.c.lesson, pc.c.step, pc.c.revealed, pc.c.version).where(
            pc.c.class_id == self._room.class_id)
        if conn is None:
            with self._store.read() as c:
                row = c.execute(query).first()
        else:
            row = conn.execute(query).first()  # type: ignore[attr-defined]
        if row is None:
            raise ClassroomError("lesson", "the teacher has not started a lesson")
        return str(row.lesson), int(row.step), bool(row.revealed), int(row.version)

    def _set(self, key: str, step: int, *, revealed: bool) -> Slide:
        pc = schema.pace
        with self._store.write() as conn:
            old = conn.execute(select(pc.c.version)
                               .where(pc.c.class_id == self._room.class_id)).scalar()
            version = int(old or 0) + 1
            values = {"lesson": key, "step": step, "revealed": revealed, "version": version,
                      "updated": time.time()}
            if old is None:
                conn.execute(pc.insert().values(class_id=self._room.class_id, **values))
            else:
                conn.execute(update(pc).where(pc.c.class_id == self._room.class_id)
                             .values(**values))
            self._store.notify(conn, PACE, self._room.class_id)
        return self._slide(key, step, revealed, version)

    def _slide(self, key: str, step: int, revealed: bool, version: int) -> Slide:
        the = self._lesson(key)
        s = the.steps[step]
        q = s.question
        view = None if q is None else QuestionView(
            q.kind, q.prompt, q.options if isinstance(q, Choice) else ())
        return Slide(key, step, len(the.steps), s.title, s.text, view, revealed,
                     q.key_text() if q is not None and revealed else None,
                     q.why if q is not None and revealed else None, version)
