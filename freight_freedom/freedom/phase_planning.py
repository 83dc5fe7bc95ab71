"""Phase 2, Planning: one player at a time from the Lead Player, each buys up to 2 tokens.

Tokens come from the active Period Columns (the current period and the earlier ones)
[FR-PLAN-2]: Support tokens ($10) count toward victory and emptying a period's Support column
activates the next period at once [FR-PLAN-3]; Conductor tokens cost what is printed on them
(the Shepherd pays $1 less) [FR-PLAN-4]; Fundraising tokens are free [FR-PLAN-5]. Conductor and
Fundraising tokens are held on the player's mat and played in an Action Phase, this round or a
later one [FR-RULING-HELD-TOKENS]. When the last token of a Conductor stack (the grey one) is
bought, the stack is empty until that token is played and returns [FR-PLAN-6].
"""

from __future__ import annotations

from ..core.action import Action
from ..core.event import Event, narrating
from .actions import act
from .context import Ctx
from .effect_kinds import queue_effects
from .events import PhaseBegins, RoleUsed, SeatActs, TokenBought
from .moves import MOVES, BuySupport, BuyToken, DonePlanning, UseSpecial
from .prices import conductor_price, queue_modifiers, support_price
from .state import PHASE_NAMES, TOKENS_PER_PLANNING, FreedomState, HeldToken, StepResult
from .support import buy_support


def special_ready(ctx: Ctx, st: FreedomState, seat: int, phase: str) -> bool:
    """The seat's Special Ability is unused and is used in ``phase``."""
    return st.sides[seat] == 1 and ctx.roles[st.roles[seat]].special_phase == phase


def legal(ctx: Ctx, st: FreedomState) -> list[Action]:
    seat = st.turn
    out: list[Action] = []
    mods = queue_modifiers(ctx, st)
    if st.planning_taken < min(TOKENS_PER_PLANNING, mods["token_limit"]):
        money = st.money[seat]
        if st.support_left[st.period - 1] > 0 and money >= support_price(ctx, st):
            out.append(act(seat, "support"))
        for cs in ctx.tokens.conductor:
            if (cs.period <= st.period and st.stacks[cs.id] > 0
                    and money >= conductor_price(ctx, st, seat, cs.id, mods)):
                out.append(act(seat, "buy", cs.id))
        for fs in ctx.tokens.fundraising:
            if fs.period <= st.period and st.stacks[fs.id] > 0:
                out.append(act(seat, "buy", fs.id))
    if special_ready(ctx, st, seat, "planning"):
        out.append(act(seat, "special"))
    out.append(act(seat, "done"))
    return out


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    st.phase, st.step = "planning", "turn"
    st.turn, st.turns_done, st.planning_taken = st.lead, 0, 0
    if narrating(ev):
        ev.append(PhaseBegins(f"Round {st.round}: Planning phase, from Player "
                              f"{st.lead + 1}.", "FR-PLAN-1", st.round))


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    """Decide when the player whose turn it is has a real choice; skip players who have none."""
    if st.turns_done >= st.players:
        return "done"
    if len(legal(ctx, st)) > 1:
        return "decide"
    if narrating(ev):
        ev.append(SeatActs(f"Player {st.turn + 1} can buy no "
                           f"{'more tokens' if st.planning_taken else 'token'}.", "FR-PLAN-1",
                           st.turn))
    end_turn(st)
    return "continue"


def end_turn(st: FreedomState) -> None:
    st.turns_done += 1
    st.turn = (st.turn + 1) % st.players
    st.planning_taken = 0


def apply(ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
    seat = action.seat
    move = MOVES.read(action)
    if isinstance(move, DonePlanning):
        if narrating(ev):
            ev.append(SeatActs(f"Player {seat + 1} is done planning.", "FR-PLAN-1", seat))
        end_turn(st)
    elif isinstance(move, BuySupport):
        buy_support(ctx, st, seat, support_price(ctx, st), ev, "FR-PLAN-3")
        st.planning_taken += 1
    elif isinstance(move, BuyToken):
        stack = move.stack
        why = ""
        if ctx.stack_kind[stack] == "conductor":
            price = conductor_price(ctx, st, seat, stack)
            label = f"Conductor token ({ctx.conductor(stack).label})"
            rule = "FR-PLAN-4"
            surcharge = queue_modifiers(ctx, st)["conductor_cost"]
            role = ctx.roles[st.roles[seat]]
            discount = role.side(st.sides[seat]).passive_amount("conductor_discount")
            notes = [f"+${surcharge} Opposition card in the Queue"] if surcharge else []
            notes += [f"-${discount} {role.name}"] if discount else []
            why = f" ({', '.join(notes)})" if notes else ""
        else:
            price = 0
            label = "Fundraising token"
            rule = "FR-PLAN-5"
        grey = st.stacks[stack] == 1 and ctx.stack_kind[stack] == "conductor"
        st.stacks[stack] -= 1
        st.money[seat] -= price
        st.held[seat].append(HeldToken(stack, grey))
        st.planning_taken += 1
        if narrating(ev):
            ev.append(TokenBought(f"Player {seat + 1} buys a{' grey' if grey else ''} {label} "
                                  f"for ${price}{why}.", rule, seat, stack, price, grey))
    elif isinstance(move, UseSpecial):
        use_special(ctx, st, seat, ev)
    else:  # pragma: no cover - legal_actions guards this
        raise ValueError(f"not a {PHASE_NAMES['planning']} action: {action}")


def use_special(ctx: Ctx, st: FreedomState, seat: int, ev: list[Event]) -> None:
    """Use a Role card's one-time Special Ability and turn the card to side II [FR-ROLE-3]."""
    role = ctx.roles[st.roles[seat]]
    st.sides[seat] = 2
    if narrating(ev):
        ev.append(RoleUsed(f"Player {seat + 1} ({role.name}) uses the Special Ability: "
                           f"{role.special_text} The Role card turns to side II.", "FR-ROLE-3",
                           seat, role.name))
    queue_effects(st, seat, role.special, f"{role.name} Special Ability")
