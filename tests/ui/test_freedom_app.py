"""Freedom played through the app's widgets and map clicks; map, state and log must agree."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from freight_freedom import Freedom
from freight_freedom.freedom import view
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.ui.display import app_for, figure_for, html_summary

pytest.importorskip("plotly")


def trace(fig: Any, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


def check_map_agrees(fig: Any, game: Freedom) -> None:
    board = game.view_model().board
    geo = view.geometry(board)
    spaces = trace(fig, view.SPACES)
    assert len(spaces.x) == len(board.spaces) == len(spaces.text)
    people = {**game.state.people, **game.state.freed_at}
    for sid, text in zip(geo.ids, spaces.text, strict=True):
        assert text.strip() == (str(people[sid]) if people.get(sid) else ""), sid
    catchers = trace(fig, view.CATCHERS)
    drawn = sorted((round(x, 6), round(y, 6)) for x, y in zip(catchers.x, catchers.y, strict=True))
    expected = []
    for sid, colours in _by_space(game.state.catchers).items():
        x, y = geo.xy[sid]
        expected += [(round(x, 6), round(y, 6)) for _ in colours]
    assert drawn == sorted(expected)
    freed = trace(fig, "Slaves Freed track").marker.color
    assert sum(c != "white" for c in freed) == min(game.state.freed, len(freed))


def _by_space(catchers: dict[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for colour, sid in catchers.items():
        out.setdefault(sid, []).append(colour)
    return out


def click_space(fig: Any, space: str, game: Freedom) -> None:
    """A browser click on a space, delivered as the FigureWidget's frontend sends it."""
    geo = view.geometry(game.view_model().board)
    index = geo.ids.index(space)
    trace_index = next(i for i, t in enumerate(fig.data) if t.name == view.SPACES)
    fig._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace_index], "point_indexes": [index],
                   "xs": [geo.xy[space][0]], "ys": [geo.xy[space][1]]},
        "device_state": None, "selector": None}


def test_whole_game_by_buttons_and_map_clicks() -> None:
    game = Freedom(players=2, seed=3)
    app = app_for(game, seats=["Human", "Heuristic bot"])
    fig = app.figure
    brain = HeuristicBot()
    map_moves = presses = 0
    while not game.is_over:
        assert game.to_move == 0
        assert app.actions.actions == game.legal_actions()
        choice = brain.choose(game)
        steps_before = len(game.history)
        if choice.kind in ("move", "deliver"):
            spaces = [a for a in choice.args if isinstance(a, str)]
            dests = view.targets(game)
            assert spaces[-1] in dests  # ringed on the map
            ringed = trace(fig, view.TARGETS)
            assert len(ringed.x) == len(dests)
            for space in spaces:  # origin (if any) then destination, like a player
                if len(game.history) == steps_before:
                    click_space(fig, space, game)
            map_moves += 1
        else:
            app.actions.press(choice)
            presses += 1
        assert app.errors.last_kind != "error", app.errors.text
        assert len(game.history) > steps_before
        assert app.figure is fig
        if (map_moves + presses) % 5 == 0:
            check_map_agrees(fig, game)
    check_map_agrees(fig, game)
    assert map_moves >= 3 and presses > 10
    assert "Game over" in app.prompt.value
    assert game.log[-1].rule in app.log_view.html.value


def test_map_click_on_origin_then_destination() -> None:
    game = Freedom(players=1, seed=2)
    app = app_for(game, seats=["Human"])
    bot = HeuristicBot()
    while not any(a.kind == "move" for a in game.legal_actions()):
        app.actions.press(bot.choose(game))
    move = next(a for a in game.legal_actions() if a.kind == "move")
    origin, dest = move.args[0], move.args[1]
    click_space(app.figure, str(origin), game)
    assert app.selection.origin == origin
    ringed = set(zip(trace(app.figure, view.TARGETS).x, trace(app.figure, view.TARGETS).y,
                     strict=True))
    geo = view.geometry(game.view_model().board)
    assert geo.xy[str(dest)] in ringed
    before = len(game.history)
    click_space(app.figure, str(dest), game)
    assert game.history[before] == move
    check_map_agrees(app.figure, game)


def test_undo_and_bad_save_keep_the_map_right() -> None:
    game = Freedom(players=2, seed=5)
    app = app_for(game, seats=["Heuristic bot", "Heuristic bot"])
    app.stepper.step("phase")
    app.stepper.step("phase")
    digest = game.digest()
    app.stepper.step("one")
    app.undo_button.click()
    assert game.digest() == digest
    check_map_agrees(app.figure, game)
    assert app.saveload.load_bytes(b'{"format": "nope"}', "broken.json") is None
    assert "broken.json" in app.errors.text and game.digest() == digest and app.game is game


def test_stepper_rounds_and_static_faces() -> None:
    game = Freedom(players=1, seed=7)
    app = app_for(game, seats=["Heuristic bot"])
    app.stepper.step("round")
    assert game.round == 2
    check_map_agrees(app.figure, game)
    assert "Abolitionist Queue" in app.side.value and "Lead Player" in app.side.value
    text = html_summary(game)
    assert "FR-" in text and "Slave Catchers" in text
    fig = figure_for(game)
    check_map_agrees(fig, game)


def _states() -> list[Freedom]:
    """Set-up, a mid-game position with a movement pending, and a late game."""
    setup = Freedom(players=2, seed=3)
    mid = Freedom(players=2, seed=3)
    bot = HeuristicBot()
    while not any(a.kind == "move" for a in mid.legal_actions()):
        mid.apply(bot.choose(mid))
    late = Freedom(players=2, seed=3)
    while not late.is_over and late.round < 7:
        late.apply(bot.choose(late))
    return [setup, mid, late]


def test_space_labels_do_not_overlap_and_name_almost_every_space() -> None:
    board = Freedom(players=2, seed=3).view_model().board
    geo = view.geometry(board)
    labels = geo.labels
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not view._overlap(a.box, b.box), (a.sid, b.sid)
        for sid in geo.ids:  # a name never sits on another space's marker
            if sid != a.sid:
                marker = view._square(*geo.xy[sid], geo.radius_px[sid] / geo.px)
                assert not view._overlap(a.box, marker), (a.text, sid)
        if a.leader is not None:  # a leader line crosses no other marker and no other name
            for sid in geo.ids:
                if sid != a.sid:
                    marker = view._square(*geo.xy[sid], geo.radius_px[sid] / geo.px)
                    assert not view._crosses(marker, a.leader), (a.text, sid)
            for b in labels:
                if b is not a:
                    assert not view._crosses(b.box, a.leader), (a.text, b.text)
    # every space is named on the map (in the crowded Great Lakes and Mid-Atlantic some names
    # sit further out, joined to their space by a leader line)
    assert {lb.sid for lb in labels} == set(board.spaces)
    assert geo.unlabelled == ()
    assert min(lb.size for lb in labels) >= 16  # 12.8 px at the app's smallest scale, 0.8
    assert geo.height + 40 <= 768  # the map and the app's header fit a laptop screen
    for sid in (*board.canada, *board.plantations, "chicago", "new_york", "boston",
                "philadelphia", "cincinnati", "washington_dc"):
        assert sid not in geo.unlabelled, sid
    lens = view.magnify(geo.true_xy)  # no two markers touch; each stays where the lens has it
    for a in view.geometry(board).ids:
        assert math.dist(geo.xy[a], lens[a]) < 0.4, a
    names = trace(view.figure(Freedom(players=2, seed=3)), view.NAMES)
    assert list(names.text) == [lb.text for lb in labels]


def _names_in(text: str, board: Any) -> set[str]:
    """The spaces of ``board`` whose name (or its short form on the map) ``text`` mentions."""
    found = set()
    for sid, space in board.spaces.items():
        short = view.label_text(board, sid).split(". ", 1)[-1]
        forms = {space.name, short, space.name.replace("Canada - ", "")}
        if any(re.search(rf"\b{re.escape(form)}\b", text) for form in forms):
            found.add(sid)
    return found


def test_every_space_the_lessons_puzzles_and_guide_name_is_named_on_the_map() -> None:
    """Issue 19: what a lesson, a puzzle or the teaching guide talks about can be found on the
    map by its name. The names come from the map data; the texts are the lesson and puzzle
    modules and docs/teaching.md; the check reads the text drawn in the figure."""
    root = Path(__file__).resolve().parents[2]
    game = Freedom(players=2, seed=3)
    board = game.view_model().board
    package = root / "freight_freedom"
    texts = [path.read_text(encoding="utf-8")  # the shared lessons and each game's own
             for path in sorted([*package.glob("lessons/*.py"), *package.glob("*/lesson/*.py")])]
    texts.append((root / "docs" / "teaching.md").read_text(encoding="utf-8"))
    for path in sorted((root / "notebooks").glob("*.ipynb")):  # the lessons' own cells
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts += ["".join(cell["source"]) for cell in cells]
    named = set().union(*(_names_in(text, board) for text in texts))
    assert len(named) >= 20, sorted(named)  # the texts were found and read
    drawn = [text.replace("<br>", " ") for text in trace(view.figure(game), view.NAMES).text]
    for sid in sorted(named):
        assert view.label_text(board, sid) in drawn, board.spaces[sid].name


def test_every_trace_lies_inside_the_axis_ranges() -> None:
    for game in _states():
        fig = view.figure(game)
        (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
        for tr in fig.data:
            for x, y in zip(tr.x or (), tr.y or (), strict=True):
                if x is None or y is None:
                    continue
                assert x0 <= x <= x1 and y0 <= y <= y1, (tr.name, x, y)
        geo = view.geometry(game.view_model().board)
        for lb in geo.labels:
            bx0, by0, bx1, by1 = lb.box
            assert x0 <= bx0 and bx1 <= x1 and y0 <= by0 and by1 <= y1, lb.text
        # the figure is as tall as the map at its design width: no blank band
        aspect = (y1 - y0) / (x1 - x0)
        assert abs(fig.layout.height - view.PLOT_W * aspect - 38) < 2


def test_panel_sits_clear_of_the_map() -> None:
    game = _states()[1]
    fig = view.figure(game)
    geo = view.geometry(game.view_model().board)
    px0, py0, px1, py1 = geo.panel_box
    for sid in geo.ids:
        x, y = geo.xy[sid]
        assert not (px0 <= x <= px1 and py0 <= y <= py1), sid
    for name in ("Slaves Freed track", "Slaves Lost track", "Slave Market cards", "key"):
        tr = trace(fig, name)
        assert all(px0 <= x <= px1 and py0 <= y <= py1 for x, y in zip(tr.x, tr.y, strict=True))
    assert view.targets(game)  # a movement decision is pending: destinations are ringed
    assert len(trace(fig, view.TARGETS).x) == len(view.targets(game))


def test_undo_my_turn_goes_back_across_the_bots_replies() -> None:
    """FR-ACT-1: one click takes back the human's last decision and every bot step after it."""
    game = Freedom(players=2, seed=4)
    app = app_for(game, seats=["Human", "Heuristic bot"])
    brain = HeuristicBot()
    assert app.undo_turn_button.disabled  # nothing of the human's to take back yet
    while True:  # play as Player 1 until the bot has answered at least one decision
        mine = len(game.history)
        app.actions.press(brain.choose(game))
        if any(getattr(s, "seat", 0) == 1 for s in game.history[mine + 1:]):
            break
    digest_before_mine = Freedom.from_json(game.to_json()).copy()
    for _ in range(len(game.history) - mine):
        digest_before_mine.undo()
    app.undo_turn_button.click()
    assert len(game.history) == mine
    assert game.to_move == 0 and game.digest() == digest_before_mine.digest()
    assert app.actions.actions == game.legal_actions()


def test_what_the_bots_did_is_listed_and_drawn() -> None:
    """FR-MOVE-1, FR-MOVE-5: after a decision, its events and the bots' replies are shown."""
    game = Freedom(players=2, seed=3)
    app = app_for(game, seats=["Human", "Heuristic bot"])
    brain = HeuristicBot()
    seen_arrows = False
    for _ in range(120):
        mark = len(game.log)
        app.actions.press(brain.choose(game))
        texts = [e.text for e in game.log[mark:]]
        assert all(t.replace("&", "&amp;").replace("'", "&#x27;")
                   .replace('"', "&quot;") in app.recent.value for t in texts[-8:])
        moves = [e for e in game.log[mark:] if {"from", "to"} <= set(e.data)]
        drawn = sum(len([x for x in trace(app.figure, name).x if x is not None]) // 2
                    for name in (view.RECENT_PEOPLE, view.RECENT_CATCHERS))
        assert drawn == len(moves)
        seen_arrows = seen_arrows or drawn > 0
        if game.is_over:
            break
    assert seen_arrows
    app.undo_button.click()  # after an undo nothing is "just happened"
    assert app.recent.value == ""


def test_choices_not_offered_are_explained_beside_the_actions() -> None:
    """FR-PLAN-3: in Planning without the money for Support, the column says why."""
    game = Freedom(players=2, seed=3)
    app = app_for(game, seats=["Human", "Human"])
    brain = HeuristicBot()
    for _ in range(300):
        if game.is_over:
            break
        reasons = app.ui.unavailable(app.view)
        assert all(r.replace("$", "$") in app.unavailable.value.replace("&#x27;", "'")
                   for r in reasons if "&" not in r and "<" not in r)
        if any("Support" in r for r in reasons):
            assert "Not possible now" in app.unavailable.value
            return
        app.actions.press(brain.choose(game))
    raise AssertionError("no decision where Support could not be bought")
