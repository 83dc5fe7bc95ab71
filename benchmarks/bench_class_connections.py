"""PostgreSQL connections of whole classes at once, without browsers.

Each page of a class is a kernel of its own. Here each student page is a process of its own
that does at the database what a student's page does: it joins, waits for the lesson's steps
and answers the questions, takes its seat and waits for its table, and plays its moves when its
turn comes. Each class has what its ``freight-freedom classroom`` server has beside the pages:
the relay of notifications (:mod:`freight_freedom.classroom.relay`) and the bot player; the
teacher paces the lesson from this process. Every 0.5 s the server's client connections are
counted (``pg_stat_activity``).

    PYTHONPATH=. .venv/bin/python benchmarks/bench_class_connections.py --classes 3 --students 30
    PYTHONPATH=. .venv/bin/python benchmarks/bench_class_connections.py --classes 1 --no-relay

``--no-relay``: each page listens on its own connection and keeps a pool of two, as the pages
did before the relay (the figure to compare with).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from pg_server import postgres

ROOT = Path(__file__).resolve().parent.parent

TABLE_SEATS = 3
"""Students at each table (and one bot seat): a class of 30 fills ten tables."""


# ------------------------------------------------------------------ one student's page
def page(url: str, code: str, name: str, table_code: str, seat: int, seconds: float,
         seed: int) -> None:
    """What a joined student's page does at the database, for ``seconds``."""
    from freight_freedom.classroom import Classroom, ClassroomError, StaleMove
    from freight_freedom.core.errors import IllegalAction

    rng = random.Random(seed)
    room = Classroom(url, code=code)
    me = room.join(name)
    table = room.table(table_code)
    token = table.claim(seat, me)
    stop = time.monotonic() + seconds

    def lesson() -> None:
        version = room.lesson.version
        while time.monotonic() < stop:
            now = room.lesson.wait(version, timeout=30)
            if now == version:
                continue
            version = now
            slide = room.lesson.now()
            if slide is None or slide.question is None or slide.revealed:
                continue
            time.sleep(rng.uniform(1, 5))  # reading and thinking
            answer: str | int = 0 if slide.question.options else rng.choice(["three", "3", "2"])
            with contextlib.suppress(ClassroomError):
                room.lesson.answer(me, answer, step=slide.step)

    threading.Thread(target=lesson, daemon=True).start()
    step = table.step
    while time.monotonic() < stop:
        game = table.game
        if game.is_over:
            break
        if game.to_move == seat:
            time.sleep(rng.uniform(1, 3))  # the student's click
            actions = [a for a in game.legal_actions() if a.seat == seat]
            if actions:
                with contextlib.suppress(StaleMove, IllegalAction, ClassroomError):
                    step = table.play(rng.choice(actions), seat=seat, step=table.step,
                                      token=token)
                continue
        step = table.wait(step, timeout=30)
    room.close()


# ------------------------------------------------------------------ the bench
def letters(n: int) -> str:
    """A name's part from a number (names take letters only): 0 -> "Aa", 27 -> "Bb"."""
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n // 26 % 26] + "abcdefghijklmnopqrstuvwxyz"[n % 26]


class Counter:
    """Client connections of the server every ``every`` seconds (its own excluded)."""

    def __init__(self, port: int, every: float = 0.5) -> None:
        self.port, self.every = port, every
        self.counts: list[tuple[float, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            while not self._stop.wait(self.every):
                row = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_type "
                                   "= 'client backend' AND pid <> pg_backend_pid()").fetchone()
                self.counts.append((time.monotonic(), int(row[0]) if row else 0))

    def start(self) -> Counter:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def between(self, start: float, end: float) -> list[int]:
        return [n for at, n in self.counts if start <= at <= end]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--classes", type=int, default=3)
    parser.add_argument("--students", type=int, default=30, help="students in each class")
    parser.add_argument("--seconds", type=float, default=90,
                        help="how long the classes run once everyone has joined")
    parser.add_argument("--no-relay", action="store_true",
                        help="pages listen and pool on their own (before the relay)")
    args = parser.parse_args()

    from freight_freedom.classroom import Classroom
    from freight_freedom.classroom.bots import BotPlayer
    from freight_freedom.classroom.notices import RELAY_ENV
    from freight_freedom.classroom.relay import Relay
    from freight_freedom.classroom.store import database_url

    pg = postgres(durable=True)
    counter = Counter(pg.port).start()
    pages: list[subprocess.Popen[bytes]] = []
    servers: list[Any] = []
    rooms: list[Any] = []
    try:
        url = pg.new_database()
        began = time.monotonic()
        plan: list[tuple[Any, list[tuple[str, str, int]]]] = []
        for c in range(args.classes):
            room = Classroom.create(url, name=f"Class {c + 1}")
            rooms.append(room)
            seats = []
            for t in range((args.students + TABLE_SEATS - 1) // TABLE_SEATS):
                table = room.new_table("freedom", players=TABLE_SEATS + 1, seed=c * 100 + t,
                                       bots={TABLE_SEATS: "heuristic"})
                seats += [(table.code, s) for s in range(TABLE_SEATS)]
            relay = None if args.no_relay else Relay(database_url(url)).start()
            bots = BotPlayer(url, room.code, pace=0.5)
            servers += [s for s in (relay, bots.start()) if s is not None]
            plan.append((relay, [(f"{'ABCDEFGHIJ'[c]} {letters(i)}", *seats[i])
                                 for i in range(args.students)]))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
        for (relay, students), room in zip(plan, rooms, strict=True):
            page_env = dict(env)
            if relay is not None:
                page_env[RELAY_ENV] = relay.address
            for n, (name, table_code, seat) in enumerate(students):
                pages.append(subprocess.Popen(
                    [sys.executable, __file__, "--page", url, room.code, name, table_code,
                     str(seat), str(args.seconds), str(n)], env=page_env,
                    stdin=subprocess.DEVNULL))
        deadline = time.monotonic() + 600
        while sum(len(r.students()) for r in rooms) < args.classes * args.students:
            if time.monotonic() > deadline or any(p.poll() not in (None, 0) for p in pages):
                print("pages failed to join", file=sys.stderr)
                return 1
            time.sleep(1)
        joined = time.monotonic()
        print(f"{len(pages)} pages joined in {joined - began:.0f} s "
              f"(relay: {not args.no_relay})", flush=True)
        for room in rooms:
            room.lesson.start("freedom")
        step = 0
        while time.monotonic() < joined + args.seconds - 5:
            time.sleep(4)
            step += 1
            for room in rooms:
                with contextlib.suppress(Exception):
                    room.lesson.go(step % 30)
        for p in pages:
            p.wait(timeout=120)
        ended = time.monotonic()
        during = counter.between(joined, ended)
        moves = sum(t.step for r in rooms for t in r.tables())
        answers = sum(len(r.lesson.tally(s).answered) for r in rooms for s in (3, 5, 14))
        print(f"classes {args.classes} x {args.students} students, {args.seconds:.0f} s, "
              f"{moves} moves stored, {answers} first answers to three questions")
        print(f"PostgreSQL client connections while the classes ran: median "
              f"{statistics.median(during):.0f}, peak {max(during)} "
              f"({len(during)} counts, every {counter.every} s)")
        print(f"all run long (joining included): peak {max(n for _a, n in counter.counts)}")
    finally:
        for p in pages:
            if p.poll() is None:
                p.kill()
        for s in servers:
            s.stop()
        for room in rooms:
            room.close()
        counter.stop()
        pg.close()
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--page":
        u, code, name, table_code, seat, seconds, seed = sys.argv[2:9]
        page(u, code, name, table_code, int(seat), float(seconds), int(seed))
    else:
        sys.exit(main())
