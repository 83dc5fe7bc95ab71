"""Preparations (SF-SETUP-1..8, SF-TURN-1): the table before the first turn.

The order of random draws is fixed (Freight shuffle, face-up reshuffles, Movement shuffle, then a
random first player if asked), so a seed always gives the same set-up. Set-up draws from
``Rng(seed, "setup")`` and play from ``Rng(seed, "play")``; rules version ``sf-1`` (``legacy``,
for old saves) drew both from one unscrambled stream.
"""

from __future__ import annotations

from ..core import Event, Rng
from ..core.event import Note
from ..core.i18n import _
from ..core.say import shown
from .actions import action_table
from .components import Components, MovementTable
from .events import (
    ClocksShuffled,
    FirstPlayer,
    FreightShuffled,
    GameSetUp,
    LocoSupply,
    LocoTaken,
    RowShown,
    TrackSupply,
    told,
)
from .freight import deal, reshuffle_row, xlocos_face_up
from .state import PlayerState, SlowFreightState, Train
from .text import kind_words
from .trains import EACH_CARD


def new_state(
    comps: Components,
    table: MovementTable,
    *,
    players: int,
    first_player: int | str,
    track_supply: int | None,
    seed: int,
    train_check: str = EACH_CARD,
    legacy: bool = False,
) -> tuple[SlowFreightState, list[Event]]:
    """Set up a game for ``players`` seats; returns the state and the set-up events.

    ``train_check`` is the option of SF-RULING-25 (``"each_card"`` or ``"end_of_turn"``); it adds
    no event, so set-up logs are the same for both.
    """
    rng = Rng.legacy(seed) if legacy else Rng(seed, "setup")
    events: list[Event] = []
    deck = list(range(comps.freight_total))
    rng.shuffle(deck)
    clocks_in_game = comps.clocks_for(players)
    clocks = list(range(comps.train_cards, comps.movement_total))
    movement = [*range(comps.train_cards), clocks[0]]
    state = SlowFreightState(
        comps=comps,
        table=table,
        rng=rng,
        players=[PlayerState(seat) for seat in range(players)],
        freight_deck=deck,
        face_up=[None] * comps.face_up,
        removed=[],
        loco_supply=list(range(players, comps.locomotives)),
        movement_deck=movement,
        discard=[],
        clock_pile=clocks[1:clocks_in_game],
        clocks_drawn=[],
        unused_clocks=clocks[clocks_in_game:],
        bonus_chips=[list(chips) for chips in comps.bonus_chips],
        biggest_chips=[0, 1, 2, 3],
        track_supply=track_supply,
        clocks_in_game=clocks_in_game,
        seat=0,
        train_check=train_check,
        actions=action_table(comps.face_up, comps.locomotives),
    )
    events.append(GameSetUp(told(_game_words, (players, comps.freight_total, comps.locomotives,
                                               comps.movement_total, table.name)),
                            players, table.name))
    events.append(FreightShuffled(told(_shuffled_words, (len(deck),)), len(deck)))
    events += _deal_row(state) + _give_locomotives(state)
    rng.shuffle(state.movement_deck)
    events.append(ClocksShuffled(told(_clocks_words, (comps.train_cards, len(state.clock_pile),
                                                      clocks_in_game)), clocks_in_game))
    events.append(Note(told(_chips_words, ()), "SF-SETUP-7"))
    events.append(TrackSupply(told(_supply_words, (track_supply,)), track_supply))
    start = rng.below(players) if first_player == "random" else int(first_player)
    state.seat = start
    events.append(FirstPlayer(told(_first_words, (start,)), start))
    if not legacy:
        state.rng = Rng(seed, "play")
    return state, events


def _deal_row(state: SlowFreightState) -> list[Event]:
    """The face-up row, dealt again while two or more Extra Locomotives show (SF-RULING-13:
    reshuffled, nothing removed)."""
    comps = state.comps
    deal(state)
    kinds = comps.card_kind
    events: list[Event] = [RowShown(told(_row_words, (tuple([kinds[c] for c in _shown(state)]),
                                                      False)),
                                    tuple([comps.card_names[c] for c in _shown(state)]))]
    while len(xlocos_face_up(state)) >= 2:
        reshuffle_row(state)
        events.append(RowShown(told(_row_words, (tuple([kinds[c] for c in _shown(state)]), True)),
                               tuple([comps.card_names[c] for c in _shown(state)])))
    return events


def _give_locomotives(state: SlowFreightState) -> list[Event]:
    """Each player's first Locomotive (train t1, t2, ...); the rest form the supply."""
    events: list[Event] = []
    for seat, player in enumerate(state.players):
        player.trains.append(Train(id=seat + 1, owner=seat, loco=seat))
        events.append(LocoTaken(told(_loco_words, (seat,)), seat, f"t{seat + 1}"))
    state.next_train = len(state.players) + 1
    events.append(LocoSupply(told(_supply_locos_words, (len(state.loco_supply),)),
                             len(state.loco_supply)))
    return events


# The set-up events' words, written when first read in the reader's language (the log keeps
# them in English).
def _game_words(players: int, freight: int, locos: int, movement: int, table: str) -> str:
    return _("Slow Freight for {players} players: {freight} Freight cards, {locos} Locomotives, "
             "{movement} Movement cards, movement table {table}").format(
        players=players, freight=freight, locos=locos, movement=movement,
        table=repr(shown(table)))  # the table's name, as the New game form shows it


def _shuffled_words(cards: int) -> str:
    return _("The {n} Freight cards are shuffled into a deck").format(n=cards)


def _row_words(kinds: tuple[int, ...], again: bool) -> str:
    """The face-up row (its cards' ``kinds``), dealt at set-up or ``again`` (SF-RULING-13)."""
    if again:
        return _("Two or more Extra Locomotives were face up: reshuffled, now face up: "
                 "{cards}").format(cards=kind_words(kinds))
    return _("Face up: {cards}").format(cards=kind_words(kinds))


def _loco_words(seat: int) -> str:
    return _("Player {n} takes a Locomotive: train {train}").format(n=seat + 1,
                                                                    train=f"t{seat + 1}")


def _supply_locos_words(locos: int) -> str:
    return _("{n} Locomotives form the supply").format(n=locos)


def _clocks_words(train_cards: int, pile: int, clocks: int) -> str:
    return _("{train_cards} Train cards and one Clock are shuffled into the Movement deck; "
             "{pile} Clocks wait in the pile ({clocks} in this game)").format(
        train_cards=train_cards, pile=pile, clocks=clocks)


def _chips_words() -> str:
    return _("The Bonus chips are laid out: 5, 3, 1 and 8 per train type")


def _supply_words(track: int | None) -> str:
    return _("Track supply: {supply}").format(
        supply=_("unlimited") if track is None else track)


def _first_words(seat: int) -> str:
    return _("Player {n} starts").format(n=seat + 1)


def _shown(state: SlowFreightState) -> list[int]:
    return [c for c in state.face_up if c is not None]
