"""``catcher_move``: move one Slave Catcher up to N spaces along its path, or skip
[FR-EFF-CATCHER-MOVE]. It captures only where it stops [FR-CATCH-3]."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...core.action import Action
from ..actions import act
from ..movement import move_catcher
from .base import Decision, plural

if TYPE_CHECKING:
    from ...core.event import Event
    from ..context import Ctx
    from ..state import FreedomState


@dataclass(frozen=True, slots=True)
class CatcherMove(Decision):
    """Move any one catcher up to ``spaces`` spaces along its path."""

    kind: ClassVar[str] = "catcher_move"
    rule: ClassVar[str] = "FR-EFF-CATCHER-MOVE"
    spaces: int

    def targets(self, ctx: Ctx, st: FreedomState) -> list[tuple[str, str]]:
        """Every (colour, space) within ``spaces`` of the catcher, along its path."""
        out = []
        for colour, path in ctx.paths.items():
            i = ctx.path_index[colour][st.catchers[colour]]
            for j in range(max(0, i - self.spaces), min(len(path), i + self.spaces + 1)):
                if j != i:
                    out.append((colour, path[j]))
        return out

    def legal(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        out = [act(self.seat, "catcher", c, s) for c, s in self.targets(ctx, st)]
        out.append(act(self.seat, "skip"))
        return out

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        if action.kind == "skip":
            self.stop(st, ev, "leaves the Slave Catchers")
            return
        st.pending.pop()
        colour, dest = str(action.args[0]), str(action.args[1])
        move_catcher(ctx, st, colour, dest, ev, self.rule, f" ({self.source})")

    def prompt(self, ctx: Ctx) -> str:
        return (f"move a Slave Catcher up to {plural(self.spaces, 'space', 'spaces')} along its "
                f"path, or skip ({self.source})")
