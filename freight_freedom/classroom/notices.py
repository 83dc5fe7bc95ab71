"""How a device learns that a move or a lesson step was stored: polling, SQLite's data
version, PostgreSQL's notifications, or the classroom server's relay of them.

A device waits with :func:`wait_past`: it reads the latest number, and sleeps until the database
says something changed (:class:`Notices`: LISTEN/NOTIFY, directly or through the server's
:mod:`.relay`; :class:`Changes`: SQLite's ``PRAGMA data_version``), or polls every :data:`POLL`
seconds without either. Each kind reads the latest number all the same now and then, so a
change whose notice was lost is never waited for long.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy.engine import make_url

#: how often a device asks the store for news (seconds): a cheap query on the latest number
POLL = 0.1
#: with PostgreSQL's notifications: how often the latest number is read all the same (a
#: notification lost with its connection is never waited for longer than this)
NOTICE_POLL = 1.0
#: the notification channels: a table's new move (payload: the table's id), a class's new
#: lesson step or reveal (payload: the class's id)
MOVES, PACE = "freight_freedom_moves", "freight_freedom_pace"
CHANNELS = (MOVES, PACE)
#: where the classroom server's relay of notifications listens (``127.0.0.1:port``), set by
#: ``freight-freedom classroom`` for its pages' kernels (:mod:`.relay`)
RELAY_ENV = "FREIGHT_FREEDOM_RELAY"
#: what PostgreSQL's ``pg_stat_activity`` says of each connection (``application_name``):
#: "freight-freedom" (a pool), "... page" (a page's kernel), "... listen", "... relay"
APP_NAME = "freight-freedom"
#: with the relay: how often a waiting page reads the latest number all the same (the relay
#: says when its own listening connection is down, and the page then polls)
RELAYED_POLL = 5.0


class Changes:
    """SQLite: whether any connection committed since a mark, from ``PRAGMA data_version`` on
    a connection of its own that reads nothing else.

    A waiting device looks at it every :data:`POLL` seconds and reads the latest number only
    when the database changed (and every :data:`NOTICE_POLL` seconds all the same). The look
    costs microseconds where the read costs a SQLAlchemy query: with a class of 26 pages, each
    waiting for the lesson and for its table ten times a second, the reads alone kept most of
    a core busy while nothing happened. One per process and database file (:meth:`shared`);
    the same ``mark``/``wait`` as :class:`Notices` (the channel and payload are not used: any
    commit wakes every waiter, which then reads its own number).
    """

    _shared: dict[str, Changes] = {}
    _shared_lock = threading.Lock()

    @classmethod
    def shared(cls, path: str, timeout: float) -> Changes:
        """The watcher of the database file at ``path`` in this process (made on first use;
        ``timeout``: SQLite's busy timeout for its look)."""
        with cls._shared_lock:
            if path not in cls._shared:
                cls._shared[path] = cls(path, timeout)
            return cls._shared[path]

    def __init__(self, path: str, timeout: float = 30.0) -> None:
        self.path = path
        self.timeout = timeout
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._failed = 0  # looks that failed: each counts as a change (the waiter reads)

    def version(self) -> int:
        """A number that changes when another connection commits (a failed look, too)."""
        with self._lock:
            try:
                if self._conn is None:
                    self._conn = sqlite3.connect(self.path, timeout=self.timeout,
                                                 check_same_thread=False, isolation_level=None)
                return int(self._conn.execute("PRAGMA data_version").fetchone()[0])
            except sqlite3.Error:
                if self._conn is not None:
                    with contextlib.suppress(sqlite3.Error):
                        self._conn.close()
                self._conn = None
                self._failed += 1
                return -self._failed

    def mark(self, channel: str, payload: int) -> int:
        """The data version now (take it *before* reading the latest number)."""
        return self.version()

    def wait(self, channel: str, payload: int, mark: int, timeout: float) -> None:
        """Return when the data version moved past ``mark`` (looked at every :data:`POLL`
        seconds), or after ``timeout`` seconds (at most :data:`NOTICE_POLL`)."""
        deadline = time.monotonic() + min(timeout, NOTICE_POLL)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(POLL, left))
            if self.version() != mark:
                return


class Notices:
    """PostgreSQL's LISTEN/NOTIFY for one store: a device waiting for a move or a lesson
    step sleeps until the database says something changed, instead of asking every
    :data:`POLL` seconds.

    One daemon thread per process and database (:meth:`shared`: channels belong to the
    database, not to a schema), started by the first :meth:`mark`; it counts the notifications
    per ``(channel, payload)``. It listens on a connection of its own, or, in a page's kernel
    under ``freight-freedom classroom`` (:data:`RELAY_ENV`), reads the server's relay
    (:mod:`.relay`), so that each page costs the database no connection while it waits.
    A waiter takes :meth:`mark` *before* it reads the latest number, then :meth:`wait` returns
    as soon as the count moved past the mark (so a notification between the read and the
    wait is not missed). While nothing listens (a restarting server), waits last at most
    :data:`POLL`, as without it; listening again wakes every waiter (a notification sent
    while nobody listened is lost).
    """

    _shared: dict[tuple[str, str], Notices] = {}
    _shared_lock = threading.Lock()

    @classmethod
    def shared(cls, url: str) -> Notices:
        """The listener of the database at ``url`` in this process (made on first use)."""
        conninfo = listen_conninfo(url)
        relay = os.environ.get(RELAY_ENV, "").strip()
        with cls._shared_lock:
            if (conninfo, relay) not in cls._shared:
                cls._shared[conninfo, relay] = cls(conninfo, relay or None)
            return cls._shared[conninfo, relay]

    def __init__(self, conninfo: str, relay: str | None = None) -> None:
        self.conninfo = conninfo
        self.relay = relay
        self._cond = threading.Condition()
        self._counts: dict[tuple[str, str], int] = {}
        self._epoch = 0  # grows each time listening (re)starts
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.listening = False

    def mark(self, channel: str, payload: int) -> int:
        """The notifications of ``(channel, payload)`` counted so far (starts listening)."""
        if self._thread is None:
            with self._cond:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, daemon=True,
                                                    name="classroom notices")
                    self._thread.start()
        with self._cond:
            return self._counts.get((channel, str(payload)), 0)

    def wait(self, channel: str, payload: int, mark: int, timeout: float) -> None:
        """Return when a notification of ``(channel, payload)`` came after ``mark``, or after
        ``timeout`` seconds (at most :data:`NOTICE_POLL`, :data:`RELAYED_POLL` through the
        relay, or :data:`POLL` while not listening)."""
        every = RELAYED_POLL if self.relay else NOTICE_POLL
        limit = min(timeout, every if self.listening else POLL)
        key = (channel, str(payload))
        with self._cond:
            epoch = self._epoch
            self._cond.wait_for(lambda: self._counts.get(key, 0) != mark
                                or self._epoch != epoch, timeout=limit)

    def _heard(self, channel: str, payload: str) -> None:
        with self._cond:
            self._counts[channel, payload] = self._counts.get((channel, payload), 0) + 1
            self._cond.notify_all()

    def _listening(self, now: bool) -> None:
        with self._cond:
            if now and not self.listening:
                self._epoch += 1  # what changed while nobody listened: every waiter reads
                self._cond.notify_all()
            self.listening = now

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self.relay:
                    self._read_relay(self.relay)
                else:
                    self._listen()
            except Exception:  # noqa: BLE001 - the server restarting: poll, and try again
                pass
            self._listening(False)
            self._stop.wait(1.0)

    def _listen(self) -> None:
        with listening_connection(self.conninfo, "listen") as conn:
            self._listening(True)
            while not self._stop.is_set():
                for notice in conn.notifies(timeout=1.0):
                    self._heard(notice.channel, notice.payload)

    def _read_relay(self, address: str) -> None:
        """Lines from the relay: ``+`` (it listens), ``-`` (it does not), ``n CHANNEL
        PAYLOAD`` (a notification)."""
        host, _, port = address.rpartition(":")
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            sock.settimeout(1.0)
            buffer = b""
            while not self._stop.is_set():
                try:
                    chunk = sock.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    return  # the relay is gone (its server stopped)
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    parts = line.decode("ascii", "replace").split()
                    if parts == ["+"] or parts == ["-"]:
                        self._listening(parts == ["+"])
                    elif len(parts) == 3 and parts[0] == "n":
                        self._heard(parts[1], parts[2])


@contextlib.contextmanager
def listening_connection(conninfo: str, role: str) -> Iterator[Any]:
    """A psycopg connection (autocommit, named ``freight-freedom <role>`` in
    ``pg_stat_activity``) that LISTENs on every channel of :data:`CHANNELS`."""
    import psycopg

    with psycopg.connect(conninfo, autocommit=True,
                         application_name=f"{APP_NAME} {role}") as conn:
        for channel in CHANNELS:
            conn.execute(f"LISTEN {channel}")
        yield conn


def listen_conninfo(url: str) -> str:
    """The libpq connection string of the PostgreSQL database at SQLAlchemy ``url``."""
    return make_url(url).set(drivername="postgresql", query={}).render_as_string(
        hide_password=False)


def wait_past(read: Callable[[], int], seen: int, timeout: float,
              notices: tuple[Notices | Changes, str, int] | None = None) -> int:
    """Return ``read()`` as soon as it is past ``seen``, or ``seen`` when ``timeout`` seconds
    pass first: how a device waits for a new move or lesson step. Polls every :data:`POLL`
    seconds, or, given ``notices`` (PostgreSQL's :class:`Notices` or SQLite's
    :class:`Changes`, a channel and a payload), reads again only when the database says
    something changed (and every :data:`NOTICE_POLL` seconds all the same)."""
    deadline = time.monotonic() + max(0.0, float(timeout))
    while True:
        mark = notices[0].mark(notices[1], notices[2]) if notices is not None else 0
        now = read()
        if now > seen:
            return now
        left = deadline - time.monotonic()
        if left <= 0:
            return seen
        if notices is not None:
            notices[0].wait(notices[1], notices[2], mark, left)
        else:
            time.sleep(min(POLL, left))
