"""Runs of a lesson (schema version 5) on both stores: each start of a lesson is a run with
answers of its own; earlier runs are listed and reopened read-only; a refused answer changes
nothing; deletion covers the runs; a version 4 database becomes one run per (class, lesson)."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, select

from freight_freedom.classroom import Classroom, ClassroomError, answers_csv, schema
from freight_freedom.classroom.store import database_url, pin_hash
from freight_freedom.lessons import lesson

STEPS = lesson("freedom").steps
ASKED = tuple(i for i, s in enumerate(STEPS) if s.question is not None)
TEXT = next(i for i in ASKED if getattr(STEPS[i].question, "kind", "") == "text")  # "3"
PLAIN = next(i for i, s in enumerate(STEPS) if s.question is None)
TABLES = ("runs", "answers", "pace", "places", "students", "classes")


def snapshot(room: Classroom) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the lesson's tables (what a refused call must leave as it was)."""
    with room.store.read() as conn:
        return {name: sorted(tuple(r) for r in conn.execute(
            select(schema.METADATA.tables[name])).all()) for name in TABLES}


def refused(room: Classroom, call: Any, match: str) -> None:
    before = snapshot(room)
    with pytest.raises(ClassroomError, match=match):
        call()
    assert snapshot(room) == before


def test_two_runs_of_one_lesson_keep_their_own_answers(url: str) -> None:
    room = Classroom(url)
    ana = room.join("Ana")
    first = room.lesson.start("freedom")
    room.lesson.go(TEXT)
    assert not room.lesson.answer(ana, "4", step=TEXT).ok
    room.lesson.answer(ana, "3", step=TEXT)
    second = room.lesson.start("freedom")  # again: a new run, from step 1, no answers yet
    assert second.run != first.run and second.step == 0
    room.lesson.go(TEXT)
    assert room.lesson.tally().answered == ()
    assert room.lesson.answer(ana, "3", step=TEXT).ok  # the first try of the new run
    assert room.lesson.tally().first_right == ("Ana",)
    assert room.lesson.tally(TEXT, run=first.run).first_wrong == ("Ana",)
    runs = room.lesson.runs()
    assert [(r.id, r.current, r.answers, r.mode) for r in runs] == [
        (second.run, True, 1, "paced"), (first.run, False, 2, "paced")]
    assert runs[1].ended is not None and runs[0].ended is None and runs[0].open
    rows = list(csv.DictReader(io.StringIO(answers_csv(room).removeprefix("\ufeff"))))
    assert [(r["run"], r["attempt"], r["correct"]) for r in rows] == [
        (str(first.run), "1", "False"), (str(first.run), "2", "True"),
        (str(second.run), "1", "True")]


def test_an_earlier_run_reopens_read_only(url: str) -> None:
    room = Classroom(url)
    ana, ben = room.join("Ana"), room.join("Ben")
    old = room.lesson.start("freedom")
    room.lesson.go(TEXT)
    room.lesson.answer(ana, "3", step=TEXT)
    room.lesson.start("slowfreight")
    run = room.lesson.run(old.run)
    assert run.info.lesson == "freedom" and not run.info.open
    assert run.tally(TEXT).first_right == ("Ana",) and run.tally(TEXT).waiting == ("Ben",)
    assert [a["answer"] for a in run.answers()] == ["3"]
    assert TEXT in run.questions() and run.slide(TEXT).key is not None
    assert [p.answered for p in run.progress()] == [1, 0]
    refused(room, lambda: run.answer(ben, "3", step=TEXT), "ended")
    refused(room, lambda: room.lesson.answer(ben, "3", step=TEXT, run=old.run), "ended")
    with pytest.raises(ClassroomError, match="teacher"):
        Classroom(url, code=room.code).lesson.run(old.run)


def test_bad_answers_are_refused_and_change_nothing(url: str) -> None:
    room = Classroom(url)
    other = Classroom.create(url, name="Other")
    theirs = other.lesson.start("freedom")
    ana = room.join("Ana")
    refused(room, lambda: room.lesson.answer(ana, "3", step=TEXT), "not started")
    room.lesson.start("freedom")
    room.lesson.go(TEXT)
    refused(room, lambda: room.lesson.answer(ana, "3", step=TEXT, run=theirs.run),
            "has no lesson run")
    refused(room, lambda: room.lesson.run(theirs.run), "has no lesson run")
    refused(room, lambda: room.lesson.answer(ana, "3", step=PLAIN), "moved on|no question")
    refused(room, lambda: room.lesson.answer(ana, "3", step=TEXT, run="1"),  # type: ignore
            "run's number")
    room.lesson.go(PLAIN)
    refused(room, lambda: room.lesson.answer(ana, "3", step=PLAIN), "asks no question")
    room.lesson.end()
    refused(room, lambda: room.lesson.answer(ana, "3", step=PLAIN), "ended")
    refused(room, lambda: room.lesson.go(TEXT), "ended")
    refused(room, lambda: room.lesson.start("freedom", closes="2020-01-01"), "closing date")
    refused(room, lambda: room.lesson.start("freedom", mode="later"), "paced")


def test_deleting_a_class_or_a_student_covers_runs_and_places(url: str) -> None:
    room = Classroom(url)
    other = Classroom.create(url, name="Other")
    other.lesson.start("freedom", mode="self")
    kept = other.join("Kept")
    other.lesson.mine(kept)
    ana, ben = room.join("Philomena"), room.join("Ben")
    room.lesson.start("freedom", mode="self")
    for s in (ana, ben):
        room.lesson.mine(s)
        room.lesson.move(s, 1)
    room.remove_student(ana)
    assert [p.name for p in room.lesson.progress()] == ["Ben"]
    with room.store.read() as conn:
        assert len(conn.execute(select(schema.places)).all()) == 2  # Ben's and Kept's
    room.delete()
    survivor = Classroom(url, code=other.code, pin=other.pin)
    with survivor.store.read() as conn:
        assert [r.class_id for r in conn.execute(select(schema.runs))] == [survivor.class_id]
        assert len(conn.execute(select(schema.places)).all()) == 1
    if url.startswith("sqlite"):
        from pathlib import Path

        path = Path(url.removeprefix("sqlite:///"))
        data = b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())
        assert b"Philomena" not in data


def test_a_version_4_database_becomes_one_run_per_class_and_lesson(url: str) -> None:
    engine = create_engine(database_url(url))
    now = time.time()
    old = schema.V4.tables
    with engine.begin() as conn:  # ids from the sequences (PostgreSQL's go on from them)
        assert schema.upgrade(conn, target=4) == 0
        conn.execute(old["classes"].insert(), [
            {"code": "V5V5V5", "name": "Old", "pin_hash": pin_hash("4321"),
             "created": now},
            {"code": "W5W5W5", "name": "Other", "pin_hash": pin_hash("4321"),
             "created": now}])
        conn.execute(old["students"].insert(), [
            {"class_id": 1, "name": "Ana", "token_hash": "0" * 64, "joined": now},
            {"class_id": 2, "name": "Bo", "token_hash": "1" * 64, "joined": now}])
        conn.execute(old["pace"].insert().values(class_id=1, lesson="freedom", step=TEXT,
                                                 revealed=False, version=7, updated=now))
        conn.execute(old["answers"].insert(), [
            {"class_id": 1, "student_id": 1, "lesson": "slowfreight", "step": 3, "attempt": 1,
             "answer": "x", "correct": False, "at": now - 99},
            {"class_id": 1, "student_id": 1, "lesson": "freedom", "step": TEXT, "attempt": 1,
             "answer": "4", "correct": False, "at": now - 5},
            {"class_id": 1, "student_id": 1, "lesson": "freedom", "step": TEXT, "attempt": 2,
             "answer": "3", "correct": True, "at": now - 4},
            {"class_id": 2, "student_id": 2, "lesson": "freedom", "step": TEXT, "attempt": 1,
             "answer": "3", "correct": True, "at": now - 3}])
        assert not inspect(conn).has_table("runs")
    engine.dispose()
    room = Classroom(url, code="V5V5V5", pin="4321")
    assert room.store.schema_before == 4
    runs = room.lesson.runs()
    assert [(r.lesson, r.current, r.answers, r.ended is None) for r in runs] == [
        ("freedom", True, 2, True), ("slowfreight", False, 1, False)]
    slide = room.lesson.now()
    assert slide is not None and slide.step == TEXT and slide.run == runs[0].id
    assert room.lesson.tally().first_wrong == ("Ana",)  # the answers kept their run
    other = Classroom(url, code="W5W5W5", pin="4321")
    assert [r.answers for r in other.lesson.runs()] == [1] and other.lesson.now() is None
    cy = room.join("Cy")
    assert room.lesson.answer(cy, "3", step=TEXT).ok  # new answers take new ids
    room.lesson.start("freedom")  # and a second run of the same lesson is possible now
    room.lesson.go(TEXT)
    assert room.lesson.answer(cy, "3", step=TEXT).ok
    with room.store.read() as conn:
        assert schema.version_of(conn) == schema.VERSION == 6
        assert not inspect(conn).has_table("answers_v4")
        assert len(conn.execute(select(schema.answers)).all()) == 6
