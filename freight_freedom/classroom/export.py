"""The end of a class: its answers and game results as CSV, each game as a save file.

The save files are the games' own :meth:`~freight_freedom.core.game.Game.to_json`, so the play
app (or ``Freedom.from_json``) loads them. Only the teacher may export.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import select

from . import schema

if TYPE_CHECKING:
    from .room import Classroom

ANSWER_COLUMNS = ("class", "lesson", "step", "question", "student", "attempt", "answer",
                  "correct", "answered_at")
RESULT_COLUMNS = ("class", "table", "game", "options", "seed", "seats", "steps", "round",
                  "phase", "over", "result")


def _when(stamp: float) -> str:
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds")


def _csv(columns: tuple[str, ...], rows: list[dict[str, object]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def answer_rows(room: Classroom) -> list[dict[str, object]]:
    """Every answer of the class, one row per attempt, in the order given."""
    room._need_teacher("export the answers")
    from ..lessons import lesson

    an, st = schema.answers, schema.students
    with room.store.read() as conn:
        rows = conn.execute(
            select(an.c.lesson, an.c.step, st.c.name, an.c.attempt, an.c.answer,
                   an.c.correct, an.c.at)
            .join(st, an.c.student_id == st.c.id)
            .where(an.c.class_id == room.class_id).order_by(an.c.id)).all()
    out: list[dict[str, object]] = []
    for r in rows:
        question = lesson(r.lesson).steps[r.step].question
        out.append({"class": room.code, "lesson": r.lesson, "step": r.step + 1,
                    "question": question.prompt if question else "", "student": r.name,
                    "attempt": r.attempt, "answer": r.answer, "correct": bool(r.correct),
                    "answered_at": _when(r.at)})
    return out


def result_rows(room: Classroom) -> list[dict[str, object]]:
    """One row per table: the game, its options and seed, who sat where, how far it got."""
    room._need_teacher("export the results")
    out: list[dict[str, object]] = []
    for table in room.tables():
        game = table.game
        summary = table.summary()
        seats = "; ".join(f"Player {s.seat + 1}: {s.name or 'open'}"
                          + (" (bot)" if s.kind == "bot" else "") for s in summary.seats)
        out.append({"class": room.code, "table": table.code, "game": table.game_name,
                    "options": json.dumps(dict(game.options), default=list, sort_keys=True),
                    "seed": game.seed, "seats": seats, "steps": summary.step,
                    "round": summary.round, "phase": summary.phase, "over": summary.over,
                    "result": summary.outcome})
    return out


def answers_csv(room: Classroom) -> str:
    """The class's answers as CSV text (:data:`ANSWER_COLUMNS`)."""
    return _csv(ANSWER_COLUMNS, answer_rows(room))


def results_csv(room: Classroom) -> str:
    """The class's game results as CSV text (:data:`RESULT_COLUMNS`)."""
    return _csv(RESULT_COLUMNS, result_rows(room))


def save_files(room: Classroom) -> dict[str, str]:
    """Table code -> the game's save file (JSON), for every table of the class."""
    room._need_teacher("export the games")
    return {table.code: table.game.to_json() for table in room.tables()}


def export(room: Classroom, directory: str | Path) -> list[Path]:
    """Write ``answers.csv``, ``results.csv`` and ``games/<table>-<game>.json`` into
    ``directory`` (created if missing); the paths written."""
    root = Path(directory)
    (root / "games").mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in (("answers.csv", answers_csv(room)),
                          ("results.csv", results_csv(room))):
        (root / name).write_text(content, encoding="utf-8")
        written.append(root / name)
    for code, save in save_files(room).items():
        path = root / "games" / f"{code}-{room.table(code).game_name}.json"
        path.write_text(save, encoding="utf-8")
        written.append(path)
    return written
