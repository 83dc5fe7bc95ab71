"""The JSON Schemas of Freedom's seven component files (``data/*.json``).

A schema states a file's shape: its fields, their types, ranges and allowed words. The effect
objects on cards and roles are described from the effect registry (:data:`.effect_kinds.KINDS`),
so a new kind or parameter is declared once. What a schema cannot say (a connected map, token
counts that use the whole box, a card's year in its period) is checked by the loading module
(:mod:`.board`, :mod:`.cards`, :mod:`.components`, :mod:`.roles`) after the schema passes.

:func:`schema_for` gives a file's schema by name, e.g. for a teacher's editor:

>>> sorted(schema_for("victory.json")["properties"])
['cards', 'format', 'version']
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.plain import load_json, read_bounded
from ..core.schema import CHECKED, digest
from .data_files import read_packaged
from .effect_kinds import KINDS, PASSIVE, ROLE, Bool, Choice, Int, Param, kinds_for

Schema = dict[str, Any]

PLAYERS = ("1", "2", "3", "4")
PERIODS = ("1", "2", "3")
ROLE_NAMES = ("Agent", "Conductor", "Preacher", "Shepherd", "Station Master", "Stockholder")


def _int(lo: int | None = None, hi: int | None = None) -> Schema:
    out: Schema = {"type": "integer"}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


def _obj(props: dict[str, Schema], *, optional: Iterable[str] = ()) -> Schema:
    """An object with exactly these fields (those in ``optional`` may be left out)."""
    return {"type": "object", "properties": props, "additionalProperties": False,
            "required": [k for k in props if k not in set(optional)]}


def _keyed(keys: tuple[str, ...], value: Schema) -> Schema:
    """An object keyed by exactly ``keys`` (player counts, periods)."""
    return _obj({k: value for k in keys})


def _list(items: Schema, *, n: int | None = None, lo: int = 0) -> Schema:
    out: Schema = {"type": "array", "items": items, "minItems": n if n is not None else lo}
    if n is not None:
        out["maxItems"] = n
    return out


def _header(fmt: str | int) -> dict[str, Schema]:
    return {"format": {"const": fmt}, "version": {"type": "integer"}}


TEXT: Schema = {"type": "string", "pattern": r"\S", "description": "non-empty text"}
ID: Schema = {"type": "string", "pattern": r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$",
              "description": "a snake_case id like 'ripley_ohio'"}
_BY_PLAYERS = _keyed(PLAYERS, _int(0))


def _param(spec: Param, ranges: bool) -> Schema:
    if isinstance(spec, Int):
        return _int(spec.lo, spec.hi) if ranges else _int()
    if isinstance(spec, Bool):
        return {"type": "boolean"}
    assert isinstance(spec, Choice)
    return {"enum": list(spec.options)} if spec.options else {"type": "string"}


def effect_schema(kinds: Iterable[str], *, ranges: bool = True) -> Schema:
    """An effect object ``{"kind": ..., <params>}`` of one of ``kinds``, its parameters exact.

    ``ranges`` also bounds whole-number parameters as printed on cards (roles skip it).
    """
    names = sorted(kinds)
    cases = [
        {"if": {"properties": {"kind": {"const": k}}},
         "then": _obj({"kind": {"const": k},
                       **{p: _param(s, ranges) for p, s in KINDS[k].params.items()}})}
        for k in names
    ]
    return {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": names}},
            "allOf": cases}


MAP: Schema = _obj({
    **_header("freight_freedom.freedom.map"),
    "name": {"type": "string"}, "title": {"type": "string"},
    "spaces": _list(_obj({
        "id": ID, "name": TEXT, "state": {"type": "string"},
        "kind": {"enum": ["plantation", "city", "canada"]},
        "region": {"enum": ["south", "north", "canada"]},
        "lon": {"type": "number", "minimum": -180, "maximum": 180},
        "lat": {"type": "number", "minimum": -90, "maximum": 90},
        "capacity": {"type": ["integer", "null"], "minimum": 1},
        "money": _int(0), "light_slots": _int(0), "note": {"type": "string"},
    }), lo=1),
    "plantations": _list({"type": "string"}),
    "canada": _list({"type": "string"}, lo=1),
    "routes": _list(_obj({"a": {"type": "string"}, "b": {"type": "string"},
                          "mode": {"enum": ["road", "rail", "river", "lake", "sea"]}})),
    "catchers": _list(_obj({"colour": {"type": "string", "minLength": 1}, "name": TEXT,
                            "path": _list({"type": "string"}, lo=2),
                            "start": {"type": "string"}})),
}, optional=("format", "version", "name", "title"))

TOKENS: Schema = _obj({
    **_header("freight_freedom.freedom.tokens"),
    "periods": _list(_obj({"number": _int(1, 3), "name": TEXT, "start_year": _int(1600, 1900),
                           "end_year": _int(1600, 1900)}), n=3),
    "support": _obj({
        "price": _int(1, 100),
        "by_players": _keyed(PLAYERS, _keyed(PERIODS, _int(1))),
        "harder_extra": _obj({"period": _int(1, 3), "count": _int(0, 10)}),
    }),
    "conductor": _list(_obj({"id": ID, "period": _int(1, 3), "people": _int(1, 6),
                             "spaces": _int(1, 2), "cost": _int(0, 20),
                             "count_by_players": _keyed(PLAYERS, _int(1))}), lo=1),
    "fundraising": _list(_obj({"id": ID, "period": _int(1, 3), "count_by_players": _BY_PLAYERS,
                               "region": {"enum": ["south", "north"]},
                               "per_person": _int(1, 5)})),
}, optional=("format", "version"))

MARKET: Schema = _obj({
    **_header("freight_freedom.freedom.market"),
    "deck_size": {"const": 8},
    "cards": _list(_obj({"id": {"type": "string", "minLength": 1}, "people": _int(2, 6),
                         "players": {**_list({"enum": [1, 2, 3, 4]}, lo=1),
                                     "uniqueItems": True}})),
}, optional=("format", "version"))

_SIDE = _obj({"freed": _int(1, 96), "lost": _int(1, 96)})
VICTORY: Schema = _obj({
    **_header("freight_freedom.freedom.victory"),
    "cards": _list(_obj({"players": _int(1, 4), "regular": _SIDE, "challenging": _SIDE})),
}, optional=("format", "version"))

DICE: Schema = _obj({
    **_header("freight_freedom.freedom.dice"),
    "catcher_faces": {**_list({"type": "string", "minLength": 1}, n=6), "uniqueItems": True},
    "movement_faces": _list(_obj({"direction": {"enum": ["west", "east"]}, "spaces": _int(1, 3),
                                  "triple": {"type": "boolean"}}), n=6),
}, optional=("format", "version"))

CARDS: Schema = _obj({
    "format": {"const": 1},
    "opposition_per_period": _keyed(PLAYERS, _keyed(PERIODS, _int(0))),
    "cards": _list(_obj({
        "id": ID, "name": TEXT, "kind": {"enum": ["general", "reserve", "opposition"]},
        "period": {"enum": [1, 2, 3]}, "year": {"type": "string"},
        "min_players": {"enum": [1, 3]},
        "timing": {"enum": ["now", "action", "catcher_phase"]},
        "trigger": {"enum": ["queue", "discard", "bought", None]},
        "purchasable": {"type": "boolean"},
        "effects": _list(effect_schema(k for k, s in KINDS.items() if s.uses - {ROLE, PASSIVE}),
                         lo=1) | {"maxItems": 3},
        "text": TEXT, "note": TEXT,
    })),
})

_ACTIVE = _list(effect_schema(kinds_for(ROLE), ranges=False))
_ROLE_SIDE = _obj({"benefit": _ACTIVE, "passive": _list(effect_schema(kinds_for(PASSIVE),
                                                                      ranges=False))})
ROLES: Schema = _obj({
    **_header("freight_freedom.freedom.roles"), "note": {"type": "string"},
    "roles": _list(_obj({
        "name": {"enum": list(ROLE_NAMES)}, "history": {"type": "string"},
        "sides": _keyed(("1", "2"), _ROLE_SIDE),
        "special": _obj({"phase": {"enum": ["planning", "action", "other_turn"]}, "text": TEXT,
                         "effects": _ACTIVE}),
    }, optional=("history",))),
}, optional=("version", "note"))

SCHEMAS: dict[str, Schema] = {
    "map.json": MAP, "tokens.json": TOKENS, "cards.json": CARDS, "market.json": MARKET,
    "victory.json": VICTORY, "dice.json": DICE, "roles.json": ROLES,
}


def schema_for(filename: str) -> Schema:
    """The JSON Schema of one component file, by name (``"map.json"`` ...)."""
    return SCHEMAS[filename]


#: The packaged data file each schema describes.
PACKAGED = {"map.json": MAP, "tokens.json": TOKENS, "market.json": MARKET,
            "victory.json": VICTORY, "dice.json": DICE, "cards.json": CARDS, "roles.json": ROLES}
CHECKED_FILE = "schema_checked.json"


def packaged_digests() -> list[str]:
    """The digests of the packaged data files with their schemas (written to
    ``data/schema_checked.json`` by ``python -m freight_freedom.freedom.schemas``)."""
    return sorted(digest(read_packaged(name), schema) for name, schema in PACKAGED.items())


def _trust_packaged() -> None:
    """Skip the (slow to import) schema step for the packaged files: tests check that they pass
    it and that the list is current (``tests/freedom/test_schema_checked.py``)."""
    path = Path(__file__).parent / "data" / CHECKED_FILE
    with contextlib.suppress(ValueError, TypeError):  # then every file is checked
        CHECKED.update(str(d) for d in load_json(read_bounded(path)))


_trust_packaged()

if __name__ == "__main__":
    (Path(__file__).parent / "data" / CHECKED_FILE).write_text(
        json.dumps(packaged_digests(), indent=1) + "\n", encoding="utf-8")
