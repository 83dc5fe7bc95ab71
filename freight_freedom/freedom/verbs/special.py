"""``special`` and ``call SEAT``: a Role card's one-time Special Ability.

A player uses it once per game, in the phase its text names, and the card turns to side II
[FR-ACT-3, FR-ROLE-3]; in the Action phase it counts as something done this turn [FR-ACT-7].
The Station Master's is used in another player's turn, at that player's call [FR-ROLE-SM].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import _
from ...core.moves import Move
from ...core.say import say, shown
from ..context import Ctx
from ..effect_kinds import queue_effects
from ..events import RoleUsed
from ..moves import CallStationMaster, UseSpecial
from ..state import FreedomState
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


def spent() -> tuple[str, str]:
    """Rule and reason: a Special Ability is used once per game, in its phase [FR-ROLE-3]."""
    return "FR-ROLE-3", _("the Special Ability is used once per game, in its phase")


def special_ready(ctx: Ctx, st: FreedomState, seat: int, phase: str) -> bool:
    """The seat's Special Ability is unused and is used in ``phase``."""
    return st.sides[seat] == 1 and ctx.roles[st.roles[seat]].special_phase == phase


def use_special(ctx: Ctx, st: FreedomState, seat: int, ev: list[Event]) -> None:
    """Use a Role card's one-time Special Ability and turn the card to side II [FR-ROLE-3]."""
    role = ctx.roles[st.roles[seat]]
    st.sides[seat] = 2
    if narrating(ev):
        ev.append(RoleUsed(say("{who} ({role}) uses the Special Ability: {text} The Role card "
                               "turns to side II.", who=say("Player {n}", n=seat + 1),
                               role=role.name, text=role.special_text), "FR-ROLE-3",
                           seat, role.name))
    queue_effects(st, seat, role.special, f"{role.name} Special Ability")


def station_master_seats(ctx: Ctx, st: FreedomState, seat: int) -> list[int]:
    """Seats whose Station Master Special Ability may be used in ``seat``'s turn [FR-ROLE-SM]."""
    players = st.players
    return [other for other in range(players)
            if (other != seat or players == 1) and special_ready(ctx, st, other, "other_turn")]


class SpecialVerb(Verb, move=UseSpecial, phases=("planning", "action")):
    """Use one's own Special Ability in the Planning or the Action phase [FR-ROLE-3]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if special_ready(ctx, st, seat, st.turn_ctx.phase):
            out.append(UseSpecial.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        if st.turn_ctx.phase == "action":
            st.turn_ctx.did_something = True
        use_special(ctx, st, action.seat, ev)

    def seat_words(self, game: Freedom, seat: int, who: str) -> str | None:
        role = game.state.roles[seat]
        return _("{who} uses the {role} Special Ability ({text})").format(
            who=who, role=shown(role), text=shown(game.ctx.roles[role].special_text))

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        return spent() if st.turn_ctx.phase == "action" else None


class CallVerb(Verb, move=CallStationMaster, phases=("action",)):
    """Ask the Station Master to use the Special Ability in one's Action turn [FR-ROLE-SM]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if not st.turn_ctx.safe_turn:
            for other in station_master_seats(ctx, st, seat):
                out.append(CallStationMaster.action_for(seat, other=other))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        st.turn_ctx.did_something = True
        use_special(ctx, st, CallStationMaster.of(action).other, ev)

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, CallStationMaster)
        if not 0 <= move.other < game.state.players:
            return None
        return _("{who} asks Player {n} (Station Master) to use the Special Ability: no Slave "
                 "Catchers for the rest of this turn").format(who=who, n=move.other + 1)

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        return spent()
