"""Refusals of Slow Freight over random games: every kind of illegal action, asked at many
positions, with the rule and reason the game gives (the fixture of ``test_sf_refusals.py``).

``python tests/slowfreight/sf_refusals.py`` rewrites ``golden/sf_refusals.json``: the first
refusal of each distinct rule and reason, with where it was asked. The file is the record of
the texts, so rewrite it only for a change of wording meant as one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from freight_freedom import Action, IllegalAction, SlowFreight
from freight_freedom.core.bot import RandomBot

GOLDEN = Path(__file__).with_name("golden") / "sf_refusals.json"
GAMES = (  # (players, seed, options)
    (2, 3, {}), (3, 11, {}), (4, 5, {"movement_table": "harsh"}),
    (2, 8, {"train_check": "end_of_turn"}), (3, 21, {"train_check": "end_of_turn"}),
)


def candidates(game: SlowFreight) -> Iterator[Action]:
    """Actions of every kind for the seat to move: well formed and not, own trains and others',
    every slot and one past the end."""
    seat = game.to_move
    assert seat is not None
    trains = [t.name for p in game.state.players for t in (*p.trains, *p.delivered)] + ["t99"]
    slots = range(len(game.state.face_up) + 1)
    yield from (Action(seat, kind) for kind in ("loco", "stop", "pass", "move", "take", "sail"))
    yield from (Action(seat, kind, ("x",)) for kind in ("loco", "stop", "pass"))
    yield Action(seat, "take", ("t1",))
    for name in trains:
        yield Action(seat, "move", (name,))
        yield from (Action(seat, "take", (slot, name)) for slot in slots)


def refusals(every: int = 3) -> list[list[object]]:
    """``[game, step, action, rule, reason]`` for each refused candidate, every ``every``-th
    decision of each game of :data:`GAMES`."""
    out: list[list[object]] = []
    for number, (players, seed, options) in enumerate(GAMES):
        game = SlowFreight(players=players, seed=seed, **options)
        bot = RandomBot(seed)
        step = 0
        while not game.is_over:
            if step % every == 0:
                legal = set(game.legal_actions())
                for action in candidates(game):
                    if action in legal:
                        continue
                    try:
                        game.apply(action)
                    except IllegalAction as err:
                        out.append([number, step, str(action), err.rule, err.reason])
                    else:  # pragma: no cover - a refusal that did not refuse
                        raise AssertionError(f"{action} was applied")
            game.apply(bot.choose(game))
            step += 1
    return out


def distinct(found: list[list[object]]) -> list[list[object]]:
    """The first refusal of each distinct (rule, reason): what the golden file keeps."""
    seen: set[tuple[object, object]] = set()
    out = []
    for row in found:
        if (row[3], row[4]) not in seen:
            seen.add((row[3], row[4]))
            out.append(row)
    return out


if __name__ == "__main__":
    GOLDEN.write_text("[\n" + ",\n".join(json.dumps(r) for r in distinct(refusals())) + "\n]\n")
