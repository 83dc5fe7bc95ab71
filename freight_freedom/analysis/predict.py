"""Does a position part-way through a game tell how the game will end? A held-out check.

Comparing games won with games lost looks backwards: the games are sorted by their ending, so
won games are ahead at every round almost by definition. The forward question is whether the
position at some round *predicts* the ending. :func:`held_out_check` fits the simplest rule, "a
win when the figure is at least t" (one ``t`` per group, e.g. per player count), on some games
(the training games) and counts how often it calls the ending right in *other* games (the held-out
games), against a baseline that knows the group alone (its more common result in training).

>>> import pandas as pd
>>> df = pd.DataFrame({"game_index": range(8), "players": [2] * 8,
...                    "freed_r4": [0, 0, 3, 3, 1, 1, 4, 4],
...                    "won": [False, False, True, True, False, False, True, True]})
>>> check = held_out_check(df, "freed_r4", by="players")
>>> check.thresholds, check.test_games, check.rule_right, check.base_right
({2: 3.0}, 4, 4, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .conclude import interval, mcnemar_p, p_text, pct
from .plots import default_win_column, wilson_interval

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True, slots=True)
class HeldOutCheck:
    """A threshold rule fitted on training games and checked on held-out games.

    ``thresholds``: per group, a win is predicted when the figure is at least this (``inf``:
    never); ``baseline``: per group, the prediction from the group alone; ``test_games``: held-out
    games; ``rule_right`` / ``base_right``: held-out games each called right; ``rule_only`` /
    ``base_only``: held-out games one called right and the other wrong (what a paired test of the
    two reads).
    """

    feature: str
    thresholds: dict[Hashable, float]
    baseline: dict[Hashable, bool]
    test_games: int
    rule_right: int
    base_right: int
    rule_only: int
    base_only: int

    @property
    def p_value(self) -> float:
        """Exact McNemar test: could the rule's extra right calls be chance?"""
        return mcnemar_p(self.rule_only, self.base_only)


def fit_threshold(values: pd.Series, wins: pd.Series) -> float:
    """The threshold ``t`` for which "a win when the value is at least t" is right most often on
    these games (``inf`` predicts no win at all). Among equally good thresholds "no win" comes
    first, then the lowest, like the baseline, which predicts a win only for a group that won
    more than half its training games.

    >>> import pandas as pd
    >>> fit_threshold(pd.Series([0, 1, 2, 5]), pd.Series([False, False, True, True]))
    2.0
    """
    if len(values) == 0 or len(values) != len(wins):
        raise ValueError(f"fitting a threshold needs one result per value and at least one game, "
                         f"got {len(values)} values and {len(wins)} results")
    won = wins.astype(bool).to_numpy()
    x = values.astype(float).to_numpy()
    best, best_right = math.inf, int((~won).sum())
    for t in sorted(set(x.tolist())):
        right = int(((x >= t) == won).sum())
        if right > best_right:
            best, best_right = float(t), right
    return best


def held_out_check(df: pd.DataFrame, feature: str, *, by: str | None = None,
                   win: str | None = None,
                   held_out: Callable[[pd.DataFrame], pd.Series] | None = None) -> HeldOutCheck:
    """Fit the rule on the training games and count its right calls on the held-out games
    (by default the odd ``game_index`` games are held out, the even ones train)."""
    win = win or default_win_column(df)
    missing = [c for c in (feature, win, by) if c is not None and c not in df.columns]
    if missing:
        raise ValueError(f"column(s) {missing} not in the results; have {list(df.columns)}")
    test = (held_out(df) if held_out is not None else df["game_index"] % 2 == 1).astype(bool)
    train, rest = df[~test], df[test]
    if train.empty or rest.empty:
        raise ValueError(f"a held-out check needs training and held-out games, got "
                         f"{len(train)} and {len(rest)}")
    groups = [None] if by is None else sorted(df[by].unique().tolist())
    thresholds: dict[Hashable, float] = {}
    baseline: dict[Hashable, bool] = {}
    rule_right = base_right = rule_only = base_only = 0
    for group in groups:
        tr = train if by is None else train[train[by] == group]
        te = rest if by is None else rest[rest[by] == group]
        if tr.empty:
            raise ValueError(f"no training games for {by} = {group!r}: hold out fewer games")
        key: Hashable = group
        thresholds[key] = fit_threshold(tr[feature], tr[win])
        baseline[key] = bool(tr[win].astype(bool).mean() > 0.5)  # ties: no win, as fit_threshold
        actual = te[win].astype(bool).to_numpy()
        rule = (te[feature].astype(float) >= thresholds[key]).to_numpy() == actual
        base = actual == baseline[key]
        rule_right += int(rule.sum())
        base_right += int(base.sum())
        rule_only += int((rule & ~base).sum())
        base_only += int((base & ~rule).sum())
    return HeldOutCheck(feature, thresholds, baseline, len(rest), rule_right, base_right,
                        rule_only, base_only)


def held_out_sentences(check: HeldOutCheck, *, rule: str, base: str) -> list[str]:
    """The check in words: the right calls of the rule and of the baseline on the held-out games,
    with 95% intervals, and whether the rule's gain is more than chance (exact McNemar test)."""
    n = check.test_games

    def share(right: int) -> str:
        bounds = interval(*wilson_interval(right, n))
        return f"{right} of {n} ({pct(right / n)}, 95% interval {bounds})"

    gain = check.rule_right - check.base_right
    if check.rule_only + check.base_only == 0:
        verdict = "The two called every held-out game alike: the rule adds nothing here."
    elif gain > 0 and check.p_value < 0.05:
        verdict = (f"The rule was right in {check.rule_only} games the baseline got wrong and "
                   f"wrong in {check.base_only} it got right: more than chance alone would give "
                   f"(exact McNemar test, {p_text(check.p_value)}).")
    else:
        verdict = (f"The rule was right in {check.rule_only} games the baseline got wrong and "
                   f"wrong in {check.base_only} it got right: these games cannot show that it "
                   f"predicts better ({p_text(check.p_value)}).")
    return [f"{rule} called {share(check.rule_right)} held-out games right.",
            f"{base} called {share(check.base_right)} right.", verdict]
