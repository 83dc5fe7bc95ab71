"""A simulated class on the classroom store: students on game tables and a paced lesson.

    .venv/bin/python benchmarks/bench_classroom.py                        # SQLite, 30 s
    .venv/bin/python benchmarks/bench_classroom.py --students 30 --tables 8 --seconds 150
    .venv/bin/python benchmarks/bench_classroom.py --store postgresql     # a throw-away server
    .venv/bin/python benchmarks/bench_classroom.py --store postgresql://user@host/db

Every student is a separate process (as every Voila page has its own kernel): it joins the
class, claims a seat at its table and loops: it waits for the table's next move (the latest-step
query :meth:`Table.wait` polls), plays a random legal move on its turn after a short think,
lets the bots play (every device at a table calls ``play_bots``; each bot move is stored once),
and follows the teacher's lesson, answering each question with a guess.
The teacher (this process) moves the lesson on every ``--pace`` seconds and reveals.

Reported: the time from pressing to a move's acknowledgement (stored), from a move being stored
(its timestamp) to another device of its table seeing it (p50/p95/max), the same for the
lesson's step; moves acknowledged but missing or at
another step (lost) and steps acknowledged twice (duplicated); answers acknowledged but missing;
CPU and peak memory per student process; and for PostgreSQL the server's CPU.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from freight_freedom.classroom import (  # noqa: E402
    Classroom,
    ClassroomError,
    StaleMove,
    answers_csv,
)
from freight_freedom.lessons import lesson  # noqa: E402

PIN = "24680"


def _plan(students: int, tables: int) -> list[tuple[str, int, int]]:
    """(game, players, student seats) per table: Freedom tables of up to 4, a bot in the
    seats no student fills; Slow Freight for every fourth table."""
    per = [students // tables + (1 if i < students % tables else 0) for i in range(tables)]
    plan = []
    for i, n in enumerate(per):
        game = "slowfreight" if i % 4 == 3 else "freedom"
        players = max(2, min(4, n + (1 if n < 4 else 0)))
        plan.append((game, players, min(n, players)))
    return plan


def student(index: int, url: str, class_code: str, table_code: str, seat: int,
            start: Any, stop: Any, think: float, out: Any) -> None:
    """One student's device: joins, claims its seat, waits for ``start``, then plays and
    follows the lesson until the time in ``stop``; puts its measurements on ``out``."""
    rng = random.Random(index)
    room = Classroom(url, code=class_code)
    me = room.join(f"Student {chr(65 + index % 26)}{'abcdefgh'[index // 26]}")
    table = room.table(table_code)
    token = table.claim(seat, me)
    pacing = room.lesson
    start.wait()
    stop_at = stop.value
    cpu0 = time.process_time()
    seen = table.step
    game = table.game
    bots = {s.seat for s in table.seats() if s.kind == "bot"}
    version = 0
    move_delays: list[float] = []
    store_times: list[float] = []  # from pressing to the acknowledgement
    pace_seen: list[tuple[int, float]] = []
    acked: list[tuple[int, str]] = []
    answers = stale = errors = 0
    my_turn_since: float | None = None
    while time.time() < stop_at:
        now_step = table.wait(seen, timeout=0.1)
        if now_step > seen:
            seen_at = time.time()
            for record in table.log(since=seen):
                if record.by != me.name:
                    move_delays.append(seen_at - record.at)
            seen = now_step
            game = table.game
        if game.to_move == seat:
            my_turn_since = my_turn_since or time.time()
            if time.time() - my_turn_since >= think * rng.random():
                action = rng.choice(game.legal_actions())
                pressed = time.perf_counter()
                try:
                    step = table.play(action, seat=seat, step=len(game.history), token=token)
                    store_times.append(time.perf_counter() - pressed)
                    acked.append((step, str(action)))
                except StaleMove:
                    stale += 1
                my_turn_since = None
                game = table.game
        elif game.to_move in bots:  # every device of the table offers; each move stored once
            table.play_bots(max_moves=4)
            game = table.game
        current = pacing.version
        if current > version:
            version = current
            pace_seen.append((version, time.time()))
            slide = pacing.now()
            if slide is not None and slide.question is not None and not slide.revealed:
                options = slide.question.options
                guess: str | int = rng.randrange(len(options)) if options else \
                    rng.choice(["3", "2", "Cincinnati", "no", "four"])
                try:
                    pacing.answer(me, guess, step=slide.step)
                    answers += 1
                except ClassroomError:
                    errors += 1
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.put({"index": index, "table": table_code, "delays": move_delays, "pace": pace_seen,
             "store": store_times,
             "acked": acked, "answers": answers, "stale": stale, "errors": errors,
             "cpu": time.process_time() - cpu0, "rss_mib": usage.ru_maxrss / 1024})
    room.close()


def _server_cpu(pid: int) -> float:
    """CPU seconds of a PostgreSQL postmaster and its finished backends (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def _server_rss_mib(pid: int) -> float:
    """Resident memory of a PostgreSQL postmaster and its backends now, MiB (Linux /proc;
    shared buffers are counted once per process that touched them, so this is an upper
    bound)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            proc_pid = int(stat.parent.name)
            if proc_pid == pid or int(fields[1]) == pid:
                total += int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            continue
    return total / 2**20


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(url: str, students: int, tables: int, seconds: float, pace: float, think: float,
        server_pid: int | None) -> dict[str, Any]:
    teacher = Classroom.create(url, name="Benchmark", pin=PIN)
    plan = _plan(students, tables)
    seats: list[tuple[str, int]] = []
    codes = []
    for game, players, humans in plan:
        bots = {s: "random" for s in range(humans, players)}
        table = teacher.new_table(game, players=players, seed=len(codes) + 1, bots=bots)
        codes.append(table.code)
        seats.extend((table.code, s) for s in range(humans))
    teacher.lesson.start("freedom")
    ctx = mp.get_context("fork")
    start, out = ctx.Event(), ctx.Queue()
    teacher.store.close()  # no pooled connection crosses the fork
    shared_stop = ctx.Value("d", 0.0)  # set once everyone is in
    procs = []
    for i, (code, seat) in enumerate(seats):
        p = ctx.Process(target=student, args=(i, url, teacher.code, code, seat, start,
                                                     shared_stop, think, out))
        p.start()
        procs.append(p)
    time.sleep(2.0)
    while len(teacher.students()) < len(seats):
        time.sleep(0.2)
    cpu_before = _server_cpu(server_pid) if server_pid else 0.0
    began = time.time()
    shared_stop.value = began + seconds
    start.set()
    pace_times: dict[int, float] = {}
    steps = len(lesson("freedom").steps)
    i = 0
    server_rss = 0.0
    while time.time() < began + seconds - 1:
        time.sleep(pace / 2)
        if server_pid:
            server_rss = max(server_rss, _server_rss_mib(server_pid))
        slide = teacher.lesson.now()
        if slide is not None and slide.question is not None and not slide.revealed:
            slide = teacher.lesson.reveal()
        else:
            i = (i + 1) % steps
            slide = teacher.lesson.go(i)
        pace_times[slide.version] = time.time()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    wall = time.time() - began
    server_cpu = _server_cpu(server_pid) - cpu_before if server_pid else None

    # lost and duplicated: every acknowledged move must be in its table's log at its step
    lost = duplicated = 0
    finished = 0
    stored_moves = 0
    for code in codes:
        table = teacher.table(code)
        log = {r.step: r.action for r in table.log()}
        stored_moves += len(log)
        finished += table.game.is_over  # the whole log replays
        claims: dict[int, int] = {}
        for r in results:
            if r["table"] != code:
                continue
            for step, action in r["acked"]:
                claims[step] = claims.get(step, 0) + 1
                lost += log.get(step) != action
        duplicated += sum(n - 1 for n in claims.values() if n > 1)
    answers_stored = len(answers_csv(teacher).splitlines()) - 1
    delays = [d for r in results for d in r["delays"]]
    stores = [d for r in results for d in r["store"]]
    pace_delays = [t - pace_times[v] for r in results for v, t in r["pace"] if v in pace_times]
    return {
        "students": len(seats), "tables": len(codes), "seconds": round(wall, 1),
        "moves stored": stored_moves, "moves seen by others": len(delays),
        "move stored p50 ms": round(1000 * _pct(stores, 0.5)),
        "move stored p95 ms": round(1000 * _pct(stores, 0.95)),
        "move seen p50 ms": round(1000 * _pct(delays, 0.5)),
        "move seen p95 ms": round(1000 * _pct(delays, 0.95)),
        "move seen max ms": round(1000 * max(delays, default=float("nan"))),
        "lesson step seen p50 ms": round(1000 * _pct(pace_delays, 0.5)),
        "lesson step seen p95 ms": round(1000 * _pct(pace_delays, 0.95)),
        "moves lost": lost, "moves duplicated": duplicated,
        "stale moves refused": sum(r["stale"] for r in results),
        "answers acknowledged": sum(r["answers"] for r in results),
        "answers stored": answers_stored,
        "games finished": finished,
        "CPU per student %": round(100 * statistics.mean(r["cpu"] for r in results) / wall, 1),
        "peak RSS per student MiB": round(statistics.mean(r["rss_mib"] for r in results), 1),
        "server CPU %": None if server_cpu is None else round(100 * server_cpu / wall, 1),
        "server RSS MiB (peak sample)": round(server_rss) if server_pid else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default="sqlite",
                        help="sqlite (a temporary file), postgresql (a throw-away server), or "
                             "a database URL")
    parser.add_argument("--students", type=int, default=12)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=20.0,
                        help="seconds between two lesson steps (a reveal halfway)")
    parser.add_argument("--think", type=float, default=1.5,
                        help="a student thinks up to this many seconds before a move")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    server = None
    with tempfile.TemporaryDirectory(prefix="ff-bench-classroom-") as tmp:
        if args.store == "sqlite":
            url = f"sqlite:///{tmp}/class.db"
        elif args.store == "postgresql":
            sys.path.insert(0, str(ROOT / "tests" / "classroom"))
            import glob

            from conftest import PostgresServer  # the tests' throw-away server

            initdb = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
            if not initdb:
                raise SystemExit("no PostgreSQL server installed (Debian package postgresql)")
            server = PostgresServer(Path(initdb[-1]).parent, durable=True)
            server.start()
            url = server.new_database()
        else:
            url = args.store
        try:
            pid = None
            if server is not None:
                pid = int((server.data / "postmaster.pid").read_text().split()[0])
            report = run(url, args.students, args.tables, args.seconds, args.pace, args.think,
                         pid)
        finally:
            if server is not None:
                server.close()
    print(f"store: {args.store.split('://')[0]}, load average before: {load:.1f}, after: "
          f"{os.getloadavg()[0]:.1f}")
    for key, value in report.items():
        print(f"  {key:28} {value}")


if __name__ == "__main__":
    main()
