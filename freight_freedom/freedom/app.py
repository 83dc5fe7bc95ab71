"""Freedom's hooks for the shared app (:class:`~freight_freedom.ui.adapter.GameUI`).

- the route map is :mod:`.view`; a click on a space chooses a movement or delivery (see
  :func:`click`), alongside the buttons;
- beside the map (:func:`side_html`): round, phase, period and Lead Player; the three period
  columns with the tokens left and their prices; the Abolitionist Queue with each position's
  cost; each player's role and side, money, held tokens and Reserve card;
- the inspector's tables and the static summary.

Imported only by the rendering path; it reads the engine's state and its component context.
"""

from __future__ import annotations

import html
from typing import Any

import pandas as pd

from ..ui.adapter import ClickResult, GameUI, OptionSpec, Selection
from ..ui.bots import registry_bots
from . import view

ROMAN = {1: "I", 2: "II", 3: "III"}
QUEUE_FALLBACK_PRICES = (3, 2, 2, 1, 1)


def _ctx(game: Any) -> Any:
    return getattr(game, "ctx", None)


def queue_prices() -> tuple[int, ...]:
    try:
        from .state import QUEUE_PRICES

        return tuple(QUEUE_PRICES)
    except ImportError:  # pragma: no cover - older engine
        return QUEUE_FALLBACK_PRICES


def card_name(game: Any, cid: str | None) -> str:
    if cid is None:
        return "(empty)"
    ctx = _ctx(game)
    card = ctx.card_by_id.get(cid) if ctx is not None else None
    return f"{card.name} ({card.kind})" if card is not None else cid


def token_label(game: Any, stack: str) -> str:
    """``c2_4x1`` -> ``Conductor 4 people x 1 space, $5``."""
    ctx = _ctx(game)
    kind = ctx.stack_kind.get(stack) if ctx is not None else None
    if kind == "conductor":
        c = ctx.conductor(stack)
        return (f"Conductor {c.people} {'person' if c.people == 1 else 'people'} x "
                f"{c.spaces} {'space' if c.spaces == 1 else 'spaces'}, ${c.cost}")
    if kind == "fundraising":
        f = ctx.fundraising(stack)
        return f"Fundraising ${f.per_person}/person in the {f.region}, free"
    return stack


# ------------------------------------------------------------------ clicks on the map
def click(game: Any, trace: str, space: str, selection: Selection) -> ClickResult:
    """A click on the map: choose a destination, or pick the origin of a movement first.

    ``space`` is the id the clicked point carries (its ``customdata``), so a click means the
    space that was drawn under the pointer, never "the n-th point". On a space people can
    leave from: it becomes the picked origin and only its destinations stay ringed (even if it
    is also a destination: a click never guesses between a move out of and a move into a
    space). On a ringed destination: if exactly one legal action ends there (from the picked
    origin, if one is picked), it is applied. Anything else is refused with a message and
    changes nothing.
    """
    board = view.board_of(game)
    if trace not in (view.SPACES, view.TARGETS, view.CATCHERS) or space not in board.spaces:
        return ClickResult(selection=selection, message="Click a space of the map.")
    name = board.spaces[space].name
    actions = game.legal_actions()
    spaced = [(a, [x for x in a.args if isinstance(x, str) and x in board.spaces])
              for a in actions]
    if selection.origin is not None:
        from_origin = [a for a, s in spaced if len(s) >= 2 and s[0] == selection.origin
                       and s[-1] == space]
        if len(from_origin) == 1:
            return ClickResult(action=from_origin[0])
        if space == selection.origin:
            return ClickResult(message=f"{name}: origin cleared")
    ending = [a for a, s in spaced if s and s[-1] == space]
    starting = [a for a, s in spaced if len(s) >= 2 and s[0] == space]
    if starting:  # an origin first, even when it is also a destination: never guess a move
        into = (f" To move someone into {name} instead, click where they leave from first."
                if ending else "")
        return ClickResult(selection=Selection(origin=space), message=(
            f"From {name}: now click one of the ringed destinations.{into}"))
    if len(ending) == 1:
        return ClickResult(action=ending[0])
    if len(ending) > 1:
        origins = sorted({board.spaces[s[0]].name for a, s in spaced
                          if s and s[-1] == space and len(s) >= 2})
        return ClickResult(selection=selection, message=(
            f"Several people can reach {name} (from {', '.join(origins)}): "
            "click the space they leave from first"))
    return ClickResult(selection=selection, message=(
        f"{name} is not a legal choice now: nothing was played. "
        "Ringed spaces and the buttons show what you can do."))


# ------------------------------------------------------------------ beside the map
def side_html(game: Any) -> str:
    """Period columns, Queue and players, as small escaped HTML tables."""
    st = game.state
    esc = html.escape
    ctx = _ctx(game)
    period = int(getattr(st, "period", 1))
    lead = int(getattr(st, "lead", 0))
    target, limit = view.victory_targets(game)
    parts = [
        "<div style='font-size:12px;line-height:1.35'>",
        f"<div style='font-size:14px'><b>Round {game.round} of 8</b> &middot; "
        f"{esc(str(game.phase))} phase<br>Period {ROMAN.get(period, period)} &middot; "
        f"Lead Player: <b>Player {lead + 1}</b> (lantern)<br>"
        f"Freed {int(st.freed)} of {target} &middot; Lost {int(st.lost)} of {limit}</div>",
    ]
    # period columns
    cols = []
    for p in (1, 2, 3):
        active = p <= period
        dim = "" if active else "opacity:0.45"
        rows = [f"<tr style='{dim}'><td>Support</td><td>{st.support_left[p - 1]}</td>"
                "<td>$10</td></tr>"]
        for stack, left in st.stacks.items():
            if ctx is not None and ctx.stack_period.get(stack) != p:
                continue
            label = token_label(game, stack)
            kind, _, price = label.rpartition(", ")
            rows.append(f"<tr style='{'' if active else 'opacity:0.45'}'><td>{esc(kind)}</td>"
                        f"<td>{left}</td><td>{esc(price)}</td></tr>")
        style = dim
        cols.append(
            f"<tr style='{style}'><td colspan=3 style='text-align:left;padding-top:3px'>"
            f"<b>Period {ROMAN[p]}</b>{' (open)' if active else ' (not yet open)'}</td></tr>"
            f"{''.join(rows)}")
    parts.append("<div style='margin-top:6px'><b>Token board</b> (tokens left, price)</div>"
                 "<table style='font-size:11px'>"
                 f"{''.join(cols)}</table>")
    # queue
    prices = queue_prices()
    qrows = "".join(
        f"<tr><td>{i + 1}</td><td>{esc(card_name(game, cid))}</td>"
        f"<td>${prices[i] if i < len(prices) else '?'}</td></tr>"
        for i, cid in enumerate(st.queue))
    parts.append("<div style='margin-top:6px'><b>Abolitionist Queue</b> "
                 "(left = newest; the right end leaves next)</div>"
                 "<table style='font-size:11px'><tr><th>#</th><th>card</th><th>cost</th></tr>"
                 f"{qrows}</table>")
    # players
    prow = []
    for seat, role in enumerate(st.roles):
        held = ", ".join(h[0] + (" (grey)" if len(h) > 1 and h[1] else "") for h in st.held[seat])
        reserve = st.reserve[seat]
        turn = " &#9654;" if game.to_move == seat else ""
        prow.append(
            f"<tr><td><b>P{seat + 1}</b>{turn}</td><td>{esc(role)} "
            f"({'I' * int(st.sides[seat])})</td><td>${st.money[seat]}</td>"
            f"<td>{esc(held) or '-'}</td>"
            f"<td>{esc(card_name(game, reserve)) if reserve else '-'}</td></tr>")
    parts.append("<div style='margin-top:6px'><b>Players</b></div>"
                 "<table style='font-size:11px'><tr><th></th><th>role (side)</th><th>money</th>"
                 f"<th>tokens</th><th>reserve</th></tr>{''.join(prow)}</table></div>")
    return "".join(parts)


# ------------------------------------------------------------------ inspector and summary
def tables(game: Any) -> dict[str, pd.DataFrame]:
    st = game.state
    board = view.board_of(game)
    people = view.people_on(game)
    catchers: dict[str, list[str]] = {}
    for colour, sid in st.catchers.items():
        catchers.setdefault(sid, []).append(colour)
    spaces = pd.DataFrame([
        {"space": s.name, "region": s.region, "kind": s.kind,
         "people": people[sid], "capacity": s.capacity if s.capacity is not None else "",
         "catchers": ", ".join(catchers.get(sid, [])), "triggers": ", ".join(board.triggers(sid)),
         "money": s.money or ""}
        for sid, s in board.spaces.items()
        if people[sid] or sid in catchers or s.kind != "city"
    ])
    players = pd.DataFrame([
        {"player": seat + 1, "role": role, "side": st.sides[seat], "money": st.money[seat],
         "tokens": ", ".join(h[0] for h in st.held[seat]) or "-",
         "reserve": card_name(game, st.reserve[seat]) if st.reserve[seat] else "-"}
        for seat, role in enumerate(st.roles)]).set_index("player")
    tokens = pd.DataFrame([
        {"stack": stack, "token": token_label(game, stack), "left": left}
        for stack, left in st.stacks.items()])
    prices = queue_prices()
    queue = pd.DataFrame([
        {"position": i + 1, "card": card_name(game, cid),
         "cost": prices[i] if i < len(prices) else ""}
        for i, cid in enumerate(st.queue)])
    market = pd.DataFrame([{"card": c, "people": n} for c, n in view.market_cards(game)])
    overview = pd.DataFrame({"value": {
        "round": game.round, "phase": game.phase, "period": st.period,
        "lead player": st.lead + 1, "freed": st.freed, "lost": st.lost,
        "people in supply": st.supply, "support left by period": st.support_left}})
    return {"Overview": overview, "Players": players,
            "Spaces (with people or catchers, plantations, Canada)": spaces,
            "Slave Market": market, "Abolitionist Queue": queue, "Token stacks": tokens}


def summary(game: Any) -> list[tuple[str, str]]:
    st = game.state
    board = view.board_of(game)
    people = view.people_on(game)
    target, limit = view.victory_targets(game)
    where = ", ".join(f"{board.spaces[s].name} {n}" for s, n in people.items()
                      if n and s not in board.canada)
    return [
        ("Freed / Lost", f"{st.freed} of {target} / {st.lost} of {limit}"),
        ("People on the map", where or "none"),
        ("Slave Catchers", ", ".join(f"{c} at {board.spaces[s].name}"
                                     for c, s in st.catchers.items())),
        ("Players", "; ".join(f"P{i + 1} {r} ${st.money[i]}" for i, r in enumerate(st.roles))),
        ("Lead Player", f"Player {st.lead + 1}"),
    ]


def game_ui() -> GameUI:
    from .roles import ROLE_NAMES

    return GameUI(
        title="Freedom: The Underground Railroad",
        build_figure=view.figure,
        update_figure=view.update,
        click=click,
        side_html=side_html,
        tables=tables,
        summary=summary,
        bots=lambda: registry_bots("freedom", ["heuristic"]),
        options=(
            OptionSpec("players", "players", "int", 2, lo=1, hi=4),
            OptionSpec("difficulty", "difficulty", "choice", "regular",
                       choices=("regular", "challenging")),
            OptionSpec("roles", "role", "per_seat", (), choices=ROLE_NAMES, hi=4),
            OptionSpec("easier_money", "start with $10", "bool", False),
            OptionSpec("easier_triples", "triples: no catcher", "bool", False),
            OptionSpec("easier_empty_centre", "centre plantation empty", "bool", False),
            OptionSpec("harder_full_plantations", "all plantations full", "bool", False),
            OptionSpec("harder_extra_support", "extra Support", "bool", False),
            OptionSpec("fundraising_cities_only", "fundraise in cities only", "bool", False),
            OptionSpec("optional_scoring", "optional scoring", "bool", False),
        ),
    )
