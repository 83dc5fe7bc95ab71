"""Freedom's one declaration: what the shared modules need to know of this game.

The registry (:mod:`freight_freedom.core.registry`) reads :data:`ENTRY` (listed in
:data:`~freight_freedom.core.registry.BUILTIN` and in the ``freight_freedom.games`` entry
points). Every loader imports its module only when called, so reading the entry imports nothing
of the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.registry import ISMCTS_HELP, MONTECARLO_HELP, RANDOM, BotEntry, GameEntry

if TYPE_CHECKING:
    from pathlib import Path

    from ..analysis.records import Tracker
    from ..core.action_space import ActionSpace
    from ..core.bot import Bot
    from ..core.game import Game
    from ..core.options import Option
    from ..lessons.model import Lesson
    from ..lessons.puzzles import Puzzle
    from ..ui.adapter import GameUI


def _game() -> type[Game[Any]]:
    from .game import Freedom
    return Freedom


def _options() -> tuple[Option, ...]:
    from .options import FREEDOM_OPTIONS
    return FREEDOM_OPTIONS


def _ui() -> GameUI:
    from .app import FreedomUI
    return FreedomUI()


def _heuristic() -> Callable[..., Bot]:
    from .bots import HeuristicBot
    return HeuristicBot


def _montecarlo() -> Callable[..., Bot]:
    from .search_bot import SearchBot
    return SearchBot


def _ismcts() -> Callable[..., Bot]:
    from .ismcts_bot import ISMCTSBot
    return ISMCTSBot


def _market_random() -> Callable[..., Bot]:
    from .market_bots import RandomMarketBot
    return RandomMarketBot


def _market_fullest() -> Callable[..., Bot]:
    from .market_bots import FullestMarketBot
    return FullestMarketBot


def _figures(game: Game[Any]) -> dict[str, Any]:
    from .records import freedom_figures
    return freedom_figures(game)


def _tracker() -> Tracker:
    from .records import FreedomTracker
    return FreedomTracker()


def _lesson() -> Lesson:
    from .lesson.lesson import LESSON
    return LESSON


def _puzzles() -> Sequence[Puzzle]:
    from .lesson.puzzles import PUZZLES
    return PUZZLES


def _puzzle_marks(fig: Any, game: Game[Any], choices: tuple[str, ...]) -> None:
    from .drawing.puzzle_marks import ring_choices
    ring_choices(fig, game, choices)


def _rollout_result(game: Game[Any], players: int) -> tuple[tuple[float, ...],
                                                            tuple[float, ...], str]:
    from .records import freedom_rollout_result
    return freedom_rollout_result(game, players)


def _export_components(folder: Path, overwrite: bool) -> list[Path]:
    from .component_set import export
    return export(folder, overwrite=overwrite)


def _action_space(game: Game[Any]) -> ActionSpace:
    from .action_space import action_space
    return action_space(game)  # type: ignore[arg-type]


def _features(game: Game[Any], seat: int, view: dict[str, Any] | None) -> list[float]:
    from .features import freedom_features
    return freedom_features(game, seat, view)  # type: ignore[arg-type]


def _feature_size(game: Game[Any]) -> int:
    from .features import feature_size
    return feature_size(game)  # type: ignore[arg-type]


ENTRY = GameEntry(
    key="freedom",
    title="Freedom: The Underground Railroad",
    aliases=(),
    game_class=_game,
    option_spec=_options,
    ui=_ui,
    bots={
        "random": RANDOM,
        "heuristic": BotEntry(_heuristic, "rule-of-thumb play (engine's bot)"),
        "montecarlo": BotEntry(_montecarlo, MONTECARLO_HELP.format(policy="heuristic"),
                               strength=2),
        "ismcts": BotEntry(_ismcts, ISMCTS_HELP.format(policy="heuristic"), strength=200),
        "market-random": BotEntry(
            _market_random, "heuristic, but the Slave Market's people go to a random plantation"),
        "market-fullest": BotEntry(
            _market_fullest,
            "heuristic, but the Slave Market's people go to the fullest plantation"),
    },
    bot_aliases={"greedy": "heuristic"},
    rollout_bot="heuristic",
    app_bots=("heuristic",),
    figures=_figures,
    tracker=_tracker,
    reads_log=True,
    lesson=_lesson,
    puzzles=_puzzles,
    puzzle_marks=_puzzle_marks,
    export_components=_export_components,
    rule_prefix="FR-",
    rollout_result=_rollout_result,
    endings=("victory", "too many lost", "time ran out"),
    cooperative=True,
    action_space=_action_space,
    features=_features,
    feature_size=_feature_size,
    length_bound_per_seat=800,
)
"""Freedom, as the registry knows it."""
