"""One run of a class's lessons, to read (:class:`Run`, from ``room.lesson.run(id)``): what the
list says of it, its tally at a step, each student's progress, its answers and its report."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from ..lessons.questions import Graded
from . import schema
from .people import Student
from .runs import Progress, RunInfo, lesson_for
from .slides import Slide, Tally, slide_of

if TYPE_CHECKING:
    from .pacing import Pacing


class Run:
    """Teacher: one run of the class's lessons, to read: what the list says of it, its tally at
    a step, each student's progress, its answers. Reading never changes it; an answer to an
    ended run is refused (:meth:`Pacing.answer`)."""

    def __init__(self, pacing: Pacing, run_id: int) -> None:
        self._pacing = pacing
        self.id = run_id

    @property
    def info(self) -> RunInfo:
        return self._pacing.info(self.id)

    def tally(self, step: int) -> Tally:
        return self._pacing.tally(step, run=self.id)

    def progress(self) -> list[Progress]:
        return self._pacing.progress(self.id)

    def questions(self) -> list[int]:
        """The steps of the run's lesson that ask a question."""
        row = self._row()
        the = lesson_for(row.lesson, row.source)
        return [i for i, s in enumerate(the.steps) if s.question is not None]

    def slide(self, step: int) -> Slide:
        """Step ``step`` of the run's lesson as the teacher reads it (with its key)."""
        row = self._row()
        the = lesson_for(row.lesson, row.source)
        self._pacing._check_step(the, step)
        return slide_of(row, step, True, 0)

    def answers(self) -> list[dict[str, object]]:
        """Every answer of the run, one per try, in the order given: student, step (0-based),
        attempt, answer, correct, at."""
        self._pacing._room._need_teacher("read the answers")
        an, st = schema.answers, schema.students
        with self._pacing._store.read() as conn:
            rows = conn.execute(select(st.c.name, an.c.step, an.c.attempt, an.c.answer,
                                       an.c.correct, an.c.at)
                                .join(st, an.c.student_id == st.c.id)
                                .where(an.c.run_id == self.id).order_by(an.c.id)).all()
        return [{"student": r.name, "step": int(r.step), "attempt": int(r.attempt),
                 "answer": r.answer, "correct": bool(r.correct), "at": float(r.at)}
                for r in rows]

    def report(self) -> Any:
        """The run's report (:func:`.reports.build_report`): each student and each question."""
        from .reports import AnswerRecord, build_report

        row = self._row()
        the = lesson_for(row.lesson, row.source)
        records = [AnswerRecord(str(a["student"]), int(a["step"]),  # type: ignore[call-overload]
                                int(a["attempt"]), str(a["answer"]),  # type: ignore[call-overload]
                                bool(a["correct"]), float(a["at"]))  # type: ignore[arg-type]
                   for a in self.answers()]
        roster = [s.name for s in self._pacing._room.students()]
        return build_report(records, roster, the, title=str(row.title))

    def answer(self, student: Student, answer: str | int, *, step: int) -> Graded:
        """An answer to this run (refused once it ended or closed)."""
        return self._pacing.answer(student, answer, step=step, run=self.id)

    def _row(self) -> Any:
        self._pacing._room._need_teacher("read a lesson run")
        with self._pacing._store.read() as conn:
            return self._pacing._run_row(conn, self.id)
