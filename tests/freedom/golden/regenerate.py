"""Regenerate the golden Freedom games: ``.venv/bin/python tests/freedom/golden/regenerate.py``.

Each golden game is a save file (``<name>.json``) and its event log as text (``<name>.log``).
``tests/freedom/test_engine_golden.py`` replays every save and compares the log line by line, so
any change of behaviour shows up as a readable diff. Regenerate only when a rules change is
intended, and review the diff of the ``.log`` files before committing.
"""

from __future__ import annotations

from pathlib import Path

from freight_freedom.core.bot import RandomBot
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.freedom.game import Freedom

HERE = Path(__file__).parent
GAMES = {
    "heuristic_2p_regular_seed7": (dict(players=2, seed=7, roles=("Conductor", "Station Master")),
                                   "heuristic"),
    "random_3p_challenging_seed8": (dict(players=3, seed=8, difficulty="challenging"), "random"),
}


def play(name: str) -> Freedom:
    options, bot_name = GAMES[name]
    game = Freedom(**options)  # type: ignore[arg-type]
    game.scenario("place_people", space="cincinnati", count=1)  # a scenario step is replayed too
    bot = HeuristicBot() if bot_name == "heuristic" else RandomBot(8)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game


def log_text(game: Freedom) -> str:
    return "".join(f"{e}\n" for e in game.log)


def main() -> None:
    for name in GAMES:
        game = play(name)
        (HERE / f"{name}.json").write_text(game.to_json(), encoding="utf-8")
        (HERE / f"{name}.log").write_text(log_text(game), encoding="utf-8")
        print(f"{name}: {len(game.history)} steps, {game.outcome}")


if __name__ == "__main__":
    main()
