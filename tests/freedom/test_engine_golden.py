"""Golden replays: recorded games must replay to the same state and the same log, line by line.

Regenerate with ``.venv/bin/python tests/freedom/golden/regenerate.py`` (see its docstring).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from freight_freedom import Freedom

GOLDEN = Path(__file__).parent / "golden"
NAMES = sorted(p.stem for p in GOLDEN.glob("*.json"))


def test_there_are_two_golden_games() -> None:
    assert len(NAMES) >= 2


@pytest.mark.parametrize("name", NAMES)
def test_golden_replay(name: str) -> None:
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    game = Freedom.from_json(text)
    assert game.is_over
    expected = (GOLDEN / f"{name}.log").read_text(encoding="utf-8").splitlines()
    actual = [str(e) for e in game.log]
    assert actual == expected
    assert game.to_json() == text
