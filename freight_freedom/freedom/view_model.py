"""What a picture of a Freedom table shows, as plain typed data (``game.view_model()``).

The route map (:mod:`.view`) and the app's side panels are drawn from this and never read the
engine's state: one place says what the engine shows and what each number means.

>>> from freight_freedom import Freedom
>>> vm = Freedom(players=2, seed=1, roles=("Conductor", "Preacher")).view_model()
>>> vm.round, vm.phase, vm.period, vm.lead
(1, 'Slave Catcher', 1, 0)
>>> vm.freed, vm.lost, len(vm.market)
(0, 0, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from .board import Board
from .state import PHASE_NAMES

if TYPE_CHECKING:
    from .context import Ctx
    from .state import FreedomState


@dataclass(frozen=True, slots=True)
class MarketCardView:
    """A Slave Market card on display and the people waiting on it."""

    card: str
    people: int


@dataclass(frozen=True, slots=True)
class FreedomView:
    """The table of a game of Freedom at one moment.

    ``people`` counts every space of :attr:`board` (Canada included); ``catchers`` maps each
    Slave Catcher's colour to its space; ``market`` lists the cards on display, next delivery
    first. ``freed``/``freed_target`` and ``lost``/``lost_limit`` are the two tracks and the
    Victory Conditions card's numbers for this game.
    """

    board: Board
    people: Mapping[str, int]
    catchers: Mapping[str, str]
    market: tuple[MarketCardView, ...]
    freed: int
    freed_target: int
    lost: int
    lost_limit: int
    round: int
    phase: str
    period: int
    lead: int

    def catchers_at(self, space: str) -> tuple[str, ...]:
        """Colours of the Slave Catchers standing on ``space``, in catcher order."""
        return tuple(c for c, s in self.catchers.items() if s == space)


def view_of(ctx: Ctx, st: FreedomState) -> FreedomView:
    """The view-model of state ``st`` played with the components of ``ctx``."""
    people = {sid: 0 for sid in ctx.board.spaces}
    people.update(st.people)
    people.update(st.freed_at)
    return FreedomView(
        board=ctx.board,
        people=MappingProxyType(people),
        catchers=MappingProxyType(dict(st.catchers)),
        market=tuple(MarketCardView(c.card, c.people) for c in st.market),
        freed=st.freed,
        freed_target=ctx.freed_target(st),
        lost=st.lost,
        lost_limit=ctx.lost_limit(st),
        round=st.round,
        phase=PHASE_NAMES[st.phase],
        period=st.period,
        lead=st.lead,
    )
