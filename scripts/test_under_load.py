#!/usr/bin/env python3
"""Run the tests with a CPU load beside them: one busy process per core, as on a laptop where
other programs are running.

    python scripts/test_under_load.py [--busy N] [PYTEST ARGUMENTS...]
    python3 dev.py test --load [PYTEST ARGUMENTS...]        (the same, after ruff and mypy)

Examples: ``python scripts/test_under_load.py -m ui`` (the browser tests),
``python scripts/test_under_load.py --busy 4 tests/ui_browser/test_voila_freedom.py``.

The busy processes spin at normal priority until pytest ends; each also stops by itself when
this script is gone (it checks its parent), so a killed run leaves none behind. At the end the
script prints the wall time and the load average seen during the run, and exits with pytest's
exit status: the suite must pass like this (the browser tests stretch their budgets by the
load, see ``slowdown()`` in tests/ui_browser/uihelp.py).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: a busy process: spins until its parent (this script) is gone or it is stopped
SPIN = """
import os
parent = os.getppid()
while os.getppid() == parent:
    for _ in range(100_000):
        pass
"""


def busy_processes(count: int) -> list[subprocess.Popen[bytes]]:
    """Start ``count`` processes that each keep one core busy."""
    return [subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL)
            for _ in range(count)]


def sample_load(samples: list[float], stop: threading.Event, every: float = 5.0) -> None:
    """Append the 1-minute load average to ``samples`` every ``every`` seconds until ``stop``."""
    while not stop.wait(every):
        samples.append(os.getloadavg()[0])


def main(argv: list[str]) -> int:
    count = os.cpu_count() or 1
    if argv[:1] == ["--busy"]:
        if len(argv) < 2 or not argv[1].isdigit():
            sys.exit("--busy needs a number of processes, e.g. --busy 2")
        count, argv = int(argv[1]), argv[2:]
    cmd = [sys.executable, "-m", "pytest", *argv]
    print(f"{count} busy process(es) beside: {' '.join(cmd)}", flush=True)
    busy = busy_processes(count)
    samples: list[float] = []
    stop = threading.Event()
    sampler = threading.Thread(target=sample_load, args=(samples, stop), daemon=True)
    sampler.start()
    started = time.monotonic()
    try:
        code = subprocess.call(cmd, cwd=ROOT)
    except KeyboardInterrupt:
        code = 130
    finally:
        stop.set()
        for proc in busy:
            proc.kill()
        for proc in busy:
            proc.wait()
    minutes = (time.monotonic() - started) / 60
    load = (f"load average (1 min) min {min(samples):.1f}, median {statistics.median(samples):.1f}"
            f", max {max(samples):.1f} on {os.cpu_count()} cores" if samples else "")
    print(f"under load: pytest exited {code} after {minutes:.1f} min; {load}", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
