"""Paired tests, corrections for several comparisons and what a run could have found: known
answers computed by hand or published, so the what-if sentences rest on checked arithmetic."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from freight_freedom.analysis.conclude import (
    PairedTable,
    any_pairing_contrast,
    any_pairing_rate_gap,
    detectable_rate_gap,
    detectable_shift,
    games_needed,
    holm,
    mcnemar_p,
    mean_difference,
    paired_mean_comparisons,
    paired_rate_comparisons,
    paired_rate_gap,
    paired_sentence,
    paired_table,
    pairwise,
    ranking_sentence,
    share_gap,
)


def test_mcnemar_exact_p_by_hand() -> None:
    # 1 game turned one way, 4 the other: 2 * P(X <= 1), X ~ Bin(5, 1/2) = 2 * (1 + 5) / 32
    assert mcnemar_p(1, 4) == pytest.approx(0.375)
    assert mcnemar_p(4, 1) == mcnemar_p(1, 4)
    # 6 against 16: 2 * (C(22,0) + ... + C(22,6)) / 2^22, the sum being 110056
    assert sum(math.comb(22, i) for i in range(7)) == 110056
    assert mcnemar_p(6, 16) == pytest.approx(2 * 110056 / 2**22)
    assert mcnemar_p(3, 3) == 1.0 and mcnemar_p(0, 0) == 1.0


def test_mcnemar_agrees_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for gained, lost in [(6, 16), (12, 0), (9, 4), (30, 21)]:
        expected = stats.binomtest(gained, gained + lost, 0.5).pvalue
        assert mcnemar_p(gained, lost) == pytest.approx(expected, rel=1e-9)


def test_holm_by_hand() -> None:
    # sorted 0.005, 0.01, 0.03, 0.04 -> times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 -> kept rising
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([0.02]) == [0.02]
    raw = [0.001, 0.2, 0.013, 0.04, 0.3]
    adjusted = holm(raw)
    assert all(r <= a <= min(1.0, len(raw) * r) for r, a in zip(raw, adjusted, strict=True))
    with pytest.raises(ValueError, match="p-values"):
        holm([1.5])


def test_paired_gap_matches_the_published_interval() -> None:
    """Fagerland, Lydersen and Laake, Statistical Analysis of Contingency Tables (2017), ch. 8:
    complete response before and after consolidation therapy (Cavo et al. 2012), table
    59, 6 / 16, 80: Newcombe's square-and-add interval -0.1186 to -0.0046; exact McNemar
    p = 0.052."""
    gap = paired_rate_gap(PairedTable(both=59, a_only=6, b_only=16, neither=80))
    assert gap.gap == pytest.approx(-0.0621, abs=1e-4)
    assert (gap.low, gap.high) == pytest.approx((-0.1186, -0.0046), abs=1e-4)
    assert gap.p_value == pytest.approx(0.0525, abs=1e-4)
    # the approximate interval leaves out 0, the exact test does not reach 5%: no finding
    assert gap.leaves_out_zero and not gap.clear


def test_paired_table_and_gap_from_results() -> None:
    a = [True] * 6 + [False] * 4
    b = [True] * 2 + [False] * 8
    table = paired_table(a, b)
    assert table == PairedTable(both=2, a_only=4, b_only=0, neither=4)
    assert (table.games, table.wins_a, table.wins_b) == (10, 6, 2)
    gap = paired_rate_gap(table)
    assert gap.gap == pytest.approx(0.4)
    assert gap.p_value == pytest.approx(2 * 0.5**4)
    assert gap.low < gap.gap < gap.high
    with pytest.raises(ValueError, match="same deals"):
        paired_table([True], [True, False])
    with pytest.raises(ValueError, match="counts"):
        PairedTable(-1, 0, 0, 0)


def test_any_pairing_covers_every_table_the_totals_allow() -> None:
    wins_a, wins_b, games = 14, 9, 30
    bound = any_pairing_rate_gap(wins_a, wins_b, games)
    for both in range(0, 10):
        table = PairedTable(both, wins_a - both, wins_b - both, games - wins_a - wins_b + both)
        gap = paired_rate_gap(table)
        assert bound.low <= gap.low and gap.high <= bound.high
        assert gap.p_value <= bound.p_value
    assert bound.gap == pytest.approx(5 / 30)
    # one group won nothing: a single table fits, and the bound is that table's answer
    only = any_pairing_rate_gap(12, 0, 20)
    exact = paired_rate_gap(PairedTable(0, 12, 0, 8))
    assert (only.low, only.high, only.p_value) == pytest.approx((exact.low, exact.high,
                                                                 exact.p_value))


def test_any_pairing_contrast_by_hand_and_wider_than_the_true_pairing() -> None:
    # 20/40 and 10/40: se at most sqrt(.25/40) + sqrt(.1875/40) = 0.14752
    g = any_pairing_contrast([20, 10], [1, -1], 40)
    se = math.sqrt(0.25 / 40) + math.sqrt(0.1875 / 40)
    assert (g.low, g.high) == pytest.approx((0.25 - 1.959964 * se, 0.25 + 1.959964 * se))
    # with the per-deal results known, the paired interval is narrower
    a = [True] * 20 + [False] * 20
    b = [True] * 10 + [False] * 30
    known = mean_difference([float(x) - float(y) for x, y in zip(a, b, strict=True)])
    assert g.low <= known.low and known.high <= g.high
    with pytest.raises(ValueError, match="weight"):
        any_pairing_contrast([1, 2], [1.0], 10)


def test_mean_difference_by_hand() -> None:
    g = mean_difference([1.0, 2.0, 3.0, 2.0])
    se = math.sqrt(2 / 3) / 2
    assert g.gap == 2.0
    assert (g.low, g.high) == pytest.approx((2 - 1.959964 * se, 2 + 1.959964 * se))
    assert mean_difference([0.3, 0.3, 0.3], target=0.3).p_value == 1.0
    assert mean_difference([1.0, float("nan"), 3.0]).gap == 2.0
    with pytest.raises(ValueError, match="two or more"):
        mean_difference([1.0])


def test_share_gap_is_the_rate_test_without_ties() -> None:
    # 26 wins of 50 against an even share of 1/3: z = (0.52 - 1/3) / sqrt((2/9) / 50) = 2.8
    shares = [1.0] * 26 + [0.0] * 24
    g = share_gap(shares, 1 / 3)
    assert g.gap == pytest.approx(0.52 - 1 / 3)
    assert g.p_value == pytest.approx(2 * (1 - 0.997445), abs=1e-5)
    from freight_freedom.analysis.plots import wilson_interval

    low, high = wilson_interval(26, 50)
    assert (g.low + 1 / 3, g.high + 1 / 3) == pytest.approx((low, high))
    # a tie shared by two seats counts half
    assert share_gap([0.5, 0.5, 1.0, 0.0], 1 / 3).gap == pytest.approx(0.5 - 1 / 3)
    with pytest.raises(ValueError, match="between 0 and 1"):
        share_gap([2.0], 1 / 3)


def test_detectable_gaps_are_the_inverse_of_the_games_needed() -> None:
    # 97 games a group find 60% against 40% (Fleiss): the gap these sizes show is about 20 points
    assert games_needed(0.6, 0.4) == 97
    assert detectable_rate_gap(0.5, 97, 97) == pytest.approx(0.2, abs=0.005)
    # unequal groups: the smaller one limits what is seen
    assert detectable_rate_gap(0.43, 76, 24) > detectable_rate_gap(0.43, 50, 50)
    # paired: (1.96 + 0.84) * sd / sqrt(n)
    assert detectable_shift(2.0, 32) == pytest.approx(2.8016 * 2 / math.sqrt(32), abs=1e-3)
    assert detectable_shift(2.0, 32, comparisons=3) > detectable_shift(2.0, 32)
    with pytest.raises(ValueError, match="rate"):
        detectable_rate_gap(1.5, 10, 10)


def deals(results: dict[str, list[bool]]) -> pd.DataFrame:
    """One row a game: group -> its results deal by deal."""
    return pd.DataFrame([{"game_index": i, "bot": name, "won": won}
                         for name, column in results.items() for i, won in enumerate(column)])


def test_pairwise_orients_each_pair_and_corrects_for_all_of_them() -> None:
    table = pairwise(["x", "y", "z"], lambda a, b: mean_difference(
        [{"x": 1.0, "y": 3.0, "z": 2.0}[a] - {"x": 1.0, "y": 3.0, "z": 2.0}[b] + e
         for e in (-0.1, 0.0, 0.1)]))
    assert list(zip(table["a"], table["b"], strict=True)) == [("y", "x"), ("z", "x"), ("y", "z")]
    assert (table["gap"] >= 0).all()
    assert table["p_holm"].tolist() == pytest.approx(holm(table["p"].tolist()))


def test_paired_rate_comparisons_use_the_deals_each_changed() -> None:
    df = deals({"a": [True] * 12 + [False] * 8, "b": [True] * 2 + [False] * 18,
                "c": [True] * 11 + [False] * 9})
    table = paired_rate_comparisons(df, "bot")
    row = table[(table["a"] == "a") & (table["b"] == "b")].iloc[0]
    assert row["p"] == pytest.approx(mcnemar_p(10, 0))
    assert row["p_holm"] == pytest.approx(3 * mcnemar_p(10, 0))
    assert row["clear"]
    text = ranking_sentence(table, what=lambda g: f"bot {g}", test="exact McNemar tests")
    assert text.startswith("Allowing for the 3 pairs (exact McNemar tests, Holm's correction), "
                           "these games tell apart: bot a wins more often than bot b; bot c "
                           "wins more often than bot b (largest corrected p = ")
    assert text.endswith("The other 1 pair cannot be ranked with these games (smallest "
                         "corrected p = 1.00).")
    with pytest.raises(ValueError, match="same deals"):
        paired_rate_comparisons(df.iloc[1:], "bot")


def test_ranking_sentence_when_nothing_is_clear_and_for_one_pair() -> None:
    df = deals({"a": [True, False] * 5, "b": [False, True] * 5})
    one = ranking_sentence(paired_rate_comparisons(df, "bot"))
    assert "these games cannot tell them apart" in one and "+0 points" in one
    df3 = deals({"a": [True, False] * 5, "b": [False, True] * 5, "c": [True] * 4 + [False] * 6})
    none = ranking_sentence(paired_rate_comparisons(df3, "bot"))
    assert none.startswith("No two can be ranked with these games. Allowing for the 3 pairs")


def test_paired_mean_comparisons_allow_a_missing_value_but_not_a_missing_deal() -> None:
    df = pd.DataFrame({"game_index": [0, 1, 2, 0, 1, 2], "t": ["x"] * 3 + ["y"] * 3,
                       "size": [3.0, 4.0, float("nan"), 2.0, 3.5, 1.0]})
    table = paired_mean_comparisons(df, "t", "size")
    assert table.iloc[0]["gap"] == pytest.approx(0.75)
    with pytest.raises(ValueError, match="same deals"):
        paired_mean_comparisons(df.iloc[:5], "t", "size")


def test_paired_sentence_corrects_for_the_comparisons_with_the_base() -> None:
    df = deals({"base": [False] * 10, "b": [True] * 8 + [False] * 2, "c": [True] + [False] * 9})
    text = paired_sentence(df, "bot", "base")
    assert ("b won 8 that base lost and lost 0 that it won (exact McNemar test p = 0.008; "
            "corrected for the 2 comparisons, p = 0.02)") in text
