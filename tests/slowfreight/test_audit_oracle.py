"""Audit: an independent re-statement of the rules, checked against the engine over random games.

The oracle below is written from the rules text (``shared/seeds/slow_freight.txt``), not from the
engine's modules: the legal actions of every position, the Track each move earns, the refill of the
face-up row, arrivals, and the final score of every seat are recomputed and compared.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.slowfreight import GreedyBot

KINDS = ("auto", "tank", "coal", "xloco")


def _kind(game: SlowFreight, card: int) -> str:
    return KINDS[game.components.card_kind[card]]


def _valid(cars: list[str]) -> bool:
    """SF-FORM-2..5 straight from the rules text."""
    n, kinds = len(cars), set(cars)
    if not 1 <= n <= 5:
        return False
    if len(kinds) == 1:
        return True
    if n == 2:
        return len(kinds) == 2
    return kinds == {"auto", "tank", "coal"}


def oracle_legal(game: SlowFreight) -> set[str]:
    s = game.state
    seat = s.seat
    trains = s.players[seat].trains
    if not s.taken:
        forced = [t for t in trains if t.xloco is not None]
        if forced:  # SF-XLOCO-4
            return {f"{seat}:move {forced[0].name}"}
    out: set[str] = set()
    if s.taken:
        out.add(f"{seat}:stop")
    else:
        out.add(f"{seat}:pass")
        if s.loco_supply:
            out.add(f"{seat}:loco")
        out.update(f"{seat}:move {t.name}" for t in trains if t.cars)
    for slot, card in enumerate(s.face_up):
        if card is None:
            continue
        kind = _kind(game, card)
        for t in trains:
            if t.moving or t.xloco is not None:
                continue
            cars = [_kind(game, c) for c in t.cars]
            ok = (bool(cars) and not s.xloco_taken) if kind == "xloco" else _valid([*cars, kind])
            if ok:
                out.add(f"{seat}:take {slot} {t.name}")
    return out


def check_step(game: SlowFreight, action: str) -> None:
    """Apply ``action`` and compare what it did with the rules."""
    s = game.state
    comps = game.components
    seat = s.seat
    rows = game.movement_table.rows
    assert {str(a) for a in game.legal_actions()} == oracle_legal(game)
    kind = action.split(":")[1].split()[0]
    top = list(s.movement_deck[:2])
    supply_before = s.track_supply
    if kind == "move":
        name = action.split()[-1]
        t = s.find_train(seat, name)
        assert t is not None
        track_before, size, xl = t.track, len(t.cars), t.xloco is not None
        delivered_before = len(s.players[seat].delivered)
        points_before = s.players[seat].car_points
    taken_before = s.taken
    events = game.apply(action)
    s = game.state
    if kind == "move":
        # the number read: size on the first card, 5 on an Extra Locomotive's second, 4 on a Clock
        drawn = [comps.movement_names.index(e.data["card"]) for e in events
                 if "total" in e.data and "card" in e.data]
        assert drawn[0] == top[0]  # SF-MOVE-1: the top card
        if len(drawn) == 2 and top[0] < comps.train_cards:
            assert drawn[1] == top[1]
        # one card, two for an Extra Locomotive, unless the first is the last Clock (SF-RULING-4)
        assert len(drawn) == (2 if xl else 1) or (
            xl and drawn[0] >= comps.train_cards and game.is_over)
        want = sum(4 if card >= comps.train_cards else rows[card][(5 if i else size) - 1]
                   for i, card in enumerate(drawn))
        if supply_before is not None:
            want = min(want, supply_before)
        total = track_before + want
        if total >= 9:
            assert len(s.players[seat].delivered) == delivered_before + 1  # SF-ARRIVE-1
            assert s.players[seat].car_points == points_before + 2 * size  # SF-ARRIVE-4
            if supply_before is not None:  # SF-ARRIVE-2
                assert s.track_supply == supply_before - want + total
        else:
            assert s.find_train(seat, name).track == total
    if kind in ("move", "pass") and not game.is_over:
        assert s.seat == (seat + 1) % len(s.players)
    if kind == "take" and s.taken:
        assert s.taken == taken_before + 1 < 3  # SF-TAKE-1: at most three cards
        assert s.seat == seat
    if not s.taken and not game.is_over:
        face = [c for c in s.face_up if c is not None]
        assert sum(1 for c in face if _kind(game, c) == "xloco") < 2  # SF-TAKE-3
        assert len(face) == 3 or not s.freight_deck  # SF-TAKE-2, SF-RULING-1


def oracle_final(game: SlowFreight) -> list[int]:
    """The final scores, from the trains on the table (SF-ARRIVE-3/4, SF-SCORE-1..7)."""
    s = game.state
    scores = []
    for p in s.players:
        total = sum(2 * len(t.cars) for t in p.delivered) + sum(v for _, v in p.bonus_chips)
        for t in p.trains:
            total -= 3 * (1 + (t.xloco is not None)) + 2 * len(t.cars)
        scores.append(total)
    for ttype in ("auto", "tank", "coal", "mixed"):
        best: dict[int, int] = {}
        for p in s.players:
            for t in p.delivered:
                kinds = {_kind(game, c) for c in t.cars}
                this = kinds.pop() if len(kinds) == 1 else "mixed"
                if this == ttype:
                    best[p.seat] = max(best.get(p.seat, 0), len(t.cars))
        if best:
            top = max(best.values())
            winners = [seat for seat, n in best.items() if n == top]
            for seat in winners:
                scores[seat] += {1: 8, 2: 4}.get(len(winners), 2)
    return scores


def oracle_bonus(game: SlowFreight) -> None:
    """The first three arrivals of each type took 5, 3, 1 (SF-ARRIVE-3), in log order."""
    got: dict[int, list[int]] = {}
    for e in game.log:
        if e.rule == "SF-ARRIVE-3":
            got.setdefault(e.data["type"], []).append(e.data["points"])
    for values in got.values():
        assert values == [5, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0][: len(values)]


def play_checked(game: SlowFreight, bots: Any) -> None:
    steps = 0
    while not game.is_over:
        bot = bots[game.to_move] if isinstance(bots, list) else bots
        check_step(game, str(bot.choose(game)))
        steps += 1
        assert steps < 3000
    assert list(game.outcome.scores) == oracle_final(game)
    oracle_bonus(game)
    assert game.outcome.winners == tuple(
        i for i, v in enumerate(game.outcome.scores) if v == max(game.outcome.scores))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]),
       table=st.sampled_from(["standard", "gentle", "harsh"]),
       track=st.sampled_from([48, None, 12]))
def test_audit_engine_agrees_with_an_independent_oracle(seed: int, players: int, table: str,
                                                        track: int | None) -> None:
    game = SlowFreight(players=players, seed=seed, movement_table=table, track_supply=track)
    play_checked(game, RandomBot(seed))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_audit_greedy_games_agree_with_the_oracle(players: int) -> None:
    for seed in range(15):
        game = SlowFreight(players=players, seed=seed)
        play_checked(game, [GreedyBot(seed + i) for i in range(players)])
