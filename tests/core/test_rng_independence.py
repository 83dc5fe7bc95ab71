"""Consecutive seeds give unrelated random games, and every consumer of a seed its own stream.

Before rules versions ``freedom-2``/``sf-2`` the seed was the raw SplitMix64 state, so the stream of
seed ``s + 1`` was the stream of seed ``s`` shifted by one draw (and a game and its bot given the
same number drew the same numbers). Each check below fails on that generator (``Rng.legacy``, and
``SlowFreight(..., rules_version="sf-1")``, which keeps it for old saves) and passes on ``Rng``.
Everything is seeded, so the figures are the same on every run: no check can be flaky.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.core.rng import Rng

SEEDS = range(200)


def _outputs(rng: Rng, n: int) -> list[int]:
    return [rng.next64() for _ in range(n)]


def _shifted_matches(make: Callable[[int], Rng]) -> int:
    """Seeds s for which Rng(s + 1) repeats a run of 4 outputs of Rng(s) at some lag."""
    hits = 0
    for s in SEEDS:
        a, b = _outputs(make(s), 16), _outputs(make(s + 1), 16)
        runs = {tuple(a[i:i + 4]) for i in range(13)}
        hits += any(tuple(b[i:i + 4]) in runs for i in range(13))
    return hits


def test_consecutive_seeds_share_no_run_of_outputs() -> None:
    assert _shifted_matches(Rng.legacy) == len(SEEDS)  # the old bug, every time
    assert _shifted_matches(Rng) == 0
    # the exact symptom of the audit: Rng(5) from its second output on equalled Rng(6)
    old5, old6 = Rng.legacy(5), Rng.legacy(6)
    old5.next64()
    assert _outputs(old5, 8) == _outputs(old6, 8)
    new5, new6 = Rng(5), Rng(6)
    new5.next64()
    assert _outputs(new5, 8) != _outputs(new6, 8)


def test_streams_of_one_seed_share_no_output() -> None:
    for s in SEEDS:
        streams = [set(_outputs(Rng(s, name), 32)) for name in ("", "setup", "play", "bot",
                                                               "determinize")]
        assert sum(map(len, streams)) == len(set().union(*streams)) == 5 * 32


def _correlation(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    vx = sum((x - mx) ** 2 for x in xs)
    vy = sum((y - my) ** 2 for y in ys)
    return cov / math.sqrt(vx * vy)


@pytest.mark.parametrize("lag", [0, 1, 2])
def test_draw_k_of_seed_s_is_uncorrelated_with_draw_k_minus_lag_of_seed_s_plus_1(lag: int) -> None:
    """Pearson correlation over 2,000 consecutive seeds; independence gives |r| ~ 0.022."""
    def unit(seed: int, k: int, make: Callable[[int], Rng]) -> float:
        return _outputs(make(seed), k + 1)[k] / 2**64

    seeds = range(2000)
    for make, expect_linked in ((Rng.legacy, lag == 1), (Rng, False)):
        r = _correlation([unit(s, lag, make) for s in seeds], [unit(s + 1, 0, make) for s in seeds])
        if expect_linked:
            assert r == pytest.approx(1.0)
        else:
            assert abs(r) < 0.1, (make, lag, r)


def test_first_draws_over_consecutive_seeds_are_uniform() -> None:
    """Chi-square of ``Rng(s).below(10)`` over 5,000 consecutive seeds (9 d.f.; 27.9 is p=0.001)."""
    counts = [0] * 10
    for s in range(5000):
        counts[Rng(s).below(10)] += 1
    chi2 = sum((c - 500) ** 2 / 500 for c in counts)
    assert chi2 < 27.9, counts
    pairs = [0] * 100  # consecutive seeds' first draws, jointly: 99 d.f.; 148 is p=0.001
    for s in range(5000):
        pairs[10 * Rng(s).below(10) + Rng(s + 1).below(10)] += 1
    assert sum((c - 50) ** 2 / 50 for c in pairs) < 148


def _cards_between_clocks(seed: int, rules_version: str) -> list[int]:
    """How many Train cards are drawn between one Clock and the next, in a 2-player game where
    everyone passes (the stretches after the first Clock and before the last)."""
    game = SlowFreight(players=2, seed=seed, rules_version=rules_version)
    counts = [0]
    while not game.is_over:
        passing = next(a for a in game.legal_actions() if a.kind == "pass")
        for event in game.apply(passing):
            if event.rule == "SF-TURN-4":
                if str(event.data["card"]).startswith("clock"):
                    counts.append(0)
                else:
                    counts[-1] += 1
    return counts[1:-1]


def _match_rates(rules_version: str) -> dict[tuple[int, int], float]:
    """For games s and s + k (s < 200, k = 1..20): how often the stretch j + lag of game s has as
    many Train cards as stretch j of game s + k. Unrelated games agree about 1 time in 12."""
    games = {s: _cards_between_clocks(s, rules_version) for s in range(220)}
    rates = {}
    for k in range(1, 21):
        for lag in (0, 1, 2):
            pairs = [(a[j + lag], b[j]) for s in range(200)
                     for a, b in [(games[s], games[s + k])] for j in range(len(b) - lag)
                     if j + lag < len(a)]
            rates[k, lag] = sum(x == y for x, y in pairs) / len(pairs)
    return rates


def test_sf_slow_freight_games_of_nearby_seeds_are_not_shifted_copies() -> None:
    """The audit found game s + 15 replaying game s one Clock later (193 times in 200)."""
    old = _match_rates("sf-1")
    assert old[15, 1] > 0.9  # the old seeding: shifted copies
    new = _match_rates("sf-2")
    assert max(new.values()) < 0.2, max(new.items(), key=lambda kv: kv[1])


def test_a_game_and_its_bot_given_the_same_number_draw_differently() -> None:
    game = Freedom(players=2, seed=4)
    assert game.state.rng.state not in {RandomBot(4).rng.state, Rng(4, "setup").state}
    assert game.state.rng.state == Rng(4, "play").state
    sf = SlowFreight(players=2, seed=4)
    assert sf.state.rng.state != RandomBot(4).rng.state
