"""A class's data from joining to deletion, as a school must handle it.

The teacher removes a student (their answers and their places in homework go, their seats open
again), closes and reopens joining, ends a class (no joins, answers or moves after it) and
deletes it. Deleted rows are gone from the database, not only hidden: SQLite overwrites deleted
content (``secure_delete``, set on every connection by :mod:`.store`), then the file is
rewritten without the freed pages (``VACUUM``) and its write-ahead log emptied; PostgreSQL's
``DELETE`` and ``VACUUM`` do the same in the server. Old classes go by themselves:
:func:`expired` finds the classes last used more than a number of days ago
(``freight-freedom classroom --keep-days``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Connection, delete, func, select, text, update

from ..core.i18n import N_, _
from . import schema
from .errors import ClassroomError
from .store import Store

KEEP_DAYS = 365
"""Days a class is kept after it was last used, unless the teacher says otherwise: a school
year and its summer, so a class is there for the next year's reports and gone after."""

SECONDS_A_DAY = 86_400


@dataclass(frozen=True)
class ClassUse:
    """A class and when it was last used (its newest join, answer, move or lesson step)."""

    code: str
    name: str
    last_used: float


#: what :func:`check_open` refuses in an ended class, as it says so
_ENDED = {
    "joining": N_("the teacher has ended this class: no more joining"),
    "lessons": N_("the teacher has ended this class: no more lessons"),
    "answers": N_("the teacher has ended this class: no more answers"),
    "moves": N_("the teacher has ended this class: no more moves"),
}


def check_open(conn: Connection, class_id: int, what: str) -> None:
    """Refuse ``what`` (joining, lessons, answers, moves) in a class the teacher ended."""
    ended = conn.execute(select(schema.classes.c.ended)
                         .where(schema.classes.c.id == class_id)).scalar()
    if ended is not None:
        said = _ENDED.get(what)
        raise ClassroomError("class", _(said) if said is not None else
                             f"the teacher has ended this class: no more {what}")


def check_joining(conn: Connection, class_id: int) -> None:
    """Refuse a new student when the teacher closed joining (or ended the class)."""
    check_open(conn, class_id, "joining")
    joining = conn.execute(select(schema.classes.c.joining)
                           .where(schema.classes.c.id == class_id)).scalar()
    if not joining:
        raise ClassroomError("joining", _("the teacher has closed joining for this class: "
                                          "ask them to open it"))


def set_joining(store: Store, class_id: int, open_: bool) -> None:
    with store.write() as conn:
        if open_:
            check_open(conn, class_id, "joining")
        conn.execute(update(schema.classes).where(schema.classes.c.id == class_id)
                     .values(joining=open_))


def end(store: Store, class_id: int) -> None:
    """End the class now (joining closes too); its data stays until it is deleted."""
    with store.write() as conn:
        conn.execute(update(schema.classes).where(schema.classes.c.id == class_id)
                     .values(joining=False, ended=time.time()))


def remove_student(store: Store, class_id: int, student_id: int) -> str:
    """Delete a student of the class with their answers; their seats open again (the moves
    they made stay in the tables' logs, which replay the games: a move names no one but by
    the name stored with it, which is cleared). Returns the removed name."""
    st, an, seats, moves = schema.students, schema.answers, schema.seats, schema.moves
    pl = schema.places
    with store.write() as conn:
        name = conn.execute(select(st.c.name).where(st.c.id == student_id,
                                                    st.c.class_id == class_id)).scalar()
        if name is None:
            raise ClassroomError("student", "no such student in this class")
        tables = select(schema.game_tables.c.id).where(schema.game_tables.c.class_id == class_id)
        conn.execute(delete(an).where(an.c.class_id == class_id, an.c.student_id == student_id))
        conn.execute(delete(pl).where(pl.c.class_id == class_id, pl.c.student_id == student_id))
        conn.execute(update(seats).where(seats.c.student_id == student_id,
                                         seats.c.table_id.in_(tables))
                     .values(student_id=None, token_hash=None, claimed=None))
        conn.execute(update(moves).where(moves.c.table_id.in_(tables), moves.c.by_name == name)
                     .values(by_name=""))
        conn.execute(delete(st).where(st.c.id == student_id))
    wipe(store)
    return str(name)


def delete_class(store: Store, class_id: int) -> None:
    """Delete the class and everything of it: students, answers, tables, seats, moves, its
    lesson runs (with the students' places in them), its lesson's place and PIN attempts."""
    with store.write() as conn:
        _delete_rows(conn, class_id)
    wipe(store)


def _delete_rows(conn: Connection, class_id: int) -> None:
    tables = select(schema.game_tables.c.id).where(schema.game_tables.c.class_id == class_id)
    conn.execute(delete(schema.moves).where(schema.moves.c.table_id.in_(tables)))
    conn.execute(delete(schema.seats).where(schema.seats.c.table_id.in_(tables)))
    conn.execute(delete(schema.game_tables).where(schema.game_tables.c.class_id == class_id))
    for table in (schema.answers, schema.places, schema.pace, schema.runs,
                  schema.pin_attempts, schema.pin_locks):
        conn.execute(delete(table).where(table.c.class_id == class_id))
    conn.execute(delete(schema.students).where(schema.students.c.class_id == class_id))
    conn.execute(delete(schema.classes).where(schema.classes.c.id == class_id))


def wipe(store: Store) -> None:
    """Make deleted rows unrecoverable from the database's files: SQLite rewrites the file
    without free pages and empties its write-ahead log; PostgreSQL vacuums the tables."""
    with store.engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT")
        if store.dialect == "sqlite":
            conn.execute(text("VACUUM"))
            conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        elif store.dialect == "postgresql":
            for table in ("answers", "places", "runs", "students", "seats", "moves",
                          "game_tables", "pace", "classes"):
                conn.execute(text(f"VACUUM {table}"))


def uses(store: Store) -> list[ClassUse]:
    """Every class of the database with when it was last used, oldest first."""
    cl, st, an = schema.classes, schema.students, schema.answers
    gt, mv, pc = schema.game_tables, schema.moves, schema.pace
    rn, pl = schema.runs, schema.places
    with store.read() as conn:
        rows = conn.execute(select(cl.c.id, cl.c.code, cl.c.name, cl.c.created)).all()
        found = []
        for row in rows:
            stamps = [row.created]
            for query in (
                select(func.max(st.c.joined)).where(st.c.class_id == row.id),
                select(func.max(an.c.at)).where(an.c.class_id == row.id),
                select(func.max(pc.c.updated)).where(pc.c.class_id == row.id),
                select(func.max(rn.c.started)).where(rn.c.class_id == row.id),
                select(func.max(pl.c.updated)).where(pl.c.class_id == row.id),
                select(func.max(mv.c.at)).join(gt, gt.c.id == mv.c.table_id)
                .where(gt.c.class_id == row.id),
            ):
                stamp = conn.execute(query).scalar()
                if stamp is not None:
                    stamps.append(stamp)
            found.append(ClassUse(str(row.code), str(row.name), float(max(stamps))))
    return sorted(found, key=lambda use: use.last_used)


def expired(store: Store, keep_days: float, now: float | None = None) -> list[ClassUse]:
    """The classes last used more than ``keep_days`` days before ``now``."""
    if keep_days <= 0:
        raise ClassroomError("keep_days", "give a number of days above 0")
    cutoff = (time.time() if now is None else now) - keep_days * SECONDS_A_DAY
    return [use for use in uses(store) if use.last_used < cutoff]


def delete_expired(store: Store, keep_days: float, now: float | None = None) -> list[ClassUse]:
    """Delete the classes :func:`expired` finds; the ones deleted."""
    gone = expired(store, keep_days, now)
    if gone:
        cl = schema.classes
        with store.write() as conn:
            for use in gone:
                class_id = conn.execute(select(cl.c.id).where(cl.c.code == use.code)).scalar()
                if class_id is not None:
                    _delete_rows(conn, int(class_id))
        wipe(store)
    return gone
