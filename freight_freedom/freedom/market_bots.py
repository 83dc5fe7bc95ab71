"""Freedom bots that differ from the heuristic bot in one decision only: where the Lead Player
sends the people of the bottom Slave Market card (FR-MKT-PHASE-1).

They answer "how much does the Lead Player's choice in the Slave Market matter?": every other
decision is the heuristic bot's, so a difference in win rate is the Market choice's alone.
Freedom's entry registers them as bots; the module sits with the analysis (it replays games
as a simulation seeds them), above the game's rules.

- ``market-random``: a plantation with an open slot at random (seeded);
- ``market-fullest``: the plantation with the fewest open slots (the heuristic bot picks the one
  with the most, so people are not lost for want of room).

>>> from freight_freedom import Freedom
>>> bot = FullestMarketBot()
>>> bot.name
'market-fullest'

:func:`market_choices` replays a heuristic game and counts how often the Market offered a real
choice (two or more plantations with room) and how often each variant would have chosen another
plantation: the choice is real when they differ, and weak when the results do not.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..analysis.bots import make_bot
from ..analysis.seeds import bot_seed
from ..core import Action
from ..core.bot import SeededBot


class _MarketBot(SeededBot):
    name = "market"

    def __init__(self, seed: int = 0) -> None:
        from .bots import HeuristicBot

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
        from .context import context
        from .movement import room
        from .moves import Deliver

        ctx, st = context(), game.state
        return min(actions, key=lambda a: (room(ctx, st, Deliver.of(a).plantation), str(a)))


@dataclass(frozen=True, slots=True)
class MarketChoices:
    """What the Slave Market offered in one replayed game.

    ``choices``: people delivered with two or more plantations open (a real choice);
    ``differed``: per variant bot name, how many of those it would have sent elsewhere;
    ``decisions``: the game's decisions (the same figure a simulation's row has, a check that the
    replay is the simulated game); ``fewest``: the fewest people on any plantation at any moment
    of the game (0: a plantation ran empty, so nobody could be moved north from it).
    """

    choices: int
    differed: dict[str, int] = field(default_factory=dict)
    decisions: int = 0
    fewest: int = 0


def market_choices(seed: int, *, bot: str = "heuristic",
                   variants: Sequence[str] = ("market-random", "market-fullest"),
                   **options: Any) -> MarketChoices:
    """Replay the game seeded ``seed`` with ``bot`` in every seat (as a simulation plays it: seat
    ``k``'s bot seeded ``bot_seed(seed, k)``) and, at each real Market choice, ask each variant
    where it would send the person (each variant sees the same position; its pick is not
    played).

    >>> from freight_freedom.analysis import game_seed
    >>> m = market_choices(game_seed(4, 0), players=2)
    >>> m.choices > 0 and 0 < m.differed["market-fullest"] <= m.choices
    True
    """
    from ..core.bot import play_out
    from .game import Freedom

    players = int(options.get("players", 2))
    counts = {name: 0 for name in variants}
    others = {name: [make_bot("freedom", name, seat=k, seed=bot_seed(seed, k))
                     for k in range(players)] for name in variants}
    seats = [make_bot("freedom", bot, seat=k, seed=bot_seed(seed, k)) for k in range(players)]
    choices = 0
    game = Freedom(seed=seed, **options)
    plantations = game.ctx.board.plantations
    fewest = min(game.state.people[p] for p in plantations)

    class _Watch:
        """The seat's bot, noting each real Market choice before it is played."""

        name = bot

        def choose(self, game: Any) -> Action:
            nonlocal choices, fewest
            seat = game.to_move
            pick: Action = seats[seat].choose(game)
            actions = game.legal_actions()
            if len(actions) > 1 and all(a.kind == "deliver" for a in actions):
                choices += 1
                for name, bots in others.items():
                    counts[name] += bots[seat].choose(game) != pick
            fewest = min(fewest, *(game.state.people[p] for p in plantations))
            return pick

    decisions = play_out(game, _Watch())
    fewest = min(fewest, *(game.state.people[p] for p in plantations))
    return MarketChoices(choices, counts, decisions, fewest)
