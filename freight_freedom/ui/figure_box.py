"""The figure's place in the app: the FigureWidget around a built figure, the box that holds it
at its design size, and which point a browser click names.

The app builds the figure completely before wrapping it (:meth:`~freight_freedom.ui.app.
GameApp._build_figure`); from then on it changes the widget in place. Imported only where a
figure is shown (plotly is imported inside :func:`figure_widget`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .layout_css import figure_css

#: the width of a figure that names none (a widget in a flex box does not autosize reliably)
DEFAULT_WIDTH = 780


class StaleFigure(Exception):
    """The browser reported a point our copy of the figure does not have where it was clicked:
    the page showed something other than the game (a lost update)."""


def figure_widget(fig: Any, on_click: Callable[[Any, Any, Any], None]) -> Any:
    """``fig`` (complete) as a ``go.FigureWidget`` whose every trace calls ``on_click(trace,
    points, state)``; no modebar, no zoom, pan or double click."""
    import plotly.graph_objects as go

    if fig.layout.width is None:
        fig.layout.width = DEFAULT_WIDTH
    widget = go.FigureWidget(fig)
    # no modebar: its buttons sat in the tab order before the game, and its "edit in
    # Chart Studio" link leads off the page; the map is not zoomed or panned
    # and no double click: plotly takes a second press within ``doubleClickDelay`` of the
    # first for a double click, which lost a quick origin-then-destination pair of clicks
    widget._config = {"displayModeBar": False, "displaylogo": False, "scrollZoom": False,
                      "doubleClick": False, "doubleClickDelay": 1, "showTips": False}
    widget.layout.dragmode = False
    for trace in widget.data:
        trace.on_click(on_click)
    return widget


def figure_holder(widget: Any) -> tuple[widgets.Box, str, int]:
    """The box holding ``widget`` (class ``ff-figure``), the CSS scaling it to the board
    (:func:`.layout_css.figure_css`; "" for a figure without a height) and its height (0: none).

    The figure has a fixed width, so its box must not shrink below it (or the column would be
    drawn over the map); the board wraps instead."""
    width = int(widget.layout.width)
    holder = widgets.Box([widget], layout=widgets.Layout(flex="0 0 auto", width=f"{width}px",
                                                         min_width=f"{width}px"))
    holder.add_class("ff-figure")
    height = int(widget.layout.height or 0)
    return holder, figure_css(width, height) if height else "", height


def _close(a: Any, b: Any) -> bool:
    try:
        return abs(float(a) - float(b)) <= 1e-6 * max(1.0, abs(float(a)))
    except (TypeError, ValueError):
        return False


def clicked_id(trace: Any, index: int, x: Any, y: Any) -> str | None:
    """The id (``customdata``) of the point the browser reported by ``index`` and position
    (``x``, ``y``; ``None`` when not reported), or ``None`` for a trace that is not clickable
    (routes, key, tracks ...).

    The id is read from our copy of the trace only if our copy has that point at that
    position; if not, :class:`StaleFigure` is raised (nothing must be played)."""
    ids = trace.customdata
    if ids is None:
        return None
    if not 0 <= index < len(ids):
        raise StaleFigure(f"no point {index} in {trace.name!r}")
    if x is not None and y is not None and not (
            _close(trace.x[index], x) and _close(trace.y[index], y)):
        raise StaleFigure(f"point {index} of {trace.name!r} is not at ({x}, {y})")
    return str(ids[index])
