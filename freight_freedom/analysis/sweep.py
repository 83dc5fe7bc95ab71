"""Sweeps: every combination of option values, simulated, in one DataFrame.

>>> from freight_freedom.analysis import sweep
>>> df = sweep("slowfreight", {"movement_table": ["gentle", "harsh"], "bot": ["random", "greedy"]},
...            3, players=2, progress=False)
>>> df.groupby(["movement_table", "bot"]).size().tolist()
[3, 3, 3, 3]

Each combination plays the same game seeds (common random numbers): game ``i`` of every
combination starts from the same shuffle, so differences between combinations are less blurred by
luck than with independent seeds. All combinations go into one parallel run, so workers stay busy
across combination boundaries.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .simulate import Config, check_option_names, make_config, run_configs, stream_configs

if TYPE_CHECKING:
    import pandas as pd


def grid_configs(
    game: Any, grid: Mapping[str, Sequence[Any]], *, checked: bool = False,
    max_decisions: int = 100_000, **options: Any,
) -> list[Config]:
    """The validated combinations of ``grid`` (dict of lists; the key ``bot`` picks bots).

    Fixed ``options`` apply to every combination. Combinations run in ``itertools.product``
    order of the grid's keys. Raises ValueError naming the first bad combination.
    """
    if not isinstance(grid, Mapping) or not grid:
        raise ValueError("grid must be a non-empty dict of option name -> list of values")
    for key, values in grid.items():
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
            raise ValueError(f"grid[{key!r}] must be a non-empty list of values, not {values!r}")
        if key in options:
            raise ValueError(f"option {key!r} is both in the grid and fixed")
    keys = list(grid)
    check_option_names(game, [k for k in [*keys, *options] if k != "bot"])
    configs: list[Config] = []
    for index, values in enumerate(itertools.product(*(grid[k] for k in keys))):
        combo = dict(zip(keys, values, strict=True))
        bot = combo.pop("bot", options.get("bot", "random"))
        fixed = {k: v for k, v in options.items() if k != "bot"}
        try:
            configs.append(make_config(game, {**fixed, **combo}, bot, index=index,
                                       checked=checked, max_decisions=max_decisions))
        except ValueError as exc:
            shown = dict(zip(keys, values, strict=True))
            raise ValueError(f"combination {shown}: {exc}") from exc
    return configs


def sweep(
    game: Any,
    grid: Mapping[str, Sequence[Any]],
    n_games: int,
    *,
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
    """Simulate ``n_games`` for every combination of ``grid`` values -> one DataFrame.

    ``grid`` maps option names (and ``"bot"``) to lists of values, e.g.
    ``{"players": [2, 3, 4], "bot": ["random", "heuristic", ["montecarlo", "random"]]}``; a
    list inside the ``bot`` list gives one bot per seat. Other arguments are as for
    :func:`~freight_freedom.analysis.simulate`; ``options`` are fixed for every combination.
    The ``config`` column numbers the combinations. ``out`` receives the rows as they come;
    :func:`iter_sweep` yields them chunk by chunk instead (see :func:`.simulate.iter_simulate`).
    """
    configs = grid_configs(game, grid, checked=checked, max_decisions=max_decisions, **options)
    return run_configs(configs, n_games, seed=seed, n_jobs=n_jobs, progress=progress,
                       backend=backend, batch_size=batch_size, out=out)


def iter_sweep(
    game: Any,
    grid: Mapping[str, Sequence[Any]],
    n_games: int,
    *,
    seed: int = 0,
    n_jobs: int = 1,
    progress: bool = True,
    backend: str = "loky",
    batch_size: int | None = None,
    checked: bool = False,
    max_decisions: int = 100_000,
    **options: Any,
) -> Generator[pd.DataFrame, None, None]:
    """:func:`sweep`, chunk by chunk, in (combination, game) order; checked on the call."""
    configs = grid_configs(game, grid, checked=checked, max_decisions=max_decisions, **options)
    return stream_configs(configs, n_games, seed=seed, n_jobs=n_jobs, progress=progress,
                          backend=backend, batch_size=batch_size)
