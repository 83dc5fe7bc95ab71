"""The package's folders are layers: no import circles, no module over 500 lines.

The import graph is read with `ast`, not by importing: every `import`/`from ... import` in a
module counts, at top level *and* inside functions (a lazy import still ties two modules
together), with relative imports resolved. Imports under `if TYPE_CHECKING:` are left out,
since they never run. `from pkg import name` is an edge to `pkg.name` when that is a module (a
subpackage: its `__init__`), else to `pkg`; the parent packages' `__init__` that Python runs
first are not counted (every module would then lie in a circle with the package root).

Layer order, lowest first (a module may import its own layer and any lower one, never a
higher one; lazy imports count):

    core                      game-agnostic engine, registry, saves; draws nothing (a game's
                              figure and app come from the display the package root installs,
                              core/display_hook.py)
    freedom, slowfreight      each game's rules, bots and per-seat views
    analysis, interop,        simulations, the advisor, result tables; RL adapters; each game's
      <game>.records,         result columns and trackers, and its experiment bots (Freedom's
      freedom.market_bots     Slave Market bots replay games as a simulation seeds them)
    ui                        the app shared by the games (shows the advisor's answers)
    <game>.app, .view,        each game's face: its map or table figure and its part of the app
      freedom.drawing
    lessons, <game>.lesson    lessons, puzzles, lesson files; each game's lesson and puzzles
    classroom                 rooms, pages, pacing
    the rest                  package root, cli, guided notebooks, each game's registry entry

`ui` sits above `analysis`: the app shows the advisor's answers and a seat's bots, while the
advisor and the simulations never draw a widget (their one figure, the win-chance trajectory,
imports plotly where it is drawn).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PKG = Path(__file__).resolve().parents[1] / "freight_freedom"
MAX_LINES = 500


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PKG.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, here: str, is_pkg: bool, modules: set[str]) -> set[str]:
    """Every module of `modules` imported anywhere in `tree`, skipping `if TYPE_CHECKING:`.

    `from pkg import mod` imports `pkg.mod`; `from pkg import name` imports `pkg`.
    """
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".") if is_pkg else here.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for alias in node.names:
                sub = f"{mod}.{alias.name}"
                found.append(sub if sub in modules else mod)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {name for name in found if name in modules and name != here}


def import_graph() -> nx.DiGraph:
    """Directed graph module -> module it imports, inside `freight_freedom` only."""
    modules = _modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        for target in _imports(tree, name, path.name == "__init__.py", set(modules)):
            graph.add_edge(name, target)
    return graph


def circles(graph: nx.DiGraph) -> list[set[str]]:
    """Strongly connected components with more than one module, largest first."""
    comps = [c for c in nx.strongly_connected_components(graph) if len(c) > 1]
    return sorted(comps, key=len, reverse=True)


GAMES = ("freight_freedom.freedom", "freight_freedom.slowfreight")
FACES = ("app", "view", "drawing")
"""A game's face: its figure and its part of the app, drawn from the per-seat view."""
ANALYSIS = ("records", "market_bots")
"""A game's part of the analysis layer: its result columns, tracker and experiment bots."""
LESSON = "lesson"
"""A game's teaching material (its lesson and puzzles), at the lessons' layer."""
REGISTRATION = "entry"
"""A game's registry entry: loaders of everything the package does with it (lessons, trackers,
bots, app), each importing its module when called; nothing imports an entry (the registry names
it), so it sits at the top."""

LAYERS: list[tuple[str, ...]] = [
    ("freight_freedom.core",),
    GAMES,  # the rules, bots and per-seat views
    ("freight_freedom.analysis", "freight_freedom.interop",
     *(f"{game}.{part}" for game in GAMES for part in ANALYSIS)),
    ("freight_freedom.ui",),
    tuple(f"{game}.{face}" for game in GAMES for face in FACES),
    ("freight_freedom.lessons", *(f"{game}.{LESSON}" for game in GAMES)),
    ("freight_freedom.classroom",),
]


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer_of(module: str) -> int:
    """The layer of ``module``: its index in :data:`LAYERS` (the most specific prefix wins);
    the package root, the command line, the guided notebooks and the games' entries are the
    top."""
    if any(_within(module, f"{game}.{REGISTRATION}") for game in GAMES):
        return len(LAYERS)
    found = [(len(p), rank) for rank, prefixes in enumerate(LAYERS) for p in prefixes
             if _within(module, p)]
    return max(found)[1] if found else len(LAYERS)


def upward_imports(graph: nx.DiGraph) -> list[tuple[str, str]]:
    return sorted((src, dst) for src, dst in graph.edges if layer_of(dst) > layer_of(src))


CLASSROOM = "freight_freedom.classroom"


def test_import_graph_has_no_circle_outside_the_classroom() -> None:
    """Before issue 35: 6 circles, 40 modules, the largest 20 (core, ui and analysis); lazy
    imports counted. Top-level imports alone: none."""
    found = [c for c in circles(import_graph()) if not all(m.startswith(CLASSROOM) for m in c)]
    assert not found, "\n".join(f"{len(c)}: {sorted(c)}" for c in found)


def test_import_graph_has_no_circle() -> None:
    """The whole package, the classroom too (its last circle, export and reports, went when
    their CSV cells moved to classroom/csv_cells.py)."""
    found = circles(import_graph())
    assert not found, "\n".join(f"{len(c)}: {sorted(c)}" for c in found)


def test_lower_layers_never_import_higher_ones() -> None:
    assert upward_imports(import_graph()) == []


def test_the_graph_reader_resolves_relative_and_lazy_imports_and_skips_type_checking() -> None:
    src = (
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "from ..core import game\n"
        "if TYPE_CHECKING:\n"
        "    from freight_freedom.ui import app\n"
        "def f():\n"
        "    import freight_freedom.analysis.advise\n"
    )
    found = _imports(ast.parse(src), "freight_freedom.freedom.board", False, set(_modules()))
    assert "freight_freedom.freedom" in found  # no module `sibling`: the package itself
    assert "freight_freedom.core.game" in found
    assert "freight_freedom.analysis.advise" in found
    assert not any(name.startswith("freight_freedom.ui") for name in found)


def _long_modules() -> dict[str, int]:
    return {name: n for name, path in _modules().items()
            if (n := len(path.read_text().splitlines())) > MAX_LINES}


def test_no_module_outside_the_classroom_is_over_500_lines() -> None:
    """Before issue 35: 8 modules over 500 lines, the largest 837 (four outside the classroom:
    analysis.conclude 736, freedom.map_labels 648, lessons.widget 520, ui.app 515)."""
    long = {m: n for m, n in _long_modules().items() if not m.startswith(CLASSROOM)}
    assert long == {}


def test_no_module_is_over_500_lines() -> None:
    assert _long_modules() == {}


def test_the_layers_are_in_the_stated_order() -> None:
    order = ["freight_freedom.core.game", "freight_freedom.freedom.board",
             "freight_freedom.analysis.advise", "freight_freedom.ui.app",
             "freight_freedom.freedom.drawing.labels", "freight_freedom.lessons.widget",
             "freight_freedom.classroom.room", "freight_freedom.freedom.entry"]
    assert [layer_of(m) for m in order] == sorted({layer_of(m) for m in order})
    assert layer_of("freight_freedom.slowfreight.view") == layer_of("freight_freedom.freedom.app")
    for game in GAMES:  # a game's records and lesson sit with the shared modules they extend
        assert layer_of(f"{game}.records") == layer_of("freight_freedom.analysis.records")
        assert layer_of(f"{game}.lesson.puzzles") == layer_of("freight_freedom.lessons.puzzles")
    assert layer_of("freight_freedom.freedom.market_bots") == layer_of(
        "freight_freedom.analysis.bots")
    assert layer_of("freight_freedom.cli") == layer_of("freight_freedom") == len(LAYERS)
