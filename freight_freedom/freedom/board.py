"""The Freedom map: spaces, routes and Slave Catcher paths, loaded from ``data/map.json``.

The published board has never been reproduced in public, so the map shipped here is our own,
historically grounded reconstruction (see ``docs/rules/freedom_components.md``, rules
``FR-MAP-*``). It lives in a data file so a teacher who owns the box can correct it without
touching code; :func:`load_board` validates it on load and raises :class:`DataError` naming the
file and field when something is wrong.

The board is immutable: spaces and catcher paths are frozen dataclasses, mappings are read-only
views and the routes a tuple. Game state (where people and catchers stand) lives elsewhere; this
module only answers questions about geometry: who is next to whom, how far a person can travel,
and where a catcher ends up.

The searches are small breadth-first walks over a precomputed adjacency table (63 spaces, a few
steps), with their results cached on the board; the engine never imports :mod:`networkx`.
:attr:`Board.graph` still hands the route map to networkx for analysis and notebooks, built on
first use.
"""

from __future__ import annotations

import functools
import json
import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

if TYPE_CHECKING:
    import networkx


__all__ = [
    "Board",
    "CatcherPath",
    "DataError",
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

#: Capacities a city may have (FR-MAP-3): small cities hold one person, large cities four.
CITY_CAPACITIES: frozenset[int] = frozenset({1, 4})
#: How many plantation spaces and Slave Catchers a map must have (FR-MAP-2, FR-MAP-8).
PLANTATION_COUNT = 3
CATCHER_COUNT = 5

_SPACE_KINDS: tuple[str, ...] = get_args(SpaceKind)
_REGIONS: tuple[str, ...] = get_args(Region)
_ROUTE_MODES: tuple[str, ...] = get_args(RouteMode)


class DataError(ValueError):
    """A component data file (or dict) that breaks a rule of its format.

    The message names the file and the offending field, e.g.
    ``map.json: spaces[4].capacity: a city holds 1 or 4 people, not 2``.
    """

    def __init__(self, source: str, where: str, problem: str) -> None:
        self.source = source
        self.where = where
        self.problem = problem
        super().__init__(f"{source}: {where}: {problem}")


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
        found = self.reachable(origin, max_steps, blocked | stops if stops else blocked)
        return tuple(sorted((s for s in found if s not in blocked), key=self._order.__getitem__))

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


def read_data_file(path: Path | str) -> dict[str, Any]:
    """Read a JSON component file into a dict, raising :class:`DataError` if it is not one."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(p.name, "file", f"cannot be read ({exc.strerror})") from exc
    return _parse_json(text, p.name)


def _parse_json(text: str, source: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(source, f"line {exc.lineno}", f"not valid JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise DataError(source, "top level", "must be a JSON object")
    return data


def read_packaged(filename: str) -> dict[str, Any]:
    """Read one of the JSON files shipped in ``freight_freedom/freedom/data``."""
    resource = resources.files("freight_freedom.freedom").joinpath("data", filename)
    try:
        text = resource.read_text(encoding="utf-8")
    except (OSError, FileNotFoundError) as exc:
        raise DataError(filename, "file", "is missing from the package data") from exc
    return _parse_json(text, filename)


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


# ---------------------------------------------------------------------- validation helpers


def _get(
    obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], src: str, where: str
) -> Any:
    if key not in obj:
        raise DataError(src, f"{where}.{key}", "is missing")
    value = obj[key]
    # bool is an int subclass; never accept it where a number is meant.
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise DataError(src, f"{where}.{key}", f"must be {_kind_name(kind)}, not {value!r}")
    if not isinstance(value, kind):
        raise DataError(src, f"{where}.{key}", f"must be {_kind_name(kind)}, not {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {
        str: "a string",
        int: "an integer",
        float: "a number",
        list: "a list",
        dict: "an object",
        type(None): "null",
        bool: "true/false",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _list(obj: Mapping[str, Any], key: str, src: str, where: str = "") -> list[Any]:
    full = f"{where}.{key}" if where else key
    if key not in obj:
        raise DataError(src, full, "is missing")
    value = obj[key]
    if not isinstance(value, list):
        raise DataError(src, full, f"must be a list, not {type(value).__name__}")
    return value


def _parse_space(raw: Any, src: str, where: str) -> Space:
    if not isinstance(raw, dict):
        raise DataError(src, where, "must be an object")
    sid = _get(raw, "id", str, src, where)
    if not sid or not sid.replace("_", "a").isalnum() or sid != sid.lower():
        raise DataError(src, f"{where}.id", f"must be a snake_case identifier, not {sid!r}")
    kind = _get(raw, "kind", str, src, where)
    if kind not in _SPACE_KINDS:
        raise DataError(src, f"{where}.kind", f"must be one of {_SPACE_KINDS}, not {kind!r}")
    region = _get(raw, "region", str, src, where)
    if region not in _REGIONS:
        raise DataError(src, f"{where}.region", f"must be one of {_REGIONS}, not {region!r}")
    if (kind == "canada") != (region == "canada"):
        raise DataError(src, f"{where}.region", "Canada spaces, and only they, are region 'canada'")
    if kind == "plantation" and region != "south":
        raise DataError(src, f"{where}.region", "plantations lie in the south")
    lon = float(_get(raw, "lon", (int, float), src, where))
    lat = float(_get(raw, "lat", (int, float), src, where))
    if not (-180.0 <= lon <= 180.0 and -90.0 <= lat <= 90.0) or math.isnan(lon + lat):
        raise DataError(src, f"{where}.lon/lat", f"({lon}, {lat}) is not a place on Earth")
    capacity = _get(raw, "capacity", (int, type(None)), src, where)
    light = _get(raw, "light_slots", int, src, where)
    money = _get(raw, "money", int, src, where)
    cw = f"{where}.capacity"
    if kind == "canada":
        if capacity is not None:
            raise DataError(src, cw, "Canada spaces hold any number of people (use null)")
    elif kind == "city":
        if capacity not in CITY_CAPACITIES:
            raise DataError(src, cw, f"a city holds 1 or 4 people, not {capacity!r}")
    elif capacity is None or capacity < 1:
        raise DataError(src, cw, f"a plantation needs at least one slot, not {capacity!r}")
    if kind == "plantation":
        assert capacity is not None
        if not 0 <= light <= capacity:
            raise DataError(
                src,
                f"{where}.light_slots",
                f"must be between 0 and capacity {capacity}, not {light}",
            )
    elif light != 0:
        raise DataError(src, f"{where}.light_slots", "only plantations have light slots")
    if money < 0:
        raise DataError(src, f"{where}.money", f"must be >= 0, not {money}")
    if money and kind != "city":
        raise DataError(src, f"{where}.money", "only cities carry gold money circles")
    return Space(
        id=sid,
        name=_get(raw, "name", str, src, where),
        state=_get(raw, "state", str, src, where),
        kind=cast(SpaceKind, kind),
        region=cast(Region, region),
        lon=lon,
        lat=lat,
        capacity=capacity,
        money=money,
        light_slots=light,
        note=_get(raw, "note", str, src, where),
    )


def _id_list(data: Mapping[str, Any], key: str, src: str, spaces: Mapping[str, Space]) -> list[str]:
    ids = _list(data, key, src)
    for i, sid in enumerate(ids):
        if not isinstance(sid, str) or sid not in spaces:
            raise DataError(src, f"{key}[{i}]", f"unknown space {sid!r}")
    if len(set(ids)) != len(ids):
        raise DataError(src, key, "lists a space twice")
    return ids


def _parse_board(data: Mapping[str, Any], src: str) -> Board:
    if not isinstance(data, Mapping):
        raise DataError(src, "top level", "must be a JSON object")

    # spaces (FR-MAP-1..4)
    spaces: dict[str, Space] = {}
    for i, raw in enumerate(_list(data, "spaces", src)):
        sp = _parse_space(raw, src, f"spaces[{i}]")
        if sp.id in spaces:
            raise DataError(src, f"spaces[{i}].id", f"duplicate space id {sp.id!r}")
        spaces[sp.id] = sp

    # plantations, west to east (FR-MAP-2)
    plantations = _id_list(data, "plantations", src, spaces)
    actual = sorted(s.id for s in spaces.values() if s.kind == "plantation")
    if sorted(plantations) != actual:
        raise DataError(src, "plantations", f"must list exactly the plantation spaces {actual}")
    if len(plantations) != PLANTATION_COUNT:
        raise DataError(
            src, "plantations", f"needs exactly {PLANTATION_COUNT}, not {len(plantations)}"
        )
    lons = [spaces[p].lon for p in plantations]
    if lons != sorted(lons):
        raise DataError(src, "plantations", "must be listed from west to east")

    # Canada, in printed number order (FR-MAP-6)
    canada = _id_list(data, "canada", src, spaces)
    actual = sorted(s.id for s in spaces.values() if s.kind == "canada")
    if sorted(canada) != actual or not canada:
        raise DataError(src, "canada", f"must list exactly the Canada spaces {actual}")

    # routes (FR-MAP-7)
    routes: list[tuple[str, str, str]] = []
    joined: dict[str, set[str]] = {s: set() for s in spaces}
    for i, raw in enumerate(_list(data, "routes", src)):
        where = f"routes[{i}]"
        if not isinstance(raw, dict):
            raise DataError(src, where, "must be an object")
        a = _get(raw, "a", str, src, where)
        b = _get(raw, "b", str, src, where)
        mode = _get(raw, "mode", str, src, where)
        for end, key in ((a, "a"), (b, "b")):
            if end not in spaces:
                raise DataError(src, f"{where}.{key}", f"unknown space {end!r}")
        if a == b:
            raise DataError(src, where, f"a route cannot join {a!r} to itself")
        if b in joined[a]:
            raise DataError(src, where, f"duplicate route {a!r} - {b!r}")
        if mode not in _ROUTE_MODES:
            raise DataError(src, f"{where}.mode", f"must be one of {_ROUTE_MODES}, not {mode!r}")
        if spaces[a].kind == "canada" and spaces[b].kind == "canada":
            raise DataError(src, where, "routes do not run between two Canada spaces")
        routes.append((a, b, mode))
        joined[a].add(b)
        joined[b].add(a)
    components = _components(joined, set(spaces))
    if len(components) > 1:
        parts = sorted(min(c) for c in components)
        raise DataError(src, "routes", f"the map is not connected (separate parts around {parts})")
    canada_set = set(canada)
    cities = [s for s in spaces if spaces[s].kind == "city"]
    for p in plantations:
        # Each plantation must reach Canada through cities alone (not via another plantation).
        seen = _component(joined, {p, *cities, *canada}, p)
        if not canada_set & seen:
            raise DataError(src, "routes", f"no route leads from {p!r} to Canada")
    for c in canada:
        if any(spaces[n].region != "north" for n in joined[c]):
            raise DataError(src, "routes", f"{c!r} must border only northern (free-state) cities")

    # catchers (FR-MAP-8)
    catchers: dict[str, CatcherPath] = {}
    for i, raw in enumerate(_list(data, "catchers", src)):
        where = f"catchers[{i}]"
        if not isinstance(raw, dict):
            raise DataError(src, where, "must be an object")
        colour = _get(raw, "colour", str, src, where)
        if colour in catchers or colour == "walk" or not colour:
            raise DataError(src, f"{where}.colour", f"duplicate or reserved colour {colour!r}")
        path = _list(raw, "path", src, where)
        if len(path) < 2:
            raise DataError(src, f"{where}.path", "a path needs at least two spaces")
        for k, sid in enumerate(path):
            if not isinstance(sid, str) or sid not in spaces:
                raise DataError(src, f"{where}.path[{k}]", f"unknown space {sid!r}")
            if spaces[sid].kind != "city":
                raise DataError(
                    src, f"{where}.path[{k}]", f"catchers patrol cities only, not {sid!r}"
                )
        if len(set(path)) != len(path):
            raise DataError(src, f"{where}.path", "visits a space twice")
        for k in range(len(path) - 1):
            if path[k + 1] not in joined[path[k]]:
                raise DataError(
                    src,
                    f"{where}.path[{k + 1}]",
                    f"{path[k]!r} and {path[k + 1]!r} are not joined by a route",
                )
        start = _get(raw, "start", str, src, where)
        if start not in path:
            raise DataError(src, f"{where}.start", f"{start!r} is not on the path")
        catchers[colour] = CatcherPath(
            colour=colour, name=_get(raw, "name", str, src, where), path=tuple(path), start=start
        )
    if len(catchers) != CATCHER_COUNT:
        raise DataError(src, "catchers", f"needs exactly {CATCHER_COUNT}, not {len(catchers)}")

    return Board(
        spaces=MappingProxyType(spaces),
        routes=tuple(routes),
        catchers=MappingProxyType(catchers),
        plantations=tuple(plantations),
        canada=tuple(canada),
    )


def _component(joined: Mapping[str, set[str]], allowed: set[str], start: str) -> set[str]:
    """The spaces reachable from ``start`` through ``allowed`` spaces only."""
    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for n in joined[here]:
            if n in allowed and n not in seen:
                seen.add(n)
                frontier.append(n)
    return seen


def _components(joined: Mapping[str, set[str]], spaces: set[str]) -> list[set[str]]:
    """The connected parts of the route map."""
    parts: list[set[str]] = []
    left = set(spaces)
    while left:
        part = _component(joined, spaces, min(left))
        parts.append(part)
        left -= part
    return parts
