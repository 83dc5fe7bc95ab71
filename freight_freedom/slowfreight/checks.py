"""Invariant checks anyone can run on a Slow Freight game (a conformance harness, STYLE.md 10).

:func:`conservation` proves every card, Locomotive, chip and Track piece is somewhere exactly
once; :func:`check_invariants` adds train validity and turn-state sanity. Property tests call them
after every decision of thousands of random games; a notebook can call them on any position.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .components import XLOCO
from .state import SlowFreightState, Train
from .trains import EACH_CARD, MISSING, NCARS, TYPE_OF, code_of


class InvariantError(AssertionError):
    """A state that the rules can never produce."""


def _once(name: str, places: dict[str, list[int]], total: int) -> dict[str, int]:
    seen = Counter(c for cards in places.values() for c in cards)
    missing = [c for c in range(total) if seen[c] == 0]
    twice = [c for c, n in seen.items() if n > 1]
    alien = [c for c in seen if not 0 <= c < total]
    if missing or twice or alien:
        raise InvariantError(f"{name}: missing {missing}, more than once {twice}, unknown {alien}")
    return {where: len(cards) for where, cards in places.items()}


def conservation(state: SlowFreightState, track_total: int | None = None) -> dict[str, Any]:
    """Check that all Freight cards, Locomotives, Movement cards (and chips, Track) are somewhere
    exactly once; returns where they are, counted. Raises :class:`InvariantError` otherwise."""
    comps = state.comps
    trains = [t for p in state.players for t in (*p.trains, *p.delivered)]
    freight = _once("Freight cards", {
        "deck": state.freight_deck,
        "face_up": [c for c in state.face_up if c is not None],
        "removed": state.removed,
        "cars": [c for t in trains for c in t.cars],
        "xlocos": [t.xloco for t in trains if t.xloco is not None],
    }, comps.freight_total)
    locos = _once("Locomotives", {
        "supply": state.loco_supply,
        "trains": [t.loco for t in trains],
    }, comps.locomotives)
    movement = _once("Movement cards", {
        "deck": state.movement_deck,
        "discard": state.discard,
        "clock_pile": state.clock_pile,
        "clocks_drawn": state.clocks_drawn,
        "unused_clocks": state.unused_clocks,
    }, comps.movement_total)
    clocks_in_deck = sum(1 for c in state.movement_deck if c >= comps.train_cards)
    if clocks_in_deck != (0 if state.over else 1):
        raise InvariantError(f"{clocks_in_deck} Clocks in the Movement deck (SF-CLOCK-1)")
    for kind, chips in enumerate(state.bonus_chips):
        taken = [v for p in state.players for t, v in p.bonus_chips if t == kind]
        if sorted(chips + taken) != sorted(comps.bonus_chips[kind]):
            raise InvariantError(f"bonus chips of type {kind}: {chips} left + {taken} taken")
    on_trains = sum(t.track for p in state.players for t in p.trains)
    supply = state.track_supply
    if track_total is not None and supply is not None and (
        supply + on_trains != track_total or supply < 0
    ):
        raise InvariantError(f"Track: {supply} in supply + {on_trains} on trains != {track_total}")
    return {"freight": freight, "locomotives": locos, "movement": movement,
            "track_on_trains": on_trains}


def _may_be_unfinished(state: SlowFreightState, train: Train) -> bool:
    """SF-RULING-25: under ``train_check="end_of_turn"`` a train of the seat taking cards may be
    invalid during the turn if one more car can still make it valid; never at a turn boundary."""
    return (state.train_check != EACH_CARD and state.taken > 0 and not state.over
            and train.owner == state.seat and not train.moving and train.xloco is None
            and MISSING[train.code] >= 0
            and train in state.players[train.owner].trains)


def check_invariants(state: SlowFreightState, track_total: int | None = None) -> None:
    """:func:`conservation` plus: every train valid (SF-FORM-1..6), turn state consistent.

    With ``train_check="end_of_turn"`` a train may be unfinished during its owner's take-cards
    turn (SF-RULING-25), but every train is valid whenever no take-cards turn is under way.
    """
    conservation(state, track_total)
    kinds = state.comps.card_kind
    for p in state.players:
        xloco_trains = 0
        for t in [*p.trains, *p.delivered]:
            if t.owner != p.seat:
                raise InvariantError(f"{t.name} is in seat {p.seat}'s list but owned by {t.owner}")
            counts = [0, 0, 0]
            for c in t.cars:
                if kinds[c] == XLOCO:
                    raise InvariantError(f"{t.name} carries an Extra Locomotive as a car")
                counts[kinds[c]] += 1
            if code_of(counts) != t.code:
                raise InvariantError(f"{t.name}: code {t.code} does not match its cars")
            if t.cars and TYPE_OF[t.code] < 0 and not _may_be_unfinished(state, t):
                raise InvariantError(f"{t.name} is not a valid train: {counts} (SF-FORM-2..5)")
            if t.xloco is not None and (kinds[t.xloco] != XLOCO or NCARS[t.code] == 0):
                raise InvariantError(f"{t.name}: bad Extra Locomotive (SF-RULING-5)")
            if t.moving and not t.cars:
                raise InvariantError(f"{t.name} moves without cars (SF-RULING-6)")
            if t in p.trains and t.xloco is not None:
                xloco_trains += 1
            if t in p.trains and t.track >= state.comps.destination:
                raise InvariantError(f"{t.name} has {t.track} Track but has not arrived")
        for t in p.delivered:
            if not t.cars or not t.moving or t.track != 0:
                raise InvariantError(f"delivered {t.name} is inconsistent")
        if xloco_trains > 1:
            raise InvariantError(f"seat {p.seat} has {xloco_trains} Extra-Locomotive trains "
                                 "(SF-RULING-19)")
    if not state.taken:
        face_xlocos = sum(1 for c in state.face_up if c is not None and kinds[c] == XLOCO)
        if face_xlocos >= 2:
            raise InvariantError("two or more Extra Locomotives face up between turns (SF-TAKE-3)")
        if state.freight_deck and None in state.face_up:
            raise InvariantError("an empty face-up slot while the deck has cards (SF-TAKE-2)")
    if len(state.clocks_drawn) > state.clocks_in_game:
        raise InvariantError("more Clocks drawn than in the game")
    if state.over != (len(state.clocks_drawn) == state.clocks_in_game):
        raise InvariantError("the game is over exactly when the last Clock is drawn (SF-END-1)")
