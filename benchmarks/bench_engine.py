"""Engine speed that search needs, in one run: games/s, the cost of a copy, the Slow Freight ratio.

Run from the repository root::

    PYTHONPATH=. .venv/bin/python benchmarks/bench_engine.py [--games 40] [--runs 5]

Reports, each the median of ``--runs`` interleaved runs on one core (CPU time,
``time.process_time``, so other jobs on a shared machine slow it less than wall time would):

- Freedom random games/s (players cycling 1-4) with the checked ``apply`` and events on, and on
  the simulation path (``apply_unchecked`` on a quiet game; what rollouts use). Issue 22's goal
  is 400/s (239 when it was filed).
- The cost of one ``Game.copy`` and one ``determinized`` copy of a mid-game position of each
  game, in microseconds and in random decisions of the same game (a search makes one
  determinization per simulation).
- Slow Freight random 4-player games/s with events on (unchecked) and quiet, as a fraction of the
  bare reference loop ``/work/shared/bench/ref_slowfreight.py`` run in the same process (the
  goal: events on >= 0.4x; 0.28x when issue 22 was filed).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.freedom.game import Freedom

_HERE = Path(__file__).resolve().parent


def _bench_slowfreight() -> Any:
    """``bench_slowfreight.py`` beside this file (its reference loader and ratio runs)."""
    path = _HERE / "bench_slowfreight.py"
    spec = importlib.util.spec_from_file_location("bench_slowfreight", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_slowfreight"] = module
    spec.loader.exec_module(module)
    return module


def freedom_rate(games: int, first_seed: int, *, fast: bool) -> tuple[float, float]:
    """Random Freedom games (players 1-4 in turn); returns (games/s, decisions/s) of CPU."""
    decisions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Freedom(players=1 + seed % 4, seed=seed)
        if fast:
            game.quiet()
        decisions += play_out(game, RandomBot(seed), checked=not fast)
    elapsed = time.process_time() - start
    return games / elapsed, decisions / elapsed


def _mid_game(cls: Any, players: int, steps: int) -> Any:
    game = cls(players=players, seed=1)
    bot = RandomBot(1)
    for _ in range(steps):
        game.apply(bot.choose(game))
    return game


def copy_cost(game: Any, n: int) -> tuple[float, float]:
    """Median-free mean cost of one copy and one determinization, in seconds (``n`` each)."""
    start = time.process_time()
    for _ in range(n):
        game.copy()
    copy_s = (time.process_time() - start) / n
    start = time.process_time()
    for i in range(n):
        game.determinized(0, i)
    det_s = (time.process_time() - start) / n
    return copy_s, det_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="Freedom games per run")
    parser.add_argument("--sf-games", type=int, default=100, help="Slow Freight games per run")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    med = statistics.median
    print(f"load average at start: {os.getloadavg()[0]:.1f} (2-core machine shared)")

    checked, fast, dps_fast = [], [], []
    for r in range(args.runs):
        checked.append(freedom_rate(args.games, r * args.games, fast=False)[0])
        g, d = freedom_rate(args.games, r * args.games, fast=True)
        fast.append(g)
        dps_fast.append(d)
    print(f"Freedom {Freedom.rules_version}, random bots, players 1-4 in turn, "
          f"{args.games} games x {args.runs} runs, medians, one core (CPU time)")
    print(f"  checked apply, events on : {med(checked):7.0f} games/s (goal 400; 239 at issue 22)")
    print(f"  unchecked, quiet         : {med(fast):7.0f} games/s, {med(dps_fast):.0f} decisions/s")

    print("Copies of a mid-game position (mean of 2000; 'decisions' = random decisions of the "
          "same game, quiet, in the same time)")
    for cls, players, steps, decision_s in (
            (Freedom, 4, 120, 1 / med(dps_fast)),
            (SlowFreight, 4, 60, None)):
        game = _mid_game(cls, players, steps)
        if decision_s is None:
            decisions = 0
            start = time.process_time()
            for seed in range(50):
                decisions += play_out(SlowFreight(players=4, seed=seed).quiet(), RandomBot(seed),
                                      checked=False)
            decision_s = (time.process_time() - start) / decisions
        copy_s, det_s = copy_cost(game, 2000)
        print(f"  {cls.__name__:11} {players}p: copy {copy_s * 1e6:6.0f} us "
              f"({copy_s / decision_s:4.1f} decisions), determinized {det_s * 1e6:6.0f} us "
              f"({det_s / decision_s:4.1f} decisions)")

    sf = _bench_slowfreight()
    ref = sf.load_reference(sf.REFERENCE)
    if ref is None:
        print(f"(no reference loop at {sf.REFERENCE}: Slow Freight ratio skipped)")
        return
    f = sf.ratio(ref, args.sf_games, args.runs)
    print(f"Slow Freight random 4-player games/s vs the bare loop ({f['bare']:.0f}/s), "
          f"{args.sf_games} games x {args.runs} runs, medians of per-run ratios")
    print(f"  events on (unchecked): {f['events']:6.0f} games/s, ratio {f['ratio_events']:.2f} "
          "(goal 0.4; 0.28 at issue 22)")
    print(f"  quiet (unchecked)    : {f['quiet']:6.0f} games/s, ratio {f['ratio']:.2f}")


if __name__ == "__main__":
    main()
