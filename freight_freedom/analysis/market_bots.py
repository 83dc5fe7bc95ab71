"""Freedom bots that differ from the heuristic bot in one decision only: where the Lead Player
sends the people of the bottom Slave Market card (FR-MKT-PHASE-1).

They answer "how much does the Lead Player's choice in the Slave Market matter?": every other
decision is the heuristic bot's, so a difference in win rate is the Market choice's alone.

- ``market-random``: a plantation with an open slot at random (seeded);
- ``market-fullest``: the plantation with the fewest open slots (the heuristic bot picks the one
  with the most, so people are not lost for want of room).

>>> from freight_freedom import Freedom
>>> bot = FullestMarketBot()
>>> bot.name
'market-fullest'
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from ..core import Action
from ..core.bot import SeededBot


class _MarketBot(SeededBot):
    name = "market"

    def __init__(self, seed: int = 0) -> None:
        from ..freedom.bots import HeuristicBot

        self.base = HeuristicBot()
        super().__init__(seed)

    def decide(self, game: Any, actions: list[Action]) -> Action:
        deliveries = [a for a in actions if a.kind == "deliver"]
        if len(deliveries) == len(actions):
            return self.market(game, deliveries)
        return self.base.decide(game, actions)

    @abstractmethod
    def market(self, game: Any, actions: list[Action]) -> Action:
        """Where the Slave Market's next person goes: one of the ``deliver`` actions."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomMarketBot(_MarketBot):
    """The heuristic bot, but the Market's people go to a random open plantation."""

    name = "market-random"

    def market(self, game: Any, actions: list[Action]) -> Action:
        return self.rng.choice(actions)


class FullestMarketBot(_MarketBot):
    """The heuristic bot, but the Market's people go to the fullest plantation with room."""

    name = "market-fullest"

    def market(self, game: Any, actions: list[Action]) -> Action:
        from ..freedom.context import context
        from ..freedom.movement import room

        ctx, st = context(), game.state
        return min(actions, key=lambda a: (room(ctx, st, str(a.args[0])), str(a)))
