"""Names on the route map: where each space's name goes, beside it or joined by a leader line.

Every space gets its name when it can be placed without touching another name, a marker, a
gold circle, a slot grid or the panel. For each space (large and printed places first, then the
most crowded) the candidate spots around its marker are tried in a fixed preference order
(right, above, left, below, diagonals); spots crossing routes or where a catcher would stand
cost a little, spots touching something cost a lot. Names are 11 px (:data:`NAME_FONT`). Where
no spot beside a space is free, its name goes further out with a leader line that crosses no
marker, name or other line; the spaces left over go first in the next try, and a last pass may
move up to two names to make room. Text widths are Arial's (:func:`text_size`), the font the
map draws names in on every computer. Used once per map by :mod:`.map_layout`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .board import Board

NAME_FONT = {"major": 11, "minor": 11}  # px: large places, small cities
NEAR = (1, 3, 6, 9, 12, 16, 20, 24, 30)  # px from a marker to its name beside it, nearest first
FAR = tuple(range(18, 121, 6))  # px out to a name joined to its marker by a leader line
LONGER = FAR + (126, 134, 142, 150)  # the last pass's longer leader lines

Box = tuple[float, float, float, float]
Segment = tuple[float, float, float, float]
Positions = tuple[tuple[str, float, float], ...]


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


class LabelPlacer:
    """Places the names of one map; :meth:`place` gives every name that fits and the spaces
    left without one (none on the packaged map).

    ``xy``/``radius`` are the drawn markers (data units / px), ``px`` pixels per data unit,
    ``inside`` the plot box, ``fixed`` everything a name must not touch (markers, gold circles,
    slot grids, the panel), ``soft`` what it had better not touch (where catchers stand),
    ``segments`` the routes.
    """

    def __init__(self, board: Board, xy: dict[str, tuple[float, float]],
                 radius: dict[str, float], px: float, inside: Box,
                 markers: dict[str, Box], fixed: list[Box], soft: list[Box],
                 segments: list[Segment]) -> None:
        self.board, self.xy, self.radius, self.px, self.inside = board, xy, radius, px, inside
        self.markers, self.fixed, self.soft, self.segments = markers, fixed, soft, segments
        ids = tuple(board.spaces)

        def crowd(sid: str) -> int:
            x, y = xy[sid]
            return sum(math.hypot(xy[o][0] - x, xy[o][1] - y) < 2.0 for o in ids)

        self.order = sorted(ids, key=lambda sid: (not self.major(sid),
                                                  -board.spaces[sid].money, -crowd(sid), sid))

    def major(self, sid: str) -> bool:
        """Large places (plantations, Canada, large cities) are named first."""
        s = self.board.spaces[sid]
        return s.kind != "city" or (s.capacity or 0) >= 4

    def outside(self, box: Box) -> bool:
        inside = self.inside
        return (box[0] < inside[0] or box[2] > inside[2] or box[1] < inside[1]
                or box[3] > inside[3])

    def candidates(self, sid: str, extras: tuple[int, ...], leader: bool,
                   positions: Positions = _POSITIONS, any_side: bool = False) -> list[Label]:
        """Spots for the name of ``sid``: ``extras`` px out in each of ``positions``' directions
        (with a leader line if ``leader``), the name on the far side of that point, or with
        ``any_side`` on any side of it."""
        xy, px = self.xy, self.px
        text = label_text(self.board, sid)
        size = NAME_FONT["major"] if self.major(sid) else NAME_FONT["minor"]
        w, h = text_size(text, size, px)
        out = []
        for extra in extras:  # px from the marker, nearest first
            d = (self.radius[sid] + extra) / px
            for pos, fx, fy in positions:
                x, y = xy[sid][0] + fx * d, xy[sid][1] + fy * d
                line = None
                if leader:
                    norm = math.hypot(fx, fy)
                    r = (self.radius[sid] + 2) / px
                    line = (xy[sid][0] + fx / norm * r, xy[sid][1] + fy / norm * r, x, y)
                for side in ([p for p, _, _ in _POSITIONS] if any_side else [pos]):
                    box = _text_box(x, y, side, w, h)
                    if line is not None and side != pos and _crosses(
                            box, (line[0], line[1], line[0] + 0.9 * (x - line[0]),
                                  line[1] + 0.9 * (y - line[1]))):
                        continue  # the line would run through its own name
                    out.append(Label(sid, text, x, y, side, size, box, line))
        return out

    def best_label(self, sid: str, others: list[Label], far: tuple[int, ...] = FAR,
                   positions: Positions = _POSITIONS) -> Label | None:
        """The cheapest free spot beside the space; failing that, one further out with a
        leader line crossing no marker, name, gold circle or other leader."""
        own = self.markers[sid]
        hard = [b for b in self.fixed if b != own] + [lb.box for lb in others]
        lines = [lb.leader for lb in others if lb.leader is not None]
        near = [c for c in self.candidates(sid, NEAR, False)
                if not any(_crosses(c.box, ln) for ln in lines)]
        if near:
            k, cost = _place([c.box for c in near], hard, self.soft, self.segments, self.inside)
            if cost < 1000:
                return near[k]
        for any_side in (False, True):  # the name beyond the line's end, else on any side
            free = []
            for c in self.candidates(sid, far, True, positions, any_side):
                assert c.leader is not None
                if (self.outside(c.box)
                        or any(_overlap(c.box, h) or _crosses(h, c.leader) for h in hard)
                        or any(_crosses(c.box, ln) or _segments_meet(c.leader, ln)
                               for ln in lines)):
                    continue
                free.append(c)
            if free:
                k, _ = _place([c.box for c in free], hard, self.soft, self.segments,
                              self.inside)
                return free[k]
        return None

    def _fits_alone(self, sid: str, cand: Label) -> bool:
        """Whether ``cand`` is inside the map and clear of everything fixed."""
        own = self.markers[sid]
        line = cand.leader
        return not (self.outside(cand.box)
                    or any(_overlap(cand.box, h) for h in self.fixed if h != own)
                    or (line is not None and any(_crosses(h, line)
                                                 for h in self.fixed if h != own)))

    def place_all(self, first: list[str]) -> tuple[list[Label], list[str]]:
        """Names in the placing order, the spaces in ``first`` before all others; then a
        repair: a space left without a name may take a spot (beside it or with a leader) if
        the one name in the way can move elsewhere."""
        placed: list[Label] = []
        unlabelled: list[str] = []
        for sid in first + [sid for sid in self.order if sid not in first]:
            chosen = self.best_label(sid, placed)
            if chosen is None:
                unlabelled.append(sid)
            else:
                placed.append(chosen)
        for sid in list(unlabelled):
            moved = self._make_room(sid, placed, self.candidates(sid, NEAR, False)
                                    + self.candidates(sid, FAR, True), range(1, 2), FAR,
                                    _POSITIONS)
            if moved is not None:
                placed = moved
                unlabelled.remove(sid)
        return placed, unlabelled

    def _make_room(self, sid: str, placed: list[Label], cands: list[Label], blockers: range,
                   far: tuple[int, ...], positions: Positions) -> list[Label] | None:
        """The names with ``sid``'s taking the first of ``cands`` in the way of as many names
        as ``blockers`` allows, all of which can move elsewhere; ``None`` when none can."""
        for cand in cands:
            if not self._fits_alone(sid, cand):
                continue
            blocking = [lb for lb in placed if _blocks(lb, cand)]
            if len(blocking) not in blockers:
                continue
            rest = [lb for lb in placed if lb not in blocking]
            moved: list[Label] = []
            for lb in blocking:
                again = self.best_label(lb.sid, [*rest, *moved, cand], far, positions)
                if again is None:
                    break
                moved.append(again)
            if len(moved) == len(blocking):
                return [*rest, *moved, cand]
        return None

    def place(self) -> tuple[list[Label], list[str]]:
        """Every name that fits, in map order, and the spaces left without one.

        The spaces left without a name go first in the next try (those of earlier tries too);
        the try naming the most spaces wins. Last, a longer leader, in between directions too,
        moving up to two names for it.
        """
        placed, unlabelled = self.place_all([])
        first: list[str] = []
        for _ in range(6):
            if not unlabelled:
                break
            first = list(dict.fromkeys(first + unlabelled))
            again, left = self.place_all(first)
            if len(left) < len(unlabelled):
                placed, unlabelled = again, left
        for sid in list(unlabelled):
            chosen = self.best_label(sid, placed, LONGER, _LEADER_POSITIONS)
            if chosen is not None:
                placed.append(chosen)
                unlabelled.remove(sid)
                continue
            moved = self._make_room(sid, placed, self.candidates(
                sid, LONGER, True, _LEADER_POSITIONS, any_side=True), range(3), LONGER,
                _LEADER_POSITIONS)
            if moved is not None:
                placed = moved
                unlabelled.remove(sid)
        ids = list(self.board.spaces)
        placed.sort(key=lambda lb: ids.index(lb.sid))
        return placed, unlabelled


def _blocks(lb: Label, cand: Label) -> bool:
    """Whether the placed name ``lb`` is in the way of ``cand`` (box, or either leader)."""
    box, line = cand.box, cand.leader
    return (_overlap(box, lb.box) or (line is not None and _crosses(lb.box, line))
            or (lb.leader is not None and (_crosses(box, lb.leader) or (
                line is not None and _segments_meet(line, lb.leader)))))

