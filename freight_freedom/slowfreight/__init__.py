"""Slow Freight (Alan R. Moon, 2004): the engine, its components and simple bots.

Rules with IDs: ``docs/rules/slow_freight.md``. Start with :class:`~.game.SlowFreight`. The
names below are imported on first use, so reading the game's entry (:mod:`.entry`) imports none
of the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bots import GreedyBot
    from .components import Components, MovementTable, load_components, load_movement_tables
    from .game import SlowFreight
    from .scoring import Outcome, SeatScore

_LAZY = {  # public name -> module
    "GreedyBot": ".bots",
    "Components": ".components",
    "MovementTable": ".components",
    "load_components": ".components",
    "load_movement_tables": ".components",
    "SlowFreight": ".game",
    "Outcome": ".scoring",
    "SeatScore": ".scoring",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Components",
    "GreedyBot",
    "MovementTable",
    "Outcome",
    "SeatScore",
    "SlowFreight",
    "load_components",
    "load_movement_tables",
]
