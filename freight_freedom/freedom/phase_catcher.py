"""Phase 1, Slave Catcher: the Lead Player rolls both dice and the rolled catcher moves.

The Slave Catcher die names a catcher or shows the walking figure (no catcher moves); the Movement
die gives the direction (white arrows west, black east) and the number of spaces [FR-CATCH-1..2].
The catcher moves along its own path, stopping at the path's end [FR-RULING-PATH-END], and
captures only the people in the space where it stops [FR-CATCH-3]. Before it moves, a player
holding a Reserve card that reacts to the roll may play it [FR-CARD-6].
"""

from __future__ import annotations

from ..core.action import Action
from ..core.event import Event, Note, narrating
from . import capture_cycle
from .actions import act
from .context import Ctx
from .decisions import Reaction
from .events import CatcherExtra, CatcherRolled, WalkerRolled
from .movement import move_catcher
from .prices import queue_modifiers
from .state import FreedomState, Roll, StepResult


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
    if triple and st_option_easier_triples(st):
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


def st_option_easier_triples(st: FreedomState) -> bool:
    return bool(st.options.get("easier_triples"))


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """A new round: the Lead Player is to roll."""
    st.phase, st.step = "catcher", "roll"
    st.last_roll = None
    capture_cycle.restart(st, "round")


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    """The Lead Player rolls; then the rolled catcher moves and the phase is done."""
    if st.step == "roll":
        return "decide"
    roll_ = st.last_roll
    if roll_ is not None and roll_.catcher is not None and roll_.spaces > 0:
        colour = roll_.catcher
        dest = ctx.step_along(colour, st.catchers[colour], roll_.direction, roll_.spaces)
        stopped = ""
        here_i = ctx.path_index[colour][st.catchers[colour]]
        want = here_i + (roll_.spaces if roll_.direction == "east" else -roll_.spaces)
        if want != ctx.path_index[colour][dest]:
            stopped = " (the end of its path)"
        move_catcher(ctx, st, colour, dest, ev, "FR-CATCH-3", stopped)
    elif roll_ is not None and roll_.catcher is not None and narrating(ev):
        ev.append(Note(f"The {roll_.catcher} Slave Catcher does not move.", "FR-CATCH-3"))
    return "continue" if st.phase == "over" else "done"


def legal(ctx: Ctx, st: FreedomState) -> list[Action]:
    return [act(st.lead, "roll")]


def apply(ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
    roll(ctx, st, ev)
    st.step = "move"
