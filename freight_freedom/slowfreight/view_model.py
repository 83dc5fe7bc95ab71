"""What a picture of a Slow Freight table shows, as plain typed data (``game.view_model()``).

The figure (:mod:`.view`) and the app's tables are drawn from this and never read the engine's
state or its save-format dict.

>>> from freight_freedom import SlowFreight
>>> vm = SlowFreight(players=3, seed=7).view_model()
>>> vm.turn, len(vm.players), len(vm.face_up), vm.winners
(1, 3, 3, None)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import SlowFreight

_DIGITS = re.compile(r"\d+$")


def card_kind(name: str | None) -> str:
    """``"tank4"`` -> ``"tank"`` (the kind of a Freight card from its name)."""
    return "" if name is None else _DIGITS.sub("", name)


@dataclass(frozen=True, slots=True)
class TrainView:
    """A train: its Freight cars (card names), type once formed, Extra Locomotive and Track."""

    id: str
    type: str | None
    cars: tuple[str, ...]
    counts: Mapping[str, int]
    xloco: str | None
    track: int
    moving: bool

    @property
    def car_kinds(self) -> tuple[str, ...]:
        """``("auto", "auto", "tank")``: the kind of each car, in order."""
        return tuple(card_kind(c) for c in self.cars)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's score so far, its trains on the way and its delivered trains and chips."""

    seat: int
    score: int
    trains: tuple[TrainView, ...]
    delivered: tuple[TrainView, ...]
    bonus_chips: tuple[tuple[str, int], ...]
    car_points: int


@dataclass(frozen=True, slots=True)
class SlowFreightView:
    """The table at one moment. ``winners`` is ``None`` while the game goes on."""

    face_up: tuple[str | None, ...]
    clocks_drawn: int
    clocks_total: int
    bonus_chips: Mapping[str, tuple[int, ...]]
    biggest_chips: frozenset[str]
    players: tuple[PlayerView, ...]
    turn: int
    seat: int
    to_move: int | None
    freight_deck: int
    movement_deck: int
    track_supply: int | None
    winners: tuple[int, ...] | None


def _train(t: Mapping[str, Any]) -> TrainView:
    return TrainView(str(t["id"]), t["type"], tuple(t["cars"]), MappingProxyType(t["counts"]),
                     t["xloco"], int(t["track"]), bool(t["moving"]))


def view_of(game: SlowFreight) -> SlowFreightView:
    """The view-model of ``game`` now."""
    data = game.state_dict()
    scores = game.scores()
    outcome = game.outcome
    return SlowFreightView(
        face_up=tuple(data["face_up"]),
        clocks_drawn=len(data["clocks_drawn"]),
        clocks_total=int(data["clocks_in_game"]),
        bonus_chips=MappingProxyType({k: tuple(v) for k, v in data["bonus_chips"].items()}),
        biggest_chips=frozenset(data["biggest_chips"]),
        players=tuple(PlayerView(
            seat=int(p["seat"]), score=scores[int(p["seat"])],
            trains=tuple(_train(t) for t in p["trains"]),
            delivered=tuple(_train(t) for t in p["delivered"]),
            bonus_chips=tuple((str(k), int(v)) for k, v in p["bonus_chips"]),
            car_points=int(p["car_points"])) for p in data["players"]),
        turn=int(data["turn"]),
        seat=int(data["seat"]),
        to_move=game.to_move,
        freight_deck=len(data["freight_deck"]),
        movement_deck=len(data["movement_deck"]),
        track_supply=data["track_supply"],
        winners=None if outcome is None else tuple(outcome.winners),
    )
