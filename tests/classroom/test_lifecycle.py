"""Students' data as a school must handle it: removing a student, closing joining, ending and
deleting a class (the rows gone from the database's files), retention, and exports that open
right in a spreadsheet and cannot run as formulas."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

import pytest
from sqlalchemy import Table, func, select

from freight_freedom.classroom import Classroom, lifecycle, schema
from freight_freedom.classroom.errors import ClassroomError
from freight_freedom.classroom.export import answers_csv, results_csv

QUESTION = 14  # a free-text question of the Freedom lesson ("how many people ...")


def _count(room: Classroom, table: Table) -> int:
    with room.store.read() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar() or 0)


def _files(url: str) -> bytes:
    """Every byte of a SQLite class database (the file and its write-ahead log)."""
    path = Path(url.removeprefix("sqlite:///"))
    return b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())


def test_a_removed_student_is_gone_with_their_answers_and_their_seat_opens(url: str) -> None:
    room = Classroom(url)
    ana, zed = room.join("Anastasia"), room.join("Zed")
    room.lesson.start("freedom")
    room.lesson.go(QUESTION)
    room.lesson.answer(ana, "three", step=QUESTION)
    room.lesson.answer(zed, "3", step=QUESTION)
    table = room.new_table("freedom", players=2, seed=5)
    table.claim(0, ana)
    table.play("0:roll", seat=0, step=0)
    assert room.remove_student(ana) == "Anastasia"
    assert [s.name for s in room.students()] == ["Zed"]
    assert _count(room, schema.answers) == 1
    assert table.summary().seats[0].kind == "open"  # the seat is open again
    assert table.game.history  # the game's log still replays
    with pytest.raises(ClassroomError):
        room.student(ana.token)  # the removed student's device is no longer in the class
    if url.startswith("sqlite"):
        assert b"Anastasia" not in _files(url)
    with pytest.raises(ClassroomError, match="no such student"):
        room.remove_student(ana)  # removed already: the class is left as it was


def test_joining_closes_and_reopens_and_an_ended_class_takes_nothing(url: str) -> None:
    room = Classroom(url)
    ana = room.join("Ana")
    room.close_joining()
    assert not room.joining
    with pytest.raises(ClassroomError, match="closed joining"):
        room.join("Ben")
    room.open_joining()
    ben = room.join("Ben")
    room.lesson.start("freedom")
    room.lesson.go(QUESTION)
    table = room.new_table("freedom", players=2, seed=5)
    table.claim(0, ana)
    room.end()
    assert room.ended and not room.joining
    for refused in (lambda: room.join("Cy"), lambda: room.open_joining(),
                    lambda: room.lesson.answer(ben, "3", step=QUESTION),
                    lambda: table.play("0:roll", seat=0, step=0)):
        with pytest.raises(ClassroomError, match="ended this class"):
            refused()
    assert _count(room, schema.answers) == 0 and table.step == 0
    assert "Ana" in answers_csv(room) or answers_csv(room).count("\n") == 1  # exports work
    with pytest.raises(ClassroomError, match="teacher"):
        Classroom(url, code=room.code).end()


def test_a_deleted_class_leaves_nothing_behind(url: str) -> None:
    room = Classroom(url)
    other = Classroom.create(url, name="Other class")
    kept = other.join("Kept")
    ana = room.join("Philomena")
    room.lesson.start("freedom")
    room.lesson.go(QUESTION)
    room.lesson.answer(ana, "three", step=QUESTION)
    table = room.new_table("slowfreight", players=2, seed=3, bots={1: "greedy"})
    table.claim(0, ana)
    code = room.code
    room.delete()
    with pytest.raises(ClassroomError, match="no class has the code"):
        Classroom(url, code=code)
    survivor = Classroom(url, code=other.code, pin=other.pin)
    assert [s.name for s in survivor.students()] == ["Kept"]
    for table_ in (schema.students, schema.answers, schema.game_tables, schema.seats,
                   schema.pace):
        assert _count(survivor, table_) == (1 if table_ is schema.students else 0), table_
    assert survivor.student(kept.token).name == "Kept"
    if url.startswith("sqlite"):
        assert b"Philomena" not in _files(url)


def test_classes_unused_for_longer_than_kept_are_deleted(url: str) -> None:
    old = Classroom(url)
    old.join("Ana")
    new = Classroom.create(url, name="This year")
    now = time.time() + 400 * lifecycle.SECONDS_A_DAY
    with new.store.write() as conn:  # the new class was used yesterday (in 400 days' time)
        conn.execute(schema.students.insert().values(
            class_id=new.class_id, name="Ben", token_hash="1" * 64,
            joined=now - lifecycle.SECONDS_A_DAY))
    assert [u.code for u in lifecycle.expired(old.store, lifecycle.KEEP_DAYS, now)] == [
        old.code]
    gone = lifecycle.delete_expired(old.store, lifecycle.KEEP_DAYS, now)
    assert [u.code for u in gone] == [old.code]
    assert [u.code for u in lifecycle.uses(new.store)] == [new.code]
    with pytest.raises(ClassroomError, match="above 0"):
        lifecycle.expired(new.store, 0)


def test_exports_open_in_a_spreadsheet_as_typed_and_research_ones_name_no_one(
        url: str) -> None:
    room = Classroom(url)
    jose, zed, amy = room.join("José"), room.join("Zed"), room.join("Amy")
    room.lesson.start("freedom")
    room.lesson.go(QUESTION)
    for answer in ("=1+1", "+SUM(A1)", "@cmd"):  # three tries are the most
        room.lesson.answer(jose, answer, step=QUESTION)
    room.lesson.answer(amy, "-2", step=QUESTION)
    room.lesson.answer(zed, "three", step=QUESTION)
    table = room.new_table("freedom", players=2, seed=5, bots={1: "heuristic"})
    table.claim(0, jose)
    text = answers_csv(room)
    assert text.startswith("\ufeffclass,")  # Excel reads it as UTF-8
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))
    assert [r["answer"] for r in rows[:4]] == ["'=1+1", "'+SUM(A1)", "'@cmd", "'-2"]
    assert rows[0]["student"] == "José"
    research = list(csv.DictReader(io.StringIO(answers_csv(room, research=True)[1:])))
    names = {r["student"] for r in research}
    assert len(names) == 3 and all(n.startswith("student-") for n in names)
    assert all(len(r["answered_at"]) == 10 for r in research)  # a date, no time
    assert names == {r["student"] for r in csv.DictReader(io.StringIO(
        answers_csv(room, research=True)[1:]))}  # stable from one export to the next
    results = results_csv(room, research=True)
    assert "José" not in results and research[0]["student"] in results


def test_bad_names_and_answers_at_the_door_leave_the_class_as_it_was(url: str) -> None:
    """HTML or script, right-to-left overrides, zero-width characters, emoji and 10,000
    characters: each name is refused with a reason; an answer is refused or stored as the plain
    text typed. Nothing else changes."""
    room = Classroom(url)
    for name in ("<script>alert(1)</script>", "Ana\u202egnp.exe", "A\u200bna", "Ana 🙂",
                 "x" * 10_000, "", "=1+1"):
        with pytest.raises(ClassroomError):
            room.join(name)
    assert room.students() == []
    ana = room.join("Ana")
    room.lesson.start("freedom")
    room.lesson.go(QUESTION)
    for answer in ("x" * 10_000, "three\u202e", "zero\u200bwidth"):
        with pytest.raises(ClassroomError):
            room.lesson.answer(ana, answer, step=QUESTION)
    room.lesson.answer(ana, "<b>three</b> 🙂", step=QUESTION)  # kept as typed, as text
    rows = list(csv.DictReader(io.StringIO(answers_csv(room)[1:])))
    assert [r["answer"] for r in rows] == ["<b>three</b> 🙂"]


def test_a_script_joining_names_in_a_loop_is_stopped(url: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from freight_freedom.classroom import people

    monkeypatch.setattr(people, "JOIN_BURST", 5)
    room = Classroom(url)
    for i in range(5):
        room.join(f"Student {chr(65 + i)}")
    with pytest.raises(ClassroomError, match="wait a minute"):
        room.join("Student F")
    monkeypatch.setattr(people, "JOIN_BURST", 1000)
    monkeypatch.setattr(people, "MAX_STUDENTS", 6)
    room.join("Student F")
    with pytest.raises(ClassroomError, match="this class is full"):
        room.join("Student G")
    assert len(room.students()) == 6
