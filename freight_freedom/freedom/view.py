"""The Freedom route map as a plotly figure: where the people and the Slave Catchers are.

Drawn true to geography without any network access. plotly's ``scattergeo`` would be the
obvious choice, but plotly.js fetches its coastline and state-border topojson from a CDN at
render time (``topojsonURL``), so in a classroom without internet, on Binder behind a proxy or in
a Voila app the base map would fail to load. Instead every space's longitude and latitude are
projected here in Python with an Albers equal-area conic projection (the projection of the
familiar US maps) and drawn as an ordinary ``go.Scatter`` with equal axis scale. That needs no
assets, updates fastest (plain x/y arrays) and gives reliable click events on a FigureWidget.
Regions are shown as soft shaded areas around their spaces, not as borders.

Everything the map needs for a newcomer to read the board at a glance:

- spaces coloured by region (south green, north blue, Canada teal); a space holding people is a
  large tan disc with the count in bold; catchers are open diamonds in their own colour drawn
  around the space they stand on (its count stays readable inside), and their paths are thick
  coloured lines;
- plantation areas with their light and dark slots (filled slots show a person), large cities
  (capacity 4) as squares, gold circles with the money a space pays;
- Canada's numbered spaces with the people freed there; the Slaves Freed and Slaves Lost tracks;
  the three Slave Market cards with their people (next delivery first);
- hover text on every space: name, state, region, occupants, catchers standing there, which
  catchers it draws (triggers), money and capacity;
- the legal destinations of a pending movement decision ringed in yellow (the app's click handler
  turns a click on them into the move).

:func:`figure` builds the whole figure; :func:`update` changes only the state-dependent arrays
of an existing figure (a FigureWidget, inside ``batch_update``), so the trace list never changes
within a game.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import plotly.graph_objects as go

from ..ui.adapter import Selection
from ..ui.template import LIGHT_TEMPLATE
from .board import Board, load_board, read_packaged
from .view_model import FreedomView

REGION_COLOUR = {"south": "#2e7d32", "north": "#1565c0", "canada": "#00897b"}
REGION_FILL = {"south": "rgba(46,125,50,0.13)", "north": "rgba(21,101,192,0.11)",
               "canada": "rgba(0,137,123,0.16)"}
REGION_NAME = {"south": "South (slave states)", "north": "North (free states)",
               "canada": "Canada (freedom)"}
CATCHER_COLOUR = {"orange": "#f57c00", "brown": "#795548", "red": "#d32f2f",
                  "purple": "#7b1fa2", "black": "#212121"}
PERSON = "#c8a27a"  # the tan of the wooden cubes
PERSON_EDGE = "#4e342e"
TARGET = "#ffd600"
GOLD = "#f9a825"

# Trace names (the app's click handler and the tests find traces by name).
SPACES = "spaces"
TARGETS = "targets"
CATCHERS = "catchers"
SLOTS = "plantation slots"
NAMES = "names"

CATCHER_SIZE, CATCHER_STEP = 36, 11  # px: a catcher's open diamond around its space; the
# next catcher on the same space is drawn as a larger diamond around the first
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


# ------------------------------------------------------------------ static geometry
# The figure is laid out for a plot area of PLOT_W pixels: the app's 780 px figure less its
# margins, whose height (726 px) leaves the map and the decision column beside it on one
# 1366x768 screen. Names are at least 11 px (readable on a projector); in the crowded Great
# Lakes and Mid-Atlantic some sit further out, joined to their space by a leader line.
FIG_W = 780
MARGIN = {"l": 4, "r": 4, "t": 34, "b": 4}
PLOT_W = FIG_W - MARGIN["l"] - MARGIN["r"]
NAME_FONT = {"major": 11, "minor": 11}  # px: large places, small cities
GAP = 2  # px at least between two space markers
NEAR = (1, 3, 6, 9, 12, 16, 20, 24, 30)  # px from a marker to its name beside it, nearest first
FAR = tuple(range(18, 121, 6))  # px out to a name joined to its marker by a leader line
SLOT_STEP = 0.46  # distance between plantation slot squares (100 km units)
TRACK_STEP = 0.56  # distance between track squares
TRACK_PER_ROW = 10
MARKET_STEP = 1.7


@dataclass(frozen=True)
class Label:
    """A space name placed on the map: anchor point, plotly textposition and font size."""

    sid: str
    text: str
    x: float
    y: float
    position: str
    size: int
    box: tuple[float, float, float, float]  # estimated x0, y0, x1, y1 in data units
    #: a name set further out in a crowded spot is joined to its space by a thin line
    #: (x0, y0, x1, y1: from the marker's edge to the name); None when it sits beside it
    leader: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class Geometry:
    """Positions of everything that never moves, computed once per board (then cached).

    ``xy`` are the drawn positions: the projected town centres, pulled apart just enough that
    no two space markers touch (:func:`spread`), so Detroit and Amherstburg, or Niagara Falls and
    St. Catharines, stay two clickable discs. ``true_xy`` keeps the plain projection.
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


Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _square(x: float, y: float, half: float) -> Box:
    return (x - half, y - half, x + half, y + half)


def _radius_px(board: Board, sid: str) -> float:
    """Half the largest marker a space can show (a disc with a count), in pixels."""
    s = board.spaces[sid]
    if s.kind == "plantation":
        return 15.0
    if s.kind == "canada" or (s.capacity or 0) >= 4:
        return 14.0
    return 11.0


def spread(xy: dict[str, tuple[float, float]], radius: dict[str, float],
           px: float) -> dict[str, tuple[float, float]]:
    """Push apart spaces whose markers would touch at ``px`` pixels per unit.

    A few rounds of pairwise pushes, each pair moved symmetrically by the missing distance; a
    space that is clear of its neighbours does not move. The largest shift on the packaged map
    is well under 100 km (Niagara and the Detroit River), so the map stays true to geography.
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


def label_text(board: Board, sid: str) -> str:
    s = board.spaces[sid]
    number = board.canada_number(sid)
    if number is not None:
        return f"{number}. {s.name.replace('Canada - ', '')}"
    if s.kind == "plantation":
        return s.name.replace(" Plantations", "")
    return s.name.replace(", D.C.", " DC")


#: the names' font: Arial and its metric twins (Liberation Sans on Linux, Helvetica on a Mac),
#: so every computer draws a name as wide as :func:`text_size` reckons (plotly's default,
#: Open Sans falling back to Verdana, is 15% wider on Windows)
NAME_FAMILY = "Arial, 'Liberation Sans', Helvetica, sans-serif"
#: Arial's advance widths in thousandths of the font size, by character (others: 667)
_ARIAL = {**dict.fromkeys("fijlt .,'", 278), **dict.fromkeys("-r()", 333),
          **dict.fromkeys("ckvxyzsJ", 500), **dict.fromkeys("FTZ", 611),
          **dict.fromkeys("CDHNRUw", 722), **dict.fromkeys("GOQ", 778),
          **dict.fromkeys("mM", 833), "W": 944, "I": 278, "L": 556, "i": 222, "j": 222,
          "l": 222, **dict.fromkeys("abdeghnopqu0123456789", 556)}


def text_size(text: str, size: float, px: float) -> tuple[float, float]:
    """Estimated (width, height) of a text in data units: Arial's widths plus 3 px of air."""
    width = sum(_ARIAL.get(ch, 667) for ch in text) * size / 1000
    return (width + 3) / px, (1.2 * size + 2) / px


_POSITIONS = (  # (textposition, dx, dy) of the anchor as a fraction of the offset; preference order
    ("middle right", 1.0, 0.0), ("top center", 0.0, 1.0), ("middle left", -1.0, 0.0),
    ("bottom center", 0.0, -1.0), ("top right", 0.72, 0.72), ("top left", -0.72, 0.72),
    ("bottom right", 0.72, -0.72), ("bottom left", -0.72, -0.72),
)


#: a name with a leader line may also sit between those directions
_LEADER_POSITIONS = _POSITIONS + (
    ("middle right", 0.92, 0.38), ("middle right", 0.92, -0.38), ("middle left", -0.92, 0.38),
    ("middle left", -0.92, -0.38), ("top center", 0.38, 0.92), ("top center", -0.38, 0.92),
    ("bottom center", 0.38, -0.92), ("bottom center", -0.38, -0.92),
)


def _text_box(x: float, y: float, position: str, w: float, h: float) -> Box:
    vert, horiz = position.split()
    x0 = x if horiz == "right" else x - w if horiz == "left" else x - w / 2
    y0 = y if vert == "top" else y - h if vert == "bottom" else y - h / 2
    return (x0, y0, x0 + w, y0 + h)


def _segment_hits(box: Box, seg: tuple[float, float, float, float]) -> bool:
    x1, y1, x2, y2 = seg
    # the sample points lie inside the segment's bounding box: reject most pairs cheaply
    if max(x1, x2) < box[0] or min(x1, x2) > box[2] or max(y1, y2) < box[1] or min(y1, y2) > box[3]:
        return False
    return any(box[0] <= x1 + (x2 - x1) * t <= box[2] and box[1] <= y1 + (y2 - y1) * t <= box[3]
               for t in (i / 10 for i in range(1, 10)))


def _place(boxes: list[Box], hard: list[Box], soft: list[Box],
           segments: list[tuple[float, float, float, float]], inside: Box) -> tuple[int, float]:
    """Index and cost of the cheapest candidate box (cost >= 1000: it hits something hard)."""
    best, best_cost = 0, math.inf
    # only obstacles near the candidates can touch them: filter once, not per candidate
    near: Box = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                 max(b[2] for b in boxes), max(b[3] for b in boxes))
    hard = [h for h in hard if _overlap(near, h)]
    soft = [s for s in soft if _overlap(near, s)]
    segments = [g for g in segments if _overlap(near, (min(g[0], g[2]), min(g[1], g[3]),
                                                       max(g[0], g[2]), max(g[1], g[3])))]
    for k, box in enumerate(boxes):
        cost = float(k)
        if not (inside[0] <= box[0] and box[2] <= inside[2] and inside[1] <= box[1]
                and box[3] <= inside[3]):
            cost += 1000
        cost += 1000 * sum(_overlap(box, h) for h in hard)
        cost += 120 * sum(_overlap(box, s) for s in soft)
        cost += 4 * sum(_segment_hits(box, seg) for seg in segments)
        if cost < best_cost:
            best, best_cost = k, cost
    return best, best_cost


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
    target = Path(path) if path is not None else Path(__file__).parent / "data" / LAYOUT_FILE
    target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return str(target)


def compute_geometry(board: Board) -> Geometry:
    """Lay the map out once: positions, slots, gold circles, name labels, panel and ranges.

    Labels: every space gets its name when it can be placed without touching another name, a
    marker, a gold circle, a slot grid or the panel. For each space (large and printed places
    first, then the most crowded) the candidate spots around its marker are tried in a fixed
    preference order (right, above, left, below, diagonals); spots crossing routes or where a
    catcher would stand cost a little, spots touching something cost a lot. Names are 11 px
    (:data:`NAME_FONT`). Where no spot beside a space is free, its name goes further out with a
    leader line that crosses no marker, name or other line; the spaces left over go first in
    the next try, and a last pass may move up to two names to make room. Every space of the
    packaged map is named (``unlabelled`` stays for other maps). Everything is computed once
    here and stored, so :func:`update` never moves a label.
    """
    ids = tuple(board.spaces)
    true_xy = {sid: project(s.lon, s.lat) for sid, s in board.spaces.items()}
    radius = {sid: _radius_px(board, sid) for sid in ids}
    # the design scale from the plain projection's width (slots add about a grid on the left)
    xs0 = [p[0] for p in true_xy.values()]
    px = PLOT_W / (max(xs0) - min(xs0) + 3.2)
    xy = spread(true_xy, radius, px)

    # plantation slot grids, under their plantation on the side away from neighbours
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

    # the panel (tracks, market, key) sits in the Atlantic, below New England
    all_x = [p[0] for p in xy.values()] + [x for s in slot_xy.values() for x, _ in s]
    all_y = [p[1] for p in xy.values()] + [y for s in slot_xy.values() for _, y in s]
    xmax, ymin = max(all_x), min(all_y)
    panel_w = TRACK_PER_ROW * TRACK_STEP + 0.4
    panel_x0 = xmax + 0.3 - panel_w
    _, panel_y0 = project(-72.0, 37.4)
    panel_box = (panel_x0 - 0.4, ymin - 0.6, xmax + 0.6, panel_y0 + 0.8)
    x_range = (min(all_x) - 0.7, max(xmax, panel_box[2]) + 0.3)
    y_range = (min(ymin, panel_box[1]) - 0.5, max(all_y) + 0.9)
    px = PLOT_W / (x_range[1] - x_range[0])
    inside = (x_range[0], y_range[0], x_range[1], y_range[1])

    catch_spots = [_square(xy[s][0], xy[s][1], CATCHER_SIZE / 2 / px)
                   for s in {s for path in board.catchers.values() for s in path.path}]
    markers = {sid: _square(*xy[sid], radius[sid] / px) for sid in ids}
    segments = [(*xy[a], *xy[b]) for a, b in board.edges()]

    # gold circles: a free diagonal just off the marker
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

    # names, most important and most crowded first
    def crowd(sid: str) -> int:
        x, y = xy[sid]
        return sum(math.hypot(xy[o][0] - x, xy[o][1] - y) < 2.0 for o in ids)

    def major(sid: str) -> bool:
        s = board.spaces[sid]
        return s.kind != "city" or (s.capacity or 0) >= 4

    order = sorted(ids, key=lambda sid: (not major(sid), -board.spaces[sid].money,
                                         -crowd(sid), sid))
    fixed = list(markers.values()) + coins + grids + [panel_box]

    def candidates(sid: str, extras: tuple[int, ...], leader: bool,
                   positions: tuple[tuple[str, float, float], ...] = _POSITIONS,
                   any_side: bool = False) -> list[Label]:
        """Spots for the name of ``sid``: ``extras`` px out in each of ``positions``' directions
        (with a leader line if ``leader``), the name on the far side of that point, or with
        ``any_side`` on any side of it."""
        text = label_text(board, sid)
        size = NAME_FONT["major"] if major(sid) else NAME_FONT["minor"]
        w, h = text_size(text, size, px)
        out = []
        for extra in extras:  # px from the marker, nearest first
            d = (radius[sid] + extra) / px
            for pos, fx, fy in positions:
                x, y = xy[sid][0] + fx * d, xy[sid][1] + fy * d
                line = None
                if leader:
                    norm = math.hypot(fx, fy)
                    r = (radius[sid] + 2) / px
                    line = (xy[sid][0] + fx / norm * r, xy[sid][1] + fy / norm * r, x, y)
                for side in ([p for p, _, _ in _POSITIONS] if any_side else [pos]):
                    box = _text_box(x, y, side, w, h)
                    if line is not None and side != pos and _crosses(
                            box, (line[0], line[1], line[0] + 0.9 * (x - line[0]),
                                  line[1] + 0.9 * (y - line[1]))):
                        continue  # the line would run through its own name
                    out.append(Label(sid, text, x, y, side, size, box, line))
        return out

    def best_label(sid: str, others: list[Label], far: tuple[int, ...] = FAR,
                   positions: tuple[tuple[str, float, float], ...] = _POSITIONS
                   ) -> Label | None:
        """The cheapest free spot beside the space; failing that, one further out with a
        leader line crossing no marker, name, gold circle or other leader."""
        own = markers[sid]
        hard = [b for b in fixed if b != own] + [lb.box for lb in others]
        lines = [lb.leader for lb in others if lb.leader is not None]
        near = [c for c in candidates(sid, NEAR, False)
                if not any(_crosses(c.box, ln) for ln in lines)]
        if near:
            k, cost = _place([c.box for c in near], hard, catch_spots, segments, inside)
            if cost < 1000:
                return near[k]
        for any_side in (False, True):  # the name beyond the line's end, else on any side
            free = []
            for c in candidates(sid, far, True, positions, any_side):
                assert c.leader is not None
                if (c.box[0] < inside[0] or c.box[2] > inside[2] or c.box[1] < inside[1]
                        or c.box[3] > inside[3]
                        or any(_overlap(c.box, h) or _crosses(h, c.leader) for h in hard)
                        or any(_crosses(c.box, ln) or _segments_meet(c.leader, ln)
                               for ln in lines)):
                    continue
                free.append(c)
            if free:
                k, _ = _place([c.box for c in free], hard, catch_spots, segments, inside)
                return free[k]
        return None

    def place_all(first: list[str]) -> tuple[list[Label], list[str]]:
        """Names in ``order``, the spaces in ``first`` before all others."""
        order_now = first + [sid for sid in order if sid not in first]
        placed: list[Label] = []
        unlabelled: list[str] = []
        for sid in order_now:
            chosen = best_label(sid, placed)
            if chosen is None:
                unlabelled.append(sid)
            else:
                placed.append(chosen)
        # repair: a space left without a name may take a spot (beside it or with a leader) if the
        # one name in the way can move elsewhere
        for sid in list(unlabelled):
            own = markers[sid]
            hard = [b for b in fixed if b != own]
            lines = [lb.leader for lb in placed if lb.leader is not None]
            for cand in candidates(sid, NEAR, False) + candidates(sid, FAR, True):
                box, line = cand.box, cand.leader
                if (box[0] < inside[0] or box[2] > inside[2] or box[1] < inside[1]
                        or box[3] > inside[3] or any(_overlap(box, h) for h in hard)
                        or (line is not None and any(_crosses(h, line) for h in hard))):
                    continue
                blocking = [lb for lb in placed if _overlap(box, lb.box)
                            or (line is not None and _crosses(lb.box, line))
                            or (lb.leader is not None and (
                                _crosses(box, lb.leader)
                                or (line is not None and _segments_meet(line, lb.leader))))]
                if len(blocking) != 1:
                    continue
                rest = [lb for lb in placed if lb is not blocking[0]]
                moved = best_label(blocking[0].sid, [*rest, cand])
                if moved is not None:
                    placed = [*rest, moved, cand]
                    unlabelled.remove(sid)
                    break
            del lines
        return placed, unlabelled

    # the spaces left without a name go first in the next try (those of earlier tries too);
    # the try naming the most spaces wins
    placed, unlabelled = place_all([])
    first: list[str] = []
    for _ in range(6):
        if not unlabelled:
            break
        first = list(dict.fromkeys(first + unlabelled))
        again, left = place_all(first)
        if len(left) < len(unlabelled):
            placed, unlabelled = again, left
    longer = FAR + (126, 134, 142, 150)
    for sid in list(unlabelled):  # last: a longer leader, in between directions too, moving
        chosen = best_label(sid, placed, longer, _LEADER_POSITIONS)  # up to two names for it
        if chosen is not None:
            placed.append(chosen)
            unlabelled.remove(sid)
            continue
        own = markers[sid]
        hard = [b for b in fixed if b != own]
        for cand in candidates(sid, longer, True, _LEADER_POSITIONS, any_side=True):
            box, line = cand.box, cand.leader
            assert line is not None
            if (box[0] < inside[0] or box[2] > inside[2] or box[1] < inside[1]
                    or box[3] > inside[3]
                    or any(_overlap(box, h) or _crosses(h, line) for h in hard)):
                continue
            blocking = [lb for lb in placed if _overlap(box, lb.box) or _crosses(lb.box, line)
                        or (lb.leader is not None and (_crosses(box, lb.leader)
                                                       or _segments_meet(line, lb.leader)))]
            if len(blocking) > 2:
                continue
            rest = [lb for lb in placed if lb not in blocking]
            moved: list[Label] = []
            for lb in blocking:
                again_lb = best_label(lb.sid, [*rest, *moved, cand], longer,
                                      _LEADER_POSITIONS)
                if again_lb is None:
                    break
                moved.append(again_lb)
            if len(moved) == len(blocking):
                placed = [*rest, *moved, cand]
                unlabelled.remove(sid)
                break
    placed.sort(key=lambda lb: ids.index(lb.sid))
    height = round(PLOT_W * (y_range[1] - y_range[0]) / (x_range[1] - x_range[0])
                   + MARGIN["t"] + MARGIN["b"])
    return Geometry(
        ids=ids, xy=xy, true_xy=true_xy, radius_px=radius, slot_xy=slot_xy, money_xy=money_xy,
        labels=tuple(placed), unlabelled=tuple(unlabelled), panel_x0=panel_x0,
        panel_y0=panel_y0, panel_box=panel_box, x_range=x_range, y_range=y_range, px=px,
        height=height,
    )


def _crosses(box: Box, seg: tuple[float, float, float, float], samples: int = 24) -> bool:
    """Whether the segment passes through ``box`` (tested at ``samples`` points along it)."""
    x1, y1, x2, y2 = seg
    return any(box[0] <= x1 + (x2 - x1) * t <= box[2] and box[1] <= y1 + (y2 - y1) * t <= box[3]
               for t in (i / samples for i in range(samples + 1)))


def _segments_meet(a: tuple[float, float, float, float],
                   b: tuple[float, float, float, float]) -> bool:
    """Whether two line segments intersect (proper crossings and touching ends)."""
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    p1, p2, q1, q2 = (a[0], a[1]), (a[2], a[3]), (b[0], b[1]), (b[2], b[3])
    d1, d2 = side(q1, q2, p1), side(q1, q2, p2)
    d3, d4 = side(p1, p2, q1), side(p1, p2, q2)
    return d1 * d2 <= 0 and d3 * d4 <= 0


# ------------------------------------------------------------------ reading the state
# Everything drawn comes from ``game.view_model()`` (:class:`.view_model.FreedomView`).


def ends(game: Any, action: Any) -> tuple[str | None, str | None]:
    """Where a map choice starts and ends: ``(origin, destination)`` space ids of ``action``.

    A person's movement goes from its first space to its last; a Slave Catcher's from where it
    stands; an action naming one space (a delivery, a capture) has no origin; ``(None, None)``
    for an action that is not made on the map. The click handler, the rings and the two-step
    drop-downs all read this, so they agree on what each choice means.
    """
    spaces = game.ctx.board.spaces
    named = [a for a in action.args if isinstance(a, str) and a in spaces]
    if not named:
        return None, None
    if action.kind == "catcher" and action.args and isinstance(action.args[0], str):
        return game.state.catchers.get(action.args[0]), named[-1]
    return (named[0] if len(named) >= 2 else None), named[-1]


def targets(game: Any, origin: str | None = None) -> list[str]:
    """Spaces a click may choose now: the destinations of the legal map actions.

    With ``origin`` (a space picked first), only the destinations from there. Actions naming a
    single space (placing a delivered person, say) count that space as a destination.
    """
    out: list[str] = []
    for action in game.legal_actions():
        start, end = ends(game, action)
        if end is None or (origin is not None and start != origin):
            continue
        if end not in out:
            out.append(end)
    return out


# ------------------------------------------------------------------ building
def figure(game: Any) -> go.Figure:
    """A complete figure of ``game``'s map in its current state."""
    fig = skeleton(game)
    update(fig, game)
    return fig


def skeleton(game: Any) -> go.Figure:
    """The map's traces and layout for ``game``'s board, the state not yet set: the app and
    ``game.figure()`` set it once with :func:`update` (and the app's selection)."""
    vm = game.view_model()
    board = vm.board
    geo = geometry(board)
    fig = go.Figure(layout={"template": LIGHT_TEMPLATE})
    _static_traces(fig, board, geo)
    _panel_traces(fig, geo, vm.freed_target, vm.lost_limit)
    _dynamic_traces(fig, board, geo)
    fig.update_layout(
        height=geo.height,
        margin=MARGIN,
        xaxis={"visible": False, "range": list(geo.x_range), "fixedrange": False},
        yaxis={"visible": False, "range": list(geo.y_range), "scaleanchor": "x",
               "scaleratio": 1},
        plot_bgcolor="#f4f1ea",
        paper_bgcolor="white",
        hovermode="closest",
        clickmode="event",
        dragmode="pan",
        showlegend=False,
        title={"x": 0.01, "y": 0.995, "yanchor": "top", "font": {"size": 14}},
    )
    return fig


def _static_traces(fig: go.Figure, board: Board, geo: Geometry) -> None:
    xy = geo.xy
    for region in ("south", "north", "canada"):
        # a soft halo around each space shades its region without drawing borders we lack
        ids = [sid for sid, s in board.spaces.items() if s.region == region]
        fig.add_trace(go.Scatter(x=[xy[i][0] for i in ids], y=[xy[i][1] for i in ids],
                                 mode="markers", name=REGION_NAME[region],
                                 marker={"size": 40, "color": REGION_FILL[region],
                                         "line": {"width": 0}},
                                 hoverinfo="skip", showlegend=False))
    rx: list[float | None] = []
    ry: list[float | None] = []
    for a, b in board.edges():
        rx += [xy[a][0], xy[b][0], None]
        ry += [xy[a][1], xy[b][1], None]
    fig.add_trace(go.Scatter(x=rx, y=ry, mode="lines", name="routes",
                             line={"color": "#9e9e9e", "width": 1.2},
                             hoverinfo="skip", showlegend=False))
    for colour, path in board.catchers.items():
        px = [xy[s][0] for s in path.path]
        py = [xy[s][1] for s in path.path]
        fig.add_trace(go.Scatter(x=px, y=py, mode="lines", name=f"{colour} path",
                                 line={"color": CATCHER_COLOUR.get(colour, colour), "width": 5},
                                 opacity=0.45, hoverinfo="skip", showlegend=False))
    # plantation slots: light (filled at set-up) and dark (filled by the Slave Market)
    sx, sy, scol = [], [], []
    for pid in board.plantations:
        light = board.spaces[pid].light_slots
        for i, (x, y) in enumerate(geo.slot_xy[pid]):
            sx.append(x)
            sy.append(y)
            scol.append("#efe3c8" if i < light else "#6d5a45")
    fig.add_trace(go.Scatter(x=sx, y=sy, mode="markers", name="slots (light / dark)",
                             marker={"symbol": "square", "size": 12, "color": scol,
                                     "line": {"color": "#3e2723", "width": 1}},
                             hoverinfo="skip", showlegend=False))
    # gold circles with the money a space pays when a person enters it
    money = [(sid, s.money) for sid, s in board.spaces.items() if s.money]
    fig.add_trace(go.Scatter(
        x=[geo.money_xy[sid][0] for sid, _ in money], y=[geo.money_xy[sid][1] for sid, _ in money],
        mode="markers+text", name="gold circle ($ on entry)",
        marker={"size": 15, "color": GOLD, "line": {"color": "#8d6e00", "width": 1}},
        text=[f"${m}" for _, m in money], textfont={"size": 8, "color": "#3e2700"},
        textposition="middle center", hoverinfo="skip", showlegend=False))
    # names where they fit (see geometry); Canada gets its printed number; a name set further
    # out is joined to its space by a thin dark line
    labels = geo.labels
    lx: list[float | None] = []
    ly: list[float | None] = []
    for lb in labels:
        if lb.leader is not None:
            lx += [lb.leader[0], lb.leader[2], None]
            ly += [lb.leader[1], lb.leader[3], None]
    fig.add_trace(go.Scatter(x=lx, y=ly, mode="lines", name="name leaders",
                             line={"color": "#37474f", "width": 1}, hoverinfo="skip",
                             showlegend=False))
    fig.add_trace(go.Scatter(
        x=[lb.x for lb in labels], y=[lb.y for lb in labels], mode="text", name=NAMES,
        text=[lb.text for lb in labels], textposition=[lb.position for lb in labels],
        textfont={"size": [lb.size for lb in labels], "color": "#263238", "family": NAME_FAMILY},
        hoverinfo="skip", showlegend=False))


def _panel_traces(fig: go.Figure, geo: Geometry, freed_target: int, lost_limit: int) -> None:
    """Tracks, Slave Market and the key, stacked in the panel box in the Atlantic."""
    x0, y = geo.panel_x0, geo.panel_y0
    step, per_row = TRACK_STEP, TRACK_PER_ROW
    title_x, title_y, titles = [], [], []

    def track(name: str, n: int, edge: str, top: float) -> float:
        fig.add_trace(go.Scatter(
            x=[x0 + (i % per_row) * step for i in range(n)],
            y=[top - (i // per_row) * step for i in range(n)], mode="markers+text", name=name,
            marker={"symbol": "square", "size": 17, "line": {"color": edge, "width": 1}},
            text=[str(i + 1) for i in range(n)], textfont={"size": 8},
            hoverinfo="text", showlegend=False))
        return top - ((n + per_row - 1) // per_row - 1) * step

    title_x.append(x0 - 0.25)
    title_y.append(y)
    titles.append("<b>Slaves Freed</b>")
    y = track("Slaves Freed track", freed_target, "#004d40", y - 0.5) - 0.75
    title_x.append(x0 - 0.25)
    title_y.append(y)
    titles.append("<b>Slaves Lost</b>")
    y = track("Slaves Lost track", lost_limit, "#7f0000", y - 0.5) - 0.8
    title_x.append(x0 - 0.25)
    title_y.append(y)
    titles.append("<b>Slave Market</b> (next first)")
    my = y - 1.35
    fig.add_trace(go.Scatter(
        x=title_x, y=title_y, mode="text", textposition="middle right", name="panel titles",
        text=titles, textfont={"size": 10}, hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(
        x=[x0 + 0.55 + i * MARKET_STEP for i in range(3)], y=[my] * 3, mode="markers+text",
        name="Slave Market cards",
        marker={"symbol": "square", "size": 46, "color": "#fff8e1",
                "line": {"color": "#5d4037", "width": 2}},
        textfont={"size": 11}, textposition="middle center", hoverinfo="text",
        showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name="people on market cards",
                             marker={"size": 7, "color": PERSON,
                                     "line": {"color": PERSON_EDGE, "width": 1}},
                             hoverinfo="skip", showlegend=False))
    _key(fig, x0, my - 1.35)


KEY: tuple[tuple[str, dict[str, Any]], ...] = (  # (label, marker) of the key
    ("people (count)", {"size": 16, "color": PERSON, "line": {"color": PERSON_EDGE, "width": 2}}),
    ("Slave Catcher (on its space)", {"symbol": "diamond-open", "size": 15,
                                      "color": "#424242", "line": {"width": 3}}),
    ("legal destination (click)", {"symbol": "circle-open", "size": 16, "color": TARGET,
                                   "line": {"width": 3, "color": TARGET}}),
    ("gold circle: $ on entry", {"size": 13, "color": GOLD, "line": {"color": "#8d6e00",
                                                                     "width": 1}}),
    ("South / North / Canada", {"size": 11, "color": "white",
                                "line": {"color": REGION_COLOUR["south"], "width": 3}}),
    ("large city (holds 4)", {"symbol": "square", "size": 12, "color": "white",
                              "line": {"color": REGION_COLOUR["north"], "width": 2.5}}),
    ("plantation; slots: light / dark", {"symbol": "hexagon", "size": 14, "color": "#efe3c8",
                                         "line": {"color": "#6d5a45", "width": 3}}),
    ("Canada space (numbered)", {"symbol": "star", "size": 14, "color": "white",
                                 "line": {"color": REGION_COLOUR["canada"], "width": 2.5}}),
)


def _key(fig: go.Figure, x0: float, top: float) -> None:
    step = 0.52
    ys = [top - i * step for i in range(len(KEY))]
    markers: dict[str, list[Any]] = {"size": [], "color": [], "symbol": [], "lw": [], "lc": []}
    for _, m in KEY:
        line = m.get("line", {})
        markers["size"].append(m["size"])
        markers["color"].append(m["color"])
        markers["symbol"].append(m.get("symbol", "circle"))
        markers["lw"].append(line.get("width", 0))
        markers["lc"].append(line.get("color", m["color"]))
    fig.add_trace(go.Scatter(
        x=[x0] * len(KEY), y=ys, mode="markers", name="key",
        marker={"size": markers["size"], "color": markers["color"],
                "symbol": markers["symbol"],
                "line": {"width": markers["lw"], "color": markers["lc"]}},
        hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(
        x=[x0 + 0.4] * len(KEY), y=ys, mode="text", name="key labels",
        text=[label for label, _ in KEY], textposition="middle right",
        textfont={"size": 10, "color": "#37474f"}, hoverinfo="skip", showlegend=False))


RECENT_PEOPLE = "recent moves of people"
RECENT_CATCHERS = "recent moves of Slave Catchers"
HINTS = "hinted moves"
HINT = "#6a1b9a"  # the Hint's purple: unlike every other colour of the map


def _dynamic_traces(fig: go.Figure, board: Board, geo: Geometry) -> None:
    # what just happened, under everything clickable: arrows from where to where
    fig.add_trace(go.Scatter(x=[], y=[], mode="lines+markers", name=RECENT_PEOPLE,
                             line={"color": PERSON_EDGE, "width": 3, "dash": "dash"},
                             marker={"symbol": "arrow", "angleref": "previous", "size": 0,
                                     "color": PERSON_EDGE},
                             hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="lines+markers", name=RECENT_CATCHERS,
                             line={"color": "#424242", "width": 3, "dash": "dot"},
                             marker={"symbol": "arrow", "angleref": "previous", "size": 0,
                                     "color": "#424242"},
                             hoverinfo="skip", showlegend=False))
    # the advisor's best moves (Hint), numbered 1-3 at their destination
    fig.add_trace(go.Scatter(x=[], y=[], mode="lines+markers+text", name=HINTS,
                             line={"color": HINT, "width": 3, "dash": "dashdot"},
                             marker={"symbol": "arrow", "angleref": "previous", "size": 0,
                                     "color": HINT},
                             textposition="top right",
                             textfont={"size": 13, "color": HINT,
                                       "family": "Arial Black, Arial, sans-serif"},
                             hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name="person in a slot",
                             marker={"size": 8, "color": PERSON,
                                     "line": {"color": PERSON_EDGE, "width": 1.2}},
                             hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(
        x=[geo.xy[sid][0] for sid in geo.ids], y=[geo.xy[sid][1] for sid in geo.ids],
        customdata=list(geo.ids),  # a click carries the space id it shows (see app.click)
        mode="markers+text", name=SPACES, textposition="middle center",
        textfont={"size": 12, "color": "#1b1b1b", "family": "Arial Black, Arial, sans-serif"},
        hoverinfo="text", showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name=TARGETS,
                             marker={"symbol": "circle-open", "size": 28, "color": TARGET,
                                     "line": {"width": 4, "color": TARGET}},
                             hoverinfo="text", showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name=CATCHERS,
                             marker={"symbol": "diamond-open", "size": CATCHER_SIZE,
                                     "line": {"width": 4}},
                             hoverinfo="text", showlegend=False))


# ------------------------------------------------------------------ updating
def _trace(fig: Any, name: str) -> Any:
    for trace in fig.data:
        if trace.name == name:
            return trace
    raise KeyError(name)


def _space_hover(board: Board, sid: str, people: int, catchers_here: list[str]) -> str:
    s = board.spaces[sid]
    esc = html.escape
    lines = [f"<b>{esc(s.name)}</b> ({esc(s.state)})", esc(REGION_NAME[s.region])]
    number = board.canada_number(sid)
    if number is not None:
        lines.append(f"Canada space {number}: {people} freed here")
    elif s.kind == "plantation":
        lines.append(f"plantation: {people} of {s.capacity} slots filled "
                     f"({s.light_slots} light, {s.dark_slots} dark)")
    else:
        size = "large city" if (s.capacity or 0) > 1 else "small city"
        lines.append(f"{size}: {people} of {s.capacity} people")
    if catchers_here:
        lines.append("Slave Catcher here: " + ", ".join(esc(c) for c in catchers_here))
    trig = board.triggers(sid)
    lines.append("entering draws: " + (", ".join(trig) + " catcher" if trig else "no catcher"))
    if s.money:
        lines.append(f"gold circle: ${s.money} on entry")
    if s.note:
        lines.append(f"<i>{_wrap(esc(s.note))}</i>")
    return "<br>".join(lines)


def _wrap(text: str, width: int = 60) -> str:
    """Break a long history note into lines of about ``width`` characters (plotly hover labels
    do not wrap by themselves)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    return "<br>".join(out)


def update(fig: Any, game: Any, selection: Selection | None = None) -> None:
    """Set the state-dependent parts of ``fig`` (built by :func:`figure`) from ``game``.

    ``selection`` (the app's :class:`~freight_freedom.ui.adapter.Selection`) narrows the
    highlighted destinations to those from a picked origin.
    """
    vm = game.view_model()
    board = vm.board
    geo = geometry(board)
    people = vm.people
    catcher_at = vm.catchers
    here: dict[str, list[str]] = {}
    for colour, sid in catcher_at.items():
        here.setdefault(sid, []).append(colour)

    sizes: list[int] = []
    widths: list[float] = []
    colours: list[str] = []
    lines: list[str] = []
    texts: list[str] = []
    hovers: list[str] = []
    for sid in geo.ids:
        s = board.spaces[sid]
        n = people[sid]
        big = (s.capacity or 0) >= 4 or s.kind == "plantation"
        if n:
            sizes.append(30 if s.kind == "plantation" else 28 if s.kind == "canada"
                         else 26 if big else 22)
            colours.append(PERSON)
            texts.append(str(n))
            widths.append(3)
        else:
            sizes.append(22 if s.kind == "plantation" else 16 if big else 11)
            colours.append("white")
            # a blank, not "": plotly.js drops the <text> of a point whose text was "" and
            # does not recreate it when a later update gives it a count
            texts.append(" ")
            widths.append(2.5)
        lines.append(REGION_COLOUR[s.region])
        hovers.append(_space_hover(board, sid, n, here.get(sid, [])))
    symbols = ["square" if (board.spaces[sid].capacity or 0) >= 4
               and board.spaces[sid].kind == "city" else
               "hexagon" if board.spaces[sid].kind == "plantation" else
               "star" if board.spaces[sid].kind == "canada" else "circle" for sid in geo.ids]
    spaces = _trace(fig, SPACES)
    # Leaf properties only, never a whole ``marker = {...}``: inside ``batch_update`` plotly
    # sends every trace's changes as ONE restyle, and plotly.js rejects the whole message
    # ("cannot set marker.color and a parent attribute simultaneously") when one trace sets
    # ``marker`` while another sets ``marker.color``; the browser then stays behind the game.
    spaces.marker.size = sizes
    spaces.marker.color = colours
    spaces.marker.symbol = symbols
    spaces.marker.line.color = lines
    spaces.marker.line.width = widths
    spaces.text = texts
    spaces.hovertext = hovers

    # people in plantation slots
    px, py = [], []
    for pid in board.plantations:
        for x, y in geo.slot_xy[pid][: people[pid]]:
            px.append(x)
            py.append(y)
    slots = _trace(fig, "person in a slot")
    slots.x, slots.y = px, py

    # catchers: an open diamond in their colour drawn on their space, around its count
    cx, cy, ccol, csize, cids, chover = [], [], [], [], [], []
    for sid, colours_here in here.items():
        if sid not in geo.xy:
            continue
        x, y = geo.xy[sid]
        for k, colour in enumerate(colours_here):
            cx.append(x)
            cy.append(y)
            ccol.append(CATCHER_COLOUR.get(colour, colour))
            csize.append(CATCHER_SIZE + CATCHER_STEP * k)
            cids.append(sid)  # a click on a catcher is a click on its space
            chover.append(f"<b>{html.escape(colour.title())} Slave Catcher</b><br>"
                          f"at {html.escape(board.spaces[sid].name)}")
    catchers = _trace(fig, CATCHERS)
    catchers.x, catchers.y = cx, cy
    catchers.marker.color = ccol
    catchers.marker.size = csize
    catchers.customdata = cids
    catchers.hovertext = chover

    selection = selection if selection is not None else Selection()
    _recent(fig, game, geo, selection.since)
    draw_hints(fig, game, selection.hints)

    # legal destinations
    origin = selection.origin
    dests = targets(game, origin)
    tr = _trace(fig, TARGETS)
    tr.x = [geo.xy[d][0] for d in dests]
    tr.y = [geo.xy[d][1] for d in dests]
    tr.customdata = list(dests)  # a click carries the space id it shows (see app.click)
    tr.hovertext = [f"click to choose {html.escape(board.spaces[d].name)}" for d in dests]

    # tracks and market
    freed, lost = vm.freed, vm.lost
    ft = _trace(fig, "Slaves Freed track")
    nf = len(ft.x or ())
    ft.marker.color = ["#26a69a" if i < freed else "white" for i in range(nf)]
    ft.hovertext = [f"Slaves Freed: {freed} of {nf} needed"] * nf
    lt = _trace(fig, "Slaves Lost track")
    nl = len(lt.x or ())
    lt.marker.color = ["#c62828" if i < lost else "white" for i in range(nl)]
    lt.hovertext = [f"Slaves Lost: {lost}; the game is lost when the track is full "
                    f"and one more is lost"] * nl
    cards = [(c.card, c.people) for c in vm.market[:3]]
    mt = _trace(fig, "Slave Market cards")
    mt.text = [f"{n}" if i < len(cards) else " " for i, (_, n) in  # " ": see update()
               enumerate(cards + [("", 0)] * (3 - len(cards)))]
    mt.marker.color = ["#fff8e1" if i < len(cards) else "rgba(0,0,0,0)" for i in range(3)]
    mt.hovertext = [f"Slave Market card {i + 1}: {n} people"
                    + (" (delivered next)" if i == 0 else "")
                    for i, (_, n) in enumerate(cards)] + [""] * (3 - len(cards))
    mx, my = [], []
    for i, (_, n) in enumerate(cards):
        cx0, cy0 = mt.x[i], mt.y[i]
        for k in range(n):
            mx.append(cx0 - 0.39 + (k % 4) * 0.26)
            my.append(cy0 - 0.3 - (k // 4) * 0.22)
    mp = _trace(fig, "people on market cards")
    mp.x, mp.y = mx, my
    fig.layout.title.text = title_text(vm)


def draw_hints(fig: Any, game: Any, actions: Any) -> None:
    """Number the advisor's best moves on the map (an arrow to each destination); the hinted
    actions that are not map moves (a purchase) are marked on their buttons instead."""
    geo = geometry(game.ctx.board)
    xs: list[float | None] = []
    ys: list[float | None] = []
    sizes: list[int] = []
    texts: list[str] = []
    for rank, action in enumerate(actions or (), 1):
        origin, dest = ends(game, action)
        if dest is None or dest not in geo.xy:
            continue
        start = geo.xy[origin] if origin in geo.xy else geo.xy[dest]
        xs += [start[0], geo.xy[dest][0], None]
        ys += [start[1], geo.xy[dest][1], None]
        sizes += [0, 16 if origin in geo.xy else 0, 0]
        texts += ["", f"{rank}", ""]
    tr = _trace(fig, HINTS)
    tr.x, tr.y = xs, ys
    tr.marker.size = sizes
    tr.text = texts


def _recent(fig: Any, game: Any, geo: Geometry, since: int | None) -> None:
    """Arrows for the moves logged from ``game.log[since]`` on (none when ``since`` is None)."""
    lines: dict[str, tuple[list[float | None], list[float | None], list[int], list[str]]] = {
        RECENT_PEOPLE: ([], [], [], []), RECENT_CATCHERS: ([], [], [], [])}
    for event in (game.log[since:] if since is not None else ()):
        data = event.data
        a, b = data.get("from"), data.get("to")
        if not (isinstance(a, str) and isinstance(b, str) and a in geo.xy and b in geo.xy):
            continue
        colour = data.get("colour")
        xs, ys, sizes, colours = lines[RECENT_CATCHERS if colour else RECENT_PEOPLE]
        xs += [geo.xy[a][0], geo.xy[b][0], None]
        ys += [geo.xy[a][1], geo.xy[b][1], None]
        sizes += [0, 16, 0]
        tint = CATCHER_COLOUR.get(str(colour), "#424242") if colour else PERSON_EDGE
        colours += [tint, tint, tint]
    for name, (xs, ys, sizes, colours) in lines.items():
        tr = _trace(fig, name)
        tr.x, tr.y = xs, ys
        tr.marker.size = sizes
        tr.marker.color = colours


def title_text(vm: FreedomView) -> str:
    """The figure's title: round, phase, period, Lead Player and the two tracks."""
    phase = "game over" if vm.phase.lower() == "game over" else f"{vm.phase} phase"
    parts = [f"Round {vm.round}", phase, f"Period {'I' * vm.period}",
             f"Lead: Player {vm.lead + 1}", f"Freed {vm.freed}/{vm.freed_target}",
             f"Lost {vm.lost}/{vm.lost_limit}"]
    return html.escape(" · ".join(parts))


if __name__ == "__main__":  # python -m freight_freedom.freedom.view: refresh the stored layout
    print(f"wrote {write_layout()}")
