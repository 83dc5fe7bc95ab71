"""The Freedom route map as a plotly figure: where the people and the Slave Catchers are.

Drawn true to geography without any network access. plotly's ``scattergeo`` would be the
obvious choice, but plotly.js fetches its coastline and state-border topojson from a CDN at
render time (``topojsonURL``), so in a classroom without internet, on Binder behind a proxy or in
a Voila app the base map would fail to load. Instead every space's longitude and latitude are
projected here in Python with an Albers equal-area conic projection (the projection of the
familiar US maps) and drawn as an ordinary ``go.Scatter`` with equal axis scale. That needs no
assets, updates fastest (plain x/y arrays) and gives reliable click events on a FigureWidget.
Regions are shown as soft shaded areas around their spaces, not as borders.

Everything the map needs for a newcomer to read the board at a glance:

- spaces coloured by region (south green, north blue, Canada teal); a space holding people is a
  large tan disc with the count in bold; catchers are large diamonds in their own colour, sitting
  just above the space they stand on, and their paths are thick coloured lines;
- plantation areas with their light and dark slots (filled slots show a person), large cities
  (capacity 4) as squares, gold circles with the money a space pays;
- Canada's numbered spaces with the people freed there; the Slaves Freed and Slaves Lost tracks;
  the three Slave Market cards with their people (next delivery first);
- hover text on every space: name, state, region, occupants, catchers standing there, which
  catchers it draws (triggers), money and capacity;
- the legal destinations of a pending movement decision ringed in yellow (the app's click handler
  turns a click on them into the move).

:func:`figure` builds the whole figure; :func:`update` changes only the state-dependent arrays
of an existing figure (a FigureWidget, inside ``batch_update``), so the trace list never changes
within a game.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import plotly.graph_objects as go

from .board import Board, load_board, read_packaged

REGION_COLOUR = {"south": "#2e7d32", "north": "#1565c0", "canada": "#00897b"}
REGION_FILL = {"south": "rgba(46,125,50,0.13)", "north": "rgba(21,101,192,0.11)",
               "canada": "rgba(0,137,123,0.16)"}
REGION_NAME = {"south": "South (slave states)", "north": "North (free states)",
               "canada": "Canada (freedom)"}
CATCHER_COLOUR = {"orange": "#f57c00", "brown": "#795548", "red": "#d32f2f",
                  "purple": "#7b1fa2", "black": "#212121"}
PERSON = "#c8a27a"  # the tan of the wooden cubes
PERSON_EDGE = "#4e342e"
TARGET = "#ffd600"
GOLD = "#f9a825"

# Trace names (the app's click handler and the tests find traces by name).
SPACES = "spaces"
TARGETS = "targets"
CATCHERS = "catchers"
SLOTS = "plantation slots"

CATCHER_DX, CATCHER_DY = 0.7, 0.7  # a catcher sits up-right of its space, not on its count
_R = 63.71  # Earth radius in units of 100 km
_PHI1, _PHI2, _PHI0, _LAM0 = 29.5, 45.5, 37.5, -84.0


def project(lon: float, lat: float) -> tuple[float, float]:
    """Albers equal-area conic projection (standard parallels 29.5N/45.5N), in 100 km units."""
    p1, p2, p0 = (math.radians(v) for v in (_PHI1, _PHI2, _PHI0))
    n = (math.sin(p1) + math.sin(p2)) / 2
    c = math.cos(p1) ** 2 + 2 * n * math.sin(p1)
    rho0 = math.sqrt(c - 2 * n * math.sin(p0)) / n
    rho = math.sqrt(c - 2 * n * math.sin(math.radians(lat))) / n
    theta = n * math.radians(lon - _LAM0)
    return _R * rho * math.sin(theta), _R * (rho0 - rho * math.cos(theta))


# ------------------------------------------------------------------ static geometry
@dataclass(frozen=True)
class Geometry:
    """Projected positions of everything that never moves, computed once per board."""

    ids: tuple[str, ...]
    xy: dict[str, tuple[float, float]]
    slot_xy: dict[str, list[tuple[float, float]]]
    panel_x0: float
    panel_y0: float
    x_range: tuple[float, float]
    y_range: tuple[float, float]


@lru_cache(maxsize=4)
def geometry(board: Board) -> Geometry:
    ids = tuple(board.spaces)
    xy = {sid: project(s.lon, s.lat) for sid, s in board.spaces.items()}
    slot_xy: dict[str, list[tuple[float, float]]] = {}
    for pid in board.plantations:
        cap = board.spaces[pid].capacity or 0
        cols = 5
        x0, y0 = xy[pid]
        slot_xy[pid] = [
            (x0 - 1.6 + (i % cols) * 0.8, y0 - 1.0 - (i // cols) * 0.8) for i in range(cap)
        ]
    xs = [p[0] for p in xy.values()]
    ys = [p[1] for p in xy.values()]
    all_slot_y = [y for slots in slot_xy.values() for _, y in slots]
    xs = xs + [x for slots in slot_xy.values() for x, _ in slots]
    ymin = min([*ys, *all_slot_y])
    # the tracks and the Slave Market sit in the Atlantic, south-east of the coast
    panel_x0, _ = project(-74.8, 34.0)
    _, panel_y0 = project(-70.0, 37.6)
    return Geometry(
        ids=ids,
        xy=xy,
        slot_xy=slot_xy,
        panel_x0=panel_x0,
        panel_y0=panel_y0,
        x_range=(min(xs) - 0.8, max([*xs, panel_x0 + 8.5]) + 1.0),
        y_range=(ymin - 1.2, max(ys) + 1.6),
    )


# ------------------------------------------------------------------ reading the state
def board_of(game: Any) -> Board:
    """The board the game plays on (its component context's, else the packaged map)."""
    ctx = getattr(game, "ctx", None)
    board = getattr(ctx, "board", None) or getattr(game, "board", None)
    return board if isinstance(board, Board) else load_board()


@lru_cache(maxsize=8)
def _victory(players: int, side: str) -> tuple[int, int]:
    for card in read_packaged("victory.json")["cards"]:
        if card["players"] == players:
            values = card.get(side) or card["regular"]
            return int(values["freed"]), int(values["lost"])
    return 0, 0


def victory_targets(game: Any) -> tuple[int, int]:
    """(people to free, length of the Slaves Lost track) for this game."""
    ctx = getattr(game, "ctx", None)
    if ctx is not None and hasattr(ctx, "freed_target"):
        return int(ctx.freed_target(game.state)), int(ctx.lost_limit(game.state))
    for name in ("victory_targets", "victory"):
        value = getattr(game, name, None)
        if callable(value):
            value = value()
        if isinstance(value, tuple) and len(value) == 2:
            return int(value[0]), int(value[1])
    state = game.state
    freed = getattr(state, "freed_target", None)
    lost = getattr(state, "lost_limit", None)
    if isinstance(freed, int) and isinstance(lost, int):
        return freed, lost
    difficulty = str(game.options.get("difficulty", "regular"))
    side = "challenging" if difficulty in ("challenging", "harder", "hard") else "regular"
    return _victory(int(game.options.get("players", 1)), side)


def _space_args(action: Any, board: Board) -> list[str]:
    return [a for a in action.args if isinstance(a, str) and a in board.spaces]


def targets(game: Any, origin: str | None = None) -> list[str]:
    """Spaces a click may choose now: the destinations of the legal movement actions.

    With ``origin`` (a space picked first), only the destinations from there. Actions naming a
    single space (placing a delivered person, say) count that space as a destination.
    """
    board = board_of(game)
    out: list[str] = []
    for action in game.legal_actions():
        spaces = _space_args(action, board)
        if not spaces:
            continue
        if origin is not None and (len(spaces) < 2 or spaces[0] != origin):
            continue
        if spaces[-1] not in out:
            out.append(spaces[-1])
    return out


def people_on(game: Any) -> dict[str, int]:
    """People on every space of the map (Canada included), from the game state."""
    state = game.state
    counts = {sid: 0 for sid in board_of(game).spaces}
    for sid, n in dict(getattr(state, "people", {})).items():
        if sid in counts:
            counts[sid] = int(n)
    for sid, n in dict(getattr(state, "freed_at", {})).items():
        if sid in counts:
            counts[sid] = int(n)
    return counts


def market_cards(game: Any) -> list[tuple[str, int]]:
    """(card id, people on it) of the Slave Market cards on display, next delivery first."""
    cards = []
    for card in list(getattr(game.state, "market", [])):
        if isinstance(card, dict):
            cid = str(card.get("id", card.get("card", "?")))
            people = card.get("people", card.get("count", 0))
            count = people if isinstance(people, int) else len(people or ())
            cards.append((cid, int(count)))
        else:
            cards.append((str(card), 0))
    return cards


# ------------------------------------------------------------------ building
def figure(game: Any) -> go.Figure:
    """A complete figure of ``game``'s map in its current state."""
    board = board_of(game)
    geo = geometry(board)
    fig = go.Figure()
    _static_traces(fig, board, geo)
    freed_target, lost_limit = victory_targets(game)
    _panel_traces(fig, geo, freed_target, lost_limit)
    _dynamic_traces(fig, board, geo)
    fig.update_layout(
        template="plotly_white",
        height=640,
        margin={"l": 4, "r": 4, "t": 46, "b": 4},
        xaxis={"visible": False, "range": list(geo.x_range), "fixedrange": False},
        yaxis={"visible": False, "range": list(geo.y_range), "scaleanchor": "x",
               "scaleratio": 1},
        plot_bgcolor="#f4f1ea",
        paper_bgcolor="white",
        hovermode="closest",
        clickmode="event",
        dragmode="pan",
        showlegend=True,
        legend={"orientation": "v", "yanchor": "top", "y": 0.99, "x": 0.995, "xanchor": "right",
                "bgcolor": "rgba(255,255,255,0.85)", "font": {"size": 11},
                "itemclick": False, "itemdoubleclick": False},
        title={"x": 0.01, "font": {"size": 15}},
    )
    update(fig, game)
    return fig


def _static_traces(fig: go.Figure, board: Board, geo: Geometry) -> None:
    xy = geo.xy
    for region in ("south", "north", "canada"):
        # a soft halo around each space shades its region without drawing borders we lack
        ids = [sid for sid, s in board.spaces.items() if s.region == region]
        fig.add_trace(go.Scatter(x=[xy[i][0] for i in ids], y=[xy[i][1] for i in ids],
                                 mode="markers", name=REGION_NAME[region],
                                 marker={"size": 54, "color": REGION_FILL[region],
                                         "line": {"width": 0}},
                                 hoverinfo="skip", showlegend=False))
    rx: list[float | None] = []
    ry: list[float | None] = []
    for a, b in board.graph.edges():
        rx += [xy[a][0], xy[b][0], None]
        ry += [xy[a][1], xy[b][1], None]
    fig.add_trace(go.Scatter(x=rx, y=ry, mode="lines", name="routes",
                             line={"color": "#9e9e9e", "width": 1.2},
                             hoverinfo="skip", showlegend=False))
    for colour, path in board.catchers.items():
        px = [xy[s][0] for s in path.path]
        py = [xy[s][1] for s in path.path]
        fig.add_trace(go.Scatter(x=px, y=py, mode="lines", name=f"{colour} path",
                                 line={"color": CATCHER_COLOUR.get(colour, colour), "width": 5},
                                 opacity=0.45, hoverinfo="skip", showlegend=False))
    # plantation slots: light (filled at set-up) and dark (filled by the Slave Market)
    sx, sy, scol = [], [], []
    for pid in board.plantations:
        light = board.spaces[pid].light_slots
        for i, (x, y) in enumerate(geo.slot_xy[pid]):
            sx.append(x)
            sy.append(y)
            scol.append("#efe3c8" if i < light else "#6d5a45")
    fig.add_trace(go.Scatter(x=sx, y=sy, mode="markers", name="slots (light / dark)",
                             marker={"symbol": "square", "size": 11, "color": scol,
                                     "line": {"color": "#3e2723", "width": 1}},
                             hoverinfo="skip", showlegend=False))
    # gold circles with the money a space pays when a person enters it
    money = [(sid, s.money) for sid, s in board.spaces.items() if s.money]
    fig.add_trace(go.Scatter(
        x=[xy[sid][0] - 0.55 for sid, _ in money], y=[xy[sid][1] - 0.45 for sid, _ in money],
        mode="markers+text", name="gold circle ($ on entry)",
        marker={"size": 15, "color": GOLD, "line": {"color": "#8d6e00", "width": 1}},
        text=[f"${m}" for _, m in money], textfont={"size": 8, "color": "#3e2700"},
        textposition="middle center", hoverinfo="skip"))
    # names (Canada gets its printed number)
    names = []
    for sid, s in board.spaces.items():
        number = board.canada_number(sid)
        if number is not None:
            names.append(f"{number}. {s.name.replace('Canada - ', '')}")
        elif s.kind == "plantation":
            names.append(s.name.replace(" Plantations", ""))
        else:
            names.append(s.name)
    fig.add_trace(go.Scatter(
        x=[xy[sid][0] for sid in geo.ids], y=[xy[sid][1] + 0.42 for sid in geo.ids],
        mode="text", text=names, textposition="top center", name="names",
        textfont={"size": 9, "color": "#37474f"}, hoverinfo="skip", showlegend=False))


def _panel_traces(fig: go.Figure, geo: Geometry, freed_target: int, lost_limit: int) -> None:
    x0, y0 = geo.panel_x0, geo.panel_y0
    per_row = 11
    fx = [x0 + (i % per_row) * 0.72 for i in range(freed_target)]
    fy = [y0 - (i // per_row) * 0.72 for i in range(freed_target)]
    fig.add_trace(go.Scatter(
        x=fx, y=fy, mode="markers+text", name="Slaves Freed track",
        marker={"symbol": "square", "size": 17, "line": {"color": "#004d40", "width": 1}},
        text=[str(i + 1) for i in range(freed_target)], textfont={"size": 8},
        hoverinfo="text", showlegend=False))
    rows = (freed_target + per_row - 1) // per_row
    ly0 = y0 - rows * 0.72 - 1.0
    lx = [x0 + (i % per_row) * 0.72 for i in range(lost_limit)]
    ly = [ly0 - (i // per_row) * 0.72 for i in range(lost_limit)]
    fig.add_trace(go.Scatter(
        x=lx, y=ly, mode="markers+text", name="Slaves Lost track",
        marker={"symbol": "square", "size": 17, "line": {"color": "#7f0000", "width": 1}},
        text=[str(i + 1) for i in range(lost_limit)], textfont={"size": 8},
        hoverinfo="text", showlegend=False))
    lrows = (lost_limit + per_row - 1) // per_row
    my = ly0 - lrows * 0.72 - 1.6
    fig.add_trace(go.Scatter(
        x=[x0 + 0.2, x0 + 0.2, x0 + 0.2],
        y=[y0 + 0.62, ly0 + 0.62, my + 1.05],
        mode="text", textposition="middle right", name="panel titles",
        text=["<b>Slaves Freed</b>", "<b>Slaves Lost</b>", "<b>Slave Market</b> (next first)"],
        textfont={"size": 10}, hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(
        x=[x0 + 0.9 + i * 2.6 for i in range(3)], y=[my] * 3, mode="markers+text",
        name="Slave Market cards",
        marker={"symbol": "square", "size": 44, "color": "#fff8e1",
                "line": {"color": "#5d4037", "width": 2}},
        textfont={"size": 10}, textposition="middle center", hoverinfo="text",
        showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name="people on market cards",
                             marker={"size": 8, "color": PERSON,
                                     "line": {"color": PERSON_EDGE, "width": 1}},
                             hoverinfo="skip", showlegend=False))


def _dynamic_traces(fig: go.Figure, board: Board, geo: Geometry) -> None:
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name="person in a slot",
                             marker={"size": 8, "color": PERSON,
                                     "line": {"color": PERSON_EDGE, "width": 1.2}},
                             hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(
        x=[geo.xy[sid][0] for sid in geo.ids], y=[geo.xy[sid][1] for sid in geo.ids],
        mode="markers+text", name=SPACES, textposition="middle center",
        textfont={"size": 12, "color": "#1b1b1b", "family": "Arial Black, Arial, sans-serif"},
        hoverinfo="text", showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name=TARGETS,
                             marker={"symbol": "circle-open", "size": 30, "color": TARGET,
                                     "line": {"width": 4, "color": TARGET}},
                             hoverinfo="text", showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], mode="markers", name=CATCHERS,
                             marker={"symbol": "diamond", "size": 22,
                                     "line": {"color": "white", "width": 2}},
                             hoverinfo="text", showlegend=False))
    # legend-only entries explaining the symbols
    legend = [
        ("people (count)", {"size": 14, "color": PERSON, "line": {"color": PERSON_EDGE,
                                                                   "width": 2}}),
        ("Slave Catcher", {"symbol": "diamond", "size": 14, "color": "#424242"}),
        ("legal destination", {"symbol": "circle-open", "size": 14, "color": TARGET,
                               "line": {"width": 3}}),
        ("South", {"size": 10, "color": "white", "line": {"color": REGION_COLOUR["south"],
                                                          "width": 3}}),
        ("North", {"size": 10, "color": "white", "line": {"color": REGION_COLOUR["north"],
                                                          "width": 3}}),
        ("Canada", {"size": 10, "color": "white", "line": {"color": REGION_COLOUR["canada"],
                                                           "width": 3}}),
    ]
    for name, marker in legend:
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=name,
                                 marker=marker, hoverinfo="skip"))


# ------------------------------------------------------------------ updating
def _trace(fig: Any, name: str) -> Any:
    for trace in fig.data:
        if trace.name == name:
            return trace
    raise KeyError(name)


def _space_hover(board: Board, sid: str, people: int, catchers_here: list[str]) -> str:
    s = board.spaces[sid]
    esc = html.escape
    lines = [f"<b>{esc(s.name)}</b> ({esc(s.state)})", esc(REGION_NAME[s.region])]
    number = board.canada_number(sid)
    if number is not None:
        lines.append(f"Canada space {number}: {people} freed here")
    elif s.kind == "plantation":
        lines.append(f"plantation: {people} of {s.capacity} slots filled "
                     f"({s.light_slots} light, {s.dark_slots} dark)")
    else:
        size = "large city" if (s.capacity or 0) > 1 else "small city"
        lines.append(f"{size}: {people} of {s.capacity} people")
    if catchers_here:
        lines.append("Slave Catcher here: " + ", ".join(esc(c) for c in catchers_here))
    trig = board.triggers(sid)
    lines.append("entering draws: " + (", ".join(trig) + " catcher" if trig else "no catcher"))
    if s.money:
        lines.append(f"gold circle: ${s.money} on entry")
    return "<br>".join(lines)


def update(fig: Any, game: Any, selection: Any = None) -> None:
    """Set the state-dependent parts of ``fig`` (built by :func:`figure`) from ``game``.

    ``selection`` (the app's :class:`~freight_freedom.ui.adapter.Selection`) narrows the
    highlighted destinations to those from a picked origin.
    """
    board = board_of(game)
    geo = geometry(board)
    state = game.state
    people = people_on(game)
    catcher_at = dict(getattr(state, "catchers", {}))
    here: dict[str, list[str]] = {}
    for colour, sid in catcher_at.items():
        here.setdefault(sid, []).append(colour)

    sizes: list[int] = []
    widths: list[float] = []
    colours: list[str] = []
    lines: list[str] = []
    texts: list[str] = []
    hovers: list[str] = []
    for sid in geo.ids:
        s = board.spaces[sid]
        n = people[sid]
        big = (s.capacity or 0) >= 4 or s.kind == "plantation"
        if n:
            sizes.append(30 if s.kind == "plantation" else 28 if s.kind == "canada"
                         else 26 if big else 22)
            colours.append(PERSON)
            texts.append(str(n))
            widths.append(3)
        else:
            sizes.append(22 if s.kind == "plantation" else 16 if big else 11)
            colours.append("white")
            texts.append("")
            widths.append(2.5)
        lines.append(REGION_COLOUR[s.region])
        hovers.append(_space_hover(board, sid, n, here.get(sid, [])))
    symbols = ["square" if (board.spaces[sid].capacity or 0) >= 4
               and board.spaces[sid].kind == "city" else
               "hexagon" if board.spaces[sid].kind == "plantation" else
               "star" if board.spaces[sid].kind == "canada" else "circle" for sid in geo.ids]
    spaces = _trace(fig, SPACES)
    spaces.marker = {"size": sizes, "color": colours, "symbol": symbols,
                     "line": {"color": lines, "width": widths}}
    spaces.text = texts
    spaces.hovertext = hovers

    # people in plantation slots
    px, py = [], []
    for pid in board.plantations:
        for x, y in geo.slot_xy[pid][: people[pid]]:
            px.append(x)
            py.append(y)
    slots = _trace(fig, "person in a slot")
    slots.x, slots.y = px, py

    # catchers: big diamonds just above their space (side by side when they share one)
    cx, cy, ccol, chover = [], [], [], []
    for sid, colours_here in here.items():
        if sid not in geo.xy:
            continue
        x, y = geo.xy[sid]
        for k, colour in enumerate(colours_here):
            cx.append(x + CATCHER_DX + 0.75 * k)
            cy.append(y + CATCHER_DY)
            ccol.append(CATCHER_COLOUR.get(colour, colour))
            chover.append(f"<b>{html.escape(colour.title())} Slave Catcher</b><br>"
                          f"at {html.escape(board.spaces[sid].name)}")
    catchers = _trace(fig, CATCHERS)
    catchers.x, catchers.y = cx, cy
    catchers.marker.color = ccol
    catchers.hovertext = chover

    # legal destinations
    origin = getattr(selection, "origin", None)
    dests = targets(game, origin)
    tr = _trace(fig, TARGETS)
    tr.x = [geo.xy[d][0] for d in dests]
    tr.y = [geo.xy[d][1] for d in dests]
    tr.hovertext = [f"click to choose {html.escape(board.spaces[d].name)}" for d in dests]

    # tracks and market
    freed = int(getattr(state, "freed", sum(people[c] for c in board.canada)))
    lost = int(getattr(state, "lost", 0))
    ft = _trace(fig, "Slaves Freed track")
    nf = len(ft.x or ())
    ft.marker.color = ["#26a69a" if i < freed else "white" for i in range(nf)]
    ft.hovertext = [f"Slaves Freed: {freed} of {nf} needed"] * nf
    lt = _trace(fig, "Slaves Lost track")
    nl = len(lt.x or ())
    lt.marker.color = ["#c62828" if i < lost else "white" for i in range(nl)]
    lt.hovertext = [f"Slaves Lost: {lost}; the game is lost when the track is full "
                    f"and one more is lost"] * nl
    cards = market_cards(game)[:3]
    mt = _trace(fig, "Slave Market cards")
    mt.text = [f"{n}" if i < len(cards) else "" for i, (_, n) in
               enumerate(cards + [("", 0)] * (3 - len(cards)))]
    mt.marker.color = ["#fff8e1" if i < len(cards) else "rgba(0,0,0,0)" for i in range(3)]
    mt.hovertext = [f"Slave Market card {html.escape(c)}: {n} people"
                    + (" (delivered next)" if i == 0 else "")
                    for i, (c, n) in enumerate(cards)] + [""] * (3 - len(cards))
    mx, my = [], []
    for i, (_, n) in enumerate(cards):
        cx0, cy0 = mt.x[i], mt.y[i]
        for k in range(n):
            mx.append(cx0 - 0.6 + (k % 4) * 0.4)
            my.append(cy0 - 0.55 - (k // 4) * 0.35)
    mp = _trace(fig, "people on market cards")
    mp.x, mp.y = mx, my
    fig.layout.title.text = title_text(game, freed, lost)


def title_text(game: Any, freed: int, lost: int) -> str:
    state = game.state
    phase = str(getattr(game, "phase", getattr(state, "phase", "")))
    lead = getattr(state, "lead", None)
    period = getattr(state, "period", None)
    parts = [f"Round {getattr(game, 'round', getattr(state, 'round', '?'))}", f"{phase} phase"]
    if period is not None:
        parts.append(f"Period {'I' * int(period)}")
    if lead is not None:
        parts.append(f"Lead: Player {int(lead) + 1}")
    target, limit = victory_targets(game)
    parts.append(f"Freed {freed}/{target}")
    parts.append(f"Lost {lost}/{limit}")
    return html.escape(" · ".join(parts))
