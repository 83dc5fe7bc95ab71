"""freight_freedom: two board games played, taught and studied in Jupyter.

>>> from freight_freedom import SlowFreight
>>> game = SlowFreight(players=3, seed=7)

Public names only. The games are imported on first use, and nothing here imports plotly or
ipywidgets: rendering modules load inside the methods that draw.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .core import (
    Action,
    ActionParseError,
    Event,
    IllegalAction,
    OptionError,
    Prompt,
    SaveFileError,
    Scenario,
)

__version__ = "0.1.0"

_LAZY = {
    "SlowFreight": "freight_freedom.slowfreight.game",
    "Freedom": "freight_freedom.freedom.game",
}

if TYPE_CHECKING:
    from .freedom.game import Freedom
    from .slowfreight.game import SlowFreight


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'freight_freedom' has no attribute {name!r}")


__all__ = [
    "Action",
    "ActionParseError",
    "Event",
    "Freedom",
    "IllegalAction",
    "OptionError",
    "Prompt",
    "SaveFileError",
    "Scenario",
    "SlowFreight",
    "__version__",
]
