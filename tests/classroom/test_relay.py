"""The classroom server's relay of PostgreSQL's notifications (classroom/relay.py): a page's
kernel hears a move or a lesson step through it, holds no database connection while it waits,
and polls while the relay's own listening connection is down."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.pool import NullPool

from freight_freedom.classroom import Classroom, notices, store
from freight_freedom.classroom.relay import Relay

from .test_notices import assert_a_lesson_step_wakes, waited


def until(check: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)
    return found


@pytest.fixture
def relay(postgres: Any) -> Iterator[tuple[Relay, str, Classroom]]:
    """The relay on a new class's database: (relay, URL, the teacher's side of the class,
    which is the server's own: no relay)."""
    url = postgres.new_database()
    teacher = Classroom(url)
    relay = Relay(store.database_url(url)).start()
    try:
        until(lambda: relay.listening, 30, "the relay to listen")
        yield relay, url, teacher
    finally:
        relay.stop()
        teacher.close()


def connections(postgres: Any, name: str) -> int:
    """The server's client connections whose ``application_name`` is ``name``."""
    import psycopg

    with psycopg.connect(f"host=127.0.0.1 port={postgres.port} user=postgres dbname=postgres",
                         autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_type = "
                           "'client backend' AND application_name = %s", (name,)).fetchone()
    assert row is not None
    return int(row[0])


def test_a_page_under_the_relay_wakes_at_once_and_holds_no_connection(
        relay: tuple[Relay, str, Classroom], postgres: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With every poll set to 30 s, only the relay's line can end the waits at once; between
    its transactions the page's kernel holds no connection of its own."""
    server, url, teacher = relay
    monkeypatch.setattr(notices, "POLL", 30.0)
    monkeypatch.setattr(notices, "RELAYED_POLL", 30.0)
    table = teacher.new_table("freedom", players=2, seed=1)

    monkeypatch.setenv(notices.RELAY_ENV, server.address)
    page = notices.APP_NAME + " page"
    assert connections(postgres, notices.APP_NAME + " relay") >= 1
    device = Classroom(url, code=teacher.code)  # a page's kernel
    assert isinstance(device.store.engine.pool, NullPool)
    listener = device.store.notices
    assert listener is not None and listener.relay == server.address
    reader = device.table(table.code)
    result, took, thread = waited(reader.wait, 0, 20.0)
    until(lambda: listener.listening, 10, "the page to hear the relay")
    assert server.clients >= 1
    # waiting costs the database nothing: no connection of the page's is left while its wait
    # goes on (a backend of a read that just ended may take a moment to leave the list)
    until(lambda: connections(postgres, page) == 0, 10, "the page's connections to close")
    assert thread.is_alive()
    time.sleep(0.3)
    action = table.game.legal_actions()[0]
    table.play(action, seat=action.seat, step=0)
    thread.join(timeout=25)
    assert result == [1] and took[0] < 5, (result, took)
    assert_a_lesson_step_wakes(teacher, device, 3, within=5)
    until(lambda: connections(postgres, page) == 0, 10, "the page's connections to close")


def test_a_database_restart_is_said_and_every_waiter_reads_again(
        relay: tuple[Relay, str, Classroom], postgres: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The relay says ``-`` when its connection drops (pages poll meanwhile) and ``+`` when
    it listens again; a move stored while nobody listened still reaches the waiting page."""
    server, url, teacher = relay
    monkeypatch.setenv(notices.RELAY_ENV, server.address)
    host, port = server.address.split(":")
    with socket.create_connection((host, int(port)), timeout=5) as raw:
        assert raw.recv(16) == b"+\n"
        postgres.restart()
        raw.settimeout(30)
        heard = b""
        while b"+" not in heard.split(b"-", 1)[-1] or b"-" not in heard:
            heard += raw.recv(16)
        assert heard.index(b"-") < heard.rindex(b"+"), heard
    until(lambda: server.listening, 30, "the relay to listen again")
    table = teacher.new_table("freedom", players=2, seed=1)
    reader = Classroom(url, code=teacher.code).table(table.code)
    result, _took, thread = waited(reader.wait, 0, 20.0)
    action = table.game.legal_actions()[0]
    table.play(action, seat=action.seat, step=0)
    thread.join(timeout=25)
    assert result == [1]


def test_the_relay_passes_on_ids_only_and_reads_nothing(
        relay: tuple[Relay, str, Classroom], postgres: Any) -> None:
    """A notification whose payload is not an id (anyone who can connect may NOTIFY) is not
    passed on; what a kernel writes to the relay is ignored."""
    import psycopg

    server, _url, _teacher = relay
    host, port = server.address.split(":")
    with socket.create_connection((host, int(port)), timeout=5) as raw:
        assert raw.recv(16) == b"+\n"
        raw.sendall(b"n freight_freedom_pace 1\n" * 100)  # ignored
        with psycopg.connect(f"host=127.0.0.1 port={postgres.port} user=postgres "
                             "dbname=postgres", autocommit=True) as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (notices.PACE, "1; <b>x</b>"))
            conn.execute("SELECT pg_notify(%s, %s)", (notices.PACE, "42"))
        raw.settimeout(10)
        heard = b""
        while not heard.endswith(b"\n"):
            heard += raw.recv(64)
        assert heard == f"n {notices.PACE} 42\n".encode(), heard
