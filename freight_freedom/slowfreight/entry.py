"""Slow Freight's one declaration: what the shared modules need to know of this game.

The registry (:mod:`freight_freedom.core.registry`) reads :data:`ENTRY` (listed in
:data:`~freight_freedom.core.registry.BUILTIN` and in the ``freight_freedom.games`` entry
points). Every loader imports its module only when called, so reading the entry imports nothing
of the engine. This is the shape to copy for a new game (see ``docs/adding_a_game.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.registry import ISMCTS_HELP, MONTECARLO_HELP, RANDOM, BotEntry, GameEntry

if TYPE_CHECKING:
    from ..core.action_space import ActionSpace
    from ..core.bot import Bot
    from ..core.game import Game
    from ..core.options import Option
    from ..lessons.model import Lesson
    from ..lessons.puzzles import Puzzle
    from ..ui.adapter import GameUI


def _game() -> type[Game[Any]]:
    from .game import SlowFreight
    return SlowFreight


def _options() -> tuple[Option, ...]:
    from .options import SLOW_FREIGHT_OPTIONS
    return SLOW_FREIGHT_OPTIONS


def _ui() -> GameUI:
    from .app import SlowFreightUI
    return SlowFreightUI()


def _greedy() -> Callable[..., Bot]:
    from .bots import GreedyBot
    return GreedyBot


def _small_fast() -> Callable[..., Bot]:
    from .strategy_bots import SmallFastBot
    return SmallFastBot


def _big_slow() -> Callable[..., Bot]:
    from .strategy_bots import BigSlowBot
    return BigSlowBot


def _montecarlo() -> Callable[..., Bot]:
    from .strategy_bots import MonteCarloBot
    return MonteCarloBot


def _ismcts() -> Callable[..., Bot]:
    from .ismcts_bot import ISMCTSBot
    return ISMCTSBot


def _figures(game: Game[Any]) -> dict[str, Any]:
    from .records import slowfreight_figures
    return slowfreight_figures(game)


def _lesson() -> Lesson:
    from .lesson.lesson import LESSON
    return LESSON


def _puzzles() -> Sequence[Puzzle]:
    from .lesson.puzzles import PUZZLES
    return PUZZLES


def _action_space(game: Game[Any]) -> ActionSpace:
    from .action_space import action_space
    return action_space(game)  # type: ignore[arg-type]


def _features(game: Game[Any], seat: int, view: dict[str, Any] | None) -> list[float]:
    from .features import slowfreight_features
    return slowfreight_features(game, seat, view)  # type: ignore[arg-type]


def _feature_size(game: Game[Any]) -> int:
    from .features import feature_size
    return feature_size(game)  # type: ignore[arg-type]


def _score_range() -> tuple[float, float]:
    """Bounds on a final score from the box: every car delivered, every chip and
    biggest-train award taken; or every Locomotive and car left on the way (SF-SCORE-1..7)."""
    from .components import load_components

    c = load_components()
    cars = sum(c.freight_counts[:3])
    chips = sum(sum(row) for row in c.bonus_chips)
    best = cars * c.points_per_car + chips + 4 * max(c.biggest_train_points)
    worst = -(c.locomotives + c.freight_counts[3]) * abs(c.penalty_per_locomotive) \
        - cars * abs(c.penalty_per_car)
    return float(worst), float(best)


ENTRY = GameEntry(
    key="slowfreight",
    title="Slow Freight",
    aliases=("slow_freight", "slow-freight"),
    game_class=_game,
    option_spec=_options,
    ui=_ui,
    bots={
        "random": RANDOM,
        "greedy": BotEntry(_greedy, "one-step greedy (engine's bot)"),
        "small-fast": BotEntry(_small_fast, "1-2 car trains, moved as soon as they can"),
        "big-slow": BotEntry(_big_slow, "builds 5-car trains before moving them"),
        "montecarlo": BotEntry(_montecarlo, MONTECARLO_HELP.format(policy="greedy"), strength=8),
        "ismcts": BotEntry(_ismcts, ISMCTS_HELP.format(policy="greedy"), strength=100),
    },
    bot_aliases={"heuristic": "greedy"},
    rollout_bot="greedy",
    app_bots=("greedy", "small-fast", "big-slow"),
    figures=_figures,
    lesson=_lesson,
    puzzles=_puzzles,
    rule_prefix="SF-",
    action_space=_action_space,
    features=_features,
    feature_size=_feature_size,
    score_range=_score_range,
    length_bound_per_seat=500,
)
"""Slow Freight, as the registry knows it."""
