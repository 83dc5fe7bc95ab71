"""``observation(seat)`` is the view's public table with the seat: the same dicts as the engine
built before the views carried it (RL users' feature encodings read them), on many random
positions of both games, keys in the same order."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.game import Game
from freight_freedom.core.seat_view import to_plain
from freight_freedom.slowfreight.components import KIND_KEYS
from freight_freedom.slowfreight.scoring import running_score


def _freedom_before(game: Freedom, seat: int) -> dict[str, Any]:
    """Freedom's observation as ``Freedom.observation`` built it from the state."""
    data = game.state.to_dict(hidden=False)
    data["seat"] = seat
    data["to_move"] = game.to_move
    return data


def _slowfreight_before(game: SlowFreight, seat: int) -> dict[str, Any]:
    """Slow Freight's observation as ``slowfreight.observation`` built it from the state."""
    state = game.state
    full = state.to_dict()
    kinds, names = state.comps.card_kind, state.comps.movement_names
    counts = Counter(KIND_KEYS[kinds[c]] for c in state.freight_deck)
    del full["rng"]
    full["freight_deck"] = {"size": len(state.freight_deck),
                            "counts": {k: counts.get(k, 0) for k in KIND_KEYS}}
    full["movement_deck"] = {"size": len(state.movement_deck),
                             "cards": sorted(names[c] for c in state.movement_deck)}
    full["seat"] = seat
    full["to_move"] = None if state.over else state.seat
    full["scores"] = [running_score(p) for p in state.players]
    return full


def _positions(make: Any, games: int, every: int) -> Iterator[Game[Any]]:
    """Positions of random games (players cycling 2-4), every ``every`` decisions and the end."""
    for g in range(games):
        game = make(players=2 + g % 3, seed=100 + g)
        rng = random.Random(g)
        step = 0
        while not game.is_over:
            if step % every == 0:
                yield game
            game.apply(rng.choice(game.legal_actions()))
            step += 1
        yield game


def _ordered(value: Any) -> Any:
    """``value`` with every dict as its list of items, so key order counts in comparisons."""
    if isinstance(value, dict):
        return [(k, _ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_ordered(v) for v in value]
    return value


@pytest.mark.parametrize(("make", "before"), [(Freedom, _freedom_before),
                                              (SlowFreight, _slowfreight_before)])
def test_observations_are_the_same_dicts_and_come_from_the_view(make: Any, before: Any) -> None:
    checked = 0
    for game in _positions(make, games=8, every=23):
        view = game.view(game.to_move, since=len(game.log))
        for seat in range(game.options["players"]):
            got = game.observation(seat)
            assert _ordered(got) == _ordered(before(game, seat)), f"seat {seat}, {game!r}"
            seat_view = view if seat == view.viewer else game.view(seat, since=len(game.log))
            from_view = {**to_plain(seat_view.table), "seat": seat, "to_move": game.to_move}
            assert got == from_view, f"observation({seat}) is not the view's table, {game!r}"
            checked += 1
    assert checked > 100


def test_the_table_is_frozen_and_the_same_for_every_viewer() -> None:
    game = SlowFreight(players=3, seed=4)
    for _ in range(20):
        game.apply(game.legal_actions()[0])
    table = game.view(0).table
    with pytest.raises(TypeError):
        table["turn"] = 99
    assert game.view(None).table == table == game.view(2).table
    assert Freedom(players=2, seed=1).view(1).table == Freedom(players=2, seed=1).view().table
