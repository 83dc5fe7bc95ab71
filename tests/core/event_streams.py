"""The event streams of many seeded bot games, as digests: the check that a change to how events
and actions are built changes nothing a reader sees.

Each game's digest covers, in order, every action's notation and every event's ``str`` and
``to_dict`` (rule, text and data). ``tests/core/event_streams.json`` holds the recorded digests;
regenerate it (only when a rule or a text changes on purpose) with
``PYTHONPATH=. .venv/bin/python tests/core/event_streams.py``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.slowfreight.bots import GreedyBot
from freight_freedom.slowfreight.strategy_bots import BigSlowBot, SmallFastBot

SEEDS = 200
EXPECTED = Path(__file__).with_suffix(".json")

BOTS: dict[str, tuple[type[Any], list[Callable[[int], Any]]]] = {
    "freedom": (Freedom, [RandomBot, lambda seed: HeuristicBot()]),
    "slowfreight": (SlowFreight, [RandomBot, GreedyBot, lambda seed: SmallFastBot(seed=seed),
                                  lambda seed: BigSlowBot(seed=seed)]),
}


def games(family: str, seeds: int = SEEDS) -> Iterator[tuple[int, Any, list[Any]]]:
    """Each seed's finished game, with the actions played, for ``family``."""
    cls, makers = BOTS[family]
    for seed in range(seeds):
        game = cls(players=2 + seed % 3, seed=seed)
        bot = makers[seed % len(makers)](seed)
        actions = []
        while not game.is_over:
            action = bot.choose(game)
            actions.append(action)
            game.apply(action)
        yield seed, game, actions


def stream_digest(game: Any, actions: list[Any]) -> str:
    """A short digest of the game's actions and its events as every reader sees them."""
    h = hashlib.sha256()
    for action in actions:
        h.update(f"{action}\n".encode())
    for event in game.log:
        h.update(f"{event}\n".encode())
        h.update(json.dumps(event.to_dict(), sort_keys=True).encode())
    return h.hexdigest()[:16]


def digests(family: str) -> list[str]:
    return [stream_digest(game, actions) for _seed, game, actions in games(family)]


if __name__ == "__main__":
    EXPECTED.write_text(json.dumps({f: digests(f) for f in BOTS}, indent=1) + "\n",
                        encoding="utf-8")
