"""Slow Freight's observation as numbers (its entry's ``features``; see
:mod:`freight_freedom.core.features`): a fixed-length vector of what one seat may know."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.features import Vec
from .components import KIND_KEYS, TYPE_KEYS, load_movement_tables
from .game import SlowFreight
from .trains import TRAIN_CHECKS

MAX_SEATS = 4
"""Slow Freight seats at most four players."""


def slowfreight_features(game: SlowFreight, seat: int, view: dict[str, Any] | None = None
                         ) -> list[float]:
    """The Slow Freight table as ``seat`` sees it (:meth:`SlowFreight.observation`, or
    ``view``)."""
    o = game.observation(seat) if view is None else view  # observation() checks the seat
    comps = game.components
    v = Vec()
    seats = list(range(MAX_SEATS))
    v.onehot(o["seat"], seats)
    v.onehot(o["to_move"], seats)
    v.onehot(len(o["players"]), seats + [MAX_SEATS])
    v.onehot(o["movement_table"], list(load_movement_tables()))
    v.onehot(o.get("train_check", TRAIN_CHECKS[0]), list(TRAIN_CHECKS))
    # every train by id: absent / on its way / delivered, its owner and its make-up
    trains: dict[str, tuple[dict[str, Any], bool]] = {}
    for p in o["players"]:
        for t in p["trains"]:
            trains[t["id"]] = (t, False)
        for t in p["delivered"]:
            trains[t["id"]] = (t, True)
    dest = comps.destination
    for i in range(1, comps.locomotives + 1):
        found = trains.get(f"t{i}")
        t, arrived = found if found else ({}, False)
        v.scaled([found is None, found is not None and not arrived, arrived])
        v.onehot(t.get("owner"), seats)
        counts = t.get("counts", {})
        v.scaled((counts.get(k, 0) for k in KIND_KEYS[:3]), comps.max_cars)
        v.scaled([t.get("xloco") is not None if t else False, bool(t.get("moving"))])
        v.scaled([t.get("track", 0)], dest)
    for s in seats:
        p = o["players"][s] if s < len(o["players"]) else {}
        chips = sum(c[1] for c in p.get("bonus_chips", []))
        v.scaled([p.get("car_points", 0), chips, o["scores"][s] if p else 0], 50)
    deck = o["freight_deck"]
    v.scaled([deck["size"]], comps.freight_total)
    v.scaled((deck["counts"][k] for k in KIND_KEYS), max(comps.freight_counts))
    kinds = {name: KIND_KEYS[k] for name, k in zip(comps.card_names, comps.card_kind,
                                                   strict=True)}
    for slot in range(comps.face_up):
        card = o["face_up"][slot]
        v.onehot(None if card is None else kinds[card], KIND_KEYS)
    v.scaled([len(o["removed"])], max(1, comps.freight_counts[3]))
    v.scaled([len(o["loco_supply"])], comps.locomotives)
    mdeck = o["movement_deck"]
    clocks_in_deck = sum(1 for c in mdeck["cards"] if c.startswith("clock"))
    total = comps.movement_total
    v.scaled([mdeck["size"], clocks_in_deck, len(o["discard"]), len(o["clock_pile"]),
              len(o["clocks_drawn"]), o["clocks_in_game"]], total)
    for kind in TYPE_KEYS:
        chips = o["bonus_chips"][kind]
        v.scaled([len(chips), chips[0] if chips else 0], 5)
        v.scaled([kind in o["biggest_chips"]])
    supply = o["track_supply"]
    v.scaled([supply is None, 0 if supply is None else min(supply, 100)], 100)
    v.scaled([o["turn"]], 200)
    v.scaled([o["taken"]], comps.face_up)
    v.scaled([o["xloco_taken"], o["over"]])
    return v.out


@lru_cache(maxsize=8)
def _slowfreight_size(comps: Any) -> int:
    return len(slowfreight_features(SlowFreight(players=2, seed=0), 0))


def feature_size(game: SlowFreight) -> int:
    """The length of :func:`slowfreight_features` for this game's components."""
    return _slowfreight_size(game.components)
