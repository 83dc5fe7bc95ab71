"""The advisor: reproducible, blind to hidden orders, refuses finished games, calibrated."""

from __future__ import annotations

import math

import pytest

from freight_freedom import Freedom, IllegalAction, SlowFreight
from freight_freedom.analysis import advise_workers
from freight_freedom.analysis.advise import Cancelled, advise, chance
from freight_freedom.analysis.trajectory import positions, trajectory, trajectory_figure
from freight_freedom.core import registry
from freight_freedom.core.bot import play_out
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.slowfreight.bots import GreedyBot


def _freedom_late(seed: int = 1, round_: int = 8) -> Freedom:
    game = Freedom(players=2, seed=seed)
    bot = HeuristicBot()
    while not game.is_over and game.round < round_:
        game.apply(bot.choose(game))
    assert not game.is_over
    return game


def test_chance_interval_is_wilson() -> None:
    e = chance(5, 10)
    assert e.mean == 0.5 and 0.23 < e.low < 0.24 and 0.76 < e.high < 0.77
    assert chance(0, 20).low == 0.0 and chance(20, 20).high == 1.0


def test_slowfreight_reproducible_and_sums_to_one() -> None:
    game = SlowFreight(players=3, seed=11)
    a = advise(game, rollouts=30, seed=5, actions=None, action_rollouts=10)
    b = advise(game, rollouts=30, seed=5, actions=None, action_rollouts=10)
    assert a == b
    assert math.isclose(sum(e.mean for e in a.win), 1.0)
    assert a.seat == game.to_move and a.rollouts == 30 and a.bot == "greedy"
    assert {x.action for x in a.actions} == set(game.legal_actions())
    values = [x.value(a.seat) for x in a.actions]
    assert values == sorted(values, reverse=True)
    assert all(e.low <= e.mean <= e.high for e in a.win + a.score)
    c = advise(game, rollouts=30, seed=6)
    assert c.win != a.win  # another seed, other imagined games
    assert game.history == () and not game.is_over  # the game itself is untouched


def test_same_answer_with_worker_processes() -> None:
    game = SlowFreight(players=2, seed=3)
    one = advise(game, rollouts=40, seed=2)
    two = advise(game, rollouts=40, seed=2, n_jobs=2)
    assert one.figures == two.figures


def test_blind_to_hidden_deck_orders() -> None:
    """Two games that differ only in what no seat can see get the same advice."""
    game = SlowFreight(players=2, seed=8)
    play_out_steps(game, 12)
    other = game.copy()
    other.state.freight_deck.reverse()
    other.state.movement_deck.reverse()
    assert other.state.freight_deck != game.state.freight_deck
    assert advise(game, rollouts=20, seed=1) == advise(other, rollouts=20, seed=1)

    fr = _freedom_late(round_=7)
    fr2 = fr.copy()
    for deck in fr2.state.decks:
        deck.reverse()
    fr2.state.market_deck.reverse()
    assert advise(fr, rollouts=6, seed=1).figures == advise(fr2, rollouts=6, seed=1).figures


def play_out_steps(game: SlowFreight, steps: int) -> None:
    bot = GreedyBot(seed=1)
    for _ in range(steps):
        game.apply(bot.choose(game))


def test_refuses_a_finished_game_and_bad_arguments() -> None:
    game = SlowFreight(players=2, seed=1)
    play_out(game, GreedyBot(seed=1))
    with pytest.raises(IllegalAction, match="game is over"):
        advise(game)
    fresh = SlowFreight(players=2, seed=1)
    for bad in ({"rollouts": 0}, {"seed": -1}, {"actions": -2}, {"n_jobs": 0},
                {"bot": "no-such-bot"}):
        with pytest.raises(ValueError):
            advise(fresh, **bad)  # type: ignore[arg-type]


def test_cancel_and_progress() -> None:
    game = SlowFreight(players=2, seed=1)
    seen: list[tuple[int, int]] = []
    advise(game, rollouts=60, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (60, 60) and len(seen) == 3
    with pytest.raises(Cancelled):
        advise(game, rollouts=60, seed=1, cancel=lambda: True)


def test_freedom_victory_and_endings() -> None:
    game = _freedom_late()
    a = advise(game, rollouts=12, seed=3, actions=2, action_rollouts=4)
    assert a == advise(game, rollouts=12, seed=3, actions=2, action_rollouts=4)
    assert set(a.figures.endings) == set(registry.game_entry("freedom").endings)
    assert math.isclose(sum(e.mean for e in a.figures.endings.values()), 1.0)
    assert a.victory == a.figures.endings["victory"] == a.win[1]  # cooperative: one chance
    assert 1 <= len(a.actions) <= 2 and "heuristic" in a.assumption


def test_trajectory_over_a_game() -> None:
    game = SlowFreight(players=2, seed=4)
    play_out_steps(game, 30)
    spots = positions(game, points=4)
    assert [s for s, _ in spots] == [0, 10, 20, 30]
    assert spots[-1][1].digest() == game.digest()
    points = trajectory(game, points=4, rollouts=8, seed=1)
    assert [p.step for p in points] == [0, 10, 20, 30]
    fig = trajectory_figure(points)
    assert len(fig.data) == 4  # a band and a line per seat
    assert not points[0].figures.cooperative
    assert fig.layout.title.text == "Chance of winning over the game"


def test_trajectory_of_a_cooperative_game_draws_one_line() -> None:
    """The registry says Freedom is cooperative, so its chart shows the team's one chance of
    victory (not one line per seat), whatever endings the figures list."""
    from dataclasses import replace

    points = trajectory(_freedom_late(), points=2, rollouts=4, seed=1)
    assert points and all(p.figures.cooperative for p in points)
    fig = trajectory_figure(points)
    assert len(fig.data) == 2 and fig.data[1].name == "victory"
    no_endings = [replace(p, figures=replace(p.figures, endings={})) for p in points]
    assert len(trajectory_figure(no_endings).data) == 2


def test_calibrated_small() -> None:
    """Predicted chances match observed results (the big check: benchmarks/bench_advise.py).

    60 positions from greedy-bot games (2 players), 24 rollouts each. Tolerance: the mean
    predicted chance of seat 0 is within 0.12 of its observed win rate (about 2 standard errors
    of 60 results), and the Brier score beats always predicting the base rate.
    """
    predicted: list[float] = []
    observed: list[float] = []
    for g in range(20):
        game = SlowFreight(players=2, seed=100 + g)
        bots = [GreedyBot(seed=1000 + g), GreedyBot(seed=2000 + g)]
        snapshots = []
        step = 0
        while not game.is_over:
            if step in (8, 30, 60):
                snapshots.append(game.copy())
            game.apply(bots[game.to_move].choose(game))
            step += 1
        won = 1.0 / len(game.outcome.winners) if 0 in game.outcome.winners else 0.0
        for snap in snapshots:
            predicted.append(advise(snap, rollouts=24, seed=g).win[0].mean)
            observed.append(won)
    n = len(predicted)
    assert n >= 50
    base = sum(observed) / n
    brier = sum((p - o) ** 2 for p, o in zip(predicted, observed, strict=True)) / n
    brier_base = sum((base - o) ** 2 for o in observed) / n
    assert abs(sum(predicted) / n - base) < 0.12
    assert brier < brier_base


def test_module_exports() -> None:
    from freight_freedom import analysis

    assert analysis.advise is advise  # the function, not the module of the same name


def _niceness() -> int:
    import os

    return os.nice(0)


def test_only_background_advice_runs_below_the_kernel_s_priority() -> None:
    """The app's evaluation bar (``background=True``) runs in worker processes that yield the
    CPU to the kernel and the browser; advice a person asks for from a notebook or a script
    runs at the caller's own priority, so it is not slowed on a busy machine."""
    import os

    if not hasattr(os, "nice"):
        pytest.skip("no process priorities on this platform")
    own = os.nice(0)
    low = advise_workers.executor(1, background=True).submit(_niceness).result(timeout=60)
    assert low == min(19, own + advise_workers.BACKGROUND_NICE)
    normal = advise_workers.executor(1).submit(_niceness).result(timeout=60)
    assert normal == own
    if hasattr(os, "getsid"):  # each worker is a session of its own (autogroups share by session)
        for background in (False, True):
            sid = advise_workers.executor(1, background).submit(os.getsid, 0).result(timeout=60)
            assert sid != os.getsid(0)


def test_rollout_counts_are_bounded_and_work_is_made_lazily(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``rollouts=10**30`` is refused at once (it used to build its whole seed list first);
    within the bound, seeds are made batch by batch as the work goes."""
    import importlib

    advise_module = importlib.import_module("freight_freedom.analysis.advise")
    game = SlowFreight(players=2, seed=3)
    for kwargs in ({"rollouts": 10**30}, {"rollouts": advise_module.MAX_ROLLOUTS + 1},
                   {"rollouts": 10, "action_rollouts": 10**30}, {"rollouts": 10, "chunk": 10**30}):
        with pytest.raises(ValueError, match="must be an integer from 1 to"):
            advise(game, **kwargs)
    with pytest.raises(ValueError, match="points must be an integer from 1 to"):
        trajectory(game, points=10**30)
    made: list[int] = []
    seed_of = advise_module._rollout_seed

    def counting(seed: int, index: int) -> int:
        made.append(index)
        return int(seed_of(seed, index))

    monkeypatch.setattr(advise_module, "_rollout_seed", counting)
    with pytest.raises(advise_module.Cancelled):
        advise(game, rollouts=advise_module.MAX_ROLLOUTS, chunk=5,
               cancel=lambda: len(made) >= 10)
    assert len(made) == 10  # two batches made, not a million seeds


def test_running_totals_match_the_two_pass_figures() -> None:
    import importlib

    advise_module = importlib.import_module("freight_freedom.analysis.advise")
    rollouts = [advise_module.Rollout((w, 1 - w), (s, 9 - s)) for w, s in
                [(1.0, 3), (0.0, 7), (0.5, 4), (1.0, 8), (0.0, 1)]]
    figures = advise_module.figures_of("slowfreight", rollouts, 2)
    expected = advise_module.mean_of([3, 7, 4, 8, 1])
    got = figures.score[0]
    assert got.n == expected.n == 5
    assert got.mean == pytest.approx(expected.mean)
    assert got.low == pytest.approx(expected.low) and got.high == pytest.approx(expected.high)
    assert figures.win[0] == advise_module.chance(2.5, 5)
