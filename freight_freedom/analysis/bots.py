"""Which bots a simulation can use, by name: ``"random"``, ``"heuristic"``, ``"mcts:16"``, ...

A simulation never ships bot objects between processes and never reuses one bot for two games:
it ships a *bot spec* and builds a fresh bot for every game and seat, seeded from that game's seed
(:func:`~freight_freedom.analysis.seeds.bot_seed`). That is what makes a result independent of how
games are batched over workers. A spec is one of

- a registered name, optionally with a strength: ``"random"``, ``"greedy"``, ``"mcts:32"``
  (``name:N`` passes ``strength=N``; see :func:`bot_names` for each game's names);
- a bot class (built as ``cls(seed=..., seat=..., strength=...)``, passing only the keywords its
  constructor accepts);
- a bot instance: deep-copied for each game, then re-seeded (its ``reseed(seed)`` method if it has
  one, else a fresh ``rng`` attribute when it keeps a kernel :class:`~freight_freedom.core.Rng`).

>>> make_bot("slowfreight", "random", seat=0, seed=1).name
'random'
>>> sorted(bot_names("slowfreight"))[:3]
['big-slow', 'greedy', 'heuristic']
"""

from __future__ import annotations

import copy
import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from ..core import Rng
from ..core.bot import Bot

BotSpec = Any
"""A bot name (``"mcts:16"``), a bot class or a bot instance (see the module docstring)."""

GAMES = ("freedom", "slowfreight")
_ALIASES = {
    "freedom": "freedom",
    "slowfreight": "slowfreight",
    "slow_freight": "slowfreight",
    "slow-freight": "slowfreight",
}


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: where its class lives and what it is good for."""

    target: str
    """``"module:Class"``, imported on first use (workers import only what they play)."""
    help: str
    strength: int | None = None
    """Default strength for bots with a strength knob (rollouts per action); None: no knob."""


_REGISTRY: dict[str, dict[str, BotEntry]] = {
    "slowfreight": {
        "random": BotEntry("freight_freedom.core.bot:RandomBot", "uniformly random legal actions"),
        "greedy": BotEntry(
            "freight_freedom.slowfreight.bots:GreedyBot", "one-step greedy (engine's bot)"
        ),
        "small-fast": BotEntry(
            "freight_freedom.slowfreight.strategy_bots:SmallFastBot",
            "1-2 car trains, moved as soon as they can",
        ),
        "big-slow": BotEntry(
            "freight_freedom.slowfreight.strategy_bots:BigSlowBot",
            "builds 5-car trains before moving them",
        ),
        "mcts": BotEntry(
            "freight_freedom.slowfreight.strategy_bots:MonteCarloBot",
            "Monte Carlo rollouts over determinized copies; strength = rollouts per action",
            strength=8,
        ),
    },
    "freedom": {
        "random": BotEntry("freight_freedom.core.bot:RandomBot", "uniformly random legal actions"),
        "heuristic": BotEntry(
            "freight_freedom.freedom.bots:HeuristicBot", "rule-of-thumb play (engine's bot)"
        ),
        "mcts": BotEntry(
            "freight_freedom.freedom.search_bot:SearchBot",
            "Monte Carlo rollouts with the heuristic bot; strength = rollouts per action",
            strength=2,
        ),
        "market-random": BotEntry(
            "freight_freedom.analysis.market_bots:RandomMarketBot",
            "heuristic, but the Slave Market's people go to a random plantation",
        ),
        "market-fullest": BotEntry(
            "freight_freedom.analysis.market_bots:FullestMarketBot",
            "heuristic, but the Slave Market's people go to the fullest plantation",
        ),
    },
}
# Each game's one-step rule-of-thumb bot answers to both names, so "--bot heuristic" works for both.
_REGISTRY["slowfreight"]["heuristic"] = _REGISTRY["slowfreight"]["greedy"]
_REGISTRY["freedom"]["greedy"] = _REGISTRY["freedom"]["heuristic"]


def game_key(game: Any) -> str:
    """The registry name of a game given as a name, a game class or a game object."""
    if isinstance(game, str):
        key = _ALIASES.get(game.strip().lower())
        if key is None:
            raise ValueError(f"unknown game {game!r}; choose one of {list(GAMES)}")
        return key
    name = getattr(game, "name", None)
    if isinstance(name, str) and name.lower() in _ALIASES:
        return _ALIASES[name.lower()]
    if isinstance(name, str) and isinstance(game, type) and hasattr(game, "legal_actions"):
        return name  # another Game subclass: generic rows, the "random" bot
    raise ValueError(f"{game!r} is not a game of this package; choose one of {list(GAMES)}")


_GENERIC = {"random": BotEntry("freight_freedom.core.bot:RandomBot", "uniformly random")}


def _entries(key: str) -> dict[str, BotEntry]:
    return _REGISTRY.get(key, _GENERIC)


def _key(game: Any) -> str:
    """Like :func:`game_key`, but a name not ours is taken as another game's (validated earlier)."""
    if isinstance(game, str):
        return _ALIASES.get(game.strip().lower(), game)
    return game_key(game)


def bot_names(game: Any) -> dict[str, str]:
    """Registered bot names of ``game`` with a one-line description each."""
    return {name: entry.help for name, entry in _entries(game_key(game)).items()}


def parse_spec(spec: str) -> tuple[str, int | None]:
    """Split ``"mcts:16"`` into ``("mcts", 16)``; raise ValueError on a malformed spec."""
    name, sep, rest = spec.strip().lower().partition(":")
    if not sep:
        return name, None
    if not (rest.isascii() and rest.isdigit()) or int(rest) < 1:
        raise ValueError(f"bot {spec!r}: the strength after ':' must be a positive integer")
    return name, int(rest)


def check_spec(game: Any, spec: BotSpec) -> None:
    """Raise ValueError if ``spec`` names no bot of ``game`` (checked before any work starts)."""
    if not isinstance(spec, str):
        if not isinstance(spec, (type, Bot)):
            raise ValueError(f"{spec!r} is not a bot: it needs choose(game) and a name")
        return
    key = _key(game)
    name, strength = parse_spec(spec)
    entry = _entries(key).get(name)
    if entry is None:
        raise ValueError(f"unknown bot {spec!r} for {key}; choose one of {sorted(_entries(key))}")
    if strength is not None and entry.strength is None:
        raise ValueError(f"bot {name!r} has no strength knob; drop ':{strength}'")


def label(spec: BotSpec) -> str:
    """How a spec is named in result tables: the spec text, or the bot's ``name``."""
    if isinstance(spec, str):
        name, strength = parse_spec(spec)
        return name if strength is None else f"{name}:{strength}"
    return str(getattr(spec, "name", getattr(spec, "__name__", type(spec).__name__)))


@functools.cache
def _load(target: str) -> Callable[..., Bot]:
    module, _, attr = target.partition(":")
    cls: Callable[..., Bot] = getattr(import_module(module), attr)
    return cls


@functools.cache
def _accepted(cls: Callable[..., Bot]) -> frozenset[str] | None:
    """Keyword names the constructor takes (None: any, it has ``**kwargs``); cached per class."""
    params = inspect.signature(cls).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return None
    return frozenset(params)


def _build(cls: Callable[..., Bot], **kwargs: Any) -> Bot:
    accepted = _accepted(cls)
    return cls(**{k: v for k, v in kwargs.items()
                  if v is not None and (accepted is None or k in accepted)})


def reseed(bot: Bot, seed: int) -> None:
    """Give a bot instance a fresh random stream (``reseed(seed)`` or a new ``rng``)."""
    hook = getattr(bot, "reseed", None)
    if callable(hook):
        hook(seed)
    elif isinstance(getattr(bot, "rng", None), Rng):
        bot.rng = Rng(seed, "bot")  # type: ignore[attr-defined]


def make_bot(game: Any, spec: BotSpec, *, seat: int, seed: int) -> Bot:
    """A fresh bot for one seat of one game, seeded with ``seed``."""
    if isinstance(spec, str):
        check_spec(game, spec)
        name, strength = parse_spec(spec)
        entry = _entries(_key(game))[name]
        return _build(_load(entry.target), seed=seed, seat=seat, strength=strength)
    if isinstance(spec, type):
        return _build(spec, seed=seed, seat=seat)
    if isinstance(spec, Bot):
        bot = copy.deepcopy(spec)
        reseed(bot, seed)
        return bot
    raise ValueError(f"{spec!r} is not a bot: it needs choose(game) and a name")


def seat_specs(spec: BotSpec | Sequence[BotSpec], players: int) -> list[BotSpec]:
    """One spec per seat: a single spec is used for every seat; a list must match ``players``."""
    if isinstance(spec, (list, tuple)):
        if len(spec) != players:
            raise ValueError(f"{len(spec)} bots given for {players} players: give one per seat")
        return list(spec)
    return [spec] * players
