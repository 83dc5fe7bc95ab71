"""The what-if conclusions: gaps between groups are judged by an interval for the gap and a test,
and an unclear gap comes with the number of games that would settle it."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from freight_freedom.analysis.conclude import (
    compare_sentence,
    detectable_gap,
    detectable_rate_gap,
    games_needed,
    games_needed_for_means,
    mean_compare_sentence,
    mean_gap,
    p_text,
    paired_sentence,
    rate_gap,
    z_value,
)


def table(rates: dict[str, tuple[int, int]]) -> pd.DataFrame:
    """One row per game: ``group -> (wins, games)``."""
    rows = [{"bot": name, "won": i < wins} for name, (wins, games) in rates.items()
            for i in range(games)]
    return pd.DataFrame(rows)


def test_rate_gap_matches_newcombes_published_interval() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, table II: 56/70 vs 48/80, method 10
    gap = rate_gap(56, 70, 48, 80)
    assert gap.gap == pytest.approx(0.2)
    assert (gap.low, gap.high) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    # the pooled two-proportion z-test: z = 2.65
    assert gap.p_value == pytest.approx(0.0080, abs=2e-4)
    assert gap.clear


def test_overlapping_intervals_can_still_be_a_clear_gap() -> None:
    """The old sentence read overlap as 'cannot tell apart'; the gap's own interval decides."""
    from freight_freedom.analysis.plots import wilson_interval

    a, b = wilson_interval(60, 100), wilson_interval(45, 100)
    assert a[0] < b[1]  # the two intervals overlap...
    gap = rate_gap(60, 100, 45, 100, confidence=0.9)
    assert gap.clear and gap.low > 0  # ...yet at 90% the gap is clear


def test_more_pairs_widen_the_interval_and_raise_the_p_value() -> None:
    one, six = rate_gap(19, 25, 8, 25), rate_gap(19, 25, 8, 25, comparisons=6)
    assert six.low < one.low and six.high > one.high
    assert six.p_value == pytest.approx(min(1.0, 6 * one.p_value))
    assert z_value(0.95, 6) > z_value(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_equal_rates_make_no_gap_and_no_sample_size() -> None:
    gap = rate_gap(28, 50, 28, 50)
    assert gap.gap == 0 and gap.p_value == 1.0 and not gap.clear
    assert games_needed(0.56, 0.56) is None
    # all won in both groups: nothing varies, the test has nothing to see
    assert rate_gap(5, 5, 7, 7).p_value == 1.0


def test_games_needed_matches_the_textbook_figure() -> None:
    # Fleiss, no continuity correction: 60% vs 40%, 5% two-sided, 80% power -> 97 per group
    assert games_needed(0.6, 0.4) == 97
    assert games_needed(0.4, 0.6) == 97
    assert games_needed(0.6, 0.4, power=0.9) > 97
    assert games_needed(0.45, 0.42) == 4286  # small gaps need thousands


@pytest.mark.parametrize("call, field", [
    (lambda: rate_gap(3, 2, 1, 2), "group a"),
    (lambda: rate_gap(1, 2, -1, 2), "group b"),
    (lambda: rate_gap(1, 0, 1, 2), "group a"),
    (lambda: rate_gap(1, 2, 1, 2, confidence=1.0), "confidence"),
    (lambda: rate_gap(1, 2, 1, 2, comparisons=0), "comparisons"),
    (lambda: games_needed(1.2, 0.4), "rate_a"),
    (lambda: games_needed(0.6, 0.4, power=1.0), "power"),
    (lambda: games_needed_for_means(1.0, -2.0), "spread"),
    (lambda: mean_gap(pd.Series([1.0]), pd.Series([2.0, 3.0])), "two or more values"),
    (lambda: detectable_gap(2.0, 1), "games"),
    (lambda: detectable_gap(float("nan"), 10), "spread"),
])
def test_bad_input_names_the_argument(call: object, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        call()  # type: ignore[operator]


def test_mean_gap_and_games_needed_for_means() -> None:
    a = pd.Series([30.0, 31.0, 29.0, 30.0, 32.0, 28.0])
    b = a - 1.0
    gap = mean_gap(a, b)
    se = math.sqrt(2 * a.var(ddof=1) / len(a))
    assert gap.gap == pytest.approx(1.0)
    assert (gap.low, gap.high) == pytest.approx((1.0 - 1.959964 * se, 1.0 + 1.959964 * se))
    # 2 * ((1.96 + 0.84) * sd / gap)^2: sd 2, gap 1 -> 63 per group
    assert games_needed_for_means(1.0, 2.0) == 63
    assert games_needed_for_means(0.0, 2.0) is None
    # the inverse: 63 games per group show a gap of about 1 (sd 2), more games a smaller one
    assert detectable_gap(2.0, 63) == pytest.approx(1.0, abs=0.01)
    assert detectable_gap(2.0, 252) == pytest.approx(0.5, abs=0.01)
    assert detectable_gap(2.0, 63, comparisons=3) > detectable_gap(2.0, 63)


def test_compare_sentence_clear_gap() -> None:
    text = compare_sentence(table({"a": (19, 25), "b": (8, 25)}), "bot")
    assert text.startswith("Highest: a (76%); lowest: b (32%); a gap of 44 percentage points, "
                           "95% interval 16 to 63: more than chance alone would give")
    assert "p = 0.002" in text


def test_compare_sentence_unclear_gap_gives_the_gap_these_games_could_find() -> None:
    """The group sizes are the two groups' own (38 and 24), and the power sentence gives the
    smallest true gap these sizes would show, not the games a gap the size of the one seen
    would need (that treats the gap seen as the true one)."""
    text = compare_sentence(table({"a": (17, 38), "b": (16, 38), "c": (10, 24)}), "bot")
    assert "allowing for the 3 pairs one could pick" in text
    assert "which includes no gap at all" in text
    assert "groups of 38 and 24 games cannot tell them apart" in text
    seen = detectable_rate_gap(27 / 62, 38, 24, comparisons=3)
    assert f"Only a true gap of about {100 * seen:.0f} percentage points or more" in text
    assert "games per group" not in text and "overlap" not in text


def test_compare_sentence_equal_rates() -> None:
    text = compare_sentence(table({"a": (14, 25), "b": (14, 25)}), "bot")
    assert text == ("All do equally well (56%): in these games the choice made no difference "
                    "to the win rate.")


def test_mean_compare_sentence() -> None:
    df = pd.DataFrame({"table": ["x"] * 6 + ["y"] * 6,
                       "rounds": [30, 31, 29, 30, 32, 28, 30, 29, 31, 30, 28, 32]})
    text = mean_compare_sentence(df, "table", "rounds", "rounds")
    assert text.startswith("Highest: x (30.0 rounds); lowest: y (30.0); a gap of 0.0 rounds")
    assert "6 games per group cannot tell them apart." in text
    seen = detectable_gap(float(df["rounds"].std()), 6, comparisons=1)
    assert f"Only a true gap of about {seen:.1f} rounds or more would show" in text
    far = df.assign(rounds=df["rounds"] + (df["table"] == "x") * 10)
    assert "more than chance alone would give (p < 0.001)" in mean_compare_sentence(
        far, "table", "rounds", "rounds")


def test_paired_sentence_tests_the_games_that_changed() -> None:
    df = pd.DataFrame({"game_index": list(range(10)) * 2, "bot": ["a"] * 10 + ["b"] * 10,
                       "won": [False] * 10 + [True] * 8 + [False] * 2})
    text = paired_sentence(df, "bot", "a")
    assert "b won 8 that a lost and lost 0 that it won" in text
    # exact McNemar: 8 of 8 changed games one way, 2 * 0.5**8
    assert p_text(2 * 0.5 ** 8) in text


def test_p_text() -> None:
    assert [p_text(p) for p in (0.0004, 0.0042, 0.31)] == ["p < 0.001", "p = 0.004", "p = 0.31"]


def test_a_gap_is_clear_only_when_interval_and_test_agree() -> None:
    """Newcombe's interval and the pooled z-test are computed differently; at the edge they can
    disagree (either way), and then no finding is claimed."""
    for (a, na), (b, nb) in [((6, 10), (14, 50)), ((2, 10), (0, 20))]:
        gap = rate_gap(a, na, b, nb)
        assert gap.leaves_out_zero != (gap.p_value < 0.05) and not gap.clear
        text = compare_sentence(table({"x": (a, na), "y": (b, nb)}), "bot")
        assert "more than chance" not in text
        assert (f"disagree, so groups of {na} and {nb} games are at the edge of telling them "
                "apart.") in text
