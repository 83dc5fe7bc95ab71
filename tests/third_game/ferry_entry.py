"""Ferry's one declaration (what ``freight_freedom/<game>/entry.py`` is for a real game), and
its app pieces: a GameUI with a small plotly river, an action space and a feature encoding.

A distribution shipping Ferry would declare ``ferry = "ferry_entry:ENTRY"`` in its
``[project.entry-points."freight_freedom.games"]``; the tests register it with
:func:`freight_freedom.core.registry.register` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ferry import OPTIONS, Ferry, FerryView

from freight_freedom.core.action_space import ActionSpace
from freight_freedom.core.bot import Bot
from freight_freedom.core.features import Vec
from freight_freedom.core.game import Game
from freight_freedom.core.options import Option
from freight_freedom.core.registry import RANDOM, BotEntry, GameEntry
from freight_freedom.ui.adapter import GameUI, Selection

SPACE = ActionSpace("ferry", [("row", ()), ("sail", ())])
"""Every Ferry action, numbered: 0 row, 1 sail (the same for every seat and option)."""


class SailorBot(Bot):
    """Sails when behind, rows when it may (a rule of thumb)."""

    name = "sailor"

    def __init__(self, seed: int = 0, seat: int | None = None) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, game: Any) -> Any:
        actions = game.legal_actions()
        docks = game.state.docks
        me = docks[game.to_move]
        want = "sail" if me < max(docks) else "row"
        return next((a for a in actions if a.kind == want), actions[-1])


class FerryUI(GameUI):
    """Ferry in the shared app: the river as a row of docks, a marker per boat."""

    title = "Ferry"
    turn_word = "Turn"

    def build_figure(self, game: Any) -> Any:
        import plotly.graph_objects as go

        fig = go.Figure()
        fig.add_scatter(name="docks", mode="markers", marker={"symbol": "square", "size": 18})
        fig.add_scatter(name="boats", mode="markers+text", textposition="top center")
        fig.update_layout(height=220, showlegend=False, xaxis={"visible": False},
                          yaxis={"visible": False})
        return fig

    def update_figure(self, fig: Any, view: FerryView, selection: Selection) -> None:
        fig.data[0].x = list(range(view.length + 1))
        fig.data[0].y = [0] * (view.length + 1)
        fig.data[1].x = list(view.docks)
        fig.data[1].y = [0.3 * (i + 1) for i in range(len(view.docks))]
        fig.data[1].text = [f"P{i + 1}" for i in range(len(view.docks))]

    def side_html(self, view: FerryView) -> str:
        return (f"<p>Tide cards left: {view.deck_size}; discards: "
                f"{escape(', '.join(map(str, view.discard)) or 'none')}</p>")

    def summary(self, view: FerryView) -> list[tuple[str, str]]:
        return [(f"Player {i + 1}", f"dock {d}") for i, d in enumerate(view.docks)]

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        return {**super().bots(), "Sailor bot": lambda seed: SailorBot(seed)}


def features(game: Game[Any], seat: int, view: dict[str, Any] | None = None) -> list[float]:
    """``seat``'s view as numbers: whose turn, every boat, the tide cards seen."""
    o = game.observation(seat) if view is None else view
    v = Vec()
    v.onehot(o["seat"], [0, 1, 2])
    v.onehot(o["to_move"], [0, 1, 2])
    v.scaled(list(o["docks"]) + [0] * (3 - len(o["docks"])), o["length"])
    v.scaled([o["deck_size"]], 6)
    v.flags(o["discard"], [1, 2, 3])
    v.scaled([o["over"]])
    return v.out


def _game() -> type[Game[Any]]:
    return Ferry


def _options() -> tuple[Option, ...]:
    return OPTIONS


def _sailor() -> Callable[..., Bot]:
    return SailorBot


ENTRY = GameEntry(
    key="ferry",
    title="Ferry",
    aliases=("ferry-race",),
    game_class=_game,
    option_spec=_options,
    ui=FerryUI,
    bots={"random": RANDOM, "sailor": BotEntry(_sailor, "sails when behind, else rows")},
    bot_aliases={"greedy": "sailor", "heuristic": "sailor"},
    rollout_bot="sailor",
    app_bots=("sailor",),
    rule_prefix="FERRY-",
    action_space=lambda game: SPACE,
    features=features,
    feature_size=lambda game: 14,
    score_range=lambda: (0.0, 12.0),
    length_bound_per_seat=40,
)
"""Ferry, as the registry knows it."""
