"""Sentences computed from a result table: the conclusion of a what-if question, in words.

>>> import pandas as pd
>>> df = pd.DataFrame({"players": [3] * 10, "won": [True] * 7 + [False] * 3})
>>> rate_sentences(df, "players", what=lambda p: f"with {p} players the regular side")
['with 3 players the regular side is won in 70% of 10 games (95% interval 40-89%).']
>>> same = pd.DataFrame({"game_index": [0, 1, 0, 1], "bot": ["a", "a", "b", "b"],
...                      "won": [True, False, True, True]})
>>> print(paired_sentence(same, "bot", "a"))  # doctest: +NORMALIZE_WHITESPACE
Played from the same 2 deals (the same seeds), b won 1 that a lost and lost 0 that it won
(exact McNemar test p = 1.00).
>>> mean_sentence(pd.Series([10, 12, 14]), "a game lasts", "rounds")
'a game lasts 12.0 rounds on average (95% interval 9.7-14.3, 3 games).'

Two groups are told apart by an interval for the *gap* between them and a test of "no gap"
(:func:`rate_gap`, :func:`mean_gap`), never by whether their own intervals overlap: two 95%
intervals can overlap while the gap is clear. When a gap is not clear, :func:`games_needed` and
:func:`games_needed_for_means` say how many games per group would show a gap of that size.

>>> gap = rate_gap(19, 25, 8, 25)
>>> round(gap.gap, 2), round(gap.low, 2), round(gap.high, 2), gap.clear
(0.44, 0.16, 0.63, True)
>>> games_needed(0.45, 0.42)
4286
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from .plots import wilson_bounds, win_rates

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


def z_value(confidence: float = 0.95, comparisons: int = 1) -> float:
    """Standard errors either side for a two-sided ``confidence`` interval, widened (Bonferroni)
    when it is one of ``comparisons`` pairs looked at, so that picking the largest gap after
    the fact does not make chance look like a finding."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie strictly between 0 and 1, not {confidence!r}")
    if comparisons < 1:
        raise ValueError(f"comparisons must be a positive number of pairs, not {comparisons!r}")
    return NormalDist().inv_cdf(1 - (1 - confidence) / (2 * comparisons))


def _two_sided(z: float, comparisons: int) -> float:
    return min(1.0, comparisons * 2 * (1 - NormalDist().cdf(abs(z))))


@dataclass(frozen=True, slots=True)
class Gap:
    """The gap ``a - b`` between two groups: its ``low``-``high`` interval at ``confidence``
    (widened for ``comparisons`` pairs) and the two-sided p-value of a test of "no gap" (the
    chance of a gap at least this large if the groups were really alike; Bonferroni-adjusted)."""

    gap: float
    low: float
    high: float
    p_value: float
    confidence: float = 0.95
    comparisons: int = 1

    @property
    def leaves_out_zero(self) -> bool:
        """The interval leaves out 0 (no gap at all lies outside it)."""
        return self.low > 0 or self.high < 0

    @property
    def clear(self) -> bool:
        """The games tell the two groups apart: the interval leaves out 0 and the test agrees
        (for rates the two are computed differently and can disagree at the edge)."""
        return self.leaves_out_zero and self.p_value < 1 - self.confidence


def _check_games(wins: int, games: int, name: str) -> None:
    if games < 1 or not 0 <= wins <= games:
        raise ValueError(f"{name}: need 0 <= wins <= games and games >= 1, got {wins} wins of "
                         f"{games} games")


def rate_gap(wins_a: int, games_a: int, wins_b: int, games_b: int, *,
             confidence: float = 0.95, comparisons: int = 1) -> Gap:
    """The gap between two win rates, ``wins_a/games_a - wins_b/games_b``.

    The interval is Newcombe's hybrid score interval (built from the two Wilson intervals: good
    near 0% and 100%, unlike the textbook one); the p-value is the pooled two-proportion z-test.

    >>> g = rate_gap(14, 25, 14, 25)
    >>> g.gap, g.p_value, g.clear
    (0.0, 1.0, False)
    """
    _check_games(wins_a, games_a, "group a")
    _check_games(wins_b, games_b, "group b")
    z = z_value(confidence, comparisons)
    pa, pb = wins_a / games_a, wins_b / games_b
    la, ua = wilson_bounds(wins_a, games_a, z)
    lb, ub = wilson_bounds(wins_b, games_b, z)
    gap = pa - pb
    low = gap - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2)
    high = gap + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2)
    pooled = (wins_a + wins_b) / (games_a + games_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    p_value = 1.0 if se == 0 else _two_sided(gap / se, comparisons)
    return Gap(gap, low, high, p_value, confidence, comparisons)


def games_needed(rate_a: float, rate_b: float, *, confidence: float = 0.95, power: float = 0.8,
                 comparisons: int = 1) -> int | None:
    """Games per group for a two-proportion test to find a true gap ``rate_a - rate_b`` in
    ``power`` of runs (Fleiss' formula); None for equal rates, which no number of games can
    tell apart."""
    for name, rate in (("rate_a", rate_a), ("rate_b", rate_b)):
        if not 0 <= rate <= 1:
            raise ValueError(f"{name} must be a share between 0 and 1, not {rate!r}")
    if not 0 < power < 1:
        raise ValueError(f"power must lie strictly between 0 and 1, not {power!r}")
    gap = abs(rate_a - rate_b)
    if gap == 0:
        return None
    za, zb = z_value(confidence, comparisons), NormalDist().inv_cdf(power)
    mean = (rate_a + rate_b) / 2
    top = (za * math.sqrt(2 * mean * (1 - mean))
           + zb * math.sqrt(rate_a * (1 - rate_a) + rate_b * (1 - rate_b)))
    return math.ceil(top * top / (gap * gap))


def mean_gap(a: pd.Series, b: pd.Series, *, confidence: float = 0.95,
             comparisons: int = 1) -> Gap:
    """The gap between two means, ``mean(a) - mean(b)``, with a normal (Welch) interval and
    test; each group needs at least two values.

    >>> import pandas as pd
    >>> g = mean_gap(pd.Series([10, 12, 14]), pd.Series([20, 22, 24]))
    >>> g.gap, round(g.low, 2), round(g.high, 2), g.clear
    (-10.0, -13.2, -6.8, True)
    """
    xa, xb = a.dropna().astype(float), b.dropna().astype(float)
    if len(xa) < 2 or len(xb) < 2:
        raise ValueError(f"a gap between means needs two or more values in each group, got "
                         f"{len(xa)} and {len(xb)}")
    gap = float(xa.mean() - xb.mean())
    se = math.sqrt(float(xa.var(ddof=1)) / len(xa) + float(xb.var(ddof=1)) / len(xb))
    z = z_value(confidence, comparisons)
    p_value = (1.0 if gap == 0 else 0.0) if se == 0 else _two_sided(gap / se, comparisons)
    return Gap(gap, gap - z * se, gap + z * se, p_value, confidence, comparisons)


def games_needed_for_means(gap: float, spread: float, *, confidence: float = 0.95,
                           power: float = 0.8, comparisons: int = 1) -> int | None:
    """Games per group to find a true gap ``gap`` between two means whose values have standard
    deviation ``spread``, in ``power`` of runs; None for no gap."""
    if spread < 0 or math.isnan(spread):
        raise ValueError(f"spread must be a standard deviation (0 or more), not {spread!r}")
    if not 0 < power < 1:
        raise ValueError(f"power must lie strictly between 0 and 1, not {power!r}")
    if gap == 0:
        return None
    z = z_value(confidence, comparisons) + NormalDist().inv_cdf(power)
    return max(2, math.ceil(2 * (z * spread / gap) ** 2))


def detectable_gap(spread: float, games: int, *, confidence: float = 0.95, power: float = 0.8,
                   comparisons: int = 1) -> float:
    """The smallest true gap between two means that ``games`` games per group would show in
    ``power`` of runs (values with standard deviation ``spread``): the inverse of
    :func:`games_needed_for_means`.

    >>> round(detectable_gap(2.0, 63), 2)
    1.0
    """
    if spread < 0 or math.isnan(spread):
        raise ValueError(f"spread must be a standard deviation (0 or more), not {spread!r}")
    if games < 2:
        raise ValueError(f"games must be 2 or more per group, not {games!r}")
    if not 0 < power < 1:
        raise ValueError(f"power must lie strictly between 0 and 1, not {power!r}")
    z = z_value(confidence, comparisons) + NormalDist().inv_cdf(power)
    return z * spread * math.sqrt(2 / games)


def p_text(p: float) -> str:
    """``'p = 0.03'``, ``'p < 0.001'``."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}" if p < 0.01 else f"p = {p:.2f}"


def _pairs(k: int) -> int:
    return max(1, k * (k - 1) // 2)


def _allowing(pairs: int) -> str:
    return f", allowing for the {pairs} pairs one could pick" if pairs > 1 else ""


def compare_sentence(df: pd.DataFrame, by: str, *, what: Callable[[Any], str] | None = None,
                     win: str | None = None) -> str:
    """Which group wins most and least often, and whether the games tell them apart: a 95%
    interval for the gap between the two (:func:`rate_gap`, widened because the pair was
    picked as the largest of all pairs) and, when it holds 0, the games per group that a gap
    of this size would need (:func:`games_needed`)."""
    rows = win_rates(df, by, win=win).sort_values("rate", ascending=False,
                                                   kind="stable").to_dict("records")
    best, worst = rows[0], rows[-1]
    name = what or str
    if best["rate"] == worst["rate"]:
        return (f"All do equally well ({pct(best['rate'])}): in these games the choice made no "
                "difference to the win rate.")
    pairs = _pairs(len(rows))
    gap = rate_gap(int(best["wins"]), int(best["games"]), int(worst["wins"]),
                   int(worst["games"]), comparisons=pairs)
    head = (f"Best: {name(best[by])} ({pct(best['rate'])}); worst: {name(worst[by])} "
            f"({pct(worst['rate'])}); a gap of {100 * gap.gap:.0f} percentage points, 95% "
            f"interval {100 * gap.low:.0f} to {100 * gap.high:.0f}{_allowing(pairs)}")
    games = min(int(r["games"]) for r in rows)
    return _verdict(head, gap, games,
                    games_needed(best["rate"], worst["rate"], comparisons=pairs))


def _verdict(head: str, gap: Gap, games: int, need: int | None) -> str:
    """``head`` (the gap and its interval) completed with what the games can say."""
    p = p_text(gap.p_value)
    if gap.clear:
        return head + f": more than chance alone would give ({p})."
    if gap.leaves_out_zero != (gap.p_value < 1 - gap.confidence):
        # the interval and the test disagree (they are computed differently): claim nothing
        body = (f"; the interval and the test ({p}) disagree, so {games} games per group are at "
                f"the edge of telling them apart.")
    else:
        body = (f", which includes no gap at all ({p}): {games} games per group cannot tell "
                f"them apart.")
    tail = ("" if need is None else f" A true gap this size would show in 8 runs of 10 with "
            f"about {need:,} games per group.")
    return head + body + tail


def mean_compare_sentence(df: pd.DataFrame, by: str, column: str, unit: str, *,
                          what: Callable[[Any], str] | None = None, digits: int = 1) -> str:
    """Which group has the largest and the smallest mean of ``column``, and whether the games
    tell them apart (:func:`mean_gap`, widened for all pairs; :func:`games_needed_for_means`)."""
    means = df.groupby(by, sort=True)[column].mean().sort_values(ascending=False,
                                                                   kind="stable")
    name = what or str
    top, bottom = means.index[0], means.index[-1]
    f = f"{{:.{digits}f}}"
    pairs = _pairs(len(means))
    gap = mean_gap(df.loc[df[by] == top, column], df.loc[df[by] == bottom, column],
                   comparisons=pairs)
    head = (f"Highest: {name(top)} ({f.format(means[top])} {unit}); lowest: {name(bottom)} "
            f"({f.format(means[bottom])}); a gap of {f.format(gap.gap)} {unit}, 95% interval "
            f"{f.format(gap.low)} to {f.format(gap.high)}{_allowing(pairs)}")
    games = int(df.groupby(by)[column].count().min())
    spread = float(df[column].std(ddof=1))
    return _verdict(head, gap, games,
                    games_needed_for_means(gap.gap, spread, comparisons=pairs))


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


def mcnemar_p(gained: int, lost: int) -> float:
    """Exact two-sided McNemar test for paired games: of the ``gained + lost`` games whose result
    a change turned around, the chance of a split at least this uneven if either way were
    equally likely.

    >>> mcnemar_p(8, 0) == 2 * 0.5 ** 8, mcnemar_p(0, 0)
    (True, 1.0)
    """
    if gained < 0 or lost < 0:
        raise ValueError(f"changed games are counts (0 or more), not {gained} and {lost}")
    n, k = gained + lost, min(gained, lost)
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return min(1.0, 2.0 * tail / 2.0 ** n)


def paired_sentence(df: pd.DataFrame, by: str, base: Any, *,
                    what: Callable[[Any], str] | None = None, win: str | None = None) -> str:
    """How many results a choice changed. A sweep plays game ``i`` of every group from the same
    seed, so the groups are the same deals played differently: compare each with ``base``, with
    an exact McNemar test when any result changed (:func:`mcnemar_p`)."""
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
        test = f" (exact McNemar test {p_text(mcnemar_p(gained, lost))})" if gained + lost else ""
        parts.append(f"{name(other)} won {gained} that {name(base)} lost and lost {lost} that "
                     f"it won{test}")
    return (f"Played from the same {len(table)} deals (the same seeds), " + "; ".join(parts)
            + ".")
