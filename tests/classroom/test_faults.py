"""Concurrency and faults on both stores: separate processes racing for a step, a writer
killed mid-game, the store closed (or the server restarted) mid-game, tampered rows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import update

from freight_freedom.classroom import Classroom, TamperedLog, schema

WORKER = Path(__file__).with_name("worker.py")
ROOT = Path(__file__).resolve().parents[2]


def _start(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def test_two_processes_playing_the_same_step_store_exactly_one(url: str,
                                                               tmp_path: Path) -> None:
    room = Classroom.create(url, pin="2468")
    table = room.new_table("slowfreight", players=3, seed=11)
    racers = [_start("race", url, "2468", table.code, "2", str(tmp_path)) for _ in range(2)]
    for step in range(2):  # two races, each at the latest step
        lines = []
        for racer in racers:  # both have replayed the table: only the store is raced
            assert racer.stdout is not None and racer.stdout.readline() == "ready\n"
        (tmp_path / f"go{step}").touch()
        for racer in racers:
            assert racer.stdout is not None
            lines.append(racer.stdout.readline().strip())
        stale, stored = sorted(lines)
        assert stored == f"stored {step + 1}"
        assert stale.startswith("stale The teacher moved first"), stale
        assert table.step == step + 1
    for racer in racers:
        racer.communicate(timeout=60)
        assert racer.returncode == 0
    assert len(table.game.history) == 2


def test_a_writer_killed_mid_game_loses_no_acknowledged_move(url: str) -> None:
    room = Classroom.create(url, pin="1357")
    table = room.new_table("freedom", players=2, seed=12)
    writer = _start("loop", url, "1357", table.code, "400")
    assert writer.stdout is not None
    acked: list[tuple[int, str]] = []
    for line in writer.stdout:
        _, step, action = line.strip().split(" ", 2)
        acked.append((int(step), action))
        if len(acked) == 12:
            os.kill(writer.pid, signal.SIGKILL)  # mid-loop: perhaps mid-transaction
            break
    writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    reopened = Classroom(url, pin="1357").table(table.code)
    game = reopened.game  # the log replays through apply
    assert reopened.step >= 12
    history = [str(a) for a in game.history]
    for step, action in acked:
        assert history[step - 1] == action
    more = game.legal_actions()[0]  # and play goes on from there
    assert reopened.play(more, seat=more.seat, step=reopened.step) == len(history) + 1


def test_the_store_closed_and_reopened_mid_game(url: str, request: pytest.FixtureRequest
                                                ) -> None:
    room = Classroom.create(url, pin="8642")
    table = room.new_table("slowfreight", players=3, seed=13)
    ana = room.join("Ana")
    token = table.claim(0, ana)
    first = table.game.legal_actions()[0]
    table.play(first, seat=0, step=0, token=token)
    room.close()
    if url.startswith("postgresql"):  # the database server itself stops and starts again
        request.getfixturevalue("postgres").restart()
    again = Classroom(url, code=room.code)
    page = again.table(table.code)
    student = again.student(ana.token)  # the reloaded page rejoins with what it kept
    assert page.rejoin(token) == 0 and student.name == "Ana"
    assert page.game.history == (first,)
    # the teacher's old object carries on too: its pool reconnects
    nxt = table.game.legal_actions()[0]
    assert table.play(nxt, seat=nxt.seat, step=1) == 2
    assert page.wait(1, timeout=2.0) == 2


def test_a_tampered_move_is_reported_with_its_table_and_step(url: str) -> None:
    room = Classroom(url)
    table = room.new_table("freedom", players=2, seed=14)
    table.play("0:roll", seat=0, step=0)
    with room.store.write() as conn:  # an illegal move written behind the package's back
        conn.execute(schema.moves.insert().values(table_id=table.id, step=2, action="0:fly 3",
                                                  seat=0, at=time.time(), by_name="x"))
    fresh = Classroom(url, pin=room.pin).table(table.code)
    with pytest.raises(TamperedLog) as caught:
        fresh.game  # noqa: B018
    assert caught.value.field == f"table {table.code} step 2"
    assert "0:fly 3" in str(caught.value)
    with pytest.raises(TamperedLog):
        fresh.play("0:done", seat=0, step=2)
    # a move rewritten for another seat, and a gap in the steps, are caught too
    with room.store.write() as conn:
        conn.execute(update(schema.moves).where(schema.moves.c.step == 2)
                     .values(step=3, action="0:done"))
    with pytest.raises(TamperedLog, match="step 2.*missing"):
        Classroom(url).table(table.code).game  # noqa: B018
    with room.store.write() as conn:
        conn.execute(update(schema.moves).where(schema.moves.c.step == 1)
                     .values(seat=1))
    with pytest.raises(TamperedLog, match=f"table {table.code} step 1"):
        Classroom(url).table(table.code).game  # noqa: B018


def test_a_student_page_reloaded_mid_turn_rejoins_its_seat(url: str) -> None:
    room = Classroom(url)
    table = room.new_table("freedom", players=2, seed=15, bots={1: "heuristic"})
    page = Classroom(url, code=room.code)  # the student's kernel
    ana = page.join("Ana")
    kept = {"student": ana.token, "seat": page.table(table.code).claim(0, ana)}  # browser
    page.table(table.code).play("0:roll", seat=0, step=0, token=kept["seat"])
    page.close()  # the page is reloaded: a new kernel, only the browser's tokens survive
    reloaded = Classroom(url, code=room.code)
    student = reloaded.student(kept["student"])
    mine = reloaded.table(table.code)
    seat = mine.rejoin(kept["seat"])
    game = mine.game
    assert (student.name, seat, game.to_move, mine.step) == ("Ana", 0, 0, 1)
    action = game.legal_actions()[0]
    assert mine.play(action, seat=seat, step=1, token=kept["seat"]) == 2
