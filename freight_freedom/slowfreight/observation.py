"""What a seat may see (SF-RULING-22), and determinization for bots and search.

Only two things are hidden in Slow Freight: the order of the Freight deck and the order of the
Movement deck (and so the game's RNG, which decides future shuffles). Their *contents* are public:
every card outside them is on the table. The public table (the view's ``table`` field, and so an
observation) therefore lists the decks' contents as sorted counts/names, never their order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import Rng
from .components import KIND_KEYS
from .scoring import running_score
from .state import SlowFreightState


def observation(state: SlowFreightState, seat: int) -> dict[str, Any]:
    """The table as ``seat`` sees it: the public table (:func:`public_table`, the view's
    ``table`` field) with ``seat`` the observing seat."""
    if not 0 <= seat < len(state.players):
        raise ValueError(f"seat {seat} is not in this game (0-{len(state.players) - 1})")
    full = public_table(state)
    full["seat"] = seat
    return full


def public_table(state: SlowFreightState) -> dict[str, Any]:
    """The public table as fresh plain data in the save format's words: everything but the
    deck orders and the RNG, with the decks' contents (sizes, counts by kind, Movement cards
    sorted), ``seat`` the seat whose turn it is, ``to_move`` (``None`` once over) and the
    running ``scores``. The view's ``table`` field, frozen, and what observations are made of."""
    full = state.to_dict()
    kinds = state.comps.card_kind
    mnames = state.comps.movement_names
    counts = Counter(KIND_KEYS[kinds[c]] for c in state.freight_deck)
    del full["rng"]
    full["freight_deck"] = {"size": len(state.freight_deck),
                            "counts": {k: counts.get(k, 0) for k in KIND_KEYS}}
    full["movement_deck"] = {"size": len(state.movement_deck),
                             "cards": sorted(mnames[c] for c in state.movement_deck)}
    full["to_move"] = None if state.over else state.seat
    full["scores"] = [running_score(p) for p in state.players]
    return full


def redraw_hidden(state: SlowFreightState, seed: int) -> None:
    """Reshuffle the hidden deck orders and replace the RNG, in place (a determinization).

    The decks are sorted first, so the result depends only on what a seat can see (the decks'
    contents) and ``seed``, never on the real hidden order.
    """
    rng = Rng(seed, "determinize")
    state.freight_deck.sort()
    state.movement_deck.sort()
    rng.shuffle(state.freight_deck)
    rng.shuffle(state.movement_deck)
    state.rng = rng
