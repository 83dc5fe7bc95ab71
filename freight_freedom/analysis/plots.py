"""Plots of simulation results (plotly express), and the small statistics behind them.

Every helper takes the DataFrame that :func:`~freight_freedom.analysis.simulate` or
:func:`~freight_freedom.analysis.sweep` returned and gives back a ``plotly.graph_objects.Figure``.
plotly is imported inside the helpers, never at module import, so ``import
freight_freedom.analysis`` stays light enough for worker processes and for places with no display.

>>> from freight_freedom.analysis import simulate, win_rate
>>> df = simulate("slowfreight", 10, bot=["greedy", "random"], players=2, progress=False)
>>> fig = win_rate(df, by="bot")
>>> fig.data[0].type
'bar'
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

_Z = {0.8: 1.2815515655446004, 0.9: 1.6448536269514722, 0.95: 1.959963984540054,
      0.99: 2.5758293035489004}


WORDS = {
    "won": "team won", "win_0": "Player 1 won (or tied)", "players": "number of players",
    "bot": "bots", "bot_0": "Player 1's bot", "seat_bot": "bot in the seat",
    "movement_table": "movement table", "difficulty": "Victory Conditions side",
    "rounds": "rounds played", "turns": "turns played", "decisions": "decisions made",
    "freed": "people freed", "lost": "people lost", "score": "points", "roles": "role",
    "roles_played": "roles", "lost_by": "how the game was lost", "clocks": "Clocks drawn",
    "opposition_fired": "Opposition cards that took effect",
    "opposition_dealt": "Opposition cards in the starting Queue", "mean_size_0":
    "Player 1's cars per delivered train", "trains_0": "trains Player 1 delivered",
    "score_0": "Player 1's points", "measure": "", "round": "round",
}
"""Column names in words, for axes, legends and hover labels (``words(column)``)."""


def words(column: str) -> str:
    """A result column in words: ``words("win_0") == "Player 1 won (or tied)"``; other
    ``name_<seat>`` columns name the player; anything else loses its underscores."""
    if column in WORDS:
        return WORDS[column]
    m = re.fullmatch(r"(.+)_(\d+)", column)
    if m:
        return f"{m.group(1).replace('_', ' ')}, Player {int(m.group(2)) + 1}"
    return column.replace("_", " ")


def _labels(*columns: str | None) -> dict[str, str]:
    return {c: words(c) for c in columns if c}


def wilson_interval(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``wins / n`` (good near 0 and 1, unlike Wald).

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 3), round(high, 3)
    (0.49, 0.943)
    >>> wilson_interval(0, 10)[0], wilson_interval(10, 10)[1]
    (0.0, 1.0)
    """
    if confidence not in _Z:
        raise ValueError(f"confidence must be one of {sorted(_Z)}, not {confidence!r}")
    return wilson_bounds(wins, n, _Z[confidence])


def wilson_bounds(wins: int, n: int, z: float) -> tuple[float, float]:
    """The Wilson interval for ``wins / n`` at ``z`` standard errors (any confidence: the
    comparisons in :mod:`.conclude` widen it when several pairs are compared)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # exact at the ends (the formula leaves float dust such as 1e-17 there)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


def _by_list(by: str | Sequence[str] | None) -> list[str]:
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


def _check_columns(df: pd.DataFrame, columns: Sequence[str]) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"column(s) {missing} not in the results; have {list(df.columns)}")


def default_win_column(df: pd.DataFrame) -> str:
    """``won`` (Freedom: the team won) or ``win_0`` (Slow Freight: seat 0 won or tied)."""
    for column in ("won", "win_0"):
        if column in df.columns:
            return column
    raise ValueError("no win column in the results: pass win='...'")


def win_rates(
    df: pd.DataFrame, by: str | Sequence[str] | None = None, *, win: str | None = None,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Win rate per group with its Wilson interval: columns ``games, wins, rate, low, high``."""
    import pandas as pd

    win = win or default_win_column(df)
    keys = _by_list(by)
    _check_columns(df, [*keys, win])
    wins = df[win].astype(bool)
    if keys:
        grouped = wins.groupby([df[k] for k in keys], sort=True)
        table = pd.DataFrame({"games": grouped.size(), "wins": grouped.sum()}).reset_index()
    else:
        table = pd.DataFrame({"games": [len(wins)], "wins": [int(wins.sum())]})
    table["wins"] = table["wins"].astype(int)
    table["rate"] = table["wins"] / table["games"]
    bounds = [wilson_interval(w, n, confidence)
              for w, n in zip(table["wins"], table["games"], strict=True)]
    table["low"] = [b[0] for b in bounds]
    table["high"] = [b[1] for b in bounds]
    return table


def win_rate(
    df: pd.DataFrame, by: str | Sequence[str] | None = None, *, win: str | None = None,
    color: str | None = None, confidence: float = 0.95, title: str | None = None,
) -> go.Figure:
    """Bar chart of the win rate by ``by`` (one or more columns) with Wilson error bars.

    ``win`` is the boolean column counted as a win (default :func:`default_win_column`);
    ``color`` splits bars by a further column (grouped bars).
    """
    import plotly.express as px

    keys = _by_list(by)
    groups = keys + ([color] if color and color not in keys else [])
    table = win_rates(df, groups or None, win=win, confidence=confidence)
    table["error_plus"] = table["high"] - table["rate"]
    table["error_minus"] = table["rate"] - table["low"]
    x = "group"
    if keys:
        table[x] = table[keys].astype(str).agg(" | ".join, axis=1)
    else:
        table[x] = "all games"
    won = words(win or default_win_column(df))
    fig = px.bar(
        table, x=x, y="rate", color=color, barmode="group", error_y="error_plus",
        error_y_minus="error_minus", hover_data=["games", "wins", "low", "high"],
        labels={"rate": f"share of games: {won}", x: " | ".join(map(words, keys)),
                "games": "games", "wins": "games won", "low": "interval from",
                "high": "interval to", **_labels(color)},
        title=title or f"Win rate with {int(confidence * 100)}% intervals",
    )
    fig.update_yaxes(range=[0, 1])
    return fig


def seat_scores(df: pd.DataFrame) -> pd.DataFrame:
    """Long table of per-seat scores: one row per (game, seat) with that seat's bot."""
    import pandas as pd

    seats = sorted(int(m.group(1)) for c in df.columns if (m := re.fullmatch(r"score_(\d+)", c)))
    if not seats:
        raise ValueError("no per-seat score columns (score_0, ...) in the results")
    parts = []
    for seat in seats:
        part = df[["config", "game_index"]].copy()
        part["seat"] = seat
        part["seat_bot"] = df[f"bot_{seat}"] if f"bot_{seat}" in df.columns else "?"
        part["score"] = df[f"score_{seat}"]
        parts.append(part[part["score"].notna()])
    return pd.concat(parts, ignore_index=True)


def score_distribution(
    df: pd.DataFrame, by: str | None = None, *, column: str | None = None,
    title: str | None = None,
) -> go.Figure:
    """Box plot of scores. Slow Freight: every seat's score, by the bot in that seat (default)
    or by ``by``; Freedom (no per-seat score): people freed, by ``by``. ``column`` picks any
    other numeric column instead.
    """
    import plotly.express as px

    if column is None and any(re.fullmatch(r"score_\d+", c) for c in df.columns):
        long = seat_scores(df)
        key = by or "seat_bot"
        if by is not None and by not in long.columns:
            _check_columns(df, [by])
            long = long.merge(df[["config", "game_index", by]], on=["config", "game_index"])
        return px.box(long, x=key, y="score", color=key, points=False,
                      labels=_labels(key, "score"), title=title or "Score per seat")
    column = column or ("freed" if "freed" in df.columns else "decisions")
    _check_columns(df, [column, *_by_list(by)])
    return px.box(df, x=by, y=column, color=by, points=False, labels=_labels(by, column),
                  title=title or f"Distribution of {words(column)}")


def length_distribution(
    df: pd.DataFrame, by: str | None = None, *, column: str = "rounds",
    title: str | None = None,
) -> go.Figure:
    """Histogram of game length (``rounds``; or ``decisions``), overlaid by ``by``."""
    import plotly.express as px

    _check_columns(df, [column, *_by_list(by)])
    fig = px.histogram(df, x=column, color=by, barmode="overlay", histnorm="probability",
                       labels=_labels(column, by), title=title or f"Game length ({words(column)})")
    fig.update_yaxes(title_text="share of games")
    fig.update_traces(opacity=0.6)
    return fig


def trajectories(df: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Mean cumulative people freed and lost at the end of each round (columns ``freed_r<k>``,
    ``lost_r<k>``), per ``by`` group: columns ``round, measure, value`` (+ ``by``).
    """
    pattern = re.compile(r"(freed|lost)_r(\d+)")
    cols = [c for c in df.columns if pattern.fullmatch(c)]
    if not cols:
        raise ValueError("no per-round columns (freed_r1, lost_r1, ...): simulate Freedom")
    keys = _by_list(by)
    _check_columns(df, keys)
    long = df[[*keys, *cols]].melt(id_vars=keys, var_name="column", value_name="value")
    parts = long["column"].str.extract(pattern)
    long["measure"] = parts[0]
    long["round"] = parts[1].astype(int)
    out = long.groupby([*keys, "measure", "round"], sort=True)["value"].mean().reset_index()
    return out


def round_trajectories(
    df: pd.DataFrame, by: str | None = None, *, title: str | None = None,
    needed: bool = False,
) -> go.Figure:
    """Lines of mean people freed and lost by round (one line per measure and ``by`` group).

    ``needed=True`` draws the people the Victory Conditions card asks for (``freed_target``) as
    a dashed line, so freed-against-needed shows where games fall behind.
    """
    import plotly.express as px

    table = trajectories(df, by)
    table["measure"] = table["measure"].map({"freed": "people freed", "lost": "people lost"})
    if by and by in WORDS_OF_VALUES:
        table[by] = table[by].map(lambda v: WORDS_OF_VALUES[by].get(v, v))
    fig = px.line(table, x="round", y="value", color=by or "measure",
                  line_dash="measure" if by else None, markers=True,
                  labels={"value": "people (mean, cumulative)", **_labels("round", "measure", by)},
                  title=title or "People freed and lost by round")
    if needed and "freed_target" in df.columns:
        target = float(df["freed_target"].mean())
        fig.add_hline(y=target, line_dash="dash", line_color="grey",
                      annotation_text=f"needed to win: {target:g}",
                      annotation_position="top left")
    return fig


WORDS_OF_VALUES: dict[str, dict[object, str]] = {
    "won": {True: "games won", False: "games lost"},
    "win_0": {True: "Player 1 won", False: "Player 1 lost"},
}
"""Values in words where a column's values are not words themselves (booleans)."""
