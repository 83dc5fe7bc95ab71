"""The command line, called in-process through main(argv): good runs and clear failures."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest

from freight_freedom.cli import main
from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.slowfreight.game import SlowFreight


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_simulate_writes_csv_and_summary(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    status, text, err = run("simulate", "slowfreight", "--players", "2", "--games", "12",
                            "--bot", "greedy,random", "--jobs", "2", "--seed", "5",
                            "--out", str(out), "--no-progress")
    assert status == 0, err
    df = pd.read_csv(out)
    assert len(df) == 12 and set(df["bot"]) == {"greedy/random"}
    assert "wrote 12 rows" in text and "rate" in text


def test_simulate_option_and_json_output(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    status, _, err = run("simulate", "slowfreight", "-o", "movement_table=harsh", "-o",
                         "track_supply=null", "--games", "3", "--out", str(out),
                         "--no-progress")
    assert status == 0, err
    rows = json.loads(out.read_text())
    assert len(rows) == 3 and rows[0]["movement_table"] == "harsh"
    assert rows[0]["track_supply"] is None


def test_sweep_command(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    status, text, err = run("sweep", "slowfreight", "--grid", "players=2,3", "--grid",
                            "bot=small-fast,big-slow", "--games", "3", "--out", str(out),
                            "--no-progress")
    assert status == 0, err
    df = pd.read_csv(out)
    assert df.groupby(["players", "bot"]).size().tolist() == [3, 3, 3, 3]


def test_bots_command_lists_names() -> None:
    status, text, _ = run("bots", "slowfreight")
    assert status == 0
    assert {"random", "greedy", "montecarlo", "small-fast", "big-slow"} <= {
        line.split()[0] for line in text.splitlines()}


def test_replay_prints_the_log_with_rule_ids(tmp_path: Path) -> None:
    game = SlowFreight(players=2, seed=3)
    play_out(game, RandomBot(1))
    path = tmp_path / "save.json"
    path.write_text(game.to_json())
    status, text, err = run("replay", str(path), "--actions")
    assert status == 0, err
    assert "[SF-SETUP" in text and "[SF-END" in text and "step 1:" in text
    assert "outcome:" in text


def test_export_writes_events_and_actions(tmp_path: Path) -> None:
    game = SlowFreight(players=2, seed=3)
    play_out(game, RandomBot(1))
    save = tmp_path / "save.json"
    save.write_text(game.to_json())
    status, _, err = run("export", str(save), "--out", str(tmp_path / "log.csv"))
    assert status == 0, err
    log = pd.read_csv(tmp_path / "log.csv")
    assert len(log) == len(game.log) and log["rule"].str.startswith("SF-").all()
    status, _, err = run("export", str(save), "--what", "actions", "--out",
                         str(tmp_path / "actions.json"))
    assert status == 0, err
    steps = json.loads((tmp_path / "actions.json").read_text())
    assert [s["notation"] for s in steps] == [str(a) for a in game.history]


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        ([], "required"),
        (["simulate"], "required"),
        (["simulate", "chess"], "invalid choice"),
        (["simulate", "slowfreight", "--games", "0"], "at least 1"),
        (["simulate", "slowfreight", "--games", "many"], "not a whole number"),
        (["simulate", "slowfreight", "--jobs", "0"], "positive number"),
        (["simulate", "slowfreight", "--players", "7", "--no-progress"], "players"),
        (["simulate", "slowfreight", "--bot", "wizard", "--no-progress"], "unknown bot"),
        (["simulate", "slowfreight", "--bot", "random,", "--no-progress"], "empty bot"),
        (["simulate", "slowfreight", "-o", "speed", "--no-progress"], "NAME=VALUE"),
        (["simulate", "slowfreight", "-o", "colour=red", "--no-progress"], "colour"),
        (["simulate", "slowfreight", "--games", "2", "--out", "x.xlsx", "--no-progress"],
         "use a .csv"),
        (["sweep", "slowfreight", "--no-progress"], "--grid"),
        (["replay", "/nonexistent/save.json"], "cannot read"),
        (["export", "/nonexistent/save.json"], "required"),
    ],
)
def test_bad_arguments_exit_non_zero_with_a_message(argv: list[str], match: str) -> None:
    status, _, err = run(*argv)
    assert status == 2
    assert match in err and err.startswith("freight-freedom")


def test_replay_refuses_a_tampered_save(tmp_path: Path) -> None:
    game = SlowFreight(players=2, seed=3)
    game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    data["digest"] = "0" * 64
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    status, _, err = run("replay", str(path))
    assert status == 2 and "digest" in err
    path.write_text("not json")
    status, _, err = run("replay", str(path))
    assert status == 2 and "not a freight_freedom save" in err


def test_help_returns_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


@pytest.mark.parametrize("content, words", [
    (b"[" * 100_000 + b"]" * 100_000, "nested more than"),
    (b'{"game": "slow_freight", "seed": ' + b"9" * 5000 + b"}", "too large"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b'{"game": "slow_freight", "game": "freedom"}', "given twice"),
])
def test_replay_of_an_unbounded_file_exits_2_with_the_loaders_message(
        tmp_path: Path, content: bytes, words: str) -> None:
    """The CLI reads saves through the package's one bounded loader (as from_json does)."""
    path = tmp_path / "deep.json"
    path.write_bytes(content)
    for command in (("replay", str(path)), ("export", str(path), "--out",
                                             str(tmp_path / "x.csv"))):
        status, _, err = run(*command)
        assert status == 2 and words in err and "deep.json" in err, err
        assert "recursion" not in err and "Traceback" not in err


def test_replay_of_an_endless_file_stops_at_the_size_limit(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    path = tmp_path / "save.json"
    path.symlink_to("/dev/zero")
    status, _, err = run("replay", str(path))
    assert status == 2 and "larger than" in err


def test_an_option_value_that_is_unbounded_json_is_a_usage_error() -> None:
    status, _, err = run("simulate", "slowfreight", "--games", "1", "--no-progress",
                         "-o", "players=" + "[" * 5000 + "]" * 5000)
    assert status == 2 and "nested more than" in err


def test_components_export_writes_a_copy_that_plays(tmp_path: Path) -> None:
    from freight_freedom import Freedom
    from freight_freedom.freedom.component_set import FILES

    target = tmp_path / "my_freedom_data"
    status, text, err = run("components", "export", str(target))
    assert status == 0, err
    assert sorted(p.name for p in target.iterdir()) == sorted(FILES)
    assert "Freedom(components=" in text
    assert Freedom(players=2, seed=1, components=target).components_digest is None
    status, _, err = run("components", "export", str(target))
    assert status == 2 and "already holds" in err and "--overwrite" in err
    status, _, err = run("components", "export", str(target), "--overwrite")
    assert status == 0, err
    status, _, err = run("components", "export", str(target / "map.json"))
    assert status == 2 and "not a folder" in err
