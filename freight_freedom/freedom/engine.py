"""The round as data, and the loop that runs it.

A round is the five phases of :data:`ROUND`, each a module with ``start`` (set the phase up),
``step`` (run the next automatic step and report ``"decide"``, ``"continue"`` or ``"done"``)
and ``OFFERED``, the :mod:`verbs <.verbs>` of the phase's own decisions, gathered in a
:class:`Phase` (the core record, extended with ``start``, ``step`` and ``turns``).
:func:`advance` is the engine's heartbeat: it runs queued effects, then the current phase's
steps, and starts the next phase of the round (after the Lantern phase, the Slave Catcher phase
of the next round) when one is done, until a decision is pending, a player must decide or the
game is over. :func:`legal` and :func:`apply` route to the pending :mod:`decision <.decisions>`
on top of the stack or to the current phase's verbs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.action import Action
from ..core.event import Event
from ..core.phase import Phase as CorePhase
from . import phase_action, phase_catcher, phase_lantern, phase_market, phase_planning
from .context import Ctx
from .effects import run_effect
from .state import FreedomState, StepResult
from .verbs import apply as apply_verb


@dataclass(frozen=True, kw_only=True)
class Phase(CorePhase[Ctx, FreedomState]):
    """One phase of the round: a core :class:`~..core.phase.Phase` (``key``, the ``rule`` its
    prompt names, ``verbs``: the phase's own decisions, in the order they are listed; the
    Lantern phase has none) that also runs itself: ``start`` sets it up; ``step`` runs its next
    automatic step and reports ``"decide"``, ``"continue"`` or ``"done"``. Its decisions are
    taken by the player whose turn it is when ``turns`` (Planning, Action), else by the Lead
    Player [FR-ROUND-2]."""

    start: Callable[[Ctx, FreedomState, list[Event]], None]
    step: Callable[[Ctx, FreedomState, list[Event]], StepResult]
    turns: bool = False

    def legal(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        """The phase's legal actions now (no decision pending): its verbs' offers, in order."""
        return self.offered(ctx, st, st.turn_ctx.seat if self.turns else st.lead)


#: The phases of a round, in order [FR-ROUND-1]; ``state.turn_ctx.phase`` holds one's ``key``.
#: Each ``rule`` is the one its prompt names.
ROUND: tuple[Phase, ...] = (
    Phase(key="catcher", rule="FR-CATCH-1", verbs=phase_catcher.OFFERED,
          start=phase_catcher.start, step=phase_catcher.step),
    Phase(key="planning", rule="FR-PLAN-1", verbs=phase_planning.OFFERED,
          start=phase_planning.start, step=phase_planning.step, turns=True),
    Phase(key="action", rule="FR-ACT-1", verbs=phase_action.OFFERED,
          start=phase_action.start, step=phase_action.step, turns=True),
    Phase(key="market", rule="FR-MKT-PHASE-1", verbs=phase_market.OFFERED,
          start=phase_market.start, step=phase_market.step),
    Phase(key="lantern", rule="FR-ROUND-1", start=phase_lantern.start, step=phase_lantern.step),
)


_BY_KEY: tuple[tuple[Phase, ...], dict[str, tuple[Phase, Phase]]] = ((), {})
""":data:`ROUND` by phase key (each phase and the one after it), and the tuple it was built from
(rebuilt when that changes)."""


def _by_key() -> dict[str, tuple[Phase, Phase]]:
    global _BY_KEY
    table, by_key = _BY_KEY
    if table is not ROUND:
        by_key = {phase.key: (phase, ROUND[(i + 1) % len(ROUND)]) for i, phase in enumerate(ROUND)}
        _BY_KEY = (ROUND, by_key)
    return by_key


def current(st: FreedomState) -> Phase:
    """The phase being played (read from :data:`ROUND` each time, so a test may replace it;
    looked up by key, since the rules ask several times a decision)."""
    return _by_key()[st.turn_ctx.phase][0]



def advance(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """Run automatic steps until a decision is needed or the game ends."""
    turn = st.turn_ctx
    for _ in range(100_000):
        if turn.phase == "over":
            return
        if st.pending:
            if st.pending[-1].exhausted(ctx, st):
                st.pending.pop()  # a capture or a full city took the last option away
                continue
            return
        if st.effects:
            run_effect(ctx, st, st.effects.pop(0), ev)
            continue
        phase = current(st)
        result = phase.step(ctx, st, ev)
        if result == "decide":
            return
        if result == "done" and turn.phase != "over":
            following = _by_key()[phase.key][1]  # not ROUND.index: phases compare field by field
            following.start(ctx, st, ev)
    raise RuntimeError("the Freedom engine did not settle")  # pragma: no cover


def to_move(st: FreedomState) -> int | None:
    turn = st.turn_ctx
    if turn.phase == "over":
        return None
    if st.pending:
        return st.pending[-1].seat
    if turn.phase in ("planning", "action"):
        return turn.seat
    return st.lead


def legal(ctx: Ctx, st: FreedomState) -> list[Action]:
    if st.turn_ctx.phase == "over":
        return []
    if st.pending:
        return st.pending[-1].legal(ctx, st)
    return current(st).legal(ctx, st)


def apply(ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
    if st.pending:
        st.pending[-1].apply(ctx, st, action, ev)
    else:
        apply_verb(ctx, st, action, ev)
    advance(ctx, st, ev)
