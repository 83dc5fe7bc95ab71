"""``catcher_move``: move one Slave Catcher up to N spaces along its path, or skip
[FR-EFF-CATCHER-MOVE]. It captures only where it stops [FR-CATCH-3]."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.action import Action
from ...core.event import Event
from ...core.i18n import N_, ngettext
from ...core.say import shown
from ..context import Ctx
from ..movement import move_catcher
from ..moves import MoveCatcher, Skip
from ..state import FreedomState
from ..text import source_words
from .base import Decision


@dataclass(frozen=True)
class CatcherMove(Decision, kind="catcher_move", rule="FR-EFF-CATCHER-MOVE",
                  finish=(Skip, N_("{who} leaves the Slave Catchers ({source})."))):
    """Move any one catcher up to ``spaces`` spaces along its path."""

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

    def choices(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        return [MoveCatcher.action_for(self.seat, colour=c, to=s) for c, s in self.targets(ctx, st)]

    def choose(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        st.pending.pop()
        move = MoveCatcher.of(action)
        move_catcher(ctx, st, move.colour, move.to, ev, self.rule, f" ({self.source})")

    def prompt(self, ctx: Ctx) -> str:
        return ngettext("move a Slave Catcher up to {n} space along its path, or skip ({source})",
                        "move a Slave Catcher up to {n} spaces along its path, or skip "
                        "({source})", self.spaces).format(
            n=self.spaces, source=shown(source_words(self.source)))
