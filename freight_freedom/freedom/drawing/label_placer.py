"""Choosing a spot for every name on the route map at once (:class:`LabelPlacer`).

Each space's possible spots are listed with a cost (further out, across routes, where a catcher
and its letter stand cost more; a multi-word name may also take two lines), and one spot per
space is chosen so that no two names touch and every name reads as its own space's
(:func:`~.labels.reads_as_own`), at the least cost: exactly, as a 0-1 program
(:mod:`.label_solve`, with SciPy), else by a seeded local search; the same layout on every run.

It runs once per map (:func:`.layout.compute_geometry`): for the packaged map only when its
stored layout (``data/map_layout.json``) is rewritten, for a teacher's own map on first drawing.
"""

from __future__ import annotations

import math

from ..board import Board
from .label_solve import choose_exact
from .labels import (
    _LEADER_POSITIONS,
    _POSITIONS,
    CLEAR,
    FAR,
    NAME_FONT,
    NEAR,
    Box,
    Label,
    Segment,
    _clash,
    _extent,
    _Grid,
    _overlap,
    _overlap_closed,
    _seg_box,
    _segments_meet,
    _square,
    _text_box,
    label_text,
    marker_gap,
    text_size,
    two_lines,
)

#: the local search (no exact answer): its random choices' seeds (the layout is the same on
#: every run), its steps and the cost of two names touching while it runs (at the end none may
#: touch)
SEEDS, STEPS, CLASH = (19, 3, 7), 400_000, 400.0
UNNAMED = 1000.0  # the cost of a space without a name while the search runs
HOT, COLD = 300.0, 0.5  # the search's first and last temperature
PER_DIRECTION = 4  # leader spots kept in each direction (the cheapest)
TWO_LINES = 6.0  # the extra cost of a name set on two lines
#: the cost of a name that reads as another space's (:func:`~.labels.reads_as_own`)
AMBIGUOUS = 500.0
DEPTH = 2  # how many names in a row a name left without a spot may push aside


class LabelPlacer:
    """Places the names of one map; :meth:`place` gives every name that fits and the spaces
    left without one (none on the packaged map).

    ``xy``/``radius`` are the drawn markers (data units / px), ``px`` pixels per data unit,
    ``inside`` the plot box, ``fixed`` everything a name must not touch (markers, gold circles,
    slot grids, the panel), ``soft`` what it had better not touch (where catchers and their
    letters stand), ``segments`` the routes.

    Each space gets a list of spots its name could take clear of everything fixed (beside its
    marker, or further out joined by a leader line that crosses no marker), each with a cost
    (further out, a leader across a route, a name across routes, where a catcher stands or
    nearer another space than its own costs more). One spot per space, every name reading as
    its own space's and no two touching, is chosen exactly by
    :func:`.label_solve.choose_exact`, at the least cost. Where that has no answer (or
    without SciPy), :meth:`_search` does its best by simulated annealing over the spots where a
    name reads as its own space's,
    with a fixed seed (two touching names cost :data:`CLASH`): names that still touch are
    dropped, every space takes its cheapest free spot until none improves, and a space left
    without a name pushes the names in its way aside (:meth:`_repair`); only a space with no
    such spot at all takes one that reads less well (cost :data:`AMBIGUOUS`).
    """

    def __init__(self, board: Board, xy: dict[str, tuple[float, float]],
                 radius: dict[str, float], px: float, inside: Box,
                 markers: dict[str, Box], fixed: list[Box], soft: list[Box],
                 segments: list[Segment]) -> None:
        self.board, self.xy, self.radius, self.px, self.inside = board, xy, radius, px, inside
        self.markers, self.fixed, self.soft, self.segments = markers, fixed, soft, segments
        self.ids = tuple(board.spaces)
        self._fixed = _Grid(1.0)
        for i, box in enumerate(fixed):
            self._fixed.add(i, box)
        self._soft = _Grid(1.0)
        for i, box in enumerate(soft):
            self._soft.add(i, box)
        self._routes = _Grid(1.0)
        for i, seg in enumerate(segments):
            self._routes.add(i, _extent((seg[0], seg[1], seg[0], seg[1]), seg))
        self._marker_ids = list(xy)
        self._markers = _Grid(1.0)
        for i, sid in enumerate(self._marker_ids):
            self._markers.add(i, _square(*xy[sid], radius[sid] / px))

    def major(self, sid: str) -> bool:
        """Large places (plantations, Canada, large cities)."""
        s = self.board.spaces[sid]
        return s.kind != "city" or (s.capacity or 0) >= 4

    def outside(self, box: Box) -> bool:
        inside = self.inside
        return (box[0] < inside[0] or box[2] > inside[2] or box[1] < inside[1]
                or box[3] > inside[3])

    def _box_clear(self, box: Box) -> bool:
        """Whether a name's box is inside the map and clear of everything fixed."""
        return not self.outside(box) and not any(
            _overlap(box, self.fixed[i]) for i in self._fixed.near(box))

    def _line_clear(self, sid: str, line: Segment) -> bool:
        """Whether a leader line crosses nothing fixed but its own marker."""
        own = self.markers[sid]
        return not any(self.fixed[i] != own and _seg_box(line, self.fixed[i])
                       for i in self._fixed.near(_extent((line[0], line[1], line[0], line[1]),
                                                         line)))

    def _cost(self, label: Label, base: float) -> float:
        """``base`` plus what the spot touches: 4 a route it covers, 12 a route its leader
        crosses, 10 where a catcher or its letter stands, 20 if it sits nearer another space's
        marker than its own."""
        near = _extent(label.box, label.leader)
        routes = [self.segments[i] for i in self._routes.near(near)]
        cost = base + 4 * sum(_seg_box(seg, label.box) for seg in routes)
        if label.leader is not None:  # a leader across a route reads as a route
            cost += 12 * sum(_segments_meet(label.leader, seg) for seg in routes)
        cost += 10 * sum(_overlap(label.box, self.soft[i]) for i in self._soft.near(near))
        short = self.misreading(label)
        if short > 0:  # the more it reads as another's, the worse
            cost += AMBIGUOUS + 20 * short
        return cost

    def misreading(self, label: Label) -> float:
        """:func:`~.labels.misreading` where it is above 0 (the name reads as another space's), else
        some value of 0 or less: only the markers whose edge may come within the limit of the
        name's box are measured (found on a grid), not all of them."""
        own = marker_gap(label.box, self.xy[label.sid], self.radius[label.sid], self.px)
        limit = CLEAR if label.leader is not None else own
        if limit < 0:
            return limit - min(marker_gap(label.box, self.xy[o], self.radius[o], self.px)
                               for o in self.xy if o != label.sid)
        reach = limit / self.px
        box = label.box
        near = self._markers.near((box[0] - reach, box[1] - reach, box[2] + reach,
                                   box[3] + reach))
        gaps = [marker_gap(box, self.xy[o], self.radius[o], self.px)
                for o in (self._marker_ids[i] for i in near) if o != label.sid]
        return limit - min(gaps) if gaps else -1.0

    def reads_as_own(self, label: Label) -> bool:
        """Whether the name reads as its own space's (:func:`~.labels.reads_as_own`)."""
        return self.misreading(label) <= 0

    def candidates(self, sid: str) -> list[tuple[Label, float]]:
        """The spots clear of everything fixed for the name of ``sid``, with their costs:
        beside the marker (:data:`NEAR` px out, in the preference order of the positions),
        else :data:`FAR` px out in sixteen directions, the name beyond the line's end or
        beside it, joined to the marker by a leader line."""
        text = label_text(self.board, sid)
        out = self._spots(sid, text, 0)
        split = two_lines(text)
        if split is not None:  # on two lines: a narrower name, where one line has no room
            out += self._spots(sid, split, TWO_LINES)
        return out

    def _spots(self, sid: str, text: str, extra_cost: float) -> list[tuple[Label, float]]:
        """:meth:`candidates` for one way of setting the name, each costing ``extra_cost``
        more."""
        xy, px = self.xy[sid], self.px
        size = NAME_FONT["major"] if self.major(sid) else NAME_FONT["minor"]
        w, h = text_size(text, size, px)
        sides = [p for p, _, _ in _POSITIONS]
        out: list[tuple[Label, float]] = []
        for n, extra in enumerate(NEAR):
            d = (self.radius[sid] + extra) / px
            for k, (pos, fx, fy) in enumerate(_POSITIONS):
                x, y = xy[0] + fx * d, xy[1] + fy * d
                label = Label(sid, text, x, y, pos, size, _text_box(x, y, pos, w, h))
                if self._box_clear(label.box):
                    out.append((label, self._cost(label, k + 2 * n + extra_cost)))
        r = (self.radius[sid] + 2) / px
        for k, (pos, fx, fy) in enumerate(_LEADER_POSITIONS):
            norm = math.hypot(fx, fy)
            ways: list[tuple[Label, float]] = []
            for extra in FAR:
                d = (self.radius[sid] + extra) / px
                x, y = xy[0] + fx / norm * d, xy[1] + fy / norm * d
                line = (xy[0] + fx / norm * r, xy[1] + fy / norm * r, x, y)
                if not self._line_clear(sid, line):
                    break  # a longer line in this direction runs through the same obstacle
                # the line runs into its own name only at its end
                short = (line[0], line[1], line[0] + 0.94 * (x - line[0]),
                         line[1] + 0.94 * (y - line[1]))
                for side in sides:
                    label = Label(sid, text, x, y, side, size, _text_box(x, y, side, w, h),
                                  line)
                    if self._box_clear(label.box) and not _seg_box(short, label.box):
                        base = (40 + extra / 4 + k / 2 + (0 if side == pos else 3)
                                + extra_cost)
                        ways.append((label, self._cost(label, base)))
            # the cheapest few in each direction: enough choice, few spots to compare
            out += sorted(ways, key=lambda lc: lc[1])[:PER_DIRECTION]
        return out

    def place(self) -> tuple[list[Label], list[str]]:
        """Every name that fits, in map order, and the spaces left without one."""
        spots: list[Label] = []
        cost: list[float] = []
        owner: list[int] = []
        of_space: list[list[int]] = []
        for s, sid in enumerate(self.ids):
            mine = []
            for label, c in self.candidates(sid):
                mine.append(len(spots))
                spots.append(label)
                cost.append(c)
                owner.append(s)
            of_space.append(mine)
        clashes = self._clashes(spots, owner)
        misread = [not self.reads_as_own(label) for label in spots]
        exact = choose_exact(of_space, cost, misread, clashes)
        if exact is not None:
            return self._result(spots, exact)
        return self._result(spots, self._search(of_space, cost, misread, clashes))

    def _result(self, spots: list[Label], chosen: list[int]) -> tuple[list[Label], list[str]]:
        placed = [spots[c] for c in chosen if c >= 0]
        unlabelled = [sid for sid, c in zip(self.ids, chosen, strict=True) if c < 0]
        return placed, unlabelled

    def _search(self, of_space: list[list[int]], cost: list[float], misread: list[bool],
                clashes: list[list[int]]) -> list[int]:
        """The chosen spot of every space (-1: none) by a seeded search, where the exact
        choice has no answer: simulated annealing, names that still touch dropped, a space left
        without a name pushing the names in its way aside (:meth:`_repair`)."""
        # every name that can reads as its own space's: the search sees only such spots
        own = [[k for k in mine if not misread[k]] for mine in of_space]
        best: tuple[int, float, list[int]] | None = None
        for seed in SEEDS:  # a few searches: the one naming most spaces, then the cheapest
            chosen = self._anneal(own, cost, clashes, seed)
            chosen = self._settle(chosen, own, cost, clashes)
            chosen = self._repair(chosen, own, cost, clashes)
            score = (chosen.count(-1), sum(cost[c] for c in chosen if c >= 0))
            if best is None or score < best[:2]:
                best = (*score, chosen)
        assert best is not None
        chosen = best[2]
        # a space still without a name takes the cheapest spot left that reads less well
        # (the names it pushes aside keep to spots that read as their own)
        return self._repair(chosen, of_space, cost, clashes, own)

    @staticmethod
    def _clashes(spots: list[Label], owner: list[int]) -> list[list[int]]:
        """For each spot, the spots of other spaces it touches."""
        grid = _Grid(1.0)
        extents = [_extent(lb.box, lb.leader) for lb in spots]
        for i, ext in enumerate(extents):
            grid.add(i, ext)
        clashes: list[list[int]] = [[] for _ in spots]
        for i, a in enumerate(spots):
            for j in grid.near(extents[i]):
                if j > i and owner[j] != owner[i] and _overlap_closed(extents[i], extents[j]) \
                        and _clash(a, spots[j]):
                    clashes[i].append(j)
                    clashes[j].append(i)
        return clashes

    def _anneal(self, of_space: list[list[int]], cost: list[float],
                clashes: list[list[int]], seed: int) -> list[int]:
        """Simulated annealing: one spot per space (-1: none), few clashes, low cost."""
        import random

        rng = random.Random(seed)
        hits = [0] * len(cost)  # how many chosen spots each spot touches
        chosen = [-1] * len(of_space)

        def take(s: int, new: int) -> None:
            old = chosen[s]
            if old >= 0:
                for j in clashes[old]:
                    hits[j] -= 1
            if new >= 0:
                for j in clashes[new]:
                    hits[j] += 1
            chosen[s] = new

        def value(c: int) -> float:
            return UNNAMED if c < 0 else cost[c] + CLASH * hits[c]

        for s, mine in enumerate(of_space):  # start: each space's cheapest spot, in order
            if mine:
                take(s, min(mine, key=value))
        busy = [s for s, mine in enumerate(of_space) if len(mine) > 1]
        if not busy:
            return chosen
        t_hi, t_lo = HOT, COLD
        for step in range(STEPS):
            temp = t_hi * (t_lo / t_hi) ** (step / STEPS)
            s = busy[int(rng.random() * len(busy))]
            mine = of_space[s]
            new = mine[int(rng.random() * len(mine))]
            old = chosen[s]
            if new == old:
                continue
            delta = value(new) - value(old)
            if delta <= 0 or rng.random() < math.exp(-delta / temp):
                take(s, new)
        return chosen

    @staticmethod
    def _settle(chosen: list[int], of_space: list[list[int]], cost: list[float],
                clashes: list[list[int]]) -> list[int]:
        """No two names touch: the name touching most others goes until none touch; then
        each space, in turn, takes its cheapest spot touching no name, until none changes."""
        chosen = list(chosen)
        taken = {c for c in chosen if c >= 0}
        while True:
            worst = max(range(len(chosen)), key=lambda s: (
                sum(j in taken for j in clashes[chosen[s]]) if chosen[s] >= 0 else -1, -s))
            c = chosen[worst]
            if c < 0 or not any(j in taken for j in clashes[c]):
                break
            taken.discard(c)
            chosen[worst] = -1
        changed = True
        while changed:
            changed = False
            for s, mine in enumerate(of_space):
                c = chosen[s]
                taken.discard(c)
                free = [k for k in mine if not any(j in taken for j in clashes[k])]
                best = min(free, key=lambda k: (cost[k], k), default=c)
                if best != c and (c < 0 or cost[best] < cost[c]):
                    chosen[s], changed = best, True
                if chosen[s] >= 0:
                    taken.add(chosen[s])
        return chosen

    @staticmethod
    def _repair(chosen: list[int], of_space: list[list[int]], cost: list[float],
                clashes: list[list[int]], movers: list[list[int]] | None = None) -> list[int]:
        """A space left without a name takes a spot whose touching names can move out of its
        way: each to another free spot, or to a spot that touches one more name which itself
        moves to a free spot (cheapest spots first), so no two names touch and one more
        space is named; repeated until none gains. The names pushed aside move among
        ``movers`` (by default the same spots, ``of_space``)."""
        chosen = list(chosen)
        movers = of_space if movers is None else movers
        owner = {k: s for s, mine in enumerate(of_space) for k in mine}

        def clear(names: list[int], taken: set[int], depth: int,
                  frozen: set[int]) -> dict[int, int] | None:
            """New spots for ``names`` (their spots already out of ``taken``), each free or
            pushing at most two more names aside (``depth`` pushes deep), none of ``frozen``."""
            moves: dict[int, int] = {}
            for b in names:
                moved = move(b, taken, depth, frozen | set(names) | set(moves))
                if moved is None:
                    return None
                moves.update(moved)
                taken = (taken - {chosen[x] for x in moved}) | set(moved.values())
            return moves

        def move(b: int, taken: set[int], depth: int, frozen: set[int]) -> dict[int, int] | None:
            spots = sorted((m for m in movers[b] if m != chosen[b]), key=lambda m: (cost[m], m))
            for m in spots:
                if _free(m, taken, clashes):
                    return {b: m}
            if depth == 0:
                return None
            for m in spots:
                hit = sorted({owner[j] for j in clashes[m] if j in taken})
                if len(hit) > 2 or frozen.intersection(hit):
                    continue
                rest = (taken - {chosen[c] for c in hit}) | {m}
                moved = clear(hit, rest, depth - 1, frozen | {b})
                if moved is not None:
                    return {b: m, **moved}
            return None

        gained = True
        while gained:
            gained = False
            for s, mine in enumerate(of_space):
                if chosen[s] >= 0:
                    continue
                for k in sorted(mine, key=lambda k: (cost[k], k)):
                    taken = {c for c in chosen if c >= 0}
                    blockers = sorted({owner[j] for j in clashes[k] if j in taken})
                    if len(blockers) > 2:
                        continue
                    taken = (taken - {chosen[b] for b in blockers}) | {k}
                    moves = clear(blockers, taken, DEPTH, {s})
                    if moves is not None:
                        chosen[s] = k
                        for b, spot in moves.items():
                            chosen[b] = spot
                        gained = True
                        break
        return chosen




def _free(k: int, taken: set[int], clashes: list[list[int]]) -> bool:
    """Whether spot ``k`` touches none of the ``taken`` spots."""
    return not any(j in taken for j in clashes[k])
