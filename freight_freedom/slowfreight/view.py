"""The Slow Freight table as a plotly figure: every train, the face-up cards, the clocks, the chips.

One row per train on its way, grouped by player: the Locomotive, its Freight cars as coloured
squares (Auto Carrier blue, Tank red, Coal yellow, as on the cards and chips), an Extra
Locomotive in green, and its Track pieces as a progress bar toward the 9 that deliver it. A
train that must move every turn (it has an Extra Locomotive, SF-XLOCO-4) is flagged in red, a
train already moving in grey. Each player's header gives the score so far and the trains
delivered. Above the players: the three face-up cards, the Clocks drawn of the total (the game
clock) and the Bonus chips left per train type.

Built from ``game.view_model()`` (:class:`.view_model.SlowFreightView`, the engine's declared,
typed picture of the table), so the drawing cannot reach into rules internals. :func:`figure`
builds it; :func:`update` changes the arrays and height of an existing figure in place (the trace
list is fixed), as the app does on a FigureWidget after every action.
"""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go

from ..core.i18n import N_, _, ngettext
from ..core.say import shown
from ..ui.template import LIGHT_TEMPLATE
from .components import KIND_NAMES, TYPE_NAMES
from .text import train_name
from .view_model import PlayerView, SlowFreightView, TrainView, card_kind

KIND_COLOUR = {"auto": "#1e88e5", "tank": "#e53935", "coal": "#fdd835", "xloco": "#43a047",
               "mixed": "#8e24aa"}
KIND_NAME = {"auto": KIND_NAMES[0], "tank": KIND_NAMES[1], "coal": KIND_NAMES[2],
             "xloco": KIND_NAMES[3], "mixed": TYPE_NAMES[3]}
"""Each kind's (and train type's) name in English, as the catalog has it: shown on screen with
:func:`~..core.say.shown`."""
LOCOMOTIVE = N_("Locomotive")
"""The legend's name of the Locomotives' trace (in English; shown in the reader's language)."""
_LEGEND = {"Locomotive": LOCOMOTIVE, **{KIND_NAME[k]: KIND_NAME[k] for k in
                                        ("auto", "tank", "coal", "xloco")}}
"""The traces the legend shows, by key (their English name), and their words."""
TRACK_GOAL = 9
ROW = 1.0
TRACK_X0 = 8.6
TRACK_STEP = 0.8
CAR_X0 = 2.2

__all__ = ["card_kind", "draw", "figure", "update"]


def _rows(vm: SlowFreightView) -> int:
    return sum(1 + max(1, len(p.trains)) for p in vm.players)


def figure(game: Any) -> go.Figure:
    """A complete figure of ``game``'s table now."""
    fig = go.Figure(layout={"template": LIGHT_TEMPLATE})
    text = {"mode": "text", "hoverinfo": "skip", "showlegend": False}
    fig.add_trace(go.Scatter(x=[], y=[], name="track goal", mode="lines",
                             line={"color": "#e0e0e0", "width": 12}, hoverinfo="skip",
                             showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], name="track", mode="lines",
                             line={"color": "#6d4c41", "width": 12}, hoverinfo="skip",
                             showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], name="track text", textposition="middle right",
                             textfont={"size": 11}, **text))
    fig.add_trace(go.Scatter(x=[], y=[], name="player headers", textposition="middle right",
                             textfont={"size": 13}, **text))
    fig.add_trace(go.Scatter(x=[], y=[], name="train labels", textposition="middle left",
                             textfont={"size": 11, "color": "#555"}, **text))
    fig.add_trace(go.Scatter(x=[], y=[], name="Locomotive", mode="markers",
                             marker={"symbol": "triangle-right", "size": 20, "color": "#424242"},
                             hoverinfo="text"))
    for kind in ("auto", "tank", "coal", "xloco"):
        fig.add_trace(go.Scatter(
            x=[], y=[], name=KIND_NAME[kind], mode="markers", hoverinfo="text",
            marker={"symbol": "triangle-right" if kind == "xloco" else "square", "size": 20,
                    "color": KIND_COLOUR[kind], "line": {"color": "#333", "width": 1}}))
    fig.add_trace(go.Scatter(x=[], y=[], name="flags", textposition="middle right",
                             textfont={"size": 11}, **text))
    fig.add_trace(go.Scatter(x=[], y=[], name="face-up cards", mode="markers+text",
                             marker={"symbol": "square", "size": 46,
                                     "line": {"color": "#333", "width": 2}},
                             textfont={"size": 10, "color": "black"}, hoverinfo="text",
                             showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], name="clocks", mode="markers",
                             marker={"symbol": "circle", "size": 18,
                                     "line": {"color": "#333", "width": 1.5}},
                             hoverinfo="text", showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], name="bonus chips", mode="markers+text",
                             marker={"symbol": "circle", "size": 22,
                                     "line": {"color": "#333", "width": 1}},
                             textfont={"size": 10, "color": "white"}, hoverinfo="text",
                             showlegend=False))
    fig.add_trace(go.Scatter(x=[], y=[], name="table labels", textposition="middle right",
                             textfont={"size": 12}, **text))
    for trace in fig.data:  # each trace's key: its English name (the legend's is translated)
        trace.meta = trace.name
    fig.update_layout(
        margin={"l": 10, "r": 10, "t": 40, "b": 40},
        xaxis={"visible": False, "range": [-1.0, 21.5], "fixedrange": True},
        yaxis={"visible": False, "fixedrange": True},
        hovermode="closest",
        # the key under the table, where the title (left, above) can never run into it
        legend={"orientation": "h", "yanchor": "top", "y": -0.005, "x": 0.0, "xanchor": "left",
                "font": {"size": 11}, "itemclick": False, "itemdoubleclick": False},
        title={"x": 0.01, "font": {"size": 15}},
        plot_bgcolor="#fafaf7",
    )
    update(fig, game)
    return fig


def _trace(fig: Any, name: str) -> Any:
    """The trace whose key (its English name, kept in ``meta``) is ``name``."""
    for trace in fig.data:
        if (trace.meta or trace.name) == name:
            return trace
    raise KeyError(name)


def update(fig: Any, game: Any, selection: Any = None) -> None:
    """Set every state-dependent array of ``fig`` (built by :func:`figure`) from ``game``'s
    view (:func:`draw`)."""
    draw(fig, game.view_model())


def draw(fig: Any, vm: SlowFreightView) -> None:
    """Set every state-dependent array of ``fig`` (built by :func:`figure`) from the view
    ``vm``: the table band on top, then one row per train, grouped by player."""
    _draw_table(fig, vm)
    rows = _TrainRows()
    y = -0.3
    for player in vm.players:
        y = rows.player(player, vm.to_move, y) - 0.25
    for name, (xs, ys, props) in rows.traces().items():
        trace = _trace(fig, name)
        trace.x, trace.y = xs, ys
        for key, value in props.items():
            setattr(trace, key, value)
    for key, words in _LEGEND.items():  # the key under the table, in the reader's language
        trace = _trace(fig, key)
        name = shown(words)
        if trace.name != name:
            trace.name = name
    fig.layout.yaxis.range = [y - 0.2, 2.7]
    fig.layout.height = int(220 + _rows(vm) * 30 + 0.25 * 30 * len(vm.players))
    fig.layout.title.text = _title(vm)


def _draw_table(fig: Any, vm: SlowFreightView) -> None:
    """The top band (y > 0): face-up cards, clocks, Bonus chips left and their titles."""
    esc = html.escape
    cards = vm.face_up
    ct = _trace(fig, "face-up cards")
    ct.x = [0.8 + 1.7 * i for i in range(len(cards))]
    ct.y = [1.3] * len(cards)
    kinds = [card_kind(c) for c in cards]
    ct.marker.color = [KIND_COLOUR.get(k, "white") for k in kinds]
    # built once and assigned once: inside FigureWidget.batch_update() reading ``ct.text``
    # back would give the old labels
    empty = _("empty")
    ct.text = [empty if not k else card_label(shown(KIND_NAME.get(k, "-"))) for k in kinds]
    ct.textfont.color = ["black" if k == "coal" else "white" for k in kinds]
    ct.hovertext = [_("face-up card {n}: {kind}").format(
        n=i, kind=esc(shown(KIND_NAME[k]) if k in KIND_NAME else empty))
        for i, k in enumerate(kinds)]
    total, drawn = vm.clocks_total, vm.clocks_drawn
    clocks = _trace(fig, "clocks")
    clocks.x = [6.4 + 0.62 * i for i in range(total)]
    clocks.y = [1.05] * total
    clocks.marker.color = ["#263238" if i < drawn else "white" for i in range(total)]
    clocks.hovertext = [_("Clocks drawn: {n} of {total} (the game ends with the last)").format(
        n=drawn, total=total)] * total
    chip_x, chip_y, chip_c, chip_t, chip_h = [], [], [], [], []
    for col, kind in enumerate(("auto", "tank", "coal", "mixed")):
        left = list(vm.bonus_chips.get(kind, ()))
        has_big = kind in vm.biggest_chips
        for j, value in enumerate([*left, *([8] if has_big else [])]):
            chip_x.append(12.3 + col * 2.3 + j * 0.52)
            chip_y.append(1.05)
            chip_c.append(KIND_COLOUR[kind])
            chip_t.append(str(value))
            name = esc(shown(KIND_NAME[kind]))
            words = (_("{kind} biggest-train chip: {n} points") if j == len(left)
                     else ngettext("{kind} Bonus chip: {n} points",
                                   "{kind} Bonus chip: {n} points", value))
            chip_h.append(words.format(kind=name, n=value))
    chips = _trace(fig, "bonus chips")
    chips.x, chips.y, chips.text, chips.hovertext = chip_x, chip_y, chip_t, chip_h
    chips.marker.color = chip_c
    chips.textfont.color = ["black" if c == KIND_COLOUR["coal"] else "white" for c in chip_c]
    labels = _trace(fig, "table labels")
    labels.x = [0.2, 6.2, 12.7]
    labels.y = [2.25, 1.75, 1.75]
    heads = [esc(_("Face-up cards")), esc(_("Clocks")), esc(_("Bonus chips left"))]
    labels.text = [f"<b>{heads[0]}</b>",
                   f"<b>{heads[1]}</b> " + esc(_("{n} of {total}").format(n=drawn, total=total)),
                   f"<b>{heads[2]}</b> " + esc(_("(Auto, Tank, Coal, Mixed; 8 = biggest)"))]


class _TrainRows:
    """The arrays of the players' rows (going down from y = 0), gathered trace by trace."""

    def __init__(self) -> None:
        self.lists: dict[str, list[Any]] = {k: [] for k in (
            "hx", "hy", "htext", "lx", "ly", "ltext", "locx", "locy", "loch", "gx", "gy", "tx",
            "ty", "ttx", "tty", "ttt", "fx", "fy", "ftext")}
        self.cars: dict[str, tuple[list[float], list[float], list[str]]] = {
            k: ([], [], []) for k in ("auto", "tank", "coal", "xloco")}

    def player(self, player: PlayerView, to_move: int | None, y: float) -> float:
        """The player's header and trains from ``y`` down; the ``y`` below them."""
        esc, a = html.escape, self.lists
        delivered = player.delivered
        summary = ", ".join(
            f"{esc(shown(KIND_NAME[t.type]) if t.type in KIND_NAME else '?')} ×{len(t.cars)}"
            for t in delivered)
        arrow = "&#9654; " if player.seat == to_move else ""
        a["hx"].append(-0.4)
        a["hy"].append(y)
        who = esc(_("Player {n}").format(n=player.seat + 1))
        score = esc(_("{points} points · {n} delivered").format(points=player.score,
                                                                  n=len(delivered)))
        a["htext"].append(f"{arrow}<b>{who}</b>: {score}" + (f" ({summary})" if summary else ""))
        y -= ROW
        if not player.trains:
            a["lx"].append(1.2)
            a["ly"].append(y)
            a["ltext"].append(esc(_("no trains on the way")))
            y -= ROW
        for train in player.trains:
            self.train(train, player.seat, y)
            y -= ROW
        return y

    def train(self, train: TrainView, seat: int, y: float) -> None:
        """One train's row: label, Locomotive, cars, Extra Locomotive, Track and flag."""
        esc, a = html.escape, self.lists
        name = train_name(train.id)  # "train C": the id (t3) stays in the notation
        a["lx"].append(0.7)
        a["ly"].append(y)
        a["ltext"].append(train_name(train.id, start=True))
        a["locx"].append(1.2)
        a["locy"].append(y)
        # no type: either no cars yet, or (train_check="end_of_turn") a train being formed
        if train.type in KIND_NAME:
            ttype = shown(KIND_NAME[train.type or ""])
        else:
            ttype = _("unfinished") if train.cars else _("no cars yet")
        cars = len(train.cars)
        # TRANSLATORS: a Locomotive's hover text ("1 cars" in English, kept as it was)
        a["loch"].append(esc(ngettext("{train} of Player {n}: {type}, {cars} cars, {track} Track",
                                      "{train} of Player {n}: {type}, {cars} cars, {track} Track",
                                      cars).format(
            train=train_name(train.id, start=True), n=seat + 1, type=ttype, cars=cars,
            track=train.track)))
        for i, kind in enumerate(train.car_kinds):
            bucket = self.cars.get(kind)
            if bucket is not None:
                bucket[0].append(CAR_X0 + i * 0.95)
                bucket[1].append(y)
                bucket[2].append(esc(_("{kind} car on {train}").format(
                    kind=shown(KIND_NAME[kind]), train=name)))
        if train.xloco is not None:
            xb = self.cars["xloco"]
            xb[0].append(CAR_X0 + 5 * 0.95 + 0.2)
            xb[1].append(y)
            xb[2].append(esc(_("Extra Locomotive on {train}: it must move every turn").format(
                train=name)))
        track = train.track
        a["gx"] += [TRACK_X0, TRACK_X0 + TRACK_GOAL * TRACK_STEP, None]
        a["gy"] += [y, y, None]
        if track:
            a["tx"] += [TRACK_X0, TRACK_X0 + min(track, TRACK_GOAL) * TRACK_STEP, None]
            a["ty"] += [y, y, None]
        a["ttx"].append(TRACK_X0 + TRACK_GOAL * TRACK_STEP + 0.2)
        a["tty"].append(y)
        a["ttt"].append(esc(_("{n}/{goal} Track").format(n=track, goal=TRACK_GOAL)))
        flag = ""
        if train.xloco is not None:
            must = esc(_("MUST MOVE"))
            flag = (f"<b style='color:#c62828'>{must}</b> "
                    f"({esc(shown(KIND_NAME['xloco']))})")
        elif train.moving:
            moving = esc(_("moving"))
            flag = f"<span style='color:#555'>{moving}</span>"
        if flag:
            a["fx"].append(TRACK_X0 + TRACK_GOAL * TRACK_STEP + 2.3)
            a["fy"].append(y)
            a["ftext"].append(flag)

    def traces(self) -> dict[str, tuple[list[Any], list[Any], dict[str, Any]]]:
        """Trace name -> (x, y, other properties), in the order they are set."""
        a = self.lists
        out: dict[str, tuple[list[Any], list[Any], dict[str, Any]]] = {
            "player headers": (a["hx"], a["hy"], {"text": a["htext"]}),
            "train labels": (a["lx"], a["ly"], {"text": a["ltext"]}),
            "Locomotive": (a["locx"], a["locy"], {"hovertext": a["loch"]}),
        }
        for kind, (xs, ys, hov) in self.cars.items():
            out[KIND_NAME[kind]] = (xs, ys, {"hovertext": hov})
        out["track goal"] = (a["gx"], a["gy"], {})
        out["track"] = (a["tx"], a["ty"], {})
        out["track text"] = (a["ttx"], a["tty"], {"text": a["ttt"]})
        out["flags"] = (a["fx"], a["fy"], {"text": a["ftext"]})
        return out


def _title(vm: SlowFreightView) -> str:
    drawn, total = vm.clocks_drawn, vm.clocks_total
    if vm.winners is not None:
        names = [_("Player {n}").format(n=w + 1) for w in vm.winners]
        who = names[0]
        for name in names[1:]:  # "Player 1 and Player 2 and Player 3"
            who = _("{rest} and {last}").format(rest=who, last=name)
        return html.escape(ngettext("Game over: {who} wins · clocks {drawn}/{total}",
                                    "Game over: {who} wins · clocks {drawn}/{total}",
                                    len(names)).format(who=who, drawn=drawn, total=total))
    return html.escape(
        _("Turn {turn} · Player {n} to play · Clocks {drawn}/{total} · decks: Freight "
          "{freight}, Movement {movement}").format(
            turn=vm.turn, n=vm.seat + 1, drawn=drawn, total=total, freight=vm.freight_deck,
            movement=vm.movement_deck))


_VOWELS = set("aeiouáéíóúü")


def card_label(name: str) -> str:
    """A card's name on its face-up square: a word a line, and a word too long for the square
    (Spanish "Portavehículos") broken with a hyphen between two syllables (before a consonant
    that starts one: "Portave-hículos"), the break nearest its middle.

    >>> card_label("Auto Carrier"), card_label("Portavehículos")
    ('Auto<br>Carrier', 'Portave-<br>hículos')
    """
    lines = []
    for word in name.split():
        low = word.lower()
        breaks = [i for i in range(2, len(word) - 2) if low[i - 1] in _VOWELS
                  and low[i] not in _VOWELS and low[i + 1] in _VOWELS]
        if len(word) > 11 and breaks:
            i = min(breaks, key=lambda b: abs(b - len(word) / 2))
            lines.append(f"{html.escape(word[:i])}-<br>{html.escape(word[i:])}")
        else:
            lines.append(html.escape(word))
    return "<br>".join(lines)
