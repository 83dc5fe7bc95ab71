"""Drawing a Freedom view on the route map: the state-dependent parts of the figure.

:func:`draw` sets, from one :class:`~.view_model.FreedomView` and the app's current
:class:`~freight_freedom.ui.adapter.Selection`, every array of the traces that
:func:`.figure.skeleton` built: a space holding people is a large tan disc with the count in
bold; Slave Catchers are open diamonds in their own colour drawn around the space they stand on
(its count stays readable inside), each with its letter beside it; people fill plantation slots;
the legal destinations are ringed in yellow (from the picked origin only, when one is picked);
the last moves are arrows; the advisor's best moves are numbered; the tracks and the Slave
Market show their counts. Hover text on every space: name, state, region, occupants, catchers
standing there, which catchers it draws, money and capacity. Nothing here reads a game.
"""

from __future__ import annotations

import html
from typing import Any

from ...core.i18n import _, ngettext
from ...core.say import shown
from ...ui.adapter import Selection
from ..board import Board
from ..text import Colour
from ..view_model import FreedomView
from .figure import (
    CATCHER_COLOUR,
    CATCHER_TAGS,
    CATCHERS,
    HINTS,
    PERSON,
    PERSON_EDGE,
    RECENT_CATCHERS,
    RECENT_PEOPLE,
    REGION_COLOUR,
    REGION_NAME,
    SPACES,
    TARGETS,
    catcher_tag,
    catcher_words,
    relabel,
)
from .labels import _overlap, _square
from .layout import CATCHER_SIZE, CATCHER_STEP, TAG_SIZE, Geometry, geometry


def _trace(fig: Any, name: str) -> Any:
    for trace in fig.data:
        if trace.name == name:
            return trace
    raise KeyError(name)


def _space_hover(board: Board, sid: str, people: int, catchers_here: list[str]) -> str:
    s = board.spaces[sid]
    esc = html.escape
    region = REGION_NAME.get(s.region)
    lines = [f"<b>{esc(shown(s.name))}</b> ({esc(shown(s.state))})",
             esc(_(region) if region else s.region)]
    number = board.canada_number(sid)
    if number is not None:
        lines.append(esc(_("Canada space {number}: {people} freed here").format(
            number=number, people=people)))
    elif s.kind == "plantation":
        lines.append(esc(_("plantation: {people} of {capacity} slots filled ({light} light, "
                           "{dark} dark)").format(people=people, capacity=s.capacity,
                                                  light=s.light_slots, dark=s.dark_slots)))
    elif (s.capacity or 0) > 1:
        lines.append(esc(_("large city: {people} of {capacity} people").format(
            people=people, capacity=s.capacity)))
    else:
        lines.append(esc(_("small city: {people} of {capacity} people").format(
            people=people, capacity=s.capacity)))
    if catchers_here:
        lines.append(esc(_("Slave Catcher here: {colours}").format(
            colours=", ".join(str(Colour(c)) for c in catchers_here))))
    trig = board.triggers(sid)
    if trig:
        lines.append(esc(_("entering draws: {colours} catcher").format(
            colours=", ".join(str(Colour(c)) for c in trig))))
    else:
        lines.append(esc(_("entering draws: no catcher")))
    if s.money:
        lines.append(esc(_("gold circle: ${money} on entry").format(money=s.money)))
    if s.note:
        lines.append(f"<i>{_wrap(esc(shown(s.note)))}</i>")
    return "<br>".join(lines)


def _wrap(text: str, width: int = 60) -> str:
    """Break a long history note into lines of about ``width`` characters (plotly hover labels
    do not wrap by themselves)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    return "<br>".join(out)



def draw(fig: Any, vm: FreedomView, selection: Selection | None = None) -> None:
    """Set the state-dependent parts of ``fig`` (built by :func:`.figure.skeleton`) from
    the view ``vm``.

    ``selection`` (the app's :class:`~freight_freedom.ui.adapter.Selection`) narrows the
    ringed destinations to those from a picked origin and carries the advisor's hints; the
    arrows are the view's events.
    """
    selection = selection if selection is not None else Selection()
    geo = geometry(vm.board)
    here: dict[str, list[str]] = {}
    for colour, sid in vm.catchers.items():
        here.setdefault(sid, []).append(colour)
    _draw_spaces(fig, vm, geo, here)
    _draw_catchers(fig, vm, geo, here)
    _draw_recent(fig, vm, geo)
    draw_hints_on(fig, vm, selection.hints)
    dests = vm.targets(selection.origin)
    tr = _trace(fig, TARGETS)
    tr.x = [geo.xy[d][0] for d in dests]
    tr.y = [geo.xy[d][1] for d in dests]
    tr.customdata = list(dests)  # a click carries the space id it shows (see .click)
    tr.hovertext = [html.escape(_("click to choose {space}").format(
        space=shown(vm.board.spaces[d].name))) for d in dests]
    _draw_tracks(fig, vm)
    _draw_market(fig, vm)
    fig.layout.title.text = title_text(vm)
    relabel(fig, vm.board, geo)  # the fixed words, when the reader's language changed


def _space_marker(board: Board, sid: str, n: int) -> tuple[int, str, str, float]:
    """Size, fill, count text and edge width of a space's marker holding ``n`` people."""
    s = board.spaces[sid]
    big = (s.capacity or 0) >= 4 or s.kind == "plantation"
    if n:
        size = 30 if s.kind == "plantation" else 28 if s.kind == "canada" else 26 if big else 22
        return size, PERSON, str(n), 3
    # a blank, not "": plotly.js drops the <text> of a point whose text was "" and does not
    # recreate it when a later update gives it a count
    return 22 if s.kind == "plantation" else 16 if big else 11, "white", " ", 2.5


def _symbol(board: Board, sid: str) -> str:
    s = board.spaces[sid]
    if (s.capacity or 0) >= 4 and s.kind == "city":
        return "square"
    return {"plantation": "hexagon", "canada": "star"}.get(s.kind, "circle")


def _draw_spaces(fig: Any, vm: FreedomView, geo: Geometry, here: dict[str, list[str]]) -> None:
    """Every space's marker, count and hover text; the people in plantation slots."""
    board, people = vm.board, vm.people
    marks = [_space_marker(board, sid, people[sid]) for sid in geo.ids]
    spaces = _trace(fig, SPACES)
    # Leaf properties only, never a whole ``marker = {...}``: inside ``batch_update`` plotly
    # sends every trace's changes as ONE restyle, and plotly.js rejects the whole message
    # ("cannot set marker.color and a parent attribute simultaneously") when one trace sets
    # ``marker`` while another sets ``marker.color``; the browser then stays behind the game.
    spaces.marker.size = [m[0] for m in marks]
    spaces.marker.color = [m[1] for m in marks]
    spaces.marker.symbol = [_symbol(board, sid) for sid in geo.ids]
    spaces.marker.line.color = [REGION_COLOUR[board.spaces[sid].region] for sid in geo.ids]
    spaces.marker.line.width = [m[3] for m in marks]
    spaces.text = [m[2] for m in marks]
    spaces.hovertext = [_space_hover(board, sid, people[sid], here.get(sid, []))
                        for sid in geo.ids]
    px, py = [], []
    for pid in board.plantations:
        for x, y in geo.slot_xy[pid][: people[pid]]:
            px.append(x)
            py.append(y)
    slots = _trace(fig, "person in a slot")
    slots.x, slots.y = px, py


#: the corners of a catcher's diamond its letter may sit on (top, right, bottom, left); 0.65 of
#: a diamond marker's size is its corner's distance from the centre (plotly.js)
_TAG_CORNERS = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))


def _tag_corner(geo: Geometry, x: float, y: float, reach: float, taken: set[int]) -> int:
    """The corner for a catcher's letter that covers the fewest names and spaces: not one
    taken by another catcher on the same space (their letters never cover one another while
    four or fewer share it), the first in order on a tie."""
    free = [i for i in range(4) if i not in taken] or list(range(4))
    half = TAG_SIZE / 2 / geo.px
    costs = []
    for i in free:
        fx, fy = _TAG_CORNERS[i]
        box = _square(x + fx * reach, y + fy * reach, half)
        costs.append((sum(_overlap(box, lb.box) for lb in geo.labels)
                      + sum(_overlap(box, _square(*geo.xy[s], geo.radius_px[s] / geo.px))
                            for s in geo.ids), i))
    return min(costs)[1]


def _draw_catchers(fig: Any, vm: FreedomView, geo: Geometry,
                   here: dict[str, list[str]]) -> None:
    """Catchers: an open diamond in their colour drawn on their space, around its count, with
    the catcher's letter in a ring of its colour on a corner of the diamond."""
    cx, cy, ccol, csize, cids, chover = [], [], [], [], [], []
    tx, ty, tags = [], [], []
    for sid, colours_here in here.items():
        if sid not in geo.xy:
            continue
        x, y = geo.xy[sid]
        taken: set[int] = set()
        for k, colour in enumerate(colours_here):
            cx.append(x)
            cy.append(y)
            ccol.append(CATCHER_COLOUR.get(colour, colour))
            csize.append(CATCHER_SIZE + CATCHER_STEP * k)
            cids.append(sid)  # a click on a catcher is a click on its space
            catcher = catcher_words(colour)
            where = _("at {space}").format(space=shown(vm.board.spaces[sid].name))
            chover.append(f"<b>{html.escape(catcher)}</b> "
                          f"({html.escape(catcher_tag(colour))})<br>{html.escape(where)}")
            reach = 0.65 * csize[-1] / geo.px
            corner = _tag_corner(geo, x, y, reach, taken)
            taken.add(corner)
            tx.append(x + _TAG_CORNERS[corner][0] * reach)
            ty.append(y + _TAG_CORNERS[corner][1] * reach)
            tags.append(catcher_tag(colour))
    catchers = _trace(fig, CATCHERS)
    catchers.x, catchers.y = cx, cy
    catchers.marker.color = ccol
    catchers.marker.size = csize
    catchers.customdata = cids
    catchers.hovertext = chover
    letters = _trace(fig, CATCHER_TAGS)
    letters.x, letters.y = tx, ty
    letters.text = tags
    letters.marker.line.color = ccol
    letters.customdata = cids
    letters.hovertext = chover


def _draw_tracks(fig: Any, vm: FreedomView) -> None:
    freed, lost = vm.freed, vm.lost
    ft = _trace(fig, "Slaves Freed track")
    nf = len(ft.x or ())
    ft.marker.color = ["#26a69a" if i < freed else "white" for i in range(nf)]
    ft.hovertext = [_("Slaves Freed: {freed} of {needed} needed").format(
        freed=freed, needed=nf)] * nf
    lt = _trace(fig, "Slaves Lost track")
    nl = len(lt.x or ())
    lt.marker.color = ["#c62828" if i < lost else "white" for i in range(nl)]
    lt.hovertext = [_("Slaves Lost: {lost}; the game is lost when the track is full and one "
                      "more is lost").format(lost=lost)] * nl


def _draw_market(fig: Any, vm: FreedomView) -> None:
    """The three Slave Market cards with their people, next delivery first."""
    cards = [(c.card, c.people) for c in vm.market[:3]]
    mt = _trace(fig, "Slave Market cards")
    mt.text = [f"{n}" if i < len(cards) else " " for i, (_card, n) in  # " ": see _space_marker
               enumerate(cards + [("", 0)] * (3 - len(cards)))]
    mt.marker.color = ["#fff8e1" if i < len(cards) else "rgba(0,0,0,0)" for i in range(3)]
    # (the English says "people" even for 1: the words the players always read)
    mt.hovertext = [(ngettext("Slave Market card {i}: {n} people (delivered next)",
                              "Slave Market card {i}: {n} people (delivered next)", n) if i == 0
                     else ngettext("Slave Market card {i}: {n} people",
                                   "Slave Market card {i}: {n} people", n)).format(i=i + 1, n=n)
                    for i, (_card, n) in enumerate(cards)] + [""] * (3 - len(cards))
    mx, my = [], []
    for i, (_card, n) in enumerate(cards):
        cx0, cy0 = mt.x[i], mt.y[i]
        for k in range(n):
            mx.append(cx0 - 0.39 + (k % 4) * 0.26)
            my.append(cy0 - 0.3 - (k // 4) * 0.22)
    mp = _trace(fig, "people on market cards")
    mp.x, mp.y = mx, my


def draw_hints_on(fig: Any, vm: FreedomView, actions: Any) -> None:
    """Number the advisor's best moves on the map (an arrow to each destination, from the
    view's choices); the hinted actions that are not map moves (a purchase) are marked on
    their buttons instead."""
    geo = geometry(vm.board)
    xs: list[float | None] = []
    ys: list[float | None] = []
    sizes: list[int] = []
    texts: list[str] = []
    for rank, action in enumerate(actions or (), 1):
        choice = vm.choice(action)
        origin, dest = (choice.origin, choice.dest) if choice is not None else (None, None)
        if dest is None or dest not in geo.xy:
            continue
        start = geo.xy[origin] if origin in geo.xy else geo.xy[dest]
        xs += [start[0], geo.xy[dest][0], None]
        ys += [start[1], geo.xy[dest][1], None]
        sizes += [0, 16 if origin in geo.xy else 0, 0]
        texts += ["", f"{rank}", ""]
    tr = _trace(fig, HINTS)
    tr.x, tr.y = xs, ys
    tr.marker.size = sizes
    tr.text = texts


def _draw_recent(fig: Any, vm: FreedomView, geo: Geometry) -> None:
    """Arrows for the moves among the view's events (people and Slave Catchers apart)."""
    lines: dict[str, tuple[list[float | None], list[float | None], list[int], list[str]]] = {
        RECENT_PEOPLE: ([], [], [], []), RECENT_CATCHERS: ([], [], [], [])}
    for event in vm.events:
        a, b, colour = event.origin, event.dest, event.colour
        if a is None or b is None or a not in geo.xy or b not in geo.xy:
            continue
        xs, ys, sizes, colours = lines[RECENT_CATCHERS if colour else RECENT_PEOPLE]
        xs += [geo.xy[a][0], geo.xy[b][0], None]
        ys += [geo.xy[a][1], geo.xy[b][1], None]
        sizes += [0, 16, 0]
        tint = CATCHER_COLOUR.get(colour, "#424242") if colour else PERSON_EDGE
        colours += [tint, tint, tint]
    for name, (xs, ys, sizes, colours) in lines.items():
        tr = _trace(fig, name)
        tr.x, tr.y = xs, ys
        tr.marker.size = sizes
        tr.marker.color = colours


def title_text(vm: FreedomView) -> str:
    """The figure's title: round, phase, period, Lead Player and the two tracks."""
    phase = (_("game over") if vm.phase.lower() == "game over"
             else _("{phase} phase").format(phase=shown(vm.phase)))
    parts = [_("Round {round}").format(round=vm.round), phase,
             _("Period {period}").format(period="I" * vm.period),
             _("Lead: Player {n}").format(n=vm.lead + 1),
             _("Freed {freed}/{target}").format(freed=vm.freed, target=vm.freed_target),
             _("Lost {lost}/{limit}").format(lost=vm.lost, limit=vm.lost_limit)]
    return html.escape(" · ".join(parts))

