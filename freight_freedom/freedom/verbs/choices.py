"""The words of the actions a pending decision offers (``move``, ``stop``, ``catcher``,
``skip``, ``remove``, ``buy_support``, ``capture``, ``decline``).

Their rules belong to the :mod:`decisions <..decisions>` that offer them; these verbs give the
words used when the decision on top says nothing more (or none waits, e.g. for an action read
back from a game's history), and the reason a ``move`` is refused when no movement waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.i18n import N_, _
from ...core.moves import Move
from ...core.say import shown
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
from ..text import Colour
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


class MoveVerb(Verb, move=MovePerson):
    """One person's move during a movement [FR-MOVE-1]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, MovePerson)
        name = game.ctx.name
        return _("{who} moves a person from {origin} to {dest}").format(
            who=who, origin=shown(name(move.person_from)), dest=shown(name(move.to)))

    def explain(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        if st.pending and isinstance(st.pending[-1], Movement):
            return None  # the movement says why
        return "FR-MOVE-1", _("no movement is in progress: play a Conductor token first")


class StopVerb(Verb, move=Stop, plain=N_("{who} stops")):
    """End a movement or a Queue removal early."""


class CatcherVerb(Verb, move=MoveCatcher):
    """Move a Slave Catcher along its path (a card effect) [FR-EFF-CATCHER-MOVE]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, MoveCatcher)
        return _("{who} moves the {colour} Slave Catcher to {dest}").format(
            who=who, colour=Colour(move.colour), dest=shown(game.ctx.name(move.to)))


class SkipVerb(Verb, move=Skip, plain=N_("{who} leaves the Slave Catchers where they are")):
    """Leave the Slave Catchers where they are [FR-EFF-CATCHER-MOVE]."""


class RemoveVerb(Verb, move=RemoveCard):
    """Remove a Queue card without effect [FR-EFF-QUEUE-REMOVE]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, RemoveCard)
        if not 1 <= move.position <= QUEUE_SIZE:
            return None
        cid = game.state.queue[move.index]
        if not cid:
            return _("{who} removes an empty position from the Queue (position {n})").format(
                who=who, n=move.position)
        return _("{who} removes {card} from the Queue (position {n})").format(
            who=who, card=shown(game.ctx.card_by_id[cid].name), n=move.position)


class AcceptSupportVerb(Verb, move=AcceptSupport, plain=N_("{who} buys the Support token")):
    """Accept a discounted Support token [FR-EFF-SUPPORT]."""


class CaptureVerb(Verb, move=ChooseCapture):
    """Choose which of the people nearest a catcher is captured [FR-EFF-CAPTURE-NEAR]."""

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, ChooseCapture)
        return _("{who} chooses a person at {space} to be captured").format(
            who=who, space=shown(game.ctx.name(move.space)))


class DeclineVerb(Verb, move=Decline, plain=N_("{who} declines")):
    """Keep a Reserve card against a roll, or refuse a discounted Support token."""
