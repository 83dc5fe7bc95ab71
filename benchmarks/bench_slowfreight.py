"""Slow Freight speed: random-bot games per second and decisions per second, 2/3/4 players.

Run from the repository root::

    .venv/bin/python benchmarks/bench_slowfreight.py [--games 200] [--runs 5]

Each figure is the median of ``--runs`` runs on one core. "checked" is the default ``apply``
(legality and seat checks, full event log); "unchecked" is ``apply_unchecked``, the simulation fast
path. The target (issue 2) is at least 300 checked 4-player games per second.

Time is this process's CPU time (``time.process_time``), so other jobs sharing the machine slow the
figures less than wall-clock time would; on an idle core the two agree.
"""

from __future__ import annotations

import argparse
import statistics
import time

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot, play_out


def one_run(players: int, games: int, *, checked: bool, first_seed: int) -> tuple[float, float]:
    """Play ``games`` random games; returns (games per second, decisions per second)."""
    decisions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = SlowFreight(players=players, seed=seed)
        decisions += play_out(game, RandomBot(seed), checked=checked)
    elapsed = time.process_time() - start
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    args = parser.parse_args()
    print(f"Slow Freight, random bots, {args.games} games per run, median of {args.runs} runs")
    print(f"{'players':>7} {'mode':>9} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15}")
    for players in (2, 3, 4):
        for checked in (True, False):
            runs = [one_run(players, args.games, checked=checked, first_seed=r * args.games)
                    for r in range(args.runs)]
            gps = statistics.median(r[0] for r in runs)
            dps = statistics.median(r[1] for r in runs)
            mode = "checked" if checked else "unchecked"
            print(f"{players:>7} {mode:>9} {gps:>9.0f} {dps:>12.0f} {dps / gps:>15.1f}")


if __name__ == "__main__":
    main()
