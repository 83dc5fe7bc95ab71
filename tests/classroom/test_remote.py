"""A table played from each student's own device (``classroom.remote``), on both stores.

Every device is a :func:`table_app` of its own ``Classroom`` object (as each Voila kernel has),
driven like a user: its buttons pressed, its error area read. One device also runs in another
process (this file run as a script), and two processes play a table's bots at once. Rules:
FR-ROUND-2 (only the seat to move acts; SF-TURN-2 in Slow Freight).

    python test_remote.py device URL CLASS TABLE TOKEN PRESSES  a seat's app in this process:
        presses the first choice whenever its seat is to move, prints ``pressed STEP``, at the
        end ``digest D``
    python test_remote.py bots URL CLASS TABLE GO                prints ``ready``, waits for
        the file GO, plays the bots (``Table.play_bots``), prints ``made N``
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sqlalchemy", reason="the classroom extra is not installed")

from freight_freedom.classroom import AccessDenied, Classroom, StaleMove  # noqa: E402
from freight_freedom.classroom.remote import (  # noqa: E402
    BOT_GRACE,
    TableLink,
    link_of,
    spectator_app,
    table_app,
)
from freight_freedom.core.action import Action  # noqa: E402
from freight_freedom.core.errors import IllegalAction  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll ``check`` every 10 ms until it is truthy; fail naming ``what`` after ``timeout``
    seconds (stretched on a loaded machine: the 1-minute load per core, at most 6 times)."""
    load = os.getloadavg()[0] / (os.cpu_count() or 1)
    allowed = timeout * min(6.0, max(1.0, load))
    deadline = time.monotonic() + allowed
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"timed out after {allowed:.1f} s waiting for {what}")


@pytest.fixture
def links() -> Iterator[list[TableLink]]:
    """Every link a test opens, stopped at its end (as a closed page stops its thread)."""
    opened: list[TableLink] = []
    yield opened
    for link in opened:
        link.stop()


def device(url: str, code: str, table: str, token: str, links: list[TableLink],
           seat: int | None = None, **kw: Any) -> Any:
    """A student's device: its own Classroom object (a kernel of its own) and the seat's app."""
    app = table_app(Classroom(url, code=code).table(table), seat, token, bot_pace=0, **kw)
    links.append(link_of(app))
    return app


def class_of(url: str, players: int = 2, seed: int = 1, **kw: Any) -> tuple[Any, Any, str, str]:
    """The teacher's room, a table with Ana at seat 0 and Ben at seat 1, and their tokens."""
    room = Classroom.create(url, pin="4321")
    table = room.new_table("freedom", players=players, seed=seed, **kw)
    ana, ben = room.join("Ana"), room.join("Ben")
    return room, table, table.claim(0, ana), table.claim(1, ben)


def press_first(app: Any) -> Action:
    """Press the app's first choice, as a student would, and return it (holding the link's
    lock: without an event loop the link's thread redraws the app itself)."""
    with link_of(app).lock:
        action = app.actions.actions[0]
        app.actions.press(action)
        assert app.errors.last_kind != "error", app.errors.text
    return action


def drawn(app: Any, step: int, what: str = "the device to draw the table") -> None:
    """Wait until ``app`` has applied and drawn the table's first ``step`` moves."""
    until(lambda: link_of(app).drawn == step, 5, f"{what} (step {step})")


# ---------------------------------------------------------------------------- live moves
def test_moves_of_one_seat_appear_on_the_other_device(url: str,
                                                      links: list[TableLink]) -> None:
    room, table, ana_token, ben_token = class_of(url)
    ana = device(url, room.code, table.code, ana_token, links, seat=0)
    ben = device(url, room.code, table.code, ben_token, links, seat=1)
    # FR-ROUND-2: Player 1 rolls first; Ben's device offers nothing and says who decides
    assert ben.actions.actions == []
    assert "Waiting for Player 1 (Ana) to choose." in ben.actions.notes
    assert "Player 1 (you, Ana):" in ana.prompt.value
    seen = []
    for step in range(10):
        mover, other = (ana, ben) if table.game.to_move == 0 else (ben, ana)
        drawn(mover, step)
        began = time.monotonic()
        press_first(mover)
        drawn(other, step + 1, "the move on the other device")
        seen.append(time.monotonic() - began)
        assert other.game.digest() == mover.game.digest() == table.game.digest()
        assert f"&middot; {step + 1} steps" in other.title.value
    assert table.step == 10
    # only the moves a device had not seen were applied: one at a time, never a replay
    for app in (ana, ben):
        assert all(count == 1 for count, _ms in link_of(app).syncs)
    assert sum(c for c, _ in link_of(ana).syncs) + sum(c for c, _ in link_of(ben).syncs) == 10
    assert max(seen) < 2.0 * min(6.0, max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))), seen


def test_a_stale_move_is_refused_and_the_board_now_shown(url: str,
                                                         links: list[TableLink]) -> None:
    room, table, ana_token, _ = class_of(url)
    # Ana's seat open in two tabs of her browser (the token is the same); no threads, so the
    # second tab still shows step 0 when she presses there
    first = device(url, room.code, table.code, ana_token, links, watch=False)
    second = device(url, room.code, table.code, ana_token, links, watch=False)
    press_first(first)
    second.actions.press(second.actions.actions[0])
    assert second.errors.last_kind == "error"
    assert second.errors.text.startswith(
        "Ana moved first (Player 1 rolls the Slave Catcher and Movement dice); here is the "
        "board now, and your choice was not played"), second.errors.text
    assert "[rule FR-ROUND-2]" in second.errors.text
    assert table.step == 1  # exactly one move stored
    assert second.game.history == first.game.history == table.game.history
    assert "1 steps" in second.title.value
    # and the next press plays on from the board now
    press_first(second)
    assert table.step == 2


def test_the_teacher_moving_first_is_named(url: str, links: list[TableLink]) -> None:
    room, table, ana_token, _ = class_of(url)
    ana = device(url, room.code, table.code, ana_token, links, watch=False)
    table.play("0:roll", seat=0, step=0)  # the teacher's room plays any seat
    with pytest.raises(StaleMove, match="^The teacher moved first") as caught:
        link_of(ana).play(Action.parse("0:roll"))
    assert (caught.value.step, caught.value.now, caught.value.by) == (0, 1, "the teacher")
    assert ana.game.history == table.game.history


def test_another_seat_and_illegal_actions_are_refused_and_change_nothing(
        url: str, links: list[TableLink]) -> None:
    room, table, ana_token, ben_token = class_of(url)
    ana = device(url, room.code, table.code, ana_token, links, seat=0, watch=False)
    ben = device(url, room.code, table.code, ben_token, links, seat=1, watch=False)
    before = ben.game.digest()
    # FR-ROUND-2: Ben's device cannot play Ana's seat, even past the buttons (a map click)
    ben.errors.guard(ben.play)(Action.parse("0:roll"))
    assert ben.errors.text == ("0:roll: you play Player 2 at table "
                               f"{table.code}, not Player 1 (Ana) [rule FR-ROUND-2]")
    with pytest.raises(IllegalAction, match="rule FR-ROUND-2"):
        link_of(ben).play(Action.parse("1:roll"))  # not Ben's turn: the game refuses it
    # an action the rules refuse now: the game's own error text, nothing stored
    ana.errors.guard(ana.play)(Action.parse("0:end"))
    assert ana.errors.text == ("0:end: not a legal choice for: round 1: roll the Slave "
                               "Catcher and Movement dice [rule FR-CATCH-1]")
    assert table.step == 0 and ben.game.digest() == before == ana.game.digest()
    # a seat the teacher freed: the device is told, nothing stored
    table.free(0)
    ana.actions.press(ana.actions.actions[0])
    assert ana.errors.text == (f"seat token: this device does not hold Player 1 at table "
                               f"{table.code}")
    assert table.step == 0 and len(ana.game.history) == 0


def test_the_table_hides_what_would_act_for_another_seat(url: str,
                                                         links: list[TableLink]) -> None:
    room, table, ana_token, _ = class_of(url)
    ana = device(url, room.code, table.code, ana_token, links, watch=False)
    hidden = (ana.header, ana.stepper.widget, ana.seats_box, ana.evalbar.widget)
    assert all(part.layout.display == "none" for part in hidden)
    assert ana.tabs.titles == ("Moves", "Log", "State")  # no Save / load, no New game
    assert "undo, the other seats, loading and new games are off" in ana.table_note.value
    assert "seed" not in ana.title.value and f"table {table.code}" in ana.title.value
    press_first(ana)
    assert ana.header.layout.display == "none"  # stays hidden after a redraw


# ---------------------------------------------------------------------------- bots
def test_bots_are_played_once_by_the_device_that_hands_them_the_turn(
        url: str, links: list[TableLink]) -> None:
    room, table, ana_token, ben_token = class_of(url, players=3, seed=5,
                                                 bots={2: "heuristic"})
    ana = device(url, room.code, table.code, ana_token, links, seat=0)
    ben = device(url, room.code, table.code, ben_token, links, seat=1)
    assert "Player 3 (heuristic bot)" in ana.prompt.value or ana.game.to_move == 0
    # rounds 1 and 2: Ben (Player 2) plays just before the bot (Player 3) each time
    while table.step < 45:
        game = table.game
        if game.to_move == 2:  # the bot is being played: wait for it
            until(lambda: table.game.to_move != 2, 10, "the bot's moves")
            continue
        mover = ana if game.to_move == 0 else ben
        drawn(mover, table.step)
        press_first(mover)
    log = table.log()
    bot_moves = [r for r in log if r.seat == 2]
    assert bot_moves and all(r.by == "the heuristic bot" for r in bot_moves)
    until(lambda: link_of(ana).bot_moves + link_of(ben).bot_moves == len(bot_moves), 10,
          "every bot move to be counted")
    assert link_of(ben).bot_moves == len(bot_moves) and link_of(ana).bot_moves == 0
    assert [r.step for r in log] == list(range(1, len(log) + 1))  # one move per step
    drawn(ana, table.step)
    assert ana.game.digest() == table.game.digest()


def test_a_bot_left_waiting_by_a_closed_page_is_played_by_another_device(
        url: str, links: list[TableLink]) -> None:
    room, table, ana_token, ben_token = class_of(url, players=3, seed=5,
                                                 bots={2: "heuristic"})
    for action in ["0:roll", "0:buy c1_1x2", "0:buy c1_1x2", "1:buy c1_1x2"]:
        table.play(action, seat=int(action[0]), step=table.step)
    ana = device(url, room.code, table.code, ana_token, links, seat=0)
    # Ben's last buy is stored and his page closes before it plays the bot
    table.play("1:buy c1_2x1", seat=1, step=table.step, token=ben_token)
    stored = time.monotonic()
    until(lambda: table.step > 5, 2 * BOT_GRACE + 5, "another device to play the bot")
    assert time.monotonic() - stored >= BOT_GRACE - 0.5  # only after the grace
    until(lambda: table.game.to_move != 2, 10, "the bot's turn to end")
    assert link_of(ana).bot_moves == sum(1 for r in table.log() if r.seat == 2) >= 1


def test_two_processes_playing_the_bots_at_once_store_each_move_once(url: str,
                                                                     tmp_path: Path) -> None:
    room = Classroom.create(url, pin="4321")
    table = room.new_table("slowfreight", players=3, seed=21,
                           bots={0: "greedy", 1: "small-fast", 2: "greedy"})
    go = tmp_path / "go"
    workers = [_script("bots", url, room.code, table.code, str(go)) for _ in range(2)]
    for worker in workers:
        assert worker.stdout is not None and worker.stdout.readline() == "ready\n"
    go.touch()
    made = []
    for worker in workers:
        out, err = worker.communicate(timeout=240)
        assert worker.returncode == 0, err
        made.append(int(out.split()[-1]))
    log = table.log()
    assert [r.step for r in log] == list(range(1, len(log) + 1))
    assert sum(made) == table.step == len(log) >= 40  # each bot move stored by one process
    assert len(table.game.history) == table.step  # and the log replays


# ---------------------------------------------------------------------------- processes
def test_a_device_in_another_process_plays_its_seat(url: str,
                                                    links: list[TableLink]) -> None:
    room, table, ana_token, ben_token = class_of(url, seed=3)
    ana = device(url, room.code, table.code, ana_token, links, seat=0)
    ben = _script("device", url, room.code, table.code, ben_token, "3")
    assert ben.stdout is not None
    presses = 0
    while presses < 3:  # Ben's three presses come from the other process
        if table.game.to_move == 0:
            drawn(ana, table.step)
            press_first(ana)
            continue
        line = ben.stdout.readline()
        assert line.startswith("pressed "), line + (ben.stderr.read() if ben.stderr else "")
        presses += 1
        step = int(line.split()[1])
        until(lambda s=step: link_of(ana).drawn >= s, 5, "Ben's move on Ana's device")
    # the rest through the same buffered reader as readline: communicate() reads the pipe
    # itself and would miss a digest line that readline already buffered with the last press
    out = ben.stdout.read()
    err = ben.stderr.read() if ben.stderr else ""
    assert ben.wait(timeout=60) == 0, err
    drawn(ana, table.step)
    assert out.split()[-1] == ana.game.digest()[:16] == table.game.digest()[:16]
    assert any(r.by == "Ben" for r in table.log())


def test_a_reloaded_page_rejoins_its_seat(url: str, links: list[TableLink]) -> None:
    room, table, ana_token, _ = class_of(url)
    ana = device(url, room.code, table.code, ana_token, links)
    for _ in range(2):  # Player 1 rolls and buys (and buys again after the reload)
        press_first(ana)
    link_of(ana).stop()
    ana.close()  # the page is reloaded: a new kernel, a new Classroom object
    again = device(url, room.code, table.code, ana_token, links)
    assert link_of(again).seat == 0
    assert again.game.history == table.game.history and "2 steps" in again.title.value
    press_first(again)
    assert table.step == 3
    with pytest.raises(AccessDenied, match="holds Player 1 at table .*, not Player 2"):
        device(url, room.code, table.code, ana_token, links, seat=1)
    table.free(0)  # the teacher freed the seat: the old token no longer rejoins
    with pytest.raises(AccessDenied, match="claim a seat"):
        device(url, room.code, table.code, ana_token, links)


# ---------------------------------------------------------------------------- spectator
def test_the_spectator_view_follows_the_table_without_controls(
        url: str, links: list[TableLink]) -> None:
    room, table, ana_token, _ = class_of(url)
    view = spectator_app(Classroom(url, code=room.code).table(table.code))
    links.append(link_of(view))
    ana = device(url, room.code, table.code, ana_token, links)
    assert view.actions.actions == [] and view.tabs.titles == ("Moves", "Log", "State")
    assert "public information only" in view.table_note.value
    assert "seed" not in view.title.value  # the seed would tell the decks' order
    assert "Player 1 (Ana):" in view.prompt.value
    press_first(ana)
    press_first(ana)
    drawn(view, 2, "the moves on the projector")
    assert view.game.digest() == table.game.digest()
    assert "What just happened" in view.recent.value
    with pytest.raises(IllegalAction, match="seen live"):
        link_of(view).play(view.game.legal_actions()[0])
    assert table.step == 2


# ---------------------------------------------------------------------------- scripts
def _script(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.Popen([sys.executable, __file__, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _device_main(url: str, code: str, table_code: str, token: str, presses: int) -> None:
    table = Classroom(url, code=code).table(table_code)
    app = table_app(table, None, token, bot_pace=0)
    link = link_of(app)
    done = 0
    deadline = time.monotonic() + 120
    while done < presses and time.monotonic() < deadline:
        game = app.game
        if game.to_move == link.seat and link.drawn == table.step:
            press_first(app)
            done += 1
            print("pressed", len(app.game.history), flush=True)
        time.sleep(0.02)
    drawn(app, table.step, "the last moves")
    link.stop()
    print("digest", app.game.digest()[:16], flush=True)


def _bots_main(url: str, code: str, table_code: str, go: str) -> None:
    table = Classroom(url, code=code).table(table_code)
    assert table.game.history is not None  # replayed before the race: only the store races
    print("ready", flush=True)
    while not Path(go).exists():
        time.sleep(0.0005)
    print("made", table.play_bots(max_moves=40), flush=True)


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "device":
        _device_main(*sys.argv[2:6], int(sys.argv[6]))
    else:
        _bots_main(*sys.argv[2:6])
