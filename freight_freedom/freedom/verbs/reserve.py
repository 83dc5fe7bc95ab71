"""``reserve``: play one's Reserve card in one's Action turn [FR-CARD-RESERVE].

(A Reserve card that answers the Slave Catcher roll is played through the ``reaction`` decision
instead [FR-CARD-6]; the words are this verb's either way.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import N_, _
from ...core.say import say, shown
from ..context import Ctx
from ..effect_kinds import queue_effects
from ..events import ReserveCard
from ..moves import PlayReserve
from ..state import FreedomState
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


class ReserveVerb(Verb, move=PlayReserve, phases=("action",),
                  plain=N_("{who} plays the Reserve card")):
    """The held Reserve card, when it is played in the Action phase."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        cid = st.reserve[seat]
        if cid is not None and ctx.card_by_id[cid].timing == "action":
            out.append(PlayReserve.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        seat = action.seat
        st.turn_ctx.did_something = True
        cid = st.reserve[seat]
        assert cid is not None
        card = ctx.card_by_id[cid]
        st.reserve[seat] = None
        st.discard.append(cid)
        if narrating(ev):
            ev.append(ReserveCard(say("{who} plays the Reserve card {card}.",
                                      who=say("Player {n}", n=seat + 1), card=card.name), seat,
                                  cid))
        queue_effects(st, seat, card.effects, card.name, front=True)

    def seat_words(self, game: Freedom, seat: int, who: str) -> str | None:
        cid = game.state.reserve[seat]
        if cid is None:
            return super().seat_words(game, seat, who)
        return _("{who} plays the Reserve card {card}").format(
            who=who, card=shown(game.ctx.card_by_id[str(cid)].name))
