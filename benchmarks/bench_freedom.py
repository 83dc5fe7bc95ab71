"""Freedom engine speed: games/s and decisions/s for RandomBot and HeuristicBot, 1-4 players.

Run: ``.venv/bin/python benchmarks/bench_freedom.py [--games 20] [--repeats 3] [--thousand]``

Every game is played through the checked ``apply`` (legality checked on every decision). Each
cell is the median of ``--repeats`` runs of ``--games`` games; CPU time (``process_time``) is
reported next to wall time because the machine may be shared. ``--thousand`` also times 1,000
heuristic-bot games (players cycling 1-4) on all cores with a process pool, the target being
under 20 s on a 2-core machine. Results are stamped with the rules version.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.freedom.game import Freedom


def run(bot_name: str, players: int, games: int, first_seed: int) -> tuple[float, float, int, int]:
    """Play ``games`` games; returns (wall s, cpu s, decisions, wins)."""
    decisions = wins = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Freedom(players=players, seed=seed)
        bot = HeuristicBot() if bot_name == "heuristic" else RandomBot(seed)
        decisions += play_out(game, bot)
        wins += bool(game.outcome.won)
    return time.perf_counter() - wall, time.process_time() - cpu, decisions, wins


def _chunk(seeds: list[int]) -> int:
    decisions = 0
    for seed in seeds:
        game = Freedom(players=1 + seed % 4, seed=seed)
        decisions += play_out(game, HeuristicBot())
    return decisions


def thousand(workers: int) -> tuple[float, int]:
    seeds = list(range(1000))
    chunks = [seeds[i::workers * 4] for i in range(workers * 4)]
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        decisions = sum(pool.map(_chunk, chunks))
    return time.perf_counter() - start, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--thousand", action="store_true")
    args = parser.parse_args()
    print(f"Freedom rules {Freedom.rules_version}; {args.games} games x {args.repeats} runs, "
          "medians; checked apply")
    print(f"{'bot':10} {'players':>7} {'games/s cpu':>12} {'games/s wall':>13} "
          f"{'decisions/s cpu':>16} {'win rate':>9}")
    for bot_name in ("random", "heuristic"):
        for players in (1, 2, 3, 4):
            cpu_rates, wall_rates, dec_rates, wins = [], [], [], 0
            for r in range(args.repeats):
                wall, cpu, decisions, w = run(bot_name, players, args.games, r * args.games)
                cpu_rates.append(args.games / cpu)
                wall_rates.append(args.games / wall)
                dec_rates.append(decisions / cpu)
                wins += w
            print(f"{bot_name:10} {players:7d} {statistics.median(cpu_rates):12.1f} "
                  f"{statistics.median(wall_rates):13.1f} {statistics.median(dec_rates):16.0f} "
                  f"{wins / (args.games * args.repeats):9.1%}")
    if args.thousand:
        workers = os.cpu_count() or 1
        seconds, decisions = thousand(workers)
        print(f"1,000 heuristic games (players 1-4) on {workers} processes: {seconds:.1f} s wall, "
              f"{decisions} decisions")


if __name__ == "__main__":
    main()
