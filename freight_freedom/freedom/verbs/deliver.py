"""``deliver PLANTATION``: where the Slave Market sends the next person of the bottom card.

The players choose, person by person, a plantation with an open space [FR-MKT-PHASE-1]; the
Lead Player enters the choice [FR-RULING-MARKET-CHOOSER]. The phase delivers without asking when
only one plantation has room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import _
from ...core.moves import Move
from ...core.say import say, shown
from ..context import Ctx
from ..events import PersonDelivered
from ..movement import room
from ..moves import Deliver
from ..state import FreedomState
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


def open_plantations(ctx: Ctx, st: FreedomState) -> list[str]:
    """Plantations with an open space, in map order."""
    return [p for p in ctx.board.plantations if room(ctx, st, p) > 0]


def deliver(ctx: Ctx, st: FreedomState, plantation: str, ev: list[Event]) -> None:
    """One person of the bottom Slave Market card goes to ``plantation``."""
    st.market[0] = st.market[0].with_people(st.market[0].people - 1)
    st.people[plantation] += 1
    if narrating(ev):
        ev.append(PersonDelivered(say("A person is delivered to {plantation}.",
                                      plantation=ctx.name(plantation)), plantation))


class DeliverVerb(Verb, move=Deliver, phases=("market",)):
    """The Slave Market phase's decision [FR-MKT-PHASE-1]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        out.extend(Deliver.action_for(seat, plantation=p) for p in open_plantations(ctx, st))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        deliver(ctx, st, Deliver.of(action).plantation, ev)

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, Deliver)
        # the market sends the person; the player only chooses where (FR-MKT-PHASE-1)
        return _("{who} chooses {plantation}: the Slave Market sends the next person "
                 "there").format(who=who, plantation=shown(game.ctx.name(move.plantation)))
