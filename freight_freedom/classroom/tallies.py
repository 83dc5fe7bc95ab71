"""Counting a run's answers: the teacher's tally of one question, and each student's progress.

Pure functions over the rows :mod:`.pacing` read (the tally counts a student's first try as
their answer, "right now" any right try, and groups wrong answers by
:func:`~freight_freedom.lessons.normalise`, shown as first typed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..lessons import Question, normalise
from .runs import Progress
from .slides import Tally


def tally_of(rows: Sequence[Any], everyone: Sequence[str], row: Any, step: int,
             question: Question, current: int, revealed: bool) -> Tally:
    """The tally of the question at ``step`` of run ``row``: ``rows`` are its answers (name,
    attempt, answer, correct) in the order given, ``everyone`` the class's names in join
    order; ``current`` and ``revealed`` say where a paced run is."""
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
        lesson=str(row.lesson), step=step, prompt=question.prompt, key=question.key_text(),
        answered=answered, waiting=tuple(n for n in everyone if n not in first),
        first_right=tuple(n for n in answered if first[n].correct),
        first_wrong=tuple(n for n in answered if not first[n].correct),
        right_now=tuple(n for n in everyone if n in right_now),
        common_wrong=tuple((shown[a], c) for a, c in wrong.most_common()),
        revealed=row.mode == "paced" and revealed and step == current, run=int(row.id))


def progress_of(students: Sequence[Any], places: dict[int, Any], done: Sequence[Any], row: Any,
                current: int, questions: int) -> list[Progress]:
    """Each student's progress in run ``row``: ``students`` (id, name) in join order, their
    homework ``places`` by student id, ``done`` one row per (student, step) answered with
    whether any try was right and when the last was; ``questions`` the lesson's count."""
    answered: Counter[int] = Counter()
    right: Counter[int] = Counter()
    last: dict[int, float] = {}
    for d in done:
        answered[int(d.student_id)] += 1
        right[int(d.student_id)] += int(bool(d.right))
        last[int(d.student_id)] = max(last.get(int(d.student_id), 0.0), float(d.at))
    out = []
    for s in students:
        p = places.get(int(s.id))
        if row.mode == "paced":
            step, reached = (current, current) if row.ended is None else (None, None)
        else:
            step = None if p is None else int(p.step)
            reached = None if p is None else int(p.reached)
        stamps = [x for x in (last.get(int(s.id)), None if p is None else float(p.updated))
                  if x is not None]
        out.append(Progress(str(s.name), step, reached, answered[int(s.id)],
                            right[int(s.id)], questions, max(stamps) if stamps else None))
    return out
