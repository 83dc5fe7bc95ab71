"""Ferry declares no figures, tracker, lesson, puzzles or component files, and gets the shared
defaults for each with no change to Ferry or to a shared module: result rows of its flattened
outcome, no per-round columns, no lesson or puzzle, and a components command that says so."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from ferry import Ferry
from ferry_entry import ENTRY

from freight_freedom.analysis import records
from freight_freedom.cli import main
from freight_freedom.core import registry
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.lessons import lesson
from freight_freedom.lessons.puzzles import puzzles


@pytest.fixture(scope="module", autouse=True)
def ferry_registered() -> Iterator[registry.GameEntry]:
    """Ferry is a registered game for this module's tests only."""
    with registry.registered(ENTRY) as entry:
        yield entry


def test_its_result_row_is_its_outcome_flattened() -> None:
    game = Ferry(players=3, seed=2)
    play_out(game, RandomBot(seed=1))
    row = records.figures("ferry-race", game)
    assert row == records.flatten("", game.outcome) and row
    assert records.tracker("ferry") is None and not records.reads_log("ferry")


def test_it_has_no_lesson_and_no_puzzles() -> None:
    with pytest.raises(ValueError, match="no lesson 'ferry'"):
        lesson("ferry")
    assert puzzles("ferry") == [] and puzzles("freedom")


def test_the_components_command_says_it_has_none(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["components", "export", str(tmp_path / "f"), "--game", "ferry"],
                  stdout=out, stderr=err)
    assert status == 2 and "Ferry cannot export its components" in err.getvalue()
    assert not (tmp_path / "f").exists()
