"""Slow Freight's fixed action numbering (see :mod:`freight_freedom.core.action_space`).

The actions of :class:`.actions.ActionTable` without their seat, in the order of
:data:`.actions.KINDS`: ``loco``, ``take SLOT TRAIN`` by slot then train, ``stop``, ``move
TRAIN``, ``pass``. Trains are ``t1`` .. ``tN`` with N the Locomotives in the box (SF-RULING-21),
so the space is the same for every number of players and option.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.action_space import ActionSpace, Entry
from ..core.moves import Move
from .components import Components
from .moves import BringLoco, MoveTrain, Pass, StopTaking, Take

if TYPE_CHECKING:
    from .game import SlowFreight


def action_space(game: SlowFreight) -> ActionSpace:
    """The action space of ``game`` (it depends only on the components)."""
    return slowfreight_space(game.components)


@lru_cache(maxsize=8)
def slowfreight_space(comps: Components) -> ActionSpace:
    """Every action with ``comps.face_up`` slots and ``comps.locomotives`` trains (built once)."""
    trains = [f"t{i}" for i in range(1, comps.locomotives + 1)]
    moves: list[Move] = [BringLoco(0)]
    moves += [Take(0, slot, train) for slot in range(comps.face_up) for train in trains]
    moves += [StopTaking(0)]
    moves += [MoveTrain(0, train) for train in trains]
    moves += [Pass(0)]
    entries: list[Entry] = [(m.KIND, m.args) for m in moves]
    return ActionSpace("Slow Freight", entries)
