"""Peak memory of a ``freight-freedom simulate`` run as the number of games grows.

    .venv/bin/python benchmarks/bench_memory.py                       # 10^3, 10^4, 10^5 games
    .venv/bin/python benchmarks/bench_memory.py --games 1000 1000000  # up to 10^6 (long)

Each size runs the command line in a fresh process (Slow Freight, 2 players, random bots, one
process, rows written to a CSV file as they come) and reads that process's peak resident set
size from ``wait4``. The run streams its tasks and rows, so the peak should not grow with the
number of games; the CSV file does (about 0.4 kB a game).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def peak_rss(n_games: int, jobs: int, out: Path) -> tuple[float, float]:
    """Peak RSS in MiB of the CLI process and the wall seconds, for ``n_games``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "freight_freedom.cli", "simulate", "slowfreight", "--players",
         "2", "--bot", "random", "--games", str(n_games), "--jobs", str(jobs), "--out",
         str(out), "--no-progress"],
        stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{n_games} games: exit status {proc.returncode}")
    return usage.ru_maxrss / 1024, time.perf_counter() - start  # Linux: ru_maxrss in KiB


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10**3, 10**4, 10**5])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1: in-process)")
    args = parser.parse_args(argv)
    print(f"{'games':>9} {'peak RSS MiB':>13} {'seconds':>8} {'games/s':>8} {'CSV MiB':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.csv"
        for n in args.games:
            peak, seconds = peak_rss(n, args.jobs, out)
            print(f"{n:>9} {peak:>13.1f} {seconds:>8.1f} {n / seconds:>8.0f} "
                  f"{out.stat().st_size / 2**20:>8.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
