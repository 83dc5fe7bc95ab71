"""Intervals and tests for the gap between two groups of games, paired or not.

Two groups are told apart by an interval for the *gap* between them and a test of "no gap"
(:func:`rate_gap`, :func:`mean_gap`), never by whether their own intervals overlap: two 95%
intervals can overlap while the gap is clear. When a gap is not clear, :func:`games_needed` and
:func:`games_needed_for_means` say how many games per group would show a gap of that size.

>>> gap = rate_gap(19, 25, 8, 25)
>>> round(gap.gap, 2), round(gap.low, 2), round(gap.high, 2), gap.clear
(0.44, 0.16, 0.63, True)
>>> games_needed(0.45, 0.42)
4286

**Same deals: paired.** A sweep plays game ``i`` of every group from the same seed, so two groups
are the same deals played differently, not two independent samples: :func:`paired_rate_gap`
(exact McNemar test, Newcombe's paired interval) and :func:`mean_difference` (of the paired
differences) use that. When only the totals of paired games are stored, which deals each group
won is unknown: :func:`any_pairing_rate_gap` and :func:`any_pairing_contrast` give what holds
for *every* pairing the totals allow (a wider interval, a larger p-value).

**Several comparisons.** Looking at many pairs or cells gives chance many tries; :func:`holm`
corrects the p-values (Holm's step-down method, never weaker than Bonferroni's), and
:func:`pairwise` with :func:`~.conclude.ranking_sentence` says which pairs the games tell apart
once all of them are allowed for, and that the others cannot be ranked.

>>> holm([0.01, 0.04, 0.03, 0.005])
[0.03, 0.06, 0.06, 0.02]

**What a run could have found.** A gap the games cannot tell from none is not shown to be
absent: :func:`detectable_rate_gap`, :func:`detectable_gap` and :func:`detectable_shift` give the
smallest *true* gap that games of these sizes would show in 8 runs of 10 (80% power), rather than
treating the gap seen as the true one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from .plots import wilson_bounds

if TYPE_CHECKING:
    import pandas as pd


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
                   comparisons: int = 1, other_games: int | None = None) -> float:
    """The smallest true gap between two means that ``games`` games per group (or ``games`` and
    ``other_games``) would show in ``power`` of runs (values with standard deviation ``spread``):
    the inverse of :func:`games_needed_for_means`.

    >>> round(detectable_gap(2.0, 63), 2)
    1.0
    """
    if spread < 0 or math.isnan(spread):
        raise ValueError(f"spread must be a standard deviation (0 or more), not {spread!r}")
    other = games if other_games is None else other_games
    if games < 2 or other < 2:
        raise ValueError(f"games must be 2 or more per group, not {games!r} and {other!r}")
    if not 0 < power < 1:
        raise ValueError(f"power must lie strictly between 0 and 1, not {power!r}")
    z = z_value(confidence, comparisons) + NormalDist().inv_cdf(power)
    return z * spread * math.sqrt(1 / games + 1 / other)


def detectable_rate_gap(rate: float, games_a: int, games_b: int, *, confidence: float = 0.95,
                        power: float = 0.8, comparisons: int = 1) -> float:
    """The smallest true gap between two win rates near ``rate`` that groups of ``games_a`` and
    ``games_b`` games would show in ``power`` of runs (two-proportion test, normal
    approximation, the variance taken at ``rate`` for both groups).

    ``rate`` is the common level (e.g. the pooled rate of the games), not a gap: the answer
    assumes nothing about how large the true gap is.

    >>> round(detectable_rate_gap(0.5, 97, 97), 2)  # 97 games a group find 60% vs 40%
    0.2
    """
    if not 0 <= rate <= 1:
        raise ValueError(f"rate must be a share between 0 and 1, not {rate!r}")
    if games_a < 1 or games_b < 1:
        raise ValueError(f"games must be 1 or more per group, not {games_a!r} and {games_b!r}")
    if not 0 < power < 1:
        raise ValueError(f"power must lie strictly between 0 and 1, not {power!r}")
    z = z_value(confidence, comparisons) + NormalDist().inv_cdf(power)
    return z * math.sqrt(rate * (1 - rate) * (1 / games_a + 1 / games_b))


def detectable_shift(spread: float, games: int, *, confidence: float = 0.95, power: float = 0.8,
                     comparisons: int = 1) -> float:
    """Paired games: the smallest true mean of the per-deal differences that ``games`` deals
    would show in ``power`` of runs, the differences having standard deviation ``spread``.

    >>> round(detectable_shift(2.0, 32), 2)
    0.99
    """
    if spread < 0 or math.isnan(spread):
        raise ValueError(f"spread must be a standard deviation (0 or more), not {spread!r}")
    if games < 2:
        raise ValueError(f"games must be 2 or more, not {games!r}")
    if not 0 < power < 1:
        raise ValueError(f"power must lie strictly between 0 and 1, not {power!r}")
    z = z_value(confidence, comparisons) + NormalDist().inv_cdf(power)
    return z * spread / math.sqrt(games)


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


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down correction of ``p_values`` for looking at all of them: the smallest is
    multiplied by their number ``m``, the next by ``m - 1``, and so on, each kept at least as
    large as the one before and at most 1. A corrected p-value below 0.05 is a finding allowing
    for all ``m`` tests (the chance of any false finding stays at most 5%); it never finds less
    than Bonferroni's correction (every p-value times ``m``).

    >>> holm([0.01, 0.04, 0.03, 0.005])
    [0.03, 0.06, 0.06, 0.02]
    >>> holm([])
    []
    """
    for value in p_values:
        if not 0 <= value <= 1:
            raise ValueError(f"p-values lie between 0 and 1, not {value!r}")
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda k: p_values[k])):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True, slots=True)
class PairedTable:
    """Two groups played on the same deals, deal by deal: won by ``both``, by ``a_only``, by
    ``b_only``, by ``neither``. The test of a gap reads only the deals whose result the change
    turned around (``a_only`` and ``b_only``)."""

    both: int
    a_only: int
    b_only: int
    neither: int

    def __post_init__(self) -> None:
        if min(self.both, self.a_only, self.b_only, self.neither) < 0:
            raise ValueError(f"a paired table holds counts (0 or more), not {self}")

    @property
    def games(self) -> int:
        """The deals played by both groups."""
        return self.both + self.a_only + self.b_only + self.neither

    @property
    def wins_a(self) -> int:
        """The deals group ``a`` won."""
        return self.both + self.a_only

    @property
    def wins_b(self) -> int:
        """The deals group ``b`` won."""
        return self.both + self.b_only


def paired_table(a: Sequence[bool], b: Sequence[bool]) -> PairedTable:
    """The paired table of two win columns listed deal by deal in the same order.

    >>> paired_table([True, True, False, False], [True, False, True, False])
    PairedTable(both=1, a_only=1, b_only=1, neither=1)
    """
    xa, xb = [bool(x) for x in a], [bool(x) for x in b]
    if len(xa) != len(xb):
        raise ValueError(f"paired results need the same deals: {len(xa)} and {len(xb)} games")
    both = sum(x and y for x, y in zip(xa, xb, strict=True))
    a_only = sum(x and not y for x, y in zip(xa, xb, strict=True))
    b_only = sum(y and not x for x, y in zip(xa, xb, strict=True))
    return PairedTable(both, a_only, b_only, len(xa) - both - a_only - b_only)


def paired_rate_gap(table: PairedTable, *, confidence: float = 0.95) -> Gap:
    """The gap between two win rates on the same deals, ``(wins_a - wins_b) / games``.

    The interval is Newcombe's square-and-add interval for paired rates (Newcombe 1998; as in
    Fagerland, Lydersen and Laake, *Statistical Analysis of Contingency Tables*, ch. 8): the two
    Wilson intervals combined with the correlation of the two results, continuity-corrected; the
    p-value is the exact McNemar test (:func:`mcnemar_p`). The interval is
    approximate and the test exact, so at the edge they can disagree; :attr:`Gap.clear` then
    claims nothing.

    >>> g = paired_rate_gap(PairedTable(both=59, a_only=6, b_only=16, neither=80))
    >>> round(g.gap, 4), round(g.low, 4), round(g.high, 4), round(g.p_value, 4)
    (-0.0621, -0.1186, -0.0046, 0.0525)
    """
    n = table.games
    if n < 1:
        raise ValueError("a paired gap needs at least one deal")
    z = z_value(confidence)
    pa, pb = table.wins_a / n, table.wins_b / n
    la, ua = wilson_bounds(table.wins_a, n, z)
    lb, ub = wilson_bounds(table.wins_b, n, z)
    margins = (table.wins_a, n - table.wins_a, table.wins_b, n - table.wins_b)
    psi = 0.0
    if min(margins) > 0:
        cross = table.both * table.neither - table.a_only * table.b_only
        scale = math.sqrt(math.prod(float(m) for m in margins))
        if cross > n / 2:
            psi = (cross - n / 2) / scale
        elif cross < 0:
            psi = cross / scale
    gap = pa - pb
    low = gap - math.sqrt(max(0.0, (pa - la) ** 2 + (ub - pb) ** 2
                              - 2 * psi * (pa - la) * (ub - pb)))
    high = gap + math.sqrt(max(0.0, (pb - lb) ** 2 + (ua - pa) ** 2
                               - 2 * psi * (pb - lb) * (ua - pa)))
    return Gap(gap, max(-1.0, low), min(1.0, high), mcnemar_p(table.a_only, table.b_only),
               confidence)


def any_pairing_rate_gap(wins_a: int, wins_b: int, games: int, *,
                         confidence: float = 0.95) -> Gap:
    """The paired gap when only the totals are stored: two groups played the same ``games``
    deals, but which deals each won is unknown. Every paired table with these totals is tried
    (:func:`paired_rate_gap`); the interval runs from the lowest to the highest bound and the
    p-value is the largest, so the answer holds whichever the true table is (and is wider than
    the true table's).

    >>> g = any_pairing_rate_gap(12, 0, 20)  # one group won no deal: only one table fits
    >>> g.p_value == mcnemar_p(12, 0)
    True
    """
    _check_games(wins_a, games, "group a")
    _check_games(wins_b, games, "group b")
    gaps = [paired_rate_gap(PairedTable(both, wins_a - both, wins_b - both,
                                        games - wins_a - wins_b + both), confidence=confidence)
            for both in range(max(0, wins_a + wins_b - games), min(wins_a, wins_b) + 1)]
    return Gap(gaps[0].gap, min(g.low for g in gaps), max(g.high for g in gaps),
               max(g.p_value for g in gaps), confidence)


def any_pairing_contrast(wins: Sequence[int], weights: Sequence[float], games: int, *,
                         confidence: float = 0.95) -> Gap:
    """A sum of win rates with ``weights`` (e.g. ``+1, -1, -1, +1`` for "did the gap between
    two groups change between two bots?"), every rate from the same ``games`` deals, the
    per-deal results unknown.

    Whatever the pairing, the sum's standard error is at most the sum of the rates' own standard
    errors (each weighted by ``|weight|``: the Cauchy-Schwarz bound), so this normal-approximation
    interval and test hold for any pairing; they are wider than the true pairing's would be.

    >>> g = any_pairing_contrast([20, 10], [1, -1], 40)
    >>> round(g.gap, 2), round(g.low, 2), round(g.high, 2)
    (0.25, -0.04, 0.54)
    """
    if len(wins) != len(weights) or not wins:
        raise ValueError(f"one weight a rate: {len(wins)} rates and {len(weights)} weights")
    for k, w in enumerate(wins):
        _check_games(int(w), games, f"rate {k}")
    rates = [w / games for w in wins]
    estimate = sum(c * r for c, r in zip(weights, rates, strict=True))
    se = sum(abs(c) * math.sqrt(r * (1 - r) / games) for c, r in zip(weights, rates, strict=True))
    z = z_value(confidence)
    p_value = (1.0 if estimate == 0 else 0.0) if se == 0 else _two_sided(estimate / se, 1)
    return Gap(estimate, estimate - z * se, estimate + z * se, p_value, confidence)


def mean_difference(values: pd.Series | Sequence[float], *, target: float = 0.0,
                    confidence: float = 0.95, comparisons: int = 1) -> Gap:
    """How far the mean of ``values`` lies from ``target``, with a normal interval and test:
    the paired test when ``values`` are per-deal differences between two groups played on the
    same deals (``target`` 0), or a share against a fixed one (``target=1/3``: a seat's even
    share of a three-player game).

    >>> g = mean_difference([1.0, 2.0, 3.0, 2.0])
    >>> g.gap, round(g.low, 2), round(g.high, 2), g.clear
    (2.0, 1.2, 2.8, True)
    """
    clean = [float(x) for x in values if not math.isnan(float(x))]
    if len(clean) < 2:
        raise ValueError(f"a mean difference needs two or more values, got {len(clean)}")
    n = len(clean)
    mean = math.fsum(clean) / n
    spread = math.sqrt(math.fsum((x - mean) ** 2 for x in clean) / (n - 1))
    se = spread / math.sqrt(n)
    gap = mean - target
    z = z_value(confidence, comparisons)
    p_value = (1.0 if gap == 0 else 0.0) if se == 0 else _two_sided(gap / se, comparisons)
    return Gap(gap, gap - z * se, gap + z * se, p_value, confidence, comparisons)


def share_gap(shares: pd.Series | Sequence[float], even: float, *,
              confidence: float = 0.95, comparisons: int = 1) -> Gap:
    """A seat's share of the wins (each game 1 for a win, ``1/k`` for a win shared by ``k``
    tied seats, 0 for a loss) against its ``even`` share (``1/3`` in a three-player game).

    The interval is Wilson's and the test the score test at ``even``, both for a rate: shares lie
    between 0 and 1, so their spread is at most a rate's and both are, if anything, cautious
    (with no tied games they are exactly the rate's). ``gap`` is the mean share minus ``even``;
    ``low`` and ``high`` bound it likewise.

    >>> g = share_gap([1, 0, 0, 0.5] * 5, 1 / 3)
    >>> round(g.gap + 1 / 3, 3), g.clear
    (0.375, False)
    """
    clean = [float(x) for x in shares if not math.isnan(float(x))]
    if not clean or not all(0 <= x <= 1 for x in clean):
        raise ValueError("shares are numbers between 0 and 1, one a game")
    if not 0 < even < 1:
        raise ValueError(f"even must be a share strictly between 0 and 1, not {even!r}")
    n = len(clean)
    mean = math.fsum(clean) / n
    z = z_value(confidence, comparisons)
    # Wilson's interval for a rate, at the mean share (the formula needs no whole count)
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if mean <= 0 else max(0.0, centre - half)
    high = 1.0 if mean >= 1 else min(1.0, centre + half)
    se = math.sqrt(even * (1 - even) / n)
    return Gap(mean - even, low - even, high - even, _two_sided((mean - even) / se, comparisons),
               confidence, comparisons)


def pairwise(groups: Sequence[Any], gap_of: Callable[[Any, Any], Gap], *,
             confidence: float = 0.95) -> pd.DataFrame:
    """Every pair of ``groups`` compared by ``gap_of(a, b)`` (a :class:`Gap` for ``a - b``),
    with the p-values corrected for all the pairs (:func:`holm`).

    One row a pair, oriented so that ``a`` is ahead (``gap`` 0 or more): ``a``, ``b``, ``gap``,
    ``low``, ``high`` (the pair's own 95% interval), ``p``, ``p_holm`` and ``clear`` (the games
    tell the pair apart allowing for all the pairs: corrected p below 0.05 and an interval that
    leaves out no gap).
    """
    import pandas as pd

    rows = []
    for i, x in enumerate(groups):
        for y in groups[i + 1:]:
            a, b, gap = x, y, gap_of(x, y)
            if gap.gap < 0:
                a, b, gap = y, x, gap_of(y, x)
            rows.append({"a": a, "b": b, "gap": gap.gap, "low": gap.low, "high": gap.high,
                         "p": gap.p_value, "leaves_out_zero": gap.leaves_out_zero})
    table = pd.DataFrame(rows, columns=["a", "b", "gap", "low", "high", "p", "leaves_out_zero"])
    table["p_holm"] = holm(table["p"].tolist())
    table["clear"] = table["leaves_out_zero"] & (table["p_holm"] < 1 - confidence)
    return table.drop(columns="leaves_out_zero")
