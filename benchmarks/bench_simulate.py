"""Simulation speed and memory: games per second per game and bot, the 1 -> 2 process speed-up.

    .venv/bin/python benchmarks/bench_simulate.py            # the issue's targets
    .venv/bin/python benchmarks/bench_simulate.py --quick    # a smaller smoke run
    .venv/bin/python benchmarks/bench_simulate.py --only slowfreight

Each case runs ``simulate`` with ``n_jobs=1`` and ``n_jobs=2`` (median of ``--repeat`` runs) and
prints games/s and the speed-up. Targets on a 2-core machine: 1,000 Freedom heuristic games and
10,000 Slow Freight random games each in under 20 s. The memory check plays growing numbers of
games in-process under ``tracemalloc``: the peak minus the result table should stay flat, since
workers return rows, never game objects.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from typing import Any

from freight_freedom.analysis import simulate


@dataclass
class Case:
    game: str
    bot: Any
    n_games: int
    options: dict[str, Any] = field(default_factory=dict)
    target_s: float | None = None

    @property
    def title(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options.items())
        bot = self.bot if isinstance(self.bot, str) else "/".join(self.bot)
        return f"{self.game:<11} {bot:<18} {opts}"


def cases(quick: bool) -> list[Case]:
    scale = 10 if quick else 1
    return [
        Case("slowfreight", "random", 10_000 // scale, {"players": 3}, 20.0),
        Case("slowfreight", "greedy", 2_000 // scale, {"players": 3}),
        Case("slowfreight", "small-fast", 2_000 // scale, {"players": 3}),
        Case("slowfreight", ["montecarlo:2", "random"], 20 // min(scale, 4), {"players": 2}),
        Case("freedom", "heuristic", 1_000 // scale, {"players": 2}, 20.0),
        Case("freedom", "random", 1_000 // scale, {"players": 2}),
    ]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(case: Case, n_jobs: int, repeat: int) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds (this process plus its worker processes).

    The loky workers are shut down after each run so that their CPU time is counted
    (``RUSAGE_CHILDREN`` only sees processes that have ended); their start-up is included.
    """
    from joblib.externals.loky import get_reusable_executor

    walls, cpus = [], []
    for _ in range(repeat):
        get_reusable_executor().shutdown(wait=True)
        start, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
        df = simulate(case.game, case.n_games, bot=case.bot, seed=1, n_jobs=n_jobs,
                      progress=False, **case.options)
        walls.append(time.perf_counter() - start)
        get_reusable_executor().shutdown(wait=True)
        cpus.append(time.process_time() - cpu + _children_cpu() - children)
        assert len(df) == case.n_games
    return statistics.median(walls), statistics.median(cpus)


def speed(selected: list[Case], repeat: int) -> None:
    """Wall time with 1 and 2 processes, and CPU time of the 1-process run.

    On a shared machine wall times swing with the load (printed first); the 1-process CPU time
    does not, and ``cpu / 2`` is what 2 processes would take on two free cores (the workers return
    rows only, so parallel overhead is small: see the speed-up when the machine is quiet).
    """
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("cpu = CPU seconds of all processes; 'cpu 2p/1p' near 1.0 means the parallel run does")
    print("no extra work, so on two free cores it runs in about half the 1-process time.")
    print(f"{'case':<45} {'games':>6} {'1p wall':>8} {'1p cpu':>7} {'g/cpu-s':>8} "
          f"{'2p wall':>8} {'g/s':>6} {'speed-up':>8} {'cpu 2p/1p':>9}  target (2 procs)")
    for case in selected:
        try:
            (one, cpu) = timed(case, 1, repeat)
            (two, cpu2) = timed(case, 2, repeat)
        except (ImportError, AttributeError, ValueError) as exc:
            print(f"{case.title:<45} skipped: {exc}")
            continue
        verdict = ""
        if case.target_s is not None:
            verdict = (f"< {case.target_s:.0f} s: wall {'yes' if two < case.target_s else 'NO'}"
                       f", cpu/2 {'yes' if cpu / 2 < case.target_s else 'NO'}")
        print(f"{case.title:<45} {case.n_games:>6} {one:>8.2f} {cpu:>7.2f} "
              f"{case.n_games / cpu:>8.0f} {two:>8.2f} {case.n_games / two:>6.0f} "
              f"{one / two:>7.2f}x {cpu2 / cpu:>9.2f}  {verdict}", flush=True)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def memory(game: str, bot: str, sizes: list[int], options: dict[str, Any]) -> None:
    print(f"\nmemory, {game} {bot}, in-process (tracemalloc):")
    print(f"{'games':>7} {'peak MiB':>9} {'table MiB':>10} {'peak - table MiB':>17}")
    for n in sizes:
        tracemalloc.start()
        df = simulate(game, n, bot=bot, seed=2, progress=False, **options)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        table = df.memory_usage(deep=True).sum()
        print(f"{n:>7} {peak / 2**20:>9.1f} {table / 2**20:>10.2f} "
              f"{(peak - table) / 2**20:>17.1f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--repeat", type=int, default=1, help="runs per timing (median)")
    parser.add_argument("--only", choices=("slowfreight", "freedom"), help="one game only")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory check")
    args = parser.parse_args(argv)
    selected = [c for c in cases(args.quick) if args.only in (None, c.game)]
    speed(selected, args.repeat)
    if not args.no_memory:
        scale = 10 if args.quick else 1
        if args.only in (None, "slowfreight"):
            memory("slowfreight", "random", [500 // scale, 2000 // scale, 8000 // scale],
                   {"players": 3})
        if args.only in (None, "freedom"):
            memory("freedom", "heuristic", [100 // scale, 400 // scale], {"players": 2})
    return 0


if __name__ == "__main__":
    sys.exit(main())
