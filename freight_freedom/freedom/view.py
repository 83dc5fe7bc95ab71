"""The Freedom route map as a plotly figure: where the people and the Slave Catchers are.

Drawn true to geography without any network access. plotly's ``scattergeo`` would be the
obvious choice, but plotly.js fetches its coastline and state-border topojson from a CDN at
render time (``topojsonURL``), so in a classroom without internet, on Binder behind a proxy or in
a Voila app the base map would fail to load. Instead every space's longitude and latitude are
projected in Python and drawn as an ordinary ``go.Scatter`` with equal axis scale. That needs no
assets, updates fastest (plain x/y arrays) and gives reliable click events on a FigureWidget.

The map lives in the :mod:`.drawing` package, one module per concern; this one gathers their
names:

- :mod:`.drawing.layout`: the projection and the layout of everything that never moves,
  computed once per map and stored for the packaged one (:func:`geometry`), with
  :mod:`.drawing.labels` and :mod:`.drawing.label_placer` placing the names;
- :mod:`.drawing.figure`: the figure's traces and layout (:func:`skeleton`), the colours and key;
- :mod:`.drawing.draw`: drawing a view (``game.view()``) and the app's selection on it
  (:func:`draw`), the advisor's hints and the last moves' arrows;
- :mod:`.drawing.click`: what a click on the map means and a movement as two drop-down choices.

:func:`figure` builds a complete figure of a game; :func:`update` draws a game's view on an
existing one (a FigureWidget, inside ``batch_update``), so the trace list never changes within a
game. ``python -m freight_freedom.freedom.view`` rewrites the stored layout after a map change.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ..ui.adapter import Selection, game_view
from .drawing.draw import draw, draw_hints_on, title_text
from .drawing.figure import (
    CATCHER_COLOUR,
    CATCHER_DASH,
    CATCHER_TAG,
    CATCHER_TAGS,
    CATCHERS,
    GOLD,
    HINT,
    HINTS,
    KEY,
    NAMES,
    PATH_TAGS,
    PERSON,
    PERSON_EDGE,
    RECENT_CATCHERS,
    RECENT_PEOPLE,
    REGION_COLOUR,
    REGION_FILL,
    REGION_NAME,
    SLOTS,
    SPACES,
    TARGET,
    TARGETS,
    catcher_tag,
    path_tag_spots,
    skeleton,
)
from .drawing.labels import (
    FAR,
    NAME_FAMILY,
    NAME_FONT,
    NEAR,
    Label,
    _crosses,
    _overlap,
    _segments_meet,
    _square,
    label_text,
    text_size,
)
from .drawing.layout import (
    CATCHER_SIZE,
    CATCHER_STEP,
    FIG_W,
    LAYOUT_FILE,
    MARGIN,
    PLOT_W,
    Geometry,
    board_fingerprint,
    compute_geometry,
    geometry,
    geometry_from_dict,
    geometry_to_dict,
    magnify,
    project,
    spread,
    write_layout,
)
from .view_model import ends as _ends

__all__ = [
    "CATCHERS", "CATCHER_COLOUR", "CATCHER_DASH", "CATCHER_SIZE", "CATCHER_STEP", "CATCHER_TAG",
    "CATCHER_TAGS", "FAR", "FIG_W", "GOLD", "HINT", "catcher_tag", "HINTS", "KEY", "LAYOUT_FILE",
    "MARGIN", "NAMES", "NAME_FAMILY", "PATH_TAGS", "NAME_FONT", "NEAR", "PERSON", "PERSON_EDGE",
    "PLOT_W", "RECENT_CATCHERS", "RECENT_PEOPLE", "REGION_COLOUR", "REGION_FILL", "REGION_NAME",
    "SLOTS", "SPACES", "TARGET", "TARGETS", "Geometry", "Label", "_crosses", "_overlap",
    "_segments_meet", "_square", "board_fingerprint", "compute_geometry", "draw", "draw_hints",
    "draw_hints_on", "ends", "figure", "geometry", "geometry_from_dict", "geometry_to_dict",
    "label_text", "magnify", "path_tag_spots", "project", "skeleton", "spread", "targets",
    "text_size", "title_text", "update", "write_layout",
]


def figure(game: Any) -> go.Figure:
    """A complete figure of ``game``'s map in its current state."""
    fig = skeleton(game)
    update(fig, game)
    return fig


def update(fig: Any, game: Any, selection: Selection | None = None) -> None:
    """Draw ``game``'s view on ``fig`` (built by :func:`skeleton`): :func:`.drawing.draw.draw`,
    with the moves logged since the selection's position as arrows."""
    selection = selection if selection is not None else Selection()
    draw(fig, game_view(game, selection.since), selection)


def draw_hints(fig: Any, game: Any, actions: Any) -> None:
    """Number the advisor's best moves on the map (:func:`.drawing.draw.draw_hints_on`)."""
    draw_hints_on(fig, game_view(game), actions)


def ends(game: Any, action: Any) -> tuple[str | None, str | None]:
    """Where a map choice of ``game`` starts and ends (see :func:`.view_model.ends`)."""
    return _ends(game.state, action)


def targets(game: Any, origin: str | None = None) -> list[str]:
    """Spaces a click may choose now: the destinations of the legal map choices (from
    ``origin`` only, when one is picked)."""
    return list(game_view(game).targets(origin))


if __name__ == "__main__":  # python -m freight_freedom.freedom.view: refresh the stored layout
    print(f"wrote {write_layout()}")
