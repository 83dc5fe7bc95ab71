"""Turn order and the simplest action, bringing a Locomotive (SF-TURN-2, SF-TURN-5)."""

from __future__ import annotations

from ..core import Event
from ..core.i18n import _
from .events import LocoBrought, told
from .state import SlowFreightState, Train


def next_turn(state: SlowFreightState) -> None:
    """Hand the turn to the next seat clockwise (SF-TURN-2) and clear the per-turn counters."""
    state.seat = (state.seat + 1) % len(state.players)
    state.turn += 1
    state.taken = 0
    state.xloco_taken = False


def bring_loco(state: SlowFreightState, seat: int) -> list[Event]:
    """Take a Locomotive from the supply: it starts a new, still empty train (SF-TURN-5)."""
    loco = state.loco_supply.pop(0)
    train = Train(id=state.next_train, owner=seat, loco=loco)
    state.next_train += 1
    state.players[seat].trains.append(train)
    next_turn(state)
    if not state.narrate:
        return []
    return [LocoBrought(told(_loco_words, (seat, train.name, len(state.loco_supply))), seat,
                        train.name, f"loco{loco + 1}")]


def _loco_words(seat: int, tid: str, left: int) -> str:
    """The words of a :class:`LocoBrought` (written when first read, in the reader's
    language)."""
    return _("Player {n} brings a Locomotive into play: new train {train} ({left} left in the "
             "supply)").format(n=seat + 1, train=tid, left=left)
