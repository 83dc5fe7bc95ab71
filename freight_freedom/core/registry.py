"""The games of this package, in one table: names, class, options, bots, advisor bot and app.

Every place that needs "which games are there" (the command line, simulations, the advisor, the
app, the lessons) asks here, so a name means the same game everywhere. Classes, option specs,
bots, apps and the analysis functions are given by small typed loaders that import their module
when called (as python-chess imports its renderer only in ``_repr_svg_``): ``import
freight_freedom`` stays light, and a worker process imports only the game it plays.

>>> game_entry("slow-freight").key
'slowfreight'
>>> game_entry("Freedom").game_class().__name__
'Freedom'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..analysis.records import Tracker
    from ..lessons.model import Lesson
    from ..ui.adapter import GameUI
    from .bot import Bot
    from .game import Game
    from .options import Option

RolloutResult = tuple[tuple[float, ...], tuple[float, ...], str]
"""A finished rollout for the advisor: each seat's share of the win, each seat's score, and how
the game ended (one of the game's declared ``endings``, or "")."""


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: where its class lives and what it is good for."""

    bot_class: Callable[[], Callable[..., Bot]]
    """Imports and returns the bot's class (workers import only what they play)."""
    help: str
    strength: int | None = None
    """Default strength for bots with a strength knob (rollouts per action); None: no knob."""


RENAMED_BOTS = {"mcts": "montecarlo"}
"""Old bot names still accepted (configs and notebooks written before the rename); result tables
use the new name. The flat Monte Carlo bot never was a tree search."""


def _random_bot() -> Callable[..., Bot]:
    from .bot import RandomBot
    return RandomBot


RANDOM = BotEntry(_random_bot, "uniformly random legal actions")


def _winners_rollout_result(game: Game[Any], players: int) -> RolloutResult:
    from ..analysis.records import winners_rollout_result
    return winners_rollout_result(game, players)


@dataclass(frozen=True)
class GameEntry:
    """One game: its canonical name (``key``), the other names it answers to, and the loaders of
    its class, options, bots and app (each imports its module when called)."""

    key: str
    title: str
    aliases: tuple[str, ...]
    game_class: Callable[[], type[Game[Any]]]
    """The game class (imported now)."""
    option_spec: Callable[[], tuple[Option, ...]]
    """The game's declared options, in order."""
    ui: Callable[[], GameUI]
    """The game's :class:`~freight_freedom.ui.adapter.GameUI` (its app module imported now)."""
    bots: Mapping[str, BotEntry]
    bot_aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names of a bot: each game's rule-of-thumb bot answers to "heuristic" and "greedy"."""
    rollout_bot: str = "random"
    """The advisor's default rollout policy: the game's rule-of-thumb bot."""
    app_bots: tuple[str, ...] = ()
    """The bots a seat may be given in the app (the quick ones: a search is too slow there)."""
    figures: Callable[[Game[Any]], dict[str, Any]] | None = None
    """A finished game's key figures for result tables; None: its outcome, flattened."""
    tracker: Callable[[], Tracker] | None = None
    """A fresh tracker watching a game as it is played (per-round columns); None for none."""
    lesson: Callable[[], Lesson] | None = None
    """The game's lesson; None for none."""
    rollout_result: Callable[[Game[Any], int], RolloutResult] = _winners_rollout_result
    """``f(game, players)`` of a finished game, for the advisor (see :data:`RolloutResult`).
    The default suits a competitive game whose outcome names ``winners`` and ``scores``."""
    endings: tuple[str, ...] = ()
    """The ways a game can end that the advisor gives a chance of (a cooperative game's)."""
    cooperative: bool = False
    """Whether the players win or lose together (the evaluation bar then shows the team's chance
    of victory, not one chance per seat)."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every name this game answers to, the canonical one first."""
        return (self.key, *self.aliases)

    def option_names(self) -> list[str]:
        """The names of the game's options, sorted."""
        return sorted(o.name for o in self.option_spec())

    def bot(self, name: str) -> BotEntry | None:
        """The bot registered as ``name`` (or another name of it), else ``None``."""
        name = RENAMED_BOTS.get(name, name)
        return self.bots.get(self.bot_aliases.get(name, name))

    def bot_help(self) -> dict[str, str]:
        """Every bot name a user may give (other names of a bot included, renamed ones not),
        with a one-line description."""
        out = {name: bot.help for name, bot in self.bots.items()}
        out.update({alias: self.bots[name].help for alias, name in self.bot_aliases.items()})
        return out


_MONTECARLO_HELP = ("flat Monte Carlo: rollouts over determinized copies with the {policy} "
                    "bot; strength = rollouts per action")

_ISMCTS_HELP = ("information-set Monte Carlo tree search over determinizations of what the seat "
                "sees, {policy} rollouts; strength = simulations per decision")


# ------------------------------------------------------------------ Freedom's loaders
def _freedom() -> type[Game[Any]]:
    from ..freedom.game import Freedom
    return Freedom


def _freedom_options() -> tuple[Option, ...]:
    from ..freedom.options import FREEDOM_OPTIONS
    return FREEDOM_OPTIONS


def _freedom_ui() -> GameUI:
    from ..freedom.app import FreedomUI
    return FreedomUI()


def _freedom_heuristic() -> Callable[..., Bot]:
    from ..freedom.bots import HeuristicBot
    return HeuristicBot


def _freedom_montecarlo() -> Callable[..., Bot]:
    from ..freedom.search_bot import SearchBot
    return SearchBot


def _freedom_ismcts() -> Callable[..., Bot]:
    from ..freedom.ismcts_bot import ISMCTSBot
    return ISMCTSBot


def _market_random() -> Callable[..., Bot]:
    from ..analysis.market_bots import RandomMarketBot
    return RandomMarketBot


def _market_fullest() -> Callable[..., Bot]:
    from ..analysis.market_bots import FullestMarketBot
    return FullestMarketBot


def _freedom_figures(game: Game[Any]) -> dict[str, Any]:
    from ..analysis.records import freedom_figures
    return freedom_figures(game)


def _freedom_tracker() -> Tracker:
    from ..analysis.records import FreedomTracker
    return FreedomTracker()


def _freedom_lesson() -> Lesson:
    from ..lessons.freedom_lesson import LESSON
    return LESSON


def _freedom_rollout_result(game: Game[Any], players: int) -> RolloutResult:
    from ..analysis.records import freedom_rollout_result
    return freedom_rollout_result(game, players)


# ------------------------------------------------------------------ Slow Freight's loaders
def _slowfreight() -> type[Game[Any]]:
    from ..slowfreight.game import SlowFreight
    return SlowFreight


def _slowfreight_options() -> tuple[Option, ...]:
    from ..slowfreight.options import SLOW_FREIGHT_OPTIONS
    return SLOW_FREIGHT_OPTIONS


def _slowfreight_ui() -> GameUI:
    from ..slowfreight.app import SlowFreightUI
    return SlowFreightUI()


def _slowfreight_greedy() -> Callable[..., Bot]:
    from ..slowfreight.bots import GreedyBot
    return GreedyBot


def _small_fast() -> Callable[..., Bot]:
    from ..slowfreight.strategy_bots import SmallFastBot
    return SmallFastBot


def _big_slow() -> Callable[..., Bot]:
    from ..slowfreight.strategy_bots import BigSlowBot
    return BigSlowBot


def _slowfreight_montecarlo() -> Callable[..., Bot]:
    from ..slowfreight.strategy_bots import MonteCarloBot
    return MonteCarloBot


def _slowfreight_ismcts() -> Callable[..., Bot]:
    from ..slowfreight.ismcts_bot import ISMCTSBot
    return ISMCTSBot


def _slowfreight_figures(game: Game[Any]) -> dict[str, Any]:
    from ..analysis.records import slowfreight_figures
    return slowfreight_figures(game)


def _slowfreight_lesson() -> Lesson:
    from ..lessons.slowfreight_lesson import LESSON
    return LESSON


GAMES: dict[str, GameEntry] = {
    "freedom": GameEntry(
        key="freedom",
        title="Freedom: The Underground Railroad",
        aliases=(),
        game_class=_freedom,
        option_spec=_freedom_options,
        ui=_freedom_ui,
        bots={
            "random": RANDOM,
            "heuristic": BotEntry(_freedom_heuristic, "rule-of-thumb play (engine's bot)"),
            "montecarlo": BotEntry(_freedom_montecarlo,
                                   _MONTECARLO_HELP.format(policy="heuristic"), strength=2),
            "ismcts": BotEntry(_freedom_ismcts, _ISMCTS_HELP.format(policy="heuristic"),
                               strength=200),
            "market-random": BotEntry(
                _market_random,
                "heuristic, but the Slave Market's people go to a random plantation"),
            "market-fullest": BotEntry(
                _market_fullest,
                "heuristic, but the Slave Market's people go to the fullest plantation"),
        },
        bot_aliases={"greedy": "heuristic"},
        rollout_bot="heuristic",
        app_bots=("heuristic",),
        figures=_freedom_figures,
        tracker=_freedom_tracker,
        lesson=_freedom_lesson,
        rollout_result=_freedom_rollout_result,
        endings=("victory", "too many lost", "time ran out"),
        cooperative=True,
    ),
    "slowfreight": GameEntry(
        key="slowfreight",
        title="Slow Freight",
        aliases=("slow_freight", "slow-freight"),
        game_class=_slowfreight,
        option_spec=_slowfreight_options,
        ui=_slowfreight_ui,
        bots={
            "random": RANDOM,
            "greedy": BotEntry(_slowfreight_greedy, "one-step greedy (engine's bot)"),
            "small-fast": BotEntry(_small_fast, "1-2 car trains, moved as soon as they can"),
            "big-slow": BotEntry(_big_slow, "builds 5-car trains before moving them"),
            "montecarlo": BotEntry(_slowfreight_montecarlo,
                                   _MONTECARLO_HELP.format(policy="greedy"), strength=8),
            "ismcts": BotEntry(_slowfreight_ismcts, _ISMCTS_HELP.format(policy="greedy"),
                               strength=100),
        },
        bot_aliases={"heuristic": "greedy"},
        rollout_bot="greedy",
        app_bots=("greedy", "small-fast", "big-slow"),
        figures=_slowfreight_figures,
        lesson=_slowfreight_lesson,
    ),
}
"""Every game of the package by canonical name (the name of its subpackage)."""

_BY_NAME = {name: entry for entry in GAMES.values() for name in entry.names}


def names() -> tuple[str, ...]:
    """The canonical game names."""
    return tuple(GAMES)


def find(game: Any) -> GameEntry | None:
    """The entry of a game given by name (any alias, any case), class or object; else None."""
    if isinstance(game, str):
        return _BY_NAME.get(game.strip().lower())
    name = getattr(game, "name", None)
    entry = _BY_NAME.get(name.lower()) if isinstance(name, str) else None
    if entry is None:
        return None
    cls = game if isinstance(game, type) else type(game)
    return entry if issubclass(cls, entry.game_class()) else None


def game_entry(game: Any) -> GameEntry:
    """Like :func:`find`, but raise ``ValueError`` listing the games for anything else."""
    entry = find(game)
    if entry is None:
        what = repr(game) if isinstance(game, str) else f"{game!r} is not a game of this package"
        raise ValueError(f"unknown game {what}; choose one of {list(GAMES)}"
                         if isinstance(game, str) else f"{what}; choose one of {list(GAMES)}")
    return entry


def same_game(saved: object, name: str) -> bool:
    """Whether the game name ``saved`` (from a save file) means the game named ``name``."""
    if not isinstance(saved, str):
        return False
    if saved == name:
        return True
    entry = _BY_NAME.get(name.lower())
    return entry is not None and saved.lower() in entry.names
