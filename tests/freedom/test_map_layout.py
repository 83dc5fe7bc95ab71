"""The stored map layout (data/map_layout.json) is up to date with the map data and the code."""

from __future__ import annotations

import dataclasses

from freight_freedom.freedom import view
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
