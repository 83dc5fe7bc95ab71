"""Which bots a simulation can use, by name: ``"random"``, ``"heuristic"``, ``"montecarlo:16"``...

A simulation never ships bot objects between processes and never reuses one bot for two games:
it ships a *bot spec* and builds a fresh bot for every game and seat, seeded from that game's seed
(:func:`~freight_freedom.analysis.seeds.bot_seed`). That is what makes a result independent of how
games are batched over workers. A spec is one of

- a registered name, optionally with a strength: ``"random"``, ``"greedy"``, ``"montecarlo:32"``
  (``name:N`` passes ``strength=N``; see :func:`bot_names` for each game's names; the bots
  themselves are listed in :mod:`freight_freedom.core.registry`);
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
from typing import Any

from ..core import Rng, registry
from ..core.bot import Bot
from ..core.registry import BotEntry

BotSpec = Any
"""A bot name (``"montecarlo:16"``), a bot class or a bot instance (see the module docstring)."""

def game_key(game: Any) -> str:
    """The canonical name of a game given as a name (any alias), a game class or a game object.

    Another :class:`~freight_freedom.core.Game` subclass (a test game) is known by its ``name``
    and gets generic rows and the "random" bot; anything else raises ValueError.
    """
    entry = registry.find(game)
    if entry is not None:
        return entry.key
    name = getattr(game, "name", None)
    if isinstance(name, str) and isinstance(game, type) and hasattr(game, "legal_actions"):
        return name
    return registry.game_entry(game).key  # raises, listing the games


_GENERIC = {"random": BotEntry(registry.RANDOM.bot_class, "uniformly random")}


def _bot(key: str, name: str) -> BotEntry | None:
    entry = registry.find(key)
    return entry.bot(name) if entry is not None else _GENERIC.get(name)


def _known(key: str) -> list[str]:
    entry = registry.find(key)
    return sorted(entry.bot_help() if entry is not None else _GENERIC)


def _key(game: Any) -> str:
    """Like :func:`game_key`, but a name not ours is taken as another game's (validated earlier)."""
    if isinstance(game, str):
        entry = registry.find(game)
        return entry.key if entry is not None else game
    return game_key(game)


def bot_names(game: Any) -> dict[str, str]:
    """Bot names of ``game`` (other names of a bot included) with a one-line description each."""
    entry = registry.find(game_key(game))
    if entry is None:
        return {name: bot.help for name, bot in _GENERIC.items()}
    return entry.bot_help()


def parse_spec(spec: str) -> tuple[str, int | None]:
    """Split ``"montecarlo:16"`` into ``("montecarlo", 16)``; ValueError if malformed."""
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
    entry = _bot(key, name)
    if entry is None:
        raise ValueError(f"unknown bot {spec!r} for {key}; choose one of {_known(key)}")
    if strength is not None and entry.strength is None:
        raise ValueError(f"bot {name!r} has no strength knob; drop ':{strength}'")


def label(spec: BotSpec) -> str:
    """How a spec is named in result tables: the spec text, or the bot's ``name``."""
    if isinstance(spec, str):
        name, strength = parse_spec(spec)
        name = registry.RENAMED_BOTS.get(name, name)
        return name if strength is None else f"{name}:{strength}"
    return str(getattr(spec, "name", getattr(spec, "__name__", type(spec).__name__)))


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
        entry = _bot(_key(game), name)
        assert entry is not None  # check_spec said so
        return _build(entry.bot_class(), seed=seed, seat=seat, strength=strength)
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
