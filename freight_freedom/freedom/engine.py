"""The phase machine: run automatic steps until a player must decide, and route decisions.

:func:`advance` is the engine's heartbeat. It runs queued effects, then the current phase's
automatic steps (dice, slides, refills, victory checks), until either a pending decision is on the
stack, the phase needs its player's main decision, or the game is over. :func:`legal` and
:func:`apply` route to the pending decision on top of the stack or to the current phase.
"""

from __future__ import annotations

from ..core.action import Action
from ..core.event import Event
from . import decisions, phase_action, phase_catcher, phase_lantern, phase_market, phase_planning
from .context import Ctx
from .effects import any_move_option, run_effect
from .state import FreedomState

_PHASES = {
    "catcher": phase_catcher,
    "planning": phase_planning,
    "action": phase_action,
    "market": phase_market,
    "lantern": phase_lantern,
}


def advance(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """Run automatic steps until a decision is needed or the game ends."""
    for _ in range(100_000):
        if st.phase == "over":
            return
        if st.pending:
            top = st.pending[-1]
            if top["kind"] == "move" and not any_move_option(ctx, st, top):
                st.pending.pop()  # a capture or a full city took the last option away
                continue
            return
        if st.effects:
            run_effect(ctx, st, st.effects.pop(0), ev)
            continue
        if _PHASES[st.phase].step(ctx, st, ev):
            return
    raise RuntimeError("the Freedom engine did not settle")  # pragma: no cover


def to_move(st: FreedomState) -> int | None:
    if st.phase == "over":
        return None
    if st.pending:
        return int(st.pending[-1]["seat"])
    if st.phase in ("planning", "action"):
        return st.turn
    return st.lead


def legal(ctx: Ctx, st: FreedomState) -> list[Action]:
    if st.phase == "over":
        return []
    if st.pending:
        return decisions.legal(ctx, st, st.pending[-1])
    actions: list[Action] = _PHASES[st.phase].legal(ctx, st)
    return actions


def apply(ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
    if st.pending:
        decisions.apply(ctx, st, action, ev)
    else:
        _PHASES[st.phase].apply(ctx, st, action, ev)
    advance(ctx, st, ev)
