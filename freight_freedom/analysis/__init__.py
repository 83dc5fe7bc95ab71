"""What-if analysis: Monte Carlo simulation and sweeps as pandas DataFrames, and plots.

>>> from freight_freedom.analysis import simulate, sweep
>>> df = sweep("slowfreight", {"players": [2, 3], "bot": ["random"]}, 5, progress=False)
>>> df.groupby("players").size().to_dict()
{2: 5, 3: 5}

Nothing here imports plotly or pandas at import time: they load when a table is built or a plot
is drawn, so worker processes start fast and no display stack is loaded in them.
"""

from __future__ import annotations

from .advise import Advice, advise
from .bots import bot_names, make_bot
from .output import OutputError, ResultWriter
from .plots import length_distribution, round_trajectories, score_distribution, win_rate
from .seeds import bot_seed, game_seed
from .simulate import SimulationError, iter_simulate, option_names, simulate
from .sweep import grid_configs, iter_sweep, sweep
from .trajectory import trajectory

__all__ = [
    "Advice",
    "OutputError",
    "ResultWriter",
    "SimulationError",
    "advise",
    "bot_names",
    "bot_seed",
    "game_seed",
    "grid_configs",
    "iter_simulate",
    "iter_sweep",
    "length_distribution",
    "make_bot",
    "option_names",
    "round_trajectories",
    "score_distribution",
    "simulate",
    "sweep",
    "trajectory",
    "win_rate",
]
