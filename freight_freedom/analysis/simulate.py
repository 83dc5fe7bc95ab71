"""Monte Carlo simulation: play many games with bots and get one tidy DataFrame row per game.

>>> from freight_freedom.analysis import simulate
>>> df = simulate("slowfreight", 20, bot="random", seed=1, players=2, progress=False)
>>> len(df), df["players"].unique().tolist()
(20, [2])
>>> df.equals(simulate("slowfreight", 20, bot="random", seed=1, players=2, progress=False))
True

How a run is reproducible: game ``i`` is played with seed ``game_seed(seed, i)`` and the bot in
seat ``k`` is built fresh with ``bot_seed(game seed, k)`` (:mod:`.seeds`), so a row depends only on
(options, bots, seed, i), never on ``n_jobs``, the backend or the batch size. Rows are sorted by
game index. The row schema is described in :mod:`.records`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core.argcheck import positive_int
from ..core.registry import find, game_entry
from . import parallel, records
from .bots import BotSpec, check_spec, game_key, label, make_bot, seat_specs
from .seeds import bot_seed, game_seed

if TYPE_CHECKING:
    import pandas as pd

    from ..core import Game
    from ..core.bot import Bot

RUN_SETTINGS = ("seed", "bot", "n_jobs", "progress", "backend", "batch_size", "checked",
                "max_decisions", "out")
"""Arguments of a run, never options of a game: named in errors when given as a game option."""


class SimulationError(RuntimeError):
    """A game failed during a simulation; the message names its index, seed and options.

    ``Freedom(seed=..., **options)`` with the named seed and the bots rebuilt from their seeds
    replays the failing game exactly.
    """


def game_class(game: Any) -> type[Game[Any]]:
    """The game class for a name (``"freedom"``, ``"slowfreight"``) or a class (returned as is)."""
    if isinstance(game, type):
        game_key(game)  # raises for a class that is not one of ours
        return game
    return game_entry(game).game_class()


def option_names(game: Any) -> list[str]:
    """The names of a game's options, sorted (another game's: those its defaults list)."""
    cls = game_class(game)
    entry = find(cls)
    if entry is not None:
        return entry.option_names()
    return sorted(cls(seed=0).options)


def check_option_names(game: Any, options: Iterable[str]) -> None:
    """Raise :class:`~freight_freedom.core.OptionError` for a name that is not a game option.

    A run setting given as an option (``seed``, ``bot``, ``n_jobs``, ``max_decisions``...) is
    refused too, never passed on or mixed up with the argument of the same name: the message
    says so and lists the game's options.
    """
    from ..core import OptionError

    known = option_names(game)
    for name in options:
        if name in known:
            continue
        hint = (f"; {name!r} is a setting of the run, not of the game"
                if name in RUN_SETTINGS else "")
        raise OptionError(str(name), f"not an option of {game_key(game)}{hint}; "
                          f"the options are {known}")


@dataclass(frozen=True)
class Config:
    """One combination of options and bots: everything a worker needs to play its games."""

    game: str
    cls: type[Game[Any]]
    options: dict[str, Any]
    """Completed, validated options (every option the game has, JSON-ready)."""
    bots: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    index: int = 0
    """Position of this combination in a sweep (the ``config`` column)."""
    checked: bool = False
    max_decisions: int = 100_000


def make_config(
    game: Any, options: Mapping[str, Any], bot: BotSpec | Sequence[BotSpec], *, index: int = 0,
    checked: bool = False, max_decisions: int = 100_000,
) -> Config:
    """Validate ``options`` and ``bot`` once, before any work is sent out (clear errors early)."""
    cls = game_class(game)
    key = game_key(cls)
    check_option_names(cls, options)
    probe = cls(seed=0, **dict(options))  # raises OptionError for a bad option
    full = probe.options
    players = full.get("players")
    specs = seat_specs(bot, players) if isinstance(players, int) else (
        list(bot) if isinstance(bot, (list, tuple)) else [bot])
    for spec in specs:
        check_spec(key, spec)
    return Config(key, cls, dict(full), tuple(specs), tuple(label(s) for s in specs), index,
                  checked, max_decisions)


def option_columns(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as table cells: scalars as they are, anything else as compact JSON text."""
    cells: dict[str, Any] = {}
    for name, value in sorted(options.items()):
        if value is None or isinstance(value, (bool, int, float, str)):
            cells[name] = value
        else:
            cells[name] = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return cells


def play_game(config: Config, index: int, seed: int) -> dict[str, Any]:
    """Play game ``index`` of ``config`` with ``seed`` and return its result row."""
    game = config.cls(seed=seed, **config.options)
    if not records.reads_log(config.game):
        game.quiet()  # nothing reads this game's events (see records.reads_log)
    bots: dict[int, Bot] = {}
    tracker = records.tracker(config.game)
    apply = game.apply if config.checked else game.apply_unchecked
    decisions = 0
    limit = config.max_decisions
    try:
        seat = game.to_move
        while seat is not None:
            if decisions >= limit:
                raise RuntimeError(f"no end after {limit} decisions")
            bot = bots.get(seat)
            if bot is None:  # built on first use: a game need not say how many seats it has
                spec = config.bots[seat] if len(config.bots) > 1 else config.bots[0]
                bot = bots[seat] = make_bot(config.game, spec, seat=seat,
                                            seed=bot_seed(seed, seat))
            apply(bot.choose(game))
            decisions += 1
            if tracker is not None:
                tracker.step(game)
            seat = game.to_move
    except Exception as exc:
        raise SimulationError(
            f"{config.game} game {index} (seed={seed}, options={config.options}, "
            f"bots={list(config.labels)}) failed after {decisions} decisions: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    row: dict[str, Any] = {
        "config": config.index,
        "game_index": index,
        "seed": seed,
        "game": config.game,
        "rules_version": game.rules_version,
        **option_columns(config.options),
        "bot": config.labels[0] if len(set(config.labels)) == 1 else "/".join(config.labels),
    }
    for seat, name in enumerate(config.labels):
        row[f"bot_{seat}"] = name
    row["decisions"] = decisions
    row.update(records.figures(config.game, game))
    if tracker is not None:
        row.update(tracker.columns(game))
    return row


def play_batch(config: Config, master: int, start: int, stop: int) -> list[dict[str, Any]]:
    """Play games ``start .. stop - 1`` of ``config`` (one worker task); rows only."""
    return [play_game(config, i, game_seed(master, i)) for i in range(start, stop)]


def _check_run(n_games: int, seed: int, n_jobs: int, backend: str) -> None:
    positive_int("n_games", n_games)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    parallel.check_backend(backend, n_jobs)


def columns(configs: Sequence[Config], seed: int) -> list[str]:
    """The columns of a run's table: each config's row columns, in config order, first seen.

    A row's columns depend on the config (options, seats, bot labels), not on how its game went,
    so game 0 of each config is played once with random bots to learn them: then every chunk of
    a run has the same columns, and a file can be written chunk by chunk with one header.
    """
    names: dict[str, None] = {}
    for config in configs:
        probe = replace(config, bots=("random",) * len(config.bots), checked=False,
                        max_decisions=max(config.max_decisions, 100_000))
        names.update(dict.fromkeys(play_game(probe, 0, game_seed(seed, 0))))
    return list(names)


def stream_configs(
    configs: Sequence[Config],
    n_games: int,
    *,
    seed: int,
    n_jobs: int,
    progress: bool,
    backend: str,
    batch_size: int | None = None,
) -> Generator[pd.DataFrame, None, None]:
    """Play ``n_games`` of every config (the same game seeds for each), chunk by chunk.

    Arguments are checked now, before any game; the games are played as the returned iterator
    is consumed. It yields DataFrames of a few hundred rows at most, in (config, game) order:
    concatenated they are the whole table. A chunk has its config's columns; ``attrs["columns"]``
    lists those of the whole run (:func:`columns`), for writers that need them up front. Stopping
    early (``break``, Ctrl-C, a failed game) leaves a prefix of it. Tasks are made
    lazily and rows are never gathered here, so memory stays flat however many games.
    """
    _check_run(n_games, seed, n_jobs, backend)
    if not configs:
        raise ValueError("nothing to simulate: no configurations")
    workers = parallel.workers_for(n_jobs, backend)
    size = parallel.batch_size(n_games * len(configs), workers, batch_size)
    return _chunks(list(configs), n_games, seed=seed, n_jobs=n_jobs, progress=progress,
                   backend=backend, size=size)


def _chunks(
    configs: list[Config], n_games: int, *, seed: int, n_jobs: int, progress: bool,
    backend: str, size: int,
) -> Generator[pd.DataFrame, None, None]:
    import pandas as pd

    names = columns(configs, seed)
    tasks = ((play_batch, (config, seed, start, min(start + size, n_games)))
             for config in configs for start in range(0, n_games, size))
    batches = parallel.stream(tasks, total=n_games * len(configs), n_jobs=n_jobs,
                              backend=backend, progress=progress, desc=configs[0].game)
    try:
        for rows in batches:
            frame = pd.DataFrame.from_records(rows)
            extra = [c for c in frame.columns if c not in names]
            if extra:
                raise SimulationError(f"game {rows[0]['game_index']} has columns {extra} "
                                      "that game 0 of its configuration did not have")
            frame.attrs["columns"] = names
            yield frame
    finally:
        batches.close()


def collect(
    chunks: Iterable[pd.DataFrame], *, out: str | os.PathLike[str] | None = None,
    attrs: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """Join the chunks of a run into one DataFrame, writing each to ``out`` as it comes.

    ``out`` (a ``.csv``, ``.json`` or ``.jsonl`` path) is opened before the first game, so a bad
    path fails at once; if the run stops early the file holds every finished game.
    """
    import pandas as pd

    from .output import ResultWriter, written

    writer = ResultWriter(out) if out is not None else None
    try:
        parts = list(written(chunks, writer))
    finally:
        if writer is not None:
            writer.close()
    frame = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    frame.attrs.clear()
    frame.attrs.update(attrs or {})
    return frame


def run_configs(
    configs: Sequence[Config],
    n_games: int,
    *,
    seed: int,
    n_jobs: int,
    progress: bool,
    backend: str,
    batch_size: int | None = None,
    out: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` of every config (the same game seeds for each) -> one sorted DataFrame."""
    chunks = stream_configs(configs, n_games, seed=seed, n_jobs=n_jobs, progress=progress,
                            backend=backend, batch_size=batch_size)
    return collect(chunks, out=out,
                   attrs={"game": configs[0].game, "seed": seed, "n_games": n_games})


def simulate(
    game: Any,
    n_games: int,
    *,
    bot: BotSpec | Sequence[BotSpec] = "random",
    seed: int = 0,
    n_jobs: int = 1,
    progress: bool = True,
    backend: str = "loky",
    batch_size: int | None = None,
    checked: bool = False,
    max_decisions: int = 100_000,
    out: str | os.PathLike[str] | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``n_games`` games of ``game`` with ``bot`` and return one row per game.

    ``game`` is ``"freedom"``, ``"slowfreight"`` or the game class; ``options`` are the game's own
    keyword options (``players=2``, ``difficulty="challenging"``, ``movement_table="harsh"``...).
    ``bot`` is a bot name (``"random"``, ``"heuristic"``, ``"montecarlo:16"``; see
    :func:`~freight_freedom.analysis.bots.bot_names`), a bot class or instance, or a list with one
    per seat. ``seed`` is the master seed; ``n_jobs`` the number of processes (-1: all cores);
    ``backend="dask"`` runs on the current ``dask.distributed`` client instead.
    ``checked=True`` checks every bot decision against the rules (slower; bots already choose
    only legal actions). ``batch_size`` sets games per worker task (it never changes results).
    ``out`` (``.csv``, ``.json`` or ``.jsonl``) receives the rows chunk by chunk as games finish;
    it is opened before the first game. :func:`iter_simulate` yields the same chunks instead of
    joining them, for runs too big to hold.

    Raises ValueError (or :class:`~freight_freedom.core.OptionError`) for a bad game, option, bot
    or argument, before any game is played; :class:`SimulationError` if a game fails.

    >>> df = simulate("slowfreight", 4, seed=3, players=3, progress=False)
    >>> df[["game_index", "players", "bot"]].values.tolist()
    [[0, 3, 'random'], [1, 3, 'random'], [2, 3, 'random'], [3, 3, 'random']]
    """
    config = make_config(game, options, bot, checked=checked, max_decisions=max_decisions)
    return run_configs([config], n_games, seed=seed, n_jobs=n_jobs, progress=progress,
                       backend=backend, batch_size=batch_size, out=out)


def iter_simulate(
    game: Any,
    n_games: int,
    *,
    bot: BotSpec | Sequence[BotSpec] = "random",
    seed: int = 0,
    n_jobs: int = 1,
    progress: bool = True,
    backend: str = "loky",
    batch_size: int | None = None,
    checked: bool = False,
    max_decisions: int = 100_000,
    **options: Any,
) -> Generator[pd.DataFrame, None, None]:
    """:func:`simulate`, chunk by chunk: DataFrames of consecutive games, in game order.

    Everything is checked on the call; games are played as the iterator is consumed, and memory
    stays flat however many games (write or aggregate each chunk, then drop it).

    >>> chunks = iter_simulate("slowfreight", 10**10, seed=1, players=2, progress=False)
    >>> first = next(chunks)
    >>> int(first["game_index"].iloc[0]), first.equals(simulate("slowfreight", len(first), seed=1,
    ...     players=2, progress=False))
    (0, True)
    >>> chunks.close()
    """
    config = make_config(game, options, bot, checked=checked, max_decisions=max_decisions)
    return stream_configs([config], n_games, seed=seed, n_jobs=n_jobs, progress=progress,
                          backend=backend, batch_size=batch_size)
