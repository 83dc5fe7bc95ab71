"""The recorded (golden) Slow Freight games and how to regenerate them.

Each golden game is a save file (``golden/<name>.json``) and its event log as text
(``golden/<name>.log``, one ``[RULE] text`` line per event). ``test_sf_golden.py`` replays every
save and demands the same log, byte for byte: a diff means a rule's behaviour changed.

When a rule changes on purpose, regenerate and review the diff before committing::

    .venv/bin/python tests/slowfreight/sf_golden_games.py
    git diff tests/slowfreight/golden/
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.slowfreight import GreedyBot

GOLDEN = Path(__file__).with_name("golden")

GAMES: dict[str, dict[str, Any]] = {
    "sf_2p_random": {"options": {"players": 2}, "seed": 11, "bots": "random"},
    "sf_3p_greedy": {"options": {"players": 3, "first_player": 1}, "seed": 22, "bots": "greedy"},
    "sf_4p_mixed_harsh": {"options": {"players": 4, "movement_table": "harsh",
                                      "track_supply": 20}, "seed": 33, "bots": "mixed"},
}


def log_text(game: SlowFreight) -> str:
    return "".join(f"{event}\n" for event in game.log)


def record(name: str) -> SlowFreight:
    """Play the golden game ``name`` from its recipe."""
    spec = GAMES[name]
    game = SlowFreight(seed=spec["seed"], **spec["options"])
    seed = spec["seed"]
    bots: Any = {
        "random": RandomBot(seed),
        "greedy": [GreedyBot(seed + i) for i in range(4)],
        "mixed": [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1), RandomBot(seed + 1)],
    }[spec["bots"]]
    play_out(game, bots)
    return game


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in GAMES:
        game = record(name)
        (GOLDEN / f"{name}.json").write_text(game.to_json())
        (GOLDEN / f"{name}.log").write_text(log_text(game))
        print(f"wrote {name}: {len(game.history)} steps, {len(game.log)} events")


if __name__ == "__main__":
    main()
