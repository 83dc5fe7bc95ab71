"""Shared pytest set-up: kernel tests import the toy game from tests/core; a terminated run
still cleans up.

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

sys.path.insert(0, str(Path(__file__).parent / "core"))

_PREVIOUS: dict[int, Any] = {}


def _interrupt(signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"stopped by {signal.Signals(signum).name}")


def pytest_configure(config: pytest.Config) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
            _PREVIOUS[sig] = signal.signal(sig, _interrupt)


def pytest_unconfigure(config: pytest.Config) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    for sig, handler in _PREVIOUS.items():
        signal.signal(sig, handler)
    _PREVIOUS.clear()
