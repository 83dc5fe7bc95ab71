"""``queue_remove``: take up to N cards out of the Queue without effect, or stop
[FR-EFF-QUEUE-REMOVE]."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from ...core.action import Action
from ...core.event import Event
from ..actions import act
from .base import Decision, plural

if TYPE_CHECKING:
    from ..context import Ctx
    from ..state import FreedomState


@dataclass(frozen=True, slots=True)
class QueueRemove(Decision):
    """Remove up to ``left`` more Queue cards."""

    kind: ClassVar[str] = "queue_remove"
    rule: ClassVar[str] = "FR-EFF-QUEUE-REMOVE"
    left: int

    def legal(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        out = [act(self.seat, "remove", i + 1) for i, c in enumerate(st.queue) if c is not None]
        out.append(act(self.seat, "stop"))
        return out

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        if action.kind == "stop":
            self.stop(st, ev, "stops removing cards")
            return
        pos = int(action.args[0]) - 1
        cid = st.queue[pos]
        assert cid is not None
        st.queue[pos] = None
        st.discard.append(cid)
        ev.append(Event(self.rule, f"{ctx.card_by_id[cid].name} is removed from the Queue "
                        f"without effect ({self.source}).", {"card": cid}))
        if self.left <= 1 or all(c is None for c in st.queue):
            st.pending.pop()
        else:
            st.pending[-1] = replace(self, left=self.left - 1)

    def prompt(self, ctx: Ctx) -> str:
        return (f"remove up to {plural(self.left, 'card', 'cards')} from the Queue, or stop "
                f"({self.source})")
