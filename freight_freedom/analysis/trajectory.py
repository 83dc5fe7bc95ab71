"""The advisor over a whole game ("where did we lose it?"): :func:`advise` at positions evenly
spaced over a game's history (:func:`trajectory`), and their chart (:func:`trajectory_figure`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.action import Action
from ..core.argcheck import positive_int
from .advise import Figures, advise
from .bots import BotSpec

MAX_POINTS = 10_000
"""At most this many positions in a :func:`trajectory` (a game has a few hundred steps)."""


@dataclass(frozen=True)
class Point:
    """The advice at one position of a game's history (for the chart of the bar)."""

    step: int
    round: int
    figures: Figures


def positions(game: Any, points: int = 24) -> list[tuple[int, Any]]:
    """Up to ``points`` positions of ``game``'s history, evenly spaced from set-up to now (the
    unfinished ones only), as ``(step, game)``. The game is rebuilt from its options, seed and
    history through the public API; ``game`` itself is not changed."""
    positive_int("points", points, hi=MAX_POINTS)
    history = game.history
    steps = len(history)
    count = min(points, steps + 1)  # never more positions than the game has
    wanted = sorted({round(i * steps / max(1, count - 1)) for i in range(count)} | {steps})
    from ..core.frozen import thaw

    replay = type(game)(seed=game.seed, **thaw(dict(game.options)))
    out: list[tuple[int, Any]] = []
    done = 0
    for target in wanted:
        while done < target:
            step = history[done]
            if isinstance(step, Action):
                replay.apply(step)
            else:
                replay.scenario(step.name, **step.kwargs())
            done += 1
        if not replay.is_over:
            out.append((target, replay.copy()))
    return out


def trajectory(game: Any, *, points: int = 24, rollouts: int = 60, bot: BotSpec | None = None,
               seed: int = 0, n_jobs: int | None = 1, processes: bool | None = None,
               cancel: Callable[[], bool] | None = None, background: bool = False
               ) -> list[Point]:
    """The bar over the whole game so far ("where did we lose it?"): :func:`advise` at up to
    ``points`` positions evenly spaced over the history (finished positions are left out)."""
    out = []
    for step, position in positions(game, points):
        advice = advise(position, rollouts=rollouts, bot=bot, seed=seed, n_jobs=n_jobs,
                        processes=processes, cancel=cancel, background=background)
        out.append(Point(step, int(getattr(position, "round", 0) or 0), advice.figures))
    return out


def trajectory_figure(points: Sequence[Point], *, title: str = "") -> Any:
    """A plotly Figure of the win chances over the game, with their 95% bands."""
    import plotly.graph_objects as go

    fig = go.Figure()
    seats = len(points[0].figures.win) if points else 0
    coop = bool(points) and points[0].figures.cooperative
    colours = ["#1b7837", "#b2182b", "#2166ac", "#e08214"]
    for seat in range(1 if coop else seats):
        xs = [p.step for p in points]
        colour = colours[seat % len(colours)]
        name = "victory" if coop else f"Player {seat + 1}"
        fig.add_scatter(x=xs + xs[::-1],
                        y=[p.figures.win[seat].high for p in points]
                        + [p.figures.win[seat].low for p in points][::-1],
                        fill="toself", fillcolor=colour, opacity=0.15, line={"width": 0},
                        hoverinfo="skip", showlegend=False)
        fig.add_scatter(x=xs, y=[p.figures.win[seat].mean for p in points], mode="lines+markers",
                        name=name, line={"color": colour},
                        customdata=[p.round for p in points],
                        hovertemplate="step %{x} (round %{customdata}): %{y:.0%}<extra>"
                                      + name + "</extra>")
    fig.update_layout(title=title or ("Chance of victory over the game" if coop
                                      else "Chance of winning over the game"),
                      xaxis_title="step (decisions so far)", yaxis={"range": [0, 1],
                                                                    "tickformat": ".0%"},
                      height=300, width=560, margin={"l": 50, "r": 10, "t": 40, "b": 40})
    return fig
