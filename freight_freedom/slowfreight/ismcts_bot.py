"""The information-set tree search bot for Slow Freight (:mod:`freight_freedom.core.ismcts`).

No seat sees more than another in Slow Freight; hidden are the orders of the Freight and Movement
decks and the Clock pile, which each simulation re-draws (:meth:`SlowFreight.determinized`).
Rollouts (greedy by default, or random, or small-fast) play to the end of the game, where a seat's
value is three quarters its share of the win (ties split, SF-RULING-9) plus a quarter for its
score margin over the best other seat (0.5 for level, +-30 points reaching 0 or 1). A horizon,
if given, cuts rollouts short and scores the running scores the same way without the win share.

>>> from freight_freedom.slowfreight.game import SlowFreight
>>> game = SlowFreight(players=2, seed=3)
>>> ISMCTSBot(strength=10, seed=1).choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from ..core.bot import Bot
from ..core.ismcts import ISMCTSBot as _Search
from .scoring import running_score
from .strategy_bots import ROLLOUTS


class ISMCTSBot(_Search):
    """IS-MCTS for Slow Freight; ``rollout`` is ``"greedy"`` (default), ``"random"`` or
    ``"small-fast"``."""

    ROLLOUTS = ("greedy", "random", "small-fast")
    DEFAULT_STRENGTH = 100
    DEFAULT_HORIZON = None

    def rollout_policy(self, seed: int) -> Bot:
        """The ``rollout`` bot, seeded ``seed``."""
        policy: Bot = ROLLOUTS[self.rollout](seed)
        return policy

    def value(self, game: Any, seat: int) -> float:
        """Win share and score margin (see the module docstring), 0 to 1."""
        outcome = game.outcome
        if outcome is None:
            scores = [running_score(p) for p in game.state.players]
            win = None
        else:
            scores = list(outcome.scores)
            win = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        others = max(s for i, s in enumerate(scores) if i != seat)
        margin = min(1.0, max(0.0, 0.5 + (scores[seat] - others) / 60.0))
        return margin if win is None else 0.75 * win + 0.25 * margin
