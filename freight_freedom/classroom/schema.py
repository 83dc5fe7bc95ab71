"""The classroom's tables and their versions, with the migrations between versions.

Version 1 held the class, its students and its game tables (seats and a numbered move log).
Version 2 records who stored each move (for "Ana moved first") and adds the paced lesson: the
class's current lesson step and the students' answers. Version 3 keeps the teacher's PIN
attempts and lockouts in the database, so that every page's kernel counts the same attempts.
Version 4 lets a teacher close joining and end a class (``classes.joining``, ``classes.ended``).
Version 5 adds the runs of a lesson: each time the teacher starts a lesson is a run of its own
(``runs``: teacher-paced, or student-paced homework with an optional closing date), answers carry
their run, the pace points at the class's current run, and ``places`` keeps each student's step
in a student-paced run. The migration turns the answers of each (class, lesson) into one run.
Version 6 adds the languages the pages are read in: the class's (``classes.lang``: the
projector's, chosen by the teacher) and each student's own choice (``students.lang``); both may
be empty (the pages' default language).
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
    func,
    inspect,
    select,
    text,
    true,
    update,
)

from .errors import ClassroomError

VERSION = 6
"""The schema version this package writes."""

NAME_MAX = 24
CODE_MAX = 8
ACTION_MAX = 200
ANSWER_MAX = 200
BOT_MAX = 40
HASH_MAX = 160
TITLE_MAX = 120
LESSON_KEY_MAX = 20
LANG_MAX = 16


def _base(metadata: MetaData, *, by_name: bool, lifecycle: bool = False,
          languages: bool = False) -> dict[str, Table]:
    """The tables of version 1; ``by_name`` adds version 2's column on the move log,
    ``lifecycle`` version 4's columns on the class, ``languages`` version 6's language of the
    class and of each student."""
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
    if languages:  # the projector's language, chosen by the teacher (None: the default)
        class_columns.append(Column("lang", String(LANG_MAX)))
    classes = Table("classes", metadata, *class_columns)
    student_columns: list[Any] = [
        Column("id", Integer, primary_key=True),
        Column("class_id", Integer, ForeignKey("classes.id"), nullable=False),
        Column("name", String(NAME_MAX), nullable=False),
        Column("token_hash", String(64), nullable=False, unique=True),
        Column("joined", Float, nullable=False),
    ]
    if languages:  # the language the student chose for their pages (None: not chosen)
        student_columns.append(Column("lang", String(LANG_MAX)))
    students = Table("students", metadata, *student_columns,
                     UniqueConstraint("class_id", "name", name="students_one_name"))
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


def _lesson(metadata: MetaData, *, runs: bool = False) -> dict[str, Table]:
    """The tables version 2 adds: the class's place in its lesson, and the answers; ``runs``:
    as version 5 has them (the pace points at the current run, each answer names its run, one
    attempt per run, student and step), with the ``runs`` and ``places`` tables."""
    out: dict[str, Table] = {}
    if runs:
        out["runs"] = Table(
            "runs", metadata,
            Column("id", Integer, primary_key=True),
            Column("class_id", Integer, ForeignKey("classes.id"), nullable=False, index=True),
            Column("lesson", String(LESSON_KEY_MAX), nullable=False),
            Column("title", String(TITLE_MAX), nullable=False),
            # a teacher-written lesson file's text: every server and kernel rebuilds it
            Column("source", Text),
            Column("mode", String(8), nullable=False),  # 'paced' | 'self'
            Column("closes", Float),  # self-paced: no answers after it
            Column("key_shown", String(8), nullable=False),  # 'reveal' | 'tries' | 'close'
            Column("started", Float, nullable=False),
            Column("ended", Float),
        )
    pace_columns: list[Column[Any]] = [
        Column("class_id", Integer, ForeignKey("classes.id"), primary_key=True),
        Column("lesson", String(LESSON_KEY_MAX), nullable=False),
        Column("step", Integer, nullable=False),
        Column("revealed", Boolean, nullable=False),
        Column("version", Integer, nullable=False),
        Column("updated", Float, nullable=False),
    ]
    if runs:
        pace_columns += [
            Column("run_id", Integer, ForeignKey("runs.id")),
            # grows with every answer and every student's step in a student-paced run (the
            # teacher's page waits for it): the pages of the students wait for ``version``
            Column("activity", Integer, nullable=False, server_default=text("0")),
        ]
    out["pace"] = Table("pace", metadata, *pace_columns)
    answer_columns: list[Any] = [  # columns, and the one-attempt constraint
        Column("id", Integer, primary_key=True),
        Column("class_id", Integer, ForeignKey("classes.id"), nullable=False),
    ]
    if runs:
        answer_columns.append(Column("run_id", Integer, ForeignKey("runs.id"), nullable=False,
                                     index=True))
    answer_columns += [
        Column("student_id", Integer, ForeignKey("students.id"), nullable=False),
        Column("lesson", String(LESSON_KEY_MAX), nullable=False),
        Column("step", Integer, nullable=False),
        Column("attempt", Integer, nullable=False),
        Column("answer", String(ANSWER_MAX), nullable=False),
        Column("correct", Boolean, nullable=False),
        Column("at", Float, nullable=False),
    ]
    if runs:
        answer_columns.append(UniqueConstraint("run_id", "student_id", "step", "attempt",
                                               name="answers_one_run_attempt"))
    else:
        answer_columns.append(UniqueConstraint("class_id", "student_id", "lesson", "step",
                                               "attempt", name="answers_one_attempt"))
    out["answers"] = Table("answers", metadata, *answer_columns)
    if runs:
        out["places"] = Table(
            "places", metadata,
            Column("run_id", Integer, ForeignKey("runs.id"), primary_key=True),
            Column("student_id", Integer, ForeignKey("students.id"), primary_key=True),
            Column("class_id", Integer, ForeignKey("classes.id"), nullable=False, index=True),
            Column("step", Integer, nullable=False),  # the step the student's pages show
            Column("reached", Integer, nullable=False),  # the furthest step they went to
            Column("updated", Float, nullable=False),
        )
    return out


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

V4 = MetaData()
"""The tables as version 4 had them (versions 2 to 4 create theirs from it)."""
_base(V4, by_name=True, lifecycle=True)
_lesson(V4)
_pins(V4)

METADATA = MetaData()
_tables = {**_base(METADATA, by_name=True, lifecycle=True, languages=True),
           **_lesson(METADATA, runs=True), **_pins(METADATA)}
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
runs = _tables["runs"]
places = _tables["places"]


def _create_v1(conn: Connection) -> None:
    V1.create_all(conn)
    conn.execute(schema_version.insert().values(version=1))


def _v1_to_v2(conn: Connection) -> None:
    conn.execute(text(f"ALTER TABLE moves ADD COLUMN by_name VARCHAR({BOT_MAX}) "
                      "NOT NULL DEFAULT ''"))
    V4.tables["pace"].create(conn)
    V4.tables["answers"].create(conn)


def _v2_to_v3(conn: Connection) -> None:
    V4.tables["pin_attempts"].create(conn)
    V4.tables["pin_locks"].create(conn)


def _v3_to_v4(conn: Connection) -> None:
    conn.execute(text("ALTER TABLE classes ADD COLUMN joining BOOLEAN NOT NULL DEFAULT TRUE"))
    conn.execute(text("ALTER TABLE classes ADD COLUMN ended FLOAT"))


def _v4_to_v5(conn: Connection) -> None:
    """The runs: the answers (and the pace) of each (class, lesson) become one run of it,
    teacher-paced, numbered in the order they started; the class's current lesson is its
    current run, the others ended at their last answer. The answers table is made again (its
    one-attempt key is now per run)."""
    runs.create(conn)
    places.create(conn)
    conn.execute(text("ALTER TABLE pace ADD COLUMN run_id INTEGER REFERENCES runs(id)"))
    conn.execute(text("ALTER TABLE pace ADD COLUMN activity INTEGER NOT NULL DEFAULT 0"))
    old_pace, old_answers = V4.tables["pace"], V4.tables["answers"]
    current = {(int(r.class_id), str(r.lesson)): float(r.updated)
               for r in conn.execute(select(old_pace.c.class_id, old_pace.c.lesson,
                                            old_pace.c.updated))}
    seen = conn.execute(select(old_answers.c.class_id, old_answers.c.lesson,
                               func.min(old_answers.c.at).label("first"),
                               func.max(old_answers.c.at).label("last"))
                        .group_by(old_answers.c.class_id, old_answers.c.lesson)).all()
    found: dict[tuple[int, str], tuple[float, float | None]] = {
        (int(r.class_id), str(r.lesson)): (float(r.first), float(r.last)) for r in seen}
    for where, updated in current.items():
        first, _ = found.get(where, (updated, None))
        found[where] = (min(first, updated), None)  # the current run goes on
    for (class_id, key), (started, ended) in sorted(found.items(),
                                                    key=lambda kv: (kv[1][0], kv[0])):
        run_id = conn.execute(runs.insert().values(
            class_id=class_id, lesson=key, title=_title(key), source=None, mode="paced",
            closes=None, key_shown="reveal", started=started, ended=ended)
        ).inserted_primary_key[0]  # type: ignore[index]
        if (class_id, key) in current:
            conn.execute(update(pace).where(pace.c.class_id == class_id).values(run_id=run_id))
    conn.execute(text("ALTER TABLE answers RENAME TO answers_v4"))
    if conn.dialect.name == "postgresql":  # the new table's own key and sequence names
        conn.execute(text("ALTER INDEX answers_pkey RENAME TO answers_v4_pkey"))
        conn.execute(text("ALTER SEQUENCE answers_id_seq RENAME TO answers_v4_id_seq"))
    answers.create(conn)
    conn.execute(text(
        "INSERT INTO answers (id, class_id, run_id, student_id, lesson, step, attempt, answer, "
        "correct, at) SELECT a.id, a.class_id, r.id, a.student_id, a.lesson, a.step, "
        "a.attempt, a.answer, a.correct, a.at FROM answers_v4 a JOIN runs r "
        "ON r.class_id = a.class_id AND r.lesson = a.lesson ORDER BY a.id"))
    conn.execute(text("DROP TABLE answers_v4"))
    if conn.dialect.name == "postgresql":  # the next answer's id follows the copied ones
        conn.execute(text("SELECT setval(pg_get_serial_sequence('answers', 'id'), "
                          "COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM answers"))


def _v5_to_v6(conn: Connection) -> None:
    """The languages: the class's and each student's, empty (the default) until chosen."""
    conn.execute(text(f"ALTER TABLE classes ADD COLUMN lang VARCHAR({LANG_MAX})"))
    conn.execute(text(f"ALTER TABLE students ADD COLUMN lang VARCHAR({LANG_MAX})"))


def _title(key: str) -> str:
    """A built-in lesson's title (its key when the package no longer has it)."""
    try:
        from ..lessons import lesson

        return lesson(key).title[:TITLE_MAX]
    except ValueError:
        return key


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _create_v1, 2: _v1_to_v2,
                                                       3: _v2_to_v3, 4: _v3_to_v4,
                                                       5: _v4_to_v5, 6: _v5_to_v6}
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
