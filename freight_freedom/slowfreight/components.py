"""Slow Freight components as frozen data, loaded from ``data/*.json`` and validated at load.

Card counts, Clock counts, bonus chips, the track supply and the movement tables are data, so a
teacher who owns the box can correct a value in one file (DESIGN.md principle 6). Cards are plain
integers inside the engine (fast to shuffle and compare); this module fixes which integer is which
card and gives each a readable name (``auto7``, ``xloco2``, ``train3``, ``clock1``, ``loco12``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from ..core.i18n import N_
from ..core.plain import PlainDataError, load_json

AUTO, TANK, COAL, XLOCO = 0, 1, 2, 3
"""Kinds of Freight cards; the first three are car kinds (and train types), XLOCO is not a car."""
MIXED = 3
"""Train type index of a Mixed Freight train (train types are AUTO, TANK, COAL, MIXED)."""

KIND_KEYS = ("auto", "tank", "coal", "xloco")
# The names in English, marked for the catalog: the engine's English texts use them as they are;
# a screen shows them in its language with ``shown(name)`` (:func:`~..core.say.shown`).
# TRANSLATORS: the kinds of Freight cards (and of cars, and train types) of Slow Freight; a card
# name, capitalised, said after "car"/"train" in "a Coal car", "a Coal train"
KIND_NAMES = (N_("Auto Carrier"), N_("Tank"), N_("Coal"), N_("Extra Locomotive"))
TYPE_KEYS = ("auto", "tank", "coal", "mixed")
# TRANSLATORS: a train type of Slow Freight (a train of all three kinds of cars)
TYPE_NAMES = (KIND_NAMES[0], KIND_NAMES[1], KIND_NAMES[2], N_("Mixed Freight"))


class ComponentError(ValueError):
    """A data file that does not describe a playable set of components."""

    def __init__(self, file: str, field: str, reason: str) -> None:
        self.file = file
        self.field = field
        super().__init__(f"{file}: field {field!r}: {reason}")


@dataclass(frozen=True, slots=True)
class Components:
    """Everything countable in the box (SF-SETUP-1) plus the numbers the rules fix."""

    freight_counts: tuple[int, int, int, int]
    locomotives: int
    train_cards: int
    clocks: int
    clocks_by_players: tuple[tuple[int, int], ...]
    bonus_chips: tuple[tuple[int, ...], ...]
    biggest_train_points: tuple[int, int, int]
    points_per_car: int
    penalty_per_locomotive: int
    penalty_per_car: int
    track_supply: int
    destination: int
    clock_move: int
    face_up: int
    max_cars: int

    card_kind: tuple[int, ...] = field(init=False)
    """Kind (AUTO/TANK/COAL/XLOCO) of each Freight card id; ids are grouped by kind."""
    card_names: tuple[str, ...] = field(init=False)
    """``auto1..``, ``tank1..``, ``coal1..``, ``xloco1..``: the Freight card ids in order."""
    movement_names: tuple[str, ...] = field(init=False)
    """``train1..trainN`` then ``clock1..clockM``: the Movement card ids in order."""

    def __post_init__(self) -> None:
        counts = self.freight_counts
        kinds = tuple(kind for kind, n in enumerate(counts) for _ in range(n))
        names = tuple(f"{KIND_KEYS[k]}{i + 1}" for k, n in enumerate(counts) for i in range(n))
        trains = [f"train{i + 1}" for i in range(self.train_cards)]
        moves = (*trains, *(f"clock{i + 1}" for i in range(self.clocks)))
        object.__setattr__(self, "card_kind", kinds)
        object.__setattr__(self, "card_names", names)
        object.__setattr__(self, "movement_names", moves)

    def __deepcopy__(self, memo: dict[int, object]) -> Components:
        return self  # immutable: game copies share it

    @property
    def freight_total(self) -> int:
        return sum(self.freight_counts)

    @property
    def movement_total(self) -> int:
        return self.train_cards + self.clocks

    def clocks_for(self, players: int) -> int:
        """Clocks used with ``players`` players (SF-CLOCK-5)."""
        return dict(self.clocks_by_players)[players]

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(p for p, _ in self.clocks_by_players))


@dataclass(frozen=True, slots=True)
class MovementTable:
    """One movement table: ``rows[card][cars - 1]`` is the Track pieces for that train size.

    These numbers are OUR authored table (SF-RULING-15); the published ones are unknown.
    """

    name: str
    rows: tuple[tuple[int, ...], ...]

    def __deepcopy__(self, memo: dict[int, object]) -> MovementTable:
        return self  # immutable: game copies share it

    def distance(self, card: int, cars: int) -> int:
        return self.rows[card][cars - 1]

    def mean(self, cars: int) -> float:
        return sum(r[cars - 1] for r in self.rows) / len(self.rows)


def _read(name: str) -> Any:
    """A packaged data file, parsed by the package's one bounded JSON loader."""
    raw = resources.files("freight_freedom.slowfreight").joinpath("data", name).read_bytes()
    try:
        return load_json(raw, "")
    except PlainDataError as exc:
        raise ComponentError(name, exc.where or "file", exc.reason) from None


def _int(file: str, data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ComponentError(file, key, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def parse_components(data: Any, file: str = "cards.json") -> Components:
    """Validate the parsed ``cards.json``; raises :class:`ComponentError` naming the field."""
    if not isinstance(data, dict):
        raise ComponentError(file, "file", "must be a JSON object")
    freight = data.get("freight")
    if not isinstance(freight, dict) or set(freight) != set(KIND_KEYS):
        raise ComponentError(file, "freight", f"must give counts for {list(KIND_KEYS)}")
    counts = tuple(_int(file, freight, k, 0, 100) for k in KIND_KEYS)
    if min(counts[:3]) < 1:
        raise ComponentError(file, "freight", "every car kind needs at least one card")
    max_cars = _int(file, data, "max_cars", 5, 5)  # the rules fix 5 (SF-FORM-2)
    train_cards = _int(file, data, "train_cards", 1, 100)
    clocks = _int(file, data, "clocks", 1, 100)
    raw_clocks = data.get("clocks_by_players")
    if not isinstance(raw_clocks, dict) or not raw_clocks:
        raise ComponentError(file, "clocks_by_players", "must map player counts to Clock counts")
    by_players: list[tuple[int, int]] = []
    for key, value in raw_clocks.items():
        if not key.isdigit() or not 2 <= int(key) <= 4:
            raise ComponentError(file, "clocks_by_players", f"player count {key!r} is not 2-4")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= clocks:
            raise ComponentError(file, f"clocks_by_players.{key}", f"must be 1-{clocks}")
        by_players.append((int(key), value))
    chips = data.get("bonus_chips")
    if not isinstance(chips, dict) or set(chips) != set(TYPE_KEYS):
        raise ComponentError(file, "bonus_chips", f"must list chip values for {list(TYPE_KEYS)}")
    bonus: list[tuple[int, ...]] = []
    for key in TYPE_KEYS:
        values = chips[key]
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values
        ):
            raise ComponentError(file, f"bonus_chips.{key}", "must be a list of points >= 0")
        bonus.append(tuple(values))
    big = data.get("biggest_train_points")
    if not isinstance(big, dict) or set(big) != {"alone", "two", "more"}:
        raise ComponentError(file, "biggest_train_points", "must give alone, two and more")
    biggest = (
        _int(file, big, "alone", 0, 100),
        _int(file, big, "two", 0, 100),
        _int(file, big, "more", 0, 100),
    )
    return Components(
        freight_counts=(counts[0], counts[1], counts[2], counts[3]),
        locomotives=_int(file, data, "locomotives", 4, 100),
        train_cards=train_cards,
        clocks=clocks,
        clocks_by_players=tuple(sorted(by_players)),
        bonus_chips=tuple(bonus),
        biggest_train_points=biggest,
        points_per_car=_int(file, data, "points_per_car", 0, 100),
        penalty_per_locomotive=_int(file, data, "penalty_per_locomotive", 0, 100),
        penalty_per_car=_int(file, data, "penalty_per_car", 0, 100),
        track_supply=_int(file, data, "track_supply", 1, 10_000),
        destination=_int(file, data, "destination", 1, 100),
        clock_move=_int(file, data, "clock_move", 0, 100),
        face_up=_int(file, data, "face_up", 1, 10),
        max_cars=max_cars,
    )


def parse_movement_tables(
    data: Any, components: Components, file: str = "movement_tables.json"
) -> dict[str, MovementTable]:
    """Validate the parsed ``movement_tables.json``: one row per Train card, one number per size."""
    if not isinstance(data, dict):
        raise ComponentError(file, "file", "must be a JSON object")
    tables: dict[str, MovementTable] = {}
    for name, rows in data.items():
        if name.startswith("_"):
            continue
        if not isinstance(rows, list) or len(rows) != components.train_cards:
            raise ComponentError(file, name, f"needs {components.train_cards} rows (Train cards)")
        parsed: list[tuple[int, ...]] = []
        for i, row in enumerate(rows):
            ok = (
                isinstance(row, list)
                and len(row) == components.max_cars
                and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 20
                        for v in row)
            )
            if not ok:
                raise ComponentError(
                    file, f"{name}[{i}]", f"must be {components.max_cars} integers from 0 to 20"
                )
            parsed.append(tuple(row))
        tables[name] = MovementTable(name, tuple(parsed))
    if "standard" not in tables:
        raise ComponentError(file, "standard", "the default table 'standard' is missing")
    return tables


@cache
def load_components() -> Components:
    """The components shipped in ``data/cards.json`` (loaded once)."""
    return parse_components(_read("cards.json"))


@cache
def load_movement_tables() -> Mapping[str, MovementTable]:
    """The movement tables shipped in ``data/movement_tables.json`` (loaded once, read-only)."""
    return MappingProxyType(parse_movement_tables(_read("movement_tables.json"), load_components()))
