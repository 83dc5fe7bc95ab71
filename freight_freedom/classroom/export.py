"""The end of a class: its answers and game results as CSV, each game as a save file.

The save files are the games' own :meth:`~freight_freedom.core.game.Game.to_json`, so the play
app (or ``Freedom.from_json``) loads them. Only the teacher may export.

The CSV files open as they should in Excel and Google Sheets: UTF-8 with a byte order mark (so
Excel reads "José" as José), and every text cell that a spreadsheet would run as a formula (it
begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return: a student's answer
``=HYPERLINK(...)``) is written with a leading apostrophe, so it shows as the text typed. A
research export (``research=True``) names each student by a stable pseudonym instead of their
name, and gives dates instead of times.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import select

from . import schema
from .csv_cells import cell_time, csv_text, pseudonym
from .reports import gradebook_csv

if TYPE_CHECKING:
    from .room import Classroom

ANSWER_COLUMNS = ("class", "run", "mode", "lesson", "step", "question", "student", "attempt",
                  "answer", "correct", "answered_at")
RESULT_COLUMNS = ("class", "table", "game", "options", "seed", "seats", "steps", "round",
                  "phase", "over", "result")


def answer_rows(room: Classroom, *, research: bool = False) -> list[dict[str, object]]:
    """Every answer of the class, one row per attempt, in the order given, each with its run
    of the lesson (the number the teacher's page shows) and the run's mode (``research``:
    pseudonyms for names, dates for times)."""
    room._need_teacher("export the answers")
    from .runs import lesson_for

    an, st, rn = schema.answers, schema.students, schema.runs
    with room.store.read() as conn:
        rows = conn.execute(
            select(an.c.run_id, rn.c.mode, rn.c.lesson, rn.c.source, an.c.step, st.c.name,
                   st.c.token_hash, an.c.attempt, an.c.answer, an.c.correct, an.c.at)
            .join(st, an.c.student_id == st.c.id).join(rn, an.c.run_id == rn.c.id)
            .where(an.c.class_id == room.class_id).order_by(an.c.id)).all()
    out: list[dict[str, object]] = []
    for r in rows:
        question = lesson_for(r.lesson, r.source).steps[r.step].question
        out.append({"class": room.code, "run": r.run_id,
                    "mode": "homework" if r.mode == "self" else "paced",
                    "lesson": r.lesson, "step": r.step + 1,
                    "question": question.prompt if question else "",
                    "student": pseudonym(r.token_hash) if research else r.name,
                    "attempt": r.attempt, "answer": r.answer, "correct": bool(r.correct),
                    "answered_at": cell_time(r.at, research)})
    return out


def result_rows(room: Classroom, *, research: bool = False) -> list[dict[str, object]]:
    """One row per table: the game, its options and seed, who sat where, how far it got
    (``research``: pseudonyms for the students' names)."""
    room._need_teacher("export the results")
    names = _pseudonyms(room) if research else {}
    out: list[dict[str, object]] = []
    for table in room.tables():
        game = table.game
        summary = table.summary()
        seats = "; ".join(f"Player {s.seat + 1}: "
                          f"{(names.get(s.name, s.name) if s.kind != 'bot' else s.name) or 'open'}"
                          + (" (bot)" if s.kind == "bot" else "") for s in summary.seats)
        out.append({"class": room.code, "table": table.code, "game": table.game_name,
                    "options": json.dumps(dict(game.options), default=list, sort_keys=True),
                    "seed": game.seed, "seats": seats, "steps": summary.step,
                    "round": summary.round, "phase": summary.phase, "over": summary.over,
                    "result": summary.outcome})
    return out


def _pseudonyms(room: Classroom) -> dict[str, str]:
    st = schema.students
    with room.store.read() as conn:
        rows = conn.execute(select(st.c.name, st.c.token_hash)
                            .where(st.c.class_id == room.class_id)).all()
    return {str(r.name): pseudonym(str(r.token_hash)) for r in rows}


def answers_csv(room: Classroom, *, research: bool = False) -> str:
    """The class's answers as CSV text (:data:`ANSWER_COLUMNS`)."""
    return csv_text(ANSWER_COLUMNS, answer_rows(room, research=research))


def results_csv(room: Classroom, *, research: bool = False) -> str:
    """The class's game results as CSV text (:data:`RESULT_COLUMNS`)."""
    return csv_text(RESULT_COLUMNS, result_rows(room, research=research))


def gradebooks(room: Classroom) -> dict[str, str]:
    """``gradebook-run-<n>.csv`` -> the gradebook of run ``n`` of the class's lessons
    (:func:`.reports.gradebook_csv`: one row per student, one column per question, 1 for right
    at the first try), for every run with answers."""
    room._need_teacher("export the gradebooks")
    return {f"gradebook-run-{r.id}.csv": gradebook_csv(room.lesson.run(r.id).report())
            for r in reversed(room.lesson.runs()) if r.answers}


def save_files(room: Classroom) -> dict[str, str]:
    """Table code -> the game's save file (JSON), for every table of the class."""
    room._need_teacher("export the games")
    return {table.code: table.game.to_json() for table in room.tables()}


def export(room: Classroom, directory: str | Path) -> list[Path]:
    """Write ``answers.csv``, ``results.csv``, their research versions
    (``research-answers.csv``, ``research-results.csv``: pseudonyms, dates), a gradebook per
    lesson run with answers (``gradebook-run-<n>.csv``) and
    ``games/<table>-<game>.json`` into ``directory`` (created if missing); the paths written."""
    root = Path(directory)
    (root / "games").mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in (("answers.csv", answers_csv(room)),
                          ("results.csv", results_csv(room)),
                          ("research-answers.csv", answers_csv(room, research=True)),
                          ("research-results.csv", results_csv(room, research=True))):
        (root / name).write_text(content, encoding="utf-8")
        written.append(root / name)
    for name, content in gradebooks(room).items():
        (root / name).write_text(content, encoding="utf-8")
        written.append(root / name)
    for code, save in save_files(room).items():
        path = root / "games" / f"{code}-{room.table(code).game_name}.json"
        path.write_text(save, encoding="utf-8")
        written.append(path)
    return written
