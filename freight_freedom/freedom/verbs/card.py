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
from ...core.moves import Move
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
            return f"{who} buys the card at Queue position {move.position} (empty now)"
        card = ctx.card_by_id[cid]
        known_seat = 0 <= move.seat < st.players
        cost = f", ${queue_prices(ctx, st, move.seat)[move.index].total}" if known_seat else ""
        text = f"{who} buys {card.name} (Queue position {move.position}{cost})"
        wasted = wasted_effect(game, move.action())
        return f"{text} - no effect now: {wasted}" if wasted else text

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        if st.turn_ctx.card_bought:
            return "FR-ACT-5", "one Abolitionist card per turn"
        move = MOVES.get(action)
        if not isinstance(move, BuyCard) or not 1 <= move.position <= QUEUE_SIZE:
            return "FR-ACT-5", f"Queue positions are 1 to {QUEUE_SIZE}"
        cid = st.queue[move.index]
        if cid is None:
            return "FR-ACT-5", f"Queue position {move.position} is empty"
        if not ctx.card_by_id[cid].purchasable:
            return "FR-CARD-7", f"{ctx.card_by_id[cid].name} cannot be bought"
        price = queue_prices(ctx, st, action.seat)[move.index]
        return price.RULE, (f"not enough money: the card costs {price.words()}, you have "
                            f"${st.money[action.seat]}")
