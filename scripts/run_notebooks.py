"""Re-execute the notebooks in ``notebooks/`` and store them with outputs, without widget state.

    .venv/bin/python scripts/run_notebooks.py                      # every notebook
    .venv/bin/python scripts/run_notebooks.py notebooks/index.ipynb

Each notebook runs top to bottom in a fresh kernel of the current environment (the same kernel
``pytest --nbval --nbval-current-env`` uses), so the stored outputs are what nbval compares
against. Before saving, this script removes what must not be stored:

- ``metadata.widgets`` (the widget state: large, and stale as soon as the kernel stops);
- the ``application/vnd.jupyter.widget-view+json`` part of an output that also has a text or
  HTML face (readers without a kernel see the static summary instead of "model not found");
- per-cell execution timestamps, so a re-run changes a file only where an output changed.

It fails (exit 1) if a notebook raises, or ends up at 1 MB or more.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LIMIT = 1_000_000
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def clean(nb: nbformat.NotebookNode) -> None:
    """Strip widget state, widget-only views with a fallback, and execution timings."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data and WIDGET_VIEW in data and set(data) - {WIDGET_VIEW, "text/plain"}:
                del data[WIDGET_VIEW]


def run(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    start = time.perf_counter()
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    clean(nb)
    nbformat.validate(nb)
    nbformat.write(nb, path)  # type: ignore[no-untyped-call]
    return seconds


def main(argv: list[str]) -> int:
    paths = [Path(p).resolve() for p in argv] or sorted(NOTEBOOKS.glob("*.ipynb"))
    failed = False
    for path in paths:
        seconds = run(path)
        size = path.stat().st_size
        flag = "" if size < LIMIT else "  TOO BIG (limit 1 MB)"
        failed |= size >= LIMIT
        print(f"{path.relative_to(ROOT)}: {seconds:.1f} s, {size / 1000:.0f} kB{flag}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
