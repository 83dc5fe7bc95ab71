"""``pass`` and ``end``: the close of an Action turn.

A player who has done nothing this turn may pass and take $3, $4 or $5 by period (less under an
Opposition card) [FR-ACT-7, FR-EFF-PASS-CUT]; a player who has done something ends the turn
[FR-ACT-1]. Either way the next player from the Lead Player takes a turn, with a fresh turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import N_, _
from ...core.say import say
from ..context import Ctx
from ..events import Passed, SeatActs
from ..moves import EndTurn, PassTurn
from ..prices import pass_income
from ..state import FreedomState
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


class PassVerb(Verb, move=PassTurn, phases=("action",)):
    """Pass for income: legal only before anything else was done this turn [FR-ACT-7]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if not st.turn_ctx.did_something:
            out.append(PassTurn.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        seat = action.seat
        income = pass_income(ctx, st)
        st.money[seat] += income
        if narrating(ev):
            ev.append(Passed(say("{who} passes and takes ${income}.",
                                 who=say("Player {n}", n=seat + 1), income=income),
                             seat, income))
        st.turn_ctx.next_action_turn(st.players)

    def seat_words(self, game: Freedom, seat: int, who: str) -> str | None:
        return _("{who} passes and takes ${income} income").format(
            who=who, income=pass_income(game.ctx, game.state))

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        return "FR-ACT-7", _("pass only when nothing else was done this turn (it pays "
                             "${income})").format(income=pass_income(ctx, st))


class EndVerb(Verb, move=EndTurn, phases=("action",), plain=N_("{who} ends the turn")):
    """End the turn: legal once something was done this turn [FR-ACT-1, FR-ACT-7]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if st.turn_ctx.did_something:
            out.append(EndTurn.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        if narrating(ev):
            ev.append(SeatActs(say("{who} ends their turn.",
                                   who=say("Player {n}", n=action.seat + 1)), "FR-ACT-1",
                               action.seat))
        st.turn_ctx.next_action_turn(st.players)

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        return "FR-ACT-7", _("you have done nothing this turn: pass to take income")
