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
from ..core.say import Say, say, say_n
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
from .text import colour_words, people, player, source_words, spaces

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


def _who(item: ScheduledEffect) -> Say:
    return player(item.seat)


@resolves("money")
def _money(ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]) -> None:
    amount = int(item["amount"])
    st.money[item.seat] += amount
    if narrating(ev):
        ev.append(MoneyChanged(say("{who} gains ${amount} ({source}).", who=_who(item),
                                   amount=amount, source=source_words(item.source)),
                               rule, item.seat, amount))


@resolves("money_each", "money_loss_each")
def _money_every_player(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    """``money_each``: every player gains ``amount``; ``money_loss_each``: loses up to it."""
    amount = int(item["amount"])
    gain = item.kind == "money_each"
    for s in range(st.players):
        st.money[s] += amount if gain else -min(st.money[s], amount)
    if narrating(ev):
        source = source_words(item.source)
        ev.append(EveryoneMoney(
            say("Every player gains ${amount} ({source}).", amount=amount, source=source) if gain
            else say("Every player loses up to ${amount} ({source}).", amount=amount,
                     source=source), rule, amount))


@resolves("move", "move_to")
def _move(ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]) -> None:
    to = item.get("destination")
    move = Move(item.seat, item.source, left=int(item["people"]),
                spaces=int(item.get("spaces", 0)),
                safe=bool(item.get("safe", item.kind == "move_to")),
                origin=str(item.get("origin", "any")), to=None if to is None else str(to))
    if move.exhausted(ctx, st):
        if narrating(ev):
            ev.append(SeatActs(say("No one can be moved ({source}).",
                                   source=source_words(item.source)), rule, item.seat))
        return
    st.pending.append(move)
    if narrating(ev):
        source = source_words(item.source)
        if move.to:
            words = say("{who} may move up to {people} from the plantations to {dest} "
                        "({source}).", who=_who(item), people=people(move.left),
                        dest=ctx.name(move.to), source=source)
        else:
            words = say("{who} may move up to {people} up to {spaces} each ({source}).",
                        who=_who(item), people=people(move.left), spaces=spaces(move.spaces),
                        source=source)
        ev.append(SeatActs(words, rule, item.seat))


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
            ev.append(SeatActs(say("No Support token is left in the active period ({source}).",
                                   source=source_words(item.source)), rule, seat))
    else:
        if narrating(ev):
            ev.append(SeatActs(say("{who} has ${money}: not enough for a Support token at "
                                   "${price} ({source}).", who=_who(item), money=st.money[seat],
                                   price=price, source=source_words(item.source)),
                               rule, seat))


@resolves("fundraise")
def _fundraise(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    region = str(item["region"])
    n = region_people(ctx, st, region)
    amount = n * int(item["per_person"])
    st.money[item.seat] += amount
    if narrating(ev):
        facts = {"who": _who(item), "amount": amount, "people": people(n),
                 "source": source_words(item.source)}
        words = (say("{who} raises ${amount} from {people} in the southern spaces ({source}).",
                     **facts) if region == "south" else
                 say("{who} raises ${amount} from {people} in the northern cities ({source}).",
                     **facts))
        ev.append(MoneyChanged(words, rule, item.seat, amount))


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
    if narrating(ev):
        source = source_words(item.source)
        if each:
            words = say("{who} takes {people} off the Slave Market cards ({source}).",
                        who=_who(item), people=people(removed), source=source)
        else:
            words = say_n("{n} person is taken off the Slave Market cards ({source}).",
                          "{n} people are taken off the Slave Market cards ({source}).", removed,
                          source=source)
        ev.append(MarketRemoved(words, rule, removed))


@resolves("market_add")
def _market_add(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    count = min(int(item["count"]), st.supply)
    if st.market and count:
        st.market[0] = st.market[0].with_people(st.market[0].people + count)
        st.supply -= count
        if narrating(ev):
            # TRANSLATORS: the English says "people" even for one person
            ev.append(MarketAdded(say_n("{n} people are added to the bottom Slave Market card "
                                        "({source}).", "{n} people are added to the bottom "
                                        "Slave Market card ({source}).", count,
                                        source=source_words(item.source)), rule, count))
    else:
        if narrating(ev):
            ev.append(Note(say("No one is added to the Slave Market ({source}).",
                               source=source_words(item.source)), rule))


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
            ev.append(Note(say("{source} has nothing to change.",
                               source=source_words(item.source)), rule))
    elif item.kind == "cancel_catcher_roll":
        st.last_roll = Roll(roll.catcher, roll.direction, 0, roll.triple, cancelled=True)
        if narrating(ev):
            ev.append(SeatActs(say("{who} plays {source}: the {colour} Slave Catcher does not "
                                   "move this round.", who=_who(item),
                                   source=source_words(item.source),
                                   colour=colour_words(roll.catcher)), rule, item.seat))
    else:
        by = int(item["by"])
        st.last_roll = Roll(roll.catcher, roll.direction, max(0, roll.spaces - by), roll.triple,
                            cancelled=roll.cancelled)
        if narrating(ev):
            ev.append(RollReduced(say("{who} plays {source}: the {colour} Slave Catcher moves "
                                      "{by} fewer.", who=_who(item),
                                      source=source_words(item.source),
                                      colour=colour_words(roll.catcher), by=by),
                                  rule, item.seat, by))


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
            ev.append(TokenRemoved(say("A Conductor token ({label}) leaves the game "
                                       "({source}).", label=token_label(cs),
                                       source=source_words(item.source)), rule, cs.id))


@resolves("catcher_cut")
def _catcher_cut(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    st.turn_ctx.cut_armed = True
    if narrating(ev):
        ev.append(SeatActs(say(
            "The {role} watches the roads: the next Slave Catcher that would capture someone "
            "in this Action Phase stays put.", role="Station Master"), rule, item.seat))


@resolves("safe_turn")
def _safe_turn(
    ctx: Ctx, st: FreedomState, item: ScheduledEffect, rule: str, ev: list[Event]
) -> None:
    st.turn_ctx.safe_turn = True
    if narrating(ev):
        ev.append(SeatActs(say("For the rest of {who}'s turn, moves trigger no Slave Catchers "
                               "({source}).", who=player(st.turn_ctx.seat),
                               source=source_words(item.source)), rule, item.seat))


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
            ev.append(CatcherIdle(say("The {colour} Slave Catcher sees no one on its path "
                                      "({source}).", colour=colour_words(colour),
                                      source=source_words(source)), colour))
        return
    j = best[1]
    step = min(spaces, abs(j - i))
    dest = ctx.paths[colour][i + step if j > i else i - step]
    move_catcher(ctx, st, colour, dest, ev, "FR-EFF-CATCHERS-ADVANCE", f" ({source})")


#: Every kind that runs has its resolver; the Queue modifiers and passives do not run.
_UNRESOLVED = {k for k, spec in KINDS.items() if QUEUE not in spec.uses
               and "passive" not in spec.uses} - set(RESOLVERS)
assert not _UNRESOLVED, f"effect kinds without a resolver: {sorted(_UNRESOLVED)}"
