"""The face-up Freight row: taking cards onto trains and refilling the row (SF-TAKE-*,
SF-XLOCO-1..3).

A take-cards turn is a sequence of atomic ``take`` decisions (SF-RULING-16). The row is refilled
once, after the player's last card, with the Extra Locomotive rule of SF-TAKE-3.
"""

from __future__ import annotations

from ..core import Event
from ..core.event import later
from ..core.i18n import _, ngettext
from ..core.say import shown
from .components import KIND_NAMES, XLOCO, Components
from .events import CardTaken, RowRefilled, RowReshuffled
from .state import PlayerState, SlowFreightState, Train
from .text import card_words, code_words
from .trains import ACCEPTS, EACH_CARD, LOOSE_NEXT, MISSING, STEP, VALID, can_finish
from .turns import next_turn


def can_take_kind(state: SlowFreightState, train: Train, kind: int) -> bool:
    """Whether a card of ``kind`` may go onto ``train`` now, under ``train_check="each_card"``.

    SF-FORM-6 (not moving), SF-XLOCO-2/3 (one Extra Locomotive per train and turn), SF-RULING-5
    (an Extra Locomotive needs cars), SF-RULING-7 (the train stays valid).
    """
    if train.moving or train.xloco is not None:
        return False
    if kind == XLOCO and state.xloco_taken:
        return False
    return ACCEPTS[kind][train.code]


def any_take(state: SlowFreightState, player: PlayerState) -> bool:
    """Whether the player could legally take any face-up card now (:func:`can_take_kind`,
    inlined: this runs after every card taken)."""
    if state.train_check != EACH_CARD:
        return bool(loose_takes(state, player))
    kinds = state.comps.card_kind
    xloco_ok = not state.xloco_taken
    for card in state.face_up:
        if card is None:
            continue
        kind = kinds[card]
        if kind == XLOCO and not xloco_ok:
            continue
        ok = ACCEPTS[kind]
        for train in player.trains:
            if not train.moving and train.xloco is None and ok[train.code]:
                return True
    return False


def unfinished(player: PlayerState) -> list[int]:
    """Per car kind, how many of the player's trains still lack one car of it (SF-RULING-25).

    All zero at every turn boundary, and always all zero under ``train_check="each_card"``.
    """
    need = [0, 0, 0]
    for train in player.trains:
        missing = MISSING[train.code]
        if missing >= 0:
            need[missing] += 1
    return need


def loose_takes(state: SlowFreightState, player: PlayerState) -> list[tuple[int, Train]]:
    """Every legal ``(slot, train)`` take under ``train_check="end_of_turn"`` (SF-RULING-25).

    A car may leave its train invalid for now if the cars still face up can make every train
    the player touched valid again before the turn ends (no dead ends): each unfinished train
    lacks one car of one kind, so the check is a count per kind (:func:`.trains.can_finish`).
    An Extra Locomotive closes a train (SF-XLOCO-2), so it only joins a train that is valid now
    and has cars (SF-RULING-5); SF-FORM-6 and SF-XLOCO-3 apply as always. Order: by slot, then
    by train, as :func:`.legal.legal_actions` lists them.
    """
    growing = [t for t in player.trains if not t.moving and t.xloco is None]
    out: list[tuple[int, Train]] = []
    if not growing:
        return out
    kinds = state.comps.card_kind
    need = unfinished(player)
    avail = [0, 0, 0, 0]
    for card in state.face_up:
        if card is not None:
            avail[kinds[card]] += 1
    for slot, card in enumerate(state.face_up):
        if card is None:
            continue
        kind = kinds[card]
        if kind == XLOCO:
            if not state.xloco_taken:
                out.extend((slot, t) for t in growing if t.code and MISSING[t.code] == VALID)
            continue
        avail[kind] -= 1
        for train in growing:
            new = LOOSE_NEXT[train.code][kind]
            if new < 0:
                continue
            old_missing, new_missing = MISSING[train.code], MISSING[new]
            if old_missing >= 0:
                need[old_missing] -= 1
            if new_missing >= 0:
                need[new_missing] += 1
            if can_finish(need, avail):
                out.append((slot, train))
            if new_missing >= 0:
                need[new_missing] -= 1
            if old_missing >= 0:
                need[old_missing] += 1
        avail[kind] += 1
    return out


def deal(state: SlowFreightState) -> list[int]:
    """Fill empty face-up slots from the top of the deck, in slot order; returns the cards dealt."""
    dealt = []
    deck = state.freight_deck
    face_up = state.face_up
    for i, card in enumerate(face_up):
        if card is None and deck:
            face_up[i] = new = deck.pop(0)
            dealt.append(new)
    return dealt


def xlocos_face_up(state: SlowFreightState) -> list[int]:
    kinds = state.comps.card_kind
    return [c for c in state.face_up if c is not None and kinds[c] == XLOCO]


def reshuffle_row(state: SlowFreightState) -> None:
    """Put every face-up card back into the deck, shuffle it and turn up a new row."""
    back = [c for c in state.face_up if c is not None]
    state.freight_deck.extend(back)
    state.face_up = [None] * len(state.face_up)
    state.rng.shuffle(state.freight_deck)
    deal(state)


def take(state: SlowFreightState, seat: int, slot: int, train: Train) -> list[Event]:
    """Take the face-up card in ``slot`` onto ``train`` (checked legal by the caller)."""
    card = state.face_up[slot]
    assert card is not None
    state.face_up[slot] = None
    kind = state.comps.card_kind[card]
    if kind == XLOCO:
        train.xloco = card
        state.xloco_taken = True
    else:
        train.cars.append(card)
        train.code += STEP[kind]  # legality was checked: SF-RULING-7 or SF-RULING-25
    events = [_take_event(state, seat, slot, train, card, kind)] if state.narrate else []
    state.taken += 1
    if state.taken >= len(state.face_up) or not any_take(state, state.players[seat]):
        events.extend(end_take_turn(state))
    return events


def _take_event(state: SlowFreightState, seat: int, slot: int, train: Train, card: int,
                kind: int) -> Event:
    name = train.name
    words = later(_take_words, seat, name, kind, train.code, train.xloco)
    return CardTaken(words, "SF-XLOCO-1" if kind == XLOCO else "SF-TAKE-1", seat, slot, name,
                     state.comps.card_names[card])


def _take_words(seat: int, name: str, kind: int, code: int, xloco: int | None) -> str:
    """The words of a :class:`CardTaken` (written when first read, in the reader's language)."""
    if kind == XLOCO:
        return _("Player {n} adds an Extra Locomotive to {train} ({cars}): it takes no more cars "
                 "and must move every turn from the next one on").format(
            n=seat + 1, train=name, cars=code_words(code, xloco))
    missing = MISSING[code]
    if missing < 0:
        return _("Player {n} takes the face-up {kind} car onto {train} (now {cars})").format(
            n=seat + 1, kind=shown(KIND_NAMES[kind]), train=name, cars=code_words(code, xloco))
    return _("Player {n} takes the face-up {kind} car onto {train} (now {cars}; not yet a valid "
             "train: it needs a {missing} car before the turn ends [SF-RULING-25])").format(
        n=seat + 1, kind=shown(KIND_NAMES[kind]), train=name, cars=code_words(code, xloco),
        missing=shown(KIND_NAMES[missing]))


def end_take_turn(state: SlowFreightState) -> list[Event]:
    """Refill the row (SF-TAKE-2, SF-TAKE-3) and pass the turn on."""
    events = refill(state)
    next_turn(state)
    return events


def refill(state: SlowFreightState) -> list[Event]:
    """Refill to three face-up cards; remove an Extra Locomotive and reshuffle while 2+ show."""
    comps = state.comps
    dealt = deal(state)
    narrate = state.narrate
    events = [_refill_event(state, dealt)] if narrate else []
    while True:
        xlocos = xlocos_face_up(state)
        if len(xlocos) < 2:
            return events
        gone = xlocos[0]
        state.face_up[state.face_up.index(gone)] = None
        state.removed.append(gone)
        reshuffle_row(state)
        if narrate:
            shown_now = tuple([c for c in state.face_up if c is not None])
            events.append(RowReshuffled(
                later(_reshuffled_words, comps, len(xlocos), shown_now),
                comps.card_names[gone],
                tuple([None if c is None else comps.card_names[c] for c in state.face_up]),
            ))


def _reshuffled_words(comps: Components, xlocos: int, face_up: tuple[int, ...]) -> str:
    """The words of a :class:`RowReshuffled`: ``xlocos`` Extra Locomotives showed, ``face_up``
    is the new row."""
    return _("{n} Extra Locomotives were face up: one leaves the game, the other cards are "
             "shuffled back and {cards} are turned up").format(
        n=xlocos, cards=card_words(comps, face_up))


def _refill_event(state: SlowFreightState, dealt: list[int]) -> Event:
    comps = state.comps
    names = comps.card_names
    slots = len(state.face_up)
    up = slots - state.face_up.count(None)
    return RowRefilled(later(_refill_words, comps, tuple(dealt), up if up < slots else -1),
                       "SF-TAKE-2" if up == slots else "SF-RULING-1",
                       tuple([names[c] for c in dealt]))


def _refill_words(comps: Components, dealt: tuple[int, ...], short: int) -> str:
    """The words of a :class:`RowRefilled`; ``short``: the cards face up when the deck ran out
    (-1: it did not)."""
    if short < 0:
        if not dealt:
            return _("No card is dealt")
        return _("The face-up row is refilled with {cards}").format(
            cards=card_words(comps, dealt))
    if not dealt:
        return ngettext("No card is dealt: the Freight deck is empty, {n} card(s) face up",
                        "No card is dealt: the Freight deck is empty, {n} card(s) face up",
                        short).format(n=short)
    return ngettext(
        "The face-up row is refilled with {cards}: the Freight deck is empty, {n} card(s) face up",
        "The face-up row is refilled with {cards}: the Freight deck is empty, {n} card(s) face up",
        short).format(cards=card_words(comps, dealt), n=short)
