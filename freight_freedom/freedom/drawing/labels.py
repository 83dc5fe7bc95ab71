"""Names on the route map: what a name says, how large it is drawn and the box it takes, and
whether a spot suits it.

Every space gets its name, placed where it touches no other name, no marker, gold circle, slot
grid or the panel, and its leader line (if any) crosses no marker, name or other line. Names
are 16 px (:data:`NAME_FONT`): 12.8 px where the map is drawn at 0.8 of its size (JupyterLab
with its file browser open, Voila on a 768 px screen). Text widths are Arial's
(:func:`text_size`), the font the map draws names in on every computer. This module holds the
geometry of one name (its box, its leader line, what it touches, :func:`reads_as_own`);
choosing a spot for every name at once is :class:`~.label_placer.LabelPlacer`'s, run once per
map by :mod:`.layout` (for the packaged map only when its stored layout is rewritten).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...core.say import shown
from ..board import Board

NAME_FONT = {"major": 16, "minor": 16}  # px: large places, small cities (12.8 px at 0.8)
NEAR = (1, 5, 10)  # px from a marker to its name beside it, nearest first
FAR = tuple(range(20, 260, 12))  # px out to a name joined to its marker by a leader line

Box = tuple[float, float, float, float]
Segment = tuple[float, float, float, float]


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


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _square(x: float, y: float, half: float) -> Box:
    return (x - half, y - half, x + half, y + half)


def shown_label(board: Board, label: Label) -> str:
    """A name placed on the map, in the reader's language where its translation fits the place
    the layout keeps for it (the layout is made once, for the English names): the translated
    name, on two lines where the English is, when it is at most a fifth wider; else the English
    label (a plantation's short name, a Canada space's numbered one, a long translation)."""
    s = board.spaces[label.sid]
    name = shown(s.name)
    if name == s.name or s.kind != "city":
        return label.text
    text = (two_lines(name) or name) if "<br>" in label.text else name
    fits = text_size(text, label.size, 1.0)[0] <= 1.2 * text_size(label.text, label.size, 1.0)[0]
    return text if fits else label.text


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


#: plotly's line spacing, in font sizes, between the lines of a name set on two
LINE_SPACING = 1.3


def text_size(text: str, size: float, px: float) -> tuple[float, float]:
    """Estimated (width, height) of a text in data units: Arial's widths plus 3 px of air;
    a name on two lines (``<br>`` between them) is as wide as its longer line, and plotly sets
    its lines :data:`LINE_SPACING` apart."""
    lines = text.split("<br>")
    width = max(sum(_ARIAL.get(ch, 667) for ch in line) for line in lines) * size / 1000
    return (width + 3) / px, ((len(lines) - 1) * LINE_SPACING * size + 1.2 * size + 2) / px


def two_lines(text: str) -> str | None:
    """The name on two lines, split at the space that makes the longer line shortest
    ("Battle<br>Creek", "4. St.<br>Catharines"; a Canada space's number stays with its
    name); None for a one-word name."""
    words = text.split(" ")
    first = 2 if words[0].endswith(".") and words[0][:-1].isdigit() else 1
    splits = [" ".join(words[:i]) + "<br>" + " ".join(words[i:])
              for i in range(first, len(words))]
    return min(splits, key=lambda t: (text_size(t, 16, 1)[0], t), default=None)


_POSITIONS = (  # (textposition, dx, dy) of the anchor as a fraction of the offset; preference order
    ("middle right", 1.0, 0.0), ("top center", 0.0, 1.0), ("middle left", -1.0, 0.0),
    ("bottom center", 0.0, -1.0), ("top right", 0.72, 0.72), ("top left", -0.72, 0.72),
    ("bottom right", 0.72, -0.72), ("bottom left", -0.72, -0.72),
)


#: a name with a leader line may also sit between those directions: 22.5, 30 and 60 degrees
#: off the axes (a line out of a crowd finds its gap between two markers: 1. Amherstburg's
#: passes at 60 degrees between Detroit's marker and Battle Creek's name)
_LEADER_POSITIONS = _POSITIONS + (
    ("middle right", 0.92, 0.38), ("middle right", 0.92, -0.38), ("middle left", -0.92, 0.38),
    ("middle left", -0.92, -0.38), ("top center", 0.38, 0.92), ("top center", -0.38, 0.92),
    ("bottom center", 0.38, -0.92), ("bottom center", -0.38, -0.92),
    ("top right", 0.87, 0.5), ("top right", 0.5, 0.87), ("top left", -0.87, 0.5),
    ("top left", -0.5, 0.87), ("bottom right", 0.87, -0.5), ("bottom right", 0.5, -0.87),
    ("bottom left", -0.87, -0.5), ("bottom left", -0.5, -0.87),
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


def _seg_box(seg: Segment, box: Box) -> bool:
    """Whether the segment meets the closed ``box`` (exact: Liang-Barsky clipping)."""
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            if t > t1:
                return False
            t0 = max(t0, t)
        else:
            if t < t0:
                return False
            t1 = min(t1, t)
    return t0 <= t1


def _extent(box: Box, line: Segment | None) -> Box:
    """The box around a name and its leader line."""
    if line is None:
        return box
    return (min(box[0], line[0], line[2]), min(box[1], line[1], line[3]),
            max(box[2], line[0], line[2]), max(box[3], line[1], line[3]))


class _Grid:
    """Items by the cells of a square grid their box touches: what may touch a box, fast."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[int]] = {}

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        c = self.cell
        return [(i, j) for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1)
                for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1)]

    def add(self, item: int, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(item)

    def near(self, box: Box) -> set[int]:
        return {item for key in self._keys(box) for item in self.cells.get(key, ())}


def _clash(a: Label, b: Label) -> bool:
    """Whether two names (of two spaces) touch: boxes, a leader through a name, two leaders."""
    return (_overlap(a.box, b.box)
            or (a.leader is not None and _seg_box(a.leader, b.box))
            or (b.leader is not None and _seg_box(b.leader, a.box))
            or (a.leader is not None and b.leader is not None
                and _segments_meet(a.leader, b.leader)))


#: px: no other space's marker may come this near a name set at a leader line's end
CLEAR = 16


def marker_gap(box: Box, centre: tuple[float, float], radius: float, px: float) -> float:
    """Pixels from a name's box to the edge of a marker (centre in data units, radius px)."""
    return _gap(box, centre) * px - radius


def reads_as_own(label: Label, xy: dict[str, tuple[float, float]], radius: dict[str, float],
                 px: float) -> bool:
    """Whether a name reads as its own space's, not another's: beside its marker, no other
    marker's edge is nearer the name's box than its own marker's; at a leader line's end, no
    other marker's edge comes within :data:`CLEAR` px of the box (the line shows whose it is,
    but a name touching another circle is read as that one's first)."""
    return misreading(label, xy, radius, px) <= 0


def misreading(label: Label, xy: dict[str, tuple[float, float]], radius: dict[str, float],
               px: float) -> float:
    """By how many pixels the name misses :func:`reads_as_own` (0 or less: it reads as its
    own space's)."""
    own = marker_gap(label.box, xy[label.sid], radius[label.sid], px)
    limit = CLEAR if label.leader is not None else own
    return limit - min(marker_gap(label.box, xy[o], radius[o], px)
                       for o in xy if o != label.sid)


def _gap(box: Box, point: tuple[float, float]) -> float:
    """How far ``point`` is from ``box`` (0 inside it)."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def _overlap_closed(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
