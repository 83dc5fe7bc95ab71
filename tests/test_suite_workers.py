"""The test command runs on two workers: every browser test on one, each other file whole on one.

``python3 dev.py test`` adds pytest-xdist's ``--dist loadgroup`` (``dev._workers``); the
grouping is ``tests/conftest.py``'s ``pytest_collection_modifyitems``. A notebook's cells split
over two workers would run without the cells before them, so this is checked, not assumed.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _dev() -> object:
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_whole_suite_runs_on_two_workers_grouped() -> None:
    workers = _dev()._workers  # type: ignore[attr-defined]
    assert workers([]) == ["-n", "2", "--dist", "loadscope", "--no-loadscope-reorder"]
    assert workers(["-m", "not ui", "-p", "no:cacheprovider"])[:2] == ["-n", "2"]
    # a chosen file, node or worker count is run as asked
    assert workers(["tests/test_package.py"]) == []
    assert workers(["tests/test_package.py::test_import_stays_free_of_plotly_and_ipywidgets"]) == []
    assert workers(["-n", "0"]) == []
    assert workers(["-p", "no:xdist"]) == []


def test_browser_tests_go_first_on_one_worker_and_files_stay_whole(tmp_path: Path) -> None:
    """Run a small tree with the suite's conftest the way the test command does."""
    conftest = (ROOT / "tests" / "conftest.py").read_text()
    (tmp_path / "conftest.py").write_text(conftest.replace(
        'sys.path.insert(0, str(Path(__file__).parent / "core"))', ""))
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    browser = tmp_path / "tests" / "ui_browser"
    browser.mkdir(parents=True)
    (tmp_path / "test_a.py").write_text("".join(f"def test_a{i}(): pass\n" for i in range(4)))
    (tmp_path / "test_b.py").write_text("".join(f"def test_b{i}(): pass\n" for i in range(4)))
    for name in ("test_lab.py", "test_voila.py"):
        (browser / name).write_text("def test_page(): pass\ndef test_other_page(): pass\n")
    out = subprocess.run(
        [sys.executable, "-m", "pytest", *_dev()._workers([]),  # type: ignore[attr-defined]
         "-p", "no:cacheprovider", "-v"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    ran = re.findall(r"^\[(gw\d)\] \[ *\d+%\] PASSED (\S+)", out.stdout, flags=re.M)
    assert len(ran) == 12, out.stdout
    worker = dict((test, gw) for gw, test in ran)
    browser_workers = {gw for test, gw in worker.items() if test.startswith("tests/ui_browser/")}
    assert len(browser_workers) == 1, out.stdout  # one server, one Chromium
    for name in ("test_a.py", "test_b.py"):
        assert len({gw for test, gw in worker.items() if test.startswith(name)}) == 1, out.stdout
    (gw,) = browser_workers
    first = next(test for w, test in ran if w == gw)
    assert first.startswith("tests/ui_browser/"), out.stdout  # the longest part starts at once
