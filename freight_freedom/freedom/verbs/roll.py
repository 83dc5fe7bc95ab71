"""``roll``: the Lead Player rolls the Slave Catcher and Movement dice (Slave Catcher phase).

The Slave Catcher die names a catcher or shows the walking figure; the Movement die gives the
direction and the spaces [FR-CATCH-1..2]. An Opposition card in the Queue may add spaces, and a
player holding a Reserve card that reacts to the roll may play it before the catcher moves
[FR-CARD-6]; the catcher then moves in the phase's next step.
"""

from __future__ import annotations

from ...core.action import Action
from ...core.event import Event, Note, narrating
from ...core.i18n import N_
from ...core.say import Say, say, say_n
from ..context import Ctx
from ..decisions import Reaction
from ..events import CatcherExtra, CatcherRolled, WalkerRolled
from ..moves import Roll as RollMove
from ..prices import queue_modifiers
from ..state import FreedomState, Roll
from ..text import Colour
from .base import Verb

#: the Movement die's directions in words (looked up in the catalog when shown)
DIRECTIONS = {"west": N_("west"), "east": N_("east")}


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
        how: Say | str = say(" (fixed by the teacher)")
    else:
        catcher = ctx.dice.catcher_faces[st.rng.below(len(ctx.dice.catcher_faces))]
        face = ctx.dice.movement_faces[st.rng.below(len(ctx.dice.movement_faces))]
        direction, spaces, triple = face.direction, face.spaces, face.triple
        how = ""
    who = say("Player {n}", n=st.lead + 1)
    if catcher == "walk":
        st.last_roll = Roll(None, direction, 0, triple)
        if narrating(ev):
            ev.append(WalkerRolled(say("{who} rolls the walking figure{how}: no Slave Catcher "
                                       "moves this round.", who=who, how=how),
                                   None, direction, spaces))
        return
    st.last_roll = Roll(catcher, direction, spaces, triple)
    if narrating(ev):
        facts = {"who": who, "catcher": Colour(catcher), "how": how,
                 "direction": DIRECTIONS.get(direction, direction)}
        if direction == "west":
            words = say_n("{who} rolls the {catcher} Slave Catcher and {n} white arrow "
                          "({direction}){how}.", "{who} rolls the {catcher} Slave Catcher and "
                          "{n} white arrows ({direction}){how}.", spaces, **facts)
        else:
            words = say_n("{who} rolls the {catcher} Slave Catcher and {n} black arrow "
                          "({direction}){how}.", "{who} rolls the {catcher} Slave Catcher and "
                          "{n} black arrows ({direction}){how}.", spaces, **facts)
        ev.append(CatcherRolled(words, catcher, direction, spaces, triple))
    if triple and st.options.get("easier_triples"):
        st.last_roll = Roll(catcher, direction, 0, triple)
        if narrating(ev):
            ev.append(Note(say("Easier game: a triple moves no Slave Catcher."), "FR-OPT-2"))
        return
    extra = queue_modifiers(ctx, st)["catcher_extra"]
    if extra:
        st.last_roll = Roll(catcher, direction, spaces + extra, triple)
        if narrating(ev):
            ev.append(CatcherExtra(say_n("An Opposition card in the Queue adds {n} space to "
                                         "the move.", "An Opposition card in the Queue adds "
                                         "{n} spaces to the move.", extra), extra))
    for seat in reversed(reaction_holders(ctx, st)):
        cid = st.reserve[seat]
        assert cid is not None
        st.pending.append(Reaction(seat, cid))


class RollVerb(Verb, move=RollMove, phases=("catcher",),
               plain=N_("{who} rolls the Slave Catcher and Movement dice")):
    """The Lead Player's one decision of the Slave Catcher phase [FR-CATCH-1]."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        out.append(RollMove.action_for(seat))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        roll(ctx, st, ev)
        st.turn_ctx.step = "move"
