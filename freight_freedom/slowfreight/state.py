"""The Slow Freight state: a small tree of dataclasses that a notebook can inspect.

Cards are integers (see :mod:`.components` for which is which); decks are lists with the top card
first. Everything here is plain data plus the seeded :class:`~freight_freedom.core.Rng`, so a deep
copy is a full, independent game position and :meth:`SlowFreightState.to_dict` is the digest input.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from ..core import Rng
from ..core.tables import TableRepr
from .actions import ActionTable
from .components import KIND_KEYS, TYPE_KEYS, Components, MovementTable
from .trains import EACH_CARD, NCARS, TYPE_OF, counts_of


@dataclass(slots=True, eq=False)
class Train:
    """A Locomotive with its cars (SF-FORM-1), its Extra Locomotive and its Track pieces.

    Trains compare by identity: two trains with the same cars are still two trains.
    """

    id: int
    owner: int
    loco: int
    cars: list[int] = field(default_factory=list)
    code: int = 0
    """Car counts as ``auto * 36 + tank * 6 + coal`` (see :mod:`.trains`)."""
    xloco: int | None = None
    track: int = 0
    moving: bool = False
    name: str = field(init=False)
    """``t<id>``: the train's stable name in notation and events (SF-RULING-21)."""

    def __post_init__(self) -> None:
        self.name = f"t{self.id}"

    def __deepcopy__(self, memo: dict[int, object]) -> Train:
        """A fast copy (see :meth:`SlowFreightState.__deepcopy__`); the same train in one copy
        of a state stays one train in the other."""
        key = id(self)
        done = memo.get(key)
        if done is not None:
            return done  # type: ignore[return-value]
        other = Train.__new__(Train)
        other.id, other.owner, other.loco, other.cars = self.id, self.owner, self.loco, self.cars[:]
        other.code, other.xloco, other.track, other.moving = (self.code, self.xloco, self.track,
                                                              self.moving)
        other.name = self.name
        memo[key] = other
        return other

    @property
    def ncars(self) -> int:
        return NCARS[self.code]

    @property
    def type(self) -> int:
        """Train type index (AUTO, TANK, COAL, MIXED), -1 for a bare Locomotive."""
        return TYPE_OF[self.code]

    def to_dict(self, comps: Components) -> dict[str, Any]:
        names = comps.card_names
        return {
            "id": self.name,
            "owner": self.owner,
            "loco": f"loco{self.loco + 1}",
            "cars": [names[c] for c in self.cars],
            "counts": dict(zip(KIND_KEYS[:3], counts_of(self.code), strict=True)),
            "type": TYPE_KEYS[self.type] if self.type >= 0 else None,
            "xloco": None if self.xloco is None else names[self.xloco],
            "track": self.track,
            "moving": self.moving,
        }


@dataclass(slots=True)
class PlayerState:
    """One seat: trains on the way (in the order brought), trains delivered, points earned."""

    seat: int
    trains: list[Train] = field(default_factory=list)
    delivered: list[Train] = field(default_factory=list)
    bonus_chips: list[tuple[int, int]] = field(default_factory=list)
    """(train type, points) of each Bonus chip taken on arrival (SF-ARRIVE-3)."""
    car_points: int = 0
    """2 points per delivered Freight car (SF-ARRIVE-4)."""

    def __deepcopy__(self, memo: dict[int, object]) -> PlayerState:
        return PlayerState(self.seat, [copy.deepcopy(t, memo) for t in self.trains],
                           [copy.deepcopy(t, memo) for t in self.delivered],
                           self.bonus_chips[:], self.car_points)

    def to_dict(self, comps: Components) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "trains": [t.to_dict(comps) for t in self.trains],
            "delivered": [t.to_dict(comps) for t in self.delivered],
            "bonus_chips": [[TYPE_KEYS[t], v] for t, v in self.bonus_chips],
            "car_points": self.car_points,
        }


@dataclass(slots=True)
class SlowFreightState(TableRepr):
    """The whole table. Decks list the top card first."""

    comps: Components
    table: MovementTable
    rng: Rng
    players: list[PlayerState]
    freight_deck: list[int]
    face_up: list[int | None]
    removed: list[int]
    """Extra Locomotives out of the game (SF-TAKE-3)."""
    loco_supply: list[int]
    movement_deck: list[int]
    discard: list[int]
    clock_pile: list[int]
    clocks_drawn: list[int]
    unused_clocks: list[int]
    """Clocks left in the box with fewer than four players (SF-CLOCK-5)."""
    bonus_chips: list[list[int]]
    """Bonus chips still on the table, per train type, next one first (SF-ARRIVE-3)."""
    biggest_chips: list[int]
    """The 8-point biggest-train chips still on the table, by train type (SF-SCORE-4)."""
    track_supply: int | None
    clocks_in_game: int
    seat: int
    turn: int = 1
    taken: int = 0
    """Cards taken so far in the current take-cards turn (SF-RULING-16)."""
    xloco_taken: bool = False
    """Whether an Extra Locomotive was taken this turn (SF-XLOCO-3)."""
    next_train: int = 1
    over: bool = False
    end_reason: str = ""
    outcome: Any = None
    train_check: str = EACH_CARD
    """When a growing train must be valid: ``"each_card"`` (SF-RULING-7) or ``"end_of_turn"``
    (SF-RULING-25), from the option ``train_check``."""
    actions: ActionTable | None = field(default=None, repr=False, compare=False)
    """Every action this table size allows, prebuilt and shared (:mod:`.actions`); not state."""
    narrate: bool = field(default=True, repr=False, compare=False)
    """Whether the rules build :class:`~freight_freedom.core.Event` values (text and data) for
    what they do; ``False`` only in a quiet game (``game.quiet()``, for rollouts and
    benchmarks), where the rules run the same code and skip the words. Not state."""

    def __deepcopy__(self, memo: dict[int, object]) -> SlowFreightState:
        """A fast structural copy, equal to a deep copy: lists and trains are copied; the
        components, movement table, action table, outcome and card numbers are immutable and
        shared. Searches copy the state for every simulation."""
        other = object.__new__(SlowFreightState)
        for name in _SLOTS:
            value = getattr(self, name)
            how = _COPY.get(name)
            if how is None:
                value = copy.deepcopy(value, memo)
            elif how == "list":
                value = value[:]
            elif how == "lists":
                value = [v[:] for v in value]
            elif how == "players":
                value = [copy.deepcopy(p, memo) for p in value]
            elif how == "rng":
                value = Rng.from_state(value.state)
            object.__setattr__(other, name, value)
        return other

    @property
    def nplayers(self) -> int:
        return len(self.players)

    def find_train(self, seat: int, name: object) -> Train | None:
        """The seat's train (on its way) named ``t<id>``, else ``None``."""
        for train in self.players[seat].trains:
            if train.name == name:
                return train
        return None

    def to_dict(self) -> dict[str, Any]:
        comps = self.comps
        names = comps.card_names
        mnames = comps.movement_names

        def freight(cards: list[int]) -> list[str]:
            return [names[c] for c in cards]

        def movement(cards: list[int]) -> list[str]:
            return [mnames[c] for c in cards]

        out: dict[str, Any] = {
            "movement_table": self.table.name,
            "rng": self.rng.state,
            "players": [p.to_dict(comps) for p in self.players],
            "freight_deck": freight(self.freight_deck),
            "face_up": [None if c is None else names[c] for c in self.face_up],
            "removed": freight(self.removed),
            "loco_supply": [f"loco{i + 1}" for i in self.loco_supply],
            "movement_deck": movement(self.movement_deck),
            "discard": movement(self.discard),
            "clock_pile": movement(self.clock_pile),
            "clocks_drawn": movement(self.clocks_drawn),
            "unused_clocks": movement(self.unused_clocks),
            "bonus_chips": dict(zip(TYPE_KEYS, map(list, self.bonus_chips), strict=True)),
            "biggest_chips": [TYPE_KEYS[t] for t in self.biggest_chips],
            "track_supply": self.track_supply,
            "clocks_in_game": self.clocks_in_game,
            "seat": self.seat,
            "turn": self.turn,
            "taken": self.taken,
            "xloco_taken": self.xloco_taken,
            "next_train": self.next_train,
            "over": self.over,
            "end_reason": self.end_reason,
        }
        if self.train_check != EACH_CARD:  # absent by default: digests of old games stay the same
            out["train_check"] = self.train_check
        return out


_SLOTS = tuple(f.name for f in fields(SlowFreightState))
_COPY: dict[str, str] = {
    **dict.fromkeys(("comps", "table", "track_supply", "clocks_in_game", "seat", "turn", "taken",
                     "xloco_taken", "next_train", "over", "end_reason", "outcome", "train_check",
                     "actions", "narrate"), "same"),
    **dict.fromkeys(("freight_deck", "face_up", "removed", "loco_supply", "movement_deck",
                     "discard", "clock_pile", "clocks_drawn", "unused_clocks", "biggest_chips"),
                    "list"),
    "bonus_chips": "lists",
    "players": "players",
    "rng": "rng",
}
"""How :meth:`SlowFreightState.__deepcopy__` copies each field; a field not listed (one added
later) is deep-copied."""
