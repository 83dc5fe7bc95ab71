"""A test run that is killed leaves no Voila or JupyterLab server, kernel or browser running.

A pytest of its own runs a test of ``killed_run_probe.py`` and is killed the ways a run ends
early:

- ``SIGINT`` to its process group (Ctrl-C in a terminal) and ``SIGKILL`` to pytest alone (no
  handler runs: each server's watchdog, ``watched.py``, sees the run's end of its pipe close
  and stops the server, whose kernels then stop by themselves): with both servers, Chromium
  and a kernel in each server running, every process the run had started must be gone soon
  after (browser tests, about 40 s each on an idle machine);
- ``SIGTERM`` to pytest alone (``kill``, a CI job's time limit): tests/conftest.py turns it
  into the same interrupt as Ctrl-C, so the fixtures are torn down (the servers' fixtures
  stop them, as after Ctrl-C); checked on a fixture alone, in seconds.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import psutil
import pytest
from uihelp import ROOT, budget, wait_until

PROBE = Path(__file__).with_name("killed_run_probe.py")


def _alive(procs: list[psutil.Process]) -> list[str]:
    """The processes of ``procs`` still running (psutil checks the start time: no reused pid)."""
    out = []
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            if proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE:
                out.append(f"{proc.pid} {' '.join(proc.cmdline())[:160]}")
    return out


def start_probe(test: str, tmp_path: Path) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """Run ``killed_run_probe.py::test`` in a pytest of its own (its own session and process
    group, as a terminal's job); wait until it is ready. Returns the run, its ready file and
    its log."""
    ready = tmp_path / "ready.json"
    log = tmp_path / "run.log"
    env = {**os.environ, "FREIGHT_FREEDOM_KILL_PROBE": str(ready)}
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
           f"--basetemp={tmp_path / 'run'}", f"{PROBE}::{test}"]
    with log.open("wb") as out:
        run = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_until(lambda: ready.exists() or run.poll() is not None, 240,
                   f"the probe run {test} to be ready")
        assert run.poll() is None, f"the probe run ended by itself:\n{log.read_text()[-3000:]}"
    except BaseException:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
        run.wait()
        raise
    return run, ready, log


def test_sigterm_tears_the_fixtures_down(tmp_path: Path) -> None:
    run, ready, log = start_probe("test_fixture_until_killed", tmp_path)
    os.kill(run.pid, signal.SIGTERM)
    try:
        run.wait(timeout=budget(60))
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert ready.with_name(ready.name + ".torn-down").exists(), log.read_text()[-3000:]
    assert "stopped by SIGTERM" in log.read_text()


@pytest.mark.ui
@pytest.mark.parametrize("how", ["SIGINT", "SIGKILL"])
def test_a_killed_run_leaves_nothing_running(how: str, tmp_path: Path, browser: Any) -> None:
    run, ready, _log = start_probe("test_servers_with_kernels_until_killed", tmp_path)
    procs: list[psutil.Process] = []
    try:
        servers = json.loads(ready.read_text())
        procs = psutil.Process(run.pid).children(recursive=True)
        lines = [" ".join(p.cmdline()) for p in procs]
        assert sum("watched.py" in line for line in lines) == 2, lines
        assert sum("ipykernel" in line for line in lines) >= 2, lines
        assert {servers["voila"], servers["lab"]} <= {p.pid for p in procs}

        if how == "SIGINT":
            os.killpg(run.pid, signal.SIGINT)
        else:
            os.kill(run.pid, getattr(signal, how))
        wait_until(lambda: run.poll() is not None, 60, f"the run to end on {how}")
        wait_until(lambda: not _alive(procs), 40, f"every process of the run to end after {how}")
    finally:
        left = _alive(procs)
        for proc in procs:  # whatever the outcome, nothing of the probe outlives this test
            with contextlib.suppress(psutil.Error):
                proc.kill()
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert not left, f"left running after {how}: {left}"
