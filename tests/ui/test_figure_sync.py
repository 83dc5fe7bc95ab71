"""The figure in the browser always shows the game, and a click always means what it showed.

Issue: a FigureWidget sends every change made inside ``batch_update`` as one ``Plotly.update``
message. plotly.js refuses a whole message that sets a property and one of its parents
("cannot set marker.color and a parent attribute simultaneously"), so one trace assigning a whole
``marker = {...}`` while another set ``marker.color`` left the browser's map behind the game for
good. :class:`BrowserFigure` applies the messages the way plotly.js does (refusing such a
message), and whole games played through the app must leave it equal to the Python figure.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.freedom import view
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.slowfreight.bots import GreedyBot
from freight_freedom.ui.display import app_for

pytest.importorskip("plotly")
import plotly.basewidget as bw  # noqa: E402
from plotly.basedatatypes import Undefined  # noqa: E402 - "this trace keeps its value"


class BrowserFigure:
    """The figure as plotly.js holds it, fed with the widget's update messages."""

    def __init__(self, fig: Any) -> None:
        whole = fig.to_dict()
        self.traces: list[dict[str, Any]] = whole["data"]
        self.layout: dict[str, Any] = whole["layout"]
        self.refused: list[str] = []

    @staticmethod
    def _set(obj: dict[str, Any], path: str, value: Any) -> None:
        *parents, leaf = path.split(".")
        for part in parents:
            obj = obj.setdefault(part, {})
        obj[leaf] = value

    def update(self, restyle: dict[str, Any], relayout: dict[str, Any],
               traces: list[int]) -> None:
        for data in (restyle, relayout):
            clash = [(a, b) for a in data for b in data if b.startswith(a + ".")]
            if clash:  # plotly.js: "cannot set b and a parent attribute simultaneously"
                self.refused.append(f"{clash[0][1]} with its parent {clash[0][0]}")
                return
        for path, values in restyle.items():
            for k, index in enumerate(traces):
                value = values[k] if isinstance(values, list) else values
                if value is Undefined:
                    continue
                self._set(self.traces[index], path, value)
        for path, value in relayout.items():
            self._set(self.layout, path, value)

    def assert_shows(self, fig: Any) -> None:
        assert not self.refused, f"plotly.js would refuse: {self.refused[0]}"
        expected = fig.to_dict()["data"]
        for k, (mine, theirs) in enumerate(zip(self.traces, fig.data, strict=True)):
            want = expected[k]
            for key in ("x", "y", "text", "customdata", "hovertext"):
                assert _plain(mine.get(key)) == _plain(want.get(key)), (theirs.name, key)
            for key in ("color", "size", "symbol"):
                assert _plain(mine.get("marker", {}).get(key)) == _plain(
                    want.get("marker", {}).get(key)), (theirs.name, key)
        assert self.layout.get("title", {}).get("text") == fig.layout.title.text


def _plain(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, (list, tuple)) or hasattr(value, "tolist"):
        return [_plain(v) for v in (value.tolist() if hasattr(value, "tolist") else value)]
    return value


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, BrowserFigure]]:
    """Every FigureWidget's update messages, applied to a :class:`BrowserFigure` per widget."""
    pages: dict[int, BrowserFigure] = {}
    original = bw.BaseFigureWidget._send_update_msg

    def send(self: Any, restyle_data: Any, relayout_data: Any, trace_indexes: Any = None,
             source_view_id: Any = None) -> None:
        page = pages.setdefault(id(self), BrowserFigure(self))
        page.update(restyle_data, relayout_data, self._normalize_trace_indexes(trace_indexes))
        original(self, restyle_data, relayout_data, trace_indexes, source_view_id)

    monkeypatch.setattr(bw.BaseFigureWidget, "_send_update_msg", send)
    yield pages


def _page(pages: dict[int, BrowserFigure], fig: Any) -> BrowserFigure:
    if id(fig) not in pages:  # no update sent yet: the page shows the figure as built
        pages[id(fig)] = BrowserFigure(fig)
    return pages[id(fig)]


def click(fig: Any, trace_name: str, index: int, xy: tuple[float, float] | None = None) -> None:
    """A browser click on point ``index`` of a trace, as the widget's frontend reports it."""
    trace_index = next(i for i, t in enumerate(fig.data) if t.name == trace_name)
    trace = fig.data[trace_index]
    x, y = xy if xy is not None else (trace.x[index], trace.y[index])
    fig._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace_index], "point_indexes": [index],
                   "xs": [x], "ys": [y]},
        "device_state": None, "selector": None}


@pytest.mark.parametrize("seed", [2024, 3, 11])
def test_freedom_browser_figure_follows_whole_games(
        browser: dict[int, BrowserFigure], seed: int) -> None:
    """FR-MOVE-1, FR-MARKET-2: the page's map equals the game's after every decision."""
    game = Freedom(players=2, seed=seed)
    app = app_for(game, seats=["Human", "Heuristic bot"])
    fig = app.figure
    page = BrowserFigure(fig)
    browser[id(fig)] = page
    brain = HeuristicBot()
    decisions = 0
    while not game.is_over:
        choice = brain.choose(game)
        before = len(game.history)
        if choice.kind in ("move", "deliver"):
            spaces = [a for a in choice.args if isinstance(a, str) and a in view.geometry(
                game.view_model().board).xy]
            ringed = list(fig.data[_index(fig, view.TARGETS)].customdata or ())
            if len(spaces) >= 2:  # origin on the map first, then its ringed destination
                click(fig, view.SPACES, view.geometry(game.view_model().board).ids.index(spaces[0]))
                ringed = list(fig.data[_index(fig, view.TARGETS)].customdata or ())
            if len(game.history) == before:
                click(fig, view.TARGETS, ringed.index(spaces[-1]))
            assert game.history[before] == choice, app.map_note.value
        else:
            app.actions.press(choice)
        decisions += 1
        page.assert_shows(fig)
    assert decisions > 40 and app.figure is fig


def _index(fig: Any, name: str) -> int:
    return next(i for i, t in enumerate(fig.data) if t.name == name)


def test_slow_freight_browser_figure_follows_a_whole_game(
        browser: dict[int, BrowserFigure]) -> None:
    """SF-TURN-1: the page's table equals the game's after every decision."""
    game = SlowFreight(players=2, seed=4)
    app = app_for(game, seats=["Human", "Human"])
    fig = app.figure
    page = BrowserFigure(fig)
    browser[id(fig)] = page
    brain = GreedyBot(seed=1)
    while not game.is_over:
        app.actions.press(brain.choose(game))
        page.assert_shows(fig)
    assert "Game over" in app.prompt.value


def test_a_click_acts_on_the_space_it_showed_not_on_an_index() -> None:
    """FR-MOVE-1: the ringed point carries its space id; a stale page is redrawn, not obeyed."""
    game = Freedom(players=1, seed=2)
    app = app_for(game, seats=["Human"])
    bot = HeuristicBot()
    while not any(a.kind == "move" for a in game.legal_actions()):
        app.actions.press(bot.choose(game))
    fig = app.figure
    geo = view.geometry(game.view_model().board)
    targets = fig.data[_index(fig, view.TARGETS)]
    assert list(targets.customdata) == view.targets(game)
    # the page shows a destination at another place than our copy of point 0: a lost update
    other = next(s for s in geo.ids if s not in targets.customdata)
    digest, steps = game.digest(), len(game.history)
    click(fig, view.TARGETS, 0, xy=geo.xy[other])
    assert (game.digest(), len(game.history)) == (digest, steps)
    assert "out of date" in app.map_note.value
    assert app.figure is not fig  # rebuilt from the game
    # the redrawn map's points work
    fig = app.figure
    dest = fig.data[_index(fig, view.TARGETS)].customdata[0]
    moves = [a for a in game.legal_actions() if a.kind == "move" and a.args[-1] == dest]
    click(fig, view.TARGETS, 0)
    if len(moves) == 1:
        assert game.history[steps] == moves[0]
    else:  # several people can reach it: the player is asked for the origin, nothing played
        assert len(game.history) == steps and "leave from" in app.map_note.value


def test_a_click_on_a_space_that_is_no_choice_is_refused_next_to_the_map() -> None:
    """FR-MOVE-1: nothing is played, and the note beside the map says why."""
    game = Freedom(players=1, seed=2)
    app = app_for(game, seats=["Human"])
    fig = app.figure
    geo = view.geometry(game.view_model().board)
    digest, steps = game.digest(), len(game.history)
    quebec = geo.ids.index("quebec") if "quebec" in geo.ids else len(geo.ids) - 1
    click(fig, view.SPACES, quebec)
    assert (game.digest(), len(game.history)) == (digest, steps)
    assert "not a legal choice now" in app.map_note.value
    assert "ff-map-note" in app.map_note._dom_classes
    # a click on a part of the figure that is not a space (the key) explains, plays nothing
    click(fig, "key", 0)
    assert (game.digest(), len(game.history)) == (digest, steps)
    assert "Click a space" in app.map_note.value
