"""How strong is the ``ismcts`` bot? Win rates with 95% intervals, and time per decision.

Run from the repository root (each part adds its results to ``--out``, default
``freight_freedom/analysis/win_rates.json``, which the what-if notebook reads; ``--part all`` runs
every part but ``table``)::

    PYTHONPATH=. .venv/bin/python benchmarks/bench_ismcts.py --part heuristic --games 400
    PYTHONPATH=. .venv/bin/python benchmarks/bench_ismcts.py --part search --games 24 \
        --strength 20 --horizon 30
    PYTHONPATH=. .venv/bin/python benchmarks/bench_ismcts.py --part slowfreight --games 60
    PYTHONPATH=. .venv/bin/python benchmarks/bench_ismcts.py --part openspiel --games 10
    PYTHONPATH=. .venv/bin/python benchmarks/bench_ismcts.py --part table   # docs/win_rates.md

Parts:

- ``heuristic``: Freedom team win rate, every seat the heuristic bot, by player count (1-4) and
  difficulty (Wilson intervals).
- ``search``: the same cells with every seat ``ismcts`` (``--strength`` simulations a decision,
  ``--horizon``), on the same game seeds, and the gap to the heuristic bot (Newcombe interval,
  :func:`freight_freedom.analysis.conclude.rate_gap`). Before the games, the CPU time of one
  searched decision is measured on positions of heuristic games (``calibration``).
- ``slowfreight``: one ``ismcts`` seat against the greedy bot (the engine's best quick bot) in
  the other seats, 3 players, the search seat rotating; its win share (ties split, SF-RULING-9)
  with a 95% interval, against the even share 1/3.
- ``openspiel``: our ``ismcts`` against OpenSpiel's ``ISMCTSBot`` (random-rollout evaluator)
  through :mod:`freight_freedom.interop.openspiel`, at the same simulations a move: Slow Freight
  2 players head to head (seats swapped every game), and Freedom 1 player (each bot alone on the
  same seeds); win rates and CPU seconds per decision of each.
- ``roles``: the what-if role question again: solo games per role, heuristic and search bot on
  the same seeds, and the gap between each bot's best and worst role.
- ``cell``: more search games for one cell (``--players``, ``--difficulty``), on the same seeds.
- ``table``: writes ``docs/win_rates.md``'s table from the JSON (no games).

Games run through :func:`freight_freedom.analysis.simulate.simulate` (``--jobs`` processes; the
same master ``--seed`` gives every bot the same deals), so a bigger run is the same command with
more games, or ``backend="dask"`` in Python.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd

from freight_freedom.analysis.conclude import mean_interval, rate_gap
from freight_freedom.analysis.plots import wilson_interval
from freight_freedom.analysis.simulate import simulate
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.freedom.game import Freedom
from freight_freedom.freedom.ismcts_bot import ISMCTSBot
from freight_freedom.slowfreight.game import SlowFreight
from freight_freedom.slowfreight.ismcts_bot import ISMCTSBot as SlowFreightISMCTS

DIFFICULTIES = ("regular", "challenging")
PLAYERS = (1, 2, 3, 4)
ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.is_file() else {}


def _save(path: Path, results: dict[str, Any]) -> None:
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


def _cell(won: pd.Series) -> dict[str, Any]:
    wins, games = int(won.sum()), int(len(won))
    low, high = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games, "low": low, "high": high}


def _command(args: argparse.Namespace) -> str:
    """The command line of this run, without ``--out`` (the default file is the record)."""
    argv = sys.argv[1:]
    kept = [a for i, a in enumerate(argv)
            if a != "--out" and not (i and argv[i - 1] == "--out") and not a.startswith("--out=")]
    return "PYTHONPATH=. .venv/bin/python benchmarks/bench_ismcts.py " + " ".join(kept)


def _points(x: float) -> str:
    """A rate difference in percentage points, signed, rounded (never "-0")."""
    return f"{round(100 * x) + 0:+d}"


def freedom_cells(bot: Any, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """Team win rate of ``bot`` in every seat, per player count and difficulty."""
    cells: dict[str, Any] = {}
    for difficulty in DIFFICULTIES:
        for players in PLAYERS:
            start = time.perf_counter()
            df = simulate("freedom", games, bot=bot, seed=seed, n_jobs=jobs, progress=False,
                          players=players, difficulty=difficulty)
            cell = _cell(df["won"].astype(bool))
            cell["seeds"] = [int(df["seed"].min()), int(df["seed"].max())]
            cell["wall_s"] = round(time.perf_counter() - start, 1)
            cell["decisions_per_game"] = float(df["decisions"].mean())
            cells[f"{players}/{difficulty}"] = cell
            print(f"  {players}p {difficulty:11}: {cell['wins']:4d}/{cell['games']:<4d} "
                  f"{cell['rate']:6.1%} [{cell['low']:.1%}, {cell['high']:.1%}] "
                  f"({cell['wall_s']} s)", flush=True)
    return cells


def calibrate(bot: ISMCTSBot, positions: int) -> dict[str, float]:
    """CPU seconds of one searched decision (two or more legal actions), on positions of
    heuristic games of each player count, regular difficulty."""
    times: list[float] = []
    sims: list[int] = []
    heuristic = HeuristicBot()
    for players in PLAYERS:
        game = Freedom(players=players, seed=1000 + players)
        step = taken = 0
        while not game.is_over and taken < positions:
            if len(game.legal_actions()) > 1 and step % 7 == 0:
                taken += 1
                start = time.process_time()
                bot.choose(game)
                times.append(time.process_time() - start)
                sims.append(bot.simulations)
            game.apply(heuristic.choose(game))
            step += 1
    return {"seconds_per_decision": statistics.mean(times), "positions": len(times),
            "simulations": statistics.mean(sims)}


def part_heuristic(args: argparse.Namespace, results: dict[str, Any]) -> None:
    print(f"Freedom, every seat heuristic, {args.games} games a cell, master seed {args.seed}")
    results["heuristic"] = {"bot": "heuristic", "master_seed": args.seed,
                            "command": _command(args),
                            "cells": freedom_cells("heuristic", args.games, args.seed, args.jobs)}


def search_cells(bot: Any, games: int, seed: int, jobs: int, minutes: float,
                 save: Any, done: dict[str, Any] | None = None) -> dict[str, Any]:
    """Like :func:`freedom_cells`, but in rounds of one game a cell (game ``i`` of every cell,
    then game ``i + 1``...), through simulate's worker function and joblib, stopping after the
    round in which ``minutes`` of wall time ran out; ``save(cells)`` after every round.

    ``done`` (cells of an earlier run with the same bot and master seed) resumes: its games
    ``0 .. n-1`` count as played (a cell keeps wins, games and mean decisions, which is all a
    cell needs), and the rounds go on from game ``n``."""
    from joblib import Parallel, delayed

    from freight_freedom.analysis.simulate import make_config, play_batch

    configs = {f"{p}/{d}": make_config("freedom", {"players": p, "difficulty": d}, bot)
               for d in DIFFICULTIES for p in PLAYERS}
    won: dict[str, list[bool]] = {k: [] for k in configs}
    decisions: dict[str, list[float]] = {k: [] for k in configs}
    first = min((done[k]["games"] for k in configs), default=0) if done else 0
    if first and done:
        if any(done[k]["games"] != first for k in configs):
            raise SystemExit("--resume needs every cell at the same number of games")
        for k in configs:
            wins = done[k]["wins"]
            won[k] = [True] * wins + [False] * (first - wins)
            decisions[k] = [done[k]["decisions_per_game"]] * first
    start = time.perf_counter()
    cells: dict[str, Any] = {}
    with Parallel(n_jobs=jobs) as pool:
        for i in range(first, games):
            # longest games first, so the two workers finish a round together
            order = sorted(configs, key=lambda k: -int(k.split("/")[0]))
            rows = pool(delayed(play_batch)(configs[k], seed, i, i + 1) for k in order)
            for key, batch in zip(order, rows, strict=True):
                won[key].append(bool(batch[0]["won"]))
                decisions[key].append(int(batch[0]["decisions"]))
            for key in configs:
                cell = _cell(pd.Series(won[key]))
                cell["seeds"] = f"game_seed({seed}, 0..{i})"
                cell["decisions_per_game"] = statistics.mean(decisions[key])
                cells[key] = cell
            elapsed = time.perf_counter() - start
            print(f"  round {i + 1}: " + ", ".join(f"{k} {sum(v)}/{len(v)}"
                                                   for k, v in won.items())
                  + f" ({elapsed:.0f} s)", flush=True)
            save(cells)
            if elapsed > minutes * 60:
                break
    return cells


def part_search(args: argparse.Namespace, results: dict[str, Any]) -> None:
    done = None
    if args.resume:
        old = results["search"]
        if (old["strength"], old["horizon"], old["master_seed"]) != (
                args.strength, args.horizon, args.seed):
            raise SystemExit("--resume needs the stored run's --strength, --horizon and --seed")
        done = old["cells"]
    bot = ISMCTSBot(strength=args.strength, horizon=args.horizon, seed=0)
    cal = calibrate(ISMCTSBot(strength=args.strength, horizon=args.horizon, seed=0), 3)
    print(f"Freedom, every seat {bot.name} (horizon {args.horizon}): "
          f"{cal['seconds_per_decision']:.3f} s CPU a searched decision "
          f"({cal['positions']} positions), up to {args.games} games a cell or "
          f"{args.minutes} minutes, master seed {args.seed}", flush=True)

    start = time.perf_counter()
    earlier = results["search"]["wall_s"] if done else 0
    commands = [*results["search"].get("commands", [results["search"]["command"]])] if done else []

    def save(cells: dict[str, Any]) -> None:
        results["search"] = {"bot": bot.name, "strength": args.strength,
                             "horizon": args.horizon, "rollout": bot.rollout,
                             "master_seed": args.seed, "calibration": cal,
                             "wall_s": earlier + round(time.perf_counter() - start),
                             "command": _command(args), "cells": _with_gaps(cells, results)}
        if commands:
            results["search"]["commands"] = [*commands, _command(args)]
        _save(args.out, results)

    cells = search_cells(bot, args.games, args.seed, args.jobs, args.minutes, save, done)
    save(cells)


def part_cell(args: argparse.Namespace, results: dict[str, Any]) -> None:
    """More games for one search cell (``--players``, ``--difficulty``): games ``0 .. --games-1``
    of that cell, a superset of the rounds already played (same seeds, same decisions)."""
    search = results["search"]
    bot = ISMCTSBot(strength=search["strength"], horizon=search["horizon"], seed=0)
    df = simulate("freedom", args.games, bot=bot, seed=search["master_seed"], n_jobs=args.jobs,
                  progress=False, players=args.players, difficulty=args.difficulty)
    cell = _cell(df["won"].astype(bool))
    cell["seeds"] = f"game_seed({search['master_seed']}, 0..{args.games - 1})"
    cell["decisions_per_game"] = float(df["decisions"].mean())
    cell["command"] = _command(args)
    search["cells"][f"{args.players}/{args.difficulty}"] = cell
    search["cells"] = _with_gaps(search["cells"], results)
    print(f"  {args.players}p {args.difficulty}: {cell['wins']}/{cell['games']}", flush=True)


def _with_gaps(cells: dict[str, Any], results: dict[str, Any]) -> dict[str, Any]:
    base = results.get("heuristic", {}).get("cells", {})
    for key, cell in cells.items():
        if key in base:
            # the heuristic cell's first games are the same deals (same master seed)
            h = base[key]
            gap = rate_gap(cell["wins"], cell["games"], h["wins"], h["games"])
            cell["gap"] = {"gap": gap.gap, "low": gap.low, "high": gap.high,
                           "p_value": gap.p_value}
    return cells


def part_slowfreight(args: argparse.Namespace, results: dict[str, Any]) -> None:
    players = 3
    bot = SlowFreightISMCTS(strength=args.sf_strength, seed=0)
    rows = []
    for seat in range(players):
        bots: list[Any] = ["greedy"] * players
        bots[seat] = bot
        df = simulate("slowfreight", args.games // players, bot=bots, seed=args.seed + seat,
                      n_jobs=args.jobs, progress=False, players=players)
        share = df[f"win_{seat}"].astype(float) / df["n_winners"].clip(lower=1)
        rows.append(pd.DataFrame({"seat": seat, "share": share,
                                  "margin": df[f"score_{seat}"] - df[[f"score_{s}" for s in
                                                                      range(players)
                                                                      if s != seat]].max(axis=1)}))
    data = pd.concat(rows, ignore_index=True)
    mean, low, high = mean_interval(data["share"])
    low, high = max(0.0, low), min(1.0, high)  # a share lies in [0, 1]
    game = SlowFreight(players=players, seed=5)
    start = time.process_time()
    decisions = 0
    while not game.is_over and decisions < 20:
        if len(game.legal_actions()) > 1:
            bot.choose(game)
            decisions += 1
        game.apply(game.legal_actions()[0])
    per = (time.process_time() - start) / max(1, decisions)
    results["slowfreight"] = {
        "bot": bot.name, "others": "greedy", "players": players, "games": int(len(data)),
        "master_seed": args.seed, "win_share": mean, "low": low, "high": high,
        "even_share": 1 / players, "mean_margin": float(data["margin"].mean()),
        "seconds_per_decision": per, "command": _command(args)}
    print(f"Slow Freight, one {bot.name} seat vs greedy x2, {len(data)} games: win share "
          f"{mean:.1%} [{low:.1%}, {high:.1%}] (even share 33.3%), mean margin "
          f"{data['margin'].mean():+.1f}, {per:.3f} s CPU a searched decision", flush=True)


def _openspiel_game(name: str, players: int, seed: int) -> Any:
    import pyspiel

    import freight_freedom.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"freight_freedom_{name}", {"players": players})
    state = game.new_initial_state()
    digits: list[int] = []
    value = seed
    outcomes = [a for a, _ in state.chance_outcomes()]
    base = len(outcomes)
    while state.is_chance_node():
        digits.append(value % base)
        value //= base
        state.apply_action(digits[-1])
    return game, state


def part_openspiel(args: argparse.Namespace, results: dict[str, Any]) -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from freight_freedom.core.action_space import action_space

    sims = args.os_sims
    out: dict[str, Any] = {"simulations": sims, "command": _command(args)}

    def theirs(game: Any, seed: int) -> Any:
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        return ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=rng)

    def play(name: str, players: int, seed: int, ours_at: set[int],
             our_rollout: str) -> tuple[list[float], dict[str, list[float]]]:
        game, state = _openspiel_game(name, players, seed)
        cls = ISMCTSBot if name == "freedom" else SlowFreightISMCTS
        ours = cls(strength=sims, seed=seed, rollout=our_rollout)
        other = theirs(game, seed)
        times: dict[str, list[float]] = {"ours": [], "openspiel": []}
        while not state.is_terminal():
            if state.is_chance_node():  # pragma: no cover - only the seed is chance
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            seat = state.current_player()
            if len(state.legal_actions()) == 1:
                state.apply_action(state.legal_actions()[0])
                continue
            start = time.process_time()
            if seat in ours_at:
                inner = state.game
                action = action_space(inner).id(ours.choose(inner))
                times["ours"].append(time.process_time() - start)
            else:
                action = other.step(state)
                times["openspiel"].append(time.process_time() - start)
            state.apply_action(action)
        return state.returns(), times

    # Slow Freight, 2 players, head to head
    for rollout in ("random",):
        wins = {"ours": 0.0, "openspiel": 0.0}
        t: dict[str, list[float]] = {"ours": [], "openspiel": []}
        for g in range(args.games):
            ours_seat = g % 2
            returns, times = play("slowfreight", 2, args.seed + g, {ours_seat}, rollout)
            for k in t:
                t[k] += times[k]
            top = max(returns)
            winners = [s for s, r in enumerate(returns) if r == top]
            for s in winners:
                wins["ours" if s == ours_seat else "openspiel"] += 1 / len(winners)
        out["slowfreight"] = {
            "games": args.games, "players": 2, "our_rollout": rollout,
            "ours_share": wins["ours"] / args.games,
            "ours_interval": list(wilson_interval(round(wins["ours"]), args.games)),
            "openspiel_share": wins["openspiel"] / args.games,
            "ours_s_per_decision": statistics.mean(t["ours"]),
            "openspiel_s_per_decision": statistics.mean(t["openspiel"])}
        print(f"Slow Freight 2p, our ismcts ({rollout} rollouts) vs OpenSpiel ISMCTSBot, {sims} "
              f"simulations a move, {args.games} games: ours {wins['ours']:.1f}, OpenSpiel "
              f"{wins['openspiel']:.1f}; s/decision ours "
              f"{statistics.mean(t['ours']):.3f}, OpenSpiel "
              f"{statistics.mean(t['openspiel']):.3f}", flush=True)

    # Freedom, 1 player: each bot alone on the same seeds
    fr: dict[str, Any] = {"games": args.fr_games, "players": 1}
    for who in ("ours", "openspiel"):
        won = 0
        tt: list[float] = []
        for g in range(args.fr_games):
            returns, times = play("freedom", 1, args.seed + g, {0} if who == "ours" else set(),
                                  "heuristic")
            won += returns[0] > 0
            tt += times[who]
        fr[who] = {"wins": won, "interval": list(wilson_interval(won, args.fr_games)),
                   "s_per_decision": statistics.mean(tt)}
        print(f"Freedom 1p, {who} alone ({sims} simulations a move): {won}/{args.fr_games} won, "
              f"{statistics.mean(tt):.3f} s a decision", flush=True)
    out["freedom"] = fr
    results["openspiel"] = out


def part_roles(args: argparse.Namespace, results: dict[str, Any]) -> None:
    """The what-if role question again: solo games, one role at a time, heuristic and search
    bot on the same seeds; the gap between the best and the worst role for each bot."""
    from freight_freedom.freedom.roles import ROLE_NAMES

    bot = ISMCTSBot(strength=args.strength, horizon=args.horizon, seed=0)
    out: dict[str, Any] = {"games": args.games, "master_seed": args.seed, "bot": bot.name,
                           "command": _command(args), "roles": {}}
    for role in ROLE_NAMES:
        row = {}
        for name, spec in (("heuristic", "heuristic"), ("search", bot)):
            df = simulate("freedom", args.games, bot=spec, seed=args.seed, n_jobs=args.jobs,
                          progress=False, players=1, roles=[role])
            row[name] = _cell(df["won"].astype(bool))
        out["roles"][role] = row
        print(f"  {role:15} heuristic {row['heuristic']['wins']}/{args.games}, "
              f"{bot.name} {row['search']['wins']}/{args.games}", flush=True)
    for name in ("heuristic", "search"):
        ranked = sorted(out["roles"], key=lambda r: out["roles"][r][name]["rate"])
        worst, best = ranked[0], ranked[-1]
        b, w = out["roles"][best][name], out["roles"][worst][name]
        gap = rate_gap(b["wins"], b["games"], w["wins"], w["games"],
                       comparisons=len(ranked) * (len(ranked) - 1) // 2)
        out[f"{name}_spread"] = {"best": best, "worst": worst, "gap": gap.gap, "low": gap.low,
                                 "high": gap.high, "p_value": gap.p_value}
    results["roles"] = out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def part_table(args: argparse.Namespace, results: dict[str, Any]) -> str:
    """The markdown table of docs/win_rates.md (printed; the page includes it)."""
    h = results.get("heuristic", {}).get("cells", {})
    s = results.get("search", {}).get("cells", {})
    name = results.get("search", {}).get("bot", "ismcts")
    lines = ["| players | difficulty | heuristic: won / games | rate [95% interval] | "
             f"{name}: won / games | rate [95% interval] | gap [95% interval] |",
             "|---|---|---|---|---|---|---|"]
    for difficulty in DIFFICULTIES:
        for players in PLAYERS:
            key = f"{players}/{difficulty}"
            row = [str(players), difficulty]
            for cells in (h, s):
                c = cells.get(key)
                if c is None:
                    row += ["-", "-"]
                else:
                    row += [f"{c['wins']} / {c['games']}",
                            f"{_pct(c['rate'])} [{_pct(c['low'])}, {_pct(c['high'])}]"]
            gap = s.get(key, {}).get("gap")
            row.append("-" if gap is None else
                       f"{_points(gap['gap'])} pts [{_points(gap['low'])}, "
                       f"{_points(gap['high'])}]")
            lines.append("| " + " | ".join(row) + " |")
    table = "\n".join(lines)
    print(table)
    return table


def write_page(results: dict[str, Any], path: Path) -> None:
    """``docs/win_rates.md``: the table, how it was measured, and the other parts' figures."""
    h = results.get("heuristic", {})
    s = results.get("search", {})
    cal = s.get("calibration", {})
    lines = [
        "# Measured win rates",
        "",
        "Team win rate of Freedom: The Underground Railroad by player count and difficulty, "
        "with every seat played by the same bot. **Measured on our authored components and by "
        "bots, not people**: the cards, roles and map data are this package's reconstruction, "
        "and the bots decide how they are used. A difference between two rows is a difference "
        "the game makes only insofar as the bots play it well.",
        "",
        part_table(argparse.Namespace(), results),
        "",
        "Intervals are 95% Wilson score intervals; the gap is the search bot's rate minus the "
        "heuristic bot's, with Newcombe's 95% interval (`analysis/conclude.py:rate_gap`). "
        "Both bots played the same deals: game *i* of a cell has the seed "
        "`game_seed(master, i)` (`analysis/seeds.py`), master seed "
        f"{h.get('master_seed', '-')}, so the search bot's games are the first games of the "
        "heuristic bot's.",
        "",
    ]
    if s:
        lines += [
            f"The search bot is `{s['bot']}`: information-set MCTS "
            f"(`freight_freedom/core/ismcts.py`), {s['strength']} simulations a decision, "
            f"rollouts by the {s['rollout']} bot cut {s['horizon']} decisions ahead of the root. "
            f"That is {cal.get('seconds_per_decision', float('nan')):.3f} s of CPU a searched "
            f"decision (mean of {cal.get('positions', 0)} positions, measured in the same run), "
            "far below the 1 s a decision the issue asked for: a 4-player game has about 300 "
            "searched decisions. "
            + (f"The run played one game of every cell after another for "
               f"{s['wall_s'] / 60:.0f} minutes on two cores shared with other work "
               f"(`--minutes`), {min(c['games'] for c in s['cells'].values())} games a cell; "
               if "wall_s" in s else "")
            + "the cells have fewer games than the heuristic bot's: read them with their "
            "intervals.",
            "",
        ]
    sf = results.get("slowfreight")
    if sf:
        lines += [
            "## Slow Freight: one search seat",
            "",
            f"One `{sf['bot']}` seat against {sf['players'] - 1} `{sf['others']}` bots, "
            f"{sf['games']} games ({sf['games'] // sf['players']} with the search bot in each "
            f"seat), master seed {sf['master_seed']} plus the seat: win share (ties split, "
            f"SF-RULING-9) **{_pct(sf['win_share'])}** (95% interval {_pct(sf['low'])} to "
            f"{_pct(sf['high'])}) against an even share of {_pct(sf['even_share'])}; mean score "
            f"margin over the best other seat {sf['mean_margin']:+.1f}; "
            f"{sf['seconds_per_decision']:.3f} s of CPU a searched decision.",
            "",
        ]
    op = results.get("openspiel")
    if op:
        lines += ["## Against OpenSpiel's ISMCTSBot", "",
                  f"Both bots at {op['simulations']} simulations a move; OpenSpiel's with its "
                  "random-rollout evaluator, through `freight_freedom.interop.openspiel`.", ""]
        sfo = op.get("slowfreight")
        if sfo:
            lines += [
                f"- Slow Freight, 2 players, head to head, {sfo['games']} games (seats swapped "
                f"every game; ours with {sfo['our_rollout']} rollouts): ours won "
                f"{_pct(sfo['ours_share'])} (95% interval {_pct(sfo['ours_interval'][0])} to "
                f"{_pct(sfo['ours_interval'][1])}), OpenSpiel's {_pct(sfo['openspiel_share'])}; "
                f"CPU a decision: ours {sfo['ours_s_per_decision']:.3f} s, OpenSpiel's "
                f"{sfo['openspiel_s_per_decision']:.3f} s."]
        fro = op.get("freedom")
        if fro:
            lines += [
                f"- Freedom, 1 player, each bot alone on the same {fro['games']} "
                f"seed{'s' if fro['games'] != 1 else ''}: ours "
                f"won {fro['ours']['wins']}, OpenSpiel's {fro['openspiel']['wins']}; CPU a "
                f"decision: ours {fro['ours']['s_per_decision']:.3f} s, OpenSpiel's "
                f"{fro['openspiel']['s_per_decision']:.3f} s."]
        lines.append("")
    roles = results.get("roles")
    if roles:
        lines += ["## Which role helps most, with the search bot", "",
                  f"Solo games, one role at a time, {roles['games']} games a role on the same "
                  f"seeds (master seed {roles['master_seed']}) for both bots:", "",
                  "| role | heuristic won | 95% interval | "
                  f"{roles['bot']} won | 95% interval |", "|---|---|---|---|---|"]
        for role, row in roles["roles"].items():
            hh, ss = row["heuristic"], row["search"]
            lines.append(f"| {role} | {hh['wins']} / {hh['games']} | {_pct(hh['low'])} to "
                         f"{_pct(hh['high'])} | {ss['wins']} / {ss['games']} | "
                         f"{_pct(ss['low'])} to {_pct(ss['high'])} |")
        lines.append("")
        for name, who in (("heuristic", "heuristic bot"), ("search", roles["bot"])):
            g = roles[f"{name}_spread"]
            lines.append(f"- With the {who}: best the {g['best']}, worst the {g['worst']}, gap "
                         f"{_points(g['gap'])} points (95% interval {_points(g['low'])} to "
                         f"{_points(g['high'])}, allowing for every pair of roles).")
        lines.append("")
    engine = results.get("engine")
    if engine:
        lines += ["## Engine speed that search needs", "",
                  f"`{engine['command']}`, this branch and then `main` (the same script with "
                  "`PYTHONPATH` on the main checkout) back to back, CPU time on one core, load "
                  f"average {engine['load']}:", "",
                  "| figure | this branch | main | goal |", "|---|---|---|---|"]
        for row in engine["rows"]:
            lines.append("| " + " | ".join(row) + " |")
        lines += ["", engine["comment"], ""]
    lines += ["## Reproduce", "", "```"]
    cell_commands = [c["command"] for c in s.get("cells", {}).values() if "command" in c]
    for part in (h, s, sf or {}, op or {}, roles or {}):
        if part.get("command"):
            lines.append(part["command"])
        if part is s:
            lines += cell_commands
    lines += ["PYTHONPATH=. .venv/bin/python benchmarks/bench_ismcts.py --part table", "```", "",
              "Each part adds its figures to `freight_freedom/analysis/win_rates.json` (read by "
              "the last cells of `notebooks/what_if.ipynb`); `--part table` rewrites this page "
              "from it. The games run through `simulate`, so a bigger run is the same command "
              "with more `--games` (or `simulate(..., backend=\"dask\")` in Python).", ""]
    extra = results.get("notes")
    if extra:
        lines += ["## Notes", "", *extra, ""]
    path.write_text("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("heuristic", "search", "slowfreight", "openspiel",
                                           "roles", "cell", "table", "all"), default="all")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--fr-games", type=int, default=4, help="Freedom games (openspiel part)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--strength", type=int, default=20)
    parser.add_argument("--horizon", type=int, default=30)
    parser.add_argument("--players", type=int, default=1, help="cell part: player count")
    parser.add_argument("--difficulty", default="regular", help="cell part: difficulty")
    parser.add_argument("--minutes", type=float, default=15.0,
                        help="search part: stop after the round that passes this wall time")
    parser.add_argument("--resume", action="store_true",
                        help="search part: go on from the stored cells' games (same seeds)")
    parser.add_argument("--sf-strength", type=int, default=100)
    parser.add_argument("--os-sims", type=int, default=50)
    parser.add_argument("--out", type=Path,
                        default=ROOT / "freight_freedom" / "analysis" / "win_rates.json")
    args = parser.parse_args()
    results = _load(args.out)
    parts = (["heuristic", "search", "slowfreight", "openspiel"] if args.part == "all"
             else [args.part])
    for part in parts:
        if part == "table":
            if "search" in results:
                results["search"]["cells"] = _with_gaps(results["search"]["cells"], results)
                _save(args.out, results)
            write_page(results, ROOT / "docs" / "win_rates.md")
            continue
        globals()[f"part_{part}"](args, results)
        results.setdefault("load_average_at_end", {})[part] = os.getloadavg()[0]
        _save(args.out, results)


if __name__ == "__main__":
    main()
