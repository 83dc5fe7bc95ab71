"""The typed events of Slow Freight: one frozen dataclass per kind of change (see
:class:`~freight_freedom.core.event.Happened`).

Each carries its rule (``RULE``, or a ``rule`` field when the situation decides it) and its
words, and names its facts: ``TrainMoved.train``/``.track``, ``CardTaken.slot``/``.card``,
``TrainArrived.train``. ``event.data`` holds the same facts under the same keys as before.
A change with no facts to name is a :class:`~freight_freedom.core.event.Note`; scenario events
(a teacher's set-ups, outside the rules) stay plain events. Every kind is given its words as
:func:`~freight_freedom.core.event.later` (or :func:`told`, the same words shared by equal
facts) and writes them only when read: simulations that never read the log skip the formatting.
The words are written in the reader's language (``event.said()``, marked texts of the catalog);
``event.text`` is always their English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..core.event import Happened, later

_TOLD: dict[tuple[Callable[..., str], tuple[Any, ...]], Any] = {}
_TOLD_MAX = 4096


def told(words: Callable[..., str], facts: tuple[Any, ...]) -> str:
    """``later(words, *facts)``: an event's words, written when first read (in English for its
    text, in the reader's language for ``said()``), and one shared value for the same words and
    facts (immutable values: ints, names, tuples of them).

    Every event a game keeps holds its words until the game is dropped; shared words add no
    object per event for the garbage collector to walk, so a game that never reads its log pays
    no more than it did for an English text written at once.
    """
    key = (words, facts)
    found = _TOLD.get(key)
    if found is None:
        if len(_TOLD) >= _TOLD_MAX:  # a bound on what a long-running kernel keeps
            _TOLD.clear()
        found = _TOLD[key] = later(words, *facts)
    return found  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class LocoBrought(Happened):
    """``seat`` brings Locomotive ``loco`` into play as the new, empty ``train``."""

    RULE: ClassVar[str] = "SF-TURN-5"
    seat: int
    train: str
    loco: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardTaken(Happened):
    """``seat`` takes face-up ``card`` from ``slot`` onto ``train`` (SF-XLOCO-1 for an Extra
    Locomotive)."""

    LAZY_TEXT: ClassVar[bool] = True
    rule: str = field()
    seat: int
    slot: int
    train: str
    card: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RowRefilled(Happened):
    """The face-up row gets ``dealt`` (SF-RULING-1 when the Freight deck ran out)."""

    LAZY_TEXT: ClassVar[bool] = True
    rule: str = field()
    dealt: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RowReshuffled(Happened):
    """Two or more Extra Locomotives showed: ``removed`` leaves the game, ``face_up`` shows."""

    RULE: ClassVar[str] = "SF-TAKE-3"
    removed: str
    face_up: tuple[str | None, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TrainMoved(Happened):
    """``train`` moves on Movement card ``card``: ``track`` pieces more, ``total`` in all."""

    LAZY_TEXT: ClassVar[bool] = True
    rule: str = field()
    train: str
    card: str
    track: int
    total: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MovementCard(Happened):
    """A Movement ``card`` is drawn on a pass, or a Clock joins a reshuffled deck."""

    rule: str = field()
    card: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ClockDrawn(Happened):
    """A Clock (``card``) is laid out: ``clocks`` Clocks drawn so far."""

    RULE: ClassVar[str] = "SF-CLOCK-3"
    card: str
    clocks: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TrainArrived(Happened):
    """``seat``'s ``train`` reaches its destination with ``track`` Track."""

    RULE: ClassVar[str] = "SF-ARRIVE-1"
    seat: int
    train: str
    track: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TrackReturned(Happened):
    """An arrived train's ``track`` pieces go back to the supply."""

    RULE: ClassVar[str] = "SF-ARRIVE-2"
    track: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Scored(Happened):
    """``seat`` scores (or pays, when negative) ``points``."""

    rule: str = field()
    seat: int
    points: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class BonusChip(Happened):
    """``seat`` takes the ``points`` Bonus chip of train type ``type`` (0: none was left)."""

    RULE: ClassVar[str] = "SF-ARRIVE-3"
    seat: int
    type: int
    points: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class GameEnded(Happened):
    """The last Clock is drawn (``clocks`` in all): the game ends."""

    RULE: ClassVar[str] = "SF-END-1"
    clocks: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class NoAward(Happened):
    """No train of ``type`` was delivered: no biggest-train award (``seats`` empty, 0 points)."""

    RULE: ClassVar[str] = "SF-SCORE-7"
    type: str
    seats: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Award(Happened):
    """``seats`` delivered the biggest ``type`` train (``cars`` cars): ``points`` each."""

    rule: str = field()
    type: str
    seats: tuple[int, ...]
    cars: int
    points: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Winners(Happened):
    """The game is won by ``winners`` (one, or a shared win) with ``scores`` by seat."""

    rule: str = field()
    winners: tuple[int, ...]
    scores: tuple[int, ...]


# ---------------------------------------------------------------------------- set-up [SF-SETUP-*]
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class GameSetUp(Happened):
    """A game for ``players`` players with the movement table ``movement_table``."""

    RULE: ClassVar[str] = "SF-SETUP-1"
    players: int
    movement_table: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class FreightShuffled(Happened):
    """The ``cards`` Freight cards are shuffled into a deck."""

    RULE: ClassVar[str] = "SF-SETUP-2"
    cards: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RowShown(Happened):
    """The face-up row at set-up (``face_up``), again after a reshuffle (SF-RULING-13)."""

    RULE: ClassVar[str] = "SF-SETUP-3"
    face_up: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class LocoTaken(Happened):
    """``seat`` takes a Locomotive at set-up: train ``train``."""

    RULE: ClassVar[str] = "SF-SETUP-4"
    seat: int
    train: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class LocoSupply(Happened):
    """``locomotives`` Locomotives form the supply."""

    RULE: ClassVar[str] = "SF-SETUP-5"
    locomotives: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ClocksShuffled(Happened):
    """The Movement deck is built; ``clocks_in_game`` Clocks are played this game."""

    RULE: ClassVar[str] = "SF-SETUP-6"
    clocks_in_game: int


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class TrackSupply(Happened):
    """The Track supply: ``track`` pieces (``None``: unlimited)."""

    RULE: ClassVar[str] = "SF-SETUP-8"
    track: int | None


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class FirstPlayer(Happened):
    """``seat`` plays first."""

    RULE: ClassVar[str] = "SF-TURN-1"
    seat: int
