"""The Freedom map: spaces, routes and Slave Catcher paths, loaded from ``data/map.json``.

The published board has never been reproduced in public, so the map shipped here is our own,
historically grounded reconstruction (see ``docs/rules/freedom_components.md``, rules
``FR-MAP-*``). It lives in a data file so a teacher who owns the box can correct it without
touching code; :func:`load_board` validates it on load (its JSON Schema, then the checks only
this game knows, :mod:`.map_checks`: a connected map, catcher paths along routes) and raises one
:class:`~freight_freedom.core.errors.ComponentError` listing every problem with its file and
field.

The board is immutable: spaces and catcher paths are frozen dataclasses, mappings are read-only
views and the routes a tuple. Game state (where people and catchers stand) lives elsewhere; this
module only answers questions about geometry: who is next to whom, how far a person can travel,
and where a catcher ends up.

The searches are small breadth-first walks over a precomputed adjacency table (a few steps), with
their results cached on the board; the engine never imports :mod:`networkx`.
:attr:`Board.graph` still hands the route map to networkx for analysis and notebooks, built on
first use.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import networkx

from ..core.schema import validate
from .data_files import parse_json, read_data_file, read_packaged
from .map_checks import map_problems
from .schemas import MAP

__all__ = [
    "Board",
    "CatcherPath",
    "parse_json",
    "Direction",
    "Region",
    "RouteMode",
    "Space",
    "SpaceKind",
    "load_board",
    "read_data_file",
]

SpaceKind = Literal["plantation", "city", "canada"]
Region = Literal["south", "north", "canada"]
Direction = Literal["west", "east"]
RouteMode = Literal["road", "rail", "river", "lake", "sea"]


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the map: a plantation area, a city, or a landing place in Canada."""

    id: str
    name: str
    state: str
    kind: SpaceKind
    region: Region
    lon: float
    lat: float
    capacity: int | None
    money: int
    light_slots: int
    note: str

    @property
    def dark_slots(self) -> int:
        """Plantation slots left empty at set-up (filled later by Slave Market deliveries)."""
        return 0 if self.capacity is None else self.capacity - self.light_slots


@dataclass(frozen=True, slots=True)
class CatcherPath:
    """A Slave Catcher's coloured path, listed from its west end to its east end."""

    colour: str
    name: str
    path: tuple[str, ...]
    start: str

    def index(self, space: str) -> int:
        """Position of ``space`` on the path (0 = west end); ValueError if it is not on it."""
        try:
            return self.path.index(space)
        except ValueError:
            raise ValueError(f"{space!r} is not on the {self.colour} catcher's path") from None

    def __contains__(self, space: object) -> bool:
        return space in self.path


class _OpenTable(dict[str, tuple[str, ...]]):
    """Destinations by origin for one (steps, blocked, stops); see :meth:`Board.open_table`."""

    __slots__ = ("args", "board")

    def __init__(self, board: Board, max_steps: int, blocked: frozenset[str],
                 stops: frozenset[str]) -> None:
        super().__init__()
        self.board, self.args = board, (max_steps, blocked, stops)

    def __missing__(self, origin: str) -> tuple[str, ...]:
        if origin not in self.board.spaces:
            raise KeyError(f"unknown space {origin!r}")
        row = self[origin] = self.board._open_row(origin, *self.args)
        return row


@dataclass(frozen=True, eq=False)
class Board:
    """The whole map, validated; compare boards by identity (they are loaded once and cached)."""

    spaces: Mapping[str, Space]
    routes: tuple[tuple[str, str, str], ...]
    """Every route as ``(a, b, mode)``, in the order of the map file."""
    catchers: Mapping[str, CatcherPath]
    plantations: tuple[str, ...]
    canada: tuple[str, ...]
    _trigger_index: Mapping[str, tuple[str, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _neighbour_index: Mapping[str, tuple[str, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _order: Mapping[str, int] = field(init=False, repr=False, compare=False, default_factory=dict)
    _open: dict[tuple[int, frozenset[str], frozenset[str]], _OpenTable] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    """Cache of :meth:`open_table` (derived from immutable data, so never stale)."""
    _free: dict[tuple[str, int, frozenset[str]], tuple[tuple[str, ...], frozenset[str]]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    """Cache of :meth:`_free_row` (derived from immutable data, so never stale)."""

    def __post_init__(self) -> None:
        triggers = {
            sid: tuple(c.colour for c in self.catchers.values() if sid in c.path)
            for sid in self.spaces
        }
        adjacent: dict[str, list[str]] = {sid: [] for sid in self.spaces}
        for a, b, _ in self.routes:
            adjacent[a].append(b)
            adjacent[b].append(a)
        neighbours = {sid: tuple(sorted(adjacent[sid])) for sid in self.spaces}
        object.__setattr__(self, "_trigger_index", MappingProxyType(triggers))
        object.__setattr__(self, "_neighbour_index", MappingProxyType(neighbours))
        object.__setattr__(self, "_order", MappingProxyType({s: i for i, s in
                                                             enumerate(self.spaces)}))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """The packaged set's map pickles as a reference to it (loading gives the shared board
        back), another as its data, the indexes rebuilt on loading (a board travels in a view)."""
        if self is _PACKAGED.get("board"):
            return (_PACKAGED["loader"], ())
        return (_board_of, (dict(self.spaces), self.routes, dict(self.catchers),
                            self.plantations, self.canada))

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<dict>") -> Board:
        """Build and validate a board from the parsed contents of a map file.

        ``source`` is only used in error messages (the file name, normally).
        """
        return _parse_board(data, source)

    @classmethod
    def from_file(cls, path: str | Path) -> Board:
        """Load and validate a map file from an arbitrary path (e.g. a teacher's corrected copy)."""
        p = Path(path)
        return cls.from_dict(read_data_file(p), source=p.name)

    # ------------------------------------------------------------------ queries

    def space(self, space: str) -> Space:
        """The :class:`Space` with this id (KeyError naming it if unknown)."""
        try:
            return self.spaces[space]
        except KeyError:
            raise KeyError(f"unknown space {space!r}") from None

    def neighbours(self, space: str) -> tuple[str, ...]:
        """Ids of the spaces one route away from ``space``, sorted."""
        try:
            return self._neighbour_index[space]
        except KeyError:
            raise KeyError(f"unknown space {space!r}") from None

    def triggers(self, space: str) -> tuple[str, ...]:
        """Colours of the catchers whose path contains ``space``, in catcher order.

        Derived from the paths (FR-MAP-9): a person entering such a space draws these catchers
        one step toward it.
        """
        try:
            return self._trigger_index[space]
        except KeyError:
            raise KeyError(f"unknown space {space!r}") from None

    def reachable(
        self, origin: str, max_steps: int, blocked: frozenset[str] = frozenset()
    ) -> dict[str, int]:
        """Every space reachable from ``origin`` in 1..``max_steps`` steps, with its fewest steps.

        No *intermediate* space of a path may be in ``blocked`` (e.g. spaces holding a catcher,
        which a person may not pass through); a blocked space can still be a destination, and the
        caller decides whether it may end there. ``origin`` itself is never in the result.
        """
        if origin not in self.spaces:
            raise KeyError(f"unknown space {origin!r}")
        if max_steps < 0:
            raise ValueError(f"max_steps must be >= 0, not {max_steps}")
        dist: dict[str, int] = {origin: 0}
        queue: deque[str] = deque([origin])
        while queue:
            here = queue.popleft()
            d = dist[here]
            if d >= max_steps or (here != origin and here in blocked):
                continue
            for nxt in self._neighbour_index[here]:
                if nxt not in dist:
                    dist[nxt] = d + 1
                    queue.append(nxt)
        del dist[origin]
        return dist

    def open_destinations(
        self, origin: str, max_steps: int, blocked: frozenset[str],
        stops: frozenset[str] = frozenset(),
    ) -> tuple[str, ...]:
        """Spaces a person at ``origin`` can end on in 1..``max_steps`` steps, in map order.

        No intermediate space may be in ``blocked`` or ``stops``, and no space of ``blocked`` is
        a destination (a person neither passes through nor ends on a catcher); ``stops`` may be
        entered but not passed (Canada). Capacity is the caller's business. Cached per
        ``(origin, max_steps, blocked, stops)``: the board never changes, so neither do these.
        """
        return self.open_table(max_steps, blocked, stops)[origin]

    def open_table(
        self, max_steps: int, blocked: frozenset[str], stops: frozenset[str] = frozenset()
    ) -> Mapping[str, tuple[str, ...]]:
        """:meth:`open_destinations` of every origin, as a mapping filled on first use.

        A caller asking for many origins under the same catchers looks the table up once.
        """
        key = (max_steps, blocked, stops)
        table = self._open.get(key)
        if table is None:
            if len(self._open) > 20_000:
                self._open.clear()
            table = self._open[key] = _OpenTable(self, max_steps, blocked, stops)
        return table

    def _open_row(self, origin: str, max_steps: int, blocked: frozenset[str],
                  stops: frozenset[str]) -> tuple[str, ...]:
        row, passed = self._free_row(origin, max_steps, stops)
        if passed.isdisjoint(blocked):
            # no catcher stands where the walk goes on: the same walk, without their spaces
            return tuple([s for s in row if s not in blocked]) if blocked else row
        found = self.reachable(origin, max_steps, blocked | stops if stops else blocked)
        return tuple(sorted((s for s in found if s not in blocked), key=self._order.__getitem__))

    def _free_row(self, origin: str, max_steps: int, stops: frozenset[str]
                  ) -> tuple[tuple[str, ...], frozenset[str]]:
        """The walk from ``origin`` with only ``stops`` in the way: the spaces it reaches in map
        order, and the spaces it passes through (fewer than ``max_steps`` away, not a stop).

        A space of ``blocked`` outside the second set changes nothing in the walk (the walk never
        goes on from it), so :meth:`_open_row` filters this row instead of walking again: most
        rows are asked for under a new set of catcher spaces, rarely with a catcher in the way.
        """
        key = (origin, max_steps, stops)
        known = self._free.get(key)
        if known is None:
            found = self.reachable(origin, max_steps, stops)
            row = tuple(sorted(found, key=self._order.__getitem__))
            passed = frozenset(s for s, d in found.items() if d < max_steps and s not in stops)
            known = self._free[key] = (row, passed)
        return known

    def distance(self, a: str, b: str) -> int:
        """Fewest route steps between two spaces (ignoring catchers and capacity)."""
        for s in (a, b):
            if s not in self.spaces:
                raise KeyError(f"unknown space {s!r}")
        if a == b:
            return 0
        dist = self.reachable(a, len(self.spaces))
        if b not in dist:
            raise ValueError(f"no route joins {a!r} and {b!r}")
        return dist[b]

    def edges(self) -> list[tuple[str, str]]:
        """Every route once as ``(a, b)``, in the order ``networkx.Graph.edges()`` lists them
        (by space, then by the routes from it in file order), so drawings do not change."""
        adjacent: dict[str, list[str]] = {sid: [] for sid in self.spaces}
        for a, b, _ in self.routes:
            adjacent[a].append(b)
            adjacent[b].append(a)
        out: list[tuple[str, str]] = []
        done: set[str] = set()
        for sid in self.spaces:
            out.extend((sid, n) for n in adjacent[sid] if n not in done)
            done.add(sid)
        return out

    @functools.cached_property
    def graph(self) -> networkx.Graph:
        """The route map as a frozen :mod:`networkx` graph (``mode`` on each edge), for analysis.

        Built on first use: the rules never need it, and importing networkx is slow.
        """
        import networkx

        graph = networkx.Graph()
        graph.add_nodes_from(self.spaces)
        for a, b, mode in self.routes:
            graph.add_edge(a, b, mode=mode)
        return networkx.freeze(graph)

    def catcher(self, colour: str) -> CatcherPath:
        """The catcher path of this colour (KeyError naming it if unknown)."""
        try:
            return self.catchers[colour]
        except KeyError:
            raise KeyError(f"unknown catcher colour {colour!r}") from None

    def step_along(self, colour: str, space: str, direction: Direction, steps: int) -> str:
        """Where the ``colour`` catcher stands after moving ``steps`` along its path.

        Ruling FR-MAP-10: a catcher never leaves its path, so it stops at the path's end.
        """
        path = self.catcher(colour)
        if direction not in ("west", "east"):
            raise ValueError(f"direction must be 'west' or 'east', not {direction!r}")
        if steps < 0:
            raise ValueError(f"steps must be >= 0, not {steps}")
        i = path.index(space)
        j = i - steps if direction == "west" else i + steps
        return path.path[max(0, min(len(path.path) - 1, j))]

    def step_toward(self, colour: str, space: str, target: str) -> str:
        """One step along the catcher's own path from ``space`` toward ``target`` (on the path).

        Returns ``space`` unchanged when the catcher already stands on ``target``.
        """
        path = self.catcher(colour)
        i, j = path.index(space), path.index(target)
        if i == j:
            return space
        return path.path[i + 1 if j > i else i - 1]

    def canada_number(self, space: str) -> int | None:
        """The printed number (1 = westernmost) of a Canada space, or None for any other space."""
        try:
            return self.canada.index(space) + 1
        except ValueError:
            return None

    def __repr__(self) -> str:
        return (
            f"<Board: {len(self.spaces)} spaces, {len(self.routes)} routes, "
            f"catchers {', '.join(self.catchers)}>"
        )


# ---------------------------------------------------------------------- loading


def load_board(name: str = "default") -> Board:
    """The packaged map called ``name`` (``"default"`` reads ``data/map.json``), validated.

    Cached: every caller shares one immutable :class:`Board` (``load_board()`` and
    ``load_board("default")`` return the same object).
    """
    return _load_board_cached(name)


@functools.cache
def _load_board_cached(name: str) -> Board:
    filename = "map.json" if name == "default" else f"map_{name}.json"
    return Board.from_dict(read_packaged(filename), source=filename)


_PACKAGED: dict[str, Any] = {}
"""The packaged set's map and the function that gives it back, noted by :mod:`.component_set`
when it builds that set (:func:`note_packaged`): such a map pickles as a call to that function."""


def note_packaged(board: Board, loader: Callable[[], Board]) -> None:
    """Note ``board`` as the packaged set's map, which ``loader()`` returns in any process."""
    _PACKAGED.update(board=board, loader=loader)


def _board_of(spaces: dict[str, Space], routes: tuple[tuple[str, str, str], ...],
              catchers: dict[str, CatcherPath], plantations: tuple[str, ...],
              canada: tuple[str, ...]) -> Board:
    return Board(MappingProxyType(spaces), routes, MappingProxyType(catchers), plantations,
                 canada)


def _parse_board(data: Mapping[str, Any], src: str) -> Board:
    validate(src, data, MAP, map_problems)
    spaces = {raw["id"]: Space(
        id=raw["id"], name=raw["name"], state=raw["state"], kind=raw["kind"],
        region=raw["region"], lon=float(raw["lon"]), lat=float(raw["lat"]),
        capacity=raw["capacity"], money=raw["money"], light_slots=raw["light_slots"],
        note=raw["note"]) for raw in data["spaces"]}
    catchers = {c["colour"]: CatcherPath(c["colour"], c["name"], tuple(c["path"]), c["start"])
                for c in data["catchers"]}
    return Board(
        spaces=MappingProxyType(spaces),
        routes=tuple((r["a"], r["b"], r["mode"]) for r in data["routes"]),
        catchers=MappingProxyType(catchers),
        plantations=tuple(data["plantations"]),
        canada=tuple(data["canada"]),
    )
