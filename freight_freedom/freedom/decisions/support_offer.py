"""``support_offer``: buy a Support token at a card's discounted price, or decline
[FR-EFF-SUPPORT]."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.action import Action
from ...core.event import Event
from ...core.i18n import N_, _
from ...core.say import shown
from ..context import Ctx
from ..moves import MOVES, AcceptSupport, Decline
from ..state import FreedomState
from ..support import buy_support
from ..text import source_words
from .base import Decision


@dataclass(frozen=True)
class SupportOffer(Decision, kind="support_offer", rule="FR-EFF-SUPPORT",
                   finish=(Decline, N_("{who} declines the Support token ({source})."))):
    """One Support token for ``price`` dollars."""

    price: int

    def choices(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        return [AcceptSupport.action_for(self.seat)]

    def choose(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        st.pending.pop()
        buy_support(ctx, st, self.seat, self.price, ev, self.rule)

    def prompt(self, ctx: Ctx) -> str:
        return _("buy a Support token for ${price} or decline ({source})").format(
            price=self.price, source=shown(source_words(self.source)))

    def describe(self, ctx: Ctx, st: FreedomState, action: Action, who: str) -> str | None:
        move = MOVES.get(action)
        if isinstance(move, AcceptSupport):
            return _("{who} buys the Support token for ${price}").format(who=who,
                                                                       price=self.price)
        if isinstance(move, Decline):
            return _("{who} declines the Support token").format(who=who)
        return None
