"""Tests of the authored Freedom map and its loader (rules FR-MAP-*, freedom_components.md)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import networkx
import pytest

from freight_freedom.core.errors import ComponentError
from freight_freedom.freedom.board import Board, CatcherPath, Space, load_board


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


@pytest.fixture()
def raw() -> dict[str, Any]:
    text = (
        resources.files("freight_freedom.freedom").joinpath("data", "map.json").read_text("utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


def _space(data: dict[str, Any], sid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in data["spaces"] if s["id"] == sid)
    return found


# ---------------------------------------------------------------------- FR-MAP-1 spaces, regions


def test_fr_map_1_space_count_and_kinds(board: Board) -> None:
    assert 55 <= len(board.spaces) <= 70
    kinds = [s.kind for s in board.spaces.values()]
    assert kinds.count("plantation") == 3
    assert 4 <= kinds.count("canada") <= 7
    assert all(isinstance(s, Space) for s in board.spaces.values())
    assert all(sid == s.id for sid, s in board.spaces.items())


def test_fr_map_1_slave_states_are_south(board: Board) -> None:
    slave_states = {
        "Louisiana",
        "Mississippi",
        "Alabama",
        "Georgia",
        "South Carolina",
        "North Carolina",
        "Tennessee",
        "Kentucky",
        "Virginia",
        "Maryland",
        "Delaware",
        "Missouri",
        "District of Columbia",
        "Alabama & Mississippi",
        "South Carolina & Georgia",
    }
    for s in board.spaces.values():
        if s.kind == "canada":
            assert s.region == "canada"
        elif s.state in slave_states:
            assert s.region == "south", s.id
        else:
            assert s.region == "north", s.id


def test_fr_map_1_places_lie_in_the_eastern_map_area(board: Board) -> None:
    for s in board.spaces.values():
        assert -92.0 <= s.lon <= -66.0 and 29.0 <= s.lat <= 46.0, s.id
        assert s.note and len(s.note) < 260 and s.name and s.state


def test_fr_map_1_south_lies_south_of_its_northern_neighbours_mostly(board: Board) -> None:
    south = [s.lat for s in board.spaces.values() if s.region == "south"]
    north = [s.lat for s in board.spaces.values() if s.region == "north"]
    assert sum(south) / len(south) < sum(north) / len(north)


# ---------------------------------------------------------------------- FR-MAP-2 plantations


def test_fr_map_2_three_plantations_west_to_east(board: Board) -> None:
    assert len(board.plantations) == 3
    lons = [board.spaces[p].lon for p in board.plantations]
    assert lons == sorted(lons)
    assert board.plantations[1] == "black_belt_plantations"  # the centre plantation
    for p in board.plantations:
        sp = board.spaces[p]
        assert sp.kind == "plantation" and sp.region == "south"
        assert sp.capacity is not None and 10 <= sp.capacity <= 14
        assert 0 < sp.light_slots < sp.capacity
        assert sp.dark_slots == sp.capacity - sp.light_slots


def test_fr_map_2_light_slots_total(board: Board) -> None:
    light = sum(board.spaces[p].light_slots for p in board.plantations)
    assert 24 <= light <= 30


# ---------------------------------------------------------------------- FR-MAP-3 capacity


def test_fr_map_3_capacity_small_large_plantation_canada(board: Board) -> None:
    large = {s.id for s in board.spaces.values() if s.kind == "city" and s.capacity == 4}
    assert large == {"chicago", "boston", "new_york"}
    for s in board.spaces.values():
        if s.kind == "city":
            assert s.capacity in (1, 4)
        elif s.kind == "canada":
            assert s.capacity is None
        else:
            assert s.capacity is not None and s.light_slots <= s.capacity
        if s.kind != "plantation":
            assert s.light_slots == 0


# ---------------------------------------------------------------------- FR-MAP-4 money


def test_fr_map_4_money_circles(board: Board) -> None:
    paying = {s.id: s.money for s in board.spaces.values() if s.money}
    assert 12 <= len(paying) <= 18
    assert all(1 <= m <= 3 for m in paying.values())
    for sid in ("philadelphia", "boston", "new_york", "cincinnati", "oberlin", "rochester"):
        assert paying.get(sid, 0) >= 2, sid
    assert all(board.spaces[s].kind == "city" for s in paying)


# ---------------------------------------------------------------------- FR-MAP-5 named places


@pytest.mark.parametrize(
    ("sid", "state", "region"),
    [
        ("ferrisburg", "Vermont", "north"),
        ("rochester", "New York", "north"),
        ("detroit", "Michigan", "north"),
        ("cleveland", "Ohio", "north"),
        ("chicago", "Illinois", "north"),
        ("boston", "Massachusetts", "north"),
        ("new_york", "New York", "north"),
        ("newport", "Indiana", "north"),
        ("philadelphia", "Pennsylvania", "north"),
        ("cincinnati", "Ohio", "north"),
        ("ripley", "Ohio", "north"),
        ("washington_dc", "District of Columbia", "south"),
        ("st_louis", "Missouri", "south"),
        ("charleston", "South Carolina", "south"),
    ],
)
def test_fr_map_5_reference_places_present(board: Board, sid: str, state: str, region: str) -> None:
    s = board.spaces[sid]
    assert (s.state, s.region, s.kind) == (state, region, "city")


def test_fr_map_5_coordinates_spot_checks(board: Board) -> None:
    expected = {
        "new_york": (-74.0, 40.7),
        "chicago": (-87.6, 41.9),
        "boston": (-71.1, 42.4),
        "cincinnati": (-84.5, 39.1),
        "new_orleans": (-90.1, 30.0),
        "detroit": (-83.0, 42.3),
        "canada_montreal": (-73.6, 45.5),
        "washington_dc": (-77.0, 38.9),
    }
    for sid, (lon, lat) in expected.items():
        s = board.spaces[sid]
        assert abs(s.lon - lon) <= 0.15 and abs(s.lat - lat) <= 0.15, sid


# ---------------------------------------------------------------------- FR-MAP-6 Canada


def test_fr_map_6_canada_numbered_west_to_east(board: Board) -> None:
    lons = [board.spaces[c].lon for c in board.canada]
    assert lons == sorted(lons)
    assert [board.canada_number(c) for c in board.canada] == list(range(1, len(board.canada) + 1))
    assert board.canada_number("boston") is None
    for c in board.canada:
        nbrs = board.neighbours(c)
        assert nbrs and all(board.spaces[n].region == "north" for n in nbrs)


# ---------------------------------------------------------------------- FR-MAP-7 routes


def test_fr_map_7_graph_connected_and_degrees(board: Board) -> None:
    g = board.graph
    assert networkx.is_connected(g)
    assert set(g.nodes) == set(board.spaces)
    assert networkx.is_frozen(g)
    degrees = [d for n, d in g.degree() if board.spaces[n].kind != "canada"]
    assert max(degrees) <= 5
    assert sum(2 <= d <= 5 for d in degrees) == len(degrees)
    for _, _, mode in g.edges(data="mode"):
        assert mode in ("road", "rail", "river", "lake", "sea")


def test_fr_map_7_every_plantation_reaches_canada_in_6_to_10_steps(board: Board) -> None:
    for p in board.plantations:
        nearest = min(board.distance(p, c) for c in board.canada)
        assert 6 <= nearest <= 10, (p, nearest)
        # and through cities only, never across another plantation
        g = board.graph.subgraph(
            [p, *board.canada, *(s for s, v in board.spaces.items() if v.kind == "city")]
        )
        assert any(networkx.has_path(g, p, c) for c in board.canada)


def test_fr_map_7_neighbours_sorted_and_symmetric(board: Board) -> None:
    for sid in board.spaces:
        nbrs = board.neighbours(sid)
        assert list(nbrs) == sorted(nbrs)
        for n in nbrs:
            assert sid in board.neighbours(n)
    with pytest.raises(KeyError):
        board.neighbours("atlantis")


# ---------------------------------------------------------------------- FR-MAP-8 catcher paths


def test_fr_map_8_five_catchers_with_real_paths(board: Board) -> None:
    assert list(board.catchers) == ["orange", "brown", "red", "purple", "black"]
    starts = []
    for colour, c in board.catchers.items():
        assert isinstance(c, CatcherPath) and c.colour == colour
        assert 6 <= len(c.path) <= 12
        assert len(set(c.path)) == len(c.path)
        for a, b in zip(c.path, c.path[1:], strict=False):
            assert board.graph.has_edge(a, b), (colour, a, b)
        assert c.start in c.path
        assert all(board.spaces[s].kind == "city" for s in c.path)
        # listed west to east: the west end lies west of the east end
        assert board.spaces[c.path[0]].lon < board.spaces[c.path[-1]].lon
        starts.append(board.spaces[c.start].lon)
    assert len(set(starts)) == 5
    assert max(starts) - min(starts) > 10  # start spaces spread across the map


def test_fr_map_8_orange_reaches_far_north_west(board: Board) -> None:
    west_end = board.spaces[board.catchers["orange"].path[0]]
    assert west_end.id == "milwaukee" and west_end.state == "Wisconsin"


def test_fr_map_8_most_cities_on_a_path(board: Board) -> None:
    cities = [s for s in board.spaces.values() if s.kind == "city"]
    on_path = [s for s in cities if board.triggers(s.id)]
    assert len(on_path) > len(cities) / 2
    north = [s for s in cities if s.region == "north"]
    assert sum(bool(board.triggers(s.id)) for s in north) >= 0.75 * len(north)


# ---------------------------------------------------------------------- FR-MAP-9 triggers


def test_fr_map_9_triggers_derived_from_paths(board: Board) -> None:
    order = list(board.catchers)
    for sid in board.spaces:
        expected = tuple(c for c in order if sid in board.catchers[c].path)
        assert board.triggers(sid) == expected
    assert board.triggers("pittsburgh") == ("brown", "black")
    assert board.triggers("boston") == ("purple", "black")
    for p in (*board.plantations, *board.canada):
        assert board.triggers(p) == ()


# ---------------------------------------------------------------------- FR-MAP-10 catcher moves


def test_fr_map_10_step_along_moves_and_stops_at_path_ends(board: Board) -> None:
    path = board.catchers["red"].path  # alton ... ripley
    assert board.step_along("red", "louisville", "east", 1) == "lexington"
    assert board.step_along("red", "louisville", "west", 2) == "st_louis"
    assert board.step_along("red", "louisville", "west", 3) == path[0]
    assert board.step_along("red", "louisville", "west", 9) == path[0]
    assert board.step_along("red", "cincinnati", "east", 3) == path[-1]
    assert board.step_along("red", path[-1], "east", 1) == path[-1]
    assert board.step_along("red", "cairo", "east", 0) == "cairo"


def test_fr_map_10_step_along_rejects_spaces_off_the_path(board: Board) -> None:
    with pytest.raises(ValueError):
        board.step_along("red", "boston", "east", 1)
    with pytest.raises(KeyError):
        board.step_along("green", "boston", "east", 1)


def test_fr_map_10_step_toward(board: Board) -> None:
    assert board.step_toward("orange", "cleveland", "milwaukee") == "oberlin"
    assert board.step_toward("orange", "cleveland", "buffalo") == "erie"
    assert board.step_toward("orange", "cleveland", "cleveland") == "cleveland"
    # every step lands on a neighbour on the same path
    for colour, c in board.catchers.items():
        for here in c.path:
            for target in c.path:
                nxt = board.step_toward(colour, here, target)
                assert nxt in c.path
                assert nxt == here or board.graph.has_edge(here, nxt)
    with pytest.raises(ValueError):
        board.step_toward("orange", "cleveland", "boston")


# ---------------------------------------------------------------------- FR-MAP-11 reach


def test_fr_map_11_reachable_counts_fewest_steps(board: Board) -> None:
    r1 = board.reachable("cincinnati", 1)
    assert r1 == {n: 1 for n in board.neighbours("cincinnati")}
    r2 = board.reachable("cincinnati", 2)
    assert "cincinnati" not in r2
    for sid, d in r2.items():
        assert d == networkx.shortest_path_length(board.graph, "cincinnati", sid) <= 2
    assert board.reachable("cincinnati", 0) == {}


def test_fr_map_11_reachable_respects_blocked_intermediates(board: Board) -> None:
    # Battle Creek's neighbours: Chicago, Detroit, Fort Wayne; Amherstburg lies beyond Detroit.
    free = board.reachable("battle_creek", 2)
    assert free["canada_amherstburg"] == 2
    blocked = board.reachable("battle_creek", 2, frozenset({"detroit"}))
    assert blocked["detroit"] == 1  # a blocked space can still be a destination
    assert "canada_amherstburg" not in blocked  # only reachable through Detroit in 2 steps
    assert blocked["toledo"] == 2  # another way round: Fort Wayne
    blocked2 = board.reachable("battle_creek", 2, frozenset({"detroit", "fort_wayne"}))
    assert "toledo" not in blocked2
    # the origin being in the blocked set does not stop movement out of it
    assert board.reachable("toledo", 1, frozenset({"toledo"})) == board.reachable("toledo", 1)
    with pytest.raises(KeyError):
        board.reachable("atlantis", 1)


def test_fr_map_11_reachable_matches_bfs_on_pruned_graph(board: Board) -> None:
    blocked = frozenset({"columbus", "newport", "lexington"})
    origin = "cincinnati"
    got = board.reachable(origin, 4, blocked)
    # A blocked space keeps its edges in but loses its edges out: model it as a directed graph.
    dg = networkx.DiGraph()
    for a, b in board.graph.edges:
        for x, y in ((a, b), (b, a)):
            if x not in blocked or x == origin:
                dg.add_edge(x, y)
    lengths = networkx.single_source_shortest_path_length(dg, origin, cutoff=4)
    del lengths[origin]
    assert got == lengths


# ---------------------------------------------------------------------- FR-MAP-12 validation


def test_fr_map_12_default_board_is_cached(board: Board) -> None:
    assert load_board() is board
    assert load_board("default") is board
    with pytest.raises(ComponentError, match="map_nowhere.json"):
        load_board("nowhere")


def test_fr_map_12_from_dict_and_from_file_round_trip(raw: dict[str, Any], tmp_path: Path) -> None:
    b = Board.from_dict(raw)
    assert set(b.spaces) == set(load_board().spaces)
    p = tmp_path / "mymap.json"
    p.write_text(json.dumps(raw), encoding="utf-8")
    b2 = Board.from_file(p)
    assert b2.catchers == b.catchers
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentError, match="mymap.json"):
        Board.from_file(p)


def _break(data: dict[str, Any], how: str) -> None:
    if how == "duplicate id":
        data["spaces"].append(copy.deepcopy(_space(data, "boston")))
    elif how == "route to nowhere":
        data["routes"].append({"a": "boston", "b": "atlantis", "mode": "sea"})
    elif how == "disconnected":
        data["routes"] = [r for r in data["routes"] if "portland" not in (r["a"], r["b"])]
    elif how == "catcher jumps":
        data["catchers"][0]["path"] = ["milwaukee", "detroit"]
    elif how == "catcher repeats":
        data["catchers"][0]["path"] = ["milwaukee", "chicago", "milwaukee"]
    elif how == "start off path":
        data["catchers"][0]["start"] = "boston"
    elif how == "small city of 2":
        _space(data, "ripley")["capacity"] = 2
    elif how == "canada capacity":
        _space(data, "canada_toronto")["capacity"] = 5
    elif how == "light over capacity":
        _space(data, "louisiana_plantations")["light_slots"] = 99
    elif how == "negative money":
        _space(data, "boston")["money"] = -1
    elif how == "four plantations":
        s = _space(data, "natchez")
        s.update(kind="plantation", capacity=4, light_slots=2)
        data["plantations"].append("natchez")
    elif how == "six catchers":
        extra = copy.deepcopy(data["catchers"][0])
        extra["colour"] = "green"
        data["catchers"].append(extra)
    elif how == "plantation cut off":
        data["routes"] = [
            r for r in data["routes"] if "low_country_plantations" not in (r["a"], r["b"])
        ] + [{"a": "low_country_plantations", "b": "black_belt_plantations", "mode": "road"}]
    elif how == "bad kind":
        _space(data, "boston")["kind"] = "town"
    elif how == "missing field":
        del _space(data, "boston")["lat"]
    elif how == "capacity is bool":
        _space(data, "ripley")["capacity"] = True
    elif how == "canada unlisted":
        data["canada"].remove("canada_toronto")
    elif how == "plantations out of order":
        data["plantations"].reverse()
    else:  # pragma: no cover
        raise AssertionError(how)


@pytest.mark.parametrize(
    ("how", "field"),
    [
        ("duplicate id", "spaces["),
        ("route to nowhere", "routes["),
        ("disconnected", "routes"),
        ("catcher jumps", "catchers[0].path[1]"),
        ("catcher repeats", "catchers[0].path"),
        ("start off path", "catchers[0].start"),
        ("small city of 2", ".capacity"),
        ("canada capacity", ".capacity"),
        ("light over capacity", ".light_slots"),
        ("negative money", ".money"),
        ("four plantations", "plantations"),
        ("six catchers", "catchers"),
        ("plantation cut off", "routes"),
        ("bad kind", ".kind"),
        ("missing field", ".lat"),
        ("capacity is bool", ".capacity"),
        ("canada unlisted", "canada"),
        ("plantations out of order", "plantations"),
    ],
)
def test_fr_map_12_tampered_map_raises_component_error(
    raw: dict[str, Any], how: str, field: str
) -> None:
    _break(raw, how)
    with pytest.raises(ComponentError) as info:
        Board.from_dict(raw, source="map.json")
    assert str(info.value).startswith("map.json: ")
    assert any(field in p.where for p in info.value.problems), str(info.value)
    assert isinstance(info.value, ValueError)


def test_fr_map_12_board_is_immutable(board: Board) -> None:
    with pytest.raises(TypeError):
        board.spaces["boston"] = board.spaces["ripley"]  # type: ignore[index]
    with pytest.raises(networkx.NetworkXError):
        board.graph.add_edge("boston", "ripley")
    with pytest.raises(AttributeError):
        board.spaces["boston"].money = 9  # type: ignore[misc]


def test_fr_map_7_hand_searches_agree_with_networkx(board: Board) -> None:
    """The engine's own searches give networkx's answers on the route map it hands out."""
    assert board.edges() == list(board.graph.edges())
    for a in board.spaces:
        lengths = networkx.single_source_shortest_path_length(board.graph, a)
        assert {b: board.distance(a, b) for b in board.spaces} == lengths
        for steps in (1, 2, 3):
            near = board.open_destinations(a, steps, frozenset())
            assert set(near) == {b for b, d in lengths.items() if 1 <= d <= steps}


def test_fr_move_6_open_destinations_equal_a_fresh_walk_under_any_catchers(board: Board) -> None:
    """The rows of ``open_destinations`` reuse the catcher-free walk when no catcher stands where
    it goes on: for every origin, budget and stops, under many sets of catcher spaces (none on
    the way, some on it, the origin itself), they are the spaces a fresh walk finds that hold no
    catcher, in map order [FR-MOVE-6, FR-RULING-CANADA]."""
    import random

    rng = random.Random(22)
    spaces = list(board.spaces)
    order = {s: i for i, s in enumerate(spaces)}
    canada = frozenset(board.canada)
    cases = [frozenset(rng.sample(spaces, rng.randint(0, 6))) for _ in range(60)]
    cases += [frozenset({s}) for s in spaces]  # one catcher, wherever it stands
    checked = 0
    for blocked in cases:
        for stops in (frozenset(), canada):
            for steps in range(5):
                for origin in spaces:
                    walk = board.reachable(origin, steps, blocked | stops)
                    want = sorted((s for s in walk if s not in blocked), key=order.__getitem__)
                    got = board.open_destinations(origin, steps, blocked, stops)
                    assert got == tuple(want), (origin, steps, sorted(blocked), bool(stops))
                    checked += 1
    assert checked == len(cases) * 2 * 5 * len(spaces)


def test_the_engine_does_not_import_networkx() -> None:
    """networkx is for analysis (``Board.graph``); a game, a rollout worker never pay for it."""
    import subprocess
    import sys

    code = ("import sys; from freight_freedom import Freedom; g = Freedom(players=2, seed=1); "
            "g.apply(g.legal_actions()[0]); print('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
