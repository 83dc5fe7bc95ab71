"""The first figure of a fresh process: CPU time of ``game.figure()``, plotly's imports included.

    .venv/bin/python benchmarks/bench_figure.py [--runs N] [--game freedom|slowfreight]
    .venv/bin/python benchmarks/bench_figure.py --profile    # where one first figure's time goes

Each run is a new Python process that makes the game (its own imports are not counted), with
the bytecode cached (a first run, not counted, writes it), then
times ``figure()`` in CPU seconds (``time.process_time``, so that other programs on a busy machine
count less than in wall time). Reported: the median, the fastest and the slowest of N runs, and
for the median run the part spent importing plotly. The goal for the Freedom map is < 150 ms;
on a machine where plotly alone takes about that, the ratio to plotly's own first figure (a
one-point scatter, measured in the same run, interleaved) is the figure that compares.
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
slow = sys.argv[1] == "slowfreight"
game = SlowFreight(players=3, seed=7) if slow else Freedom(players=2, seed=1)
game.legal_actions()
start = time.process_time()
import plotly.graph_objects as go  # noqa: F401  (what figure() imports first)
imported = time.process_time()
if sys.argv[1] == "bare":  # the floor: plotly's own first figure, one trace of one point
    fig = go.Figure(data=[go.Scatter(x=[1], y=[1])])
else:
    fig = game.figure()
done = time.process_time()
assert fig.data, "an empty figure"
print(json.dumps({"total": (done - start) * 1000, "imports": (imported - start) * 1000,
                  "traces": len(fig.data)}))
"""


def _env() -> dict[str, str]:
    """The child's environment: this checkout first, and bytecode cached as an installed
    package has it (with ``PYTHONDONTWRITEBYTECODE`` set, every run would compile the modules
    it imports and time that instead)."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def one_run(game: str) -> dict[str, float]:
    env = _env()
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
    one_run(game)  # writes the bytecode
    subprocess.run([sys.executable, "-c", code, game], check=True, env=_env(), cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--game", choices=["freedom", "slowfreight"], default="freedom")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(args.game)
        return
    one_run(args.game)  # a first run writes the bytecode; it is not counted
    runs, bare = [], []
    for _ in range(args.runs):  # interleaved, so that a change of load touches both alike
        runs.append(one_run(args.game))
        bare.append(one_run("bare")["total"])
    runs.sort(key=lambda r: r["total"])
    totals = [r["total"] for r in runs]
    median = runs[len(runs) // 2]
    print(f"{args.game}: first figure() in a fresh process, CPU, {args.runs} runs: "
          f"median {statistics.median(totals):.0f} ms (min {totals[0]:.0f}, "
          f"max {totals[-1]:.0f}); median run: {median['imports']:.0f} ms importing plotly, "
          f"{median['total'] - median['imports']:.0f} ms building {median['traces']:.0f} traces"
          f"; load {os.getloadavg()[0]:.1f}")
    floor = statistics.median(bare)
    print(f"  plotly's own first figure (one point) in the same run: median {floor:.0f} ms; "
          f"ours is {statistics.median(totals) / floor:.2f}x that")


if __name__ == "__main__":
    main()
