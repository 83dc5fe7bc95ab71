"""``capture_choice``: the players choose which of the people equally near a Slave Catcher is
captured next [FR-EFF-CAPTURE-NEAR]. Captures with no real choice happen at once."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.action import Action
from ...core.event import Event
from ...core.i18n import _
from ...core.say import shown
from ..context import Ctx
from ..movement import capture_at, catcher_spaces
from ..moves import ChooseCapture
from ..state import FreedomState
from ..text import source_words
from .base import Decision


def capture_candidates(ctx: Ctx, st: FreedomState) -> list[str]:
    """Spaces with people nearest a catcher: on its space, else next to it [FR-EFF-CAPTURE-NEAR]."""
    held = catcher_spaces(st)
    on = [s for s in ctx.map_spaces if st.people[s] and s in held]
    if on:
        return on
    near: set[str] = set()
    for c in held:
        near.update(ctx.board.neighbours(c))
    return [s for s in ctx.map_spaces if st.people[s] and s in near and s not in ctx.canada_set]


@dataclass(frozen=True)
class CaptureChoice(Decision, kind="capture_choice", rule="FR-EFF-CAPTURE-NEAR"):
    """``left`` more people are captured, the nearest to a catcher first."""

    left: int

    def choices(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        return [ChooseCapture.action_for(self.seat, space=s) for s in capture_candidates(ctx, st)]

    def choose(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        st.pending[-1] = replace(self, left=self.left - 1)
        capture_at(ctx, st, ChooseCapture.of(action).space, ev, self.rule, count=1)
        settle(ctx, st, ev)

    def prompt(self, ctx: Ctx) -> str:
        return _("choose who is captured ({n} more, {source})").format(
            n=self.left, source=shown(source_words(self.source)))


def settle(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """Capture automatically while there is no real choice; leave the choice pending otherwise."""
    while st.pending and isinstance(st.pending[-1], CaptureChoice) and st.turn_ctx.phase != "over":
        top = st.pending[-1]
        cands = capture_candidates(ctx, st)
        if top.left <= 0 or not cands:
            st.pending.pop()
            return
        if len(cands) > 1:
            return
        st.pending[-1] = replace(top, left=top.left - 1)
        capture_at(ctx, st, cands[0], ev, CaptureChoice.rule, count=1)
