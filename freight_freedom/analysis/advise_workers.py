"""The advisor's worker processes: two warm pools (normal and background priority), each
worker in a session of its own, and the ``n_jobs`` argument read as a number of workers.

:func:`~freight_freedom.analysis.advise.advise` hands its batches of rollouts to
:func:`executor`; the app's evaluation bar asks for the background pool, so the advice never
takes a core from the kernel or the browser drawing a click.
"""

from __future__ import annotations

import threading
from typing import Any

_POOL_LOCK = threading.Lock()
_POOL: dict[str, tuple[Any, int]] = {}


def executor(n_jobs: int, background: bool = False) -> Any:
    """The advisor's own process pool of ``n_jobs`` loky workers, started once and kept warm.

    Its own pool, not loky's shared reusable one: joblib's ``Parallel`` (simulations) resizes
    and wraps that one, and the two must not step on each other. Two pools at most, their
    workers each in a session of their own (:func:`_own_session`): one at normal priority, for
    advice a person asks for (a notebook, a script); one whose workers run ``background`` at a
    lower priority (:func:`_background`), for the app's evaluation bar, so it never takes a core
    from the kernel or the browser drawing a click.
    """
    from joblib.externals.loky import ProcessPoolExecutor

    name = "background" if background else "normal"
    with _POOL_LOCK:
        pool, size = _POOL.get(name, (None, 0))
        if pool is None or size != n_jobs or getattr(pool, "_broken", False):
            if pool is not None:
                pool.shutdown(wait=False, kill_workers=True)
            pool = ProcessPoolExecutor(max_workers=n_jobs,
                                       initializer=_background if background else _own_session)
            if not _POOL:
                import atexit

                atexit.register(_shutdown)
            _POOL[name] = (pool, n_jobs)
        return pool


BACKGROUND_NICE = 10
"""How much a background worker lowers its priority (Linux's CFS gives a nice-10 process about
a tenth of the CPU a normal one gets when both want it)."""


def _own_session() -> None:
    """Worker start-up: a session of its own, at the caller's priority.

    On Linux with autogrouping (most desktops), the CPU is shared out between sessions first:
    workers left in the caller's session share one session's slice, so on a busy machine two of
    them ran no faster than the caller alone (9.0 s against 4.4 s in their own sessions, for
    200 rollouts at load 14-20 on 2 cores, ``benchmarks/ADVISOR.md``). Each in its own session,
    a worker competes like any program a person starts.
    """
    import contextlib
    import os

    if hasattr(os, "setsid"):
        with contextlib.suppress(OSError):
            os.setsid()


def _background() -> None:
    """Worker start-up for the evaluation bar: a session of its own (:func:`_own_session`) and
    a lower priority, for the process and for its session's group (where the OS lets a process
    lower them): with autogrouping, priorities count only within a session's group, so the
    group's own priority is lowered too."""
    import contextlib
    import os

    _own_session()
    if hasattr(os, "setsid"):
        with contextlib.suppress(OSError), open("/proc/self/autogroup", "w") as group:
            group.write(str(BACKGROUND_NICE))
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: run at normal priority
            os.nice(BACKGROUND_NICE)


def _shutdown() -> None:
    """Stop the pools before the interpreter tears its modules down."""
    for name in list(_POOL):
        pool, _ = _POOL.pop(name)
        pool.shutdown(wait=True)


def worker_count(n_jobs: int | None) -> int:
    """How many worker processes ``n_jobs`` asks for (``None``: 1; -1: every core); ValueError
    for anything else."""
    if n_jobs is None:
        return 1
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int) or n_jobs == 0 or n_jobs < -1:
        raise ValueError(f"n_jobs must be a positive integer or -1 (all cores), not {n_jobs!r}")
    if n_jobs == -1:
        import os

        return os.cpu_count() or 1
    return n_jobs
