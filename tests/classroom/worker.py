"""A device in its own process, for the concurrency and fault tests (run as a script).

    worker.py race URL PIN TABLE ROUNDS DIR  for each step 0..ROUNDS-1: replay, wait for the
                                             file DIR/go<step>, then play at that step
    worker.py loop URL PIN TABLE MOVES       play MOVES moves, printing each acknowledged one

``race`` prints ``ready`` once it has replayed the table, then ``stored N`` or
``stale <message>``, each round; ``loop`` prints ``ack STEP ACTION`` after
each move is stored (its acknowledgement), flushed at once.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from freight_freedom.classroom import Classroom, StaleMove


def race(url: str, pin: str, code: str, rounds: int, where: str) -> None:
    table = Classroom(url, pin=pin).table(code)
    for step in range(rounds):
        if step:
            table.wait(step - 1, timeout=30.0)  # the previous round's move is stored
        game = table.game  # replayed before the race: only the store is raced
        action = game.legal_actions()[0]
        print("ready", flush=True)
        go = Path(where) / f"go{step}"
        while not go.exists():
            time.sleep(0.0005)
        try:
            print("stored", table.play(action, seat=action.seat, step=step), flush=True)
        except StaleMove as exc:
            print("stale", exc, flush=True)


def loop(url: str, pin: str, code: str, moves: int) -> None:
    table = Classroom(url, pin=pin).table(code)
    for _ in range(moves):
        game = table.game
        if game.is_over:
            break
        action = game.legal_actions()[-1]
        step = table.play(action, seat=action.seat, step=len(game.history))
        print("ack", step, action, flush=True)


if __name__ == "__main__":
    command, url, pin, code, number = sys.argv[1:6]
    if command == "race":
        race(url, pin, code, int(number), sys.argv[6])
    else:
        loop(url, pin, code, int(number))
