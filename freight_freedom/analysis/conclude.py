"""Sentences computed from a result table: the conclusion of a what-if question, in words.

>>> import pandas as pd
>>> df = pd.DataFrame({"players": [3] * 10, "won": [True] * 7 + [False] * 3})
>>> rate_sentences(df, "players", what=lambda p: f"with {p} players the regular side")
['with 3 players the regular side is won in 70% of 10 games (95% interval 40-89%).']
>>> same = pd.DataFrame({"game_index": [0, 1, 0, 1], "bot": ["a", "a", "b", "b"],
...                      "won": [True, False, True, True]})
>>> paired_sentence(same, "bot", "a")
'Played from the same 2 deals (the same seeds), b won 1 that a lost and lost 0 that it won.'
>>> mean_sentence(pd.Series([10, 12, 14]), "a game lasts", "rounds")
'a game lasts 12.0 rounds on average (95% interval 9.7-14.3, 3 games).'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .plots import win_rates

if TYPE_CHECKING:
    import pandas as pd


def pct(x: float) -> str:
    """``0.712 -> '71%'``."""
    return f"{100 * x:.0f}%"


def interval(low: float, high: float) -> str:
    """``'65-77%'``."""
    return f"{100 * low:.0f}-{100 * high:.0f}%"


def rate_sentences(df: pd.DataFrame, by: str | Sequence[str], *,
                   what: Callable[[Any], str] | None = None, win: str | None = None,
                   verb: str = "is won in", games: str = "games") -> list[str]:
    """One sentence per group: ``"<what> is won in 71% of 25 games (95% interval 52-85%)."``
    (``games`` names the games: ``"heuristic games"``)."""
    table = win_rates(df, by, win=win)
    keys = [by] if isinstance(by, str) else list(by)
    out = []
    for row in table.to_dict("records"):
        key = row[keys[0]] if len(keys) == 1 else tuple(row[k] for k in keys)
        name = what(key) if what else str(key)
        out.append(f"{name} {verb} {pct(row['rate'])} of {int(row['games'])} {games} "
                   f"(95% interval {interval(row['low'], row['high'])}).")
    return out


def compare_sentence(df: pd.DataFrame, by: str, *, what: Callable[[Any], str] | None = None,
                     win: str | None = None) -> str:
    """Which group wins most and least often, and whether the games tell them apart: the best
    group's 95% interval lies above the worst's, or the two overlap."""
    rows = win_rates(df, by, win=win).sort_values("rate", ascending=False,
                                                   kind="stable").to_dict("records")
    best, worst = rows[0], rows[-1]
    name = what or str
    gap = best["rate"] - worst["rate"]
    if gap == 0:
        return (f"All do equally well ({pct(best['rate'])}): in these games the choice made no "
                "difference to the win rate.")
    head = (f"Best: {name(best[by])} ({pct(best['rate'])}); worst: {name(worst[by])} "
            f"({pct(worst['rate'])}); a gap of {100 * gap:.0f} percentage points")
    if best["low"] > worst["high"]:
        return head + ", larger than chance alone would give in this many games."
    games = min(int(r["games"]) for r in rows)
    return (head + f"; the 95% intervals overlap, so {games} games per group cannot tell them "
            "apart.")


def mean_interval(values: pd.Series) -> tuple[float, float, float]:
    """Mean and a 95% interval for the mean (normal approximation)."""
    clean = values.dropna().astype(float)
    n = len(clean)
    mean = float(clean.mean()) if n else math.nan
    if n < 2:
        return mean, math.nan, math.nan
    half = 1.959963984540054 * float(clean.std(ddof=1)) / math.sqrt(n)
    return mean, mean - half, mean + half


def mean_sentence(values: pd.Series, subject: str, unit: str, *, digits: int = 1) -> str:
    """``"<subject> 12.0 <unit> on average (95% interval 9.7-14.3, 3 games)."``"""
    mean, low, high = mean_interval(values)
    f = f"{{:.{digits}f}}"
    return (f"{subject} {f.format(mean)} {unit} on average (95% interval "
            f"{f.format(low)}-{f.format(high)}, {values.notna().sum()} games).")


def paired_sentence(df: pd.DataFrame, by: str, base: Any, *,
                    what: Callable[[Any], str] | None = None, win: str | None = None) -> str:
    """How many results a choice changed. A sweep plays game ``i`` of every group from the same
    seed, so the groups are the same deals played differently: compare each with ``base``."""
    from .plots import default_win_column

    win = win or default_win_column(df)
    name = what or str
    table = df.pivot(index="game_index", columns=by, values=win).astype(bool)
    parts = []
    for other in table.columns:
        if other == base:
            continue
        gained = int((table[other] & ~table[base]).sum())
        lost = int((~table[other] & table[base]).sum())
        parts.append(f"{name(other)} won {gained} that {name(base)} lost and lost {lost} that "
                     f"it won")
    return (f"Played from the same {len(table)} deals (the same seeds), " + "; ".join(parts)
            + ".")
