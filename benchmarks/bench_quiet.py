"""Quiet games against normal ones: how much faster a game is when it builds no events.

Run: ``.venv/bin/python benchmarks/bench_quiet.py [--games 30] [--runs 5]``

For each game (Freedom with the random and the heuristic bot, Slow Freight with the random bot,
2 players), ``--games`` games are played through ``apply_unchecked`` (the simulation and rollout
path) with the log on and with ``game.quiet()``, in interleaved runs so that a change of load on a
shared machine touches both alike. The figures are CPU time (``process_time``) per game, median of
``--runs``, and their ratio: the speed-up that docs/performance.md quotes. Each pair of games is
also checked to end in the same state (the same digest), so the speed-up is for the same games.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.freedom.bots import HeuristicBot

CASES: dict[str, tuple[type[Any], Any]] = {
    "Freedom, random bot": (Freedom, RandomBot),
    "Freedom, heuristic bot": (Freedom, lambda seed: HeuristicBot()),
    "Slow Freight, random bot": (SlowFreight, RandomBot),
}


def play(cls: type[Any], make_bot: Any, games: int, quiet: bool) -> tuple[float, list[str]]:
    """CPU seconds for ``games`` 2-player games (seeds 0...), and their digests."""
    digests = []
    start = time.process_time()
    for seed in range(games):
        game = cls(players=2, seed=seed)
        if quiet:
            game.quiet()
        bot = make_bot(seed)
        while not game.is_over:
            game.apply_unchecked(bot.choose(game))
        digests.append(game.digest())
    return time.process_time() - start, digests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{args.games} two-player games per run, median of {args.runs} interleaved runs "
          "(CPU time)")
    for name, (cls, make_bot) in CASES.items():
        loud, quiet = [], []
        for _ in range(args.runs):
            t_loud, d_loud = play(cls, make_bot, args.games, quiet=False)
            t_quiet, d_quiet = play(cls, make_bot, args.games, quiet=True)
            assert d_loud == d_quiet, f"{name}: quiet games differ from normal ones"
            loud.append(t_loud)
            quiet.append(t_quiet)
        ms_loud = 1000 * statistics.median(loud) / args.games
        ms_quiet = 1000 * statistics.median(quiet) / args.games
        ratio = statistics.median(a / b for a, b in zip(loud, quiet, strict=True))
        print(f"  {name:26} with events {ms_loud:7.1f} ms/game, quiet {ms_quiet:7.1f} ms/game: "
              f"{ratio:.2f} times as fast")


if __name__ == "__main__":
    main()
