"""Which decisions are legal now, why another one is not, and the pending decision in words.

The single source of legality (STYLE.md 3): :func:`legal_actions` lists every legal action in a
fixed order (``loco``, ``take`` by slot then train, ``move`` by train, ``pass``; or, inside a
take-cards turn, ``take``... then ``stop``). :func:`explain_illegal` is only called for actions not
in that list and turns them into a reason with a rule ID.
"""

from __future__ import annotations

from ..core import Action, Prompt
from .actions import KINDS, ActionTable, action_table
from .components import KIND_NAMES, XLOCO
from .freight import loose_takes, unfinished
from .moves import MOVES, MoveTrain, Take
from .state import SlowFreightState, Train
from .trains import ACCEPTS, EACH_CARD, LOOSE_NEXT, MISSING, NCARS, add_rejection


def _table(state: SlowFreightState) -> ActionTable:
    table = state.actions
    if table is None:  # a state built by hand, not by set-up
        comps = state.comps
        table = state.actions = action_table(comps.face_up, comps.locomotives)
    return table


def forced_train(state: SlowFreightState, seat: int) -> Train | None:
    """The seat's Extra-Locomotive train, which it must move this turn (SF-XLOCO-4)."""
    if state.taken:
        return None
    for train in state.players[seat].trains:
        if train.xloco is not None:
            return train
    return None


def _takes(state: SlowFreightState, seat: int, out: list[Action], table: ActionTable) -> None:
    if state.train_check != EACH_CARD:
        takes = table.take[seat]
        out.extend([takes[slot][t.id] for slot, t in loose_takes(state, state.players[seat])])
        return
    # loops, not comprehensions: this runs for nearly every decision of every simulated game
    growing = []
    for t in state.players[seat].trains:
        if not t.moving and t.xloco is None:
            growing.append((t.id, t.code))
    if not growing:
        return
    kinds = state.comps.card_kind
    takes = table.take[seat]
    xloco_ok = not state.xloco_taken
    append = out.append
    slot = -1
    for card in state.face_up:
        slot += 1
        if card is None:
            continue
        kind = kinds[card]
        if kind == XLOCO and not xloco_ok:
            continue
        ok = ACCEPTS[kind]  # for an Extra Locomotive: the train has cars
        row = takes[slot]
        for i, code in growing:
            if ok[code]:
                append(row[i])


def legal_actions(state: SlowFreightState) -> list[Action]:
    """Every legal action for the seat to move, in the documented order."""
    seat = state.seat
    table = state.actions or _table(state)
    out: list[Action] = []
    if state.taken:
        _takes(state, seat, out, table)
        if state.train_check == EACH_CARD or not any(unfinished(state.players[seat])):
            out.append(table.stop[seat])  # SF-RULING-25: not while a train is unfinished
        return out
    trains = state.players[seat].trains
    moves = table.move[seat]
    for t in trains:
        if t.xloco is not None:
            return [moves[t.id]]
    if state.loco_supply:
        out.append(table.loco[seat])
    _takes(state, seat, out, table)
    for t in trains:
        if t.code:
            out.append(moves[t.id])
    out.append(table.pass_[seat])
    return out


def _train_problem(state: SlowFreightState, seat: int, name: object) -> tuple[str, str] | None:
    """Why ``name`` is not one of the seat's trains on its way (None if it is)."""
    if state.find_train(seat, name) is not None:
        return None
    for p in state.players:
        if any(t.name == name for t in p.delivered):
            return "SF-ARRIVE-1", f"train {name} has already reached its destination"
        if p.seat != seat and any(t.name == name for t in p.trains):
            return "SF-FORM-1", f"train {name} belongs to Player {p.seat + 1}"
    return "SF-FORM-1", f"you have no train {name!s}: cards go onto a train you own"


def explain_illegal(state: SlowFreightState, action: Action) -> tuple[str, str]:
    """Rule ID and reason for an action that is not in :func:`legal_actions`."""
    seat, kind = action.seat, action.kind
    if kind not in KINDS:
        return "SF-TURN-3", f"unknown action {kind!r}; the actions are {', '.join(KINDS)}"
    move = MOVES.get(action)
    forced = forced_train(state, seat)
    if forced is not None and not (isinstance(move, MoveTrain) and move.train == forced.name):
        return "SF-XLOCO-4", f"you must move {forced.name}: it has an Extra Locomotive"
    if state.taken and kind in ("loco", "move", "pass"):
        return "SF-RULING-16", "you are taking cards this turn: take another card or stop"
    if kind == "stop":
        if state.taken:
            return "SF-RULING-25", (
                "you cannot stop yet: " + _unfinished_text(state, seat)
                + " must be made valid before the turn ends")
        return "SF-RULING-16", "stop ends a take-cards turn: take a card first"
    if kind in ("loco", "pass") and move is None:
        return "SF-TURN-3", f"{kind} takes no arguments"
    if kind == "loco":
        return "SF-RULING-2", "the Locomotive supply is empty"
    if kind == "move":
        if not isinstance(move, MoveTrain):
            return "SF-MOVE-1", "move names one train, e.g. 'move t3'"
        problem = _train_problem(state, seat, move.train)
        if problem is not None:
            return problem
        return "SF-RULING-6", f"train {move.train} has no cars: a bare Locomotive cannot move"
    if not isinstance(move, Take):
        return "SF-TAKE-1", "take names a face-up slot and a train, e.g. 'take 0 t3'"
    slot, name = move.slot, move.train
    last = len(state.face_up) - 1
    if not 0 <= slot <= last:
        return "SF-TAKE-1", f"there is no face-up slot {slot} (slots are 0-{last})"
    card = state.face_up[slot]
    if card is None:
        if state.taken:
            return "SF-RULING-16", f"slot {slot} was taken this turn; it is refilled after the turn"
        return "SF-RULING-1", f"slot {slot} is empty: the Freight deck has run out"
    problem = _train_problem(state, seat, name)
    if problem is not None:
        return problem
    train = state.find_train(seat, name)
    assert train is not None
    card_kind = state.comps.card_kind[card]
    if train.moving:
        return "SF-FORM-6", f"train {name} has started moving: no more cars"
    if card_kind == XLOCO:
        if state.xloco_taken:
            return "SF-XLOCO-3", "only one Extra Locomotive per turn"
        if train.xloco is not None:
            return "SF-XLOCO-2", f"train {name} already has an Extra Locomotive"
        if train.code and MISSING[train.code] >= 0:
            return "SF-RULING-25", (f"train {name} is not yet valid: an Extra Locomotive closes a "
                                    "train (SF-XLOCO-2), so it joins only a valid train")
        return "SF-RULING-5", f"train {name} has no cars: an Extra Locomotive needs a train"
    if train.xloco is not None:
        return "SF-XLOCO-2", f"train {name} has an Extra Locomotive: no more cars"
    if state.train_check != EACH_CARD:
        return _loose_rejection(state, seat, train, card_kind)
    rejection = add_rejection(train.code, card_kind)
    if rejection is not None:
        rule, reason = rejection
        return rule, f"a {KIND_NAMES[card_kind]} car cannot join {name}: {reason}"
    return "SF-TURN-3", "not a legal choice now"


def _unfinished_text(state: SlowFreightState, seat: int) -> str:
    trains = [t for t in state.players[seat].trains if MISSING[t.code] >= 0]
    return ", ".join(f"{t.name} (needs a {KIND_NAMES[MISSING[t.code]]} car)" for t in trains)


def _loose_rejection(state: SlowFreightState, seat: int, train: Train, kind: int
                     ) -> tuple[str, str]:
    """Why a car may not join ``train`` under ``train_check="end_of_turn"`` (SF-RULING-25)."""
    what = f"a {KIND_NAMES[kind]} car cannot join {train.name}"
    if NCARS[train.code] >= 5:
        return "SF-FORM-2", f"{what}: a train holds at most 5 Freight cars"
    if LOOSE_NEXT[train.code][kind] < 0:
        return "SF-RULING-25", (f"{what}: the train could never become valid again "
                                "(a Mixed train of 3-5 cars needs all three kinds, at most 5 cars)")
    return "SF-RULING-25", (f"{what}: the cards left face up could not make every train you "
                            "added to this turn valid before the turn ends")


def prompt(state: SlowFreightState) -> Prompt:
    """The pending decision in words with its rule."""
    if state.over:
        return Prompt(None, f"the game is over: {state.end_reason}", "SF-END-1")
    seat = state.seat
    if state.taken:
        if state.train_check != EACH_CARD and any(unfinished(state.players[seat])):
            return Prompt(seat, f"take another face-up card ({state.taken} taken): "
                          f"{_unfinished_text(state, seat)} must become valid first",
                          "SF-RULING-25")
        return Prompt(seat, f"take another face-up card ({state.taken} taken) or stop",
                      "SF-RULING-16")
    forced = forced_train(state, seat)
    if forced is not None:
        return Prompt(seat, f"move {forced.name}: it has an Extra Locomotive", "SF-XLOCO-4")
    return Prompt(seat, f"turn {state.turn}: bring a Locomotive, take cards, move a train or pass",
                  "SF-TURN-3")
