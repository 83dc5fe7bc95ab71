"""``card POS``: buy the Abolitionist card at a Queue position, one per Action turn [FR-ACT-5].

The card costs its position's price with the Queue's surcharges and the Role discounts (its
:class:`~..prices.QueuePrice`, whose total is paid and whose parts are the words). A General
card takes effect and is discarded; a Reserve card waits on the player's mat (an older one is
discarded without effect) [FR-CARD-RESERVE]; buying an Opposition card takes it out of the Queue,
setting off its effect if it has a purchase trigger [FR-CARD-5..7].
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
from ..events import CardBought, CardResolved, ReserveCard
from ..moves import MOVES, BuyCard
from ..prices import queue_prices
from ..state import QUEUE_SIZE, FreedomState
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


def buy_card(ctx: Ctx, st: FreedomState, seat: int, pos: int, ev: list[Event]) -> None:
    """Buy the Queue card at 0-based ``pos`` and resolve it by its kind [FR-CARD-5..7]."""
    cid = st.queue[pos]
    assert cid is not None
    card = ctx.card_by_id[cid]
    price = queue_prices(ctx, st, seat)[pos].total
    st.money[seat] -= price
    st.queue[pos] = None
    st.turn_ctx.card_bought = True
    who = say("Player {n}", n=seat + 1)
    if narrating(ev):
        ev.append(CardBought(say("{who} buys {card} from Queue position {pos} for ${price}.",
                                 who=who, card=card.name, pos=pos + 1, price=price),
                             seat, cid, price))
    if card.kind == "general":
        st.discard.append(cid)
        queue_effects(st, seat, card.effects, card.name, front=True)
    elif card.kind == "reserve":
        old = st.reserve[seat]
        if old is not None:
            st.discard.append(old)
            if narrating(ev):
                ev.append(ReserveCard(say("{who} discards the Reserve card {card} without "
                                          "effect.", who=who, card=ctx.card_by_id[old].name),
                                      seat, old))
        st.reserve[seat] = cid
        if narrating(ev):
            ev.append(ReserveCard(say("{who} keeps {card} on their mat for later.", who=who,
                                      card=card.name), seat, cid))
    else:
        st.discard.append(cid)
        if card.trigger == "bought":
            if narrating(ev):
                ev.append(CardResolved(say("Buying {card} sets off its effect.",
                                           card=card.name), "FR-CARD-7", cid))
            queue_effects(st, seat, card.effects, card.name, front=True)
        else:
            if narrating(ev):
                ev.append(CardResolved(say("{card} leaves the Queue and its effect ends.",
                                           card=card.name), "FR-CARD-7", cid))


class CardVerb(Verb, move=BuyCard, phases=("action",)):
    """Every purchasable Queue card the player can pay for, left to right."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if st.turn_ctx.card_bought:
            return
        money = st.money[seat]
        prices = queue_prices(ctx, st, seat)
        for pos, cid in enumerate(st.queue):
            if cid is None or not ctx.card_by_id[cid].purchasable:
                continue
            if money >= prices[pos].total:
                out.append(BuyCard.action_for(seat, position=pos + 1))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        st.turn_ctx.did_something = True
        buy_card(ctx, st, action.seat, BuyCard.of(action).index, ev)

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        """The card and its price now; a General card whose effect would change nothing now
        says so (see :func:`..explain.wasted_effect`)."""
        from ..explain import wasted_effect

        assert isinstance(move, BuyCard)
        if not 1 <= move.position <= QUEUE_SIZE:
            return None
        ctx, st = game.ctx, game.state
        cid = st.queue[move.index]
        if cid is None:
            return _("{who} buys the card at Queue position {n} (empty now)").format(
                who=who, n=move.position)
        card = shown(ctx.card_by_id[cid].name)
        if 0 <= move.seat < st.players:
            text = _("{who} buys {card} (Queue position {n}, ${price})").format(
                who=who, card=card, n=move.position,
                price=queue_prices(ctx, st, move.seat)[move.index].total)
        else:
            text = _("{who} buys {card} (Queue position {n})").format(who=who, card=card,
                                                                     n=move.position)
        wasted = wasted_effect(game, move.action())
        return _("{text} - no effect now: {wasted}").format(text=text, wasted=wasted) \
            if wasted else text

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        if st.turn_ctx.card_bought:
            return "FR-ACT-5", _("one Abolitionist card per turn")
        move = MOVES.get(action)
        if not isinstance(move, BuyCard) or not 1 <= move.position <= QUEUE_SIZE:
            return "FR-ACT-5", _("Queue positions are 1 to {n}").format(n=QUEUE_SIZE)
        cid = st.queue[move.index]
        if cid is None:
            return "FR-ACT-5", _("Queue position {n} is empty").format(n=move.position)
        if not ctx.card_by_id[cid].purchasable:
            return "FR-CARD-7", _("{card} cannot be bought").format(
                card=shown(ctx.card_by_id[cid].name))
        price = queue_prices(ctx, st, action.seat)[move.index]
        return price.RULE, _("not enough money: the card costs {price}, you have "
                             "${money}").format(price=price.words(),
                                                money=st.money[action.seat])
