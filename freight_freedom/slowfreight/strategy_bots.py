"""Slow Freight bots with a declared strategy, for analysts to compare, and a Monte Carlo bot.

- :class:`SmallFastBot` runs short trains (1-2 cars): fill a train to two cars, move it at once.
- :class:`BigSlowBot` builds 5-car trains (and puts an Extra Locomotive on a full one) before
  moving; big trains score more per card and win the biggest-train awards, but move slowly.
- :class:`MonteCarloBot` (the shared flat Monte Carlo bot) tries every legal action in
  ``strength`` determinized copies of the game (:meth:`SlowFreight.determinized`: the hidden deck
  orders redrawn, SF-RULING-22), plays each copy out with a fast rollout policy, and keeps the
  action with the best average result.

The strategy bots read only public parts of ``game.state`` (their own trains, the face-up row, the
Clocks drawn); the Monte Carlo bot only ever plays on determinized copies, so none of them can see
the order of a deck. Every bot chooses from ``game.legal_actions()``.

>>> from freight_freedom.slowfreight.game import SlowFreight
>>> from freight_freedom.core.bot import play_out
>>> game = SlowFreight(players=2, seed=4)
>>> _ = play_out(game, [SmallFastBot(seed=1), BigSlowBot(seed=2)])
>>> game.is_over
True
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from ..core.argcheck import positive_int
from ..core.bot import RandomBot, SeededBot
from ..core.montecarlo import FlatMonteCarloBot
from .bots import GreedyBot
from .components import XLOCO
from .moves import MoveTrain, Take
from .state import SlowFreightState, Train
from .trains import NEXT

Game = Any
"""A :class:`~freight_freedom.slowfreight.game.SlowFreight` (kept loose: no import cycle)."""


def _can_grow(train: Train) -> bool:
    """Whether any car kind could still join ``train`` (SF-RULING-7)."""
    return not train.moving and train.xloco is None and any(k >= 0 for k in NEXT[train.code])


def clocks_left(state: SlowFreightState) -> int:
    """Clocks still to be drawn before the game ends (public: the drawn Clocks lie face up)."""
    return state.clocks_in_game - len(state.clocks_drawn)


class TrainSizeBot(SeededBot):
    """A rule-of-thumb bot that builds trains to ``target`` cars, then moves them.

    Each turn, in order: keep a moving train moving (the one with most Track first); move a train
    that has reached ``target`` cars (or can grow no further); take face-up cards onto the
    fullest train still below ``target`` (Extra Locomotives onto full trains if ``use_xloco``);
    bring a Locomotive while fewer than ``building`` trains are being built; otherwise move the
    biggest train or pass. With one Clock left it stops building and moves what it has, to avoid
    the penalties for trains still on the way. Ties are broken by its seeded RNG.
    """

    name = "train-size"

    def __init__(self, target: int = 3, *, building: int = 1, use_xloco: bool = False,
                 wait_for_target: bool = False, seed: int = 0) -> None:
        self.target = positive_int("target", target, hi=5)  # cars: a train holds 1-5
        self.building = building
        self.use_xloco = use_xloco
        self.wait_for_target = wait_for_target
        super().__init__(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(target={self.target})"

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s == top])

    def _take_score(self, state: SlowFreightState, action: Action, trains: dict[str, Train],
                    endgame: bool) -> float | None:
        take = Take.of(action)
        card = state.face_up[take.slot]
        train = trains[take.train]
        if card is None:
            return None
        if state.comps.card_kind[card] == XLOCO:
            if self.use_xloco and not endgame and train.ncars >= self.target:
                return 10.0 + train.ncars
            return None
        if endgame or train.ncars >= self.target:
            return None
        return float(train.ncars)  # finish the fullest train first

    def decide(self, game: Game, actions: list[Action]) -> Action:
        state: SlowFreightState = game.state
        seat = actions[0].seat
        trains = {t.name: t for t in state.players[seat].trains}
        endgame = clocks_left(state) <= 1
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)

        takes = [(s, a) for a in by_kind.get("take", [])
                 if (s := self._take_score(state, a, trains, endgame)) is not None]
        if state.taken:  # inside a take-cards turn: more cards, or stop
            return self._best(takes) if takes else by_kind["stop"][0]

        moves = [(trains[MoveTrain.of(a).train], a) for a in by_kind.get("move", [])]
        running = [(train.track, a) for train, a in moves if train.moving]
        if running:
            return self._best([(float(t), a) for t, a in running])
        ready = [(float(train.ncars), a) for train, a in moves
                 if endgame or train.ncars >= self.target or not _can_grow(train)]
        if ready:
            return self._best(ready)
        if takes:
            return self._best(takes)
        building = sum(1 for t in trains.values() if not t.moving and t.ncars < self.target)
        if "loco" in by_kind and building < self.building and not endgame:
            return by_kind["loco"][0]
        if moves and not self.wait_for_target:
            return self._best([(float(train.ncars), a) for train, a in moves])
        if "pass" in by_kind:
            return by_kind["pass"][0]
        return self.rng.choice(actions)


class SmallFastBot(TrainSizeBot):
    """Short trains, moved early: up to 2 cars, then go (fast, cheap, many small arrivals)."""

    name = "small-fast"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(target=2, building=1, use_xloco=False, wait_for_target=False, seed=seed)


class BigSlowBot(TrainSizeBot):
    """Long trains: builds 5 cars (adding an Extra Locomotive when one shows) before moving."""

    name = "big-slow"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(target=5, building=2, use_xloco=True, wait_for_target=True, seed=seed)


ROLLOUTS: dict[str, Any] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(seed=seed),
    "small-fast": lambda seed: SmallFastBot(seed=seed),
}
"""Rollout policies by name: how the imagined futures are played (every seat alike)."""


class MonteCarloBot(FlatMonteCarloBot):
    """Flat Monte Carlo search (:mod:`freight_freedom.core.montecarlo`); ``strength`` =
    rollouts per action, each played to the end.

    The value of a finished copy is 1 for a win (shared wins split), plus the score margin over
    the best other seat / 100. ``rollout`` names the policy of the imagined futures
    (``"greedy"``: the engine's GreedyBot; ``"random"``; ``"small-fast"``). ``prior`` is the head
    start of the rollout policy's own choice, in value units per rollout. ``max_actions``
    (default 12) caps the candidate actions evaluated, which bounds the cost of a decision when
    many cards fit many trains.

    Measured (2 players, greedy rollouts): strength 1 won 19 of 20 games against the random bot;
    strength 2 won 63% of 30 games and strength 4 60% of 20 against the greedy bot (its own
    rollout policy). A strength-1 game costs about 1-2 s of CPU.
    """

    def __init__(self, *, strength: int = 8, seed: int = 0, max_actions: int = 12,
                 rollout: str = "greedy", prior: float = 0.5) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {sorted(ROLLOUTS)}, not {rollout!r}")
        super().__init__(strength=strength, seed=seed, max_actions=max_actions, prior=prior)
        self.rollout = rollout

    def policy(self, seed: int) -> Any:
        """The ``rollout`` bot, seeded for one imagined future."""
        return ROLLOUTS[self.rollout](seed)

    def value(self, game: Game, seat: int) -> float:
        """1 (split on ties) for a win, plus the margin over the best other seat / 100."""
        outcome = game.outcome
        scores: tuple[int, ...] = outcome.scores
        win = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        others = max(s for i, s in enumerate(scores) if i != seat)
        return win + float(scores[seat] - others) / 100.0
