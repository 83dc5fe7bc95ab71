"""Run batches of games on local processes (joblib/loky) or a Dask cluster, with a progress bar.

Work is cut into *batches* of games, each a small picklable task that returns plain result rows
(dicts of numbers and short strings), never game objects: the parent process only ever holds the
rows, so memory grows with the number of rows and nothing else. Several games per task amortise
the cost of shipping a task to a worker (a few hundred microseconds with loky, milliseconds with
Dask); several tasks per worker keep both cores busy to the end and let the bar move.

Tasks are produced lazily and results come back in task order, one batch at a time, so the parent
holds a few batches whatever the number of games. Whatever the backend and the number of workers,
each game's seed comes from its index (:mod:`.seeds`), so the result is the same.
"""

from __future__ import annotations

import math
import signal
import threading
import warnings
from collections.abc import Callable, Generator, Iterable
from typing import Any

from ..core.argcheck import positive_int

Row = dict[str, Any]
Task = tuple[Callable[..., list[Row]], tuple[Any, ...]]
"""A function returning rows, with its (picklable) arguments."""

BACKENDS = ("loky", "dask")
MAX_BATCH = 250
"""Upper bound on games per task, so the progress bar moves and a failed task loses little."""


def _dask_client() -> Any:
    """The current ``distributed.Client``; ValueError when there is none."""
    import distributed

    dist: Any = distributed
    return dist.default_client()


def workers_for(n_jobs: int, backend: str) -> int:
    """How many workers a run with ``n_jobs`` will use (for sizing batches)."""
    if backend == "dask":
        try:
            info = _dask_client().scheduler_info()
            return max(1, sum(int(w.get("nthreads", 1)) for w in info["workers"].values()))
        except (ImportError, ValueError):
            return 1
    if n_jobs < 0:
        import joblib

        return max(1, int(joblib.cpu_count()) + 1 + n_jobs)
    return max(1, n_jobs)


def batch_size(n_games: int, workers: int, requested: int | None = None) -> int:
    """Games per task: ``requested``, else about 8 tasks per worker, capped at ``MAX_BATCH``."""
    if requested is not None:
        return positive_int("batch_size", requested)
    if workers <= 1:
        return max(1, min(MAX_BATCH, math.ceil(n_games / 50)))
    return max(1, min(MAX_BATCH, math.ceil(n_games / (8 * workers))))


def check_backend(backend: str, n_jobs: int) -> None:
    """Raise ValueError for an unknown backend or a bad ``n_jobs``."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of {list(BACKENDS)}")
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int) or n_jobs == 0:
        raise ValueError(f"n_jobs must be a non-zero integer (-1 = all cores), not {n_jobs!r}")
    if backend == "dask":
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise ValueError(
                "backend='dask' needs dask.distributed: pip install 'freight-freedom[dask]'"
            ) from None
        try:
            _dask_client()
        except ValueError:
            raise ValueError(
                "backend='dask' runs on the current Dask cluster, and there is none: create one "
                "first, e.g. `from dask.distributed import Client; client = Client()`"
            ) from None


def _results(tasks: Iterable[Task], n_jobs: int, backend: str) -> Generator[list[Row], None, None]:
    if backend == "loky" and n_jobs == 1:
        for func, args in tasks:
            yield func(*args)
        return
    with warnings.catch_warnings():
        # stopping early (Ctrl-C, a failed game) cancels the tasks in flight: that is the point
        warnings.filterwarnings("ignore", message=r".*tasks which were still being processed",
                                category=UserWarning)
        yield from _parallel_results(tasks, n_jobs, backend)


def _parallel_results(
    tasks: Iterable[Task], n_jobs: int, backend: str,
) -> Generator[list[Row], None, None]:
    import joblib

    if backend == "dask":
        import distributed  # noqa: F401 - registers nothing, but fails early when missing

        with joblib.parallel_config(backend="dask"):
            parallel = joblib.Parallel(n_jobs=-1 if n_jobs == 1 else n_jobs,
                                       return_as="generator")
            yield from parallel(joblib.delayed(func)(*args) for func, args in tasks)
        return
    parallel = joblib.Parallel(n_jobs=n_jobs, backend="loky", return_as="generator")
    yield from parallel(joblib.delayed(_in_local_worker)(func, args) for func, args in tasks)


def _in_local_worker(func: Callable[..., list[Row]], args: tuple[Any, ...]) -> list[Row]:
    """Run a task in a loky worker that leaves Ctrl-C to the parent.

    Ctrl-C in a terminal reaches every process of the group; the parent stops the run, keeps
    what is finished and shuts the workers down, so a worker must not die on it with a
    traceback of its own.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    return func(*args)


def stream(
    tasks: Iterable[Task],
    *,
    total: int,
    n_jobs: int = 1,
    backend: str = "loky",
    progress: bool = True,
    desc: str = "games",
) -> Generator[list[Row], None, None]:
    """Run ``tasks`` and yield each task's rows, in task order, as soon as they are ready.

    ``tasks`` is consumed lazily (joblib pre-dispatches about two tasks per worker), so a run of
    10**10 games never holds its task list, and the caller holds one batch of rows at a time.
    ``total`` is the number of games over all tasks, for the bar (``tqdm.auto``: a widget in
    Jupyter, text in a terminal). ``backend="dask"`` sends the tasks to the current
    ``distributed.Client`` through joblib's Dask backend; ``n_jobs=1`` then means "all workers".
    Closing the generator early (or Ctrl-C) stops the workers.
    """
    check_backend(backend, n_jobs)
    bar: Any = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc=desc, unit="game", smoothing=0.1)
    results = _results(tasks, n_jobs, backend)
    try:
        for batch in results:
            yield batch
            if bar is not None:
                bar.update(len(batch))
    finally:
        results.close()
        if bar is not None:
            bar.close()
