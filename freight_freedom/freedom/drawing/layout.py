"""The route map's layout: where every space, slot, gold circle, name and the panel sit.

Every space's longitude and latitude are projected with an Albers equal-area conic projection
(the projection of the familiar US maps), the crowded north-east is drawn larger through a
fisheye lens (:func:`magnify`), and the spaces are pulled apart just enough that no two markers
touch (:func:`spread`). Plantation slot grids go under their plantation on the side away from
neighbours, gold circles on a free diagonal just off their space, the panel (tracks, Slave
Market, key) in the Atlantic below New England, and the names where they fit
(:mod:`.labels`, :mod:`.label_placer`). All of it is computed once per map
(:func:`compute_geometry`) and, for the packaged map, stored beside ``map.json``
(:data:`LAYOUT_FILE`), so drawing never moves a label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..board import Board, load_board
from ..data_files import read_packaged
from .label_placer import LabelPlacer
from .labels import Box, Label, _overlap, _place, _square

CATCHER_SIZE, CATCHER_STEP = 36, 11  # px: a catcher's open diamond around its space; the
# next catcher on the same space is drawn as a larger diamond around the first
TAG_SIZE = 17  # px: the ring around a catcher's letter, on a corner of its diamond
_R = 63.71  # Earth radius in units of 100 km
_PHI1, _PHI2, _PHI0, _LAM0 = 29.5, 45.5, 37.5, -84.0


def project(lon: float, lat: float) -> tuple[float, float]:
    """Albers equal-area conic projection (standard parallels 29.5N/45.5N), in 100 km units."""
    p1, p2, p0 = (math.radians(v) for v in (_PHI1, _PHI2, _PHI0))
    n = (math.sin(p1) + math.sin(p2)) / 2
    c = math.cos(p1) ** 2 + 2 * n * math.sin(p1)
    rho0 = math.sqrt(c - 2 * n * math.sin(p0)) / n
    rho = math.sqrt(c - 2 * n * math.sin(math.radians(lat))) / n
    theta = n * math.radians(lon - _LAM0)
    return _R * rho * math.sin(theta), _R * (rho0 - rho * math.cos(theta))



# The figure is laid out for a plot area of PLOT_W pixels: the app's 780 px figure less its
# margins, whose height (726 px) leaves the map and the decision column beside it on one
# 1366x768 screen. Names are 16 px, so still 12.8 px where the map is drawn at 0.8 of its size;
# in the crowded Great Lakes and Mid-Atlantic some sit further out, joined by a leader line.
FIG_W = 780
MARGIN = {"l": 4, "r": 4, "t": 34, "b": 4}
PLOT_W = FIG_W - MARGIN["l"] - MARGIN["r"]
GAP = 2  # px at least between two space markers
SLOT_STEP = 0.46  # distance between plantation slot squares (100 km units)
TRACK_STEP = 0.56  # distance between track squares
TRACK_PER_ROW = 10
MARKET_STEP = 1.7


@dataclass(frozen=True)
class Geometry:
    """Positions of everything that never moves, computed once per board (then cached).

    ``xy`` are the drawn positions: the projected town centres through the lens
    (:func:`magnify`), pulled apart just enough that no two space markers touch
    (:func:`spread`), so Detroit and Amherstburg, or Niagara Falls and St. Catharines, stay two
    clickable discs. ``true_xy`` keeps the plain projection.
    """

    ids: tuple[str, ...]
    xy: dict[str, tuple[float, float]]
    true_xy: dict[str, tuple[float, float]]
    radius_px: dict[str, float]
    slot_xy: dict[str, list[tuple[float, float]]]
    money_xy: dict[str, tuple[float, float]]
    labels: tuple[Label, ...]
    unlabelled: tuple[str, ...]
    panel_x0: float
    panel_y0: float
    panel_box: tuple[float, float, float, float]
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    px: float  # pixels per data unit at the design width
    height: int  # figure height (px) that fits the map at the design width: no blank band


def _radius_px(board: Board, sid: str) -> float:
    """Half the largest marker a space can show (a disc with a count), in pixels."""
    s = board.spaces[sid]
    if s.kind == "plantation":
        return 15.0
    if s.kind == "canada" or (s.capacity or 0) >= 4:
        return 14.0
    return 11.0


#: the crowded north-east (the Great Lakes, Pennsylvania, the Mid-Atlantic) is drawn larger
#: than the rest, as on a transit map, so its names fit beside their spaces at a size a class
#: reads: a fisheye lens centred here (lon, lat), :data:`LENS` times larger at its centre
LENS_CENTRE = (-79.5, 41.0)
LENS = 1.8


def magnify(xy: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The positions seen through a fisheye lens at :data:`LENS_CENTRE`: each space keeps its
    direction from the centre, and its distance ``r`` becomes ``R * k*t / ((k-1)*t + 1)``
    with ``t = r / R`` (``R`` the farthest space's distance, ``k`` = :data:`LENS`). Spaces
    near the centre move apart, the far ones (the South, the Mississippi) closer; every space
    keeps its order along its ray, and the farthest stays where it is."""
    cx, cy = project(*LENS_CENTRE)
    far = max(math.hypot(x - cx, y - cy) for x, y in xy.values())
    out = {}
    for sid, (x, y) in xy.items():
        r = math.hypot(x - cx, y - cy)
        t = r / far
        scale = LENS / ((LENS - 1) * t + 1)  # r' / r
        out[sid] = (cx + (x - cx) * scale, cy + (y - cy) * scale)
    return out


def spread(xy: dict[str, tuple[float, float]], radius: dict[str, float],
           px: float) -> dict[str, tuple[float, float]]:
    """Push apart spaces whose markers would touch at ``px`` pixels per unit.

    A few rounds of pairwise pushes, each pair moved symmetrically by the missing distance; a
    space that is clear of its neighbours does not move. The largest push on the packaged map
    is under 0.4 units (Niagara and the Detroit River), so each space stays where the lens
    (:func:`magnify`) draws it.
    """
    pos = {sid: list(p) for sid, p in xy.items()}
    ids = list(pos)
    for _ in range(60):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                need = (radius[a] + radius[b] + GAP) / px
                dx = pos[b][0] - pos[a][0]
                dy = pos[b][1] - pos[a][1]
                d = math.hypot(dx, dy)
                if d >= need:
                    continue
                if d < 1e-9:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (need - d) / 2 + 1e-4
                ux, uy = dx / d, dy / d
                pos[a][0] -= ux * push
                pos[a][1] -= uy * push
                pos[b][0] += ux * push
                pos[b][1] += uy * push
                moved = True
        if not moved:
            break
    return {sid: (p[0], p[1]) for sid, p in pos.items()}



LAYOUT_FILE = "map_layout.json"
"""The packaged map's layout, computed by :func:`compute_geometry` and stored beside
``map.json`` (``python -m freight_freedom.freedom.view`` rewrites it after a map change)."""


def board_fingerprint(board: Board) -> str:
    """SHA-256 of everything on ``board`` the layout depends on (spaces, routes, paths)."""
    import dataclasses
    import hashlib
    import json

    data = {
        "spaces": {sid: dataclasses.asdict(s) for sid, s in board.spaces.items()},
        "edges": [list(e) for e in board.edges()],
        "catchers": {c: list(p.path) for c, p in board.catchers.items()},
        "plantations": list(board.plantations),
        "canada": list(board.canada),
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def geometry_to_dict(geo: Geometry, fingerprint: str) -> dict[str, Any]:
    """Plain JSON data of ``geo`` (floats are written exactly: JSON keeps their repr)."""
    import dataclasses

    data = dataclasses.asdict(geo)
    data["labels"] = [dataclasses.asdict(lb) for lb in geo.labels]
    return {"fingerprint": fingerprint, "geometry": data}


def geometry_from_dict(data: dict[str, Any]) -> Geometry:
    g = data["geometry"]

    def pairs(m: dict[str, Any]) -> dict[str, tuple[float, float]]:
        return {k: (float(v[0]), float(v[1])) for k, v in m.items()}

    return Geometry(
        ids=tuple(g["ids"]), xy=pairs(g["xy"]), true_xy=pairs(g["true_xy"]),
        radius_px={k: float(v) for k, v in g["radius_px"].items()},
        slot_xy={k: [(float(x), float(y)) for x, y in v] for k, v in g["slot_xy"].items()},
        money_xy=pairs(g["money_xy"]),
        labels=tuple(Label(lb["sid"], lb["text"], lb["x"], lb["y"], lb["position"], lb["size"],
                           (lb["box"][0], lb["box"][1], lb["box"][2], lb["box"][3]),
                           _leader(lb.get("leader")))
                     for lb in g["labels"]),
        unlabelled=tuple(g["unlabelled"]), panel_x0=g["panel_x0"], panel_y0=g["panel_y0"],
        panel_box=(g["panel_box"][0], g["panel_box"][1], g["panel_box"][2], g["panel_box"][3]),
        x_range=(g["x_range"][0], g["x_range"][1]), y_range=(g["y_range"][0], g["y_range"][1]),
        px=g["px"], height=g["height"],
    )


def _leader(v: Any) -> tuple[float, float, float, float] | None:
    return None if v is None else (float(v[0]), float(v[1]), float(v[2]), float(v[3]))


@lru_cache(maxsize=4)
def geometry(board: Board) -> Geometry:
    """The layout of ``board``: read from :data:`LAYOUT_FILE` when it was computed for this very
    map data (the packaged map: no label placement at run time), else computed
    (:func:`compute_geometry`)."""
    try:
        stored = read_packaged(LAYOUT_FILE)
    except Exception:  # noqa: BLE001 - a missing or broken layout file only costs time
        stored = None
    if stored is not None and stored.get("fingerprint") == board_fingerprint(board):
        return geometry_from_dict(stored)
    return compute_geometry(board)


def write_layout(path: Any = None) -> str:
    """Compute the packaged map's layout and store it in :data:`LAYOUT_FILE` (or ``path``)."""
    import json
    from pathlib import Path

    board = load_board()
    data = geometry_to_dict(compute_geometry(board), board_fingerprint(board))
    target = Path(path) if path is not None else Path(__file__).parents[1] / "data" / LAYOUT_FILE
    target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return str(target)



def compute_geometry(board: Board) -> Geometry:
    """Lay the map out once: positions, slots, gold circles, name labels, panel and ranges.

    Every space of the packaged map is named (``unlabelled`` stays for other maps); how names
    are placed is :class:`.label_placer.LabelPlacer`. Everything is computed once here and
    stored, so drawing never moves a label.
    """
    ids = tuple(board.spaces)
    true_xy = {sid: project(s.lon, s.lat) for sid, s in board.spaces.items()}
    radius = {sid: _radius_px(board, sid) for sid in ids}
    # the design scale from the plain projection's width (slots add about a grid on the left)
    xs0 = [p[0] for p in true_xy.values()]
    px = PLOT_W / (max(xs0) - min(xs0) + 3.2)
    xy = spread(magnify(true_xy), radius, px)
    slot_xy, grids = _slot_grids(board, xy, radius, px)
    panel_x0, panel_y0, panel_box, x_range, y_range = _panel_and_ranges(xy, slot_xy)
    px = PLOT_W / (x_range[1] - x_range[0])
    inside = (x_range[0], y_range[0], x_range[1], y_range[1])

    on_paths = sorted({s for path in board.catchers.values() for s in path.path})
    catch_spots = [_square(xy[s][0], xy[s][1], CATCHER_SIZE / 2 / px) for s in on_paths]
    # a catcher's letter sits on a corner of its diamond (0.65 of its size out: plotly.js)
    reach = 0.65 * CATCHER_SIZE / px
    letters = [_square(xy[s][0] + fx * reach, xy[s][1] + fy * reach, TAG_SIZE / 2 / px)
               for s in on_paths for fx, fy in ((0, 1), (1, 0), (0, -1), (-1, 0))]
    markers = {sid: _square(*xy[sid], radius[sid] / px) for sid in ids}
    segments = [(*xy[a], *xy[b]) for a, b in board.edges()]
    money_xy, coins = _gold_circles(board, xy, radius, px, (markers, grids, catch_spots,
                                                            segments, inside))
    fixed = list(markers.values()) + coins + grids + [panel_box]
    placed, unlabelled = LabelPlacer(board, xy, radius, px, inside, markers, fixed,
                                     catch_spots + letters, segments).place()
    height = round(PLOT_W * (y_range[1] - y_range[0]) / (x_range[1] - x_range[0])
                   + MARGIN["t"] + MARGIN["b"])
    return Geometry(
        ids=ids, xy=xy, true_xy=true_xy, radius_px=radius, slot_xy=slot_xy, money_xy=money_xy,
        labels=tuple(placed), unlabelled=tuple(unlabelled), panel_x0=panel_x0,
        panel_y0=panel_y0, panel_box=panel_box, x_range=x_range, y_range=y_range, px=px,
        height=height,
    )


def _slot_grids(board: Board, xy: dict[str, tuple[float, float]], radius: dict[str, float],
                px: float) -> tuple[dict[str, list[tuple[float, float]]], list[Box]]:
    """Plantation slot grids, under their plantation on the side away from neighbours: the
    slots' positions by plantation and the grids' boxes."""
    ids = tuple(board.spaces)
    slot_xy: dict[str, list[tuple[float, float]]] = {}
    grids: list[Box] = []
    for pid in board.plantations:
        cap = board.spaces[pid].capacity or 0
        cols, rows = 5, (cap + 4) // 5
        x0, y0 = xy[pid]
        w, h = (cols - 1) * SLOT_STEP, (rows - 1) * SLOT_STEP
        best: tuple[float, float, float] | None = None
        r = radius[pid] / px
        spots = [(x0 - w * f, y0 - r - drop) for drop in (0.35, 0.8, 1.3)
                 for f in (0.5, 1, 0.15, 0, -0.3)]
        for gx, gy in spots:
            box = (gx - 0.3, gy - h - 0.3, gx + w + 0.3, gy + 0.3)
            hits = sum(_overlap(box, _square(*xy[s], (radius[s] + 4) / px)) for s in ids
                       if s != pid)
            if best is None or hits < best[2]:
                best = (gx, gy, hits)
        assert best is not None
        gx, gy, _ = best
        slot_xy[pid] = [(gx + (i % cols) * SLOT_STEP, gy - (i // cols) * SLOT_STEP)
                        for i in range(cap)]
        grids.append((gx - 0.3, gy - h - 0.3, gx + w + 0.3, gy + 0.3))
    return slot_xy, grids


def _panel_and_ranges(xy: dict[str, tuple[float, float]],
                      slot_xy: dict[str, list[tuple[float, float]]]
                      ) -> tuple[float, float, Box, tuple[float, float], tuple[float, float]]:
    """The panel (tracks, market, key) in the Atlantic, below New England, and the axes'
    ranges around everything: ``(panel_x0, panel_y0, panel_box, x_range, y_range)``."""
    all_x = [p[0] for p in xy.values()] + [x for s in slot_xy.values() for x, _ in s]
    all_y = [p[1] for p in xy.values()] + [y for s in slot_xy.values() for _, y in s]
    xmax, ymin = max(all_x), min(all_y)
    panel_w = TRACK_PER_ROW * TRACK_STEP + 0.4
    panel_x0 = xmax + 0.3 - panel_w
    _, panel_y0 = project(-72.0, 37.4)
    panel_box = (panel_x0 - 0.4, ymin - 0.6, xmax + 0.6, panel_y0 + 0.8)
    x_range = (min(all_x) - 0.7, max(xmax, panel_box[2]) + 0.3)
    y_range = (min(ymin, panel_box[1]) - 0.5, max(all_y) + 0.9)
    return panel_x0, panel_y0, panel_box, x_range, y_range


def _gold_circles(board: Board, xy: dict[str, tuple[float, float]], radius: dict[str, float],
                  px: float, obstacles: tuple[Any, ...]
                  ) -> tuple[dict[str, tuple[float, float]], list[Box]]:
    """Gold circles on a free diagonal just off their space: positions and boxes.
    ``obstacles`` are the markers, slot grids, catcher spots, routes and plot box."""
    markers, grids, catch_spots, segments, inside = obstacles
    money_xy: dict[str, tuple[float, float]] = {}
    coins: list[Box] = []
    for sid, s in board.spaces.items():
        if not s.money:
            continue
        d = (radius[sid] + 6) / px
        spots = [(xy[sid][0] + dx * d, xy[sid][1] + dy * d)
                 for dx, dy in ((-0.75, -0.75), (0.75, -0.75), (-0.75, 0.75), (-1, 0), (0, -1))]
        boxes = [_square(x, y, 8 / px) for x, y in spots]
        hard = [m for o, m in markers.items() if o != sid] + coins + grids
        k, _ = _place(boxes, hard, catch_spots, segments, inside)
        money_xy[sid] = spots[k]
        coins.append(boxes[k])
    return money_xy, coins
