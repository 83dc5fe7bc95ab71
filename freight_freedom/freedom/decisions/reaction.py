"""``reaction``: a player holding a Reserve card that answers the Slave Catcher roll may play it
before the catcher moves, or keep it [FR-CARD-6]. One decision per holder, from the Lead Player."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import _
from ...core.say import say
from ..context import Ctx
from ..effect_kinds import queue_effects
from ..events import SeatActs
from ..moves import MOVES, Decline, PlayReserve
from ..state import FreedomState
from .base import Decision


@dataclass(frozen=True)
class Reaction(Decision, kind="reaction", rule="FR-CARD-6"):
    """Play the Reserve card ``source`` (a card id) against the roll, or keep it."""


    def choices(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        return [PlayReserve.action_for(self.seat), Decline.action_for(self.seat)]

    def choose(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        st.pending.pop()
        seat = self.seat
        if isinstance(MOVES.read(action), Decline):
            if narrating(ev):
                ev.append(SeatActs(say("{who} keeps their Reserve card.",
                                       who=say("Player {n}", n=seat + 1)), self.rule, seat))
            return
        cid = st.reserve[seat]
        assert cid is not None and cid == self.source
        card = ctx.card_by_id[cid]
        st.reserve[seat] = None
        st.discard.append(cid)
        queue_effects(st, seat, card.effects, card.name, front=True)

    def prompt(self, ctx: Ctx) -> str:
        return _("play your Reserve card against the Slave Catcher roll, or decline")

    def describe(self, ctx: Ctx, st: FreedomState, action: Action, who: str) -> str | None:
        declines = isinstance(MOVES.get(action), Decline)
        return _("{who} keeps the Reserve card for later").format(who=who) if declines else None
