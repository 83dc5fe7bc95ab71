"""A class in the database: its code, its teacher's PIN, its students, tables and lesson.

``Classroom(url)`` opens the database (creating it, and a class with a fresh PIN, when empty).
Whoever knows the PIN is the teacher: ``Classroom(url, code=..., pin=...)``. Without it the
object can join students, rejoin them by token, and read and play tables with seat tokens.
Every query is filtered by the class, so no page reaches another class's data.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, delete, func, select, update
from sqlalchemy.exc import IntegrityError

from ..core import registry
from ..core.action import show
from ..core.i18n import _, check_language
from . import lifecycle, people, schema
from .errors import AccessDenied, ClassroomError
from .pacing import Pacing
from .people import Student
from .store import (
    CLASS_CODE_LENGTH,
    TABLE_CODE_LENGTH,
    Store,
    check_code,
    new_code,
    new_pin,
    pin_hash,
    pin_matches,
)
from .tables import Table

MAX_TABLES = 200
"""Tables one class may open (a runaway script is stopped long before the disk fills)."""

PIN_TRIES = 5
"""Wrong PINs allowed within :data:`PIN_WINDOW` seconds before the PIN is refused ..."""
PIN_WINDOW = 300.0
PIN_LOCKOUT = 60.0
"""... for this many seconds, right or wrong: guessing a six-digit PIN takes years."""


class PinGuard:
    """The teacher's PIN attempts of each class, kept in the class database: every page's
    kernel (a guesser may open many) counts the same attempts. After :data:`PIN_TRIES` wrong
    PINs within :data:`PIN_WINDOW` seconds every PIN of the class is refused for
    :data:`PIN_LOCKOUT` seconds.

    An attempt is noted *before* the PIN is checked (:meth:`begin`), in a transaction that
    holds the class's row, so attempts made at the same moment from many pages are counted
    too: one still being checked counts as wrong until :meth:`passed` says otherwise.
    ``clock`` is ``time.time`` (shared by every process; tests pass their own).
    """

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock

    def begin(self, store: Store, class_id: int, code: str) -> None:
        """Note an attempt at class ``class_id``'s PIN; :class:`AccessDenied` while the class
        is locked (nothing noted then)."""
        now = self.clock()
        left = 0.0
        with store.write() as conn:  # committed before a refusal is raised
            self._hold(conn, class_id)
            until = conn.execute(select(schema.pin_locks.c.until).where(
                schema.pin_locks.c.class_id == class_id)).scalar()
            if until is not None and until > now:
                left = until - now
            elif self._recent(conn, class_id, now) >= PIN_TRIES:  # a burst being checked
                self._lock(conn, class_id, now)
                left = PIN_LOCKOUT
            else:
                conn.execute(schema.pin_attempts.insert().values(class_id=class_id, at=now))
        if left > 0:
            raise self._locked(code, left)

    def failed(self, store: Store, class_id: int) -> None:
        """The attempt was wrong: it stays counted; the :data:`PIN_TRIES`-th within the window
        starts the lockout (and the count starts again after it)."""
        now = self.clock()
        with store.write() as conn:
            self._hold(conn, class_id)
            if self._recent(conn, class_id, now) >= PIN_TRIES:
                self._lock(conn, class_id, now)

    def passed(self, store: Store, class_id: int) -> None:
        """A right PIN (or a new one) clears the class's count and lockout."""
        with store.write() as conn:
            self._hold(conn, class_id)
            self._clear(conn, class_id)

    @staticmethod
    def _hold(conn: Connection, class_id: int) -> None:
        """Take the class's row for the transaction (PostgreSQL: one PIN check of the class at
        a time; SQLite's writers are one at a time anyway)."""
        conn.execute(select(schema.classes.c.id).where(schema.classes.c.id == class_id)
                     .with_for_update())

    @staticmethod
    def _recent(conn: Connection, class_id: int, now: float) -> int:
        pa = schema.pin_attempts
        return int(conn.execute(select(func.count()).select_from(pa).where(
            pa.c.class_id == class_id, pa.c.at > now - PIN_WINDOW)).scalar() or 0)

    def _lock(self, conn: Connection, class_id: int, now: float) -> None:
        self._clear(conn, class_id)
        conn.execute(schema.pin_locks.insert().values(class_id=class_id,
                                                      until=now + PIN_LOCKOUT))

    @staticmethod
    def _clear(conn: Connection, class_id: int) -> None:
        conn.execute(delete(schema.pin_attempts).where(
            schema.pin_attempts.c.class_id == class_id))
        conn.execute(delete(schema.pin_locks).where(schema.pin_locks.c.class_id == class_id))

    @staticmethod
    def _locked(code: str, left: float) -> AccessDenied:
        return AccessDenied("pin", f"{PIN_TRIES} wrong PINs for class {code}: wait "
                                   f"{math.ceil(left)} s before trying again")


PIN_GUARD = PinGuard()
"""The PIN attempt limit (its counts are in each class's database)."""


class Classroom:
    """One class of the classroom database at ``url`` (``sqlite:///x.db``, ``postgresql://``,
    or a bare path meaning a SQLite file).

    ``code`` picks the class (needed when the database holds several); ``pin`` makes this
    object the teacher's (a wrong PIN is refused). A class created here (an empty database, or
    :meth:`create`) is the teacher's, and its fresh PIN is :attr:`pin` on this object only.
    """

    def __init__(self, url: str | os.PathLike[str], *, code: str | None = None,
                 pin: str | None = None, _create: str | None = None) -> None:
        self.store = Store(url)
        self.pin: str | None = None
        self._tables: dict[str, Table] = {}
        self._lesson: Pacing | None = None
        cl = schema.classes
        with self.store.write() as conn:
            if _create is not None:
                row = self._new_class(conn, _create, pin)
            elif code is not None:
                wanted = check_code(code, "class code", CLASS_CODE_LENGTH)
                row = conn.execute(select(cl).where(cl.c.code == wanted)).first()
                if row is None:
                    raise ClassroomError("class code", _("no class has the code {code}")
                                         .format(code=wanted))
            else:
                rows = conn.execute(select(cl).order_by(cl.c.id).limit(2)).all()
                if len(rows) > 1:
                    raise ClassroomError("class code", "this database holds several classes: "
                                                       "give code=")
                row = rows[0] if rows else self._new_class(conn, "Class", pin)
        self.class_id: int = int(row.id)
        self.code: str = str(row.code)
        self.name: str = str(row.name)
        self.is_teacher = self.pin is not None
        if pin is not None and not self.is_teacher:
            try:
                PIN_GUARD.begin(self.store, self.class_id, self.code)
                if not pin_matches(pin, str(row.pin_hash)):
                    PIN_GUARD.failed(self.store, self.class_id)
                    raise AccessDenied("pin", f"that is not the PIN of class {self.code}")
            except BaseException:
                self.store.close()
                raise
            PIN_GUARD.passed(self.store, self.class_id)
            self.is_teacher = True

    @classmethod
    def create(cls, url: str | os.PathLike[str], *, name: str = "Class",
               pin: str | None = None) -> Classroom:
        """A new class in the database at ``url`` (a school server holds several); the
        returned object is the teacher's and its :attr:`pin` is the PIN (``pin`` or a fresh
        six-digit one)."""
        return cls(url, pin=pin, _create=name)

    def _new_class(self, conn: Connection, name: object, pin: str | None) -> Any:
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60 \
                or not name.isprintable():
            raise ClassroomError("class name", "1 to 60 printable characters")
        chosen = new_pin() if pin is None else pin
        stored = pin_hash(chosen)
        for _attempt in range(20):
            code = new_code(CLASS_CODE_LENGTH)
            taken = conn.execute(select(schema.classes.c.id)
                                 .where(schema.classes.c.code == code)).first()
            if taken is None:
                break
        conn.execute(schema.classes.insert().values(code=code, name=name.strip(),
                                                    pin_hash=stored, created=time.time()))
        self.pin = chosen
        return conn.execute(select(schema.classes)
                            .where(schema.classes.c.code == code)).one()

    def __repr__(self) -> str:
        who = "teacher" if self.is_teacher else "student"
        return f"<Classroom {self.code} ({self.name}), {who} access, {self.store.dialect}>"

    def close(self) -> None:
        """Close the database connections (nothing is lost: every change was committed)."""
        self.store.close()

    def __enter__(self) -> Classroom:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _need_teacher(self, what: str) -> None:
        if not self.is_teacher:
            raise AccessDenied("pin", f"only the teacher may {what}: open the class with its "
                                      "PIN")

    # ------------------------------------------------------------------ students
    def join(self, name: object) -> Student:
        """A student joins with a first name; keep ``student.token`` to rejoin later."""
        return people.join(self.store, self.class_id, name)

    def student(self, token: object) -> Student:
        """The student a token belongs to, in this class (a reloaded page rejoins)."""
        return people.rejoin(self.store, self.class_id, token)

    def students(self) -> list[Student]:
        """Teacher: every student of the class, in the order they joined."""
        self._need_teacher("list the students")
        return people.students(self.store, self.class_id)

    def set_student_language(self, student: Student, lang: str | None) -> Student:
        """Keep the language ``student`` chose for their pages (None: none); the student
        with it. Their own page calls it (no PIN needed: it is their choice)."""
        if not isinstance(student, Student) or student.class_id != self.class_id:
            raise ClassroomError("student", f"not a student of class {self.code}")
        return people.set_language(self.store, student, lang)

    # ------------------------------------------------------------------ the class's language
    @property
    def language(self) -> str | None:
        """The class's language, chosen by the teacher: the projector's (None: the default)."""
        with self.store.read() as conn:
            found = conn.execute(select(schema.classes.c.lang).where(
                schema.classes.c.id == self.class_id)).scalar()
        return str(found) if found else None

    def set_language(self, lang: str | None) -> None:
        """Teacher: the class's language (the projector's; a student page that has no
        language of its own starts in it); None: the default. A code without a catalog is
        refused."""
        self._need_teacher("choose the class's language")
        code = None if lang is None else check_language(lang)
        with self.store.write() as conn:
            conn.execute(update(schema.classes).where(schema.classes.c.id == self.class_id)
                         .values(lang=code))

    # ------------------------------------------------------------------ the class's data
    def remove_student(self, student: Student) -> str:
        """Teacher: delete ``student`` with their answers; their seats open again. The rows
        are gone from the database's files too (:mod:`.lifecycle`). Returns their name."""
        self._need_teacher("remove a student")
        if not isinstance(student, Student) or student.class_id != self.class_id:
            raise ClassroomError("student", f"not a student of class {self.code}")
        return lifecycle.remove_student(self.store, self.class_id, student.id)

    def close_joining(self) -> None:
        """Teacher: refuse new students (those in the class go on)."""
        self._need_teacher("close joining")
        lifecycle.set_joining(self.store, self.class_id, False)

    def open_joining(self) -> None:
        """Teacher: let new students join again (not in an ended class)."""
        self._need_teacher("open joining")
        lifecycle.set_joining(self.store, self.class_id, True)

    @property
    def joining(self) -> bool:
        """Whether new students may join now."""
        with self.store.read() as conn:
            row = conn.execute(select(schema.classes.c.joining, schema.classes.c.ended)
                               .where(schema.classes.c.id == self.class_id)).one()
        return bool(row.joining) and row.ended is None

    @property
    def ended(self) -> bool:
        """Whether the teacher ended the class (its data stays until :meth:`delete`)."""
        with self.store.read() as conn:
            return conn.execute(select(schema.classes.c.ended).where(
                schema.classes.c.id == self.class_id)).scalar() is not None

    def end(self) -> None:
        """Teacher: end the class: no joins, answers or moves from now on; exports still work."""
        self._need_teacher("end the class")
        lifecycle.end(self.store, self.class_id)

    def delete(self) -> None:
        """Teacher: delete the class and all its data (students, answers, tables, moves), from
        the database's files too. This object is closed afterwards."""
        self._need_teacher("delete the class")
        lifecycle.delete_class(self.store, self.class_id)
        self.close()

    def _student_name(self, conn: Connection, student_id: int) -> str:
        st = schema.students
        name = conn.execute(select(st.c.name).where(st.c.id == student_id,
                                                    st.c.class_id == self.class_id)).scalar()
        return str(name) if name is not None else "someone"

    # ------------------------------------------------------------------ tables
    def new_table(self, game: str, *, bots: dict[int, str] | None = None,
                  **options: Any) -> Table:
        """Teacher: open a table of ``game`` with the game's constructor options (validated by
        the game: :class:`OptionError` and nothing stored); ``bots`` maps seats to registry
        bot names (``{1: "heuristic"}``). The other seats are open for students."""
        self._need_teacher("open a table")
        entry = registry.game_entry(game)
        setup = entry.game_class()(**options)
        players = int(setup.options.get("players", 1))
        bot_seats = self._check_bots(entry.key, bots or {}, players)
        with self.store.write() as conn:
            gt = schema.game_tables
            count = conn.execute(select(gt.c.id).where(gt.c.class_id == self.class_id)
                                 .limit(MAX_TABLES + 1)).all()
            if len(count) >= MAX_TABLES:
                raise ClassroomError("tables", f"a class holds at most {MAX_TABLES} tables")
            for _ in range(50):
                code = new_code(TABLE_CODE_LENGTH)
                try:
                    with conn.begin_nested():
                        table_id = conn.execute(gt.insert().values(
                            class_id=self.class_id, code=code, game=entry.key,
                            players=players, setup=setup.to_json(),
                            created=time.time())).inserted_primary_key
                    break
                except IntegrityError:  # the code is taken: draw another
                    continue
            else:  # pragma: no cover - 31**4 codes
                raise ClassroomError("tables", "no free table code: too many tables")
            assert table_id is not None
            conn.execute(schema.seats.insert(), [
                {"table_id": table_id[0], "seat": s, "bot": bot_seats.get(s)}
                for s in range(players)])
        return self.table(code)

    @staticmethod
    def _check_bots(game: str, bots: object, players: int) -> dict[int, str]:
        from ..analysis.bots import check_spec

        if not isinstance(bots, dict):
            raise ClassroomError("bots", f"a dict of seat -> bot name, not {show(bots)}")
        out: dict[int, str] = {}
        for seat, name in bots.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ClassroomError("bots", f"seat {show(seat)} is not 0 to {players - 1}")
            if not isinstance(name, str) or len(name) > schema.BOT_MAX - 8:
                raise ClassroomError("bots", f"bot name {show(name)} is not a bot of {game}")
            try:
                check_spec(game, name)
            except ValueError as exc:
                raise ClassroomError("bots", str(exc)) from None
            out[seat] = name
        return out

    def table(self, code: object) -> Table:
        """The table with ``code`` in this class (cached: its replayed game is kept)."""
        wanted = check_code(code, "table code", TABLE_CODE_LENGTH)
        if wanted not in self._tables:
            gt = schema.game_tables
            with self.store.read() as conn:
                row = conn.execute(select(gt).where(gt.c.code == wanted,
                                                    gt.c.class_id == self.class_id)).first()
            if row is None:
                raise ClassroomError("table code", _("class {code} has no table {table}")
                                     .format(code=self.code, table=wanted))
            self._tables[wanted] = Table(self, row)
        return self._tables[wanted]

    def tables(self) -> list[Table]:
        """Every table of the class, oldest first."""
        gt = schema.game_tables
        with self.store.read() as conn:
            codes = conn.execute(select(gt.c.code).where(gt.c.class_id == self.class_id)
                                 .order_by(gt.c.id)).scalars().all()
        return [self.table(c) for c in codes]

    # ------------------------------------------------------------------ lesson
    @property
    def lesson(self) -> Pacing:
        """The class's paced lesson: pace, answer, tally, reveal."""
        if self._lesson is None:
            self._lesson = Pacing(self)
        return self._lesson


def reset_pin(url: str | os.PathLike[str], *, code: str | None = None,
              pin: str | None = None) -> str:
    """Give the class at ``url`` (``code`` when the database holds several) a new teacher's
    PIN (``pin``, or a fresh six-digit one) and return it.

    For whoever holds the database itself (the command that starts the class, ``--new-pin``):
    only the PIN's hash is stored, so a forgotten PIN cannot be shown again, only replaced.
    """
    room = Classroom(url, code=code)
    try:
        chosen = new_pin() if pin is None else pin
        stored = pin_hash(chosen)
        with room.store.write() as conn:
            conn.execute(schema.classes.update().where(schema.classes.c.id == room.class_id)
                         .values(pin_hash=stored))
        PIN_GUARD.passed(room.store, room.class_id)
        return chosen
    finally:
        room.close()
