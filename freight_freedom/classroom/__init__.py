"""The classroom: lessons (teacher-paced, or homework at each student's pace) and shared game
tables, kept in a real database.

    from freight_freedom.classroom import Classroom, StaleMove
    room = Classroom("sqlite:///class.db")        # a new database: a new class, the teacher's
    table = room.new_table("freedom", players=2, seed=1)

SQLite (one file, WAL) or PostgreSQL, through SQLAlchemy Core; see docs/classroom.md. Not
imported by ``import freight_freedom``: it needs the ``classroom`` extra.
"""

from __future__ import annotations

from .errors import AccessDenied, ClassroomError, SeatTaken, StaleMove, TamperedLog
from .export import answers_csv, export, gradebooks, results_csv, save_files
from .pacing import Pacing, QuestionView, Run, Slide, Tally
from .people import Student
from .room import Classroom
from .runs import Progress, RunInfo
from .tables import MoveRecord, SeatInfo, Table, TableSummary

__all__ = [
    "AccessDenied",
    "Classroom",
    "ClassroomError",
    "MoveRecord",
    "Pacing",
    "Progress",
    "QuestionView",
    "Run",
    "RunInfo",
    "SeatInfo",
    "SeatTaken",
    "Slide",
    "StaleMove",
    "Student",
    "Table",
    "TableSummary",
    "Tally",
    "TamperedLog",
    "answers_csv",
    "export",
    "gradebooks",
    "results_csv",
    "save_files",
]
