"""freight_freedom: two board games played, taught and studied in Jupyter.

>>> from freight_freedom import SlowFreight
>>> game = SlowFreight(players=3, seed=7)

Public names only. The games are imported on first use, and nothing here imports plotly or
ipywidgets: rendering modules load inside the methods that draw.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .core import (
    Action,
    ActionParseError,
    ComponentError,
    Event,
    IllegalAction,
    OptionError,
    Prompt,
    SaveFileError,
    Scenario,
)

__version__ = "0.1.0"

_LAZY = {  # public name -> (module, name there)
    "SlowFreight": ("freight_freedom.slowfreight.game", "SlowFreight"),
    "Freedom": ("freight_freedom.freedom.game", "Freedom"),
    "FreedomComponents": ("freight_freedom.freedom.component_set", "Components"),
}

if TYPE_CHECKING:
    from .freedom.component_set import Components as FreedomComponents
    from .freedom.game import Freedom
    from .slowfreight.game import SlowFreight


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'freight_freedom' has no attribute {name!r}")


__all__ = [
    "Action",
    "ActionParseError",
    "ComponentError",
    "Event",
    "Freedom",
    "FreedomComponents",
    "IllegalAction",
    "OptionError",
    "Prompt",
    "SaveFileError",
    "Scenario",
    "SlowFreight",
    "__version__",
]


if "VOILA_KERNEL_ID" in os.environ or "SERVER_SOFTWARE" in os.environ:  # perhaps a Voila page
    from .ui.display import in_voila, voila_figures_as_widgets

    if in_voila():  # its figures are drawn as widgets (see voila_figures_as_widgets)
        voila_figures_as_widgets()

