"""Phase 3, Action: from the Lead Player, each player takes a whole turn.

In a turn a player may, in any order: take the Role Benefit once [FR-ACT-2], use the Special
Ability once per game [FR-ACT-3], play up to 2 held Conductor or Fundraising tokens [FR-ACT-4],
buy 1 Abolitionist card at its Queue position's price [FR-ACT-5] and play a held Reserve card
[FR-CARD-RESERVE]. Alternatively, a player who has done nothing this turn may pass and take $3,
$4 or $5 by period [FR-ACT-7]. Every step is an atomic action; a token's movement continues as
``move`` decisions until its people are used up or the player stops [FR-MOVE-1..2].
"""

from __future__ import annotations

from ..core.action import Action
from ..core.event import Event, narrating
from .actions import act
from .context import Ctx
from .effect_kinds import queue_effects
from .events import (
    CardBought,
    CardResolved,
    FundsRaised,
    Passed,
    PhaseBegins,
    ReserveCard,
    RoleUsed,
    SeatActs,
    TokenPlayed,
)
from .moves import (
    MOVES,
    BuyCard,
    CallStationMaster,
    EndTurn,
    PassTurn,
    PlayReserve,
    PlayToken,
    TakeBenefit,
    UseSpecial,
)
from .phase_planning import special_ready, use_special
from .prices import card_price, pass_income, queue_modifiers, region_people
from .state import TOKENS_PER_TURN, FreedomState, StepResult


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    st.phase, st.step = "action", "turn"
    st.turn, st.turns_done = st.lead, 0
    reset_turn(st)
    if narrating(ev):
        ev.append(PhaseBegins(f"Round {st.round}: Action phase, from Player {st.lead + 1}.",
                              "FR-ACT-1", st.round))


def reset_turn(st: FreedomState) -> None:
    st.tokens_played = 0
    st.card_bought = False
    st.benefit_used = False
    st.did_something = False
    st.safe_turn = False


def station_master_seats(ctx: Ctx, st: FreedomState, seat: int) -> list[int]:
    """Seats whose Station Master Special Ability may be used in ``seat``'s turn [FR-ROLE-SM]."""
    out = []
    for other in range(st.players):
        if not special_ready(ctx, st, other, "other_turn"):
            continue
        if other != seat or st.players == 1:
            out.append(other)
    return out


def legal(ctx: Ctx, st: FreedomState) -> list[Action]:
    seat = st.turn
    out: list[Action] = []
    side = ctx.roles[st.roles[seat]].side(st.sides[seat])
    if not st.benefit_used and side.benefit:
        out.append(act(seat, "benefit"))
    if special_ready(ctx, st, seat, "action"):
        out.append(act(seat, "special"))
    if not st.safe_turn:
        for other in station_master_seats(ctx, st, seat):
            out.append(act(seat, "call", other))
    if st.tokens_played < TOKENS_PER_TURN:
        seen = set()
        for token in st.held[seat]:
            stack = token.stack
            if stack not in seen:
                seen.add(stack)
                out.append(act(seat, "play", stack))
                kinds = {h.grey for h in st.held[seat] if h.stack == stack}
                if kinds == {True, False}:  # both held: the player chooses [FR-RULING-GREY-CHOICE]
                    out.append(act(seat, "play", stack, "grey"))
    if not st.card_bought:
        money = st.money[seat]
        for pos, cid in enumerate(st.queue):
            if cid is None or not ctx.card_by_id[cid].purchasable:
                continue
            if money >= card_price(ctx, st, seat, pos):
                out.append(act(seat, "card", pos + 1))
    cid = st.reserve[seat]
    if cid is not None and ctx.card_by_id[cid].timing == "action":
        out.append(act(seat, "reserve"))
    out.append(act(seat, "end" if st.did_something else "pass"))
    return out


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    if st.turns_done >= st.players:
        st.cut_armed = False
        return "done"
    return "decide"


def end_turn(st: FreedomState) -> None:
    st.turns_done += 1
    st.turn = (st.turn + 1) % st.players
    reset_turn(st)


def play_token(
    ctx: Ctx, st: FreedomState, seat: int, stack: str, ev: list[Event], *, grey: bool = False
) -> None:
    """Play a held token: a Conductor token starts a movement, a Fundraising token pays.

    ``play STACK`` spends an ordinary token of the stack if the player holds one (else the grey
    one); ``play STACK grey`` plays the grey one, which returns to the board
    [FR-RULING-GREY-CHOICE].
    """
    held = st.held[seat]
    entries = [i for i, h in enumerate(held) if h.stack == stack]
    idx = next((i for i in entries if held[i].grey == grey), entries[0])
    grey = held.pop(idx).grey
    st.tokens_played += 1
    who = f"Player {seat + 1}"
    if ctx.stack_kind[stack] == "conductor":
        cs = ctx.conductor(stack)
        if grey:
            st.stacks[stack] += 1
            note = " The grey token returns to the token board."
        else:
            st.tokens_spent.append(stack)
            note = ""
        if narrating(ev):
            ev.append(TokenPlayed(f"{who} plays a Conductor token ({cs.label}).{note}",
                                  seat, stack, grey))
        queue_effects(st, seat, [{"kind": "move", "people": cs.people, "spaces": cs.spaces,
                                  "safe": False, "origin": "any"}],
                      f"Conductor token {cs.label}", front=True)
    else:
        fs = ctx.fundraising(stack)
        st.tokens_spent.append(stack)
        n = region_people(ctx, st, fs.region)
        role = ctx.roles[st.roles[seat]]
        bonus = role.side(st.sides[seat]).passive_amount("fundraising_bonus")
        cut = queue_modifiers(ctx, st)["fundraising_cut"]
        amount = max(0, n * fs.per_person + bonus - cut)
        st.money[seat] += amount
        where = "green southern spaces" if fs.region == "south" else "blue northern cities"
        if fs.region == "south" and st.options.get("fundraising_cities_only"):
            where = "green southern cities"
        extra = f" (+${bonus} {role.name})" if bonus else ""
        extra += f" (-${cut} Opposition)" if cut else ""
        people = f"{n} {'person' if n == 1 else 'people'}"
        if narrating(ev):
            ev.append(FundsRaised(f"{who} plays a Fundraising token: {people} in the {where} "
                                  f"raise{'s' if n == 1 else ''} ${amount}{extra}.",
                                  seat, amount, n))


def buy_card(ctx: Ctx, st: FreedomState, seat: int, pos: int, ev: list[Event]) -> None:
    """Buy the Queue card at 0-based ``pos`` and resolve it by its kind [FR-CARD-5..7]."""
    cid = st.queue[pos]
    assert cid is not None
    card = ctx.card_by_id[cid]
    price = card_price(ctx, st, seat, pos)
    st.money[seat] -= price
    st.queue[pos] = None
    st.card_bought = True
    who = f"Player {seat + 1}"
    if narrating(ev):
        ev.append(CardBought(f"{who} buys {card.name} from Queue position {pos + 1} for "
                             f"${price}.", seat, cid, price))
    if card.kind == "general":
        st.discard.append(cid)
        queue_effects(st, seat, card.effects, card.name, front=True)
    elif card.kind == "reserve":
        old = st.reserve[seat]
        if old is not None:
            st.discard.append(old)
            if narrating(ev):
                ev.append(ReserveCard(f"{who} discards the Reserve card "
                                      f"{ctx.card_by_id[old].name} without effect.", seat, old))
        st.reserve[seat] = cid
        if narrating(ev):
            ev.append(ReserveCard(f"{who} keeps {card.name} on their mat for later.", seat, cid))
    else:
        st.discard.append(cid)
        if card.trigger == "bought":
            if narrating(ev):
                ev.append(CardResolved(f"Buying {card.name} sets off its effect.", "FR-CARD-7",
                                       cid))
            queue_effects(st, seat, card.effects, card.name, front=True)
        else:
            if narrating(ev):
                ev.append(CardResolved(f"{card.name} leaves the Queue and its effect ends.",
                                       "FR-CARD-7", cid))


def apply(ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
    seat = action.seat
    who = f"Player {seat + 1}"
    move = MOVES.read(action)
    if isinstance(move, PassTurn):
        income = pass_income(ctx, st)
        st.money[seat] += income
        if narrating(ev):
            ev.append(Passed(f"{who} passes and takes ${income}.", seat, income))
        end_turn(st)
        return
    if isinstance(move, EndTurn):
        if narrating(ev):
            ev.append(SeatActs(f"{who} ends their turn.", "FR-ACT-1", seat))
        end_turn(st)
        return
    st.did_something = True
    match move:
        case TakeBenefit():
            role = ctx.roles[st.roles[seat]]
            st.benefit_used = True
            if narrating(ev):
                ev.append(RoleUsed(f"{who} takes the {role.name}'s Benefit.", "FR-ACT-2", seat,
                                   role.name))
            queue_effects(st, seat, role.side(st.sides[seat]).benefit, f"{role.name} Benefit")
        case UseSpecial():
            use_special(ctx, st, seat, ev)
        case CallStationMaster(other=other):
            use_special(ctx, st, other, ev)
        case PlayToken(stack=stack, grey=grey):
            play_token(ctx, st, seat, stack, ev, grey=grey)
        case BuyCard():
            buy_card(ctx, st, seat, move.index, ev)
        case PlayReserve():
            cid = st.reserve[seat]
            assert cid is not None
            card = ctx.card_by_id[cid]
            st.reserve[seat] = None
            st.discard.append(cid)
            if narrating(ev):
                ev.append(ReserveCard(f"{who} plays the Reserve card {card.name}.", seat, cid))
            queue_effects(st, seat, card.effects, card.name, front=True)
        case _:  # pragma: no cover - legal_actions guards this
            raise ValueError(f"not an Action-phase action: {action}")
