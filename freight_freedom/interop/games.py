"""What both adapters need to know about each game: its class, names, options and score range."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import OptionError
from ..core.game import Game
from ..freedom.game import Freedom
from ..slowfreight.components import load_components
from ..slowfreight.game import SlowFreight


@dataclass(frozen=True)
class GameSpec:
    """One game as the adapters see it."""

    key: str
    """``"freedom"`` or ``"slowfreight"``."""
    cls: type[Game[Any]]
    long_name: str
    cooperative: bool
    """Freedom: every seat wins or loses together (identical utilities)."""
    min_utility: float
    max_utility: float
    length_bound_per_seat: int
    """A generous bound on decisions per seat in a whole game, with 100 more per game: at least
    six times the longest of 150 random games per player count (OpenSpiel's
    ``max_game_length``; the default cycles of the PettingZoo environment)."""

    def max_game_length(self, players: int) -> int:
        return 100 + self.length_bound_per_seat * players

    def utilities(self, game: Game[Any]) -> list[float]:
        """What each seat gets at the end: Freedom 1 for all on a win, 0 on a loss; Slow Freight
        each seat's final score (SF-SCORE-*). Zeros before the end."""
        players = _players(game)
        outcome = game.outcome
        if outcome is None:
            return [0.0] * players
        if self.cooperative:
            return [1.0 if outcome.won else 0.0] * players
        return [float(s) for s in outcome.scores]


def _slowfreight_range() -> tuple[float, float]:
    """Bounds on a final Slow Freight score from the box: every car delivered, every chip and
    biggest-train award taken; or every Locomotive and car left on the way (SF-SCORE-1..7)."""
    c = load_components()
    cars = sum(c.freight_counts[:3])
    chips = sum(sum(row) for row in c.bonus_chips)
    best = cars * c.points_per_car + chips + 4 * max(c.biggest_train_points)
    worst = -(c.locomotives + c.freight_counts[3]) * abs(c.penalty_per_locomotive) \
        - cars * abs(c.penalty_per_car)
    return float(worst), float(best)


GAMES: dict[str, GameSpec] = {
    "freedom": GameSpec("freedom", Freedom, "Freedom: The Underground Railroad", True,
                        0.0, 1.0, length_bound_per_seat=800),
    "slowfreight": GameSpec("slowfreight", SlowFreight, "Slow Freight", False,
                            *_slowfreight_range(), length_bound_per_seat=500),
}


def spec(name: str) -> GameSpec:
    """The game called ``name`` (``"freedom"``, ``"slowfreight"``; ``"slow_freight"`` too)."""
    key = str(name).replace("_", "").lower()
    if key not in GAMES:
        raise OptionError("game", f"one of {sorted(GAMES)}, not {name!r}")
    return GAMES[key]


def _players(game: Game[Any]) -> int:
    return int(game.options["players"])
