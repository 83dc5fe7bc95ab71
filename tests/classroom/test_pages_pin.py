"""The teacher's PIN: at most five wrong tries in five minutes, then a minute of refusals,
counted in the class database (every page's kernel sees the same count) on both stores; and
the command's way to replace a forgotten PIN (only its hash is stored)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import select

from freight_freedom.classroom import AccessDenied, Classroom, schema
from freight_freedom.classroom import room as room_module


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [5000.0]
    monkeypatch.setattr(room_module, "PIN_GUARD", room_module.PinGuard(lambda: now[0]))
    return now


def wrong(pin: str) -> str:
    return "999999" if pin != "999999" else "888888"


def test_five_wrong_pins_lock_the_class_for_a_minute(url: str,
                                                     clock: list[float]) -> None:
    room = Classroom(url)
    assert room.pin is not None
    for _ in range(room_module.PIN_TRIES):
        with pytest.raises(AccessDenied, match="not the PIN"):
            Classroom(url, pin=wrong(room.pin))
    with pytest.raises(AccessDenied, match=r"5 wrong PINs for class \w+: wait 60 s") as exc:
        Classroom(url, pin=room.pin)
    assert exc.value.field == "pin"
    clock[0] += 30
    with pytest.raises(AccessDenied, match="wait 30 s"):
        Classroom(url, pin=room.pin)
    clock[0] += 31
    assert Classroom(url, pin=room.pin).is_teacher
    assert not Classroom(url).is_teacher  # students never need the PIN


def test_wrong_pins_spread_over_more_than_five_minutes_do_not_lock(
        url: str, clock: list[float]) -> None:
    room = Classroom(url)
    assert room.pin is not None
    for _ in range(room_module.PIN_TRIES * 2):
        with pytest.raises(AccessDenied, match="not the PIN"):
            Classroom(url, pin=wrong(room.pin))
        clock[0] += room_module.PIN_WINDOW / (room_module.PIN_TRIES - 1) + 1
    assert Classroom(url, pin=room.pin).is_teacher


def test_the_lock_is_per_class(url: str, clock: list[float]) -> None:
    first = Classroom.create(url, pin="1111")
    second = Classroom.create(url, pin="2222")
    for _ in range(room_module.PIN_TRIES):
        with pytest.raises(AccessDenied):
            Classroom(url, code=first.code, pin="0000")
    with pytest.raises(AccessDenied, match="wait"):
        Classroom(url, code=first.code, pin="1111")
    assert Classroom(url, code=second.code, pin="2222").is_teacher


def test_a_forgotten_pin_is_replaced_not_shown(url: str, clock: list[float]) -> None:
    room = Classroom(url)
    new = room_module.reset_pin(url)
    assert len(new) == 6 and new.isdigit()
    assert Classroom(url, pin=new).is_teacher
    if new != room.pin:
        with pytest.raises(AccessDenied, match="not the PIN"):
            Classroom(url, pin=room.pin)
    assert room_module.reset_pin(url, code=room.code, pin="4321") == "4321"
    assert Classroom(url, pin="4321").is_teacher


def test_the_count_is_in_the_database_not_in_the_process(url: str,
                                                         clock: list[float]) -> None:
    """A new kernel (a new PinGuard: it keeps nothing itself) sees the attempts and the
    lockout made by others."""
    room = Classroom(url)
    assert room.pin is not None
    for _ in range(room_module.PIN_TRIES - 1):
        with pytest.raises(AccessDenied, match="not the PIN"):
            Classroom(url, pin=wrong(room.pin))
    room_module.PIN_GUARD = room_module.PinGuard(lambda: clock[0])  # another page's kernel
    with pytest.raises(AccessDenied, match="not the PIN"):
        Classroom(url, pin=wrong(room.pin))  # the fifth: the class is locked now
    room_module.PIN_GUARD = room_module.PinGuard(lambda: clock[0])
    with pytest.raises(AccessDenied, match="wait 60 s"):
        Classroom(url, pin=room.pin)
    with room.store.read() as conn:
        assert conn.execute(select(schema.pin_locks.c.until)).scalar() == clock[0] + 60
    clock[0] += 61
    assert Classroom(url, pin=room.pin).is_teacher
    with room.store.read() as conn:  # a right PIN clears the count
        assert conn.execute(select(schema.pin_attempts.c.id)).first() is None


GUESSES = """
import sys, threading
from freight_freedom.classroom import AccessDenied, Classroom
url, code, pins = sys.argv[1], sys.argv[2], sys.argv[3:]
said, go = [], threading.Barrier(len(pins))

def guess(pin):
    go.wait()  # every page at the same moment, each with its own connections
    try:
        Classroom(url, code=code, pin=pin)
        said.append("opened")
    except AccessDenied as exc:
        said.append("wait" if "wait" in exc.reason else "wrong")

threads = [threading.Thread(target=guess, args=(p,)) for p in pins]
for t in threads: t.start()
for t in threads: t.join()
print(" ".join(sorted(said)))
"""


def test_a_guesser_opening_many_pages_at_once_is_still_locked(url: str) -> None:
    """Eight pages of another process guess at the same moment: at most five guesses are
    checked, the others are refused; then this process is refused the right PIN too."""
    room = Classroom(url)
    assert room.pin is not None
    pins = [f"{(int(room.pin) + n + 1) % 10**6:06d}" for n in range(8)]
    out = subprocess.run([sys.executable, "-c", GUESSES, url, room.code, *pins],
                         capture_output=True, text=True, timeout=120, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    said = out.stdout.split()
    assert len(said) == 8 and "opened" not in said, out
    assert said.count("wrong") <= room_module.PIN_TRIES, said
    with pytest.raises(AccessDenied, match=r"5 wrong PINs for class \w+: wait"):
        Classroom(url, pin=room.pin)


def test_attempts_still_being_checked_count_and_their_lockout_is_kept(
        url: str, clock: list[float]) -> None:
    """Five attempts noted and not yet judged (pages checking at the same moment): the next
    one is refused, and the lockout it starts is stored (the refusal rolls nothing back)."""
    room = Classroom(url)
    assert room.pin is not None
    with room.store.write() as conn:
        conn.execute(schema.pin_attempts.insert(), [
            {"class_id": room.class_id, "at": clock[0] - n} for n in range(5)])
    with pytest.raises(AccessDenied, match="wait 60 s"):
        Classroom(url, pin=room.pin)
    with room.store.read() as conn:
        assert conn.execute(select(schema.pin_locks.c.until)).scalar() == clock[0] + 60
    clock[0] += 61
    assert Classroom(url, pin=room.pin).is_teacher
