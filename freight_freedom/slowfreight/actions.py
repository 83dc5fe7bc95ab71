"""The Slow Freight actions as shared, prebuilt :class:`~freight_freedom.core.Action` values.

``legal_actions()`` runs once per decision, so building and validating fresh Action objects each
time would dominate a simulation. Actions are immutable, so :class:`ActionTable` makes every
possible one once (per table size), built from its typed move (so its reading is already set),
and every game shares them; lookups are plain list indexing.

Notation (SF-RULING-16): ``s:loco``, ``s:take SLOT TRAIN``, ``s:stop``, ``s:move TRAIN``,
``s:pass``; trains are named ``t1``, ``t2``, ... (SF-RULING-21).
"""

from __future__ import annotations

from functools import cache

from .moves import BringLoco, MoveTrain, Pass, StopTaking, Take

KINDS = ("loco", "take", "stop", "move", "pass")
MAX_SEATS = 4


class ActionTable:
    """Every action of a game with ``slots`` face-up slots and at most ``trains`` trains.

    ``take[seat][slot][train_id]``, ``move[seat][train_id]``, ``loco[seat]``, ``stop[seat]``,
    ``pass_[seat]`` (train ids start at 1; index 0 is unused).
    """

    __slots__ = ("loco", "move", "pass_", "stop", "take")

    def __init__(self, slots: int, trains: int) -> None:
        seats = range(MAX_SEATS)
        ids = range(trains + 1)
        self.loco = [BringLoco(s).action() for s in seats]
        self.stop = [StopTaking(s).action() for s in seats]
        self.pass_ = [Pass(s).action() for s in seats]
        self.move = [[MoveTrain(s, f"t{i}").action() for i in ids] for s in seats]
        self.take = [[[Take(s, slot, f"t{i}").action() for i in ids] for slot in range(slots)]
                     for s in seats]

    def __deepcopy__(self, memo: dict[int, object]) -> ActionTable:
        return self  # immutable values: shared by every copy of every game


@cache
def action_table(slots: int, trains: int) -> ActionTable:
    """The shared table for this many face-up slots and trains (built once)."""
    return ActionTable(slots, trains)
