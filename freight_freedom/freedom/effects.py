"""How each effect kind resolves: one small registered function per kind.

Resolving a card appends its effects, tagged with the seat and source, to ``state.effects``
(:func:`.effect_kinds.queue_effects`); the engine runs them in order with :func:`run_effect`. An
effect that needs a decision (which person moves where, which catcher, which Queue card) pushes
a :mod:`decision <.decisions>` onto ``state.pending`` and the engine waits for the matching
action; the rest of the card waits behind it. The vocabulary (rule IDs, parameters) is declared
in :mod:`.effect_kinds`; the Opposition kinds that hold while their card is in the Queue are read
by :func:`.prices.queue_modifiers`, not run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.event import Event, Note, narrating
from .context import Ctx
from .decisions import CaptureChoice, CatcherMove, Move, QueueRemove, SupportOffer, settle
from .effect_kinds import KINDS, QUEUE, ScheduledEffect
from .events import (
    CatcherIdle,
    EveryoneMoney,
    MarketAdded,
    MarketRemoved,
    MoneyChanged,
    RollReduced,
    SeatActs,
    TokenRemoved,
)
from .movement import add_lost, move_catcher
from .prices import region_people, support_price
from .state import FreedomState, Roll

Resolver = Callable[[Ctx, FreedomState, ScheduledEffect, str, list[Event]], None]
#: The function that resolves each kind that runs (all but the Queue modifiers).
RESOLVERS: dict[str, Resolver] = {}


def resolves(*kinds: str) -> Callable[[Resolver], Resolver]:
    """Register the decorated function as the resolver of ``kinds`` (declared in KINDS)."""
    def register(fn: Resolver) -> Resolver:
        for kind in kinds:
            assert kind in KINDS and kind not in RESOLVERS, kind
            RESOLVERS[kind] = fn
        return fn
    return register


def run_effect(ctx: Ctx, st: FreedomState, item: ScheduledEffect, ev: list[Event]) -> None:
    """Resolve one scheduled effect (see the module docstring)."""
    resolver = RESOLVERS.get(item.kind)
    if resolver is None:
        raise ValueError(f"effect kind {item.kind!r} cannot be run")
    resolver(ctx, st, item, KINDS[item.kind].rule, ev)


def _who(item: ScheduledEffect) -> str:
    return f"Player {item.seat + 1}"


def _people(n: int) -> str:
    return f"{n} {'person' if n == 1 else 'people'}"


@resolves("money")
def _money(ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]) -> None:
    amount = int(item["amount"])
    st.money[item.seat] += amount
    if narrating(ev):
        ev.append(MoneyChanged(f"{_who(item)} gains ${amount} ({item.source}).", rule,
                               item.seat, amount))


@resolves("money_each", "money_loss_each")
def _money_every_player(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    """``money_each``: every player gains ``amount``; ``money_loss_each``: loses up to it."""
    amount = int(item["amount"])
    gain = item.kind == "money_each"
    for s in range(st.players):
        st.money[s] += amount if gain else -min(st.money[s], amount)
    what = "gains" if gain else "loses up to"
    if narrating(ev):
        ev.append(EveryoneMoney(f"Every player {what} ${amount} ({item.source}).", rule, amount))


@resolves("move", "move_to")
def _move(ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]) -> None:
    to = item.get("destination")
    move = Move(item.seat, item.source, left=int(item["people"]),
                spaces=int(item.get("spaces", 0)),
                safe=bool(item.get("safe", item.kind == "move_to")),
                origin=str(item.get("origin", "any")), to=None if to is None else str(to))
    if move.exhausted(ctx, st):
        if narrating(ev):
            ev.append(SeatActs(f"No one can be moved ({item.source}).", rule, item.seat))
        return
    st.pending.append(move)
    if move.to:
        what = f"up to {_people(move.left)} from the plantations to {ctx.name(move.to)}"
    else:
        what = (f"up to {_people(move.left)} up to {move.spaces} "
                f"space{'s' if move.spaces != 1 else ''} each")
    if narrating(ev):
        ev.append(SeatActs(f"{_who(item)} may move {what} ({item.source}).", rule, item.seat))


@resolves("support_discount")
def _support_discount(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    seat = item.seat
    price = max(0, support_price(ctx, st) - int(item["amount"]))
    if st.support_left[st.period - 1] > 0 and st.money[seat] >= price:
        st.pending.append(SupportOffer(seat, item.source, price=price))
    elif st.support_left[st.period - 1] == 0:
        if narrating(ev):
            ev.append(SeatActs(f"No Support token is left in the active period ({item.source}).",
                               rule, seat))
    else:
        if narrating(ev):
            ev.append(SeatActs(f"{_who(item)} has ${st.money[seat]}: not enough for a Support "
                               f"token at ${price} ({item.source}).", rule, seat))


@resolves("fundraise")
def _fundraise(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    region = str(item["region"])
    n = region_people(ctx, st, region)
    amount = n * int(item["per_person"])
    st.money[item.seat] += amount
    where = "southern spaces" if region == "south" else "northern cities"
    if narrating(ev):
        ev.append(MoneyChanged(f"{_who(item)} raises ${amount} from {_people(n)} in the {where} "
                               f"({item.source}).", rule, item.seat, amount))


@resolves("market_remove", "market_remove_each")
def _market_remove(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    """``market_remove``: ``count`` people in all, from the bottom card up;
    ``market_remove_each``: ``count`` from every card."""
    each = item.kind == "market_remove_each"
    left = int(item.get("count", 1))
    removed = 0
    for i, card in enumerate(st.market):
        take = min(left, card.people)
        if take:
            st.market[i] = card.with_people(card.people - take)
        removed += take
        if not each:
            left -= take
    st.supply += removed
    if each:
        text = f"{_who(item)} takes {_people(removed)} off the Slave Market cards"
    else:
        text = (f"{removed} {'person is' if removed == 1 else 'people are'} taken off the "
                "Slave Market cards")
    if narrating(ev):
        ev.append(MarketRemoved(f"{text} ({item.source}).", rule, removed))


@resolves("market_add")
def _market_add(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    count = min(int(item["count"]), st.supply)
    if st.market and count:
        st.market[0] = st.market[0].with_people(st.market[0].people + count)
        st.supply -= count
        if narrating(ev):
            ev.append(MarketAdded(f"{count} people are added to the bottom Slave Market card "
                                  f"({item.source}).", rule, count))
    else:
        if narrating(ev):
            ev.append(Note(f"No one is added to the Slave Market ({item.source}).", rule))


@resolves("catcher_move")
def _catcher_move(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    st.pending.append(CatcherMove(item.seat, item.source, spaces=int(item["spaces"])))


@resolves("queue_remove")
def _queue_remove(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    if any(c is not None for c in st.queue):
        st.pending.append(QueueRemove(item.seat, item.source, left=int(item["count"])))


@resolves("cancel_catcher_roll", "reduce_catcher_roll")
def _change_roll(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    roll = st.last_roll
    if roll is None or roll.catcher is None:
        if narrating(ev):
            ev.append(Note(f"{item.source} has nothing to change.", rule))
    elif item.kind == "cancel_catcher_roll":
        st.last_roll = Roll(roll.catcher, roll.direction, 0, roll.triple, cancelled=True)
        if narrating(ev):
            ev.append(SeatActs(f"{_who(item)} plays {item.source}: the {roll.catcher} Slave "
                               "Catcher does not move this round.", rule, item.seat))
    else:
        by = int(item["by"])
        st.last_roll = Roll(roll.catcher, roll.direction, max(0, roll.spaces - by), roll.triple,
                            cancelled=roll.cancelled)
        if narrating(ev):
            ev.append(RollReduced(f"{_who(item)} plays {item.source}: the {roll.catcher} Slave "
                                  f"Catcher moves {by} fewer.", rule, item.seat, by))


@resolves("capture_near_catchers")
def _capture_near(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    st.pending.append(CaptureChoice(item.seat, item.source, left=int(item["count"])))
    settle(ctx, st, ev)


@resolves("catchers_advance")
def _catchers_advance(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    for colour in ctx.paths:
        if st.turn_ctx.phase == "over":
            return
        advance_catcher(ctx, st, colour, int(item["spaces"]), ev, item.source)


@resolves("lost_add")
def _lost_add(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    count = min(int(item["count"]), st.supply)
    st.supply -= count
    add_lost(ctx, st, count, ev, rule)


@resolves("token_remove")
def _token_remove(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    for _ in range(int(item["count"])):
        stacks = [cs for cs in ctx.tokens.conductor
                  if cs.period == st.period and st.stacks[cs.id] > 1]
        if not stacks:
            break
        cs = min(stacks, key=lambda c: (c.cost, c.id))
        st.stacks[cs.id] -= 1
        st.tokens_removed.append(cs.id)
        if narrating(ev):
            ev.append(TokenRemoved(f"A Conductor token ({token_label(cs)}) leaves the game "
                                   f"({item.source}).", rule, cs.id))


@resolves("catcher_cut")
def _catcher_cut(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    st.turn_ctx.cut_armed = True
    if narrating(ev):
        ev.append(SeatActs(
            "The Station Master watches the roads: the next Slave Catcher that "
            "would capture someone in this Action Phase stays put.", rule, item.seat))


@resolves("safe_turn")
def _safe_turn(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    st.turn_ctx.safe_turn = True
    if narrating(ev):
        ev.append(SeatActs(f"For the rest of Player {st.turn_ctx.seat + 1}'s turn, moves "
                           f"trigger no Slave Catchers ({item.source}).", rule, item.seat))


def token_label(cs: Any) -> str:
    return f"{cs.people} x {cs.spaces}, ${cs.cost}"


def advance_catcher(
    ctx: Ctx, st: FreedomState, colour: str, spaces: int, ev: list[Event], source: str
) -> None:
    """Move a catcher up to ``spaces`` toward the nearest person on its path (west wins ties)."""
    here = st.catchers[colour]
    idx = ctx.path_index[colour]
    i = idx[here]
    best: tuple[int, int] | None = None
    for s, j in idx.items():
        if st.people[s] and s != here:
            key = (abs(j - i), j)
            if best is None or key < best:
                best = key
    if best is None:
        if narrating(ev):
            ev.append(CatcherIdle(f"The {colour} Slave Catcher sees no one on its path ({source}).",
                                  colour))
        return
    j = best[1]
    step = min(spaces, abs(j - i))
    dest = ctx.paths[colour][i + step if j > i else i - step]
    move_catcher(ctx, st, colour, dest, ev, "FR-EFF-CATCHERS-ADVANCE", f" ({source})")


#: Every kind that runs has its resolver; the Queue modifiers and passives do not run.
_UNRESOLVED = {k for k, spec in KINDS.items() if QUEUE not in spec.uses
               and "passive" not in spec.uses} - set(RESOLVERS)
assert not _UNRESOLVED, f"effect kinds without a resolver: {sorted(_UNRESOLVED)}"
