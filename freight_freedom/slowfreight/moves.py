"""The typed reading of every Slow Freight action kind (see :mod:`..core.moves`; notation in
:mod:`.actions`, SF-RULING-16, SF-RULING-21). Each kind's ``USAGE`` is marked for the catalog
(the verbs say it in the reader's language).

``MOVES.read(Action.parse("1:take 2 t3"))`` is ``Take(1, slot=2, train="t3")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.i18n import N_
from ..core.moves import Move, Moves


@dataclass(frozen=True, slots=True)
class BringLoco(Move):
    """Bring a Locomotive into play: a new train."""

    KIND: ClassVar[str] = "loco"
    RULE: ClassVar[str] = "SF-TURN-3"
    USAGE: ClassVar[str] = N_("loco takes no arguments")


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Take the face-up card in ``slot`` (0-based) onto ``train`` (``t1``, ``t2``, ...)."""

    KIND: ClassVar[str] = "take"
    RULE: ClassVar[str] = "SF-TAKE-1"
    USAGE: ClassVar[str] = N_("take names a face-up slot and a train, e.g. 'take 0 t3'")
    slot: int
    train: str


@dataclass(frozen=True, slots=True)
class StopTaking(Move):
    """End a take-cards turn (after at least one card)."""

    KIND: ClassVar[str] = "stop"
    RULE: ClassVar[str] = "SF-RULING-16"
    USAGE: ClassVar[str] = N_("stop takes no arguments")


@dataclass(frozen=True, slots=True)
class MoveTrain(Move):
    """Move ``train`` along the track."""

    KIND: ClassVar[str] = "move"
    RULE: ClassVar[str] = "SF-MOVE-1"
    USAGE: ClassVar[str] = N_("move names one train, e.g. 'move t3'")
    train: str


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Pass the turn."""

    KIND: ClassVar[str] = "pass"
    RULE: ClassVar[str] = "SF-TURN-3"
    USAGE: ClassVar[str] = N_("pass takes no arguments")


MOVES = Moves("SF-TURN-3", BringLoco, Take, StopTaking, MoveTrain, Pass)
"""Every Slow Freight action kind, by its verb."""
