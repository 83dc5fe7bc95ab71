"""PostgreSQL's LISTEN/NOTIFY wakes the devices waiting for a move or a lesson step (the real
server of the session's fixture); SQLite's devices poll."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from freight_freedom.classroom import Classroom, notices


def waited(call: object, *args: object) -> tuple[list[int], list[float], threading.Thread]:
    """Run ``call(*args)`` in a thread; its result and the seconds it took, once done."""
    result: list[int] = []
    took: list[float] = []

    def run() -> None:
        began = time.monotonic()
        result.append(call(*args))  # type: ignore[operator]
        took.append(time.monotonic() - began)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return result, took, thread


def assert_a_lesson_step_wakes(teacher: Classroom, device: Classroom, step: int,
                               within: float) -> None:
    """The teacher starts the lesson and goes to ``step``; the device waiting for the next
    lesson version wakes within ``within`` seconds."""
    teacher.lesson.start("freedom")
    version = device.lesson.version
    result, took, thread = waited(device.lesson.wait, version, 20.0)
    time.sleep(0.3)
    teacher.lesson.go(step)
    thread.join(timeout=25)
    assert result == [version + 1] and took[0] < within, (result, took)


def listening(room: Classroom) -> None:
    listener = room.store.notices
    assert listener is not None
    deadline = time.monotonic() + 30
    while not listener.listening:
        assert time.monotonic() < deadline, "the listener did not connect"
        time.sleep(0.05)


def test_a_move_and_a_lesson_step_wake_the_waiting_device(
        postgres: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the polls set to 30 s, only a notification can end the waits at once."""
    monkeypatch.setattr(notices, "POLL", 30.0)
    monkeypatch.setattr(notices, "NOTICE_POLL", 30.0)
    url = postgres.new_database()
    teacher = Classroom(url)
    table = teacher.new_table("freedom", players=2, seed=1)
    device = Classroom(url, code=teacher.code)
    reader = device.table(table.code)
    listening_now = device.store.notices
    assert listening_now is not None and listening_now is notices.Notices.shared(url)

    result, took, thread = waited(reader.wait, 0, 20.0)
    listening(device)
    time.sleep(0.3)  # the device is asleep in its wait now
    action = table.game.legal_actions()[0]
    table.play(action, seat=action.seat, step=0)
    thread.join(timeout=25)
    assert result == [1] and took[0] < 5, (result, took)

    assert_a_lesson_step_wakes(teacher, device, 3, within=5)

    # nothing new: the wait lasts its timeout and returns the step it was given
    began = time.monotonic()
    assert reader.wait(1, timeout=0.5) == 1
    assert 0.4 < time.monotonic() - began < 5


def test_sqlite_devices_poll(tmp_path: Path) -> None:
    room = Classroom(tmp_path / "c.db")
    waiting = room.store.waiting(notices.MOVES, 1)
    assert room.store.notices is None and waiting is not None
    assert isinstance(waiting[0], notices.Changes)
    table = room.new_table("freedom", players=2, seed=1)
    result, _took, thread = waited(Classroom(tmp_path / "c.db").table(table.code).wait, 0, 20.0)
    action = table.game.legal_actions()[0]
    table.play(action, seat=action.seat, step=0)
    thread.join(timeout=25)
    assert result == [1]


def test_sqlite_devices_read_only_when_the_database_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A waiting SQLite device looks at the data version every POLL seconds and reads the
    latest number only when another connection committed (a class of 26 pages reading ten
    times a second each kept a core busy while nothing happened); a move still wakes it at
    once (NOTICE_POLL, its reading all the same, set to 30 s here)."""
    monkeypatch.setattr(notices, "NOTICE_POLL", 30.0)
    teacher = Classroom(tmp_path / "c.db")
    table = teacher.new_table("freedom", players=2, seed=1)
    device = Classroom(tmp_path / "c.db", code=teacher.code)
    reader = device.table(table.code)
    reads: list[int] = []

    def read() -> int:
        reads.append(reader.step)
        return reads[-1]

    began = time.monotonic()
    assert notices.wait_past(read, 0, 1.0, device.store.waiting(notices.MOVES, reader.id)) == 0
    assert 0.9 < time.monotonic() - began < 5
    assert len(reads) == 2, reads  # on entering and at the timeout; not ten times a second

    reads.clear()
    result, took, thread = waited(notices.wait_past, read, 0, 20.0,
                                  device.store.waiting(notices.MOVES, reader.id))
    time.sleep(0.3)
    action = table.game.legal_actions()[0]
    table.play(action, seat=action.seat, step=0)  # another connection commits
    thread.join(timeout=25)
    assert result == [1] and took[0] < 3, (result, took)
    assert len(reads) == 2, reads

    # a lesson step wakes the lesson's waiters the same way
    assert_a_lesson_step_wakes(teacher, device, 2, within=3)


def test_a_failed_look_at_the_data_version_counts_as_a_change(tmp_path: Path) -> None:
    """The watcher's own connection failing (the file gone) makes the waiter read (and the
    read says what is wrong), never wait blind."""
    changes = notices.Changes(str(tmp_path / "missing-folder" / "c.db"))
    first = changes.version()
    assert first < 0 and changes.version() != first
