"""The games of this package, in one table read from the games' own declarations.

Each game declares itself once, in its own package (``freight_freedom/<game>/entry.py``): a
:class:`GameEntry` naming its class, options, bots, app, figures, action space, observation
encoding, lesson, puzzles and component files. Every place that needs "which games are there"
(the command line, simulations, the advisor, the app, the lessons, the RL adapters) reads
:data:`GAMES` here, so a name means the same game everywhere and no shared module names a game.

Games are found on first use: the package's own (:data:`BUILTIN`) and every entry point of the
group :data:`GROUP` (``[project.entry-points."freight_freedom.games"]`` in a distribution's
``pyproject.toml``, ``name = "package.module:ENTRY"``), so a game in another distribution plugs
in by being installed. :func:`register` adds one by hand (a test, a notebook). An entry's
loaders import their module when called (as python-chess imports its renderer only in
``_repr_svg_``): ``import freight_freedom`` stays light, and a worker process imports only the
game it plays.

>>> game_entry("slow-freight").key
'slowfreight'
>>> game_entry("Freedom").game_class().__name__
'Freedom'
>>> game_entry("freedom").player_range(), game_entry("slowfreight").openspiel_params()["players"]
((1, 4), 3)
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from ..analysis.records import Tracker
    from ..lessons.model import Lesson
    from ..lessons.puzzles import Puzzle
    from ..ui.adapter import GameUI
    from .action_space import ActionSpace
    from .bot import Bot
    from .game import Game
    from .options import Option

GROUP = "freight_freedom.games"
"""The entry-point group a distribution declares its games in (each a :class:`GameEntry`)."""

BUILTIN = ("freight_freedom.freedom.entry:ENTRY", "freight_freedom.slowfreight.entry:ENTRY")
"""The package's own games, in this order (found even in a checkout that is not installed, whose
entry points are not declared)."""

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

MONTECARLO_HELP = ("flat Monte Carlo: rollouts over determinized copies with the {policy} "
                   "bot; strength = rollouts per action")
"""The help line of a game's flat Monte Carlo bot (``policy``: its rollout bot)."""

ISMCTS_HELP = ("information-set Monte Carlo tree search over determinizations of what the seat "
               "sees, {policy} rollouts; strength = simulations per decision")
"""The help line of a game's IS-MCTS bot (``policy``: its rollout bot)."""


def _random_bot() -> Callable[..., Bot]:
    from .bot import RandomBot
    return RandomBot


RANDOM = BotEntry(_random_bot, "uniformly random legal actions")


def winners_rollout_result(game: Game[Any], players: int) -> RolloutResult:
    """A finished competitive game for the advisor (its outcome names ``winners`` and
    ``scores``): shared wins split evenly, the final scores. The default of
    :attr:`GameEntry.rollout_result`."""
    outcome = game.outcome
    winners = tuple(outcome.winners)
    share = 1.0 / len(winners) if winners else 0.0
    wins = tuple(share if s in winners else 0.0 for s in range(players))
    return wins, tuple(float(s) for s in outcome.scores), ""


@dataclass(frozen=True)
class GameEntry:
    """One game: its canonical name (``key``), the other names it answers to, and the loaders of
    its class, options, bots and app (each imports its module when called). Everything after
    ``option_spec`` is optional: a game without a figure, a lesson or an RL encoding still plays,
    simulates and gets an app."""

    key: str
    title: str
    aliases: tuple[str, ...]
    game_class: Callable[[], type[Game[Any]]]
    """The game class (imported now). Its ``name`` (the name its saves carry) must be ``key``
    or one of ``aliases``."""
    option_spec: Callable[[], tuple[Option, ...]]
    """The game's declared options, in order."""
    ui: Callable[[], GameUI] | None = None
    """The game's :class:`~freight_freedom.ui.adapter.GameUI` (its app module imported now);
    None: the base class's defaults (:func:`~freight_freedom.ui.adapter.ui_for`)."""
    bots: Mapping[str, BotEntry] = field(default_factory=lambda: {"random": RANDOM})
    bot_aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names of a bot: each game's rule-of-thumb bot answers to "heuristic" and "greedy"."""
    rollout_bot: str = "random"
    """The advisor's default rollout policy: the game's rule-of-thumb bot."""
    app_bots: tuple[str, ...] = ()
    """The bots a seat may be given in the app (the quick ones: a search is too slow there)."""
    figures: Callable[[Game[Any]], dict[str, Any]] | None = None
    """A finished game's key figures for result tables (the package's games keep theirs in
    ``<game>/records.py``); None: its outcome, flattened."""
    tracker: Callable[[], Tracker] | None = None
    """A fresh tracker watching a game as it is played (per-round columns); None for none."""
    reads_log: bool = False
    """Whether ``figures`` or ``tracker`` read the event log (else simulations play quiet)."""
    lesson: Callable[[], Lesson] | None = None
    """The game's lesson (the package's games keep theirs in ``<game>/lesson/``); None for
    none."""
    puzzles: Callable[[], Sequence[Puzzle]] | None = None
    """The game's puzzles; None for none."""
    puzzle_marks: Callable[[Any, Game[Any], tuple[str, ...]], None] | None = None
    """``f(figure, game, choices)`` marks a puzzle's choices on the game's figure (the choices
    in the notation of :meth:`Action.__str__`); None: the figure as it is."""
    export_components: Callable[[Path, bool], list[Path]] | None = None
    """``f(folder, overwrite)`` writes an editable copy of the game's packaged component files
    into ``folder`` and returns the paths written (``freight-freedom components export``); the
    game's ``components=`` option plays the copy. It refuses to replace a file already there
    unless ``overwrite`` (``FileExistsError``), and a ``folder`` that is a file
    (``NotADirectoryError``). None: the game plays only its packaged components."""
    rule_prefix: str = ""
    """The start of the game's rule IDs (``"FR-"``): a lesson file may cite only those."""
    rollout_result: Callable[[Game[Any], int], RolloutResult] = winners_rollout_result
    """``f(game, players)`` of a finished game, for the advisor (see :data:`RolloutResult`).
    The default suits a competitive game whose outcome names ``winners`` and ``scores``."""
    endings: tuple[str, ...] = ()
    """The ways a game can end that the advisor gives a chance of (a cooperative game's)."""
    cooperative: bool = False
    """Whether the players win or lose together (the evaluation bar then shows the team's chance
    of victory, not one chance per seat; the RL adapters give every seat the same utility, 1 on
    a win and 0 on a loss)."""
    action_space: Callable[[Game[Any]], ActionSpace] | None = None
    """The game's fixed numbering of every action (:mod:`.action_space`); None: no RL adapter."""
    features: Callable[[Game[Any], int, dict[str, Any] | None], list[float]] | None = None
    """``f(game, seat, view)``: the seat's observation as numbers (:mod:`.features`)."""
    feature_size: Callable[[Game[Any]], int] | None = None
    """The length of ``features`` for a game's components and options."""
    score_range: Callable[[], tuple[float, float]] | None = None
    """Bounds on a competitive game's final score (its RL utility); a cooperative game's
    utility is 0 or 1."""
    length_bound_per_seat: int = 500
    """A generous bound on decisions per seat in a whole game, with 100 more per game
    (OpenSpiel's ``max_game_length``; the default cycles of the PettingZoo environment)."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every name this game answers to, the canonical one first."""
        return (self.key, *self.aliases)

    def option_names(self) -> list[str]:
        """The names of the game's options, sorted."""
        return sorted(o.name for o in self.option_spec())

    def player_range(self) -> tuple[int, int]:
        """The fewest and most players, from the declared ``players`` option."""
        players = next((o for o in self.option_spec() if o.name == "players"), None)
        if players is None or players.kind != "int":
            raise ValueError(f"{self.title} declares no 'players' option")
        return players.lo, players.hi

    def openspiel_params(self) -> dict[str, Any]:
        """The options an OpenSpiel or PettingZoo user may set, with their defaults: the
        declared options a New game form offers that are a number, a choice or a switch."""
        return {o.name: o.default for o in self.option_spec()
                if o.in_form and o.kind in ("int", "choice", "bool") and o.default is not None}

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


class _Games(Mapping[str, GameEntry]):
    """Every registered game by canonical name, found on first use (see the module doc)."""

    def __init__(self) -> None:
        self._entries: dict[str, GameEntry] | None = None
        self._by_name: dict[str, GameEntry] = {}

    def _table(self) -> dict[str, GameEntry]:
        if self._entries is None:
            self._entries = {}
            for entry in _discover():
                if entry.key not in self._entries:
                    self._add(entry)
        return self._entries

    def _add(self, entry: GameEntry) -> None:
        assert self._entries is not None
        self._entries[entry.key] = entry
        self._by_name = {name.lower(): e for e in self._entries.values() for name in e.names}

    def _remove(self, key: str) -> None:
        table = self._table()
        del table[key]
        self._by_name = {name.lower(): e for e in table.values() for name in e.names}

    def by_name(self, name: str) -> GameEntry | None:
        self._table()
        return self._by_name.get(name)

    def __getitem__(self, key: str) -> GameEntry:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __repr__(self) -> str:
        return f"GAMES({list(self)})"


def _load(target: str) -> Any:
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


def _discover() -> list[GameEntry]:
    """The built-in games, then every entry point of :data:`GROUP` (by name); a broken plug-in
    is reported with a warning and left out, never breaking the package's own games."""
    found: list[GameEntry] = [_load(target) for target in BUILTIN]
    try:
        from importlib.metadata import entry_points

        points = sorted(entry_points(group=GROUP), key=lambda ep: ep.name)
    except Exception:  # noqa: BLE001 - broken metadata must not hide the built-in games
        points = []
    for point in points:
        if point.value in BUILTIN:
            continue
        try:
            entry = point.load()
        except Exception as exc:  # noqa: BLE001 - a plug-in's bug is its own
            warnings.warn(f"game plug-in {point.name!r} ({point.value}) failed to load: {exc}",
                          RuntimeWarning, stacklevel=3)
            continue
        if isinstance(entry, GameEntry):
            found.append(entry)
        else:
            warnings.warn(f"game plug-in {point.name!r} ({point.value}) is not a GameEntry",
                          RuntimeWarning, stacklevel=3)
    return found


GAMES: _Games = _Games()
"""Every game by canonical name: the package's own, the installed plug-ins', the registered."""


def register(entry: GameEntry, *, replace: bool = False) -> GameEntry:
    """Add ``entry`` to :data:`GAMES` (a game defined in a test or a notebook); returns it.

    Raises ``ValueError`` when one of its names is another game's (unless ``replace``, which
    takes the place of the game with the same key).
    """
    table = GAMES._table()
    if not isinstance(entry, GameEntry):
        raise TypeError(f"register() takes a GameEntry, not {type(entry).__name__}")
    for name in entry.names:
        other = find(name)
        if other is not None and other is not entry and not (replace and other.key == entry.key):
            raise ValueError(f"the game name {name!r} is {other.title}'s already")
    if entry.key in table:
        GAMES._remove(entry.key)
    GAMES._add(entry)
    return entry


def unregister(key: str) -> None:
    """Remove the game ``key`` from :data:`GAMES` (undoes :func:`register`)."""
    if key not in GAMES:
        raise ValueError(f"unknown game {key!r}; choose one of {list(GAMES)}")
    GAMES._remove(key)


@contextlib.contextmanager
def registered(entry: GameEntry) -> Iterator[GameEntry]:
    """``with registered(entry):`` the game is in :data:`GAMES`, and afterwards it is not."""
    register(entry)
    try:
        yield entry
    finally:
        if GAMES.get(entry.key) is entry:
            unregister(entry.key)


def names() -> tuple[str, ...]:
    """The canonical game names."""
    return tuple(GAMES)


def find(game: Any) -> GameEntry | None:
    """The entry of a game given by name (any alias, any case), class or object; else None."""
    if isinstance(game, str):
        return GAMES.by_name(game.strip().lower())
    name = getattr(game, "name", None)
    entry = GAMES.by_name(name.lower()) if isinstance(name, str) else None
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
    entry = find(name)
    return entry is not None and saved.lower() in entry.names
