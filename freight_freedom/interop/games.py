"""What both adapters need to know about each game: its class, names, options and score range,
read from the game's entry (:mod:`freight_freedom.core.registry`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import registry
from ..core.errors import OptionError
from ..core.game import Game


@dataclass(frozen=True)
class GameSpec:
    """One game as the adapters see it."""

    key: str
    """The game's canonical name (``"slowfreight"``)."""
    cls: type[Game[Any]]
    long_name: str
    cooperative: bool
    """Every seat wins or loses together (identical utilities)."""
    min_utility: float
    max_utility: float
    length_bound_per_seat: int
    """A generous bound on decisions per seat in a whole game, with 100 more per game: at least
    six times the longest of 150 random games per player count (OpenSpiel's
    ``max_game_length``; the default cycles of the PettingZoo environment)."""
    params: dict[str, Any]
    """The options an adapter's user may set, with their defaults (from the option specs)."""
    players: tuple[int, int]
    """The fewest and most players (from the ``players`` option)."""

    def max_game_length(self, players: int) -> int:
        return 100 + self.length_bound_per_seat * players

    def utilities(self, game: Game[Any]) -> list[float]:
        """What each seat gets at the end: a cooperative game 1 for all on a win, 0 on a loss;
        a competitive one each seat's final score. Zeros before the end."""
        players = _players(game)
        outcome = game.outcome
        if outcome is None:
            return [0.0] * players
        if self.cooperative:
            return [1.0 if outcome.won else 0.0] * players
        return [float(s) for s in outcome.scores]


def spec_of(entry: registry.GameEntry) -> GameSpec:
    """The adapters' view of a registered game (it needs an action space and features)."""
    if entry.action_space is None or entry.features is None or entry.feature_size is None:
        raise OptionError("game", f"{entry.title} declares no action space or observation "
                                  "encoding, which the RL adapters need")
    if entry.cooperative:
        low, high = 0.0, 1.0
    elif entry.score_range is not None:
        low, high = entry.score_range()
    else:
        raise OptionError("game", f"{entry.title} declares no score range")
    return GameSpec(entry.key, entry.game_class(), entry.title, entry.cooperative, low, high,
                    entry.length_bound_per_seat, entry.openspiel_params(), entry.player_range())


def spec(name: str | None = None) -> GameSpec:
    """The game called ``name`` (any of its names; ``None``: the first registered game)."""
    if name is None:
        name = registry.names()[0]
    entry = registry.find(str(name))
    if entry is None:
        raise OptionError("game", f"one of {sorted(registry.GAMES)}, not {name!r}")
    return spec_of(entry)


def specs() -> dict[str, GameSpec]:
    """Every registered game the adapters can take, by canonical name."""
    return {key: spec_of(entry) for key, entry in registry.GAMES.items()
            if entry.action_space is not None and entry.features is not None}


def _players(game: Game[Any]) -> int:
    return int(game.options["players"])
