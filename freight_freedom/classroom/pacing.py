"""The lesson of a class, in runs: the teacher sets the step, students answer on their devices,
the teacher sees the tally and reveals the answer; or, in a student-paced run (homework), each
student moves through the steps alone and the key shows after their own tries or after the
closing date (:mod:`.runs`).

A student-facing read (:meth:`Pacing.now`) carries the question's prompt and options, never its
key, until the teacher reveals it: the key stays in the package (:mod:`..lessons.questions`)
and in the teacher's calls. Every answer is stored in a transaction before its verdict is
returned; a student gets :data:`MAX_ATTEMPTS` tries at a question, and the tally counts the
first one. Each start of a lesson is a new run with its own answers; the earlier ones stay, to be
reopened (read only) by the teacher.
"""

from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Integer, distinct, func, select, update
from sqlalchemy.exc import IntegrityError

from ..core.action import show
from ..core.i18n import _
from ..lessons import Choice, Lesson, Question
from ..lessons.questions import Graded
from . import schema
from .errors import AccessDenied, ClassroomError
from .lifecycle import check_open
from .notices import PACE, wait_past
from .people import Student
from .run_view import Run
from .runs import (
    Progress,
    RunInfo,
    check_closes,
    check_key_shown,
    check_mode,
    file_key,
    info_row,
    lesson_for,
    when,
)
from .slides import QuestionView, Slide, Tally, closed, slide_of
from .store import check_text
from .tallies import progress_of, tally_of

if TYPE_CHECKING:
    from .room import Classroom

__all__ = ["MAX_ATTEMPTS", "Pacing", "QuestionView", "Run", "Slide", "Tally"]

MAX_ATTEMPTS = 3
"""Tries a student gets at one question (a right answer ends them)."""


class Pacing:
    """The lesson of one class (``room.lesson``): its current run and the earlier ones."""

    def __init__(self, room: Classroom) -> None:
        self._room = room
        self._store = room.store

    # ------------------------------------------------------------------ teacher
    def start(self, name: str | os.PathLike[str] = "freedom", *, mode: str = "paced",
              closes: object = None, key_shown: str | None = None,
              source: str | None = None) -> Slide:
        """Teacher: start a new run of lesson ``name`` (or of the teacher's lesson file whose text
        is ``source``, or whose path ``name`` is: a ``.md`` file) at its first step.
        ``mode="paced"``: every page follows the teacher's step. ``mode="self"``
        (homework): each student moves alone; ``closes`` (a date in the future,
        optional) ends the answers; ``key_shown`` is ``"tries"`` (a student sees the key
        once their tries are used or right) or ``"close"`` (only after the closing
        date). The run before ends; its answers stay."""
        self._room._need_teacher("start a lesson")
        mode = check_mode(mode)
        shown = check_key_shown(key_shown, mode)
        if mode == "paced" and closes not in (None, ""):
            raise ClassroomError("closes", "a closing date is for homework (mode='self'): a "
                                           "teacher-paced run ends when you start the next")
        closing = check_closes(closes) if mode == "self" else None
        if shown == "close" and closing is None:
            raise ClassroomError("closes", "the answers show after the closing date: give one")
        if source is None and (isinstance(name, os.PathLike) or (
                isinstance(name, str) and name.strip().lower().endswith(".md"))):
            try:  # a teacher's lesson file: its text is kept with the run
                source = Path(name).read_text(encoding="utf-8")
            except OSError as exc:
                raise ClassroomError("lesson", f"cannot read the lesson file {name}: "
                                               f"{exc.strerror or exc}") from None
        if source is not None:
            if not isinstance(source, str) or not source.strip():
                raise ClassroomError("lesson", "the lesson file is empty")
            key = file_key(source)
            the = lesson_for(key, source)
        else:
            the = lesson_for(self._key(name))
            key = the.key
        now = time.time()
        rn, pc = schema.runs, schema.pace
        with self._store.write() as conn:
            check_open(conn, self._room.class_id, "lessons")
            old = self._pace_row(conn)
            if old is not None and old.run_id is not None:
                conn.execute(update(rn).where(rn.c.id == old.run_id, rn.c.ended.is_(None))
                             .values(ended=now))
            run_id = int(conn.execute(rn.insert().values(
                class_id=self._room.class_id, lesson=key, title=the.title[:schema.TITLE_MAX],
                source=source, mode=mode, closes=closing, key_shown=shown, started=now,
                ended=None)).inserted_primary_key[0])  # type: ignore[index]
            version = 1 if old is None else int(old.version) + 1
            values = {"lesson": key, "step": 0, "revealed": False, "version": version,
                      "updated": now, "run_id": run_id}
            if old is None:
                conn.execute(pc.insert().values(class_id=self._room.class_id, **values))
            else:
                conn.execute(update(pc).where(pc.c.class_id == self._room.class_id)
                             .values(**values))
            self._store.notify(conn, PACE, self._room.class_id)
            run = self._run_row(conn, run_id)
        return slide_of(run, 0, False, version)

    def go(self, step: int) -> Slide:
        """Teacher: move the class to ``step`` of the lesson (0-based)."""
        self._room._need_teacher("pace the lesson")
        return self._set(step=step)

    def reveal(self) -> Slide:
        """Teacher: show the current question's answer on every page; answers close."""
        self._room._need_teacher("reveal an answer")
        return self._set(revealed=True)

    def end(self) -> None:
        """Teacher: end the current run (homework before its closing date, a lesson over):
        no more answers to it; its answers stay."""
        self._room._need_teacher("end a lesson run")
        rn, pc = schema.runs, schema.pace
        with self._store.write() as conn:
            row = self._pace_row(conn)
            if row is None or row.run_id is None:
                raise ClassroomError("lesson", "the teacher has not started a lesson")
            conn.execute(update(rn).where(rn.c.id == row.run_id, rn.c.ended.is_(None))
                         .values(ended=time.time()))
            conn.execute(update(pc).where(pc.c.class_id == self._room.class_id)
                         .values(version=pc.c.version + 1, updated=time.time()))
            self._store.notify(conn, PACE, self._room.class_id)

    def tally(self, step: int | None = None, *, run: int | None = None) -> Tally:
        """Teacher: the answers to the question at ``step`` of run ``run`` (default: the
        current run, at the class's step; a student-paced run needs ``step``)."""
        self._room._need_teacher("see the tally")
        with self._store.read() as conn:
            row, current, revealed, _ = self._which(conn, run)
            if step is None:
                if row.mode == "self":
                    raise ClassroomError("step", "homework has no class step: give step=")
                step = current
            the = lesson_for(row.lesson, row.source)
            question = self._question(the, step)
            an, st = schema.answers, schema.students
            rows = conn.execute(
                select(st.c.name, an.c.attempt, an.c.answer, an.c.correct)
                .join(st, an.c.student_id == st.c.id)
                .where(an.c.run_id == row.id, an.c.step == step).order_by(an.c.id)).all()
            everyone = conn.execute(select(st.c.name).where(
                st.c.class_id == self._room.class_id).order_by(st.c.id)).scalars().all()
        return tally_of(rows, everyone, row, step, question, current, revealed)

    def runs(self) -> list[RunInfo]:
        """Teacher: every run of the class's lessons, the newest first."""
        self._room._need_teacher("list the lesson runs")
        rn, an = schema.runs, schema.answers
        with self._store.read() as conn:
            current = self._pace_row(conn)
            rows = conn.execute(select(rn).where(rn.c.class_id == self._room.class_id)
                                .order_by(rn.c.id.desc())).all()
            counts = {int(r.run_id): (int(r.students), int(r.answers)) for r in conn.execute(
                select(an.c.run_id, func.count(distinct(an.c.student_id)).label("students"),
                       func.count().label("answers"))
                .where(an.c.class_id == self._room.class_id).group_by(an.c.run_id))}
        at = None if current is None else current.run_id
        return [info_row(r, at, *counts.get(int(r.id), (0, 0))) for r in rows]

    def run(self, run_id: int) -> Run:
        """Teacher: run ``run_id`` of this class, to read (its tally, progress, answers)."""
        self._room._need_teacher("open a lesson run")
        with self._store.read() as conn:
            self._run_row(conn, run_id)
        return Run(self, int(run_id))

    def info(self, run_id: int | None = None) -> RunInfo:
        """Teacher: what the list says of run ``run_id`` (default: the current run)."""
        self._room._need_teacher("read a lesson run")
        with self._store.read() as conn:
            row, _, _, _ = self._which(conn, run_id)
        return next(r for r in self.runs() if r.id == row.id)

    def progress(self, run: int | None = None) -> list[Progress]:
        """Teacher: each student in run ``run`` (default: the current one), in the order they
        joined: the step their pages show, the furthest reached, questions answered and right."""
        self._room._need_teacher("see the students' progress")
        st, pl, an = schema.students, schema.places, schema.answers
        with self._store.read() as conn:
            row, current, _, _ = self._which(conn, run)
            the = lesson_for(row.lesson, row.source)
            questions = sum(1 for s in the.steps if s.question is not None)
            students = conn.execute(select(st.c.id, st.c.name).where(
                st.c.class_id == self._room.class_id).order_by(st.c.id)).all()
            places = {int(p.student_id): p for p in conn.execute(
                select(pl).where(pl.c.run_id == row.id))}
            done = conn.execute(
                select(an.c.student_id, an.c.step,
                       func.max(an.c.correct.cast(Integer)).label("right"),
                       func.max(an.c.at).label("at"))
                .where(an.c.run_id == row.id).group_by(an.c.student_id, an.c.step)).all()
        return progress_of(students, places, done, row, current, questions)

    # ------------------------------------------------------------------ everyone
    def now(self) -> Slide | None:
        """The step every page shows now (``None`` before the teacher starts a lesson); the
        key only once revealed. In homework: the run's first step, for the class (a student's
        own step is :meth:`mine`)."""
        with self._store.read() as conn:
            found = self._pace_row(conn)
            if found is None:
                return None
            run = self._run_row(conn, found.run_id)
        step = int(found.step) if run.mode == "paced" else 0
        return slide_of(run, step, bool(found.revealed), int(found.version))

    @property
    def version(self) -> int:
        """Grows with every change of run, step or reveal (0 before a lesson starts)."""
        pc = schema.pace
        with self._store.read() as conn:
            found = conn.execute(select(pc.c.version)
                                 .where(pc.c.class_id == self._room.class_id)).scalar()
        return int(found or 0)

    @property
    def activity(self) -> int:
        """Grows with :attr:`version` and with every answer and every student's step in
        homework (what the teacher's page waits for)."""
        pc = schema.pace
        with self._store.read() as conn:
            found = conn.execute(select(pc.c.version + pc.c.activity)
                                 .where(pc.c.class_id == self._room.class_id)).scalar()
        return int(found or 0)

    def wait(self, version: int, timeout: float = 1.0) -> int:
        """Return as soon as the pace moves past ``version`` (the new version), or
        ``version`` when ``timeout`` seconds pass first."""
        return wait_past(lambda: self.version, version, timeout,
                         self._store.waiting(PACE, self._room.class_id))

    def wait_activity(self, seen: int, timeout: float = 1.0) -> int:
        """Like :meth:`wait`, for :attr:`activity` (an answer, a student's step)."""
        return wait_past(lambda: self.activity, seen, timeout,
                         self._store.waiting(PACE, self._room.class_id))

    def mine(self, student: Student) -> Slide | None:
        """What ``student``'s pages show: the class's step in a teacher-paced run; in
        homework their own step (their place is made at step 1 the first time), with their
        tries, and the key when it is theirs to see (:class:`Slide`)."""
        self._check_student(student)
        with self._store.read() as conn:
            found = self._pace_row(conn)
            if found is None:
                return None
            run = self._run_row(conn, found.run_id)
            if run.mode == "paced":
                return slide_of(run, int(found.step), bool(found.revealed),
                                   int(found.version))
            place = self._place(conn, run.id, student.id)
        if place is None:
            with self._store.write() as conn:
                place = self._place(conn, run.id, student.id)
                if place is None:
                    self._move(conn, run, student, 0, 0)
                    place = self._place(conn, run.id, student.id)
        assert place is not None
        return self._own_slide(run, student, int(place.step), int(place.reached),
                               int(found.version))

    def move(self, student: Student, step: int) -> Slide:
        """Homework: move ``student`` to ``step`` (any step they reached, or the next one);
        kept in the database, so a reload or another device shows the same step."""
        self._check_student(student)
        with self._store.write() as conn:
            found = self._pace_row(conn)
            if found is None:
                raise ClassroomError("lesson", _("the teacher has not started a lesson"))
            run = self._run_row(conn, found.run_id)
            if run.mode != "self":
                raise ClassroomError("step", _("the teacher moves the class on in this lesson"))
            the = lesson_for(run.lesson, run.source)
            self._check_step(the, step)
            place = self._place(conn, run.id, student.id)
            reached = 0 if place is None else int(place.reached)
            if step > reached + 1:
                raise ClassroomError("step", _("go on one step at a time: step {n} is the next "
                                               "one").format(n=reached + 2))
            self._move(conn, run, student, step, max(reached, step))
        return self._own_slide(run, student, step, max(reached, step), int(found.version))

    def answer(self, student: Student, answer: str | int, *, step: int,
               run: int | None = None) -> Graded:
        """Store ``student``'s answer to the question at ``step`` (the step their page shows)
        of run ``run`` (default: the current one) and return the verdict (right, or a hint;
        never the key). Refused, with nothing stored: a run that ended or closed, or of
        another class; a step without a question; a step that is not the class's current one
        (teacher-paced) or that the student has not reached (homework); a revealed question,
        one answered right already, more than :data:`MAX_ATTEMPTS` tries; text too long or
        not printable."""
        self._check_student(student)
        an, pc = schema.answers, schema.pace
        with self._store.write() as conn:
            check_open(conn, self._room.class_id, "answers")
            row, current, revealed, _version = self._which(conn, run)
            if row.ended is not None:
                raise ClassroomError("answer", _("this lesson has ended: answers are closed"))
            if row.closes is not None and time.time() >= row.closes:
                raise ClassroomError("answer", _("the closing date ({date}) has passed: answers "
                                                 "are closed").format(date=when(row.closes)))
            the = lesson_for(row.lesson, row.source)
            if row.mode == "paced" and step != current:
                raise ClassroomError("step", _("the class has moved on to step {n}; answer the "
                                               "question shown now").format(n=current + 1))
            question = self._question(the, step)
            if row.mode == "self":
                place = self._place(conn, row.id, student.id)
                reached = 0 if place is None else int(place.reached)
                if step > reached:
                    raise ClassroomError("step", _("you have not reached step {n} yet")
                                         .format(n=step + 1))
            text = self._answer_text(question, answer)
            if row.mode == "paced" and revealed:
                raise ClassroomError("answer", _("the teacher has revealed the answer: answers "
                                                 "are closed"))
            tries, right = self._tries(conn, row.id, student.id, step)
            if right:
                raise ClassroomError("answer", _("you have answered this one right already"))
            if tries >= MAX_ATTEMPTS:
                most = (_("{n} tries are the most: wait for the teacher's reveal")
                        if row.mode == "paced" else
                        _("{n} tries are the most: the answer shows after the closing date")
                        if row.key_shown == "close" else
                        _("{n} tries are the most: the answer is shown"))
                raise ClassroomError("answer", most.format(n=MAX_ATTEMPTS))
            graded = question.grade(answer if isinstance(answer, int) else text)
            try:
                with conn.begin_nested():
                    conn.execute(an.insert().values(
                        class_id=self._room.class_id, run_id=row.id, student_id=student.id,
                        lesson=row.lesson, step=step, attempt=tries + 1, answer=text,
                        correct=graded.ok, at=time.time()))
            except IntegrityError:  # the same student answered from two devices at once
                raise ClassroomError("answer", _("an answer from your other device came "
                                                 "first")) from None
            conn.execute(update(pc).where(pc.c.class_id == self._room.class_id)
                         .values(activity=pc.c.activity + 1))
            self._store.notify(conn, PACE, self._room.class_id)
        return graded

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _key(name: object) -> str:
        if not isinstance(name, str):
            raise ClassroomError("lesson", f"a lesson's name, not {show(name)}")
        return name

    @staticmethod
    def _check_step(the: Lesson, step: object) -> int:
        if isinstance(step, bool) or not isinstance(step, int) \
                or not 0 <= step < len(the.steps):
            raise ClassroomError("step", f"lesson {the.key} has steps 0 to "
                                         f"{len(the.steps) - 1}, not {show(step)}")
        return step

    def _question(self, the: Lesson, step: object) -> Question:
        step = self._check_step(the, step)
        question = the.steps[step].question
        if question is None:
            raise ClassroomError("step", _("step {n} of the lesson asks no question")
                                 .format(n=step + 1))
        return question

    @staticmethod
    def _answer_text(question: Question, answer: object) -> str:
        if isinstance(answer, int) and not isinstance(answer, bool):
            if not isinstance(question, Choice) or not 0 <= answer < len(question.options):
                raise ClassroomError("answer", _("choice {n} is not one of the options")
                                     .format(n=answer))
            return question.options[answer]
        return check_text(answer, "answer", schema.ANSWER_MAX)

    def _check_student(self, student: object) -> None:
        if not isinstance(student, Student) or student.class_id != self._room.class_id:
            raise AccessDenied("student", f"not a student of class {self._room.code}")

    def _pace_row(self, conn: Connection) -> Any:
        pc = schema.pace
        return conn.execute(select(pc).where(pc.c.class_id == self._room.class_id)).first()

    def _run_row(self, conn: Connection, run_id: object) -> Any:
        rn = schema.runs
        if isinstance(run_id, bool) or not isinstance(run_id, int):
            if run_id is None:
                raise ClassroomError("lesson", _("the teacher has not started a lesson"))
            raise ClassroomError("run", f"a lesson run's number, not {show(run_id)}")
        row = conn.execute(select(rn).where(rn.c.id == run_id)).first()
        if row is None or row.class_id != self._room.class_id:
            raise ClassroomError("run", f"class {self._room.code} has no lesson run {run_id}")
        return row

    def _which(self, conn: Connection, run: int | None) -> tuple[Any, int, bool, int]:
        """The run ``run`` (default: the current one), with the class's step, reveal and
        version when it is the current run (else step 0, not revealed)."""
        found = self._pace_row(conn)
        if run is None:
            if found is None or found.run_id is None:
                raise ClassroomError("lesson", _("the teacher has not started a lesson"))
            run = int(found.run_id)
        row = self._run_row(conn, run)
        if found is not None and found.run_id == row.id:
            return row, int(found.step), bool(found.revealed), int(found.version)
        return row, 0, False, 0

    def _set(self, *, step: int | None = None, revealed: bool = False) -> Slide:
        pc = schema.pace
        with self._store.write() as conn:
            found = self._pace_row(conn)
            if found is None or found.run_id is None:
                raise ClassroomError("lesson", "the teacher has not started a lesson")
            run = self._run_row(conn, found.run_id)
            if run.mode != "paced":
                raise ClassroomError("lesson", "this run is homework: each student moves on "
                                               "at their own pace")
            if run.ended is not None:
                raise ClassroomError("lesson", "this run has ended: start the lesson again")
            the = lesson_for(run.lesson, run.source)
            if step is None:
                step = int(found.step)
            else:
                self._check_step(the, step)
            version = int(found.version) + 1
            conn.execute(update(pc).where(pc.c.class_id == self._room.class_id).values(
                step=step, revealed=revealed, version=version, updated=time.time()))
            self._store.notify(conn, PACE, self._room.class_id)
        return slide_of(run, step, revealed, version)

    @staticmethod
    def _place(conn: Connection, run_id: int, student_id: int) -> Any:
        pl = schema.places
        return conn.execute(select(pl).where(pl.c.run_id == run_id,
                                             pl.c.student_id == student_id)).first()

    def _move(self, conn: Connection, run: Any, student: Student, step: int,
              reached: int) -> None:
        pl, pc = schema.places, schema.pace
        now = time.time()
        changed = conn.execute(update(pl).where(pl.c.run_id == run.id,
                                                pl.c.student_id == student.id)
                               .values(step=step, reached=reached, updated=now)).rowcount
        if not changed:
            try:
                with conn.begin_nested():
                    conn.execute(pl.insert().values(run_id=run.id, student_id=student.id,
                                                    class_id=self._room.class_id, step=step,
                                                    reached=reached, updated=now))
            except IntegrityError:  # the other device made it first: take this step
                conn.execute(update(pl).where(pl.c.run_id == run.id,
                                              pl.c.student_id == student.id)
                             .values(step=step, reached=reached, updated=now))
        conn.execute(update(pc).where(pc.c.class_id == self._room.class_id)
                     .values(activity=pc.c.activity + 1))
        self._store.notify(conn, PACE, self._room.class_id)

    @staticmethod
    def _tries(conn: Connection, run_id: int, student_id: int, step: int) -> tuple[int, bool]:
        an = schema.answers
        done = conn.execute(select(func.count(), func.max(an.c.correct.cast(Integer)))
                            .where(an.c.run_id == run_id, an.c.student_id == student_id,
                                   an.c.step == step)).one()
        return int(done[0]), bool(done[1])

    def _own_slide(self, run: Any, student: Student, step: int, reached: int,
                   version: int) -> Slide:
        """A homework step as ``student`` sees it: the key once their tries are used or one
        was right (``key_shown="tries"``), or once answers closed."""
        with self._store.read() as conn:
            tries, right = self._tries(conn, run.id, student.id, step)
        shown = closed(run) or (run.key_shown == "tries" and (right or tries >= MAX_ATTEMPTS))
        slide = slide_of(run, step, shown, version)
        return dataclasses.replace(slide, reached=reached, tries=tries, right=right)
