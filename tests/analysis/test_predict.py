"""The held-out check: a rule fitted on some games is judged only on games it has not seen."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from freight_freedom.analysis.conclude import mcnemar_p
from freight_freedom.analysis.predict import fit_threshold, held_out_check, held_out_sentences


def games() -> pd.DataFrame:
    """Two player counts; with 2 players a game is won when 2 or more are free by round 4, with
    3 players almost always, so the player count alone already calls most 3-player games."""
    rows = []
    for i in range(20):
        rows.append({"game_index": i, "players": 2, "freed_r4": i % 4, "won": i % 4 >= 2})
        rows.append({"game_index": i, "players": 3, "freed_r4": i % 5, "won": i != 7})
    return pd.DataFrame(rows)


def test_fit_threshold() -> None:
    assert fit_threshold(pd.Series([0, 1, 2, 3]), pd.Series([False, False, True, True])) == 2.0
    # nothing beats "never a win" when no game was won: the rule predicts none
    assert fit_threshold(pd.Series([1, 2]), pd.Series([False, False])) == math.inf
    # every game won: the lowest value is the threshold (always a win)
    assert fit_threshold(pd.Series([3, 1, 2]), pd.Series([True, True, True])) == 1.0
    with pytest.raises(ValueError, match="one result per value"):
        fit_threshold(pd.Series([1, 2]), pd.Series([True]))


def test_held_out_check_counts_only_the_held_out_games() -> None:
    df = games()
    check = held_out_check(df, "freed_r4", by="players")
    assert check.thresholds == {2: 2.0, 3: 0.0}
    assert check.baseline == {2: False, 3: True}
    assert check.test_games == 20  # the odd game_index half of 40
    test = df[df["game_index"] % 2 == 1]
    two, three = test[test["players"] == 2], test[test["players"] == 3]
    assert check.rule_right == len(two) + int(three["won"].sum())
    assert check.base_right == int((~two["won"]).sum()) + int(three["won"].sum())
    assert check.rule_only == int(two["won"].sum()) and check.base_only == 0
    assert check.p_value == mcnemar_p(check.rule_only, 0)


def test_a_custom_split_and_no_groups() -> None:
    df = games()
    check = held_out_check(df, "freed_r4", held_out=lambda d: d["game_index"] >= 15)
    assert check.test_games == 10 and set(check.thresholds) == {None}


@pytest.mark.parametrize("kwargs, message", [
    ({"by": "seats"}, "seats"),
    ({"held_out": lambda d: d["game_index"] >= 0}, "training and held-out"),
    ({"by": "players", "held_out": lambda d: (d["players"] == 3) | (d["game_index"] > 9)},
     "no training games for players = 3"),
])
def test_bad_input_is_refused_in_words(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        held_out_check(games(), "freed_r4", **kwargs)  # type: ignore[arg-type]


def test_sentences() -> None:
    check = held_out_check(games(), "freed_r4", by="players")
    rule, base, verdict = held_out_sentences(check, rule="The rule", base="The count alone")
    assert rule.startswith(f"The rule called {check.rule_right} of 20 (")
    assert base.startswith(f"The count alone called {check.base_right} of 20 (")
    assert "more than chance alone" in verdict or "cannot show" in verdict
    same = held_out_check(games(), "players", by="players")  # a figure the group already says
    assert held_out_sentences(same, rule="a", base="b")[2] == (
        "The two called every held-out game alike: the rule adds nothing here.")
