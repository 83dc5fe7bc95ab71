"""Slow Freight (Alan R. Moon, 2004): the engine, its components and simple bots.

Rules with IDs: ``docs/rules/slow_freight.md``. Start with :class:`~.game.SlowFreight`.
"""

from __future__ import annotations

from .bots import GreedyBot
from .components import Components, MovementTable, load_components, load_movement_tables
from .game import SlowFreight
from .scoring import Outcome, SeatScore

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
