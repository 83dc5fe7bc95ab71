"""Observations as numbers: a fixed-length vector of what one seat may know.

Both encoders read only :meth:`Game.observation` (the per-seat view, which never holds a deck
order or an RNG state), so no hidden information can reach a vector: two games that differ only
in what ``seat`` cannot see give the same vector. Every part has a length fixed by the
components and the number of players, so the length is declared per game and options
(:func:`feature_size`). Counts are scaled to about 0..1; choices are one-hot. Pure Python: the
frameworks' adapters turn the list into their own arrays.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..core.errors import IllegalAction
from ..core.game import Game
from ..freedom.decisions import DECISIONS
from ..freedom.game import Freedom
from ..freedom.state import PHASE_NAMES, QUEUE_SIZE, ROUNDS, TOTAL_PEOPLE
from ..slowfreight.components import KIND_KEYS, TYPE_KEYS, load_movement_tables
from ..slowfreight.game import SlowFreight
from ..slowfreight.trains import TRAIN_CHECKS

MAX_SEATS = 4
"""Both games seat at most four players."""


class _Vec:
    """A growing list of floats with the few encodings the games need."""

    __slots__ = ("out",)

    def __init__(self) -> None:
        self.out: list[float] = []

    def onehot(self, value: object, choices: Sequence[object]) -> None:
        """1 at ``value``'s place among ``choices`` (all 0 for ``None`` or a value not listed)."""
        row = [0.0] * len(choices)
        if value is not None and value in choices:
            row[list(choices).index(value)] = 1.0
        self.out.extend(row)

    def scaled(self, values: Iterable[float | int | bool | None], scale: float = 1.0) -> None:
        self.out.extend([0.0 if v is None else float(v) / scale for v in values])

    def flags(self, present: Iterable[object], choices: Sequence[object]) -> None:
        """How many times each of ``choices`` occurs in ``present``."""
        counts = dict.fromkeys(choices, 0)
        for item in present:
            if item in counts:
                counts[item] += 1
        self.out.extend(float(counts[c]) for c in choices)


def features(game: Game[Any], seat: int, view: dict[str, Any] | None = None) -> list[float]:
    """``seat``'s observation of ``game`` as a vector of :func:`feature_size` floats.

    ``view`` is ``game.observation(seat)`` when the caller already has it (it is not cheap).
    """
    if isinstance(game, Freedom):
        return freedom_features(game, seat, view)
    if isinstance(game, SlowFreight):
        return slowfreight_features(game, seat, view)
    raise IllegalAction(f"{type(game).__name__} has no observation encoding", rule="OBSERVATION")


def feature_size(game: Game[Any]) -> int:
    """The length of :func:`features` for this game's components and options."""
    if isinstance(game, Freedom):
        return _freedom_size(game.ctx, game.state.players)
    if isinstance(game, SlowFreight):
        return _slowfreight_size(game.components)
    raise IllegalAction(f"{type(game).__name__} has no observation encoding", rule="OBSERVATION")


# ----------------------------------------------------------------------------------- Freedom
_FREEDOM_FLAGS = ("easier_triples", "easier_money", "easier_empty_centre",
                  "harder_full_plantations", "harder_extra_support", "optional_scoring",
                  "fundraising_cities_only")


def freedom_features(game: Freedom, seat: int, view: dict[str, Any] | None = None
                     ) -> list[float]:
    """The Freedom table as ``seat`` sees it (:meth:`Freedom.observation`, or ``view``)."""
    o = game.observation(seat) if view is None else view  # observation() checks the seat
    ctx = game.ctx
    v = _Vec()
    seats = list(range(MAX_SEATS))
    v.onehot(o["seat"], seats)
    v.onehot(o["to_move"], seats)
    v.onehot(o["players"], [1, 2, 3, 4])
    v.onehot(o["difficulty"], ["regular", "challenging"])
    v.scaled(bool(o["options"].get(name)) for name in _FREEDOM_FLAGS)
    v.onehot(o["round"], list(range(1, ROUNDS + 1)))
    v.onehot(o["phase"], list(PHASE_NAMES))
    v.onehot(o["period"], [1, 2, 3])
    v.onehot(o["lead"], seats)
    v.onehot(o["turn"], seats)
    v.scaled([o["turns_done"]], MAX_SEATS)
    money = list(o["money"]) + [0] * (MAX_SEATS - len(o["money"]))
    v.scaled(money, 20)
    roles = list(ctx.roles)
    for s in seats:
        v.onehot(o["roles"][s] if s < len(o["roles"]) else None, roles)
        v.scaled([s < len(o["sides"]) and o["sides"][s] == 2])
    v.scaled((o["people"][s] for s in ctx.map_spaces), 5)
    v.scaled((o["freed_at"][s] for s in ctx.board.canada), 10)
    v.scaled([o["supply"], o["freed"], o["lost"]], TOTAL_PEOPLE)
    for colour, path in ctx.paths.items():
        v.onehot(o["catchers"][colour], path)
    # Slave Market cards: where each is (display, deck, done, unused) and the people on it
    display = {m["card"]: (i, m["people"]) for i, m in enumerate(o["market"])}
    deck, done, unused = set(o["market_deck"]), set(o["market_done"]), set(o["market_unused"])
    for card in ctx.market_cards:
        where = display.get(card)
        v.scaled([where is not None, card in deck, card in done, card in unused])
        v.scaled([where[1] if where else 0], 5)
        v.scaled([where[0] if where else 0], 8)
    v.scaled([o["capture_cursor"]], 8)
    stacks = list(ctx.stack_kind)
    v.scaled(o["stacks"][s] / max(1, o["stack_size"][s]) for s in stacks)
    v.scaled((o["stack_size"][s] for s in stacks), 4)
    v.scaled(o["support_left"], 5)
    v.scaled(o["support_bought"], 5)
    for s in seats:
        held = o["held"][s] if s < len(o["held"]) else []
        v.flags((h[0] for h in held), stacks)
        v.flags((h[0] for h in held if h[1]), stacks)
    v.flags(o["tokens_spent"], stacks)
    v.flags(o["tokens_removed"], stacks)
    cards = list(ctx.card_by_id)
    for pos in range(QUEUE_SIZE):
        v.onehot(o["queue"][pos], cards)
    reserve = list(o["reserve"]) + [None] * (MAX_SEATS - len(o["reserve"]))
    decks = [set(d) for d in o["decks"]]
    removed, discard = set(o["removed_cards"]), set(o["discard"])
    for card in cards:
        v.scaled([card in d for d in decks])
        v.scaled([card in removed, card in discard])
        v.scaled([r == card for r in reserve])
    # the decisions waiting, top first matters most: its kind, who decides and its numbers
    pending = o["pending"]
    v.scaled([len(pending), len(o["effects"])], 4)
    top = pending[-1] if pending else {}
    v.onehot(top.get("kind"), list(DECISIONS))
    v.onehot(top.get("seat"), seats)
    v.scaled([top.get("left", 0), top.get("spaces", 0)], 4)
    v.scaled([bool(top.get("safe")), top.get("origin") == "plantation"])
    v.onehot(top.get("to"), list(ctx.board.spaces))
    v.scaled([o["planning_taken"], o["tokens_played"]], 2)
    v.scaled([o["card_bought"], o["benefit_used"], o["did_something"], o["safe_turn"],
              o["cut_armed"]])
    v.scaled([o["lantern_discarded"]], QUEUE_SIZE)
    roll = o["last_roll"] or {}
    catcher = (roll["catcher"] or "walk") if roll else None  # None: the walking figure
    v.onehot(catcher, [*ctx.paths, "walk"])
    v.onehot(roll.get("direction"), ["west", "east"])
    v.scaled([roll.get("spaces", 0)], 3)
    v.scaled([bool(roll.get("triple")), bool(roll.get("cancelled"))])
    result = o["result"] or {}
    v.scaled([bool(result), bool(result.get("won"))])
    return v.out


@lru_cache(maxsize=32)
def _freedom_size(ctx: Any, players: int) -> int:
    return len(freedom_features(Freedom(players=players, seed=0, components=ctx.components), 0))


# ----------------------------------------------------------------------------- Slow Freight
def slowfreight_features(game: SlowFreight, seat: int, view: dict[str, Any] | None = None
                         ) -> list[float]:
    """The Slow Freight table as ``seat`` sees it (:meth:`SlowFreight.observation`, or
    ``view``)."""
    o = game.observation(seat) if view is None else view  # observation() checks the seat
    comps = game.components
    v = _Vec()
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
