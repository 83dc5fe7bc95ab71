"""The games of this package, in one table: names, class, options, bots, advisor bot and app.

Every place that needs "which games are there" (the command line, simulations, the advisor, the
app, the lessons) asks here, so a name means the same game everywhere. Classes, option specs and
bots are named as ``"module:attr"`` text and imported on first use: ``import freight_freedom``
stays light, and a worker process imports only the game it plays.

>>> game_entry("slow-freight").key
'slowfreight'
>>> game_entry("Freedom").game_class().__name__
'Freedom'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .options import Option


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: where its class lives and what it is good for."""

    target: str
    """``"module:Class"``, imported on first use (workers import only what they play)."""
    help: str
    strength: int | None = None
    """Default strength for bots with a strength knob (rollouts per action); None: no knob."""


RENAMED_BOTS = {"mcts": "montecarlo"}
"""Old bot names still accepted (configs and notebooks written before the rename); result tables
use the new name. The flat Monte Carlo bot never was a tree search."""

RANDOM = BotEntry("freight_freedom.core.bot:RandomBot", "uniformly random legal actions")


@dataclass(frozen=True)
class GameEntry:
    """One game: its canonical name (``key``), the other names it answers to, and where its
    class, options, bots and app live."""

    key: str
    title: str
    aliases: tuple[str, ...]
    cls: str
    """``"module:Class"`` of the game."""
    options: str
    """``"module:NAME"`` of its option spec (a tuple of :class:`~.options.Option`)."""
    app: str
    """The module whose ``game_ui()`` gives the app's hooks."""
    bots: Mapping[str, BotEntry]
    bot_aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names of a bot: each game's rule-of-thumb bot answers to "heuristic" and "greedy"."""
    rollout_bot: str = "random"
    """The advisor's default rollout policy: the game's rule-of-thumb bot."""
    app_bots: tuple[str, ...] = ()
    """The bots a seat may be given in the app (the quick ones: a search is too slow there)."""
    figures: str = ""
    """``"module:function"`` giving a finished game's key figures for result tables."""
    tracker: str = ""
    """``"module:Class"`` watching a game as it is played (per-round columns); "" for none."""
    lesson: str = ""
    """``"module:NAME"`` of the game's lesson; "" for none."""
    rollout_result: str = "freight_freedom.analysis.records:winners_rollout_result"
    """``"module:function"``: ``f(game, players) -> (wins, scores, ending)`` of a finished game,
    for the advisor: each seat's share of the win, each seat's score, and how the game ended
    (one of :attr:`endings`, or ""). The default suits a competitive game whose outcome names
    ``winners`` and ``scores``."""
    endings: tuple[str, ...] = ()
    """The ways a game can end that the advisor gives a chance of (a cooperative game's)."""
    cooperative: bool = False
    """Whether the players win or lose together (the evaluation bar then shows the team's chance
    of victory, not one chance per seat)."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every name this game answers to, the canonical one first."""
        return (self.key, *self.aliases)

    def game_class(self) -> type[Game[Any]]:
        """The game class (imported now)."""
        cls: type[Game[Any]] = load(self.cls)
        return cls

    def option_spec(self) -> tuple[Option, ...]:
        """The game's declared options, in order."""
        spec: tuple[Option, ...] = load(self.options)
        return spec

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

GAMES: dict[str, GameEntry] = {
    "freedom": GameEntry(
        key="freedom",
        title="Freedom: The Underground Railroad",
        aliases=(),
        cls="freight_freedom.freedom.game:Freedom",
        options="freight_freedom.freedom.options:FREEDOM_OPTIONS",
        app="freight_freedom.freedom.app",
        bots={
            "random": RANDOM,
            "heuristic": BotEntry("freight_freedom.freedom.bots:HeuristicBot",
                                  "rule-of-thumb play (engine's bot)"),
            "montecarlo": BotEntry("freight_freedom.freedom.search_bot:SearchBot",
                                   _MONTECARLO_HELP.format(policy="heuristic"), strength=2),
            "ismcts": BotEntry("freight_freedom.freedom.ismcts_bot:ISMCTSBot",
                               _ISMCTS_HELP.format(policy="heuristic"), strength=200),
            "market-random": BotEntry(
                "freight_freedom.analysis.market_bots:RandomMarketBot",
                "heuristic, but the Slave Market's people go to a random plantation"),
            "market-fullest": BotEntry(
                "freight_freedom.analysis.market_bots:FullestMarketBot",
                "heuristic, but the Slave Market's people go to the fullest plantation"),
        },
        bot_aliases={"greedy": "heuristic"},
        rollout_bot="heuristic",
        app_bots=("heuristic",),
        figures="freight_freedom.analysis.records:freedom_figures",
        tracker="freight_freedom.analysis.records:FreedomTracker",
        lesson="freight_freedom.lessons.freedom_lesson:LESSON",
        rollout_result="freight_freedom.analysis.records:freedom_rollout_result",
        endings=("victory", "too many lost", "time ran out"),
        cooperative=True,
    ),
    "slowfreight": GameEntry(
        key="slowfreight",
        title="Slow Freight",
        aliases=("slow_freight", "slow-freight"),
        cls="freight_freedom.slowfreight.game:SlowFreight",
        options="freight_freedom.slowfreight.options:SLOW_FREIGHT_OPTIONS",
        app="freight_freedom.slowfreight.app",
        bots={
            "random": RANDOM,
            "greedy": BotEntry("freight_freedom.slowfreight.bots:GreedyBot",
                               "one-step greedy (engine's bot)"),
            "small-fast": BotEntry("freight_freedom.slowfreight.strategy_bots:SmallFastBot",
                                   "1-2 car trains, moved as soon as they can"),
            "big-slow": BotEntry("freight_freedom.slowfreight.strategy_bots:BigSlowBot",
                                 "builds 5-car trains before moving them"),
            "montecarlo": BotEntry("freight_freedom.slowfreight.strategy_bots:MonteCarloBot",
                                   _MONTECARLO_HELP.format(policy="greedy"), strength=8),
            "ismcts": BotEntry("freight_freedom.slowfreight.ismcts_bot:ISMCTSBot",
                               _ISMCTS_HELP.format(policy="greedy"), strength=100),
        },
        bot_aliases={"heuristic": "greedy"},
        rollout_bot="greedy",
        app_bots=("greedy", "small-fast", "big-slow"),
        figures="freight_freedom.analysis.records:slowfreight_figures",
        lesson="freight_freedom.lessons.slowfreight_lesson:LESSON",
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


@functools.cache
def load(target: str) -> Any:
    """The object a ``"module:attr"`` target names (imported now, cached)."""
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)
