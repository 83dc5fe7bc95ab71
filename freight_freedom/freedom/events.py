"""The typed events of Freedom: one frozen dataclass per kind of change (see
:class:`~freight_freedom.core.event.Happened`).

Each carries its rule (``RULE``, or a ``rule`` field when the cause decides it) and its words,
and names its facts: ``PersonMoved.origin``/``.dest``, ``Captured.space``, ``CardBought.card``.
``event.data`` holds the same facts under the keys the log has always used (``"from"``/``"to"``
for a move), so readers of the plain :class:`~freight_freedom.core.event.Event` keep working.
A change with no facts to name is a :class:`~freight_freedom.core.event.Note`; scenario
events (a teacher's set-ups, outside the rules) stay plain events.

The events that move a piece on the map (:data:`MAP_MOVES`: a person, a Slave Catcher) offer
:class:`~freight_freedom.core.event.MapMove`: ``origin``, ``dest`` and ``colour`` (``None`` for a
person), which is how the views read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..core.event import Happened, MapMove

_FROM_TO = {"origin": "from", "dest": "to"}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class PersonMoved(Happened):
    """One person moves from ``origin`` to ``dest`` [FR-MOVE-1]."""

    KEYS: ClassVar[Mapping[str, str]] = _FROM_TO
    colour: ClassVar[None] = None  # a person, not a coloured piece (see MapMove)
    rule: str = field()
    origin: str
    dest: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class PersonFreed(Happened):
    """A person reaches Canada at ``dest``: ``freed`` people are free now."""

    RULE: ClassVar[str] = "FR-MOVE-7"
    KEYS: ClassVar[Mapping[str, str]] = _FROM_TO
    colour: ClassVar[None] = None  # a person, not a coloured piece (see MapMove)
    origin: str
    dest: str
    freed: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class GoldGained(Happened):
    """The mover gains ``amount`` dollars from a gold circle."""

    RULE: ClassVar[str] = "FR-MOVE-4"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CatcherCut(Happened):
    """The Station Master stops the ``colour`` Slave Catcher's move."""

    RULE: ClassVar[str] = "FR-ROLE-SM-CUT"
    colour: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CatcherStepped(Happened):
    """A move draws the ``colour`` Slave Catcher one space, ``origin`` to ``dest``."""

    RULE: ClassVar[str] = "FR-MOVE-5"
    KEYS: ClassVar[Mapping[str, str]] = _FROM_TO
    colour: str
    origin: str
    dest: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CatcherMoved(Happened):
    """The ``colour`` Slave Catcher moves ``steps`` spaces along its path (negative: west)."""

    KEYS: ClassVar[Mapping[str, str]] = _FROM_TO
    rule: str = field()
    colour: str
    origin: str
    dest: str
    steps: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Captured(Happened):
    """``captured`` people are captured at ``space``; ``cards``: the Slave Market card each
    goes to (-1: the Slaves Lost track)."""

    rule: str = field()
    space: str
    captured: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class PeopleLost(Happened):
    """``count`` people go to the Slaves Lost track, which then holds ``lost``."""

    rule: str = field()
    count: int
    lost: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TrackFull(Happened):
    """The Slaves Lost track overflows (``lost`` people): the game is lost."""

    RULE: ClassVar[str] = "FR-LOSE-1"
    lost: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class PhaseBegins(Happened):
    """A phase of round ``round`` begins."""

    rule: str = field()
    round: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TokenPlayed(Happened):
    """A Conductor token of ``stack`` is played (``grey``: the grey one)."""

    RULE: ClassVar[str] = "FR-ACT-4"
    seat: int
    stack: str
    grey: bool


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class FundsRaised(Happened):
    """A Fundraising token raises ``amount`` dollars from ``people`` people."""

    RULE: ClassVar[str] = "FR-ACT-6"
    seat: int
    amount: int
    people: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardBought(Happened):
    """``seat`` buys Queue card ``card`` for ``price`` dollars."""

    RULE: ClassVar[str] = "FR-ACT-5"
    seat: int
    card: str
    price: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ReserveCard(Happened):
    """A Reserve card ``card`` of ``seat`` is kept, discarded or played."""

    RULE: ClassVar[str] = "FR-CARD-RESERVE"
    seat: int
    card: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardResolved(Happened):
    """Card ``card`` sets off its effect, or leaves play and its effect ends."""

    rule: str = field()
    card: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Passed(Happened):
    """``seat`` passes and takes ``amount`` dollars of income."""

    RULE: ClassVar[str] = "FR-ACT-7"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class SeatActs(Happened):
    """``seat`` ends a turn, is done, cannot act, or finishes a decision."""

    rule: str = field()
    seat: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RoleUsed(Happened):
    """``seat`` uses the Benefit or Special Ability of the Role ``role``."""

    rule: str = field()
    seat: int
    role: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TokenBought(Happened):
    """``seat`` buys a token of ``stack`` for ``price`` (``grey``: the stack's last, grey one)."""

    rule: str = field()
    seat: int
    stack: str
    price: int
    grey: bool


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class PeriodBegins(Happened):
    """The last Support token of a period is bought: ``period`` begins."""

    RULE: ClassVar[str] = "FR-PLAN-3"
    period: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class SupportBought(Happened):
    """``seat`` buys a Support token of ``period`` for ``price`` dollars."""

    rule: str = field()
    seat: int
    period: int
    price: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MarketCount(Happened):
    """``people`` people wait on the bottom Slave Market card (or find no room)."""

    rule: str = field()
    people: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class PersonDelivered(Happened):
    """The Slave Market sends a person to ``plantation``."""

    RULE: ClassVar[str] = "FR-MKT-PHASE-1"
    KEYS: ClassVar[Mapping[str, str]] = {"plantation": "to"}
    plantation: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MarketAdvanced(Happened):
    """The Slave Market cards move on; ``left`` cards stay in the deck."""

    RULE: ClassVar[str] = "FR-MKT-PHASE-3"
    left: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class QueueRefilled(Happened):
    """The Queue is refilled with ``cards``."""

    rule: str = field()
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class OppositionReshuffled(Happened):
    """``count`` extra Opposition cards go back into the deck."""

    rule: str = field()
    count: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardDiscarded(Happened):
    """Queue card ``card`` is discarded (or takes effect as it goes)."""

    rule: str = field()
    card: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class LanternPassed(Happened):
    """``lead`` takes the Lantern; round ``round`` begins."""

    RULE: ClassVar[str] = "FR-LANT-4"
    lead: int
    round: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CatcherRolled(Happened):
    """The roll: the ``catcher`` Slave Catcher, ``spaces`` spaces ``direction``."""

    RULE: ClassVar[str] = "FR-CATCH-1"
    catcher: str
    direction: str
    spaces: int
    triple: bool


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class WalkerRolled(Happened):
    """The roll shows the walking figure: no Slave Catcher moves."""

    RULE: ClassVar[str] = "FR-CATCH-2"
    catcher: None
    direction: str
    spaces: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CatcherExtra(Happened):
    """An Opposition card adds ``extra`` spaces to the roll."""

    RULE: ClassVar[str] = "FR-EFF-CATCHER-EXTRA"
    extra: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MoneyChanged(Happened):
    """``seat`` gains (or loses) ``amount`` dollars."""

    rule: str = field()
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class EveryoneMoney(Happened):
    """Every player gains (or loses) ``amount`` dollars."""

    rule: str = field()
    amount: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MarketRemoved(Happened):
    """``removed`` people are taken off the Slave Market cards."""

    rule: str = field()
    removed: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MarketAdded(Happened):
    """``count`` people are added to the bottom Slave Market card."""

    rule: str = field()
    count: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RollReduced(Happened):
    """``seat``'s card makes the rolled Slave Catcher move ``by`` fewer spaces."""

    rule: str = field()
    seat: int
    by: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TokenRemoved(Happened):
    """A Conductor token of ``stack`` leaves the game."""

    rule: str = field()
    stack: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CatcherIdle(Happened):
    """The ``colour`` Slave Catcher sees no one on its path."""

    RULE: ClassVar[str] = "FR-EFF-CATCHERS-ADVANCE"
    colour: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RoundTotals(Happened):
    """The end of round ``round`` (a win, a loss, or the game goes on): ``freed`` freed,
    ``lost`` lost, ``support`` Support tokens bought."""

    rule: str = field()
    round: int
    freed: int
    lost: int
    support: int

    def payload(self) -> dict[str, Any]:
        return {"round": self.round, "round_end": True, "freed": self.freed, "lost": self.lost,
                "support": self.support}


# ---------------------------------------------------------------------------- set-up [FR-SETUP-*]
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RolesDealt(Happened):
    """Each seat's Role (``roles`` by seat); everyone starts with ``money`` dollars."""

    RULE: ClassVar[str] = "FR-SETUP-1"
    roles: tuple[str, ...]
    money: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class PeoplePlaced(Happened):
    """The people on each plantation at the start (``people``: plantation id -> count)."""

    RULE: ClassVar[str] = "FR-SETUP-2"
    SPREAD: ClassVar[str] = "people"
    people: Mapping[str, int]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MarketBuilt(Happened):
    """The Slave Market deck is built; ``market``: the face-up cards, bottom to top."""

    RULE: ClassVar[str] = "FR-SETUP-3"
    market: tuple[Any, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class DecksShuffled(Happened):
    """The three period decks are shuffled: ``sizes`` cards each."""

    RULE: ClassVar[str] = "FR-SETUP-4"
    sizes: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class SupportLaidOut(Happened):
    """The tokens are laid out: ``support`` Support tokens per period."""

    RULE: ClassVar[str] = "FR-SETUP-6"
    support: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CatchersPlaced(Happened):
    """The Slave Catchers' starting spaces (``catchers``: colour -> space id)."""

    RULE: ClassVar[str] = "FR-SETUP-7"
    SPREAD: ClassVar[str] = "catchers"
    catchers: Mapping[str, str]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class VictoryConditions(Happened):
    """The side played: free ``freed`` people; the Slaves Lost track holds ``lost``."""

    RULE: ClassVar[str] = "FR-SETUP-8"
    freed: int
    lost: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class LanternTaken(Happened):
    """``lead`` is the first Lead Player and takes the Lantern."""

    RULE: ClassVar[str] = "FR-SETUP-9"
    lead: int


MAP_MOVES: tuple[type[MapMove], ...] = (PersonMoved, PersonFreed, CatcherStepped, CatcherMoved)
"""The kinds that move a piece on the map: each offers
:class:`~freight_freedom.core.event.MapMove` (a Slave Market delivery, :class:`PersonDelivered`,
places a person from off the map, so it has no origin and is not one)."""
