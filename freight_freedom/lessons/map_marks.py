"""What a lesson or puzzle draws on its map, and how its map scales: the highlight rings and the
page styles scoped to one widget's map (the names kept above the rings:
:func:`~freight_freedom.ui.figure_names.names_on_top`)."""

from __future__ import annotations

import itertools
from typing import Any

from ..ui.layout_css import figure_css

HIGHLIGHT = "lesson highlight"
#: focus rings; a long choice wraps onto lines of its own; the board row is the container whose
#: width scales the map (the app's rules, :func:`scaled_map_css`): beside the map down to 0.8
#: of its size, the step's text and question; narrower, they go above the map
CSS = """<style>
.ff-lesson button:focus-visible, .ff-lesson select:focus-visible,
.ff-lesson input:focus-visible, .ff-lesson summary:focus-visible {
  outline: 3px solid #0b57d0 !important; outline-offset: 2px; }
.ff-lesson-board, .ff-puzzle-board { container-type: inline-size; }
.ff-lesson-board .ff-map > *, .ff-puzzle-board .ff-map > * { transform-origin: 0 0; }
.ff-lesson-board .widget-radio-box label, .ff-puzzle-board .widget-radio-box label {
  height: auto !important; line-height: 1.35; white-space: normal; margin: 2px 0; }
</style>"""
_scopes = itertools.count(1)


def scaled_map_css(widget: Any, width: int, height: int) -> str:
    """The app's map-scaling rules (:func:`~freight_freedom.ui.layout_css.figure_css`) for
    ``widget``'s own map (class ``ff-map``) and text column (``ff-text``) only: a notebook may
    show several lessons, puzzles or apps, each map with its own size."""
    scope = next((c for c in widget._dom_classes if c.startswith("ff-scope-")), None)
    if scope is None:
        scope = f"ff-scope-{next(_scopes)}"
        widget.add_class(scope)
    return (figure_css(width, height).replace(".ff-figure", f".{scope} .ff-map")
            .replace(".ff-column", f".{scope} .ff-text"))


def highlight_trace(fig: Any, ids: tuple[str, ...]) -> Any:
    """Rings around the points of ``fig`` whose ``customdata`` is one of ``ids``."""
    if not ids:
        return None
    import plotly.graph_objects as go

    xs, ys = [], []
    for trace in fig.data:
        data = trace.customdata
        if data is None or trace.x is None:
            continue
        for i, key in enumerate(data):
            if key in ids and i < len(trace.x):
                xs.append(trace.x[i])
                ys.append(trace.y[i])
    if not xs:
        return None
    return go.Scatter(x=xs, y=ys, mode="markers", name=HIGHLIGHT, hoverinfo="skip",
                      showlegend=False,
                      marker={"size": 34, "color": "rgba(0,0,0,0)",
                              "line": {"width": 4, "color": "#ff6f00"}})
