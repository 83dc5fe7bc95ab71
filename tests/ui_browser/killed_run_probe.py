"""A browser test that runs until it is killed, for ``test_killed_run.py``.

Not part of the suite (its name does not start with ``test_``): ``test_killed_run.py`` runs one
of its tests alone in a pytest of its own, which writes the file named by
``FREIGHT_FREEDOM_KILL_PROBE`` when it is ready and waits to be killed:

- :func:`test_servers_with_kernels_until_killed` starts what a real run starts (both servers,
  Chromium, a kernel in each server, opened from a page as a user does);
- :func:`test_fixture_until_killed` only has a fixture whose teardown leaves a mark.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_lab_notebooks import kernel_idle
from uihelp import PLAY_SLOW_FREIGHT, budget, budget_ms, open_voila_app, wait_until

from freight_freedom import SlowFreight


def _until_killed() -> None:
    """Wait to be killed; a run nobody kills fails here."""
    deadline = time.monotonic() + budget(600)
    while time.monotonic() < deadline:
        time.sleep(0.5)
    pytest.fail("the probe was not killed")


@pytest.fixture
def teardown_mark() -> Iterator[Path]:
    """The ready file; its teardown writes ``<ready>.torn-down`` beside it."""
    ready = Path(os.environ["FREIGHT_FREEDOM_KILL_PROBE"])
    yield ready
    ready.with_name(ready.name + ".torn-down").write_text("the fixtures were torn down")


def test_fixture_until_killed(teardown_mark: Path) -> None:
    teardown_mark.write_text("{}")
    _until_killed()


@pytest.mark.ui

def test_servers_with_kernels_until_killed(browser: Any, voila_server: Any, lab_server: Any,
                                           open_page: Any) -> None:
    ready = Path(os.environ["FREIGHT_FREEDOM_KILL_PROBE"])
    voila = open_page(browser, "kill-probe-voila")
    open_voila_app(voila, voila_server, PLAY_SLOW_FREIGHT, SlowFreight)
    lab = open_page(browser, "kill-probe-lab")
    lab.page.goto(f"{lab_server.url}/lab/workspaces/kill-probe/tree/index.ipynb?reset",
                  timeout=budget_ms(90_000))
    wait_until(lambda: kernel_idle(lab_server.url, "index.ipynb"), 90, "the Lab kernel")
    ready.write_text(json.dumps({"voila": voila_server.proc.pid, "lab": lab_server.proc.pid}))
    _until_killed()
