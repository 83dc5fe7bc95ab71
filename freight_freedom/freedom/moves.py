"""The typed reading of every Freedom action kind (see :mod:`..core.moves`), and the notation.

Every decision is one :class:`~freight_freedom.core.action.Action`; the notation is
``SEAT:VERB ARGS`` with space ids and stack ids as words, e.g. ``0:move cincinnati columbus``.

========================  ================================================================
``roll``                  the Lead Player rolls both dice (Slave Catcher phase)
``reserve`` / ``decline`` play (or not) a Reserve card that reacts to the roll
``support``               buy a Support token from the active period column (Planning)
``buy STACK``             buy a Conductor or Fundraising token (Planning)
``special``               use your Role card's Special Ability (then it turns to side II)
``done``                  finish your Planning turn
``benefit``               take your Role card's Benefit (Action phase, once per turn)
``call SEAT``             ask the Station Master (SEAT) to use the Special Ability now
``play STACK``            play a held token (up to 2 per turn)
``card POS``              buy the Queue card at position POS (1 = leftmost)
``reserve``               play your Reserve card
``pass``                  pass all actions and take the period's income
``end``                   end your Action turn
``move FROM TO``          move one person (during a movement)
``stop``                  stop a movement or a Queue removal early
``catcher COLOUR SPACE``  move a Slave Catcher there (card effect); ``skip`` to decline
``remove POS``            remove the Queue card at POS without effect
``buy_support``           accept a discounted Support token; ``decline`` to refuse
``capture SPACE``         choose which person near a catcher is captured
``deliver PLANTATION``    deliver the next person of the bottom Slave Market card there
========================  ================================================================

``MOVES.read(action)`` gives the kind's frozen value, e.g. ``0:move cincinnati columbus`` reads
as ``MovePerson(0, person_from="cincinnati", to="columbus")``; ``m.action()`` builds it back, and
the rules offer their actions as ``BuyCard.action_for(seat, position=2)`` (one shared value per
action). The rules dispatch on these classes (``match MOVES.read(action)``) and read fields by
name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.moves import Move, Moves


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """The Lead Player rolls both dice (Slave Catcher phase)."""

    KIND: ClassVar[str] = "roll"
    RULE: ClassVar[str] = "FR-CATCH-1"


@dataclass(frozen=True, slots=True)
class PlayReserve(Move):
    """Play one's Reserve card (against a roll, or in one's Action turn)."""

    KIND: ClassVar[str] = "reserve"
    RULE: ClassVar[str] = "FR-CARD-RESERVE"


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Keep the Reserve card against a roll, or refuse a discounted Support token."""

    KIND: ClassVar[str] = "decline"
    RULE: ClassVar[str] = "FR-CARD-6"


@dataclass(frozen=True, slots=True)
class BuySupport(Move):
    """Buy a Support token from the active period column (Planning)."""

    KIND: ClassVar[str] = "support"
    RULE: ClassVar[str] = "FR-PLAN-3"


@dataclass(frozen=True, slots=True)
class BuyToken(Move):
    """Buy a Conductor or Fundraising token from ``stack`` (Planning)."""

    KIND: ClassVar[str] = "buy"
    RULE: ClassVar[str] = "FR-PLAN-4"
    stack: str


@dataclass(frozen=True, slots=True)
class UseSpecial(Move):
    """Use one's Role card's Special Ability (the card turns to side II)."""

    KIND: ClassVar[str] = "special"
    RULE: ClassVar[str] = "FR-ROLE-3"


@dataclass(frozen=True, slots=True)
class DonePlanning(Move):
    """Finish one's Planning turn."""

    KIND: ClassVar[str] = "done"
    RULE: ClassVar[str] = "FR-PLAN-1"


@dataclass(frozen=True, slots=True)
class TakeBenefit(Move):
    """Take one's Role card's Benefit (Action phase, once per turn)."""

    KIND: ClassVar[str] = "benefit"
    RULE: ClassVar[str] = "FR-ACT-2"


@dataclass(frozen=True, slots=True)
class CallStationMaster(Move):
    """Ask the Station Master at seat ``other`` to use the Special Ability now."""

    KIND: ClassVar[str] = "call"
    RULE: ClassVar[str] = "FR-ROLE-SM"
    other: int


@dataclass(frozen=True, slots=True)
class PlayToken(Move):
    """Play a held token of ``stack``; ``grey``: the grey one, when both kinds are held."""

    KIND: ClassVar[str] = "play"
    RULE: ClassVar[str] = "FR-ACT-4"
    stack: str
    grey: bool = False


@dataclass(frozen=True, slots=True)
class BuyCard(Move):
    """Buy the Queue card at ``position`` (1 = leftmost)."""

    KIND: ClassVar[str] = "card"
    RULE: ClassVar[str] = "FR-ACT-5"
    position: int

    @property
    def index(self) -> int:
        """The 0-based Queue index of :attr:`position`."""
        return self.position - 1


@dataclass(frozen=True, slots=True)
class PassTurn(Move):
    """Pass all actions and take the period's income."""

    KIND: ClassVar[str] = "pass"
    RULE: ClassVar[str] = "FR-ACT-7"


@dataclass(frozen=True, slots=True)
class EndTurn(Move):
    """End one's Action turn."""

    KIND: ClassVar[str] = "end"
    RULE: ClassVar[str] = "FR-ACT-1"


@dataclass(frozen=True, slots=True)
class MovePerson(Move):
    """Move one person from ``person_from`` to ``to`` (during a movement)."""

    KIND: ClassVar[str] = "move"
    RULE: ClassVar[str] = "FR-MOVE-1"
    person_from: str
    to: str


@dataclass(frozen=True, slots=True)
class Stop(Move):
    """Stop a movement or a Queue removal early."""

    KIND: ClassVar[str] = "stop"
    RULE: ClassVar[str] = "FR-MOVE-1"


@dataclass(frozen=True, slots=True)
class MoveCatcher(Move):
    """Move the ``colour`` Slave Catcher to ``to`` (a card effect)."""

    KIND: ClassVar[str] = "catcher"
    RULE: ClassVar[str] = "FR-EFF-CATCHER-MOVE"
    colour: str
    to: str


@dataclass(frozen=True, slots=True)
class Skip(Move):
    """Leave the Slave Catchers where they are."""

    KIND: ClassVar[str] = "skip"
    RULE: ClassVar[str] = "FR-EFF-CATCHER-MOVE"


@dataclass(frozen=True, slots=True)
class RemoveCard(Move):
    """Remove the Queue card at ``position`` (1 = leftmost) without effect."""

    KIND: ClassVar[str] = "remove"
    RULE: ClassVar[str] = "FR-EFF-QUEUE-REMOVE"
    position: int

    @property
    def index(self) -> int:
        """The 0-based Queue index of :attr:`position`."""
        return self.position - 1


@dataclass(frozen=True, slots=True)
class AcceptSupport(Move):
    """Accept a discounted Support token."""

    KIND: ClassVar[str] = "buy_support"
    RULE: ClassVar[str] = "FR-EFF-SUPPORT"


@dataclass(frozen=True, slots=True)
class ChooseCapture(Move):
    """Choose the space near a catcher where a person is captured."""

    KIND: ClassVar[str] = "capture"
    RULE: ClassVar[str] = "FR-EFF-CAPTURE-NEAR"
    space: str


@dataclass(frozen=True, slots=True)
class Deliver(Move):
    """Deliver the next person of the bottom Slave Market card to ``plantation``."""

    KIND: ClassVar[str] = "deliver"
    RULE: ClassVar[str] = "FR-MKT-PHASE-1"
    plantation: str


MOVES = Moves(
    "FR-ROUND-1",
    Roll, PlayReserve, Decline, BuySupport, BuyToken, UseSpecial, DonePlanning, TakeBenefit,
    CallStationMaster, PlayToken, BuyCard, PassTurn, EndTurn, MovePerson, Stop, MoveCatcher,
    Skip, RemoveCard, AcceptSupport, ChooseCapture, Deliver,
)
"""Every Freedom action kind, by its verb."""
