"""The test command runs on two workers: the browser tests that share servers on one (the static
site's on the other, first), each other file whole on one.

``python3 dev.py test`` adds pytest-xdist's ``--dist loadscope`` (``dev._workers``); the
grouping is ``tests/conftest.py``'s ``pytest_collection_modifyitems``. A notebook's cells split
over two workers would run without the cells before them, so this is checked, not assumed (and
the whole suite's notebooks pass only if it holds).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _suite_conftest() -> Any:
    """tests/conftest.py itself (the name ``conftest`` may be another folder's in a full run)."""
    return _load(ROOT / "tests" / "conftest.py", "suite_conftest")


def _dev() -> Any:
    return _load(ROOT / "dev.py", "dev_script")


def test_the_whole_suite_runs_on_two_workers_grouped() -> None:
    workers = _dev()._workers
    assert workers([]) == ["-n", "2", "--dist", "loadscope", "--no-loadscope-reorder"]
    assert workers(["-m", "not ui", "-p", "no:cacheprovider"])[:2] == ["-n", "2"]
    # a chosen file, node or worker count is run as asked
    assert workers(["tests/test_package.py"]) == []
    assert workers(["tests/test_package.py::test_import_stays_free_of_plotly_and_ipywidgets"]) == []
    assert workers(["-n", "0"]) == []
    assert workers(["-p", "no:xdist"]) == []


def test_browser_tests_sharing_servers_are_one_scope_and_every_other_file_its_own() -> None:
    conftest = _suite_conftest()

    class Config:
        def __init__(self, dist: str) -> None:
            self.dist = dist

        def getvalue(self, name: str) -> object:
            return {"dist": self.dist, "tx": ["popen", "popen"], "numprocesses": None}[name]

    assert conftest.pytest_xdist_make_scheduler(Config("load"), None) is None  # xdist's own
    scheduler = conftest.pytest_xdist_make_scheduler(Config("loadscope"), None)
    assert isinstance(scheduler, conftest._FilesAndBrowserScheduling)
    scope = scheduler._split_scope
    assert scope("tests/ui_browser/test_voila_freedom.py::test_b") == "browser"
    assert scope("tests/ui_browser/test_classroom_pages.py::test_c") == "browser"
    # the static site's tests share no server: their own scope, for the other worker
    assert scope("tests/ui_browser/test_lite.py::test_a[index.ipynb]") == (
        "tests/ui_browser/test_lite.py")
    assert scope("notebooks/index.ipynb::Cell 3") == "notebooks/index.ipynb"
    assert scope("tests/core/test_moves.py::test_x[freedom]") == "tests/core/test_moves.py"
    assert scope("freight_freedom/core/game.py::freight_freedom.core.game") == (
        "freight_freedom/core/game.py")


def test_a_worker_runs_the_browser_tests_first_keeping_each_file_in_order() -> None:
    conftest = _suite_conftest()

    class Item:
        def __init__(self, nodeid: str) -> None:
            self.nodeid = nodeid

    class Worker:
        workerinput: dict[str, str] = {}

    ids = ["notebooks/index.ipynb::Cell 0", "notebooks/index.ipynb::Cell 1",
           "tests/core/test_a.py::test_1", "tests/ui_browser/test_lab.py::test_1",
           "tests/ui_browser/test_lab.py::test_2", "tests/core/test_a.py::test_2"]
    items = [Item(i) for i in ids]
    conftest.pytest_collection_modifyitems(Worker(), items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == [ids[3], ids[4], ids[0], ids[1], ids[2], ids[5]]
    plain = [Item(i) for i in ids]
    conftest.pytest_collection_modifyitems(object(), plain)  # type: ignore[arg-type]
    assert [i.nodeid for i in plain] == ids  # without xdist: as collected
