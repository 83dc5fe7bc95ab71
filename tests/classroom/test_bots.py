"""Bot seats played with no page open (``classroom.bots``, the thread of
``freight-freedom classroom``), at the class's pace, on both stores."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from freight_freedom.classroom import Classroom
from freight_freedom.classroom.bots import BotPlayer, play_due_bots


def until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


@pytest.fixture
def players() -> Iterator[list[BotPlayer]]:
    started: list[BotPlayer] = []
    yield started
    for player in started:
        player.stop()


def test_a_table_of_bots_and_one_student_moves_with_no_page_open(
        url: str, players: list[BotPlayer]) -> None:
    """FR-ROUND-2: the student moves on her turn only; the bots' turns are played by the
    command's thread alone (no app, no page), each move stored once, the log replaying."""
    room = Classroom(url)
    table = room.new_table("freedom", players=3, seed=5, bots={1: "heuristic", 2: "heuristic"})
    ana = room.join("Ana")
    token = table.claim(0, ana)
    players.append(BotPlayer(url, room.code, pace=0, tick=0.05).start())
    for _turn in range(2):
        game = until(lambda: (g := table.game).to_move == 0 and g, 60, "Ana's turn")
        started = table.step
        while (game := table.game).to_move == 0:
            table.play(game.legal_actions()[0], seat=0, step=table.step, token=token)
        until(lambda: table.game.to_move == 0, 60, "the bots to play their turns")
        bots_moves = table.log(since=started)
        by_bots = [r for r in bots_moves if r.seat != 0]
        assert by_bots and {r.by for r in by_bots} == {"the heuristic bot"}
        assert {r.seat for r in by_bots} == {1, 2}
        assert [r.step for r in bots_moves] == list(range(started + 1, table.step + 1))
    assert players[0].moves == len([r for r in table.log() if r.seat != 0])
    assert players[0].errors == 0
    replayed = Classroom(url).table(table.code).game  # every stored move replays
    assert replayed.history == table.game.history


def test_bots_keep_the_class_pace(url: str) -> None:
    """A bot moves only once the table's last move is ``pace`` seconds old."""
    room = Classroom(url)
    table = room.new_table("slowfreight", players=2, seed=3, track_supply=9,
                           bots={0: "greedy", 1: "greedy"})
    later = [0.0]

    def clock() -> float:
        return time.time() + later[0]

    assert play_due_bots(room, pace=30, clock=clock) == 1  # nothing stored yet: at once
    assert play_due_bots(room, pace=30, clock=clock) == 0  # the last move is too recent
    assert table.step == 1
    later[0] = 31
    assert play_due_bots(room, pace=30, clock=clock) == 1
    assert table.step == 2
    while not table.game.is_over:  # no pace: a move each time, until the game ends
        assert play_due_bots(room, pace=0) == 1
    assert play_due_bots(room, pace=0) == 0 and not table.bot_to_move()


def test_tables_without_a_bot_to_move_are_left_alone(url: str) -> None:
    room = Classroom(url)
    students = room.new_table("freedom", players=2, seed=1)
    waiting = room.new_table("freedom", players=2, seed=1, bots={1: "heuristic"})
    assert not students.bot_to_move() and not waiting.bot_to_move()  # Player 1 moves first
    assert play_due_bots(room, pace=0) == 0
    assert students.step == waiting.step == 0
