"""Freedom's observation as numbers (its entry's ``features``; see
:mod:`freight_freedom.core.features`): a fixed-length vector of what one seat may know."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.features import Vec
from .decisions import DECISIONS
from .game import Freedom
from .state import PHASE_NAMES, QUEUE_SIZE, ROUNDS, TOTAL_PEOPLE

MAX_SEATS = 4
"""Freedom seats at most four players."""


_FREEDOM_FLAGS = ("easier_triples", "easier_money", "easier_empty_centre",
                  "harder_full_plantations", "harder_extra_support", "optional_scoring",
                  "fundraising_cities_only")


def freedom_features(game: Freedom, seat: int, view: dict[str, Any] | None = None
                     ) -> list[float]:
    """The Freedom table as ``seat`` sees it (:meth:`Freedom.observation`, or ``view``)."""
    o = game.observation(seat) if view is None else view  # observation() checks the seat
    ctx = game.ctx
    v = Vec()
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


def feature_size(game: Freedom) -> int:
    """The length of :func:`freedom_features` for this game's components and players."""
    return _freedom_size(game.ctx, game.state.players)
