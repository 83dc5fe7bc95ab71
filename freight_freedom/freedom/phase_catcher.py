"""Phase 1, Slave Catcher: the Lead Player rolls both dice and the rolled catcher moves.

The Slave Catcher die names a catcher or shows the walking figure (no catcher moves); the Movement
die gives the direction (white arrows west, black east) and the number of spaces [FR-CATCH-1..2].
The catcher moves along its own path, stopping at the path's end [FR-RULING-PATH-END], and
captures only the people in the space where it stops [FR-CATCH-3]. Before it moves, a player
holding a Reserve card that reacts to the roll may play it [FR-CARD-6]. The roll is the
:mod:`roll verb <.verbs.roll>`.
"""

from __future__ import annotations

from ..core.event import Event, Note, narrating
from ..core.say import Say, say
from . import capture_cycle
from .context import Ctx
from .movement import move_catcher
from .state import FreedomState, StepResult
from .text import colour_words
from .verbs import named

#: The verbs of the phase: the Lead Player's roll.
OFFERED = named("roll")


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """A new round: the Lead Player is to roll."""
    st.turn_ctx.phase, st.turn_ctx.step = "catcher", "roll"
    st.last_roll = None
    capture_cycle.restart(st, "round")


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    """The Lead Player rolls; then the rolled catcher moves and the phase is done."""
    if st.turn_ctx.step == "roll":
        return "decide"
    roll_ = st.last_roll
    if roll_ is not None and roll_.catcher is not None and roll_.spaces > 0:
        colour = roll_.catcher
        dest = ctx.step_along(colour, st.catchers[colour], roll_.direction, roll_.spaces)
        stopped: str | Say = ""
        here_i = ctx.path_index[colour][st.catchers[colour]]
        want = here_i + (roll_.spaces if roll_.direction == "east" else -roll_.spaces)
        if want != ctx.path_index[colour][dest]:
            stopped = say(" (the end of its path)")
        move_catcher(ctx, st, colour, dest, ev, "FR-CATCH-3", stopped)
    elif roll_ is not None and roll_.catcher is not None and narrating(ev):
        ev.append(Note(say("The {colour} Slave Catcher does not move.",
                           colour=colour_words(roll_.catcher)), "FR-CATCH-3"))
    return "continue" if st.turn_ctx.phase == "over" else "done"
