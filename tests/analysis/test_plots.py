"""Plot helpers on small hand-made result tables: the figures carry the expected traces."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from freight_freedom.analysis import plots


def _freedom_like() -> pd.DataFrame:
    rows = []
    for i in range(40):
        won = i % 4 == 0
        row = {"config": 0, "game_index": i, "difficulty": "regular" if i < 20 else "hard",
               "won": won, "freed": 10 + i % 7, "lost": i % 5, "rounds": 8 if won else 5 + i % 3,
               "decisions": 100 + i, "freed_target": 13}
        for r in range(1, 9):
            row[f"freed_r{r}"] = r * 2
            row[f"lost_r{r}"] = r // 2
        rows.append(row)
    return pd.DataFrame(rows)


def _slowfreight_like() -> pd.DataFrame:
    rows = []
    for i in range(30):
        rows.append({"config": 0, "game_index": i, "bot": "greedy/random", "bot_0": "greedy",
                     "bot_1": "random", "score_0": 20 + i % 5, "score_1": i % 7,
                     "win_0": True, "rounds": 50 + i, "decisions": 80 + i})
    return pd.DataFrame(rows)


def test_wilson_interval_known_values() -> None:
    low, high = plots.wilson_interval(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.49, 0.943)
    assert plots.wilson_interval(0, 10)[0] == 0.0
    assert plots.wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert all(math.isnan(x) for x in plots.wilson_interval(0, 0))
    with pytest.raises(ValueError, match="confidence"):
        plots.wilson_interval(1, 2, confidence=0.5)


def test_win_rates_table_and_figure() -> None:
    df = _freedom_like()
    table = plots.win_rates(df, "difficulty")
    assert table["games"].tolist() == [20, 20]
    assert table["wins"].sum() == 10
    assert ((table["low"] <= table["rate"]) & (table["rate"] <= table["high"])).all()
    fig = plots.win_rate(df, by="difficulty")
    assert len(fig.data) == 1 and fig.data[0].type == "bar"
    assert list(fig.data[0].x) == ["hard", "regular"]
    assert fig.data[0].error_y.array is not None


def test_win_rate_needs_a_win_column() -> None:
    with pytest.raises(ValueError, match="win column"):
        plots.win_rate(pd.DataFrame({"x": [1]}))
    with pytest.raises(ValueError, match="not in the results"):
        plots.win_rate(_freedom_like(), by="nope")


def test_score_distribution_per_seat_bot() -> None:
    fig = plots.score_distribution(_slowfreight_like())
    assert sorted(t.name for t in fig.data) == ["greedy", "random"]
    assert all(t.type == "box" for t in fig.data)
    fig = plots.score_distribution(_freedom_like(), by="difficulty")
    assert {t.name for t in fig.data} == {"regular", "hard"}


def test_length_distribution() -> None:
    fig = plots.length_distribution(_freedom_like(), by="difficulty")
    assert {t.type for t in fig.data} == {"histogram"} and len(fig.data) == 2


def test_round_trajectories() -> None:
    df = _freedom_like()
    table = plots.trajectories(df)
    assert sorted(table["measure"].unique()) == ["freed", "lost"]
    assert table["round"].tolist()[:8] == list(range(1, 9))
    fig = plots.round_trajectories(df)
    assert {t.name for t in fig.data} == {"people freed", "people lost"}
    assert list(fig.data[0].x) == list(range(1, 9))
    fig = plots.round_trajectories(df, by="difficulty")
    assert len(fig.data) == 4
    with pytest.raises(ValueError, match="per-round"):
        plots.trajectories(_slowfreight_like())


def test_analysis_import_stays_free_of_plotly() -> None:
    import subprocess
    import sys

    code = ("import sys, freight_freedom, freight_freedom.analysis, freight_freedom.cli;"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'plotly', 'ipywidgets', 'IPython', 'dask', 'distributed'});"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_axes_and_legends_are_in_words_not_column_names() -> None:
    """No raw column name (``win_0``, ``seat_bot``, ``bot_0``) reaches a reader of a plot."""
    raw = {"win_0", "won", "seat_bot", "bot_0", "rounds", "measure", "value", "group"}

    def texts(fig) -> set[str]:
        layout = fig.layout
        out = {layout.xaxis.title.text, layout.yaxis.title.text, layout.legend.title.text}
        return {t for t in out if t}

    sf = _slowfreight_like()
    for fig in (plots.win_rate(sf, "bot_0"), plots.score_distribution(sf),
                plots.length_distribution(sf, "bot_0"),
                plots.win_rate(_freedom_like(), "difficulty"),
                plots.round_trajectories(_freedom_like(), "won", needed=True)):
        shown = texts(fig)
        assert shown and not shown & raw, shown
        assert not any(w in t for t in shown for w in ("win_0", "seat_bot", "bot_0")), shown
    fig = plots.win_rate(sf, "bot_0")
    assert fig.layout.yaxis.title.text == "share of games: Player 1 won (or tied)"
    assert fig.layout.xaxis.title.text == "Player 1's bot"
    fig = plots.round_trajectories(_freedom_like(), "won", needed=True)
    assert {t.name for t in fig.data} >= {"games won, people freed", "games lost, people lost"}
    assert any("needed to win" in (a.text or "") for a in fig.layout.annotations)
    assert plots.words("delivered_pts_1") == "delivered pts, Player 2"
