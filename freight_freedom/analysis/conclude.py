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

The numbers behind the sentences (intervals and tests for the gap between two groups, paired
or not, Holm's correction, what a run could have found) are :mod:`.gaps`'s, named here too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .gaps import (
    Gap,
    PairedTable,
    any_pairing_contrast,
    any_pairing_rate_gap,
    detectable_gap,
    detectable_rate_gap,
    detectable_shift,
    games_needed,
    games_needed_for_means,
    holm,
    mcnemar_p,
    mean_difference,
    mean_gap,
    paired_rate_gap,
    paired_table,
    pairwise,
    rate_gap,
    share_gap,
    z_value,
)
from .plots import win_rates

if TYPE_CHECKING:
    import pandas as pd

__all__ = [  # the sentences, and the numbers behind them (:mod:`.gaps`)
    "Gap",
    "PairedTable",
    "any_pairing_contrast",
    "any_pairing_rate_gap",
    "compare_sentence",
    "detectable_gap",
    "detectable_rate_gap",
    "detectable_shift",
    "games_needed",
    "games_needed_for_means",
    "holm",
    "interval",
    "mcnemar_p",
    "mean_compare_sentence",
    "mean_difference",
    "mean_gap",
    "mean_interval",
    "mean_sentence",
    "p_text",
    "paired_mean_comparisons",
    "paired_rate_comparisons",
    "paired_rate_gap",
    "paired_sentence",
    "paired_table",
    "pairwise",
    "pct",
    "ranking_sentence",
    "rate_gap",
    "rate_sentences",
    "share_gap",
    "z_value",
]


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


def p_text(p: float) -> str:
    """``'p = 0.03'``, ``'p < 0.001'``."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}" if p < 0.01 else f"p = {p:.2f}"


def _pairs(k: int) -> int:
    return max(1, k * (k - 1) // 2)


def _allowing(pairs: int) -> str:
    return f", allowing for the {pairs} pairs one could pick" if pairs > 1 else ""


def _sizes(a: int, b: int) -> str:
    return f"{a} games per group" if a == b else f"groups of {a} and {b} games"


def compare_sentence(df: pd.DataFrame, by: str, *, what: Callable[[Any], str] | None = None,
                     win: str | None = None) -> str:
    """Which group wins most and least often ("highest" and "lowest", not "best" and "worst":
    the games may not tell them apart), and whether the games tell them apart: a 95%
    interval for the gap between the two (:func:`rate_gap`, widened because the pair was
    picked as the largest of all pairs) and, when it holds 0, the smallest true gap that games
    of these sizes would show in 8 runs of 10 (:func:`detectable_rate_gap`).

    The groups are taken as independent samples; when they are the same deals played
    differently (a sweep's groups), :func:`pairwise` with :func:`paired_rate_gap` is the test.
    """
    rows = win_rates(df, by, win=win).sort_values("rate", ascending=False,
                                                   kind="stable").to_dict("records")
    best, worst = rows[0], rows[-1]
    name = what or str
    if best["rate"] == worst["rate"]:
        return (f"All do equally well ({pct(best['rate'])}): in these games the choice made no "
                "difference to the win rate.")
    pairs = _pairs(len(rows))
    na, nb = int(best["games"]), int(worst["games"])
    gap = rate_gap(int(best["wins"]), na, int(worst["wins"]), nb, comparisons=pairs)
    head = (f"Highest: {name(best[by])} ({pct(best['rate'])}); lowest: {name(worst[by])} "
            f"({pct(worst['rate'])}); a gap of {100 * gap.gap:.0f} percentage points, 95% "
            f"interval {100 * gap.low:.0f} to {100 * gap.high:.0f}{_allowing(pairs)}")
    pooled = (best["wins"] + worst["wins"]) / (na + nb)
    seen = detectable_rate_gap(pooled, na, nb, comparisons=pairs)
    return _verdict(head, gap, _sizes(na, nb), f"{100 * seen:.0f} percentage points")


def _verdict(head: str, gap: Gap, sizes: str, detectable: str) -> str:
    """``head`` (the gap and its interval) completed with what the games can say; when they
    cannot tell the groups apart, the smallest true gap they would have shown (``detectable``)."""
    p = p_text(gap.p_value)
    if gap.clear:
        return head + f": more than chance alone would give ({p})."
    if gap.leaves_out_zero != (gap.p_value < 1 - gap.confidence):
        # the interval and the test disagree (they are computed differently): claim nothing
        body = (f"; the interval and the test ({p}) disagree, so {sizes} are at the edge of "
                f"telling them apart.")
    else:
        body = f", which includes no gap at all ({p}): {sizes} cannot tell them apart."
    return (head + body + f" Only a true gap of about {detectable} or more would show in 8 runs "
            f"of 10 with {sizes}.")


def mean_compare_sentence(df: pd.DataFrame, by: str, column: str, unit: str, *,
                          what: Callable[[Any], str] | None = None, digits: int = 1) -> str:
    """Which group has the largest and the smallest mean of ``column``, and whether the games
    tell them apart (:func:`mean_gap`, widened for all pairs; :func:`detectable_gap`).

    The groups are taken as independent samples; for the same deals played differently,
    :func:`pairwise` with :func:`mean_difference` of the paired differences is the test."""
    means = df.groupby(by, sort=True)[column].mean().sort_values(ascending=False,
                                                                   kind="stable")
    name = what or str
    top, bottom = means.index[0], means.index[-1]
    f = f"{{:.{digits}f}}"
    pairs = _pairs(len(means))
    a, b = df.loc[df[by] == top, column], df.loc[df[by] == bottom, column]
    gap = mean_gap(a, b, comparisons=pairs)
    head = (f"Highest: {name(top)} ({f.format(means[top])} {unit}); lowest: {name(bottom)} "
            f"({f.format(means[bottom])}); a gap of {f.format(gap.gap)} {unit}, 95% interval "
            f"{f.format(gap.low)} to {f.format(gap.high)}{_allowing(pairs)}")
    na, nb = int(a.count()), int(b.count())
    spread = float(df[column].std(ddof=1))
    seen = detectable_gap(spread, na, comparisons=pairs, other_games=nb)
    return _verdict(head, gap, _sizes(na, nb), f"{f.format(seen)} {unit}")


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


def _paired_frame(df: pd.DataFrame, by: str, column: str, index: str) -> pd.DataFrame:
    """``column`` deal by deal (rows ``index``), one column a group; every group must have
    played every deal (a value may still be missing, e.g. no train delivered)."""
    played = df.assign(_played=True).pivot(index=index, columns=by, values="_played")
    if played.isna().any().any():
        raise ValueError(f"every {by} needs the same deals ({index}) for a paired comparison")
    return df.pivot(index=index, columns=by, values=column)


def paired_rate_comparisons(df: pd.DataFrame, by: str, *, win: str | None = None,
                            index: str = "game_index") -> pd.DataFrame:
    """:func:`pairwise` for win rates of groups played on the same deals (a sweep: game ``i``
    of every group has the same seed): exact McNemar tests and Newcombe's paired intervals
    (:func:`paired_rate_gap`), Holm-corrected for all the pairs. The groups are listed from the
    highest rate down."""
    from .plots import default_win_column

    win = win or default_win_column(df)
    table = _paired_frame(df, by, win, index).astype(bool)
    order = list(table.mean().sort_values(ascending=False, kind="stable").index)
    return pairwise(order, lambda a, b: paired_rate_gap(paired_table(table[a], table[b])))


def paired_mean_comparisons(df: pd.DataFrame, by: str, column: str, *,
                            index: str = "game_index") -> pd.DataFrame:
    """:func:`pairwise` for means of ``column`` in groups played on the same deals: the mean of
    the per-deal differences (:func:`mean_difference`), Holm-corrected for all the pairs."""
    table = _paired_frame(df, by, column, index).astype(float)
    order = list(table.mean().sort_values(ascending=False, kind="stable").index)
    return pairwise(order, lambda a, b: mean_difference(table[a] - table[b]))


def ranking_sentence(table: pd.DataFrame, *, what: Callable[[Any], str] | None = None,
                     more: str = "wins more often than", test: str = "",
                     scale: float = 100, unit: str = "points", digits: int = 0) -> str:
    """What a :func:`pairwise` table lets one say: which groups are ahead of which, allowing for
    all the pairs, and that the other pairs cannot be ranked with these games.

    ``more`` joins two groups (``"<a> wins more often than <b>"``); ``test`` names the test
    (``"exact McNemar tests on the same 50 deals"``); a gap is shown times ``scale`` in ``unit``.
    """
    name = what or str
    m = len(table)
    if m == 0:
        return "There is nothing to compare."

    def amount(x: float) -> str:
        return f"{scale * x:+.{digits}f}"

    how = f"{test}, " if test else ""
    if m == 1:
        row = table.iloc[0]
        head = (f"{name(row['a'])} against {name(row['b'])}: {amount(row['gap'])} {unit} (95% "
                f"interval {amount(row['low'])} to {amount(row['high'])}; {how}"
                f"{p_text(row['p'])})")
        if row["clear"]:
            return head + f": {name(row['a'])} {more} {name(row['b'])}."
        return head + ": these games cannot tell them apart."
    clear = table[table["clear"]]
    rest = table[~table["clear"]]
    allowing = f"Allowing for the {m} pairs ({how}Holm's correction)"
    if clear.empty:
        return (f"No two can be ranked with these games. {allowing}, none of the pairs differs "
                f"clearly (smallest corrected {p_text(float(rest['p_holm'].min()))}).")
    parts = []
    for a in dict.fromkeys(clear["a"]):
        behind = [name(b) for b in clear.loc[clear["a"] == a, "b"]]
        listed = behind[0] if len(behind) == 1 else ", ".join(behind[:-1]) + " and " + behind[-1]
        parts.append(f"{name(a)} {more} {listed}")
    largest = "corrected" if len(clear) == 1 else "largest corrected"
    text = (f"{allowing}, these games tell apart: " + "; ".join(parts)
            + f" ({largest} {p_text(float(clear['p_holm'].max()))}).")
    if rest.empty:
        return text + " Every pair is told apart."
    return (text + f" The other {len(rest)} pair{'s' if len(rest) > 1 else ''} cannot be ranked "
            f"with these games (smallest corrected {p_text(float(rest['p_holm'].min()))}).")


def paired_sentence(df: pd.DataFrame, by: str, base: Any, *,
                    what: Callable[[Any], str] | None = None, win: str | None = None) -> str:
    """How many results a choice changed. A sweep plays game ``i`` of every group from the same
    seed, so the groups are the same deals played differently: compare each with ``base``, with
    an exact McNemar test when any result changed (:func:`mcnemar_p`), corrected for the number
    of groups compared with ``base`` (:func:`holm`)."""
    from .plots import default_win_column

    win = win or default_win_column(df)
    name = what or str
    table = df.pivot(index="game_index", columns=by, values=win).astype(bool)
    others = [c for c in table.columns if c != base]
    counts = [(int((table[o] & ~table[base]).sum()), int((~table[o] & table[base]).sum()))
              for o in others]
    corrected = holm([mcnemar_p(g, lost) for g, lost in counts])
    parts = []
    for other, (gained, lost), adjusted in zip(others, counts, corrected, strict=True):
        test = ""
        if gained + lost:
            test = f" (exact McNemar test {p_text(mcnemar_p(gained, lost))}"
            if len(others) > 1:
                test += f"; corrected for the {len(others)} comparisons, {p_text(adjusted)}"
            test += ")"
        parts.append(f"{name(other)} won {gained} that {name(base)} lost and lost {lost} that "
                     f"it won{test}")
    return (f"Played from the same {len(table)} deals (the same seeds), " + "; ".join(parts)
            + ".")
