"""The checks of a Freedom map file beyond its JSON Schema (rules ``FR-MAP-2`` to ``FR-MAP-8``):
what kind of space lies where and holds how many, a connected map whose plantations reach
Canada through cities, catcher paths along routes.

:func:`map_problems` lists every problem as (field, reason); :func:`~.board.load_board` raises
them together as one :class:`~freight_freedom.core.errors.ComponentError` naming the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Capacities a city may have (FR-MAP-3): small cities hold one person, large cities four.
CITY_CAPACITIES: frozenset[int] = frozenset({1, 4})
#: How many plantation spaces and Slave Catchers a map must have (FR-MAP-2, FR-MAP-8).
PLANTATION_COUNT = 3
CATCHER_COUNT = 5


def _space_problems(i: int, sp: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(field, reason) for one space that breaks FR-MAP-2..4 (its shape passed the schema)."""
    w, kind, region, cap = f"spaces[{i}]", sp["kind"], sp["region"], sp["capacity"]
    out = []
    if (kind == "canada") != (region == "canada"):
        out.append((f"{w}.region", "Canada spaces, and only they, are region 'canada'"))
    if kind == "plantation" and region != "south":
        out.append((f"{w}.region", "plantations lie in the south"))
    if kind == "canada" and cap is not None:
        out.append((f"{w}.capacity", "Canada spaces hold any number of people (use null)"))
    elif kind == "city" and cap not in CITY_CAPACITIES:
        out.append((f"{w}.capacity", f"a city holds 1 or 4 people, not {cap!r}"))
    elif kind == "plantation" and cap is None:
        out.append((f"{w}.capacity", "a plantation needs at least one slot, not None"))
    if kind == "plantation" and cap is not None and sp["light_slots"] > cap:
        out.append((f"{w}.light_slots",
                    f"must be between 0 and capacity {cap}, not {sp['light_slots']}"))
    elif kind != "plantation" and sp["light_slots"]:
        out.append((f"{w}.light_slots", "only plantations have light slots"))
    if sp["money"] and kind != "city":
        out.append((f"{w}.money", "only cities carry gold money circles"))
    return out


def _id_list(data: Mapping[str, Any], key: str, kind: str, spaces: Mapping[str, Any]
             ) -> list[tuple[str, str]]:
    ids, out = data[key], []
    out += [(f"{key}[{i}]", f"unknown space {sid!r}") for i, sid in enumerate(ids)
            if sid not in spaces]
    if len(set(ids)) != len(ids):
        out.append((key, "lists a space twice"))
    actual = sorted(s for s, sp in spaces.items() if sp["kind"] == kind)
    if sorted(ids) != actual:
        out.append((key, f"must list exactly the {kind} spaces {actual}"))
    return out


def _route_problems(data: Mapping[str, Any], spaces: Mapping[str, Any],
                    joined: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Checks FR-MAP-7 and adds the good routes to ``joined`` (space -> its neighbours)."""
    out = []
    for i, r in enumerate(data["routes"]):
        a, b, w = r["a"], r["b"], f"routes[{i}]"
        bad = [(f"{w}.{k}", f"unknown space {end!r}") for k, end in (("a", a), ("b", b))
               if end not in spaces]
        if not bad and a == b:
            bad.append((w, f"a route cannot join {a!r} to itself"))
        elif not bad and b in joined[a]:
            bad.append((w, f"duplicate route {a!r} - {b!r}"))
        elif not bad and spaces[a]["kind"] == spaces[b]["kind"] == "canada":
            bad.append((w, "routes do not run between two Canada spaces"))
        out += bad
        if not bad:
            joined[a].add(b)
            joined[b].add(a)
    components = _components(joined, set(spaces))
    if len(components) > 1:
        parts = sorted(min(c) for c in components)
        out.append(("routes", f"the map is not connected (separate parts around {parts})"))
    cities = [s for s, sp in spaces.items() if sp["kind"] == "city"]
    canada = {s for s, sp in spaces.items() if sp["kind"] == "canada"}
    for p in (s for s, sp in spaces.items() if sp["kind"] == "plantation"):
        # Each plantation must reach Canada through cities alone (not via another plantation).
        if not canada & _component(joined, {p, *cities, *canada}, p):
            out.append(("routes", f"no route leads from {p!r} to Canada"))
    for c in sorted(canada):
        if any(spaces[n]["region"] != "north" for n in joined[c]):
            out.append(("routes", f"{c!r} must border only northern (free-state) cities"))
    return out


def _catcher_problems(data: Mapping[str, Any], spaces: Mapping[str, Any],
                      joined: Mapping[str, set[str]]) -> list[tuple[str, str]]:
    """FR-MAP-8: five catchers, each patrolling a walk of joined cities and starting on it."""
    out, colours = [], set()
    for i, c in enumerate(data["catchers"]):
        w, path = f"catchers[{i}]", c["path"]
        if c["colour"] in colours or c["colour"] == "walk":
            out.append((f"{w}.colour", f"duplicate or reserved colour {c['colour']!r}"))
        colours.add(c["colour"])
        for k, sid in enumerate(path):
            if sid not in spaces:
                out.append((f"{w}.path[{k}]", f"unknown space {sid!r}"))
            elif spaces[sid]["kind"] != "city":
                out.append((f"{w}.path[{k}]", f"catchers patrol cities only, not {sid!r}"))
            elif k and sid not in joined.get(path[k - 1], set()):
                out.append((f"{w}.path[{k}]",
                            f"{path[k - 1]!r} and {sid!r} are not joined by a route"))
        if len(set(path)) != len(path):
            out.append((f"{w}.path", "visits a space twice"))
        if c["start"] not in path:
            out.append((f"{w}.start", f"{c['start']!r} is not on the path"))
    if len(data["catchers"]) != CATCHER_COUNT:
        out.append(("catchers", f"needs exactly {CATCHER_COUNT}, not {len(data['catchers'])}"))
    return out


def map_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(field, reason) for every way a map that passed its schema breaks FR-MAP-2..8."""
    spaces: dict[str, Mapping[str, Any]] = {}
    out = []
    for i, sp in enumerate(data["spaces"]):
        if sp["id"] in spaces:
            out.append((f"spaces[{i}].id", f"duplicate space id {sp['id']!r}"))
        spaces[sp["id"]] = sp
        out += _space_problems(i, sp)
    out += _id_list(data, "plantations", "plantation", spaces)
    if len(data["plantations"]) != PLANTATION_COUNT:
        out.append(("plantations", f"needs exactly {PLANTATION_COUNT}, "
                                   f"not {len(data['plantations'])}"))
    lons = [spaces[p]["lon"] for p in data["plantations"] if p in spaces]
    if lons != sorted(lons):
        out.append(("plantations", "must be listed from west to east"))
    out += _id_list(data, "canada", "canada", spaces)
    joined: dict[str, set[str]] = {s: set() for s in spaces}
    out += _route_problems(data, spaces, joined)
    return out + _catcher_problems(data, spaces, joined)


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
