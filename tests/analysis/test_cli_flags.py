"""The command line's game flags are made from each game's declared options."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from freight_freedom.cli import build_parser, main
from freight_freedom.core.registry import GAMES


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_every_declared_option_is_a_flag_with_its_help_and_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    for entry in GAMES.values():
        assert main(["simulate", entry.key, "--help"]) == 0
        text = " ".join(capsys.readouterr().out.split())  # argparse wraps lines
        for option in entry.option_spec():
            flag = "--" + option.name.replace("_", "-")
            assert flag in text, flag
            assert f"rule {option.rule}" in text.replace("- ", "-")
        if entry.aliases:
            assert main(["sweep", entry.aliases[0], "--help"]) == 0
            assert "--grid" in capsys.readouterr().out


def test_flags_parse_to_option_values() -> None:
    parser = build_parser()
    args = parser.parse_args(["simulate", "freedom", "--players", "2", "--easier-money",
                              "--no-optional-scoring", "--roles", "conductor,Preacher",
                              "--difficulty", "challenging"])
    from freight_freedom.cli import _options

    assert args.game == "freedom"
    assert _options(args) == {"players": 2, "easier_money": True, "optional_scoring": False,
                              "roles": ["conductor", "Preacher"], "difficulty": "challenging"}
    args = parser.parse_args(["simulate", "slow-freight", "--track-supply", "none",
                              "--first-player", "random", "--train-check", "end_of_turn"])
    assert args.game == "slowfreight"
    assert _options(args) == {"track_supply": None, "first_player": "random",
                              "train_check": "end_of_turn"}


def test_a_run_with_flags_writes_the_chosen_options(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    status, _, err = run("simulate", "slow_freight", "--players", "2", "--movement-table",
                         "harsh", "--first-player", "1", "--games", "2", "--out", str(out),
                         "--no-progress")
    assert status == 0, err
    rows = json.loads(out.read_text())
    assert {(r["game"], r["players"], r["movement_table"], r["first_player"]) for r in rows} == {
        ("slowfreight", 2, "harsh", 1)}


@pytest.mark.parametrize(("argv", "match"), [
    (["--movement-table", "fast"], "invalid choice 'fast' (choose from standard, gentle, harsh)"),
    (["--track-supply", "lots"], "not a whole number"),
    (["--first-player", "5", "--players", "2"], "must be a seat from 0 to 1 or 'random'"),
    (["--players", "2", "-o", "players=3"], "give players once: --players or --option players="),
    (["--difficulty", "hard"], "unrecognized arguments"),  # a Freedom flag
])
def test_bad_flags_are_refused_before_any_game(argv: list[str], match: str) -> None:
    status, _, err = run("simulate", "slowfreight", "--games", "1", "--no-progress", *argv)
    assert status == 2 and match in err, err


def test_bots_command_takes_any_name_of_a_game() -> None:
    status, text, _ = run("bots", "slow-freight")
    assert status == 0 and "montecarlo" in text
    status, _, err = run("bots", "chess")
    assert status == 2 and "invalid choice" in err


def test_python_dash_m_runs_the_command_line() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "freight_freedom", "simulate", "freedom",
                          "--help"], capture_output=True, text=True, check=True)
    assert "--difficulty" in out.stdout and "FR-OPT-1" in out.stdout
