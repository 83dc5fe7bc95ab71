"""``support`` and ``buy STACK``: a Planning turn's purchases from the token board.

Tokens come from the active Period Columns [FR-PLAN-2], at most 2 per Planning turn (fewer under
an Opposition card) [FR-PLAN-1, FR-EFF-TOKEN-LIMIT]. Support tokens count toward victory and
emptying a period's column opens the next period [FR-PLAN-3]; Conductor tokens cost what is
printed (with the Queue's surcharges and the Shepherd's discount) [FR-PLAN-4]; Fundraising tokens
are free [FR-PLAN-5]. Bought Conductor and Fundraising tokens are held for an Action phase
[FR-RULING-HELD-TOKENS]; the last token of a Conductor stack is its grey one [FR-PLAN-6].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action, show
from ...core.event import Event, narrating
from ...core.i18n import _, ngettext
from ...core.moves import Move
from ...core.say import Say, say
from ..context import Ctx
from ..events import TokenBought
from ..moves import MOVES, BuySupport, BuyToken
from ..prices import (
    conductor_discount,
    conductor_price,
    conductor_prices,
    queue_modifiers,
    support_price,
    token_limit,
)
from ..state import TOKENS_PER_PLANNING, FreedomState, HeldToken
from ..support import buy_support
from ..text import ROMAN, token_label, token_words
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


def limit_reached(ctx: Ctx, st: FreedomState) -> tuple[str, str] | None:
    """The reason no more tokens may be bought this Planning turn, if so [FR-PLAN-1]."""
    limit = token_limit(ctx, st)
    if st.turn_ctx.planning_taken >= limit:
        # (the English says "tokens" even for 1: the words the players always read)
        return "FR-PLAN-1", ngettext("at most {n} tokens per Planning phase",
                                     "at most {n} tokens per Planning phase", limit).format(
            n=limit)
    return None


class SupportVerb(Verb, move=BuySupport, phases=("planning",)):
    """Buy a Support token from the active period's column [FR-PLAN-3]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if (st.turn_ctx.planning_taken < token_limit(ctx, st) and st.support_left[st.period - 1] > 0
                and st.money[seat] >= support_price(ctx, st)):
            out.append(BuySupport.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        buy_support(ctx, st, action.seat, support_price(ctx, st), ev, "FR-PLAN-3")
        st.turn_ctx.planning_taken += 1

    def seat_words(self, game: Freedom, seat: int, who: str) -> str | None:
        st = game.state
        return _("{who} buys a Support token (${price}, Period {period})").format(
            who=who, price=support_price(game.ctx, st), period=ROMAN.get(st.period, st.period))

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        full = limit_reached(ctx, st)
        if full is not None:
            return full
        if st.support_left[st.period - 1] == 0:
            return "FR-PLAN-3", _("no Support token is left in the active period")
        return "FR-PLAN-3", _("not enough money: a Support token costs ${price}, you have "
                              "${money}").format(price=support_price(ctx, st),
                                                 money=st.money[action.seat])


def _conductor_why(ctx: Ctx, st: FreedomState, seat: int) -> Say | str:
    """What changed a Conductor token's printed price, in words: `` (+$1 Opposition card in the
    Queue, -$1 Shepherd)``; ``""`` when nothing did."""
    surcharge = queue_modifiers(ctx, st)["conductor_cost"]
    role = ctx.roles[st.roles[seat]]
    discount = role.side(st.sides[seat]).passive_amount("conductor_discount")
    if surcharge and discount:
        return say(" (+${surcharge} Opposition card in the Queue, -${discount} {role})",
                   surcharge=surcharge, discount=discount, role=role.name)
    if surcharge:
        return say(" (+${surcharge} Opposition card in the Queue)", surcharge=surcharge)
    if discount:
        return say(" (-${discount} {role})", discount=discount, role=role.name)
    return ""


class BuyVerb(Verb, move=BuyToken, phases=("planning",)):
    """Buy a Conductor or Fundraising token of an active period [FR-PLAN-2, -4, -5]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        mods = queue_modifiers(ctx, st)
        if st.turn_ctx.planning_taken >= min(TOKENS_PER_PLANNING, mods["token_limit"]):
            return
        money, period, stacks = st.money[seat], st.period, st.stacks
        prices = conductor_prices(ctx, mods["conductor_cost"], conductor_discount(ctx, st, seat))
        for stack, first, price in prices:
            if first <= period and stacks[stack] > 0 and money >= price:
                out.append(BuyToken.action_for(seat, stack=stack))
        for fs in ctx.tokens.fundraising:
            if fs.period <= period and stacks[fs.id] > 0:
                out.append(BuyToken.action_for(seat, stack=fs.id))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        seat, stack = action.seat, BuyToken.of(action).stack
        conductor = ctx.stack_kind[stack] == "conductor"
        if conductor:
            price = conductor_price(ctx, st, seat, stack)
            rule = "FR-PLAN-4"
        else:
            price = 0
            rule = "FR-PLAN-5"
        grey = st.stacks[stack] == 1 and conductor
        st.stacks[stack] -= 1
        st.money[seat] -= price
        st.held[seat].append(HeldToken(stack, grey))
        st.turn_ctx.planning_taken += 1
        if narrating(ev):
            who = say("Player {n}", n=seat + 1)
            if not conductor:
                words = say("{who} buys a Fundraising token for ${price}.", who=who, price=price)
            else:
                cs = ctx.conductor(stack)
                facts = {"who": who, "label": token_label(cs.people, cs.spaces, cs.cost),
                         "price": price, "why": _conductor_why(ctx, st, seat)}
                words = (say("{who} buys a grey Conductor token ({label}) for ${price}{why}.",
                             **facts) if grey else
                         say("{who} buys a Conductor token ({label}) for ${price}{why}.",
                             **facts))
            ev.append(TokenBought(words, rule, seat, stack, price, grey))

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, BuyToken)
        ctx, st, stack = game.ctx, game.state, move.stack
        if stack not in ctx.stack_kind:
            return None
        words = token_words(ctx, stack, cities_only=bool(st.options.get("fundraising_cities_only")))
        if ctx.stack_kind[stack] == "conductor" and 0 <= move.seat < st.players:
            price = conductor_price(ctx, st, move.seat, stack)
            printed = ctx.conductor(stack).cost
            if price != printed:
                return _("{who} buys a {token} (${price}, printed ${printed})").format(
                    who=who, token=words, price=price, printed=printed)
            return _("{who} buys a {token} (${price})").format(who=who, token=words, price=price)
        return _("{who} buys a {token} (free)").format(who=who, token=words)

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        full = limit_reached(ctx, st)
        if full is not None:
            return full
        move = MOVES.get(action)
        if isinstance(move, BuyToken) and move.stack in ctx.stack_kind:
            stack = move.stack
            if ctx.stack_period[stack] > st.period:
                return "FR-PLAN-2", _("Period {n} is not active yet").format(
                    n=ctx.stack_period[stack])
            if st.stacks[stack] == 0:
                return "FR-PLAN-6", _("none is left on the token board")
            if ctx.stack_kind[stack] == "conductor":
                price = conductor_price(ctx, st, action.seat, stack)
                return "FR-PLAN-4", _("not enough money: the token costs ${price}, you have "
                                      "${money}").format(price=price,
                                                         money=st.money[action.seat])
        if len(action.args) > 1:
            return "FR-PLAN-2", _("'buy' takes one token stack id, e.g. buy c1_1x2")
        return "FR-PLAN-2", _("unknown token stack {stack}").format(
            stack=show(next(iter(action.args), "")))
