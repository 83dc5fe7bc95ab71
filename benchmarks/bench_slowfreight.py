"""Slow Freight speed: random-bot games per second and decisions per second, 2/3/4 players.

Run from the repository root::

    .venv/bin/python benchmarks/bench_slowfreight.py [--games 200] [--runs 5]

Each figure is the median of ``--runs`` runs on one core. "checked" is the default ``apply``
(legality and seat checks, full event log); "unchecked" is ``apply_unchecked``, the simulation fast
path, still with the full event log; "quiet" is ``apply_unchecked`` on a game made quiet with
``game.quiet()`` (the same rules code, no events built: what rollouts and simulations use). The
target (issue 2) is at least 300 checked 4-player games per second.

``--ratio`` (on by default) also times the bare reference loop of the same rules
(``/work/shared/bench/ref_slowfreight.py``, or ``--reference PATH``) in the same process and prints
the engine's random 4-player games per second as a fraction of the reference's, the median of
``--runs`` interleaved runs: first for quiet games (the reference builds no log either; this is
the figure the target of issue 13, at least 0.4, is about), then with events on (unchecked).

Time is this process's CPU time (``time.process_time``), so other jobs sharing the machine slow the
figures less than wall-clock time would; on an idle core the two agree.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from pathlib import Path
from types import ModuleType

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot, play_out


def one_run(players: int, games: int, *, checked: bool, first_seed: int,
            quiet: bool = False) -> tuple[float, float]:
    """Play ``games`` random games (``quiet``: without events); returns (games per second,
    decisions per second)."""
    decisions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = SlowFreight(players=players, seed=seed)
        if quiet:
            game.quiet()
        decisions += play_out(game, RandomBot(seed), checked=checked)
    elapsed = time.process_time() - start
    return games / elapsed, decisions / elapsed


REFERENCE = Path("/work/shared/bench/ref_slowfreight.py")


def load_reference(path: Path) -> ModuleType | None:
    """The bare reference loop as a module (None if the file is missing)."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("ref_slowfreight", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference_rate(ref: ModuleType, games: int, seed: int) -> float:
    """Reference games per second (4 players), exactly as its own ``__main__`` plays them."""
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(games):
        ref.play(4, rng)
    return games / (time.process_time() - start)


def ratio(ref: ModuleType, games: int, runs: int) -> dict[str, float]:
    """Median games/s of the engine (quiet, and with events on: ``"events"``) and of the reference
    (``"bare"``), and the medians of the per-run ratios (``"ratio"``, ``"ratio_events"``); the
    three loops run interleaved, one after the other in each run."""
    quiet, loud, bare, ratios, ratios_loud = [], [], [], [], []
    for r in range(runs):
        q = one_run(4, games, checked=False, first_seed=r * games, quiet=True)[0]
        e = one_run(4, games, checked=False, first_seed=r * games)[0]
        b = reference_rate(ref, games * 5, seed=r + 1)
        quiet.append(q)
        loud.append(e)
        bare.append(b)
        ratios.append(q / b)
        ratios_loud.append(e / b)
    med = statistics.median
    return {"quiet": med(quiet), "events": med(loud), "bare": med(bare), "ratio": med(ratios),
            "ratio_events": med(ratios_loud)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--reference", type=Path, default=REFERENCE,
                        help="the bare reference loop (default: %(default)s)")
    parser.add_argument("--no-ratio", action="store_true", help="skip the reference ratio")
    args = parser.parse_args()
    ref = None if args.no_ratio else load_reference(args.reference)
    if ref is not None:
        f = ratio(ref, args.games, args.runs)
        print(f"engine {f['quiet']:.0f} random 4-player games/s (quiet, unchecked), bare reference "
              f"loop {f['bare']:.0f}/s: ratio {f['ratio']:.2f} (median of {args.runs} runs; "
              "target >= 0.4)")
        print(f"with events on (unchecked): {f['events']:.0f} games/s, ratio "
              f"{f['ratio_events']:.2f}")
    elif not args.no_ratio:
        print(f"(no reference loop at {args.reference}: ratio skipped)")
    print(f"Slow Freight, random bots, {args.games} games per run, median of {args.runs} runs")
    print(f"{'players':>7} {'mode':>9} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15}")
    for players in (2, 3, 4):
        for mode in ("checked", "unchecked", "quiet"):
            runs = [one_run(players, args.games, checked=mode == "checked",
                            first_seed=r * args.games, quiet=mode == "quiet")
                    for r in range(args.runs)]
            gps = statistics.median(r[0] for r in runs)
            dps = statistics.median(r[1] for r in runs)
            print(f"{players:>7} {mode:>9} {gps:>9.0f} {dps:>12.0f} {dps / gps:>15.1f}")


if __name__ == "__main__":
    main()
