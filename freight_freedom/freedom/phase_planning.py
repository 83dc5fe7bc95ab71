"""Phase 2, Planning: one player at a time from the Lead Player, each buys up to 2 tokens.

Tokens come from the active Period Columns (the current period and the earlier ones)
[FR-PLAN-2]: Support tokens ($10) count toward victory and emptying a period's Support column
activates the next period at once [FR-PLAN-3]; Conductor tokens cost what is printed on them
(the Shepherd pays $1 less) [FR-PLAN-4]; Fundraising tokens are free [FR-PLAN-5]. Conductor and
Fundraising tokens are held on the player's mat and played in an Action Phase, this round or a
later one [FR-RULING-HELD-TOKENS]. When the last token of a Conductor stack (the grey one) is
bought, the stack is empty until that token is played and returns [FR-PLAN-6]. A Role whose
Special Ability is used in this phase may use it here. Each of these is a verb
(:mod:`.verbs.tokens`, :mod:`.verbs.special`, :mod:`.verbs.done`).
"""

from __future__ import annotations

from ..core.event import Event, narrating
from ..core.say import say
from .context import Ctx
from .events import PhaseBegins, SeatActs
from .state import FreedomState, StepResult
from .text import player
from .verbs import named, offers_any

#: The verbs of a Planning turn that are a real choice: buying tokens, the Special Ability.
CHOICES = named("support", "buy", "special")
#: The verbs of a Planning turn, in the order its choices are listed (``done`` always is).
OFFERED = (*CHOICES, *named("done"))


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    turn = st.turn_ctx
    turn.phase, turn.step = "planning", "turn"
    turn.seat, turn.turns_done, turn.planning_taken = st.lead, 0, 0
    if narrating(ev):
        ev.append(PhaseBegins(say("Round {round}: Planning phase, from {who}.", round=st.round,
                                  who=player(st.lead)), "FR-PLAN-1", st.round))


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    """Decide when the player whose turn it is has a real choice; skip players who have none."""
    turn = st.turn_ctx
    if turn.turns_done >= st.players:
        return "done"
    if offers_any(ctx, st, turn.seat, CHOICES):  # more than being done
        return "decide"
    if narrating(ev):
        ev.append(SeatActs(say("{who} can buy no more tokens.", who=player(turn.seat))
                           if turn.planning_taken else
                           say("{who} can buy no token.", who=player(turn.seat)), "FR-PLAN-1",
                           turn.seat))
    turn.next_planning_turn(st.players)
    return "continue"
