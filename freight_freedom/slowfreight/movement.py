"""Moving trains and passing: Movement cards, Clocks, Track, arrival and the end of the game.

Covers SF-MOVE-*, SF-CLOCK-*, SF-ARRIVE-*, SF-END-*, SF-XLOCO-5 and SF-TURN-4, with the rulings on
Extra-Locomotive moves and Clocks (SF-RULING-4, -8, -17, -18) and on the Track supply (SF-RULING-3).
"""

from __future__ import annotations

from ..core import Event
from ..core.event import later
from ..core.i18n import _, ngettext
from ..core.say import shown
from .components import TYPE_NAMES
from .events import (
    BonusChip,
    ClockDrawn,
    GameEnded,
    MovementCard,
    Scored,
    TrackReturned,
    TrainArrived,
    TrainMoved,
    told,
)
from .scoring import final_scoring, last_clock_words
from .state import SlowFreightState, Train
from .text import code_words
from .trains import NCARS
from .turns import next_turn


def _draw(state: SlowFreightState) -> int:
    """Turn up the top Movement card. The deck cannot be empty: it always holds the Clock
    (SF-RULING-11)."""
    return state.movement_deck.pop(0)


def _clock(state: SlowFreightState, card: int, seat: int, events: list[Event]) -> bool:
    """Lay out a drawn Clock (SF-CLOCK-3); unless it is the last, bring in the next Clock and
    reshuffle every Movement card (SF-CLOCK-4). Adds the events (when the game narrates) and
    returns whether it was the last."""
    state.clocks_drawn.append(card)
    narrate = state.narrate
    if narrate:
        n, total = len(state.clocks_drawn), state.clocks_in_game
        events.append(ClockDrawn(told(_clock_words, (seat, n, total)),
                                 state.comps.movement_names[card], n))
    if not state.clock_pile:
        return True
    new = state.clock_pile.pop(0)
    deck = state.movement_deck
    deck.extend(state.discard)
    deck.append(new)
    state.discard.clear()
    state.rng.shuffle(deck)
    if narrate:
        events.append(MovementCard(told(_next_clock_words, (len(deck),)), "SF-CLOCK-4",
                                   state.comps.movement_names[new]))
    return False


def _clock_words(seat: int, n: int, total: int) -> str:
    """The words of a :class:`ClockDrawn` (written when first read, in the reader's language)."""
    return _("Player {n} draws a Clock: Clock {clock} of {total} is laid out").format(
        n=seat + 1, clock=n, total=total)


def _next_clock_words(cards: int) -> str:
    """The words of the :class:`MovementCard` of SF-CLOCK-4: ``cards`` in the new deck."""
    return _("The next Clock joins the Movement cards and all {n} are shuffled into a new "
             "deck").format(n=cards)


def _take_track(state: SlowFreightState, train: Train, wanted: int) -> int:
    """Give ``train`` up to ``wanted`` Track pieces from the supply (SF-RULING-3)."""
    supply = state.track_supply
    got = wanted if supply is None or supply >= wanted else supply
    if supply is not None:
        state.track_supply = supply - got
    train.track += got
    return got


def _track_event(state: SlowFreightState, seat: int, train: Train, card: int, wanted: int,
                 got: int, *, second: bool, first: bool) -> Event:
    comps = state.comps
    name, tid, total = comps.movement_names[card], train.name, train.track
    # the rule the card moves by: a Clock, an Extra Locomotive's second card, or the table
    by = "SF-CLOCK-2" if card >= comps.train_cards else "SF-XLOCO-5" if second else "SF-MOVE-1"
    words = later(_moved_words, seat, tid, train.code, train.xloco, name, by, wanted, got, total,
                  comps.destination, first)
    return TrainMoved(words, "SF-RULING-3" if got < wanted else by, tid, name, got, total)


def _moved_words(seat: int, tid: str, code: int, xloco: int | None, name: str, by: str,
                 wanted: int, got: int, total: int, destination: int, first: bool) -> str:
    """The words of a :class:`TrainMoved` (written when first read, in the reader's language);
    ``by``: the card's rule."""
    if by == "SF-CLOCK-2":
        how = _("a Clock: the train moves 4 whatever its size")
    elif by == "SF-XLOCO-5":
        how = _("second card {card}, read for 5 cars: {n}").format(card=name, n=wanted)
    else:
        cars = NCARS[code]
        how = ngettext("{card} shows {n} for {cars} car(s)", "{card} shows {n} for {cars} car(s)",
                       cars).format(card=name, n=wanted, cars=cars)
    if got < wanted:
        text = _("Player {n} moves {train} ({cars}): {how}; takes {got} Track (only {got} left in "
                 "the supply), now {total} (arrives at {destination})")
    else:
        text = _("Player {n} moves {train} ({cars}): {how}; takes {got} Track, now {total} "
                 "(arrives at {destination})")
    text = text.format(n=seat + 1, train=tid, cars=code_words(code, xloco), how=how, got=got,
                       total=total, destination=destination)
    if first:
        # TRANSLATORS: added after "...; " to the words of a train's first move
        text += "; " + _("it has started moving: no more cars (SF-FORM-6)")
    return text


def _one_card(state: SlowFreightState, seat: int, train: Train, events: list[Event], *,
              second: bool, first: bool = False) -> bool:
    """Draw one Movement card for ``train``; adds the events, returns whether the game ended."""
    comps = state.comps
    card = _draw(state)
    if card >= comps.train_cards:
        got = _take_track(state, train, comps.clock_move)
        if state.narrate:
            events.append(_track_event(state, seat, train, card, comps.clock_move, got,
                                       second=second, first=first))
        return _clock(state, card, seat, events)
    # The second card of an Extra-Locomotive move is read for the biggest train (SF-XLOCO-5).
    wanted = state.table.rows[card][comps.max_cars - 1 if second else NCARS[train.code] - 1]
    got = _take_track(state, train, wanted)
    state.discard.append(card)
    if state.narrate:
        events.append(_track_event(state, seat, train, card, wanted, got, second=second,
                                   first=first))
    return False


def move(state: SlowFreightState, seat: int, train: Train) -> list[Event]:
    """Move ``train`` (SF-MOVE-1..4); an Extra-Locomotive train draws a second card (SF-XLOCO-5)."""
    first = not train.moving
    train.moving = True
    events: list[Event] = []
    last = _one_card(state, seat, train, events, second=False, first=first)
    if not last and train.xloco is not None:
        last = _one_card(state, seat, train, events, second=True)
    if train.track >= state.comps.destination:
        events.extend(arrive(state, seat, train))
    if last:
        events.extend(end_game(state, seat))
    else:
        next_turn(state)
    return events


def pass_turn(state: SlowFreightState, seat: int) -> list[Event]:
    """Pass: still draw a Movement card; it is discarded unless a Clock (SF-TURN-4, SF-RULING-8)."""
    narrate = state.narrate
    card = _draw(state)
    events: list[Event] = []
    if card >= state.comps.train_cards:
        if narrate:
            events.append(MovementCard(told(_pass_clock_words, (seat,)), "SF-TURN-4",
                                       state.comps.movement_names[card]))
        if _clock(state, card, seat, events):
            events.extend(end_game(state, seat))
            return events
    else:
        state.discard.append(card)
        if narrate:
            name = state.comps.movement_names[card]
            events.append(MovementCard(told(_pass_words, (seat, name)), "SF-TURN-4", name))
    next_turn(state)
    return events


def _pass_clock_words(seat: int) -> str:
    return _("Player {n} passes and draws a Clock").format(n=seat + 1)


def _pass_words(seat: int, card: str) -> str:
    # TRANSLATORS: {card} is a Movement card's id (train4), shown as "a Train card"
    return _("Player {n} passes; {card} is discarded").format(n=seat + 1, card=card)


def arrive(state: SlowFreightState, seat: int, train: Train) -> list[Event]:
    """A train with 9+ Track arrives: Track back, 2 points a car, a Bonus chip if one is left."""
    comps = state.comps
    player = state.players[seat]
    player.trains.remove(train)
    player.delivered.append(train)
    track, train.track = train.track, 0
    if state.track_supply is not None:
        state.track_supply += track
    points = comps.points_per_car * train.ncars
    player.car_points += points
    kind = train.type
    chips = state.bonus_chips[kind]
    chip = chips.pop(0) if chips else None
    if chip is not None:
        player.bonus_chips.append((kind, chip))
    if not state.narrate:
        return []
    name = train.name
    events: list[Event] = [
        TrainArrived(told(_arrived_words, (name, train.code, train.xloco, track)), seat, name,
                     track),
        TrackReturned(told(_track_back_words, (track,)), track),
        Scored(told(_car_points_words, (seat, points, train.ncars)), "SF-ARRIVE-4", seat,
               points),
        BonusChip(told(_chip_words, (seat, kind, chip)), seat, kind, 0 if chip is None else chip),
    ]
    return events


def _arrived_words(tid: str, code: int, xloco: int | None, track: int) -> str:
    return _("{train} ({cars}) reaches its destination with {track} Track").format(
        train=tid, cars=code_words(code, xloco), track=track)


def _track_back_words(track: int) -> str:
    return _("Its {n} Track pieces go back to the supply").format(n=track)


def _car_points_words(seat: int, points: int, cars: int) -> str:
    return ngettext("Player {n} scores {points} points for {cars} car(s)",
                    "Player {n} scores {points} points for {cars} car(s)", cars).format(
        n=seat + 1, points=points, cars=cars)


def _chip_words(seat: int, kind: int, chip: int | None) -> str:
    """The words of a :class:`BonusChip` (``chip``: its points, ``None``: none was left)."""
    if chip is None:
        return _("No {kind} Bonus chip is left for this train").format(
            kind=shown(TYPE_NAMES[kind]))
    return _("Player {n} takes the {points}-point {kind} Bonus chip").format(
        n=seat + 1, points=chip, kind=shown(TYPE_NAMES[kind]))


def end_game(state: SlowFreightState, seat: int) -> list[Event]:
    """Player ``seat`` drew the last Clock: the game ends at once and is scored (SF-END-1,
    SF-END-2)."""
    state.over = True
    total = state.clocks_in_game
    state.end_reason = f"Player {seat + 1} drew the last Clock ({total} of {total})"
    events = final_scoring(state)
    if state.narrate:
        events.insert(0, GameEnded(told(_ended_words, (seat, total)), len(state.clocks_drawn)))
    return events


def _ended_words(seat: int, total: int) -> str:
    return _("The game ends: {reason}").format(reason=last_clock_words(seat, total))
