"""The first figure of a fresh process: CPU time of ``game.figure()``, plotly's imports included.

    .venv/bin/python benchmarks/bench_figure.py [--runs N] [--game freedom|slowfreight]
    .venv/bin/python benchmarks/bench_figure.py --profile    # where one first figure's time goes

Each run is a new Python process that makes the game (its own imports are not counted), then
times ``figure()`` in CPU seconds (``time.process_time``, so that other programs on a busy machine
count less than in wall time). Reported: the median, the fastest and the slowest of N runs, and
for the median run the part spent importing plotly. The goal for the Freedom map is < 150 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, sys, time
from freight_freedom import Freedom, SlowFreight
game = Freedom(players=2, seed=1) if sys.argv[1] == "freedom" else SlowFreight(players=3, seed=7)
game.legal_actions()
start = time.process_time()
import plotly.graph_objects as go  # noqa: F401  (what figure() imports first)
imported = time.process_time()
fig = game.figure()
done = time.process_time()
assert fig.data, "an empty figure"
print(json.dumps({"total": (done - start) * 1000, "imports": (imported - start) * 1000,
                  "traces": len(fig.data)}))
"""


def one_run(game: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    out = subprocess.run([sys.executable, "-c", CHILD, game], capture_output=True, text=True,
                         check=True, env=env, cwd=ROOT)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def profile(game: str) -> None:
    code = CHILD.replace("fig = game.figure()",
                         "import cProfile, pstats\n"
                         "pr = cProfile.Profile(); pr.enable(); fig = game.figure(); "
                         "pr.disable()\n"
                         "pstats.Stats(pr, stream=sys.stderr).sort_stats('cumulative')"
                         ".print_stats(35)")
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    subprocess.run([sys.executable, "-c", code, game], check=True, env=env, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--game", choices=["freedom", "slowfreight"], default="freedom")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(args.game)
        return
    runs = sorted((one_run(args.game) for _ in range(args.runs)), key=lambda r: r["total"])
    totals = [r["total"] for r in runs]
    median = runs[len(runs) // 2]
    print(f"{args.game}: first figure() in a fresh process, CPU, {args.runs} runs: "
          f"median {statistics.median(totals):.0f} ms (min {totals[0]:.0f}, "
          f"max {totals[-1]:.0f}); median run: {median['imports']:.0f} ms importing plotly, "
          f"{median['total'] - median['imports']:.0f} ms building {median['traces']:.0f} traces"
          f"; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
