"""The words of the actions a pending decision offers (``move``, ``stop``, ``catcher``,
``skip``, ``remove``, ``buy_support``, ``capture``, ``decline``).

Their rules belong to the :mod:`decisions <..decisions>` that offer them; these verbs give the
words used when the decision on top says nothing more (or none waits, e.g. for an action read
back from a game's history), and the reason a ``move`` is refused when no movement waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.moves import Move
from ..context import Ctx
from ..decisions import Move as Movement
from ..moves import (
    AcceptSupport,
    ChooseCapture,
    Decline,
    MoveCatcher,
    MovePerson,
    RemoveCard,
    Skip,
    Stop,
)
from ..state import QUEUE_SIZE, FreedomState
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


class MoveVerb(Verb, move=MovePerson):
    """One person's move during a movement [FR-MOVE-1]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, MovePerson)
        name = game.ctx.name
        return f"{who} moves a person from {name(move.person_from)} to {name(move.to)}"

    def explain(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        if st.pending and isinstance(st.pending[-1], Movement):
            return None  # the movement says why
        return "FR-MOVE-1", "no movement is in progress: play a Conductor token first"


class StopVerb(Verb, move=Stop, plain="stops"):
    """End a movement or a Queue removal early."""


class CatcherVerb(Verb, move=MoveCatcher):
    """Move a Slave Catcher along its path (a card effect) [FR-EFF-CATCHER-MOVE]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, MoveCatcher)
        return f"{who} moves the {move.colour} Slave Catcher to {game.ctx.name(move.to)}"


class SkipVerb(Verb, move=Skip, plain="leaves the Slave Catchers where they are"):
    """Leave the Slave Catchers where they are [FR-EFF-CATCHER-MOVE]."""


class RemoveVerb(Verb, move=RemoveCard):
    """Remove a Queue card without effect [FR-EFF-QUEUE-REMOVE]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, RemoveCard)
        if not 1 <= move.position <= QUEUE_SIZE:
            return None
        cid = game.state.queue[move.index]
        name = game.ctx.card_by_id[cid].name if cid else "an empty position"
        return f"{who} removes {name} from the Queue (position {move.position})"


class AcceptSupportVerb(Verb, move=AcceptSupport, plain="buys the Support token"):
    """Accept a discounted Support token [FR-EFF-SUPPORT]."""


class CaptureVerb(Verb, move=ChooseCapture):
    """Choose which of the people nearest a catcher is captured [FR-EFF-CAPTURE-NEAR]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, ChooseCapture)
        return f"{who} chooses a person at {game.ctx.name(move.space)} to be captured"


class DeclineVerb(Verb, move=Decline, plain="declines"):
    """Keep a Reserve card against a roll, or refuse a discounted Support token."""
