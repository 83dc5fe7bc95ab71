"""``queue_remove``: take up to N cards out of the Queue without effect, or stop
[FR-EFF-QUEUE-REMOVE]."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import N_, ngettext
from ...core.say import say, shown
from ..context import Ctx
from ..events import CardDiscarded
from ..moves import RemoveCard, Stop
from ..state import FreedomState
from ..text import source_words
from .base import Decision


@dataclass(frozen=True)
class QueueRemove(Decision, kind="queue_remove", rule="FR-EFF-QUEUE-REMOVE",
                  finish=(Stop, N_("{who} stops removing cards ({source})."))):
    """Remove up to ``left`` more Queue cards."""

    left: int

    def choices(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        return [RemoveCard.action_for(self.seat, position=i + 1)
                for i, c in enumerate(st.queue) if c is not None]

    def choose(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        pos = RemoveCard.of(action).index
        cid = st.queue[pos]
        assert cid is not None
        st.queue[pos] = None
        st.discard.append(cid)
        if narrating(ev):
            ev.append(CardDiscarded(say("{card} is removed from the Queue without effect "
                                        "({source}).", card=ctx.card_by_id[cid].name,
                                        source=source_words(self.source)), self.rule, cid))
        if self.left <= 1 or all(c is None for c in st.queue):
            st.pending.pop()
        else:
            st.pending[-1] = replace(self, left=self.left - 1)

    def prompt(self, ctx: Ctx) -> str:
        return ngettext("remove up to {n} card from the Queue, or stop ({source})",
                        "remove up to {n} cards from the Queue, or stop ({source})",
                        self.left).format(n=self.left, source=shown(source_words(self.source)))
