"""``roll``: the Lead Player rolls the Slave Catcher and Movement dice (Slave Catcher phase).

The Slave Catcher die names a catcher or shows the walking figure; the Movement die gives the
direction and the spaces [FR-CATCH-1..2]. An Opposition card in the Queue may add spaces, and a
player holding a Reserve card that reacts to the roll may play it before the catcher moves
[FR-CARD-6]; the catcher then moves in the phase's next step.
"""

from __future__ import annotations

from ...core.action import Action
from ...core.event import Event, Note, narrating
from ..context import Ctx
from ..decisions import Reaction
from ..events import CatcherExtra, CatcherRolled, WalkerRolled
from ..moves import Roll as RollMove
from ..prices import queue_modifiers
from ..state import FreedomState, Roll
from .base import Verb


def reaction_holders(ctx: Ctx, st: FreedomState) -> list[int]:
    """Seats (from the Lead Player on) holding a Reserve card played in the Slave Catcher phase."""
    out = []
    for i in range(st.players):
        seat = (st.lead + i) % st.players
        cid = st.reserve[seat]
        if cid is not None and ctx.card_by_id[cid].timing == "catcher_phase":
            out.append(seat)
    return out


def roll(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """Roll the two dice (or use the scenario's fixed roll) and prepare the catcher's move."""
    if st.fixed_roll is not None:
        fixed = st.fixed_roll
        st.fixed_roll = None
        catcher = fixed.catcher
        direction, spaces = fixed.direction, fixed.spaces
        triple = spaces == 3
        how = " (fixed by the teacher)"
    else:
        catcher = ctx.dice.catcher_faces[st.rng.below(len(ctx.dice.catcher_faces))]
        face = ctx.dice.movement_faces[st.rng.below(len(ctx.dice.movement_faces))]
        direction, spaces, triple = face.direction, face.spaces, face.triple
        how = ""
    who = f"Player {st.lead + 1}"
    arrows = "white arrow" if direction == "west" else "black arrow"
    arrows += "s" if spaces != 1 else ""
    if catcher == "walk":
        st.last_roll = Roll(None, direction, 0, triple)
        if narrating(ev):
            ev.append(WalkerRolled(f"{who} rolls the walking figure{how}: no Slave Catcher "
                                   "moves this round.", None, direction, spaces))
        return
    st.last_roll = Roll(catcher, direction, spaces, triple)
    if narrating(ev):
        ev.append(CatcherRolled(f"{who} rolls the {catcher} Slave Catcher and {spaces} "
                                f"{arrows} ({direction}){how}.", catcher, direction, spaces,
                                triple))
    if triple and st.options.get("easier_triples"):
        st.last_roll = Roll(catcher, direction, 0, triple)
        if narrating(ev):
            ev.append(Note("Easier game: a triple moves no Slave Catcher.", "FR-OPT-2"))
        return
    extra = queue_modifiers(ctx, st)["catcher_extra"]
    if extra:
        st.last_roll = Roll(catcher, direction, spaces + extra, triple)
        if narrating(ev):
            ev.append(CatcherExtra(f"An Opposition card in the Queue adds {extra} "
                                   f"space{'s' if extra != 1 else ''} to the move.", extra))
    for seat in reversed(reaction_holders(ctx, st)):
        cid = st.reserve[seat]
        assert cid is not None
        st.pending.append(Reaction(seat, cid))


class RollVerb(Verb, move=RollMove, phases=("catcher",),
               plain="rolls the Slave Catcher and Movement dice"):
    """The Lead Player's one decision of the Slave Catcher phase [FR-CATCH-1]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        out.append(RollMove.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        roll(ctx, st, ev)
        st.turn_ctx.step = "move"
