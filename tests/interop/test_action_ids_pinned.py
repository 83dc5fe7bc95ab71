"""The games' action ids never change: RL users' trained policies index their outputs by them.

Each pin is the digest of the whole numbering (every entry in order) for one game and options,
with a sample of ids spelled out so a failure says which action moved. A game's numbering may
grow only by a new pin here, deliberately; these were taken before the games moved to entries.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from freight_freedom.core import registry
from freight_freedom.core.action_space import action_space

PINS: list[tuple[str, dict[str, Any], int, str, dict[int, str]]] = [
    ("freedom", {"players": 1}, 4511, "56c18378a426e2d8",
     {0: "roll", 2255: "move milwaukee burlington", 4510: "deliver low_country_plantations"}),
    ("freedom", {"players": 4, "difficulty": "challenging"}, 4514, "02fdb4e0731ce0bc",
     {0: "roll", 2257: "move milwaukee portland", 4513: "deliver low_country_plantations"}),
    ("slowfreight", {"players": 2}, 95, "d8c0853bdb11dc3f",
     {0: "loco", 24: "take 1 t1", 47: "take 2 t1", 94: "pass"}),
    ("slowfreight", {"players": 4, "train_check": "end_of_turn"}, 95, "d8c0853bdb11dc3f",
     {0: "loco", 24: "take 1 t1", 47: "take 2 t1", 94: "pass"}),
]


@pytest.mark.parametrize(("key", "options", "size", "digest", "sample"), PINS,
                         ids=[f"{p[0]}-{p[1]['players']}" for p in PINS])
def test_action_ids_are_pinned(key: str, options: dict[str, Any], size: int, digest: str,
                               sample: dict[int, str]) -> None:
    game = registry.game_entry(key).game_class()(seed=1, **options)
    space = action_space(game)
    assert space.size == size
    for action_id, text in sample.items():
        for seat in range(int(options["players"])):
            assert str(space.action(action_id, seat)) == f"{seat}:{text}"
    assert hashlib.sha256(repr(space.entries).encode()).hexdigest()[:16] == digest


def test_every_built_in_game_with_an_action_space_is_pinned() -> None:
    pinned = {p[0] for p in PINS}
    assert {key for key, entry in registry.GAMES.items()
            if entry.action_space is not None} <= pinned
