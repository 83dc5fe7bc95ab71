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
  ``--horizon``), on the same game seeds. Before the games, the CPU time of one searched
  decision is measured on positions of heuristic games (``calibration``).
- ``slowfreight``: one ``ismcts`` seat against the greedy bot (the engine's best quick bot) in
  the other seats, 3 players, the search seat rotating; its win share (ties split, SF-RULING-9)
  with a 95% interval, against the even share 1/3.
- ``openspiel``: our ``ismcts`` against OpenSpiel's ``ISMCTSBot`` (random-rollout evaluator)
  through :mod:`freight_freedom.interop.openspiel`, at the same simulations a move: Slow Freight
  2 players head to head (seats swapped every game), and Freedom 1 player (each bot alone on the
  same seeds); win rates and CPU seconds per decision of each.
- ``roles``: the what-if role question again: solo games per role, heuristic and search bot on
  the same seeds.
- ``cell``: more search games for one cell (``--players``, ``--difficulty``), on the same seeds.
- ``table``: writes ``docs/win_rates.md`` from the JSON (no games), with the comparisons the
  stored results allow (:mod:`freight_freedom.analysis.conclude`): the search bot against the
  heuristic bot per cell, Holm-corrected for the cells, and every pair of roles, Holm-corrected
  for the pairs.

Every part that plays Freedom cells or roles stores, beside the totals, each game's result in
game order (``won``: 1 won, 0 lost; game ``i`` has the seed ``game_seed(master, i)``), so two
bots on the same deals can be compared deal by deal (exact McNemar test, Newcombe's paired
interval). Results stored before that keep only the totals; ``table`` then uses the tests that
totals allow: the search bot's deals against the heuristic bot's other deals (the split of the
heuristic cells, from a replay of its games, kept in ``search.cells[*].gain``), and, for the
roles, tests that hold for any pairing of the deals.

Games run through :func:`freight_freedom.analysis.simulate.simulate` (``--jobs`` processes; the
same master ``--seed`` gives every bot the same deals), so a bigger run is the same command with
more games, or ``backend="dask"`` in Python.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd

from freight_freedom.analysis.conclude import (
    Gap,
    PairedTable,
    any_pairing_contrast,
    any_pairing_rate_gap,
    holm,
    mcnemar_p,
    mean_difference,
    mean_interval,
    p_text,
    paired_rate_gap,
    paired_table,
    pairwise,
    ranking_sentence,
    rate_gap,
)
from freight_freedom.analysis.plots import wilson_interval
from freight_freedom.analysis.simulate import simulate
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.freedom.game import Freedom
from freight_freedom.freedom.ismcts_bot import ISMCTSBot
from freight_freedom.slowfreight.game import SlowFreight
from freight_freedom.slowfreight.ismcts_bot import ISMCTSBot as SlowFreightISMCTS

DIFFICULTIES = ("regular", "challenging")
PLAYERS = (1, 2, 3, 4)
TABLE_CELLS = tuple(f"{p}/{d}" for d in DIFFICULTIES for p in PLAYERS)  # the page's row order
ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.is_file() else {}


def _save(path: Path, results: dict[str, Any]) -> None:
    text = json.dumps(results, indent=1, sort_keys=True)
    # a game-by-game list of 0/1 on one line, not one line a game
    text = re.sub(r'"won": \[([\s01,]*)\]',
                  lambda m: '"won": [' + re.sub(r"\s", "", m.group(1)) + "]", text)
    path.write_text(text + "\n")


def _cell(won: pd.Series) -> dict[str, Any]:
    wins, games = int(won.sum()), int(len(won))
    low, high = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games, "low": low, "high": high}


def _won(df: pd.DataFrame) -> list[int]:
    """Each game's result in game order (1 won, 0 lost): game ``i`` is played from
    ``game_seed(master, i)``, so two bots' lists on the same master seed pair deal by deal."""
    return [int(bool(x)) for x in df.sort_values("game_index")["won"]]


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
            cell["won"] = _won(df)
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

    Every cell keeps its games' results in game order (``won``, 1 or 0), for a deal-by-deal
    comparison with another bot on the same master seed.

    ``done`` (cells of an earlier run with the same bot and master seed) resumes: its games
    ``0 .. n-1`` count as played, and the rounds go on from game ``n``. A cell of a run stored
    with only its totals (wins, games and mean decisions, no ``won``) resumes from those; the
    results of its games are then unknown one by one, and no cell stores ``won``."""
    from joblib import Parallel, delayed

    from freight_freedom.analysis.simulate import make_config, play_batch

    configs = {f"{p}/{d}": make_config("freedom", {"players": p, "difficulty": d}, bot)
               for d in DIFFICULTIES for p in PLAYERS}
    won: dict[str, list[bool]] = {k: [] for k in configs}
    decisions: dict[str, list[float]] = {k: [] for k in configs}
    first = min((done[k]["games"] for k in configs), default=0) if done else 0
    per_game = True  # every game's result is known, in game order
    if first and done:
        if any(done[k]["games"] != first for k in configs):
            raise SystemExit("--resume needs every cell at the same number of games")
        per_game = all(len(done[k].get("won", ())) == first for k in configs)
        for k in configs:
            wins = done[k]["wins"]
            # without the stored list only the count is known: the order below is not the games'
            won[k] = ([bool(x) for x in done[k]["won"]] if per_game
                      else [True] * wins + [False] * (first - wins))
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
                if per_game:
                    cell["won"] = [int(x) for x in won[key]]
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
    stored = dict(results.get("search", {}).get("cells", {}))
    commands = [*results["search"].get("commands", [results["search"]["command"]])] if done else []

    def save(cells: dict[str, Any]) -> None:
        results["search"] = {"bot": bot.name, "strength": args.strength,
                             "horizon": args.horizon, "rollout": bot.rollout,
                             "master_seed": args.seed, "calibration": cal,
                             "wall_s": earlier + round(time.perf_counter() - start),
                             "command": _command(args),
                             "cells": _with_gains(cells, results, stored)}
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
    cell["won"] = _won(df)
    cell["seeds"] = f"game_seed({search['master_seed']}, 0..{args.games - 1})"
    cell["decisions_per_game"] = float(df["decisions"].mean())
    cell["command"] = _command(args)
    stored = dict(search["cells"])
    search["cells"][f"{args.players}/{args.difficulty}"] = cell
    search["cells"] = _with_gains(search["cells"], results, stored)
    print(f"  {args.players}p {args.difficulty}: {cell['wins']}/{cell['games']}", flush=True)


def _per_game(cell: dict[str, Any]) -> list[int] | None:
    """A cell's results game by game (1 won, 0 lost), if stored for every one of its games."""
    won = cell.get("won")
    return won if won is not None and len(won) == cell["games"] else None


def _heuristic_same_deals(key: str, games: int, h: dict[str, Any],
                          stored: dict[str, Any]) -> dict[str, Any] | None:
    """The heuristic bot's wins on deals ``0 .. games - 1`` of cell ``key`` (the search bot's
    deals): from its results game by game, else from the count kept in the cell's earlier
    ``gain`` (found by replaying the heuristic games, which reproduce the stored totals)."""
    won = _per_game(h)
    if won is not None and len(won) >= games:
        return {"wins": sum(won[:games]), "games": games,
                "from": f"heuristic.cells[{key!r}].won"}
    same = stored.get(key, {}).get("gain", {}).get("heuristic_same_deals")
    if (same and same["games"] == games and 0 <= same["wins"] <= games
            and 0 <= h["wins"] - same["wins"] <= h["games"] - games):
        return dict(same)
    return None


def _with_gains(cells: dict[str, Any], results: dict[str, Any],
                stored: dict[str, Any] | None = None) -> dict[str, Any]:
    """Each search cell's ``gain`` over the heuristic bot, the comparisons corrected for all the
    cells compared (Holm).

    The search bot's ``k`` games of a cell are the heuristic bot's first ``k`` deals (same master
    seed), so the two are not independent samples. When both cells hold their results game by
    game, the gain is paired on those deals (Newcombe's paired interval, exact McNemar test:
    ``compared_with`` "same deals"). Otherwise the search bot's deals are compared with the
    heuristic bot's *other* deals, two independent samples (Newcombe's interval, pooled
    two-proportion test: "other deals"); that needs the heuristic bot's wins on the first ``k``
    deals, from its per-game results or kept from ``stored`` (the cells before this run)."""
    base = results.get("heuristic", {}).get("cells", {})
    stored = cells if stored is None else stored
    same: dict[str, dict[str, Any]] = {}
    for key, cell in cells.items():
        h = base.get(key)
        if h is not None and h["games"] >= cell["games"]:
            found = _heuristic_same_deals(key, cell["games"], h, stored)
            if found is not None:
                same[key] = found
    paired = bool(same) and all(
        _per_game(cells[key]) is not None and _per_game(base[key]) is not None for key in same)
    gains: dict[str, dict[str, Any]] = {}
    for key, cell in cells.items():
        cell.pop("gap", None)  # the gap to all the heuristic games, which share the first deals
        cell.pop("gain", None)
        if key not in same:
            continue
        h, k = base[key], cell["games"]
        if paired:
            table = paired_table([bool(x) for x in cell["won"]],
                                 [bool(x) for x in h["won"][:k]])
            gap = paired_rate_gap(table)
            gains[key] = {"compared_with": "same deals", "heuristic_same_deals": same[key],
                          "search_only": table.a_only, "heuristic_only": table.b_only}
        elif h["games"] > k:
            other = {"wins": h["wins"] - same[key]["wins"], "games": h["games"] - k}
            gap = rate_gap(cell["wins"], k, other["wins"], other["games"])
            gains[key] = {"compared_with": "other deals", "heuristic_same_deals": same[key],
                          "heuristic_other_deals": other}
        else:
            continue
        gains[key].update(gap=gap.gap, low=gap.low, high=gap.high, p_value=gap.p_value)
    corrected = holm([g["p_value"] for g in gains.values()])
    for (key, gain), p in zip(gains.items(), corrected, strict=True):
        gain.update(p_holm=p, cells=len(gains))
        cells[key]["gain"] = gain
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
        per_seed: list[int] = []  # seed args.seed + g, g = 0, 1, ...: the same for both bots
        tt: list[float] = []
        for g in range(args.fr_games):
            returns, times = play("freedom", 1, args.seed + g, {0} if who == "ours" else set(),
                                  "heuristic")
            per_seed.append(int(returns[0] > 0))
            tt += times[who]
        won = sum(per_seed)
        fr[who] = {"wins": won, "interval": list(wilson_interval(won, args.fr_games)),
                   "won": per_seed, "s_per_decision": statistics.mean(tt)}
        print(f"Freedom 1p, {who} alone ({sims} simulations a move): {won}/{args.fr_games} won, "
              f"{statistics.mean(tt):.3f} s a decision", flush=True)
    out["freedom"] = fr
    results["openspiel"] = out


def part_roles(args: argparse.Namespace, results: dict[str, Any]) -> None:
    """The what-if role question again: solo games, one role at a time, heuristic and search
    bot on the same seeds, each game's result kept in game order (``won``) so that roles and bots
    can be compared deal by deal; ``table`` compares them."""
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
            row[name]["won"] = _won(df)
        out["roles"][role] = row
        print(f"  {role:15} heuristic {row['heuristic']['wins']}/{args.games}, "
              f"{bot.name} {row['search']['wins']}/{args.games}", flush=True)
    results["roles"] = out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


_NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve")


def _number(n: int) -> str:
    """``5 -> 'five'`` (figures from 13 on)."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _and(items: list[str]) -> str:
    """``['a', 'b', 'c'] -> 'a, b and c'``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cell_name(key: str) -> str:
    """``'2/regular' -> '2 players regular'``."""
    players, difficulty = key.split("/")
    return f"{players} player{'s' if players != '1' else ''} {difficulty}"


def _search_gains(results: dict[str, Any]) -> tuple[str | None, dict[str, dict[str, Any]]]:
    """The stored gains (:func:`_with_gains`) in table order, and how they were compared
    ("same deals", "other deals", or None when there are none)."""
    s = results.get("search", {}).get("cells", {})
    gains = {k: s[k]["gain"] for k in TABLE_CELLS if "gain" in s.get(k, {})}
    kinds = {g["compared_with"] for g in gains.values()}
    return (kinds.pop() if len(kinds) == 1 else None), gains


def _deal_ranges(results: dict[str, Any]) -> tuple[str, str]:
    """``('deals 0-99', 'deals 100-399')``: the search bot's deals and the heuristic bot's others
    (in words when the cells differ)."""
    h = results.get("heuristic", {}).get("cells", {})
    s = results.get("search", {}).get("cells", {})
    searched = {c["games"] for c in s.values()}
    played = {h[k]["games"] for k in s if k in h}
    if len(searched) != 1:
        return "the search bot's deals", "the heuristic bot's other deals"
    k = searched.pop()
    if len(played) != 1:
        return f"deals 0-{k - 1}", "the heuristic bot's other deals"
    return f"deals 0-{k - 1}", f"deals {k}-{played.pop() - 1}"


def _gap_text(gap: dict[str, Any]) -> str:
    return f"{_points(gap['gap'])} pts [{_points(gap['low'])}, {_points(gap['high'])}]"


def part_table(args: argparse.Namespace, results: dict[str, Any]) -> str:
    """The markdown table of docs/win_rates.md (printed; the page includes it): both bots' win
    rates per cell, and the search bot's gain with its Holm-corrected p-value
    (:func:`_with_gains`)."""
    h = results.get("heuristic", {}).get("cells", {})
    s = results.get("search", {}).get("cells", {})
    name = results.get("search", {}).get("bot", "ismcts")
    kind, gains = _search_gains(results)
    first, other = _deal_ranges(results)
    head = ["players", "difficulty", "heuristic: won / games", "rate [95% interval]",
            f"{name}: won / games ({first})", "rate [95% interval]"]
    if kind == "other deals":
        head += [f"heuristic, {first}", f"heuristic, {other}",
                 f"gain over {other} [95% interval]", f"p, corrected for {len(gains)} cells"]
    elif kind == "same deals":
        head += [f"heuristic, {first}", f"won by {name} only", "won by heuristic only",
                 "gain on the same deals [95% interval]",
                 f"p, corrected for {len(gains)} cells"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key in TABLE_CELLS:
        players, difficulty = key.split("/")
        row = [players, difficulty]
        for cells in (h, s):
            c = cells.get(key)
            if c is None:
                row += ["-", "-"]
            else:
                row += [f"{c['wins']} / {c['games']}",
                        f"{_pct(c['rate'])} [{_pct(c['low'])}, {_pct(c['high'])}]"]
        g = gains.get(key)
        if kind and g is None:
            row += ["-"] * (len(head) - len(row))
        elif kind == "other deals":
            same, rest = g["heuristic_same_deals"], g["heuristic_other_deals"]
            row += [f"{same['wins']} / {same['games']}", f"{rest['wins']} / {rest['games']}",
                    _gap_text(g), p_text(g["p_holm"])]
        elif kind == "same deals":
            same = g["heuristic_same_deals"]
            row += [f"{same['wins']} / {same['games']}", str(g["search_only"]),
                    str(g["heuristic_only"]), _gap_text(g), p_text(g["p_holm"])]
        lines.append("| " + " | ".join(row) + " |")
    table = "\n".join(lines)
    print(table)
    return table


def _clear(gain: dict[str, Any]) -> bool:
    """Told apart allowing for all the cells: corrected p below 0.05, interval leaving out 0."""
    return gain["p_holm"] < 0.05 and (gain["low"] > 0 or gain["high"] < 0)


def _search_method(results: dict[str, Any]) -> str:
    """The paragraph under the table: how the two bots' cells are compared."""
    h = results.get("heuristic", {})
    s = results.get("search", {})
    kind, gains = _search_gains(results)
    first, other = _deal_ranges(results)
    searched = {c["games"] for c in s.get("cells", {}).values()}
    k = f"{searched.pop()} " if len(searched) == 1 else ""
    text = ("Intervals are 95% Wilson score intervals. Both bots played the same deals: game *i* "
            "of a cell has the seed `game_seed(master, i)` (`analysis/seeds.py`), master seed "
            f"{h.get('master_seed', '-')}, so the search bot's {k}games a cell are the heuristic "
            f"bot's first {k}deals.")
    if kind == "same deals":
        return text + (
            " The stored results keep which deals each bot won, so the two bots are compared "
            f"deal by deal on {first}: the gain is the search bot's rate minus the heuristic "
            "bot's on those deals, with Newcombe's 95% interval for paired rates for that cell "
            "alone (`analysis/conclude.py:paired_rate_gap`); the p-value (exact McNemar test on "
            f"the deals only one bot won) is corrected for the {len(gains)} cells looked at "
            "(Holm, `analysis/conclude.py:holm`).")
    if kind != "other deals":
        return text + (" Only the cells' totals are stored, and the two bots' totals are not "
                       "independent samples: the page shows no gain between them.")
    replayed = any(not g["heuristic_same_deals"].get("from", "").startswith("heuristic.cells")
                   for g in gains.values())
    if replayed:
        kept = "each cell's totals, not which deals each bot won"
        split = ("the heuristic bot's games are quick to replay (they reproduce the stored "
                 "totals exactly; `notebooks/what_if.ipynb` replays and checks them), which "
                 "splits")
    else:
        kept = "which deals the heuristic bot won but only the search bot's totals"
        split = "the heuristic bot's stored results split"
    return text + (
        f" The stored results keep {kept}, so the two bots cannot be compared deal by deal (a "
        "paired test), and their totals are not independent samples either. What the data "
        f"allow: {split} its cells into {first} "
        f"(game *i* is deal *i*: the search bot's deals) and {other} (games the search bot did "
        f"not play). The gain is the search bot's rate minus the heuristic bot's rate on {other}, "
        "two independent samples, with Newcombe's 95% interval for that cell alone "
        "(`analysis/conclude.py:rate_gap`); the p-value (pooled two-proportion test) is "
        f"corrected for the {len(gains)} cells looked at (Holm, `analysis/conclude.py:holm`).")


def _search_findings(results: dict[str, Any]) -> str:
    """The paragraph that says which cells the games tell apart, allowing for all of them."""
    kind, gains = _search_gains(results)
    if kind is None:
        return ""
    s = results["search"]["cells"]
    m = len(gains)

    def found(keys: list[str]) -> str:
        return "; ".join(
            f"{_cell_name(k)} ({_points(gains[k]['gap'])} points, 95% interval "
            f"{_points(gains[k]['low'])} to {_points(gains[k]['high'])}, corrected "
            f"{p_text(gains[k]['p_holm'])})" for k in keys)

    more = [k for k, g in gains.items() if _clear(g) and g["gap"] > 0]
    less = [k for k, g in gains.items() if _clear(g) and g["gap"] < 0]
    text = f"Allowing for the {m} cells, the search bot wins clearly more often in "
    text += f"{_number(len(more))}: {found(more)}." if more else "none of them."
    if less:
        text += f" It wins clearly less often in {_number(len(less))}: {found(less)}."
    rest = [k for k in gains if k not in more and k not in less]
    if rest:
        near = [k for k in rest if gains[k]["p_value"] < 0.05
                and (gains[k]["low"] > 0 or gains[k]["high"] < 0)]
        which = "the other" if more or less else "all"
        text += (f" In {which} {_number(len(rest))} these games do not tell the two bots "
                 "apart, which is not the same as no gain")
        if near:
            text += ": " + _and([
                f"{_cell_name(k)} ({_points(gains[k]['gap'])}{' points' if i == 0 else ''}, "
                f"{_points(gains[k]['low'])} to {_points(gains[k]['high'])})"
                for i, k in enumerate(near)])
            text += (f" would pass a test of that cell alone, but not once the {m} cells are "
                     "allowed for.")
        else:
            text += "."
    if kind == "other deals":
        first, _ = _deal_ranges(results)
        diff = {k: s[k]["wins"] - g["heuristic_same_deals"]["wins"] for k, g in gains.items()}
        low = min(diff, key=lambda k: diff[k])
        high = max(diff, key=lambda k: diff[k])

        def games(d: int, whole: bool) -> str:
            if d == 0:
                return "as many games as the heuristic bot" if whole else "as many"
            word = "more" if d > 0 else "fewer"
            return f"{abs(d)} {word} games than the heuristic bot" if whole else f"{abs(d)} {word}"

        column = 7  # "heuristic, deals 0-99"
        span = (f"{games(diff[low], True)} ({_cell_name(low)}) in every cell"
                if diff[low] == diff[high] else
                f"from {games(diff[low], True)} ({_cell_name(low)}) to "
                f"{games(diff[high], False)} ({_cell_name(high)})")
        text += (f" On {first} themselves (column {column}) the search bot won {span}; those "
                 "same-deal gains have no interval, because which deals each bot won is not "
                 "stored.")
    return text


def _role_tables(roles: dict[str, Any]) -> tuple[bool, dict[str, pd.DataFrame]]:
    """Every pair of roles for each bot (:func:`pairwise`, Holm-corrected): deal by deal when
    every role's results are stored game by game, else valid for any pairing of the deals."""
    runs, n = roles["roles"], roles["games"]
    paired = all(_per_game(runs[r][who]) is not None for r in runs for who in ("heuristic",
                                                                                 "search"))

    def gap_of(who: str) -> Any:
        def gap(a: str, b: str) -> Gap:
            if paired:
                return paired_rate_gap(paired_table([bool(x) for x in runs[a][who]["won"]],
                                                    [bool(x) for x in runs[b][who]["won"]]))
            return any_pairing_rate_gap(runs[a][who]["wins"], runs[b][who]["wins"], n)
        return gap

    return paired, {who: pairwise(list(runs), gap_of(who)) for who in ("heuristic", "search")}


def _role_sentence(table: pd.DataFrame, order: list[str], how: str) -> str:
    """Which roles these games rank, for one bot."""
    clear, rest = table[table["clear"]], table[~table["clear"]]
    leaders = list(dict.fromkeys(clear["a"]))
    if len(leaders) != 1:
        text = ranking_sentence(table, what=lambda r: f"the {r}", test=how)
        return text[0].lower() + text[1:]
    lead = leaders[0]
    beaten = [r for r in order if r in set(clear["b"])]
    others = [r for r in order if r != lead]
    largest = "corrected" if len(clear) == 1 else "largest corrected"
    p_clear = p_text(float(clear["p_holm"].max()))
    if rest.empty:
        return (f"the {lead} wins more often than each other role ({largest} {p_clear}); every "
                "pair is told apart.")
    p_rest = p_text(float(rest["p_holm"].min()))
    if len(beaten) == len(others):
        text = (f"the {lead} wins more often than each of the other {_number(len(others))} roles "
                f"({largest} {p_clear}). No other pair can be ranked with these games (smallest "
                f"corrected {p_rest})")
        return text + (": the data do not say which role is worst." if len(others) > 1 else ".")
    unbeaten = [r for r in others if r not in beaten]
    every = " and every other pair" if len(rest) > len(unbeaten) else ""
    return (f"the {lead} wins more often than {_and([f'the {r}' for r in beaten])} ({largest} "
            f"{p_clear}); {lead} against {_and(unbeaten)}{every} cannot be ranked with these "
            f"games (smallest corrected {p_rest}).")


def _role_lines(roles: dict[str, Any]) -> list[str]:
    """The role pairs each bot's games tell apart, and whether the leading role's lead over the
    others' mean changed from one bot to the other."""
    runs, n, bot = roles["roles"], roles["games"], roles["bot"]
    order = list(runs)
    paired, tables = _role_tables(roles)
    pairs = len(tables["heuristic"])
    if paired:
        how = f"exact McNemar tests on the same {n} deals"
        lines = [f"Which of the {n} deals each role won is stored, so each pair of roles is "
                 "compared deal by deal (Newcombe's paired interval and the exact McNemar test, "
                 "`analysis/conclude.py:paired_rate_gap`), with the p-values corrected for the "
                 f"{pairs} pairs of roles (Holm):"]
    else:
        how = f"tests valid for any pairing of the {n} deals"
        lines = [f"Only the totals are stored, not which of the {n} deals each role won, so each "
                 f"pair of roles is tested in a way that holds for any pairing of the {n} deals "
                 "(the widest Newcombe paired interval and the largest exact McNemar p-value "
                 "over every pairing the totals allow, `analysis/conclude.py:any_pairing_rate_gap`"
                 f"), with the p-values corrected for the {pairs} pairs of roles (Holm):"]
    lines.append("")
    for who, label in (("heuristic", "the heuristic bot"), ("search", bot)):
        lines.append(f"- With {label}: {_role_sentence(tables[who], order, how)}")
    # the leading role's lead over the mean of the others, with each bot, and its change
    lead = max(order, key=lambda r: runs[r]["heuristic"]["wins"])
    others = [r for r in order if r != lead]
    share = 1 / len(others)
    ahead = {who: (runs[lead][who]["wins"] - share * sum(runs[r][who]["wins"] for r in others))
             / n for who in ("heuristic", "search")}
    if paired:
        def per_deal(who: str) -> list[float]:
            return [runs[lead][who]["won"][i] - share * sum(runs[r][who]["won"][i] for r in others)
                    for i in range(n)]
        change = mean_difference([a - b for a, b in zip(per_deal("search"), per_deal("heuristic"),
                                                          strict=True)])
        basis = (f"(mean of the per-deal differences, {p_text(change.p_value)}, "
                 "`analysis/conclude.py:mean_difference`)")
    else:
        wins = [runs[r][who]["wins"] for who in ("search", "heuristic") for r in [lead, *others]]
        weights = [1.0, *[-share] * len(others), -1.0, *[share] * len(others)]
        change = any_pairing_contrast(wins, weights, n)
        basis = (f"for any pairing of the {n} deals ({p_text(change.p_value)}, "
                 "`analysis/conclude.py:any_pairing_contrast`)")
    verdict = (f"These games show that the search bot {'widened' if change.gap > 0 else 'narrowed'}"
               f" the {lead}'s lead." if change.clear else
               f"These games cannot show that the search bot changed the {lead}'s lead.")
    lines.append(
        f"- The {lead}'s lead over the mean of the other {_number(len(others))} roles is "
        f"{_points(ahead['heuristic'])} points with the heuristic bot and "
        f"{_points(ahead['search'])} with {bot}: a change of {_points(change.gap)} points, 95% "
        f"interval {_points(change.low)} to {_points(change.high)} {basis}. {verdict}")
    return lines


def _openspiel_freedom(fro: dict[str, Any]) -> str:
    """Our bot against OpenSpiel's on the same Freedom seeds: the paired test when the seeds'
    results are stored or only one pairing fits the totals, else one valid for any pairing."""
    n, a, b = fro["games"], fro["ours"]["wins"], fro["openspiel"]["wins"]
    fewest, most = max(0, a + b - n), min(a, b)  # seeds both won, over the pairings that fit
    if all(len(fro[who].get("won", ())) == n for who in ("ours", "openspiel")):
        t = paired_table([bool(x) for x in fro["ours"]["won"]],
                         [bool(x) for x in fro["openspiel"]["won"]])
    elif fewest == most:  # e.g. one bot won no seed: one pairing fits the totals
        t = PairedTable(most, a - most, b - most, n - a - b + most)
    else:
        g = any_pairing_rate_gap(a, b, n)
        return (f", a gap of {_points(g.gap)} points (95% interval {_points(g.low)} to "
                f"{_points(g.high)} for any pairing of the {n} seeds, {p_text(g.p_value)})")
    seeds = f"seed{'s' if t.a_only != 1 else ''}"
    return (f", so ours won {t.a_only} {seeds} that OpenSpiel's lost and {t.b_only or 'none'} "
            f"the other way (exact McNemar test {p_text(mcnemar_p(t.a_only, t.b_only))})")


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
        _search_method(results),
        "",
    ]
    findings = _search_findings(results)
    if findings:
        lines += [findings, ""]
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
        side = ("above" if sf["low"] > sf["even_share"] else
                "below" if sf["high"] < sf["even_share"] else "")
        even = (f"{side} the even share (the interval leaves it out)" if side else
                "these games cannot tell it from the even share (the interval holds it)")
        lines += [
            "## Slow Freight: one search seat",
            "",
            f"One `{sf['bot']}` seat against {sf['players'] - 1} `{sf['others']}` bots, "
            f"{sf['games']} games ({sf['games'] // sf['players']} with the search bot in each "
            f"seat), master seed {sf['master_seed']} plus the seat: win share (ties split, "
            f"SF-RULING-9) **{_pct(sf['win_share'])}** (95% interval {_pct(sf['low'])} to "
            f"{_pct(sf['high'])}) against an even share of {_pct(sf['even_share'])}: "
            f"{even}; mean score margin over the best other seat {sf['mean_margin']:+.1f}; "
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
                f"won {fro['ours']['wins']}, OpenSpiel's {fro['openspiel']['wins']}"
                f"{_openspiel_freedom(fro)}; CPU a "
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
        lines += ["", *_role_lines(roles), ""]
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
                results["search"]["cells"] = _with_gains(results["search"]["cells"], results)
            for stale in ("heuristic_spread", "search_spread"):  # best against worst role
                results.get("roles", {}).pop(stale, None)
            _save(args.out, results)
            write_page(results, ROOT / "docs" / "win_rates.md")
            continue
        globals()[f"part_{part}"](args, results)
        results.setdefault("load_average_at_end", {})[part] = os.getloadavg()[0]
        _save(args.out, results)


if __name__ == "__main__":
    main()
