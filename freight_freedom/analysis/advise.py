"""The advisor: win probability and move hints for a position, from Monte Carlo rollouts.

:func:`advise` answers "are we still going to win, and which move helps most?" for the position of
a game. It plays the position out ``rollouts`` times, every seat played by the rollout policy (by
default each game's rule-of-thumb bot: :class:`~freight_freedom.freedom.bots.HeuristicBot`,
:class:`~freight_freedom.slowfreight.bots.GreedyBot`), and counts what happened:

- Freedom: the chance of victory and of each way of losing (too many people lost; round 8 over
  without both conditions), and the expected optional score of the team;
- Slow Freight: each seat's chance of winning (a shared win counts as a share) and expected score.

Each figure comes with a 95% confidence interval (Wilson for chances, normal for means). Every
rollout starts from a *determinized* copy (``game.determinized(seat, seed)``): the decks and
future dice are re-dealt from that rollout's seed, so the advice uses only what the deciding seat
can see, never the real order of a hidden deck. Asked for ``actions``, it also scores the best
candidate moves (the policy's own choice first, then a seeded sample; all of them if there are
few), each on the *same* re-dealt worlds (common random numbers), so hints are ranked on equal
terms.

The numbers say what happens *if everyone plays like the rollout policy from here*
(:attr:`Advice.assumption`); the calibration check in ``benchmarks/bench_advise.py`` measures how
well predicted chances match observed frequencies.

>>> from freight_freedom import SlowFreight
>>> advice = advise(SlowFreight(players=2, seed=3), rollouts=20, seed=1)
>>> round(sum(e.mean for e in advice.win), 6)
1.0
>>> advise(SlowFreight(players=2, seed=3), rollouts=20, seed=1) == advice
True
"""

from __future__ import annotations

import functools
import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import registry
from ..core.action import Action
from ..core.argcheck import positive_int
from ..core.errors import IllegalAction
from ..core.game import players_of
from ..core.rng import Rng
from .advise_workers import executor, worker_count
from .bots import BotSpec, game_key, make_bot

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


CHUNK = 25
"""Rollouts per task when the work is spread over processes (and per cancellation check)."""
MAX_ROLLOUTS = 1_000_000
"""At most this many rollouts per position (and per candidate action): about a day of work for
one Freedom position on one core. More is refused with a clear error before any work starts."""


class Cancelled(Exception):
    """Raised by :func:`advise` when its ``cancel`` callback says the answer is no longer
    wanted (the position changed)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean from ``n`` rollouts with its 95% confidence interval ``[low, high]``."""

    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:.3g} [{self.low:.3g}, {self.high:.3g}]"

    def percent(self) -> str:
        """``"62% (55-69%)"``: a chance in words."""
        return f"{100 * self.mean:.0f}% ({100 * self.low:.0f}-{100 * self.high:.0f}%)"


def chance(hits: float, n: int) -> Estimate:
    """Wilson score interval of ``hits`` successes in ``n`` trials (hits may be fractional:
    shared wins)."""
    if n <= 0:
        return Estimate(math.nan, 0.0, 1.0, 0)
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_of(values: Sequence[float]) -> Estimate:
    """Sample mean with a normal 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mu = math.fsum(values) / n
    if n == 1:
        return Estimate(mu, mu, mu, 1)
    var = math.fsum((v - mu) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mu, mu - half, mu + half, n)


@dataclass(frozen=True, slots=True)
class Rollout:
    """What one rollout ended with: each seat's share of the win, score, and (Freedom) how the
    game ended."""

    wins: tuple[float, ...]
    scores: tuple[float, ...]
    ending: str = ""


@dataclass(frozen=True)
class Figures:
    """The figures of one position (or of one position after one action).

    ``win[seat]``: chance that ``seat`` wins (Freedom is cooperative: the same chance of
    victory for every seat). ``score[seat]``: expected score (Freedom: the team's optional
    score). ``endings``: a cooperative game's chance of each way it ends (its entry's
    ``endings``: Freedom's "victory", "too many lost", "time ran out"); empty for Slow Freight.
    ``cooperative``: the registry's word on whether the players win or lose together.
    """

    win: tuple[Estimate, ...]
    score: tuple[Estimate, ...]
    endings: dict[str, Estimate] = field(default_factory=dict)
    cooperative: bool = False

    @property
    def rollouts(self) -> int:
        return self.win[0].n if self.win else 0


@dataclass(frozen=True)
class ActionAdvice:
    """One candidate action and the figures of the position after it."""

    action: Action
    label: str
    figures: Figures

    def value(self, seat: int) -> float:
        """How good the action is for ``seat``: its chance of winning, then (a tie-break worth
        less than one rollout) its expected score."""
        return self.figures.win[seat].mean + 1e-6 * self.figures.score[seat].mean


@dataclass(frozen=True)
class Advice:
    """The advice for a position: :attr:`figures` of the position itself and, if asked, the
    candidate actions best first (:attr:`actions`)."""

    game: str
    seat: int
    """The deciding seat: whose view the rollouts keep (everything hidden from it re-dealt)."""
    step: int
    """``len(game.history)`` when the advice was asked: which position it is about."""
    rollouts: int
    bot: str
    figures: Figures
    actions: tuple[ActionAdvice, ...] = ()

    @property
    def win(self) -> tuple[Estimate, ...]:
        return self.figures.win

    @property
    def score(self) -> tuple[Estimate, ...]:
        return self.figures.score

    @property
    def victory(self) -> Estimate:
        """Freedom: the chance of victory (the same for every seat)."""
        return self.figures.win[0]

    @property
    def assumption(self) -> str:
        """What the numbers assume, in words (shown beside the bar)."""
        return (f"everyone plays like the {self.bot} bot from here ({self.rollouts} imagined "
                "games, the hidden cards re-dealt in each)")

    def best(self, k: int = 3) -> tuple[ActionAdvice, ...]:
        """The ``k`` best candidate actions for the deciding seat."""
        return self.actions[:k]


# ---------------------------------------------------------------------------- rollouts
def _result(key: str, game: Any) -> Rollout:
    """What a finished rollout counts for (the registry names each game's function)."""
    entry = registry.game_entry(key)
    return Rollout(*entry.rollout_result(game, players_of(game)))


def default_bot(key: str) -> str:
    """The default rollout policy of a game (``"random"`` for a game not of this package)."""
    entry = registry.find(key)
    return entry.rollout_bot if entry is not None else "random"


def _rollout_seed(seed: int, index: int) -> int:
    """Seed of rollout ``index``: depends only on (seed, index), never on how work is split."""
    return Rng(seed, f"advise/{index}").next64() >> 1


def _play(key: str, game: Any, seat: int, action: Action | None, bot_spec: BotSpec,
          seed: int, max_steps: int) -> Rollout:
    # a rollout reads only the outcome: no events are built (the same rules, Game.quiet)
    world = game.determinized(seat, seed).quiet()
    if action is not None:
        world.apply_unchecked(action)
    players = players_of(world)
    bots = [make_bot(key, bot_spec, seat=s, seed=seed + s) for s in range(players)]
    steps = 0
    while not world.is_over:
        if steps >= max_steps:
            raise RuntimeError(f"a rollout did not end within {max_steps} decisions")
        to_move = world.to_move
        world.apply_unchecked(bots[to_move].choose(world))
        steps += 1
    return _result(key, world)


def run_rollouts(key: str, game: Any, seat: int, action: Action | None, bot_spec: BotSpec,
                 seeds: Sequence[int], max_steps: int = 100_000) -> list[Rollout]:
    """Play one rollout per seed (a picklable task for worker processes)."""
    return [_play(key, game, seat, action, bot_spec, s, max_steps) for s in seeds]


def figures_of(key: str, results: Sequence[Rollout], players: int) -> Figures:
    """Summarise rollouts into chances and means with intervals."""
    tally = Tally(players)
    tally.add(results)
    return tally.figures(key)


class Tally:
    """Running totals of rollouts: what :class:`Figures` needs, in memory that does not grow
    with the number of rollouts (sums, and Welford's running mean and spread of each score)."""

    def __init__(self, players: int) -> None:
        self.n = 0
        self.wins = [0.0] * players
        self.means = [0.0] * players
        self.squares = [0.0] * players  # sum of squared deviations from the running mean
        self.endings: dict[str, int] = {}

    def add(self, batch: Sequence[Rollout]) -> None:
        for r in batch:
            self.n += 1
            for s in range(len(self.wins)):
                self.wins[s] += r.wins[s]
                delta = r.scores[s] - self.means[s]
                self.means[s] += delta / self.n
                self.squares[s] += delta * (r.scores[s] - self.means[s])
            self.endings[r.ending] = self.endings.get(r.ending, 0) + 1

    def figures(self, key: str) -> Figures:
        n = self.n
        win = tuple(chance(w, n) for w in self.wins)
        score = tuple(_mean_estimate(m, q, n) for m, q in zip(self.means, self.squares,
                                                                strict=True))
        entry = registry.game_entry(key)
        endings = {e: chance(self.endings.get(e, 0), n) for e in entry.endings}
        return Figures(win, score, endings, entry.cooperative)


def _mean_estimate(mu: float, squares: float, n: int) -> Estimate:
    """The mean of ``n`` values with a normal 95% interval, from running totals."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    if n == 1:
        return Estimate(mu, mu, mu, 1)
    half = Z95 * math.sqrt(max(0.0, squares) / (n - 1) / n)
    return Estimate(mu, mu - half, mu + half, n)


# ---------------------------------------------------------------------------- advise
def _candidates(key: str, game: Any, bot_spec: BotSpec, seed: int, k: int | None
                ) -> list[Action]:
    actions: list[Action] = game.legal_actions()
    if k is None or len(actions) <= k:
        return actions
    seat = game.to_move
    own = make_bot(key, bot_spec, seat=seat, seed=seed).choose(game.determinized(seat, seed))
    rest = [a for a in actions if a != own]
    Rng(seed, "advise/candidates").shuffle(rest)
    return [own, *rest][:k]


def advise(game: Any, *, rollouts: int = 200, bot: BotSpec | None = None, seed: int = 0,
           n_jobs: int | None = 1, actions: int | None = 0, action_rollouts: int | None = None,
           processes: bool | None = None, cancel: Callable[[], bool] | None = None,
           progress: Callable[[int, int], None] | None = None, chunk: int = CHUNK,
           background: bool = False) -> Advice:
    """Win chances and expected scores of ``game``'s position, and optionally of its moves.

    ``rollouts``: games played out from the position. ``bot``: the rollout policy of every seat
    (a bot name like ``"heuristic"``, a class or an instance; default: the game's
    ``rollout_bot`` in :mod:`~freight_freedom.core.registry`, its rule-of-thumb bot, since
    random play never wins Freedom).
    ``seed``: the same seed gives the same answer, whatever ``n_jobs``. ``n_jobs``: worker
    processes (1: in this process; -1: every core; ``processes=True`` uses worker processes
    even for one job, keeping this process free). ``actions``: how many candidate actions to
    score as well (0: none; ``None``: every legal action); each is scored with
    ``action_rollouts`` rollouts (default ``rollouts``) on the same re-dealt worlds, and they
    come back best first for the deciding seat. ``cancel``: polled between batches of rollouts;
    when it returns True, :class:`Cancelled` is raised. ``progress(done, total)``: called after
    each batch. ``chunk``: rollouts per batch (the same answer whatever it is); the app uses
    small batches, so a cancelled evaluation stops within a few dozen milliseconds.
    ``background``: worker processes run at a lower priority in a session of their own (the
    app's evaluation bar, which must never slow a click); advice a person asks for runs at
    normal priority, the default.

    The work is handed out batch by batch (a few batches per worker in flight), and results are
    kept as running totals, so memory does not grow with ``rollouts``; ``rollouts`` and
    ``action_rollouts`` are at most :data:`MAX_ROLLOUTS`.

    Raises :class:`~freight_freedom.core.IllegalAction` for a finished game (there is nothing
    to advise) and ValueError for bad arguments.
    """
    key = game_key(game)
    if game.is_over:
        raise IllegalAction("the game is over: there is no position left to advise on",
                            rule=game.RULE_GAME_OVER)
    _check_arguments(rollouts, chunk, action_rollouts, seed, actions)
    jobs = worker_count(n_jobs)
    spec = default_bot(key) if bot is None else bot
    make_bot(key, spec, seat=0, seed=0)  # a bad spec fails here, before any work
    seat = game.to_move
    assert seat is not None
    base = game.copy()
    base._log = []  # rollouts never read the log: smaller copies and cheaper worker tasks
    per_action = rollouts if action_rollouts is None else action_rollouts
    candidates = _candidates(key, base, spec, seed, actions) if actions != 0 else []
    work = [(None, rollouts)] + [(a, per_action) for a in candidates]
    tallies: dict[Action | None, Tally] = {a: Tally(players_of(game)) for a in [None, *candidates]}
    total = sum(n for _, n in work)

    def collect(action: Action | None, batch: list[Rollout]) -> None:
        tallies[action].add(batch)
        if progress is not None:
            progress(sum(t.n for t in tallies.values()), total)

    def stop_if_cancelled() -> None:
        if cancel is not None and cancel():
            raise Cancelled("the position changed")

    task = functools.partial(run_rollouts, key, base, seat, bot_spec=spec)
    batches = _batches(work, seed, chunk)
    if not (jobs > 1 if processes is None else processes):
        for action, seeds in batches:
            stop_if_cancelled()
            collect(action, task(action, seeds=seeds))
    else:
        _in_processes(executor(jobs, background), 3 * jobs, task, batches, collect,
                      stop_if_cancelled)
    describe = _describer(game)
    ranked = [ActionAdvice(a, describe(a), tallies[a].figures(key)) for a in candidates]
    ranked.sort(key=lambda adv: -adv.value(seat))  # stable: ties keep the candidates' order
    label = spec if isinstance(spec, str) else str(getattr(spec, "name", spec))
    return Advice(key, seat, len(game.history), rollouts, label,
                  tallies[None].figures(key), tuple(ranked))


def _check_arguments(rollouts: int, chunk: int, action_rollouts: int | None, seed: int,
                     actions: int | None) -> None:
    """ValueError naming the first of :func:`advise`'s numbers that is out of range."""
    positive_int("rollouts", rollouts, hi=MAX_ROLLOUTS)
    positive_int("chunk", chunk, hi=MAX_ROLLOUTS)
    if action_rollouts is not None:
        positive_int("action_rollouts", action_rollouts, hi=MAX_ROLLOUTS)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be an int in [0, 2**63), not {seed!r}")
    if actions is not None and (isinstance(actions, bool) or not isinstance(actions, int)
                                or actions < 0):
        raise ValueError(f"actions must be a number of actions >= 0 or None, not {actions!r}")


def _batches(work: Sequence[tuple[Action | None, int]], seed: int, chunk: int
             ) -> Iterator[tuple[Action | None, list[int]]]:
    """The work, made lazily batch by batch: (action or None, the seeds of ``chunk`` rollouts)
    for each (action, number of rollouts) of ``work``. Rollout i of every candidate uses the
    same world (its seed depends only on ``seed`` and i)."""
    for action, n in work:
        for start in range(0, n, chunk):
            yield action, [_rollout_seed(seed, i) for i in range(start, min(n, start + chunk))]


def _in_processes(pool: Any, in_flight: int, task: Callable[..., list[Rollout]],
                  batches: Iterator[tuple[Action | None, list[int]]],
                  collect: Callable[[Action | None, list[Rollout]], None],
                  stop_if_cancelled: Callable[[], None]) -> None:
    """Run ``task(action, seeds=...)`` for each batch in ``pool``, at most ``in_flight``
    batches at a time (a few per worker, no more), collecting the results in order; checks
    for cancellation while it waits, and cancels what is still queued when it stops."""
    window: deque[tuple[Action | None, Any]] = deque()
    try:
        while True:
            while len(window) < in_flight:
                item = next(batches, None)
                if item is None:
                    break
                action, seeds = item
                window.append((action, pool.submit(task, action, seeds=seeds)))
            if not window:
                break
            action, future = window[0]
            while True:
                stop_if_cancelled()
                try:
                    batch = future.result(timeout=0.05)
                    break
                except TimeoutError:
                    continue
            window.popleft()
            collect(action, batch)
    finally:
        for _, future in window:
            future.cancel()


def _describer(game: Any) -> Callable[[Action], str]:
    describe = getattr(game, "describe", None)
    if callable(describe):
        return lambda a: str(describe(a))
    return str
