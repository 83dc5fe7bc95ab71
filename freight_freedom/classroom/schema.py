"""The classroom's tables and their versions, with the migrations between versions.

Version 1 held the class, its students and its game tables (seats and a numbered move log).
Version 2 records who stored each move (for "Ana moved first") and adds the paced lesson: the
class's current lesson step and the students' answers. Version 3 keeps the teacher's PIN
attempts and lockouts in the database, so that every page's kernel counts the same attempts.
Version 4 lets a teacher close joining and end a class (``classes.joining``, ``classes.ended``).
:func:`upgrade` brings a database of any earlier version to :data:`VERSION` inside one
transaction, so a failed upgrade changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    inspect,
    select,
    text,
    true,
)

from .errors import ClassroomError

VERSION = 4
"""The schema version this package writes."""

NAME_MAX = 24
CODE_MAX = 8
ACTION_MAX = 200
ANSWER_MAX = 200
BOT_MAX = 40
HASH_MAX = 160


def _base(metadata: MetaData, *, by_name: bool, lifecycle: bool = False) -> dict[str, Table]:
    """The tables of version 1; ``by_name`` adds version 2's column on the move log,
    ``lifecycle`` version 4's columns on the class."""
    version = Table("schema_version", metadata, Column("version", Integer, nullable=False))
    class_columns: list[Column[Any]] = [
        Column("id", Integer, primary_key=True),
        Column("code", String(CODE_MAX), nullable=False, unique=True),
        Column("name", String(60), nullable=False),
        Column("pin_hash", String(HASH_MAX), nullable=False),
        Column("created", Float, nullable=False),
    ]
    if lifecycle:
        class_columns += [
            # whether new students may join (the teacher closes it once the class is in)
            Column("joining", Boolean, nullable=False, server_default=true()),
            # when the teacher ended the class: no joins, answers or moves after it
            Column("ended", Float),
        ]
    classes = Table("classes", metadata, *class_columns)
    students = Table(
        "students", metadata,
        Column("id", Integer, primary_key=True),
        Column("class_id", Integer, ForeignKey("classes.id"), nullable=False),
        Column("name", String(NAME_MAX), nullable=False),
        Column("token_hash", String(64), nullable=False, unique=True),
        Column("joined", Float, nullable=False),
        UniqueConstraint("class_id", "name", name="students_one_name"),
    )
    tables = Table(
        "game_tables", metadata,
        Column("id", Integer, primary_key=True),
        Column("class_id", Integer, ForeignKey("classes.id"), nullable=False),
        Column("code", String(CODE_MAX), nullable=False, unique=True),
        Column("game", String(20), nullable=False),
        Column("players", Integer, nullable=False),
        Column("setup", Text, nullable=False),
        Column("created", Float, nullable=False),
    )
    seats = Table(
        "seats", metadata,
        Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("bot", String(BOT_MAX)),
        Column("student_id", Integer, ForeignKey("students.id")),
        Column("token_hash", String(64)),
        Column("claimed", Float),
    )
    move_columns: list[Column[Any]] = [
        Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
        Column("step", Integer, primary_key=True),  # the unique (table, step) key
        Column("action", String(ACTION_MAX), nullable=False),
        Column("seat", Integer, nullable=False),
        Column("at", Float, nullable=False),
    ]
    if by_name:
        move_columns.append(Column("by_name", String(BOT_MAX), nullable=False, server_default=""))
    moves = Table("moves", metadata, *move_columns)
    return {"schema_version": version, "classes": classes, "students": students,
            "game_tables": tables, "seats": seats, "moves": moves}


def _lesson(metadata: MetaData) -> dict[str, Table]:
    """The tables version 2 adds: the class's place in its lesson, and the answers."""
    pace = Table(
        "pace", metadata,
        Column("class_id", Integer, ForeignKey("classes.id"), primary_key=True),
        Column("lesson", String(20), nullable=False),
        Column("step", Integer, nullable=False),
        Column("revealed", Boolean, nullable=False),
        Column("version", Integer, nullable=False),
        Column("updated", Float, nullable=False),
    )
    answers = Table(
        "answers", metadata,
        Column("id", Integer, primary_key=True),
        Column("class_id", Integer, ForeignKey("classes.id"), nullable=False),
        Column("student_id", Integer, ForeignKey("students.id"), nullable=False),
        Column("lesson", String(20), nullable=False),
        Column("step", Integer, nullable=False),
        Column("attempt", Integer, nullable=False),
        Column("answer", String(ANSWER_MAX), nullable=False),
        Column("correct", Boolean, nullable=False),
        Column("at", Float, nullable=False),
        UniqueConstraint("class_id", "student_id", "lesson", "step", "attempt",
                         name="answers_one_attempt"),
    )
    return {"pace": pace, "answers": answers}


def _pins(metadata: MetaData) -> dict[str, Table]:
    """The tables version 3 adds: PIN attempts (each noted before the PIN is checked, removed
    by a right one) and a class's PIN lockout."""
    attempts = Table(
        "pin_attempts", metadata,
        Column("id", Integer, primary_key=True),
        Column("class_id", Integer, ForeignKey("classes.id"), nullable=False, index=True),
        Column("at", Float, nullable=False),
    )
    locks = Table(
        "pin_locks", metadata,
        Column("class_id", Integer, ForeignKey("classes.id"), primary_key=True),
        Column("until", Float, nullable=False),
    )
    return {"pin_attempts": attempts, "pin_locks": locks}


V1 = MetaData()
_base(V1, by_name=False)

METADATA = MetaData()
_tables = {**_base(METADATA, by_name=True, lifecycle=True), **_lesson(METADATA),
           **_pins(METADATA)}
schema_version = _tables["schema_version"]
classes = _tables["classes"]
students = _tables["students"]
game_tables = _tables["game_tables"]
seats = _tables["seats"]
moves = _tables["moves"]
pace = _tables["pace"]
answers = _tables["answers"]
pin_attempts = _tables["pin_attempts"]
pin_locks = _tables["pin_locks"]


def _create_v1(conn: Connection) -> None:
    V1.create_all(conn)
    conn.execute(schema_version.insert().values(version=1))


def _v1_to_v2(conn: Connection) -> None:
    conn.execute(text(f"ALTER TABLE moves ADD COLUMN by_name VARCHAR({BOT_MAX}) "
                      "NOT NULL DEFAULT ''"))
    pace.create(conn)
    answers.create(conn)


def _v2_to_v3(conn: Connection) -> None:
    pin_attempts.create(conn)
    pin_locks.create(conn)


def _v3_to_v4(conn: Connection) -> None:
    conn.execute(text("ALTER TABLE classes ADD COLUMN joining BOOLEAN NOT NULL DEFAULT TRUE"))
    conn.execute(text("ALTER TABLE classes ADD COLUMN ended FLOAT"))


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _create_v1, 2: _v1_to_v2,
                                                       3: _v2_to_v3, 4: _v3_to_v4}
"""``MIGRATIONS[n]`` brings a database of version ``n - 1`` (0: empty) to version ``n``."""


def version_of(conn: Connection) -> int:
    """The schema version of the database behind ``conn`` (0 for an empty one)."""
    if not inspect(conn).has_table("schema_version"):
        return 0
    found = conn.execute(select(schema_version.c.version)).scalar()
    return int(found or 0)


def upgrade(conn: Connection, target: int = VERSION) -> int:
    """Run the migrations from the database's version up to ``target``, inside the caller's
    transaction (which should hold the database's write lock); returns the version before.

    A database newer than this package is refused: its tables may mean something else.
    """
    before = version_of(conn)
    if before > VERSION:
        raise ClassroomError("schema_version", f"the database has version {before}; this "
                             f"package knows up to {VERSION}: upgrade freight_freedom")
    for n in range(before + 1, target + 1):
        MIGRATIONS[n](conn)
        conn.execute(schema_version.update().values(version=n))
    return before
