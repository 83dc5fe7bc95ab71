"""The data-derived tables of the Freedom rules docs match the component JSON.

The tables sit between ``<!-- BEGIN GENERATED: ... -->`` markers and are written by
``scripts/rules_tables.py``; this test runs its check in-process.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from freight_freedom.freedom import view
from freight_freedom.freedom.board import load_board

ROOT = Path(__file__).resolve().parents[2]


def _rules_tables() -> ModuleType:
    """Import ``scripts/rules_tables.py`` (``scripts`` is not a package)."""
    name = "rules_tables"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "rules_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_rules_docs_match_the_data() -> None:
    rules_tables = _rules_tables()
    diff = rules_tables.diff_docs()
    assert not diff, (
        "The generated tables in docs/rules/ do not match freight_freedom/freedom/data/*.json; "
        f"run {rules_tables.FIX_COMMAND} and review the diff.\n\n{diff}"
    )


def test_regenerating_is_idempotent() -> None:
    rules_tables = _rules_tables()
    for path, (_current, expected) in rules_tables.expected_docs().items():
        blocks = rules_tables.renderers()[path.name]
        assert rules_tables.regenerate(expected, blocks, path.name) == expected, path.name


def _crossing_routes(xy: dict[str, tuple[float, float]]) -> list[tuple[str, str, str, str]]:
    """Pairs of routes (no shared end) whose straight segments properly cross."""

    def orient(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    edges = list(load_board().graph.edges())
    found = []
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1:]:
            if {a, b} & {c, d}:
                continue
            if (orient(xy[c], xy[d], xy[a]) * orient(xy[c], xy[d], xy[b]) < 0
                    and orient(xy[a], xy[b], xy[c]) * orient(xy[a], xy[b], xy[d]) < 0):
                found.append((a, b, c, d))
    return found


def test_no_two_routes_cross() -> None:
    """freedom_components.md FR-MAP-7: no crossing at the true or the drawn positions."""
    board = load_board()
    lonlat = {sid: (s.lon, s.lat) for sid, s in board.spaces.items()}
    geometry = view.geometry(board)
    assert _crossing_routes(lonlat) == []
    assert _crossing_routes(geometry.true_xy) == []
    assert _crossing_routes(geometry.xy) == []
