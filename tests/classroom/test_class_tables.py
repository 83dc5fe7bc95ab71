"""Game tables on both stores: the numbered move log, replay, stale moves, seats and bots."""

from __future__ import annotations

import threading
import time

import pytest

from freight_freedom import Freedom, IllegalAction, OptionError, SlowFreight
from freight_freedom.classroom import (
    AccessDenied,
    Classroom,
    ClassroomError,
    SeatTaken,
    StaleMove,
)


@pytest.fixture
def room(url: str) -> Classroom:
    with Classroom(url) as opened:
        yield opened


def test_new_table_replays_to_the_same_game_from_another_object(room: Classroom,
                                                                 url: str) -> None:
    table = room.new_table("freedom", players=2, seed=1)
    assert len(table.code) == 4 and table.step == 0
    reference = Freedom(players=2, seed=1)
    for step in range(6):
        action = reference.legal_actions()[-1]
        assert table.play(action, seat=action.seat, step=step) == step + 1
        reference.apply(action)
    other = Classroom(url).table(table.code.lower())  # codes are typed in any case
    assert other.step == 6
    assert other.game.digest() == reference.digest()
    assert other.game.history == reference.history


def test_the_game_is_cached_and_only_new_steps_are_applied(room: Classroom, url: str) -> None:
    table = room.new_table("slowfreight", players=3, seed=4)
    reader = Classroom(url).table(table.code)
    first = reader.game
    action = first.legal_actions()[0]
    table.play(action, seat=action.seat, step=0)
    cached = reader._game
    assert reader.game.history == (action,)
    assert reader._game is cached  # the same replayed game, one step further
    reader.game.apply(reader.game.legal_actions()[0])  # a copy: the table is untouched
    assert reader.game.history == (action,) and reader.step == 1


def test_options_are_validated_by_the_game_and_nothing_is_stored(room: Classroom) -> None:
    with pytest.raises(OptionError, match="players"):
        room.new_table("freedom", players=9, seed=1)
    with pytest.raises(ValueError, match="unknown game"):
        room.new_table("chess")
    with pytest.raises(ClassroomError, match="bots"):
        room.new_table("freedom", players=2, bots={5: "heuristic"})
    with pytest.raises(ClassroomError, match="unknown bot"):
        room.new_table("freedom", players=2, bots={1: "grandmaster"})
    assert room.tables() == []


def test_a_stale_move_is_refused_naming_who_moved_first(room: Classroom, url: str) -> None:
    table = room.new_table("slowfreight", players=3, seed=2)
    ana = room.join("Ana")
    token = table.claim(0, ana)
    other_device = Classroom(url).table(table.code)
    before = other_device.game
    first, second = before.legal_actions()[:2]
    assert table.play(first, seat=0, step=0, token=token) == 1
    with pytest.raises(StaleMove) as caught:  # SF-TURN-2: the decision has been made
        other_device.play(second, seat=0, step=0, token=token)
    assert isinstance(caught.value, IllegalAction)
    assert "Ana moved first" in str(caught.value) and "board now" in str(caught.value)
    assert caught.value.now == 1 and caught.value.by == "Ana"
    assert caught.value.rule == SlowFreight.RULE_TURN
    assert other_device.step == 1 and other_device.game.history == (first,)
    [record] = other_device.log()
    assert (record.step, record.action, record.seat, record.by) == (1, str(first), 0, "Ana")
    assert abs(record.at - time.time()) < 60 and other_device.log(since=1) == []


def test_illegal_and_wrong_seat_actions_store_nothing(room: Classroom) -> None:
    table = room.new_table("freedom", players=2, seed=3)
    with pytest.raises(IllegalAction) as caught:  # FR-ROUND-2: only game.to_move decides
        table.play("1:roll", seat=1, step=0)
    assert caught.value.rule == "FR-ROUND-2"
    with pytest.raises(IllegalAction, match="Player 1 cannot play an action of Player 2"):
        table.play("1:roll", seat=0, step=0)
    with pytest.raises(IllegalAction):
        table.play("0:fly 3", seat=0, step=0)
    with pytest.raises(ClassroomError, match="at step 0, not 4"):
        table.play("0:roll", seat=0, step=4)
    with pytest.raises(IllegalAction, match="seat must be 0 to 1"):
        table.play("0:roll", seat=7, step=0)
    assert table.step == 0 and table.game.history == ()
    assert table.play("0:roll", seat=0, step=0) == 1


def test_wait_returns_as_soon_as_a_move_is_stored(room: Classroom, url: str) -> None:
    table = room.new_table("freedom", players=2, seed=5)
    watcher = Classroom(url).table(table.code)
    started = time.monotonic()
    assert watcher.wait(0, timeout=0.2) == 0  # nothing stored: the step at the timeout
    assert 0.15 < time.monotonic() - started < 1.0

    def later() -> None:
        time.sleep(0.3)
        table.play("0:roll", seat=0, step=0)

    thread = threading.Thread(target=later)
    thread.start()
    started = time.monotonic()
    assert watcher.wait(0, timeout=5.0) == 1
    waited = time.monotonic() - started
    thread.join()
    assert 0.25 < waited < 1.0


def test_seats_tokens_and_the_teacher_freeing_a_seat(room: Classroom, url: str) -> None:
    table = room.new_table("slowfreight", players=3, seed=6, bots={2: "greedy"})
    ana, ben = room.join("Ana"), room.join("Ben")
    student_page = Classroom(url)  # a student's page: no PIN
    assert not student_page.is_teacher
    mine = student_page.table(table.code)
    token = mine.claim(0, student_page.student(ana.token))
    with pytest.raises(SeatTaken, match="Ana holds Player 1"):
        mine.claim(0, ben)
    with pytest.raises(SeatTaken, match="on another device"):  # Ana's second device
        mine.claim(0, ana)
    with pytest.raises(SeatTaken, match="already hold Player 1"):
        mine.claim(1, ana)
    with pytest.raises(SeatTaken, match="greedy bot"):
        mine.claim(2, ben)
    assert mine.rejoin(token) == 0  # a reloaded page finds its seat again
    action = mine.game.legal_actions()[0]
    with pytest.raises(AccessDenied, match="seat token"):
        mine.play(action, seat=0, step=0)  # a page without the token
    with pytest.raises(AccessDenied, match="does not hold Player 1"):
        mine.play(action, seat=0, step=0, token=mine.claim(1, ben))
    with pytest.raises(AccessDenied, match="teacher"):
        mine.free(0)
    table.free(0)  # the teacher, e.g. Ana's laptop died
    with pytest.raises(AccessDenied):
        mine.rejoin(token)
    with pytest.raises(AccessDenied):
        mine.play(action, seat=0, step=0, token=token)
    new_token = mine.claim(0, ana)  # from her new device
    assert mine.play(action, seat=0, step=0, token=new_token) == 1
    assert [(s.kind, s.name, s.held) for s in mine.seats()] == [
        ("student", "Ana", True), ("student", "Ben", True), ("bot", "greedy", True)]
    with pytest.raises(SeatTaken, match="bot"):
        table.assign(2, ben)


def test_teacher_assigns_a_seat_and_the_student_claims_it(room: Classroom) -> None:
    table = room.new_table("freedom", players=2, seed=7)
    ana, ben = room.join("Ana"), room.join("Ben")
    table.assign(1, ana)
    with pytest.raises(SeatTaken, match="Ana holds Player 2"):
        table.claim(1, ben)
    token = table.claim(1, ana)
    assert table.rejoin(token) == 1
    assert [(s.kind, s.name, s.held) for s in table.seats()] == [
        ("open", "", False), ("student", "Ana", True)]


def test_bots_are_played_once_for_the_table_by_any_number_of_devices(url: str) -> None:
    with Classroom(url) as room:
        table = room.new_table("slowfreight", players=2, seed=8,
                               bots={0: "greedy", 1: "small-fast"})
        devices = [Classroom(url).table(table.code) for _ in range(2)]
        made = [0, 0]

        def device(i: int) -> None:
            made[i] = devices[i].play_bots(max_moves=12)

        threads = [threading.Thread(target=device, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        game = table.game
        assert 12 <= sum(made) == table.step == len(game.history)  # each bot move stored once
        # seeded by table and step: whoever played, the same moves as one device alone
        replay = SlowFreight.from_json(game.to_json())
        assert replay.digest() == game.digest()


def test_bots_stop_at_a_students_seat(room: Classroom) -> None:
    table = room.new_table("freedom", players=2, seed=9, bots={1: "heuristic"})
    assert table.play_bots() == 0  # seat 0 (a student) rolls first
    table.play("0:roll", seat=0, step=0)
    game = table.game
    while game.to_move == 0:
        action = game.legal_actions()[-1]
        table.play(action, seat=0, step=table.step)
        game = table.game
    made = table.play_bots()
    assert made >= 1 and table.game.to_move in (0, None)


def test_summary_for_the_teachers_list(room: Classroom) -> None:
    table = room.new_table("freedom", players=2, seed=10)
    assert table.summary().last_moved is None
    table.play("0:roll", seat=0, step=0)
    summary = table.summary()
    assert (summary.code, summary.game, summary.step, summary.round) == (table.code, "freedom",
                                                                         1, 1)
    assert summary.phase and summary.to_move == 0 and not summary.over
    assert summary.last_moved is not None and time.time() - summary.last_moved < 60
