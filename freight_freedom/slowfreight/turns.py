"""Turn order and the simplest action, bringing a Locomotive (SF-TURN-2, SF-TURN-5)."""

from __future__ import annotations

from ..core import Event
from .events import LocoBrought
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
    return [LocoBrought(
        f"Player {seat + 1} brings a Locomotive into play: new train {train.name} "
        f"({len(state.loco_supply)} left in the supply)", seat, train.name, f"loco{loco + 1}",
    )]
