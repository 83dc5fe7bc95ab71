"""Shared pytest set-up: kernel tests import the toy game from tests/core; a terminated run
still cleans up; a run on two workers (pytest-xdist, as ``python3 dev.py test`` runs it) keeps
each file whole on one worker and every browser test on one.

SIGTERM (a CI job's timeout, ``kill``, a closed terminal's SIGHUP) is turned into the same
KeyboardInterrupt as Ctrl-C, so pytest tears the fixtures down (servers, browsers, worker
processes) before it exits, instead of dying with its children left running.
"""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

try:  # the test command runs on two workers (pytest-xdist)
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pragma: no cover - a plain pytest run has no use for it
    LoadScopeScheduling = object

sys.path.insert(0, str(Path(__file__).parent / "core"))
sys.path.append(str(Path(__file__).parent))  # tests' shared helpers (english_left)

_PREVIOUS: dict[int, Any] = {}


def _interrupt(signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"stopped by {signal.Signals(signum).name}")


def pytest_configure(config: pytest.Config) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
            _PREVIOUS[sig] = signal.signal(sig, _interrupt)
    # a run started in the background by a shell without job control (`cmd &` in a script)
    # inherits SIGINT ignored, and so would every process the tests start: the tests of what
    # Ctrl-C does (a CLI run, the classroom command, a killed test run) would wait for nothing.
    # A handled signal is reset to its default in a child, as from a terminal.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        _PREVIOUS[signal.SIGINT] = signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_unconfigure(config: pytest.Config) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    for sig, handler in _PREVIOUS.items():
        signal.signal(sig, handler)
    _PREVIOUS.clear()


#: where the browser tests live: under xdist they share one Voila/JupyterLab server and one
#: Chromium, so they all run on one worker, first (they are the longest part)
BROWSER_TESTS = "tests/ui_browser/"
#: browser tests that need none of those servers (the JupyterLite site is static, built and
#: served by its own module): their own scope, so that the other worker starts on them at once
#: (the site's build and its pages are about six minutes, off the servers' worker)
OWN_SCOPE_BROWSER_TESTS = ("tests/ui_browser/test_lite.py",)


class _FilesAndBrowserScheduling(LoadScopeScheduling):  # type: ignore[misc]
    """xdist's scope scheduling with these scopes: the browser tests that share servers one
    scope, each other file one scope, whole and in order (a notebook's cells share one kernel).
    Workers sort the browser tests first, so the first two scopes handed out are the servers'
    browser tests and :data:`OWN_SCOPE_BROWSER_TESTS`, one to each worker. xdist's own
    ``loadgroup`` marks cannot do it with pytest 9.2: it renames ``item._nodeid``, which pytest
    no longer reads."""

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        shares_servers = path.startswith(BROWSER_TESTS) and path not in OWN_SCOPE_BROWSER_TESTS
        return "browser" if shares_servers else path


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadscope`` (as ``python3 dev.py test`` runs the suite) uses the scopes above."""
    if config.getvalue("dist") == "loadscope":
        return _FilesAndBrowserScheduling(config, log)
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On an xdist worker: the browser tests first, so their worker starts on them at once."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: not item.nodeid.startswith(BROWSER_TESTS))  # stable
