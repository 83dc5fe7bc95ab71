"""Phase 3, Action: from the Lead Player, each player takes a whole turn.

In a turn a player may, in any order: take the Role Benefit once [FR-ACT-2], use the Special
Ability once per game [FR-ACT-3], play up to 2 held Conductor or Fundraising tokens [FR-ACT-4],
buy 1 Abolitionist card at its Queue position's price [FR-ACT-5] and play a held Reserve card
[FR-CARD-RESERVE]. Alternatively, a player who has done nothing this turn may pass and take $3,
$4 or $5 by period [FR-ACT-7]. Every step is an atomic action, one verb each (see
:mod:`.verbs`); a token's movement continues as ``move`` decisions until its people are used up
or the player stops [FR-MOVE-1..2].
"""

from __future__ import annotations

from ..core.event import Event, narrating
from ..core.say import say
from .context import Ctx
from .events import PhaseBegins
from .state import FreedomState, StepResult
from .text import player
from .verbs import named

#: The verbs of an Action turn, in the order its choices are listed.
OFFERED = named("benefit", "special", "call", "play", "card", "reserve", "pass", "end")


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    turn = st.turn_ctx
    turn.phase, turn.step = "action", "turn"
    turn.seat, turn.turns_done = st.lead, 0
    turn.new_action_turn()
    if narrating(ev):
        ev.append(PhaseBegins(say("Round {round}: Action phase, from {who}.", round=st.round,
                                  who=player(st.lead)), "FR-ACT-1", st.round))


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    if st.turn_ctx.turns_done >= st.players:
        st.turn_ctx.cut_armed = False
        return "done"
    return "decide"
