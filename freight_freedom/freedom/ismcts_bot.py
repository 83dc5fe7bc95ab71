"""The information-set tree search bot for Freedom (:mod:`freight_freedom.core.ismcts`).

Freedom is cooperative: every seat shares one value, :func:`.search_bot.evaluate` scaled to 0-1
(a win is worth two thirds of the scale on its own). What a seat cannot see is the order of the
period decks and the Slave Market deck and the future dice; each simulation re-draws them
(:meth:`Freedom.determinized`). Rollouts are played by the heuristic bot (default) or at random,
for ``horizon`` decisions ahead of the root (default 60) before the position is scored.

>>> from freight_freedom.freedom.game import Freedom
>>> game = Freedom(players=2, seed=3)
>>> ISMCTSBot(strength=20, seed=1).choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from ..core.bot import Bot, RandomBot
from ..core.ismcts import ISMCTSBot as _Search
from .bots import HeuristicBot
from .search_bot import evaluate

_HEURISTIC = HeuristicBot()


class ISMCTSBot(_Search):
    """IS-MCTS for Freedom; ``rollout`` is ``"heuristic"`` (default) or ``"random"``."""

    ROLLOUTS = ("heuristic", "random")
    DEFAULT_STRENGTH = 200
    DEFAULT_HORIZON = 60

    def rollout_policy(self, seed: int) -> Bot:
        """The heuristic bot (deterministic), or a random bot seeded ``seed``."""
        return _HEURISTIC if self.rollout == "heuristic" else RandomBot(seed)

    def value(self, game: Any, seat: int) -> float:
        """:func:`evaluate` / 3, clipped to 0-1: the same for every seat."""
        return min(1.0, max(0.0, evaluate(game) / 3.0))
