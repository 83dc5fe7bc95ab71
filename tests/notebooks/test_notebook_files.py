"""The stored notebooks: small, without widget state, with the outputs they promise, stable.

These tests read the ``.ipynb`` files only (no kernel). Running the notebooks is nbval's job:
``pytest --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg notebooks/``.
Re-execute and store them with ``python scripts/run_notebooks.py``.
"""

from __future__ import annotations

import ast
import configparser
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
NAMES = (
    "index",
    "freedom_walkthrough",
    "slow_freight_walkthrough",
    "play_freedom",
    "play_slow_freight",
    "what_if",
    "puzzles",
)
PATHS = [NOTEBOOKS / f"{name}.ipynb" for name in NAMES]
LIMIT = 1_000_000
PLOTLY = "application/vnd.plotly.v1+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
IGNORE_TAG = "nbval-ignore-output"
#: Text that differs from run to run: memory addresses, random ids, wall-clock times, paths.
UNSTABLE = [
    re.compile(r"\bat 0x[0-9a-fA-F]{6,}"),
    re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    re.compile(r"\b\d+(\.\d+)? ?(ms|seconds)\b"),
    re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}"),
    re.compile(r"/(home|tmp|work|Users)/"),
]


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def code_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def source(cell: dict[str, Any]) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


def text_of(value: Any) -> str:
    return value if isinstance(value, str) else "".join(value)


def promises_output(cell: dict[str, Any]) -> bool:
    """A cell that prints, or ends with an expression, promises an output."""
    tree = ast.parse(source(cell))
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body[-1].value
        # a bare call of a function that returns None (e.g. check_answer(...)) still prints
        return not (isinstance(last, ast.Constant) and last.value is None)
    top = [s for s in tree.body if not isinstance(s, (ast.FunctionDef, ast.ClassDef))]
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"
               for s in top for n in ast.walk(s))


def test_the_notebooks_exist_and_no_others() -> None:
    found = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    assert found == sorted(NAMES)


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_under_one_megabyte(path: Path) -> None:
    assert path.stat().st_size < LIMIT


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_stored_without_widget_state(path: Path) -> None:
    nb = load(path)
    assert "widgets" not in nb["metadata"]
    for cell in code_cells(nb):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            # a live widget's view is kept only when it has no static face to show instead
            if WIDGET_VIEW in data:
                assert set(data) <= {WIDGET_VIEW, "text/plain"}, source(cell)[:80]


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_executed_top_to_bottom_without_errors(path: Path) -> None:
    nb = load(path)
    counts = [c["execution_count"] for c in code_cells(nb)]
    assert counts == list(range(1, len(counts) + 1)), "run top to bottom in a fresh kernel"
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for cell in code_cells(nb):
        assert "execution" not in cell["metadata"], "execution timestamps are stored"
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", source(cell)[:80]
            assert out.get("name") != "stderr", text_of(out.get("text", ""))[:200]


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_outputs_present_where_promised(path: Path) -> None:
    for cell in code_cells(load(path)):
        if promises_output(cell):
            assert cell.get("outputs"), f"no stored output for: {source(cell)[:80]!r}"


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_compared_outputs_are_stable(path: Path) -> None:
    """Outputs that nbval compares hold nothing that changes from run to run."""
    for cell in code_cells(load(path)):
        if IGNORE_TAG in cell["metadata"].get("tags", []):
            continue
        for out in cell.get("outputs", []):
            texts = [text_of(out.get("text", ""))]
            texts += [text_of(v) for k, v in out.get("data", {}).items()
                      if k.startswith("text/")]
            for text in texts:
                for pattern in UNSTABLE:
                    assert not pattern.search(text), (pattern.pattern, text[:200])


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_figures_are_stored_as_data_and_not_compared(path: Path) -> None:
    """Plotly figures are stored as their JSON mimetype (no plotly.js bundle) and the cells
    that draw them are tagged nbval-ignore-output (their exact JSON belongs to the view code)."""
    for cell in code_cells(load(path)):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            html = text_of(data.get("text/html", ""))
            assert "plotly.js v" not in html and len(html) < 100_000
            if PLOTLY in data:
                assert IGNORE_TAG in cell["metadata"].get("tags", []), source(cell)[:80]


@pytest.mark.parametrize("name", ["freedom_walkthrough", "slow_freight_walkthrough"])
def test_walkthroughs_promise_goals_time_checks_and_summary(name: str) -> None:
    nb = load(NOTEBOOKS / f"{name}.ipynb")
    markdown = "\n".join(source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    for words in ("Learning goals", "Time:", "Try it", "Check", "Summary"):
        assert words in markdown, words
    outputs = "\n".join(text_of(o.get("text", "")) for c in code_cells(nb)
                        for o in c.get("outputs", []))
    assert re.search(r"\[(FR|SF)-[A-Z]+-\d+\] ", outputs), "events cite their rule IDs"
    assert sum(PLOTLY in o.get("data", {}) for c in code_cells(nb)
               for o in c.get("outputs", [])) >= 2, "the board is drawn along the way"


@pytest.mark.parametrize("name", ["play_freedom", "play_slow_freight"])
def test_play_notebooks_are_one_app_under_instructions(name: str) -> None:
    nb = load(NOTEBOOKS / f"{name}.ipynb")
    assert nb["cells"][0]["cell_type"] == "markdown"
    cells = code_cells(nb)
    assert len(cells) == 1, "one code cell: the app (Voila shows outputs only)"
    assert ".app(seats=" in source(cells[0])
    assert IGNORE_TAG in cells[0]["metadata"].get("tags", [])
    html = [o["data"]["text/html"] for o in cells[0]["outputs"] if "text/html" in o.get("data", {})]
    assert html, "the static summary is stored for readers without a kernel"


def test_sanitize_file_parses() -> None:
    parser = configparser.ConfigParser()
    parser.read(NOTEBOOKS / "sanitize.cfg")
    assert parser.sections()
    for section in parser.sections():
        re.compile(parser[section]["regex"])
        assert "replace" in parser[section]
