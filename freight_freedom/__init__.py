"""freight_freedom: two board games played, taught and studied in Jupyter.

>>> from freight_freedom import SlowFreight
>>> game = SlowFreight(players=3, seed=7)

Public names only. The games are imported on first use, and nothing here imports plotly or
ipywidgets: rendering modules load inside the methods that draw.
"""

from __future__ import annotations

import os
import sys
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
from .core.display_hook import GameDisplay, install_display
from .core.i18n import languages, set_language

__version__ = "0.9.0"


def _display() -> GameDisplay:
    from .ui import display

    return display


install_display(_display)  # game.figure(), game.app() and the notebook views draw with it

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
    "languages",
    "set_language",
]



# a Voila page or the browser-only site: their figures are drawn as widgets (see
# ui.display.figures_as_widgets); the checks are cheap, the ui package is imported only there
if {"VOILA_KERNEL_ID", "SERVER_SOFTWARE"} & os.environ.keys() or sys.platform == "emscripten":
    from .ui.display import figures_as_widgets, widgets_draw_figures_here

    if widgets_draw_figures_here():
        figures_as_widgets()
