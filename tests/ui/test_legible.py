"""What a student reads at JupyterLab scale (issue 19): panel text, the map's amounts, paths.

The app draws the map at 0.8 of its size beside the decision column in JupyterLab with its file
browser open, so what the map says must stay readable there; the side panels are not scaled.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.freedom import view
from freight_freedom.freedom.app import FreedomUI
from freight_freedom.freedom.drawing.figure import TAG_SIZE
from freight_freedom.lessons import lesson
from freight_freedom.lessons.widget import LessonWidget
from freight_freedom.slowfreight.app import SlowFreightUI, final_table_html
from freight_freedom.ui.layout_css import SIDE_BY_SIDE_MIN

pytest.importorskip("plotly")

def freedom_side(game: Any) -> str:
    return FreedomUI().side_html(game.view())


def freight_side(game: Any) -> str:
    return SlowFreightUI().side_html(game.view())

SIZE = re.compile(r"font-size:\s*(\d+(?:\.\d+)?)px")


def trace(fig: Any, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


def sizes(html: str) -> list[float]:
    found = [float(s) for s in SIZE.findall(html)]
    assert found, "the text sets its sizes"  # the check reads real markup
    return found


def _played(game: Any, moves: int) -> Any:
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return game


def test_side_panels_are_at_least_13px() -> None:
    """No text a student must read beside the map is below 13 px (both games, mid-game)."""
    freedom = _played(Freedom(players=2, seed=3), 12)
    assert min(sizes(freedom_side(freedom))) >= 13
    freight = _played(SlowFreight(players=2, seed=7), 12)
    assert min(sizes(freight_side(freight))) >= 13


def test_a_lessons_text_is_at_least_13px() -> None:
    w = LessonWidget(lesson("freedom"))
    for i in range(len(w.lesson.steps)):
        w.go(i)
        for part in (w.header, w.narrative, w.events, w.history, w.t_prompt, w.cites):
            if SIZE.search(part.value):
                assert min(sizes(part.value)) >= 13, (i, part.value[:80])


def test_the_maps_amounts_stay_readable_at_the_smallest_scale() -> None:
    """The gold circles' "$n" is at least 10 px where the map is drawn at 0.8 of its size."""
    fig = view.figure(Freedom(players=2, seed=3))
    coins = trace(fig, "gold circle ($ on entry)")
    assert coins.textfont.size * SIDE_BY_SIDE_MIN >= 10
    assert all(re.fullmatch(r"\$\d", t) for t in coins.text)


def test_catcher_paths_differ_by_dash_and_carry_their_letters() -> None:
    """Paths are told apart without colour (FR-CATCH-2: each catcher moves only along its own
    path): each has its own dash pattern, and the catcher's letter sits on it, on none of the
    names, spaces or gold circles."""
    game = Freedom(players=2, seed=3)
    board = game.view_model().board
    fig = view.figure(game)
    geo = view.geometry(board)
    dashes = [trace(fig, f"{c} path").line.dash for c in board.catchers]
    assert len(set(dashes)) == len(dashes) == 5
    letters = trace(fig, view.PATH_TAGS)
    assert sorted(letters.text) == sorted(view.catcher_tag(c) for c in board.catchers)
    half = TAG_SIZE / 2 / geo.px
    for colour, x, y, tag in zip(board.catchers, letters.x, letters.y, letters.text,
                                 strict=True):
        assert tag == view.catcher_tag(colour)
        box = view._square(x, y, half)
        assert not any(view._overlap(box, lb.box) for lb in geo.labels), tag
        assert not any(view._overlap(box, view._square(*geo.xy[s], 0.6 * geo.radius_px[s]
                                                       / geo.px)) for s in geo.ids), tag
        # on its path: within a letter's size of one of the path's routes
        path = board.catchers[colour].path
        assert any(_near_segment((x, y), geo.xy[a], geo.xy[b], 2 * half)
                   for a, b in zip(path, path[1:], strict=False)), tag


def _near_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float],
                  within: float) -> bool:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    return bool(((ax + t * (bx - ax) - px) ** 2 + (ay + t * (by - ay) - py) ** 2) ** 0.5
                <= within)


def test_names_are_drawn_above_rings_with_a_white_edge() -> None:
    """A ringed destination (or a lesson's highlight) never covers its name."""
    fig = view.figure(Freedom(players=2, seed=3))
    order = [t.name for t in fig.data]
    assert order.index(view.NAMES) > max(order.index(view.TARGETS), order.index(view.CATCHERS))
    assert "#fff" in trace(fig, view.NAMES).textfont.shadow
    w = LessonWidget(lesson("freedom"))
    ringed = next(i for i, s in enumerate(w.lesson.steps) if s.highlight)
    w.go(ringed)
    order = [t.name for t in w.figure.data]
    assert order[-1] == view.NAMES and "lesson highlight" in order


def test_final_score_is_13px() -> None:
    game = SlowFreight(players=2, seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert min(sizes(final_table_html(game.view()))) >= 13


def test_each_lesson_or_puzzle_scales_only_its_own_map() -> None:
    """Two puzzle widgets in one notebook (Freedom's map, Slow Freight's table) each scale their
    own figure: the rules name the widget's own class, never a bare ``.ff-map``."""
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget
    from freight_freedom.lessons.puzzles import puzzles

    maps, tables = PuzzleWidget(puzzles("freedom")), PuzzleWidget(puzzles("slowfreight"))
    scopes = []
    for w in (maps, tables):
        scope = next(c for c in w._dom_classes if c.startswith("ff-scope-"))
        css = w.figure_style.value
        assert "transform: scale(0.8)" in css
        assert css.count(".ff-map") == css.count(f".{scope} .ff-map") > 0
        scopes.append(scope)
    assert scopes[0] != scopes[1]
    assert f"{maps.figure.layout.height}px" in maps.figure_style.value


def test_every_space_name_is_at_least_12_5px_at_the_smallest_scale() -> None:
    """Issue 19: every space is named, and its name is still 12.5 px or more where the map is
    drawn at 0.8 of its size (JupyterLab with its file browser open, Voila on a 768 px
    screen); the names in the figure are the stored layout's."""
    game = Freedom(players=2, seed=3)
    board = game.view_model().board
    geo = view.geometry(board)
    assert {lb.sid for lb in geo.labels} == set(board.spaces) and geo.unlabelled == ()
    names = trace(view.figure(game), view.NAMES)
    assert list(names.text) == [lb.text for lb in geo.labels]
    assert min(names.textfont.size) * SIDE_BY_SIDE_MIN >= 12.5
    # the layout reckons each name's box at the size it is drawn
    for lb, size in zip(geo.labels, names.textfont.size, strict=True):
        w, h = view.text_size(lb.text, size, geo.px)
        assert abs((lb.box[2] - lb.box[0]) - w) < 1e-9 and abs((lb.box[3] - lb.box[1]) - h) < 1e-9


def test_names_keep_clear_of_gold_circles_slots_and_the_panel() -> None:
    """No name touches a gold circle, a plantation's slots or the panel (the tracks, the Slave
    Market, the key), and a leader line crosses none of them."""
    game = Freedom(players=2, seed=3)
    geo = view.geometry(game.view_model().board)
    coins = [view._square(*xy, 8 / geo.px) for xy in geo.money_xy.values()]
    slots = [view._square(*xy, 6 / geo.px) for grid in geo.slot_xy.values() for xy in grid]
    for lb in geo.labels:
        for box in (*coins, *slots, geo.panel_box):
            assert not view._overlap(lb.box, box), lb.text
            assert lb.leader is None or not view._crosses(box, lb.leader), lb.text


def test_every_catcher_space_keeps_a_corner_free_of_names() -> None:
    """FR-CATCH-2 (catchers stand on their paths' spaces): on every space of a path at least
    one corner of a catcher's diamond is clear of every name, so the letter drawn there never
    covers a name (drawing.draw picks the corner covering fewest)."""
    from freight_freedom.freedom.drawing.layout import CATCHER_SIZE

    board = Freedom(players=2, seed=3).view_model().board
    geo = view.geometry(board)
    reach, half = 0.65 * CATCHER_SIZE / geo.px, TAG_SIZE / 2 / geo.px
    for sid in {s for path in board.catchers.values() for s in path.path}:
        x, y = geo.xy[sid]
        corners = [view._square(x + fx * reach, y + fy * reach, half)
                   for fx, fy in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        assert any(not any(view._overlap(c, lb.box) for lb in geo.labels) for c in corners), sid
