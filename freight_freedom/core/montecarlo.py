"""Flat Monte Carlo search, written once for every game: try each choice in imagined futures.

:class:`FlatMonteCarloBot` scores each candidate action by playing ``strength`` *determinized*
copies of the game (``game.determinized(seat, seed)``: everything hidden from the deciding seat
re-drawn, so the bot never uses the real order of a deck) on with a rollout policy, and keeps the
action with the best total value. It is flat: no tree, each rollout starts from the candidate.

- The same seeds serve every candidate (common random numbers): actions are compared on the same
  imagined futures.
- The rollout policy's own choice starts ahead by ``prior * sqrt(strength)``: one imagined
  future knows a deck order, so with few rollouts the best-looking action is often just lucky;
  the head start keeps a weak search from playing worse than its own policy, and evidence
  outweighs it as ``strength`` grows.
- ``max_actions`` caps the candidates (the policy's choice plus a seeded sample of the others),
  which bounds the cost of a decision with many choices.

A game's bot subclasses it with two hooks: :meth:`~FlatMonteCarloBot.policy` (how imagined
futures are played) and :meth:`~FlatMonteCarloBot.value` (how good a position is for a seat).
"""

from __future__ import annotations

import math
from abc import abstractmethod
from typing import Any

from .action import Action
from .argcheck import positive_int
from .bot import Bot, SeededBot
from .game import Game


class FlatMonteCarloBot(SeededBot):
    """Flat Monte Carlo search over determinized copies; ``strength`` = rollouts per action.

    ``horizon``: decisions played ahead in a rollout (``None``: to the end of the game).
    Registered as ``"montecarlo"`` (older configs say ``"mcts"``; it never was a tree search).
    """

    name = "montecarlo"

    def __init__(self, *, strength: int, seed: int = 0, max_actions: int, prior: float,
                 horizon: int | None = None) -> None:
        self.strength = positive_int("strength", strength)
        self.max_actions = max_actions
        self.prior = prior
        self.horizon = None if horizon is None else positive_int("horizon", horizon)
        super().__init__(seed)
        self.name = f"montecarlo:{strength}"

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def policy(self, seed: int) -> Bot:
        """The bot that plays every seat of an imagined future seeded ``seed``."""

    @abstractmethod
    def value(self, game: Any, seat: int) -> float:
        """How good the position of ``game`` (finished, or cut off at the horizon) is for
        ``seat``; higher is better."""

    # ------------------------------------------------------------------ search
    def rollout_value(self, game: Game[Any], seat: int, action: Action, seed: int) -> float:
        """The value for ``seat`` of ``action`` in the imagined future ``seed`` of ``game``."""
        world = game.determinized(seat, seed).quiet()  # only the position is read
        world.apply_unchecked(action)
        policy = self.policy(seed)
        steps = 0
        while not world.is_over and (self.horizon is None or steps < self.horizon):
            world.apply_unchecked(policy.choose(world))
            steps += 1
        return self.value(world, seat)

    def decide(self, game: Game[Any], actions: list[Action]) -> Action:
        seat = actions[0].seat
        hint = self.policy(self.rng.next64() >> 1).choose(game) if self.prior else None
        if len(actions) > self.max_actions:
            pool = [a for a in actions if a != hint]
            self.rng.shuffle(pool)
            actions = ([hint] if hint is not None else []) + pool
            actions = actions[: self.max_actions]
        totals = [0.0] * len(actions)
        if hint is not None:  # the policy's own choice starts ahead (see the module doc)
            totals[actions.index(hint)] += self.prior * math.sqrt(self.strength)
        for _ in range(self.strength):
            seed = self.rng.next64() >> 1
            for i, action in enumerate(actions):
                totals[i] += self.rollout_value(game, seat, action, seed)
        best = max(totals)
        return self.rng.choice([a for a, t in zip(actions, totals, strict=True) if t == best])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(strength={self.strength})"
