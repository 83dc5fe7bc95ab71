"""``freight-freedom components export``: a game's entry says whether it has component files to
export (``export_components``). Freedom's are written by default, any game's by ``--game``, and a
game without them is refused in words before anything is written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from freight_freedom.cli import main
from freight_freedom.core import registry


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_entries_declare_which_games_have_component_files() -> None:
    assert registry.game_entry("freedom").export_components is not None
    assert registry.game_entry("slowfreight").export_components is None


def test_a_named_game_writes_the_same_files_as_the_default(tmp_path: Path) -> None:
    status, named, err = run("components", "export", str(tmp_path / "named"), "--game", "Freedom")
    assert status == 0, err
    status, default, err = run("components", "export", str(tmp_path / "default"))
    assert status == 0, err
    assert "Freedom(components=" in named and "Freedom(components=" in default
    files = sorted(p.name for p in (tmp_path / "named").iterdir())
    assert files and files == sorted(p.name for p in (tmp_path / "default").iterdir())


def test_a_game_without_component_files_is_refused_in_words(tmp_path: Path) -> None:
    target = tmp_path / "sf"
    status, text, err = run("components", "export", str(target), "--game", "slow_freight")
    assert status == 2 and text == ""
    assert "Slow Freight cannot export its components" in err
    assert "the games that can: freedom" in err
    assert not target.exists()


def test_an_unknown_game_is_a_usage_error(tmp_path: Path) -> None:
    status, _, err = run("components", "export", str(tmp_path), "--game", "chess")
    assert status == 2 and "invalid choice: 'chess'" in err


def test_the_help_names_the_default_and_the_games_with_files(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run("components", "export", "--help")[0] == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "default: freedom;" in text and "the games with component files: freedom)" in text
