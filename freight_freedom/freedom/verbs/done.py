"""``done``: a player finishes the Planning turn, and the next player from the Lead Player
plans [FR-PLAN-1]."""

from __future__ import annotations

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import N_
from ...core.say import say
from ..context import Ctx
from ..events import SeatActs
from ..moves import DonePlanning
from ..state import FreedomState
from .base import Verb


class DoneVerb(Verb, move=DonePlanning, phases=("planning",), plain=N_("{who} is done planning")):
    """Be done planning; always legal in one's Planning turn."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        out.append(DonePlanning.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        if narrating(ev):
            ev.append(SeatActs(say("{who} is done planning.",
                                   who=say("Player {n}", n=action.seat + 1)), "FR-PLAN-1",
                               action.seat))
        st.turn_ctx.next_planning_turn(st.players)
