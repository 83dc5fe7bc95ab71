"""Preparations (SF-SETUP-1..8, SF-TURN-1): the table before the first turn.

The order of random draws is fixed (Freight shuffle, face-up reshuffles, Movement shuffle, then a
random first player if asked), so a seed always gives the same set-up. Set-up draws from
``Rng(seed, "setup")`` and play from ``Rng(seed, "play")``; rules version ``sf-1`` (``legacy``,
for old saves) drew both from one unscrambled stream.
"""

from __future__ import annotations

from ..core import Event, Rng
from ..core.event import Note
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
)
from .freight import deal, reshuffle_row, xlocos_face_up
from .state import PlayerState, SlowFreightState, Train
from .text import card_list
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
    events.append(GameSetUp(
        f"Slow Freight for {players} players: {comps.freight_total} Freight cards, "
        f"{comps.locomotives} Locomotives, {comps.movement_total} Movement cards, "
        f"movement table {table.name!r}", players, table.name))
    events.append(FreightShuffled(f"The {len(deck)} Freight cards are shuffled into a deck",
                                  len(deck)))
    events += _deal_row(state) + _give_locomotives(state)
    rng.shuffle(state.movement_deck)
    events.append(ClocksShuffled(
        f"{comps.train_cards} Train cards and one Clock are shuffled into the Movement deck; "
        f"{len(state.clock_pile)} Clocks wait in the pile ({clocks_in_game} in this game)",
        clocks_in_game))
    events.append(Note("The Bonus chips are laid out: 5, 3, 1 and 8 per train type",
                       "SF-SETUP-7"))
    supply = "unlimited" if track_supply is None else str(track_supply)
    events.append(TrackSupply(f"Track supply: {supply}", track_supply))
    start = rng.below(players) if first_player == "random" else int(first_player)
    state.seat = start
    events.append(FirstPlayer(f"Player {start + 1} starts", start))
    if not legacy:
        state.rng = Rng(seed, "play")
    return state, events


def _deal_row(state: SlowFreightState) -> list[Event]:
    """The face-up row, dealt again while two or more Extra Locomotives show (SF-RULING-13:
    reshuffled, nothing removed)."""
    comps = state.comps
    deal(state)
    events: list[Event] = [RowShown("Face up: " + card_list(comps, _shown(state)),
                                    tuple([comps.card_names[c] for c in _shown(state)]))]
    while len(xlocos_face_up(state)) >= 2:
        reshuffle_row(state)
        events.append(RowShown("Two or more Extra Locomotives were face up: "
                               "reshuffled, now face up: " + card_list(comps, _shown(state)),
                               tuple([comps.card_names[c] for c in _shown(state)])))
    return events


def _give_locomotives(state: SlowFreightState) -> list[Event]:
    """Each player's first Locomotive (train t1, t2, ...); the rest form the supply."""
    events: list[Event] = []
    for seat, player in enumerate(state.players):
        player.trains.append(Train(id=seat + 1, owner=seat, loco=seat))
        events.append(LocoTaken(f"Player {seat + 1} takes a Locomotive: train t{seat + 1}",
                                seat, f"t{seat + 1}"))
    state.next_train = len(state.players) + 1
    events.append(LocoSupply(f"{len(state.loco_supply)} Locomotives form the supply",
                             len(state.loco_supply)))
    return events


def _shown(state: SlowFreightState) -> list[int]:
    return [c for c in state.face_up if c is not None]
