"""The store itself: URLs, the versioned schema and the migration from version 1, export,
and a light ``import freight_freedom``."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, select, text

from freight_freedom import Freedom, SlowFreight
from freight_freedom.classroom import (
    Classroom,
    ClassroomError,
    StaleMove,
    answers_csv,
    export,
    results_csv,
    save_files,
    schema,
)
from freight_freedom.classroom.store import database_url, pin_hash


def test_urls_and_bare_paths(tmp_path: Path) -> None:
    assert database_url(tmp_path / "a.db") == f"sqlite:///{tmp_path / 'a.db'}"
    assert database_url("postgresql://u@h/d") == "postgresql+psycopg://u@h/d"
    assert database_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    with pytest.raises(ClassroomError, match="not supported"):
        database_url("mysql://u@h/d")
    with pytest.raises(ClassroomError, match="in-memory"):
        Classroom("sqlite://")
    with pytest.raises(ClassroomError, match="does not exist"):
        Classroom(tmp_path / "no" / "such" / "class.db")
    room = Classroom(str(tmp_path / "bare.db"))  # a bare path is a SQLite file, in WAL mode
    with room.store.read() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    assert (tmp_path / "bare.db").exists()


def _v1_database(url: str) -> tuple[str, str, list[str]]:
    """A database as version 1 of the schema made it: a class, a student at a table with
    three moves (no record of who moved, no lesson tables). Returns (class, table, moves)."""
    engine = create_engine(database_url(url))
    game = Freedom(players=2, seed=21)
    played = []
    for _ in range(3):
        action = game.legal_actions()[-1]
        game.apply(action)
        played.append(str(action))
    with engine.begin() as conn:
        assert schema.upgrade(conn, target=1) == 0
        conn.execute(schema.classes.insert().values(
            id=1, code="V2V2V2", name="Old class", pin_hash=pin_hash("4321"),
            created=time.time()))
        conn.execute(schema.students.insert().values(
            id=1, class_id=1, name="Ana", token_hash="0" * 64, joined=time.time()))
        conn.execute(schema.game_tables.insert().values(
            id=1, class_id=1, code="T2T2", game="freedom", players=2,
            setup=Freedom(players=2, seed=21).to_json(), created=time.time()))
        conn.execute(schema.seats.insert(), [
            {"table_id": 1, "seat": 0, "student_id": 1},
            {"table_id": 1, "seat": 1, "student_id": None}])
        v1_moves = schema.V1.tables["moves"]
        conn.execute(v1_moves.insert(), [
            {"table_id": 1, "step": i + 1, "action": a, "seat": int(a.split(":")[0]),
             "at": time.time()} for i, a in enumerate(played)])
        columns = [c["name"] for c in inspect(conn).get_columns("moves")]
        assert "by_name" not in columns
        assert schema.version_of(conn) == 1
    engine.dispose()
    return "V2V2V2", "T2T2", played


def test_a_version_1_database_is_upgraded(url: str) -> None:
    _, table_code, played = _v1_database(url)
    room = Classroom(url, code="V2V2V2", pin="4321")
    assert room.store.schema_before == 1
    with room.store.read() as conn:
        assert schema.version_of(conn) == schema.VERSION == 6
    table = room.table(table_code)
    assert [str(a) for a in table.game.history] == played  # the old log replays
    game = table.game
    with pytest.raises(StaleMove, match="Another player moved first"):  # no name in v1 rows
        table.play(game.legal_actions()[0], seat=game.to_move, step=2)
    nxt = game.legal_actions()[0]
    assert table.play(nxt, seat=nxt.seat, step=3) == 4
    room.lesson.start("freedom")  # version 2's lesson tables exist
    assert [s.name for s in room.students()] == ["Ana"]
    again = Classroom(url, code="V2V2V2")  # opening again migrates nothing
    assert again.store.schema_before == schema.VERSION


def test_a_version_2_database_is_upgraded_and_counts_pin_attempts(url: str) -> None:
    """Version 3 adds the PIN attempts and lockouts (every kernel counts the same ones): a
    version 2 database, with its lesson and answers, is upgraded and keeps them."""
    engine = create_engine(database_url(url))
    with engine.begin() as conn:
        assert schema.upgrade(conn, target=2) == 0
        conn.execute(schema.classes.insert().values(
            id=1, code="V3V3V3", name="Old class", pin_hash=pin_hash("4321"),
            created=time.time()))
        conn.execute(schema.students.insert().values(
            id=1, class_id=1, name="Ana", token_hash="0" * 64, joined=time.time()))
        conn.execute(schema.pace.insert().values(class_id=1, lesson="freedom", step=14,
                                                 revealed=False, version=3,
                                                 updated=time.time()))
        conn.execute(schema.answers.insert().values(
            class_id=1, student_id=1, lesson="freedom", step=14, attempt=1, answer="3",
            correct=True, at=time.time()))
        assert not inspect(conn).has_table("pin_attempts")
        assert schema.version_of(conn) == 2
    engine.dispose()
    with pytest.raises(ClassroomError, match="not the PIN"):
        Classroom(url, code="V3V3V3", pin="1234")  # upgrades first, then counts the attempt
    room = Classroom(url, code="V3V3V3")
    assert room.store.schema_before == schema.VERSION
    with room.store.read() as conn:
        assert schema.version_of(conn) == schema.VERSION
        assert conn.execute(select(schema.pin_attempts.c.class_id)).scalars().all() == [1]
    teacher = Classroom(url, code="V3V3V3", pin="4321")
    slide = teacher.lesson.now()
    assert slide is not None and slide.step == 14  # the lesson's place is kept
    assert teacher.lesson.tally().first_right == ("Ana",)  # and the answers
    with room.store.read() as conn:  # the right PIN cleared the count
        assert conn.execute(select(schema.pin_attempts.c.id)).first() is None


def test_a_newer_database_is_refused(url: str) -> None:
    room = Classroom(url)
    with room.store.write() as conn:
        conn.execute(schema.schema_version.update().values(version=99))
    with pytest.raises(ClassroomError, match="version 99.*upgrade freight_freedom"):
        Classroom(url)


def test_export_answers_results_and_loadable_saves(url: str, tmp_path: Path) -> None:
    room = Classroom(url)
    ana, ben = room.join("Ana"), room.join("Zoë")
    room.lesson.start("freedom")
    room.lesson.go(14)
    room.lesson.answer(ana, "4", step=14)
    room.lesson.answer(ana, "three", step=14)
    room.lesson.answer(ben, "3", step=14)
    freedom = room.new_table("freedom", players=2, seed=31, bots={1: "heuristic"})
    freedom.claim(0, ana)
    freedom.play("0:roll", seat=0, step=0)
    freight = room.new_table("slowfreight", players=2, seed=32, track_supply=9,
                             bots={0: "greedy", 1: "greedy"})
    freight.play_bots()
    assert freight.game.is_over

    answers = list(csv.DictReader(io.StringIO(answers_csv(room).removeprefix("\ufeff"))))
    assert [(r["student"], r["attempt"], r["answer"], r["correct"]) for r in answers] == [
        ("Ana", "1", "4", "False"), ("Ana", "2", "three", "True"), ("Zoë", "1", "3", "True")]
    assert answers[0]["step"] == "15" and answers[0]["question"].startswith("The bottom")
    results = {r["table"]: r for r in csv.DictReader(io.StringIO(
        results_csv(room).removeprefix("\ufeff")))}
    assert results[freedom.code]["seats"] == "Player 1: Ana; Player 2: heuristic (bot)"
    assert results[freedom.code]["steps"] == "1" and results[freedom.code]["over"] == "False"
    assert json.loads(results[freedom.code]["options"])["players"] == 2
    assert results[freight.code]["over"] == "True"
    assert results[freight.code]["result"] == str(freight.game.outcome)

    saves = save_files(room)
    assert Freedom.from_json(saves[freedom.code]).digest() == freedom.game.digest()
    assert SlowFreight.from_json(saves[freight.code]).digest() == freight.game.digest()
    written = export(room, tmp_path / "out")
    assert {p.name for p in written} == {"answers.csv", "results.csv", "research-answers.csv",
                                         "research-results.csv",
                                         f"gradebook-run-{room.lesson.runs()[0].id}.csv",
                                         f"{freedom.code}-freedom.json",
                                         f"{freight.code}-slowfreight.json"}
    assert (tmp_path / "out" / "answers.csv").read_text(encoding="utf-8") == answers_csv(room)
    with pytest.raises(ClassroomError, match="teacher"):
        answers_csv(Classroom(url))


def test_import_freight_freedom_does_not_import_the_classroom() -> None:
    code = ("import sys, freight_freedom; freight_freedom.Freedom; "
            "bad = [m for m in sys.modules if m.startswith(('sqlalchemy', 'psycopg', "
            "'freight_freedom.classroom'))]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]"


def test_the_store_reads_what_it_wrote(url: str) -> None:
    room = Classroom(url)
    with room.store.read() as conn:
        assert conn.execute(select(schema.classes.c.code)).scalar() == room.code
