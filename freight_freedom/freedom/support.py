"""Buying a Support token, and the next period it may open [FR-PLAN-3, FR-EFF-SUPPORT]."""

from __future__ import annotations

from ..core.event import Event, narrating
from ..core.say import say
from .context import Ctx
from .events import PeriodBegins, SupportBought
from .state import FreedomState
from .text import player


def activate_next_period(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """Emptying the active Support column opens the next period at once [FR-PLAN-3]."""
    while st.period < 3 and st.support_left[st.period - 1] == 0:
        old = st.period
        st.removed_cards.extend(st.decks[old - 1])
        st.decks[old - 1] = []
        st.period = old + 1
        if narrating(ev):
            ev.append(PeriodBegins(say(
                "The last Support token of Period {old} is bought: Period {new} begins. Its "
                "tokens and Abolitionist deck are now in play; the Period {old} deck is removed.",
                old=old, new=st.period), st.period))


def buy_support(ctx: Ctx, st: FreedomState, seat: int, price: int, ev: list[Event],
                rule: str) -> None:
    """``seat`` pays ``price`` for a Support token of the active period."""
    st.money[seat] -= price
    p = st.period
    st.support_left[p - 1] -= 1
    st.support_bought[p - 1] += 1
    total = sum(st.support_bought)
    goal = total + sum(st.support_left)
    if narrating(ev):
        ev.append(SupportBought(say(
            "{who} buys a Period {period} Support token for ${price} ({total} of {goal} bought).",
            who=player(seat), period=p, price=price, total=total, goal=goal),
            rule, seat, p, price))
    activate_next_period(ctx, st, ev)
