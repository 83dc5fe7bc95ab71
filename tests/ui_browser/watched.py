"""Run a Jupyter server that stops when the test run that started it is gone.

    python watched.py FD MODULE [ARGS...]     (as ``python -m MODULE ARGS...``)

The test run holds the write end of a pipe whose read end is ``FD`` here. Nothing is ever
written to it: when the run ends in any way, even by SIGKILL or a timeout's ``os._exit`` that
no handler of its own sees, the operating system closes the write end and the read below
returns. The server is then asked to stop (SIGTERM: it shuts its kernels down) and, if it is
still running after :data:`GRACE` seconds, killed with its process group. Its kernels run in
sessions of their own and stop by themselves when their server is gone (ipykernel polls its
parent process every second).
"""

from __future__ import annotations

import os
import runpy
import signal
import sys
import threading
import time

GRACE = 10.0


def _watch(fd: int) -> None:
    """Block until the test run is gone, then stop this server (and its process group)."""
    try:
        while os.read(fd, 1):
            pass
    except OSError:
        pass
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(GRACE)
    os.killpg(os.getpgrp(), signal.SIGKILL)


def main() -> None:
    fd, module, args = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    threading.Thread(target=_watch, args=(fd,), name="test-run-watch", daemon=True).start()
    # as `python -m MODULE`: the working directory first on the path, not this folder
    sys.path[0] = os.getcwd()
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
