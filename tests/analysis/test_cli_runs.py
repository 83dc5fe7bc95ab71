"""A CLI run that never loses its work: --out checked first, rows written as they come, Ctrl-C
and failed games keep the finished rows, game options checked by name, bounded replay reads."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import freight_freedom
from freight_freedom.analysis import iter_simulate, iter_sweep, simulate, sweep
from freight_freedom.analysis.plots import win_rates
from freight_freedom.analysis.summary import RunningSummary
from freight_freedom.cli import main
from freight_freedom.core import OptionError

simulate_module = import_module("freight_freedom.analysis.simulate")
ROOT = Path(freight_freedom.__file__).resolve().parent.parent
SLOW_FREIGHT_OPTIONS = "['first_player', 'movement_table', 'players', 'track_supply'"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def env() -> dict[str, str]:
    """The environment for a child process that imports this checkout's package."""
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": str(ROOT) + (os.pathsep + path if path else "")}


# ----------------------------------------------------------------------- --out
def test_a_bad_out_path_fails_before_the_first_game(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    played: list[int] = []
    real = simulate_module.play_game

    def counting(config: Any, index: int, seed: int) -> dict[str, Any]:
        played.append(index)
        return real(config, index, seed)

    monkeypatch.setattr(simulate_module, "play_game", counting)
    status, _, err = run("simulate", "slowfreight", "--games", "40", "--no-progress",
                         "--out", str(tmp_path / "no-such-dir" / "r.csv"))
    assert status == 2 and played == []
    assert err.splitlines() == [
        f"freight-freedom: error: cannot write {tmp_path / 'no-such-dir' / 'r.csv'}: "
        "No such file or directory"]
    with pytest.raises(ValueError, match="cannot write"):
        simulate("slowfreight", 40, progress=False, out=tmp_path / "no-such-dir" / "r.csv")
    assert played == []


def _interrupt_at(monkeypatch: pytest.MonkeyPatch, batch: int, error: BaseException) -> None:
    """Make the ``batch``-th task of a run raise ``error`` (after the earlier ones finished)."""
    real = simulate_module.play_batch
    calls: list[int] = []

    def play_batch(config: Any, master: int, start: int, stop: int) -> list[dict[str, Any]]:
        calls.append(start)
        if len(calls) == batch:
            raise error
        return real(config, master, start, stop)

    monkeypatch.setattr(simulate_module, "play_batch", play_batch)


@pytest.mark.parametrize("suffix", [".csv", ".json", ".jsonl"])
def test_ctrl_c_keeps_the_finished_rows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        suffix: str) -> None:
    _interrupt_at(monkeypatch, 4, KeyboardInterrupt())
    out = tmp_path / f"r{suffix}"
    status, text, err = run("simulate", "slowfreight", "--games", "100", "--players", "2",
                            "--seed", "4", "--no-progress", "--out", str(out))
    assert status == 130 and text == ""
    assert err == f"freight-freedom: interrupted; wrote the 6 rows finished to {out}\n"
    rows = (pd.read_csv(out) if suffix == ".csv"
            else pd.read_json(out, lines=suffix == ".jsonl"))
    full = simulate("slowfreight", 6, players=2, seed=4, progress=False)
    assert rows["game_index"].tolist() == list(range(6))
    assert rows["seed"].tolist() == full["seed"].tolist()
    assert rows["score_0"].tolist() == full["score_0"].tolist()


def test_a_failed_game_keeps_the_finished_rows(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    _interrupt_at(monkeypatch, 3, simulate_module.SimulationError("game 4 failed: boom"))
    out = tmp_path / "r.csv"
    status, _, err = run("simulate", "slowfreight", "--games", "100", "--no-progress",
                         "--out", str(out))
    assert status == 1 and len(err.splitlines()) == 1
    assert "boom" in err and f"wrote the 4 rows finished to {out}" in err
    assert pd.read_csv(out)["game_index"].tolist() == [0, 1, 2, 3]


def test_the_file_and_summary_are_those_of_the_whole_table(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    status, text, err = run("sweep", "slowfreight", "--grid", "players=2,3", "--grid",
                            "bot=random,greedy", "--games", "7", "--no-progress", "--out",
                            str(out))
    assert status == 0, err
    whole = sweep("slowfreight", {"players": [2, 3], "bot": ["random", "greedy"]}, 7,
                  progress=False)
    pd.testing.assert_frame_equal(pd.read_csv(out), pd.read_csv(io.StringIO(
        whole.to_csv(index=False))))
    table = win_rates(whole, ["players", "bot"])
    assert table.to_string(index=False, float_format=lambda x: f"{x:.3f}") in text


def test_running_summary_matches_the_table_it_summarises() -> None:
    df = sweep("slowfreight", {"players": [2, 3]}, 9, progress=False)
    summary = RunningSummary(["players"])
    for start in range(0, len(df), 4):
        summary.add(df.iloc[start:start + 4])
    pd.testing.assert_frame_equal(summary.win_table(), win_rates(df, ["players"]),
                                  check_dtype=False)
    means = df.groupby(["players"])[summary.columns].mean()
    pd.testing.assert_frame_equal(summary.means(), means, check_dtype=False)


# ----------------------------------------------------------------- streaming
@pytest.mark.timeout(60)
def test_ten_billion_games_start_at_once_and_stream() -> None:
    chunks = iter_simulate("slowfreight", 10**10, players=2, seed=2, progress=False)
    first = next(chunks)
    second = next(chunks)
    chunks.close()
    assert first["game_index"].tolist() + second["game_index"].tolist() == list(
        range(len(first) + len(second)))
    sweeps = iter_sweep("slowfreight", {"players": [2, 3]}, 10**10, progress=False)
    assert set(next(sweeps)["players"]) == {2}
    sweeps.close()


@pytest.mark.timeout(90)
def test_sigint_during_a_two_process_run_exits_130_and_keeps_rows(tmp_path: Path) -> None:
    """Ctrl-C in a terminal signals the whole process group: the CLI and its workers."""
    out = tmp_path / "r.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "freight_freedom.cli", "simulate", "slowfreight", "--players", "2",
         "--games", str(10**10), "--jobs", "2", "--seed", "3", "--out", str(out),
         "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), cwd=ROOT,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and out.read_text().count("\n") > 1:
                break
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    lines = stderr.decode().splitlines()
    assert proc.returncode == 130, stderr.decode()
    assert len(lines) == 1 and lines[0].startswith("freight-freedom: interrupted; wrote the ")
    rows = pd.read_csv(out)
    assert len(rows) > 0 and f"wrote the {len(rows)} rows" in lines[0]
    assert rows["game_index"].tolist() == list(range(len(rows)))
    check = simulate("slowfreight", 20, players=2, seed=3, progress=False)
    assert rows["score_1"].head(20).tolist() == check["score_1"].head(len(rows)).tolist()


# ------------------------------------------------------------------ options
@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["simulate", "-o", "seed=3"], "seed"),
        (["simulate", "-o", "bot=greedy"], "bot"),
        (["simulate", "-o", "n_jobs=2"], "n_jobs"),
        (["simulate", "-o", "progress=false"], "progress"),
        (["simulate", "-o", "max_decisions=3"], "max_decisions"),
        (["sweep", "--grid", "seed=1,2"], "seed"),
        (["sweep", "--grid", "players=2,3", "-o", "checked=true"], "checked"),
        (["sweep", "--grid", "players=2,3", "-o", "bot=greedy"], "bot"),
    ],
)
def test_run_settings_are_not_game_options(argv: list[str], name: str) -> None:
    status, _, err = run(argv[0], "slowfreight", *argv[1:], "--games", "2", "--no-progress")
    assert status == 2
    assert err.splitlines() == [
        f"freight-freedom: error: option {name!r}: not an option of slowfreight; {name!r} is a "
        f"setting of the run, not of the game; the options are {SLOW_FREIGHT_OPTIONS}, "
        "'train_check']"]


def test_the_python_api_checks_option_names_the_same_way() -> None:
    with pytest.raises(OptionError, match=r"'seed' is a setting of the run"):
        sweep("slowfreight", {"seed": [1, 2]}, 2, progress=False)
    with pytest.raises(OptionError, match=r"options are \['difficulty', 'easier_"):
        simulate("freedom", 2, progress=False, colour="red")
    with pytest.raises(OptionError, match="max_decisions"):
        sweep("freedom", {"max_decisions": [3]}, 2, progress=False)


def test_a_strength_of_other_digits_is_refused_in_words() -> None:
    status, _, err = run("simulate", "slowfreight", "--bot", "montecarlo:²", "--no-progress")
    assert status == 2
    assert err == ("freight-freedom: error: bot 'montecarlo:²': the strength after ':' must be a "
                   "positive integer\n")


# ------------------------------------------------------------------- replay
@pytest.mark.timeout(20)
def test_replay_reads_no_more_than_the_size_limit(tmp_path: Path) -> None:
    status, _, err = run("replay", "/dev/zero")
    assert status == 2 and "larger than 5000000 bytes" in err
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 5_000_001)
    status, _, err = run("replay", str(big))
    assert status == 2 and err.splitlines() == [
        f"freight-freedom: error: {big} is larger than 5000000 bytes: not a save file"]


# --------------------------------------------------------------------- dask
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_an_unreachable_scheduler_is_one_line() -> None:
    pytest.importorskip("distributed")
    import dask

    address = f"tcp://127.0.0.1:{_free_port()}"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        status, _, err = run("simulate", "slowfreight", "--games", "2", "--no-progress",
                             "--scheduler", address)
    assert status == 2 and len(err.splitlines()) == 1
    assert err.startswith(f"freight-freedom: error: cannot reach the Dask scheduler at {address}")


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """Stop workers first, then the scheduler (a worker closing without one waits for it)."""
    for proc in reversed(procs):
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.fixture
def dask_cluster(tmp_path: Path) -> Any:
    """A real ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1, always stopped."""
    distributed = pytest.importorskip("distributed", reason="needs dask.distributed (dev extra)")
    dask_cli = Path(sys.executable).with_name("dask")
    if not dask_cli.exists():
        pytest.skip(f"no dask command next to {sys.executable}")
    address = f"tcp://127.0.0.1:{_free_port()}"
    port = address.rsplit(":", 1)[1]
    procs: list[subprocess.Popen[bytes]] = []
    logs = [open(tmp_path / f"dask{i}.log", "wb") for i in range(3)]  # noqa: SIM115
    try:
        procs.append(subprocess.Popen(
            [str(dask_cli), "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"],
            stdout=logs[0], stderr=subprocess.STDOUT, env=env(), cwd=tmp_path,
            start_new_session=True))
        for log in logs[1:]:
            procs.append(subprocess.Popen(
                [str(dask_cli), "worker", address, "--host", "127.0.0.1", "--nworkers", "1",
                 "--nthreads", "1", "--no-dashboard", "--no-nanny"],
                stdout=log, stderr=subprocess.STDOUT, env=env(), cwd=tmp_path,
                start_new_session=True))
        with distributed.Client(address, timeout="20s") as client:
            client.wait_for_workers(2, timeout=30)
        yield address
    finally:
        _stop(procs)
        for log in logs:
            log.close()


@pytest.mark.timeout(120)
def test_a_remote_scheduler_gives_the_table_of_local_processes(dask_cluster: str,
                                                               tmp_path: Path) -> None:
    argv = ["sweep", "slowfreight", "--grid", "players=2,3", "--bot", "greedy", "--games", "9",
            "--seed", "6", "--no-progress"]
    status, local_text, err = run(*argv, "--jobs", "2", "--out", str(tmp_path / "local.csv"))
    assert status == 0, err
    status, remote_text, err = run(*argv, "--scheduler", dask_cluster,
                                   "--out", str(tmp_path / "remote.csv"))
    assert status == 0, err
    assert (tmp_path / "remote.csv").read_bytes() == (tmp_path / "local.csv").read_bytes()
    assert remote_text.replace("remote.csv", "local.csv") == local_text
    assert len(pd.read_csv(tmp_path / "remote.csv")) == 18
    import distributed

    with distributed.Client(dask_cluster, timeout="20s") as client:
        prefixes = client.run_on_scheduler(
            lambda dask_scheduler: sorted(map(str, dask_scheduler.task_prefixes)))
    assert any("play_batch" in name for name in prefixes), prefixes  # the games ran there
