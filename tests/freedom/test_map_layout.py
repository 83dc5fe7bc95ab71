"""The stored map layout (data/map_layout.json) is up to date with the map data and the code."""

from __future__ import annotations

from freight_freedom.freedom import view
from freight_freedom.freedom.board import Board, load_board, read_packaged
from freight_freedom.freedom.drawing import layout as map_layout


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
    # laid out afresh, and as well as the packaged map: every space named, each name its own
    from freight_freedom.freedom.drawing.labels import reads_as_own

    assert not geo.unlabelled and {lb.sid for lb in geo.labels} == set(geo.ids)
    assert all(reads_as_own(lb, geo.xy, geo.radius_px, geo.px) for lb in geo.labels)


def test_the_lens_draws_the_north_east_larger_and_keeps_directions() -> None:
    """The fisheye lens (drawing.layout.magnify) spreads the crowded Great Lakes and Mid-Atlantic
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



def test_every_name_reads_as_its_own_spaces() -> None:
    """Issue 19, a name must read as its own space's: a student asked to find a place picks
    the circle its name is nearest. Beside its marker, no other marker's edge is nearer the
    name's box than its own marker's; at a leader line's end, no other marker's edge comes
    within drawing.labels.CLEAR (16) px of the box; leader lines stay short (the longest, to
    Sandusky out of the Detroit River crowd, is about 115 px). Checked on the stored layout:
    all 70 names (Battle Creek's fits only with 1. Amherstburg's line at 60 degrees and the
    names around it chosen together, which the exact solver of drawing.label_solve does)."""
    import math

    from freight_freedom.freedom.drawing.labels import CLEAR, marker_gap, reads_as_own

    geo = view.geometry(load_board())
    assert {lb.sid for lb in geo.labels} == set(geo.ids)
    assert CLEAR >= 16
    wrong = {lb.sid for lb in geo.labels
             if not reads_as_own(lb, geo.xy, geo.radius_px, geo.px)}
    assert not wrong, sorted(wrong)
    for lb in geo.labels:
        own = marker_gap(lb.box, geo.xy[lb.sid], geo.radius_px[lb.sid], geo.px)
        assert own >= 0, lb.sid  # no name covers its own marker
        if lb.leader is not None:
            assert math.dist(lb.leader[:2], lb.leader[2:]) * geo.px <= 120, lb.sid


def test_two_line_names_are_measured_line_by_line() -> None:
    """A name set on two lines ("Harpers<br>Ferry") is as wide as its longer line and as tall
    as plotly draws two lines (drawing.labels.LINE_SPACING), so the layout keeps its real box
    clear; a Canada space's number stays on the line with its name."""
    from freight_freedom.freedom.drawing.labels import LINE_SPACING, text_size, two_lines

    one_w, one_h = text_size("Harpers Ferry", 16, 1.0)
    w, h = text_size("Harpers<br>Ferry", 16, 1.0)
    assert w == text_size("Harpers", 16, 1.0)[0] < one_w
    assert h == one_h + LINE_SPACING * 16
    assert two_lines("Harpers Ferry") == "Harpers<br>Ferry"
    assert two_lines("4. St. Catharines") == "4. St.<br>Catharines"
    assert two_lines("Chicago") is None and two_lines("1. Amherstburg") is None


def test_without_scipy_a_local_search_still_names_every_space(monkeypatch) -> None:
    """SciPy is optional (the ``components`` extra): without it the placer's seeded local
    search lays out a changed map's names. On the packaged map it names every space, no two
    names touch and at most one name reads as another's (Battle Creek, which only the exact
    solver fits)."""
    from freight_freedom.freedom.drawing import label_placer
    from freight_freedom.freedom.drawing.labels import _clash, reads_as_own

    monkeypatch.setattr(label_placer, "choose_exact", lambda *args: None)
    geo = view.compute_geometry(load_board())
    assert {lb.sid for lb in geo.labels} == set(geo.ids) and not geo.unlabelled
    for i, a in enumerate(geo.labels):
        for b in geo.labels[i + 1:]:
            assert not _clash(a, b), (a.sid, b.sid)
    wrong = [lb.sid for lb in geo.labels if not reads_as_own(lb, geo.xy, geo.radius_px, geo.px)]
    assert len(wrong) <= 1, wrong


def test_the_exact_choice_takes_the_cheapest_arrangement_where_no_names_touch() -> None:
    """choose_exact on small cases worked by hand: space 0's cheap spot touches space 1's
    only spot, so space 0 takes its dearer spot; a spot that reads as another space's is never
    taken; where no arrangement names every space with its own name, there is no exact answer
    (the local search takes over)."""
    from freight_freedom.freedom.drawing.label_solve import choose_exact

    # spots: 0, 1 of space 0 (0 touches 2); 2 of space 1
    assert choose_exact([[0, 1], [2]], [1.0, 5.0, 1.0], [False] * 3,
                        [[2], [], [0]]) == [1, 2]
    # spot 1 is cheaper but reads as another's; spot 0 is free
    assert choose_exact([[0, 1]], [9.0, 1.0], [False, True], [[], []]) == [0]
    # space 1's only spot reads as another's: no exact answer
    assert choose_exact([[0], [1]], [1.0, 1.0], [False, True], [[], []]) is None
    # both spaces have one spot and they touch: no exact answer
    assert choose_exact([[0], [1]], [1.0, 2.0], [False, False], [[1], [0]]) is None
