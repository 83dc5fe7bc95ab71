"""The verbs of Slow Freight, one action kind each (see :mod:`freight_freedom.core.verb`).

=========  ================================================  ===========================
verb       what the player does                              phases (:mod:`.legal`)
=========  ================================================  ===========================
``loco``   bring a Locomotive into play: a new train         ``turn``
``take``   take a face-up Freight card onto a train          ``turn``, ``taking``
``move``   move a train along the track                      ``turn`` (``xloco``: one)
``pass``   pass (and still draw a Movement card)             ``turn``
``stop``   end a take-cards turn                             ``taking``
=========  ================================================  ===========================

Each verb lists its legal actions (:meth:`~.core.verb.Verb.offer`, from the shared action table
of :mod:`.actions`), carries one out through the rule modules (:mod:`.turns`, :mod:`.freight`,
:mod:`.movement`), puts it in words and says why one is not legal, with the rule. The forced
move of a train with an Extra Locomotive (SF-XLOCO-4) is :class:`ForcedMoveVerb`: the ``move``
verb narrowed to that one train, offered only by the ``xloco`` phase; the table keeps the one
``move`` verb that carries out and describes every move. :data:`VERBS` is the game's table.
"""

from __future__ import annotations

from ..core import Action, Event, IllegalAction
from ..core.i18n import _
from ..core.moves import Move
from ..core.say import shown
from ..core.verb import Verb, Verbs
from . import freight, movement, turns
from .actions import ActionTable, action_table
from .components import KIND_NAMES, XLOCO
from .freight import loose_takes, unfinished
from .moves import MOVES, BringLoco, MoveTrain, Pass, StopTaking, Take
from .state import SlowFreightState, Train
from .text import train_words
from .trains import ACCEPTS, EACH_CARD, LOOSE_NEXT, MISSING, NCARS, add_rejection


class SlowFreightVerb(Verb[None, SlowFreightState, SlowFreightState]):
    """A Slow Freight verb: no context beyond the state (``ctx`` is ``None``); words are made
    from the state."""


# ---------------------------------------------------------------------------------- helpers
def table(state: SlowFreightState) -> ActionTable:
    """The state's shared action table (made for a state built by hand, not by set-up)."""
    found = state.actions
    if found is None:
        comps = state.comps
        found = state.actions = action_table(comps.face_up, comps.locomotives)
    return found


def forced_train(state: SlowFreightState, seat: int) -> Train | None:
    """The seat's Extra-Locomotive train, which it must move this turn (SF-XLOCO-4)."""
    if state.taken:
        return None
    for train in state.players[seat].trains:
        if train.xloco is not None:
            return train
    return None


def unfinished_text(state: SlowFreightState, seat: int) -> str:
    """``"t2 (needs a Coal car)"``: the seat's trains not yet valid (SF-RULING-25)."""
    trains = [t for t in state.players[seat].trains if MISSING[t.code] >= 0]
    return ", ".join(_("{train} (needs a {kind} car)").format(
        train=t.name, kind=shown(KIND_NAMES[MISSING[t.code]])) for t in trains)


def train_problem(state: SlowFreightState, seat: int, name: object) -> tuple[str, str] | None:
    """Why ``name`` is not one of the seat's trains on its way (None if it is)."""
    if state.find_train(seat, name) is not None:
        return None
    for p in state.players:
        if any(t.name == name for t in p.delivered):
            return "SF-ARRIVE-1", _("train {train} has already reached its destination").format(
                train=name)
        if p.seat != seat and any(t.name == name for t in p.trains):
            return "SF-FORM-1", _("train {train} belongs to Player {n}").format(
                train=name, n=p.seat + 1)
    return "SF-FORM-1", _("you have no train {train}: cards go onto a train you own").format(
        train=str(name))


def _own_train(state: SlowFreightState, seat: int, name: object) -> Train:
    train = state.find_train(seat, name)
    if train is None:
        raise IllegalAction(_("you have no train {train}").format(train=str(name)),
                            rule="SF-FORM-1")
    return train


# ------------------------------------------------------------------------------------ verbs
class LocoVerb(SlowFreightVerb, move=BringLoco, phases=("turn",)):
    """Bring a Locomotive from the supply into play: a new, empty train (SF-TURN-5)."""

    def offer(self, ctx: None, state: SlowFreightState, seat: int, out: list[Action]) -> None:
        if state.loco_supply:
            out.append((state.actions or table(state)).loco[seat])

    def apply(self, ctx: None, state: SlowFreightState, action: Action,
              events: list[Event]) -> None:
        events += turns.bring_loco(state, action.seat)

    def words(self, reader: SlowFreightState, move: Move, who: str) -> str | None:
        return _("{who} brings a Locomotive into play (new train {train})").format(
            who=who, train=f"t{reader.next_train}")

    def why_not(self, ctx: None, state: SlowFreightState, action: Action
                ) -> tuple[str, str] | None:
        if MOVES.get(action) is None:
            return "SF-TURN-3", _(BringLoco.USAGE)
        return "SF-RULING-2", _("the Locomotive supply is empty")


class TakeVerb(SlowFreightVerb, move=Take, phases=("turn", "taking")):
    """Take a face-up card onto one of the seat's trains (SF-TAKE-1): by slot, then by train."""

    def offer(self, ctx: None, state: SlowFreightState, seat: int, out: list[Action]) -> None:
        takes = (state.actions or table(state)).take[seat]
        if state.train_check != EACH_CARD:
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

    def apply(self, ctx: None, state: SlowFreightState, action: Action,
              events: list[Event]) -> None:
        move = Take.of(action)
        train = _own_train(state, move.seat, move.train)
        events += freight.take(state, move.seat, move.slot, train)

    def words(self, reader: SlowFreightState, move: Move, who: str) -> str | None:
        assert isinstance(move, Take)
        state, name, slot = reader, move.train, move.slot
        train = state.find_train(move.seat, name)
        # TRANSLATORS: a train and its cars: "t3 (2 Coal cars)"
        onto = (_("{train} ({cars})").format(train=name, cars=train_words(train))
                if train is not None else name)
        place = _("face-up card {n} of {slots}").format(n=slot + 1, slots=len(state.face_up))
        if not 0 <= slot < len(state.face_up):
            return _("{who} takes a card onto train {onto} (there is no {place})").format(
                who=who, onto=onto, place=place)
        card = state.face_up[slot]
        if card is None:
            return _("{who} takes from an empty place ({place}) onto train {onto}").format(
                who=who, place=place, onto=onto)
        what = shown(KIND_NAMES[state.comps.card_kind[card]])
        return _("{who} takes the face-up {kind} ({place}) onto train {onto}").format(
            who=who, kind=what, place=place, onto=onto)

    def why_not(self, ctx: None, state: SlowFreightState, action: Action
                ) -> tuple[str, str] | None:
        move = MOVES.get(action)
        if not isinstance(move, Take):
            return "SF-TAKE-1", _(Take.USAGE)
        seat, slot, name = action.seat, move.slot, move.train
        last = len(state.face_up) - 1
        if not 0 <= slot <= last:
            return "SF-TAKE-1", _("there is no face-up slot {slot} (slots are 0-{last})").format(
                slot=slot, last=last)
        card = state.face_up[slot]
        if card is None:
            if state.taken:
                return "SF-RULING-16", _("slot {slot} was taken this turn; it is refilled after "
                                         "the turn").format(slot=slot)
            return "SF-RULING-1", _("slot {slot} is empty: the Freight deck has run out").format(
                slot=slot)
        problem = train_problem(state, seat, name)
        if problem is not None:
            return problem
        train = _own_train(state, seat, name)
        card_kind = state.comps.card_kind[card]
        if train.moving:
            return "SF-FORM-6", _("train {train} has started moving: no more cars").format(
                train=name)
        if card_kind == XLOCO:
            return _xloco_rejection(state, train)
        if train.xloco is not None:
            return "SF-XLOCO-2", _("train {train} has an Extra Locomotive: no more cars").format(
                train=name)
        if state.train_check != EACH_CARD:
            return _loose_rejection(train, card_kind)
        rejection = add_rejection(train.code, card_kind)
        if rejection is not None:
            rule, reason = rejection
            return rule, _("a {kind} car cannot join {train}: {reason}").format(
                kind=shown(KIND_NAMES[card_kind]), train=name, reason=reason)
        return "SF-TURN-3", _("not a legal choice now")


def _xloco_rejection(state: SlowFreightState, train: Train) -> tuple[str, str]:
    """Why an Extra Locomotive may not join ``train`` (SF-XLOCO-2, SF-XLOCO-3, SF-RULING-5)."""
    name = train.name
    if state.xloco_taken:
        return "SF-XLOCO-3", _("only one Extra Locomotive per turn")
    if train.xloco is not None:
        return "SF-XLOCO-2", _("train {train} already has an Extra Locomotive").format(
            train=name)
    if train.code and MISSING[train.code] >= 0:
        return "SF-RULING-25", _("train {train} is not yet valid: an Extra Locomotive closes a "
                                 "train (SF-XLOCO-2), so it joins only a valid train").format(
            train=name)
    return "SF-RULING-5", _("train {train} has no cars: an Extra Locomotive needs a train").format(
        train=name)


def _loose_rejection(train: Train, kind: int) -> tuple[str, str]:
    """Why a car may not join ``train`` under ``train_check="end_of_turn"`` (SF-RULING-25)."""
    if NCARS[train.code] >= 5:
        rule, reason = "SF-FORM-2", _("a train holds at most {n} Freight cars").format(n=5)
    elif LOOSE_NEXT[train.code][kind] < 0:
        rule, reason = "SF-RULING-25", _(
            "the train could never become valid again (a Mixed train of 3-5 cars needs all "
            "three kinds, at most 5 cars)")
    else:
        rule, reason = "SF-RULING-25", _(
            "the cards left face up could not make every train you added to this turn valid "
            "before the turn ends")
    return rule, _("a {kind} car cannot join {train}: {reason}").format(
        kind=shown(KIND_NAMES[kind]), train=train.name, reason=reason)


class MoveVerb(SlowFreightVerb, move=MoveTrain, phases=("turn",)):
    """Move one of the seat's trains that has cars (SF-MOVE-1): in the order of its trains."""

    def offer(self, ctx: None, state: SlowFreightState, seat: int, out: list[Action]) -> None:
        moves = (state.actions or table(state)).move[seat]
        for t in state.players[seat].trains:
            if t.code:
                out.append(moves[t.id])

    def apply(self, ctx: None, state: SlowFreightState, action: Action,
              events: list[Event]) -> None:
        move = MoveTrain.of(action)
        events += movement.move(state, move.seat, _own_train(state, move.seat, move.train))

    def words(self, reader: SlowFreightState, move: Move, who: str) -> str | None:
        assert isinstance(move, MoveTrain)
        train = reader.find_train(move.seat, move.train)
        if train is None:
            return _("{who} moves train {train}").format(who=who, train=move.train)
        return _("{who} moves train {train} ({cars})").format(who=who, train=move.train,
                                                             cars=train_words(train))

    def why_not(self, ctx: None, state: SlowFreightState, action: Action
                ) -> tuple[str, str] | None:
        move = MOVES.get(action)
        if not isinstance(move, MoveTrain):
            return "SF-MOVE-1", _(MoveTrain.USAGE)
        problem = train_problem(state, action.seat, move.train)
        if problem is not None:
            return problem
        return "SF-RULING-6", _("train {train} has no cars: a bare Locomotive cannot move").format(
            train=move.train)


class ForcedMoveVerb(MoveVerb, move=MoveTrain, phases=("xloco",)):
    """The ``move`` verb narrowed to the train with an Extra Locomotive, which must move this
    turn (SF-XLOCO-4); not in :data:`VERBS` (the one ``move`` verb there carries it out)."""

    def offer(self, ctx: None, state: SlowFreightState, seat: int, out: list[Action]) -> None:
        moves = (state.actions or table(state)).move[seat]
        for t in state.players[seat].trains:
            if t.xloco is not None:
                out.append(moves[t.id])
                return

    def why_not(self, ctx: None, state: SlowFreightState, action: Action
                ) -> tuple[str, str] | None:
        forced = forced_train(state, action.seat)
        move = MOVES.get(action)
        if forced is not None and not (isinstance(move, MoveTrain) and move.train == forced.name):
            return must_move(forced)
        return super().why_not(ctx, state, action)


def must_move(forced: Train) -> tuple[str, str]:
    """The reason every other action waits for the forced move (SF-XLOCO-4)."""
    return "SF-XLOCO-4", _("you must move {train}: it has an Extra Locomotive").format(
        train=forced.name)


class PassVerb(SlowFreightVerb, move=Pass, phases=("turn",)):
    """Pass: the seat still draws a Movement card (SF-TURN-3); always offered on a turn."""

    def offer(self, ctx: None, state: SlowFreightState, seat: int, out: list[Action]) -> None:
        out.append((state.actions or table(state)).pass_[seat])

    def apply(self, ctx: None, state: SlowFreightState, action: Action,
              events: list[Event]) -> None:
        events += movement.pass_turn(state, action.seat)

    def words(self, reader: SlowFreightState, move: Move, who: str) -> str | None:
        return _("{who} passes (and still draws a Movement card)").format(who=who)

    def why_not(self, ctx: None, state: SlowFreightState, action: Action
                ) -> tuple[str, str] | None:
        return ("SF-TURN-3", _(Pass.USAGE)) if MOVES.get(action) is None else None


class StopVerb(SlowFreightVerb, move=StopTaking, phases=("taking",)):
    """End a take-cards turn; under ``train_check="end_of_turn"`` only once every train is
    valid again (SF-RULING-16, SF-RULING-25)."""

    def offer(self, ctx: None, state: SlowFreightState, seat: int, out: list[Action]) -> None:
        if state.train_check == EACH_CARD or not any(unfinished(state.players[seat])):
            out.append((state.actions or table(state)).stop[seat])

    def apply(self, ctx: None, state: SlowFreightState, action: Action,
              events: list[Event]) -> None:
        events += freight.end_take_turn(state)

    def words(self, reader: SlowFreightState, move: Move, who: str) -> str | None:
        return _("{who} stops taking cards").format(who=who)

    def why_not(self, ctx: None, state: SlowFreightState, action: Action
                ) -> tuple[str, str] | None:
        return "SF-RULING-25", _("you cannot stop yet: {trains} must be made valid before the "
                                 "turn ends").format(trains=unfinished_text(state, action.seat))


VERBS: Verbs[SlowFreightVerb] = Verbs(LocoVerb, TakeVerb, StopVerb, MoveVerb, PassVerb)
"""Slow Freight's verbs by kind (in the order of :data:`.actions.KINDS`)."""
FORCED_MOVE = ForcedMoveVerb()
"""The forced move of the ``xloco`` phase (SF-XLOCO-4)."""


def describe_action(state: SlowFreightState, action: Action) -> str:
    """The action in words, e.g. ``"Player 2 moves train t3 (2 Coal cars)"``: its verb's words,
    else ``"Player 2: <notation>"`` for an action of no kind or with malformed arguments."""
    who = _("Player {n}").format(n=action.seat + 1)
    move = MOVES.get(action)
    if move is not None:
        words = VERBS[move.KIND].words(state, move, who)
        if words is not None:
            return words
    return _("Player {n}: {move}").format(n=action.seat + 1, move=action)
