"""Students of a class: joining with a first name, and rejoining with the token kept by the
browser (a refreshed page, a laptop that slept, a kernel that died)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..core.i18n import _, check_language
from . import schema
from .errors import AccessDenied, ClassroomError
from .lifecycle import check_joining
from .store import Store, check_name, new_token, token_hash


@dataclass(frozen=True)
class Student:
    """A student of one class. ``token`` is set only on the object :func:`join` returned: the
    page keeps it (browser storage) to rejoin with :func:`rejoin`; the database has its hash.
    ``lang``: the language the student chose for their pages (None: not chosen)."""

    id: int
    class_id: int
    name: str
    token: str | None = field(default=None, repr=False)
    lang: str | None = None


MAX_STUDENTS = 200
"""Students one class may hold: a script joining names in a loop is stopped long before the
teacher's tally becomes unreadable."""
JOIN_BURST = 60
"""Joins one class takes within :data:`JOIN_WINDOW` seconds (a class of 40 joining at once
fits; a flood from a script waits)."""
JOIN_WINDOW = 60.0


def join(store: Store, class_id: int, name: object) -> Student:
    """Add a student named ``name`` to the class; a name already taken in the class is refused
    (a second Ana adds an initial), so every name on the teacher's tally is one person. A class
    holds at most :data:`MAX_STUDENTS`, and takes at most :data:`JOIN_BURST` joins a minute."""
    name = check_name(name)
    token = new_token()
    st = schema.students
    try:
        with store.write() as conn:
            check_joining(conn, class_id)
            now = time.time()
            count, recent = conn.execute(select(
                func.count(), func.count().filter(st.c.joined > now - JOIN_WINDOW))
                .where(st.c.class_id == class_id)).one()
            if count >= MAX_STUDENTS:
                raise ClassroomError("name", _("this class is full ({n} students): ask your "
                                               "teacher").format(n=MAX_STUDENTS))
            if recent >= JOIN_BURST:
                raise ClassroomError("name", _("many students are joining at this moment: "
                                               "wait a minute and press Join again"))
            new_id = conn.execute(schema.students.insert().values(
                class_id=class_id, name=name, token_hash=token_hash(token, "token"),
                joined=now)).inserted_primary_key
    except IntegrityError:
        raise ClassroomError("name", _(
            "someone called {name} has already joined this class: add an initial (for "
            "example {short} B.)").format(name=name, short=name[: schema.NAME_MAX - 3])) from None
    assert new_id is not None
    return Student(int(new_id[0]), class_id, name, token)


def rejoin(store: Store, class_id: int, token: object) -> Student:
    """The student whose token this is, in this class only; else :class:`AccessDenied`."""
    digest = token_hash(token, "token")
    st = schema.students
    with store.read() as conn:
        row = conn.execute(select(st.c.id, st.c.name, st.c.lang).where(
            st.c.class_id == class_id, st.c.token_hash == digest)).first()
    if row is None:
        raise AccessDenied("token", _("this device's token belongs to no student of this "
                                      "class: join again with your first name"))
    return Student(int(row.id), class_id, str(row.name), str(token), row.lang or None)


def set_language(store: Store, student: Student, lang: str | None) -> Student:
    """Keep ``lang`` as the language ``student`` chose for their pages (None: none chosen;
    a code without a catalog is refused); the student with it."""
    code = None if lang is None else check_language(lang)
    st = schema.students
    with store.write() as conn:
        conn.execute(st.update().where(st.c.id == student.id, st.c.class_id == student.class_id)
                     .values(lang=code))
    return Student(student.id, student.class_id, student.name, student.token, code)


def students(store: Store, class_id: int) -> list[Student]:
    """Every student of the class, in the order they joined (no tokens)."""
    st = schema.students
    with store.read() as conn:
        rows = conn.execute(select(st.c.id, st.c.name).where(st.c.class_id == class_id)
                            .order_by(st.c.id)).all()
    return [Student(int(r.id), class_id, str(r.name)) for r in rows]
