"""The database behind a classroom: one SQLAlchemy engine, SQLite (WAL) or PostgreSQL.

Every change is one short transaction; reads run statement by statement. On SQLite a writing
transaction starts with ``BEGIN IMMEDIATE`` (it takes the write lock at once and waits for it up
to the busy timeout, instead of failing half-way when two writers meet), and readers never wait
for writers (WAL).
Also here: the short codes, the secrets and their hashes, and the checks on what people type.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.pool import NullPool

from ..core.i18n import _
from . import schema
from .errors import ClassroomError
from .notices import APP_NAME, RELAY_ENV, Changes, Notices

BUSY_TIMEOUT = 30.0
"""Seconds a SQLite writer waits for the write lock before giving up."""

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Codes are read aloud and typed from a projector: no 0/O, 1/I/L look-alikes."""
CLASS_CODE_LENGTH = 6
TABLE_CODE_LENGTH = 4
TOKEN_MAX = 64
PIN_MIN, PIN_MAX = 4, 32


def database_url(url: str | os.PathLike[str]) -> str:
    """The SQLAlchemy URL for ``url``: ``sqlite:///x.db`` and ``postgresql://...`` as given
    (PostgreSQL through psycopg 3), a bare path as a SQLite file."""
    if isinstance(url, os.PathLike):
        url = os.fspath(url)
    if not isinstance(url, str) or not url.strip():
        raise ClassroomError("url", f"a database URL or a file path, not {url!r}")
    if "://" not in url:
        return "sqlite:///" + str(Path(url).expanduser().resolve())
    scheme, _, rest = url.partition("://")
    if scheme in ("postgresql", "postgres"):
        return "postgresql+psycopg://" + rest
    if scheme in ("sqlite", "postgresql+psycopg"):
        return url
    raise ClassroomError("url", f"scheme {scheme!r} is not supported: use sqlite:/// or "
                                "postgresql://")


def shown_url(url: str) -> str:
    """``url`` as it may be printed or logged: the password masked."""
    return make_url(url).render_as_string(hide_password=True)


def unreachable(url: str, exc: Exception) -> str:
    """One line on a database that could not be opened: where, why, and what to check."""
    parsed = make_url(url)
    reason = str(getattr(exc, "orig", exc)).strip().splitlines()
    why = reason[0] if reason else type(exc).__name__
    if parsed.get_backend_name() == "sqlite":
        return f"cannot open the class database {parsed.database} ({why})"
    where = f"{parsed.host or 'localhost'}:{parsed.port or 5432}"
    return (f"cannot reach the database at {where} ({why}): check that the server runs "
            "there, and the database name, user and password in the URL")


class Store:
    """The engine, with the write/read transactions the classroom uses, on a schema brought
    up to :data:`~.schema.VERSION`."""

    def __init__(self, url: str | os.PathLike[str]) -> None:
        self.url = database_url(url)
        try:
            parsed = make_url(self.url)
        except ArgumentError as exc:
            raise ClassroomError("url", str(exc)) from None
        self.dialect = parsed.get_backend_name()
        if self.dialect == "sqlite":
            if parsed.database in (None, "", ":memory:"):
                raise ClassroomError("url", "a classroom needs a database file, shared by every "
                                            "page: not an in-memory SQLite database")
            folder = Path(parsed.database).expanduser().resolve().parent
            if not folder.is_dir():
                raise ClassroomError("url", f"the folder {folder} does not exist")
            self.engine = _sqlite_engine(self.url)
        else:
            self.engine = _postgresql_engine(self.url)
        self.notices = Notices.shared(self.url) if self.dialect == "postgresql" else None
        #: SQLite: whether another connection committed (what a waiting device checks between
        #: its reads of the latest number)
        self.changes = (Changes.shared(str(Path(parsed.database).expanduser().resolve()),
                                       BUSY_TIMEOUT)
                        if self.dialect == "sqlite" and parsed.database else None)
        try:
            self.schema_before = self.migrate()
        except OperationalError as exc:
            self.engine.dispose()
            raise ClassroomError("database", unreachable(self.url, exc)) from None

    def notify(self, conn: Connection, channel: str, payload: int) -> None:
        """Tell the waiting devices that ``payload`` of ``channel`` changed, when ``conn``'s
        transaction commits (PostgreSQL; SQLite's devices poll)."""
        if self.notices is not None:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": channel, "payload": str(payload)})

    def waiting(self, channel: str, payload: int) -> tuple[Notices | Changes, str, int] | None:
        """What :func:`wait_past` needs to sleep until something changed: PostgreSQL's
        notifications, SQLite's data version (None: read every :data:`POLL` seconds)."""
        watch = self.notices if self.notices is not None else self.changes
        return None if watch is None else (watch, channel, payload)

    def migrate(self, target: int = schema.VERSION) -> int:
        """Upgrade the schema to ``target`` (one writer at a time); the version found before."""
        with self.write() as conn:
            if self.dialect == "postgresql":  # serialise first-time set-up across processes
                conn.execute(text("SELECT pg_advisory_xact_lock(2106190021)"))
            return schema.upgrade(conn, target)

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """A transaction that writes: committed on leaving, rolled back on an error."""
        with self.engine.connect() as conn:
            conn.execution_options(classroom_write=True)
            with conn.begin():
                yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection that only reads, each statement on its own (autocommit): no BEGIN and
        COMMIT round trips for the latest-step polls every page makes. (PostgreSQL's default
        READ COMMITTED gives each statement its own snapshot inside a transaction anyway.)"""
        with self.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT")
            yield conn

    def close(self) -> None:
        """Close every pooled connection (the database itself stays; the process's listener
        for PostgreSQL's notifications, shared by its stores, goes on)."""
        self.engine.dispose()


def _postgresql_engine(url: str) -> Engine:
    """A page's kernel under a classroom server (:data:`RELAY_ENV` set) holds no connection
    between its transactions (each opens one and closes it): a class of 30 pages kept 67
    connections open with a pool of two each, and three classes would pass PostgreSQL's
    default ``max_connections`` of 100. Elsewhere (a notebook, the server's own threads) a
    small pool."""
    if os.environ.get(RELAY_ENV):
        return create_engine(url, poolclass=NullPool,
                             connect_args={"application_name": APP_NAME + " page"})
    return create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=4,
                         connect_args={"application_name": APP_NAME})


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT,
                                              "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA secure_delete=ON")  # deleted content is overwritten, not left
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        options = conn.get_execution_options()
        if options.get("isolation_level") != "AUTOCOMMIT":
            immediate = options.get("classroom_write", False)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


# ------------------------------------------------------------------------ codes and secrets
def new_code(length: int) -> str:
    """A random code of ``length`` characters from :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def check_code(value: object, field: str, length: int) -> str:
    """A code as typed (any case, spaces around it) -> the code, else :class:`ClassroomError`."""
    if not isinstance(value, str):
        raise ClassroomError(field, f"a code is text, not {type(value).__name__}")
    code = value.strip().upper()
    if len(code) != length or any(ch not in CODE_ALPHABET for ch in code):
        shown = code[:12] + ("..." if len(code) > 12 else "")
        raise ClassroomError(field, _("{code} is not a code: {n} letters and digits (no 0, 1, "
                                      "I, L or O)").format(code=repr(shown), n=length))
    return code


def new_token() -> str:
    """A secret kept by a student's browser (seat or student token)."""
    return secrets.token_urlsafe(24)


def token_hash(token: object, field: str) -> str:
    """The SHA-256 of a token (only hashes are stored); bad tokens are refused by shape."""
    if not isinstance(token, str) or not 16 <= len(token) <= TOKEN_MAX or not re.fullmatch(
            r"[A-Za-z0-9_\-]+", token):
        raise ClassroomError(field, _("not a token given by this classroom"))
    return hashlib.sha256(token.encode()).hexdigest()


def new_pin() -> str:
    """A six-digit teacher's PIN."""
    return f"{secrets.randbelow(10**6):06d}"


def _check_pin(pin: object) -> str:
    if not isinstance(pin, str) or not PIN_MIN <= len(pin) <= PIN_MAX or not pin.isprintable():
        raise ClassroomError("pin", f"a PIN is {PIN_MIN} to {PIN_MAX} printable characters")
    return pin


def pin_hash(pin: str) -> str:
    """``scrypt$salt$hash`` of the PIN (the PIN itself is never stored)."""
    salt = secrets.token_bytes(16)
    return f"scrypt${salt.hex()}${_scrypt(_check_pin(pin), salt)}"


def _scrypt(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32).hex()


def pin_matches(pin: object, stored: str) -> bool:
    """Whether ``pin`` is the PIN whose hash is ``stored`` (constant-time comparison)."""
    try:
        pin = _check_pin(pin)
    except ClassroomError:
        return False
    kind, salt, digest = stored.split("$")
    if kind != "scrypt":
        return False
    return hmac.compare_digest(_scrypt(pin, bytes.fromhex(salt)), digest)


# ------------------------------------------------------------------------ what people type
_NAME_MARKS = " '-."


def check_name(value: object, field: str = "name") -> str:
    """A first name as typed -> the name (NFC, spaces collapsed), else :class:`ClassroomError`.

    Letters of any alphabet, with spaces, apostrophes, hyphens and full stops between them
    ("Ana", "José", "Mary-Kate", "O'Neil", "Li B."); at most ``NAME_MAX`` characters.
    """
    if not isinstance(value, str):
        raise ClassroomError(field, f"a name is text, not {type(value).__name__}")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise ClassroomError(field, _("type your first name"))
    if len(name) > schema.NAME_MAX:
        raise ClassroomError(field, _("at most {limit} characters, not {n}").format(
            limit=schema.NAME_MAX, n=len(name)))
    for ch in name:
        if not (unicodedata.category(ch).startswith(("L", "M")) or ch in _NAME_MARKS):
            raise ClassroomError(field, _("{char} is not allowed in a name: use letters, "
                                          "spaces, ' - and .").format(char=repr(ch)))
    if not unicodedata.category(name[0]).startswith("L"):
        raise ClassroomError(field, _("a name starts with a letter"))
    return name


def check_text(value: object, field: str, limit: int) -> str:
    """Free text (an answer) trimmed, one line, printable, at most ``limit`` characters."""
    if not isinstance(value, str):
        raise ClassroomError(field, f"text, not {type(value).__name__}")
    out = " ".join(value.split())
    if not out:
        raise ClassroomError(field, _("give an answer first"))
    if len(out) > limit:
        raise ClassroomError(field, _("at most {limit} characters, not {n}").format(
            limit=limit, n=len(out)))
    if not out.isprintable():
        raise ClassroomError(field, _("only printable characters"))
    return out
