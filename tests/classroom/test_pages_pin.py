"""The teacher's PIN: at most five wrong tries in five minutes, then a minute of refusals;
and the command's way to replace a forgotten PIN (only its hash is stored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from freight_freedom.classroom import AccessDenied, Classroom
from freight_freedom.classroom import room as room_module


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [5000.0]
    monkeypatch.setattr(room_module, "PIN_GUARD", room_module.PinGuard(lambda: now[0]))
    return now


def wrong(pin: str) -> str:
    return "999999" if pin != "999999" else "888888"


def test_five_wrong_pins_lock_the_class_for_a_minute(tmp_path: Path,
                                                     clock: list[float]) -> None:
    room = Classroom(tmp_path / "c.db")
    assert room.pin is not None
    for _ in range(room_module.PIN_TRIES):
        with pytest.raises(AccessDenied, match="not the PIN"):
            Classroom(tmp_path / "c.db", pin=wrong(room.pin))
    with pytest.raises(AccessDenied, match=r"5 wrong PINs for class \w+: wait 60 s") as exc:
        Classroom(tmp_path / "c.db", pin=room.pin)
    assert exc.value.field == "pin"
    clock[0] += 30
    with pytest.raises(AccessDenied, match="wait 30 s"):
        Classroom(tmp_path / "c.db", pin=room.pin)
    clock[0] += 31
    assert Classroom(tmp_path / "c.db", pin=room.pin).is_teacher
    assert not Classroom(tmp_path / "c.db").is_teacher  # students never need the PIN


def test_wrong_pins_spread_over_more_than_five_minutes_do_not_lock(
        tmp_path: Path, clock: list[float]) -> None:
    room = Classroom(tmp_path / "c.db")
    assert room.pin is not None
    for _ in range(room_module.PIN_TRIES * 2):
        with pytest.raises(AccessDenied, match="not the PIN"):
            Classroom(tmp_path / "c.db", pin=wrong(room.pin))
        clock[0] += room_module.PIN_WINDOW / (room_module.PIN_TRIES - 1) + 1
    assert Classroom(tmp_path / "c.db", pin=room.pin).is_teacher


def test_the_lock_is_per_class(tmp_path: Path, clock: list[float]) -> None:
    first = Classroom.create(tmp_path / "c.db", pin="1111")
    second = Classroom.create(tmp_path / "c.db", pin="2222")
    for _ in range(room_module.PIN_TRIES):
        with pytest.raises(AccessDenied):
            Classroom(tmp_path / "c.db", code=first.code, pin="0000")
    with pytest.raises(AccessDenied, match="wait"):
        Classroom(tmp_path / "c.db", code=first.code, pin="1111")
    assert Classroom(tmp_path / "c.db", code=second.code, pin="2222").is_teacher


def test_a_forgotten_pin_is_replaced_not_shown(tmp_path: Path, clock: list[float]) -> None:
    room = Classroom(tmp_path / "c.db")
    new = room_module.reset_pin(tmp_path / "c.db")
    assert len(new) == 6 and new.isdigit()
    assert Classroom(tmp_path / "c.db", pin=new).is_teacher
    if new != room.pin:
        with pytest.raises(AccessDenied, match="not the PIN"):
            Classroom(tmp_path / "c.db", pin=room.pin)
    assert room_module.reset_pin(tmp_path / "c.db", code=room.code, pin="4321") == "4321"
    assert Classroom(tmp_path / "c.db", pin="4321").is_teacher
