"""The route map's figure: the traces and layout of a Freedom map, built once per game.

What a newcomer reads at a glance: spaces coloured by region (south green, north blue, Canada
teal); catchers' paths as thick coloured lines; plantation areas with their light and dark slots,
large cities (capacity 4) as squares, gold circles with the money a space pays; Canada's
numbered spaces; the Slaves Freed and Slaves Lost tracks, the three Slave Market cards and a
key in the panel. The trace list never changes within a game: :mod:`.draw` sets the
state-dependent arrays of these traces in place (a FigureWidget, inside ``batch_update``).
Every trace is a plain ``go.Scatter`` on projected x/y (:mod:`.layout`): no map assets,
nothing fetched at render time, reliable click events.
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from ...core.i18n import N_, _
from ...ui.template import LIGHT_TEMPLATE
from ..board import Board
from ..text import Colour
from .labels import NAME_FAMILY, _overlap, _square, shown_label, text_size
from .layout import (
    CATCHER_SIZE,
    MARGIN,
    MARKET_STEP,
    TAG_SIZE,
    TRACK_PER_ROW,
    TRACK_STEP,
    Geometry,
    geometry,
)

REGION_COLOUR = {"south": "#2e7d32", "north": "#1565c0", "canada": "#00897b"}
REGION_FILL = {"south": "rgba(46,125,50,0.13)", "north": "rgba(21,101,192,0.11)",
               "canada": "rgba(0,137,123,0.16)"}
#: the regions in words (marked: shown through ``_()``; the region traces keep them as names)
REGION_NAME = {"south": N_("South (slave states)"), "north": N_("North (free states)"),
               "canada": N_("Canada (freedom)")}
CATCHER_COLOUR = {"orange": "#f57c00", "brown": "#795548", "red": "#d32f2f",
                  "purple": "#7b1fa2", "black": "#212121"}
#: each Slave Catcher's letter, in a ring of its colour on a corner of its diamond: a second cue
#: beside the colour (the two B colours take two letters); another set's catcher: its first two
CATCHER_TAG = {"orange": "O", "brown": "Br", "red": "R", "purple": "P", "black": "Bk"}
#: each catcher's path has its own dash pattern and carries the catcher's letter: paths are
#: told apart without their colours (another set's catcher: solid)
CATCHER_DASH = {"orange": "solid", "brown": "dash", "red": "dot", "purple": "dashdot",
                "black": "longdash"}
#: a white edge around the names (CSS text-shadow): legible over routes, paths and rings
HALO = "1px 1px 1px #fff, -1px -1px 1px #fff, 1px -1px 1px #fff, -1px 1px 1px #fff"
#: a gold circle's diameter and its "$n" (px at the design width, bold): the amount is still
#: 10 px where the app draws the map at 0.8 of its size (JupyterLab with its file browser
#: open); the circle fills the 16 px square :mod:`.layout` keeps free for it
COIN_SIZE, COIN_FONT = 17, 12.5
PERSON = "#c8a27a"  # the tan of the wooden cubes
PERSON_EDGE = "#4e342e"
TARGET = "#ffd600"
GOLD = "#f9a825"

# Trace names (the app's click handler and the tests find traces by name).
SPACES = "spaces"
TARGETS = "targets"
CATCHERS = "catchers"
CATCHER_TAGS = "catcher letters"
PATH_TAGS = "catcher path letters"
SLOTS = "plantation slots"
NAMES = "names"


#: the figure's traces as plain dicts, in drawing order (validated once, by ``go.Figure``)
Traces = list[dict[str, Any]]


def _scatter(**props: Any) -> dict[str, Any]:
    """A scatter trace as a plain dict (``go.Scatter``'s keyword arguments)."""
    return {"type": "scatter", **props}


def catcher_tag(colour: str) -> str:
    """The letter(s) on a Slave Catcher's ring: ``"R"`` for red, ``"Bk"`` for black."""
    return CATCHER_TAG.get(colour, colour[:2].title())


def catcher_colour(colour: str) -> str:
    """A Slave Catcher's colour as a name in the reader's language: ``"Orange"`` in English
    (capitalised, as the map always said it), ``"naranja"`` in Spanish."""
    name = str(Colour(colour))
    return name.title() if name == colour else name


def path_words(colour: str) -> str:
    """The hover text of a catcher's letter on its path."""
    return _("the {colour} Slave Catcher's path").format(colour=catcher_colour(colour))


def catcher_words(colour: str) -> str:
    """A Slave Catcher in words: ``"Orange Slave Catcher"``."""
    return _("{colour} Slave Catcher").format(colour=catcher_colour(colour))


def skeleton(game: Any) -> go.Figure:
    """The map's traces and layout for ``game``'s board, the state not yet set: the app and
    ``game.figure()`` set it once with :func:`.draw.draw` (and the app's selection).
    Only the public table is read (``game.view_model()``: the map and the tracks' lengths)."""
    vm = game.view_model()
    board = vm.board
    geo = geometry(board)
    traces: Traces = []
    _static_traces(traces, board, geo)
    _panel_traces(traces, geo, vm.freed_target, vm.lost_limit, tuple(board.catchers))
    _dynamic_traces(traces, board, geo)
    # one validated construction from plain dicts: adding the ~30 traces one by one as
    # go.Scatter objects validated each twice and was half of a first figure's time
    return go.Figure(data=traces, layout={
        "template": LIGHT_TEMPLATE,
        "height": geo.height,
        "margin": MARGIN,
        "xaxis": {"visible": False, "range": list(geo.x_range), "fixedrange": False},
        "yaxis": {"visible": False, "range": list(geo.y_range), "scaleanchor": "x",
                  "scaleratio": 1},
        "plot_bgcolor": "#f4f1ea",
        "paper_bgcolor": "white",
        "hovermode": "closest",
        "clickmode": "event",
        "dragmode": "pan",
        "showlegend": False,
        "title": {"x": 0.01, "y": 0.995, "yanchor": "top", "font": {"size": 14}},
    })



def _static_traces(traces: Traces, board: Board, geo: Geometry) -> None:
    xy = geo.xy
    for region in ("south", "north", "canada"):
        # a soft halo around each space shades its region without drawing borders we lack
        ids = [sid for sid, s in board.spaces.items() if s.region == region]
        traces.append(_scatter(x=[xy[i][0] for i in ids], y=[xy[i][1] for i in ids],
                                 mode="markers", name=REGION_NAME[region],
                                 marker={"size": 40, "color": REGION_FILL[region],
                                         "line": {"width": 0}},
                                 hoverinfo="skip", showlegend=False))
    rx: list[float | None] = []
    ry: list[float | None] = []
    for a, b in board.edges():
        rx += [xy[a][0], xy[b][0], None]
        ry += [xy[a][1], xy[b][1], None]
    traces.append(_scatter(x=rx, y=ry, mode="lines", name="routes",
                             line={"color": "#9e9e9e", "width": 1.2},
                             hoverinfo="skip", showlegend=False))
    for colour, path in board.catchers.items():
        px = [xy[s][0] for s in path.path]
        py = [xy[s][1] for s in path.path]
        traces.append(_scatter(x=px, y=py, mode="lines", name=f"{colour} path",
                                 line={"color": CATCHER_COLOUR.get(colour, colour), "width": 5,
                                       "dash": CATCHER_DASH.get(colour, "solid")},
                                 opacity=0.45, hoverinfo="skip", showlegend=False))
    spots = path_tag_spots(board, geo)
    colours = list(spots)
    traces.append(_scatter(
        x=[spots[c][0] for c in colours], y=[spots[c][1] for c in colours],
        mode="markers+text", name=PATH_TAGS, text=[catcher_tag(c) for c in colours],
        **_tag_style([CATCHER_COLOUR.get(c, c) for c in colours]),
        hovertext=[path_words(c) for c in colours], hoverinfo="text",
        showlegend=False))
    # plantation slots: light (filled at set-up) and dark (filled by the Slave Market)
    sx, sy, scol = [], [], []
    for pid in board.plantations:
        light = board.spaces[pid].light_slots
        for i, (x, y) in enumerate(geo.slot_xy[pid]):
            sx.append(x)
            sy.append(y)
            scol.append("#efe3c8" if i < light else "#6d5a45")
    traces.append(_scatter(x=sx, y=sy, mode="markers", name="slots (light / dark)",
                             marker={"symbol": "square", "size": 12, "color": scol,
                                     "line": {"color": "#3e2723", "width": 1}},
                             hoverinfo="skip", showlegend=False))
    # gold circles with the money a space pays when a person enters it
    money = [(sid, s.money) for sid, s in board.spaces.items() if s.money]
    traces.append(_scatter(
        x=[geo.money_xy[sid][0] for sid, _ in money], y=[geo.money_xy[sid][1] for sid, _ in money],
        mode="markers+text", name="gold circle ($ on entry)",
        marker={"size": COIN_SIZE, "color": GOLD, "line": {"color": "#8d6e00", "width": 1}},
        text=[f"${m}" for _, m in money],
        textfont={"size": COIN_FONT, "color": "#2b1b00", "family": NAME_FAMILY, "weight": "bold"},
        textposition="middle center", hoverinfo="skip", showlegend=False))
    _name_traces(traces, geo)


def _name_traces(traces: Traces, geo: Geometry) -> None:
    """The thin dark lines joining a name set further out to its space (the names themselves,
    :func:`names_trace`, are drawn last, above the rings)."""
    labels = geo.labels
    lx: list[float | None] = []
    ly: list[float | None] = []
    for lb in labels:
        if lb.leader is not None:
            lx += [lb.leader[0], lb.leader[2], None]
            ly += [lb.leader[1], lb.leader[3], None]
    traces.append(_scatter(x=lx, y=ly, mode="lines", name="name leaders",
                             line={"color": "#37474f", "width": 1}, hoverinfo="skip",
                             showlegend=False))


def names_trace(geo: Geometry, board: Board | None = None) -> dict[str, Any]:
    """The space names (:mod:`.labels`), with a white edge: drawn above the rings and the
    catchers' diamonds, so a ringed destination never hides its name; in the reader's language
    where they fit (:func:`.labels.shown_label`) when the ``board`` is given."""
    labels = geo.labels
    return _scatter(
        x=[lb.x for lb in labels], y=[lb.y for lb in labels], mode="text", name=NAMES,
        text=name_texts(geo, board), textposition=[lb.position for lb in labels],
        textfont={"size": [lb.size for lb in labels], "color": "#263238", "family": NAME_FAMILY,
                  "shadow": HALO},
        hoverinfo="skip", showlegend=False)


def name_texts(geo: Geometry, board: Board | None = None) -> list[str]:
    """The names' texts: in the reader's language where they fit, when ``board`` is given."""
    if board is None:
        return [lb.text for lb in geo.labels]
    return [shown_label(board, lb) for lb in geo.labels]


def path_tag_spots(board: Board, geo: Geometry) -> dict[str, tuple[float, float]]:
    """Where each catcher's letter sits on its path: on a route of the path (its middle routes
    first) where the letter touches no name, gold circle, the panel, another path's letter or
    a space's largest marker; failing that (a crowded path), touching the route's side and
    clear of the spaces' markers as drawn empty; a path with no such spot gets none."""
    half = (TAG_SIZE / 2 + 1) / geo.px
    fixed = [lb.box for lb in geo.labels] + [geo.panel_box]
    fixed += [_square(*xy, 8 / geo.px) for xy in geo.money_xy.values()]
    spots: dict[str, tuple[float, float]] = {}
    for colour, path in board.catchers.items():
        legs = list(zip(path.path, path.path[1:], strict=False))
        middle = (len(legs) - 1) / 2
        order = sorted(range(len(legs)), key=lambda i: abs(i - middle))
        for shrink, sides in ((1.0, (0.0,)), (0.6, (0.0, 1.0, -1.0))):
            taken = fixed + [_square(*geo.xy[s], shrink * geo.radius_px[s] / geo.px)
                             for s in geo.ids]
            taken += [_square(x, y, half) for x, y in spots.values()]
            spot = next(((x, y) for i in order for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)
                         for side in sides for x, y in [_along(geo, legs[i], t, side * half)]
                         if not any(_overlap(_square(x, y, half), other) for other in taken)),
                        None)
            if spot is not None:
                spots[colour] = spot
                break
    return spots


def _along(geo: Geometry, leg: tuple[str, str], t: float,
           aside: float = 0.0) -> tuple[float, float]:
    """The point ``t`` of the way along a route, moved ``aside`` square to it."""
    (x0, y0), (x1, y1) = geo.xy[leg[0]], geo.xy[leg[1]]
    norm = math.hypot(x1 - x0, y1 - y0) or 1.0
    return (x0 + t * (x1 - x0) - aside * (y1 - y0) / norm,
            y0 + t * (y1 - y0) + aside * (x1 - x0) / norm)



def _panel_traces(traces: Traces, geo: Geometry, freed_target: int, lost_limit: int,
                  catchers: tuple[str, ...]) -> None:
    """Tracks, Slave Market and the key, stacked in the panel box in the Atlantic."""
    x0, y = geo.panel_x0, geo.panel_y0
    step, per_row = TRACK_STEP, TRACK_PER_ROW
    title_x: list[float] = []
    title_y: list[float] = []

    def track(name: str, n: int, edge: str, top: float) -> float:
        traces.append(_scatter(
            x=[x0 + (i % per_row) * step for i in range(n)],
            y=[top - (i // per_row) * step for i in range(n)], mode="markers+text", name=name,
            marker={"symbol": "square", "size": 17, "line": {"color": edge, "width": 1}},
            text=[str(i + 1) for i in range(n)], textfont={"size": 8},
            hoverinfo="text", showlegend=False))
        return top - ((n + per_row - 1) // per_row - 1) * step

    title_x.append(x0 - 0.25)
    title_y.append(y)
    y = track("Slaves Freed track", freed_target, "#004d40", y - 0.5) - 0.75
    title_x.append(x0 - 0.25)
    title_y.append(y)
    y = track("Slaves Lost track", lost_limit, "#7f0000", y - 0.5) - 0.8
    title_x.append(x0 - 0.25)
    title_y.append(y)
    my = y - 1.35
    traces.append(_scatter(
        x=title_x, y=title_y, mode="text", textposition="middle right", name=PANEL_TITLES,
        text=panel_titles(), textfont={"size": 10}, hoverinfo="skip", showlegend=False))
    traces.append(_scatter(
        x=[x0 + 0.55 + i * MARKET_STEP for i in range(3)], y=[my] * 3, mode="markers+text",
        name="Slave Market cards",
        marker={"symbol": "square", "size": 46, "color": "#fff8e1",
                "line": {"color": "#5d4037", "width": 2}},
        textfont={"size": 11}, textposition="middle center", hoverinfo="text",
        showlegend=False))
    traces.append(_scatter(x=[], y=[], mode="markers", name="people on market cards",
                             marker={"size": 7, "color": PERSON,
                                     "line": {"color": PERSON_EDGE, "width": 1}},
                             hoverinfo="skip", showlegend=False))
    _key(traces, x0, my - 1.35, geo.px, catchers)


#: the (label, marker) rows of the key; the labels are marked, shown through ``_()``
#: (:func:`key_labels`)
KEY: tuple[tuple[str, dict[str, Any]], ...] = (
    (N_("people (count)"), {"size": 16, "color": PERSON,
                            "line": {"color": PERSON_EDGE, "width": 2}}),
    # TRANSLATORS: keep it short: the five catchers' letters follow it on the key's line
    (N_("Slave Catcher:"), {"symbol": "diamond-open", "size": 15,
                            "color": "#424242", "line": {"width": 3}}),
    (N_("legal destination (click)"), {"symbol": "circle-open", "size": 16, "color": TARGET,
                                       "line": {"width": 3, "color": TARGET}}),
    (N_("gold circle: $ on entry"), {"size": 13, "color": GOLD, "line": {"color": "#8d6e00",
                                                                         "width": 1}}),
    (N_("South / North / Canada"), {"size": 11, "color": "white",
                                    "line": {"color": REGION_COLOUR["south"], "width": 3}}),
    (N_("large city (holds 4)"), {"symbol": "square", "size": 12, "color": "white",
                                  "line": {"color": REGION_COLOUR["north"], "width": 2.5}}),
    (N_("plantation; slots: light / dark"), {"symbol": "hexagon", "size": 14,
                                             "color": "#efe3c8",
                                             "line": {"color": "#6d5a45", "width": 3}}),
    (N_("Canada space (numbered)"), {"symbol": "star", "size": 14, "color": "white",
                                     "line": {"color": REGION_COLOUR["canada"], "width": 2.5}}),
)
PANEL_TITLES = "panel titles"
KEY_LABELS = "key labels"
KEY_LETTERS = "key catcher letters"


def key_labels() -> list[str]:
    """The key's words in the reader's language."""
    return [_(label) for label, _marker in KEY]


def panel_titles() -> list[str]:
    """The titles of the panel's tracks and Slave Market in the reader's language."""
    freed, lost, market, order = (_("Slaves Freed"), _("Slaves Lost"), _("Slave Market"),
                                  _("(next first)"))
    return [f"<b>{freed}</b>", f"<b>{lost}</b>", f"<b>{market}</b> {order}"]


def key_letters_x(label_x: float, px: float, n: int) -> list[float]:
    """Where the key's catcher letters go: after the words of the Slave Catcher's row (the
    key's labels start at ``label_x``; ``px`` pixels per unit), one per catcher."""
    x = label_x + text_size(key_labels()[1], 10, px)[0] + (TAG_SIZE / 2 + 2) / px
    return [x + i * (TAG_SIZE + 2) / px for i in range(n)]


def relabel(fig: Any, board: Board, geo: Geometry) -> None:
    """Put the figure's fixed words (key, panel titles, the catchers' letters' hover texts) in
    the reader's language when they are in another: the figure is built once per game, and the
    app's language menu may change its language later."""
    traces = {trace.name: trace for trace in fig.data}
    labels = traces.get(KEY_LABELS)
    words = key_labels()
    if labels is None or list(labels.text or ()) == words:
        return
    labels.text = words
    traces[PANEL_TITLES].text = panel_titles()
    letters = traces[KEY_LETTERS]
    colours = tuple(board.catchers)
    letters.x = key_letters_x(labels.x[0], geo.px, len(colours))
    letters.hovertext = [catcher_words(c) for c in colours]
    traces[PATH_TAGS].hovertext = [path_words(c) for c in path_tag_spots(board, geo)]
    traces[NAMES].text = name_texts(geo, board)


def _key(traces: Traces, x0: float, top: float, px: float, catchers: tuple[str, ...]) -> None:
    """The key's rows (marker and words); after the Slave Catcher's words, each catcher's
    letter in its ring, in map order."""
    step = 0.52
    ys = [top - i * step for i in range(len(KEY))]
    markers: dict[str, list[Any]] = {"size": [], "color": [], "symbol": [], "lw": [], "lc": []}
    for _label, m in KEY:
        line = m.get("line", {})
        markers["size"].append(m["size"])
        markers["color"].append(m["color"])
        markers["symbol"].append(m.get("symbol", "circle"))
        markers["lw"].append(line.get("width", 0))
        markers["lc"].append(line.get("color", m["color"]))
    traces.append(_scatter(
        x=[x0] * len(KEY), y=ys, mode="markers", name="key",
        marker={"size": markers["size"], "color": markers["color"],
                "symbol": markers["symbol"],
                "line": {"width": markers["lw"], "color": markers["lc"]}},
        hoverinfo="skip", showlegend=False))
    traces.append(_scatter(
        x=[x0 + 0.4] * len(KEY), y=ys, mode="text", name=KEY_LABELS,
        text=key_labels(), textposition="middle right",
        textfont={"size": 10, "color": "#37474f"}, hoverinfo="skip", showlegend=False))
    traces.append(_scatter(
        x=key_letters_x(x0 + 0.4, px, len(catchers)), y=[ys[1]] * len(catchers),
        mode="markers+text", name=KEY_LETTERS, text=[catcher_tag(c) for c in catchers],
        **_tag_style([CATCHER_COLOUR.get(c, c) for c in catchers]),
        hovertext=[catcher_words(c) for c in catchers], hoverinfo="text",
        showlegend=False))


def _tag_style(colours: list[str] | None = None) -> dict[str, Any]:
    """Marker and text of catcher letters: a white disc ringed in the catcher's colour."""
    line: dict[str, Any] = {"width": 2.5}
    if colours is not None:
        line["color"] = colours
    return {"marker": {"symbol": "circle", "size": TAG_SIZE, "color": "white", "line": line},
            "textposition": "middle center",
            "textfont": {"size": 9, "color": "#1b1b1b", "family": NAME_FAMILY,
                         "weight": "bold"}}


RECENT_PEOPLE = "recent moves of people"
RECENT_CATCHERS = "recent moves of Slave Catchers"
HINTS = "hinted moves"
HINT = "#6a1b9a"  # the Hint's purple: unlike every other colour of the map


def _dynamic_traces(traces: Traces, board: Board, geo: Geometry) -> None:
    # what just happened, under everything clickable: arrows from where to where
    traces.append(_scatter(x=[], y=[], mode="lines+markers", name=RECENT_PEOPLE,
                             line={"color": PERSON_EDGE, "width": 3, "dash": "dash"},
                             marker={"symbol": "arrow", "angleref": "previous", "size": 0,
                                     "color": PERSON_EDGE},
                             hoverinfo="skip", showlegend=False))
    traces.append(_scatter(x=[], y=[], mode="lines+markers", name=RECENT_CATCHERS,
                             line={"color": "#424242", "width": 3, "dash": "dot"},
                             marker={"symbol": "arrow", "angleref": "previous", "size": 0,
                                     "color": "#424242"},
                             hoverinfo="skip", showlegend=False))
    # the advisor's best moves (Hint), numbered 1-3 at their destination
    traces.append(_scatter(x=[], y=[], mode="lines+markers+text", name=HINTS,
                             line={"color": HINT, "width": 3, "dash": "dashdot"},
                             marker={"symbol": "arrow", "angleref": "previous", "size": 0,
                                     "color": HINT},
                             textposition="top right",
                             textfont={"size": 13, "color": HINT,
                                       "family": "Arial Black, Arial, sans-serif"},
                             hoverinfo="skip", showlegend=False))
    traces.append(_scatter(x=[], y=[], mode="markers", name="person in a slot",
                             marker={"size": 8, "color": PERSON,
                                     "line": {"color": PERSON_EDGE, "width": 1.2}},
                             hoverinfo="skip", showlegend=False))
    traces.append(_scatter(
        x=[geo.xy[sid][0] for sid in geo.ids], y=[geo.xy[sid][1] for sid in geo.ids],
        customdata=list(geo.ids),  # a click carries the space id it shows (see app.click)
        mode="markers+text", name=SPACES, textposition="middle center",
        textfont={"size": 12, "color": "#1b1b1b", "family": "Arial Black, Arial, sans-serif"},
        hoverinfo="text", showlegend=False))
    traces.append(_scatter(x=[], y=[], mode="markers", name=TARGETS,
                             marker={"symbol": "circle-open", "size": 28, "color": TARGET,
                                     "line": {"width": 4, "color": TARGET}},
                             hoverinfo="text", showlegend=False))
    traces.append(_scatter(x=[], y=[], mode="markers", name=CATCHERS,
                             marker={"symbol": "diamond-open", "size": CATCHER_SIZE,
                                     "line": {"width": 4}},
                             hoverinfo="text", showlegend=False))
    traces.append(names_trace(geo, board))
    # each catcher's letter on a corner of its diamond (clicks on it: the catcher's space)
    traces.append(_scatter(x=[], y=[], mode="markers+text", name=CATCHER_TAGS, text=[],
                             **_tag_style(), hoverinfo="text", showlegend=False))

