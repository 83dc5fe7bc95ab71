"""The stored map layout (data/map_layout.json) is up to date with the map data and the code."""

from __future__ import annotations

import dataclasses

from freight_freedom.freedom import map_layout, view
from freight_freedom.freedom.board import Board, load_board, read_packaged


def test_stored_layout_matches_a_fresh_computation() -> None:
    board = load_board()
    stored = read_packaged(view.LAYOUT_FILE)
    assert stored["fingerprint"] == view.board_fingerprint(board), (
        "map.json changed: run `python -m freight_freedom.freedom.view` to store its layout")
    assert view.geometry_from_dict(stored) == view.compute_geometry(board), (
        "the layout code changed: run `python -m freight_freedom.freedom.view`")
    assert view.geometry(board) == view.geometry_from_dict(stored)


def test_another_map_is_laid_out_at_run_time() -> None:
    board = load_board()
    data = read_packaged("map.json")
    moved = dict(data)
    moved["spaces"] = [dict(s) for s in data["spaces"]]
    moved["spaces"][0]["lon"] = float(moved["spaces"][0]["lon"]) + 0.5
    other = Board.from_dict(moved)
    assert view.board_fingerprint(other) != view.board_fingerprint(board)
    geo = view.geometry(other)
    first = moved["spaces"][0]["id"]
    assert geo.true_xy[first] != view.geometry(board).true_xy[first]
    assert dataclasses.asdict(geo) == dataclasses.asdict(view.compute_geometry(other))


def test_the_lens_draws_the_north_east_larger_and_keeps_directions() -> None:
    """The fisheye lens (map_layout.magnify) spreads the crowded Great Lakes and Mid-Atlantic
    and draws the South smaller, but every space keeps its direction from the lens's centre and
    its order along that line; the farthest space stays where the projection puts it."""
    import math

    geo = view.geometry(load_board())
    cx, cy = view.project(*map_layout.LENS_CENTRE)
    lens = view.magnify(geo.true_xy)
    far = max(geo.true_xy, key=lambda s: math.dist(geo.true_xy[s], (cx, cy)))
    assert math.dist(lens[far], geo.true_xy[far]) < 1e-9
    for sid, (x, y) in geo.true_xy.items():
        lx, ly = lens[sid]
        assert abs((x - cx) * (ly - cy) - (y - cy) * (lx - cx)) < 1e-9, sid  # same line
        assert (x - cx) * (lx - cx) + (y - cy) * (ly - cy) >= 0, sid  # same side
    by_distance = sorted(geo.true_xy, key=lambda s: math.dist(geo.true_xy[s], (cx, cy)))
    drawn = [math.dist(lens[s], (cx, cy)) for s in by_distance]
    assert drawn == sorted(drawn)
    # Pittsburgh and Cleveland are drawn further apart, Memphis and Nashville closer together
    def apart(a: str, b: str, xy: dict[str, tuple[float, float]]) -> float:
        return math.dist(xy[a], xy[b])

    assert apart("pittsburgh", "cleveland", lens) > 1.5 * apart("pittsburgh", "cleveland",
                                                                 geo.true_xy)
    assert apart("memphis", "nashville", lens) < apart("memphis", "nashville", geo.true_xy)

