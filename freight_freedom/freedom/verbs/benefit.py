"""``benefit``: take one's Role card's Benefit, once per Action turn [FR-ACT-2]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import _
from ...core.say import say, shown
from ..context import Ctx
from ..effect_kinds import queue_effects
from ..events import RoleUsed
from ..moves import TakeBenefit
from ..state import FreedomState
from ..text import benefit_words
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


class BenefitVerb(Verb, move=TakeBenefit, phases=("action",)):
    """The Benefit of the side face up, if that side has one."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if not st.turn_ctx.benefit_used and ctx.roles[st.roles[seat]].side(st.sides[seat]).benefit:
            out.append(TakeBenefit.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        seat = action.seat
        st.turn_ctx.did_something = True
        role = ctx.roles[st.roles[seat]]
        st.turn_ctx.benefit_used = True
        if narrating(ev):
            ev.append(RoleUsed(say("{who} takes the {role}'s Benefit.",
                                   who=say("Player {n}", n=seat + 1), role=role.name),
                               "FR-ACT-2", seat, role.name))
        queue_effects(st, seat, role.side(st.sides[seat]).benefit, f"{role.name} Benefit")

    def seat_words(self, game: Freedom, seat: int, who: str) -> str | None:
        st = game.state
        role = st.roles[seat]
        return _("{who} takes the {role} Benefit ({benefit})").format(
            who=who, role=shown(role), benefit=benefit_words(game.ctx, role, st.sides[seat]))

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        return "FR-ACT-2", _("the Role Benefit is used once per turn")
