"""``done``: a player finishes the Planning turn, and the next player from the Lead Player
plans [FR-PLAN-1]."""

from __future__ import annotations

from ...core.action import Action
from ...core.event import Event, narrating
from ..context import Ctx
from ..events import SeatActs
from ..moves import DonePlanning
from ..state import FreedomState
from .base import Verb


class DoneVerb(Verb, move=DonePlanning, phases=("planning",), plain="is done planning"):
    """Be done planning; always legal in one's Planning turn."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        out.append(DonePlanning.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        if narrating(ev):
            ev.append(SeatActs(f"Player {action.seat + 1} is done planning.", "FR-PLAN-1",
                               action.seat))
        st.turn_ctx.next_planning_turn(st.players)
