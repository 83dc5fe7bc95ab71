"""``support_offer``: buy a Support token at a card's discounted price, or decline
[FR-EFF-SUPPORT]."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...core.action import Action
from ..actions import act
from ..support import buy_support
from .base import Decision

if TYPE_CHECKING:
    from ...core.event import Event
    from ..context import Ctx
    from ..state import FreedomState


@dataclass(frozen=True, slots=True)
class SupportOffer(Decision):
    """One Support token for ``price`` dollars."""

    kind: ClassVar[str] = "support_offer"
    rule: ClassVar[str] = "FR-EFF-SUPPORT"
    price: int

    def legal(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        return [act(self.seat, "buy_support"), act(self.seat, "decline")]

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        if action.kind == "decline":
            self.stop(st, ev, "declines the Support token")
            return
        st.pending.pop()
        buy_support(ctx, st, self.seat, self.price, ev, self.rule)

    def prompt(self, ctx: Ctx) -> str:
        return f"buy a Support token for ${self.price} or decline ({self.source})"

    def describe(self, ctx: Ctx, st: FreedomState, action: Action, who: str) -> str | None:
        if action.kind == "buy_support":
            return f"{who} buys the Support token for ${self.price}"
        if action.kind == "decline":
            return f"{who} declines the Support token"
        return None
