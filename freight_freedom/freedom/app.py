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
from dataclasses import replace
from typing import Any

from ..core.registry import GAMES
from ..core.tables import Table
from ..ui.adapter import ClickResult, GameUI, Selection, Split, TwoStep
from ..ui.bots import registry_bots
from . import view
from .state import QUEUE_PRICES

ROMAN = {1: "I", 2: "II", 3: "III"}


def card_name(game: Any, cid: str | None) -> str:
    if cid is None:
        return "(empty)"
    ctx = game.ctx
    card = ctx.card_by_id.get(cid)
    return f"{card.name} ({card.kind})" if card is not None else cid


def token_label(game: Any, stack: str) -> str:
    """A token stack in words: ``Conductor 4 people x 1 space, $5`` (its id, ``c2_4x1``, is for
    the notation only)."""
    ctx = game.ctx
    kind = ctx.stack_kind.get(stack)
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
    space that was drawn under the pointer, never "the n-th point". On a space a person or a
    Slave Catcher can leave from: it becomes the picked origin and only its destinations stay
    ringed (even if it is also a destination: a click never guesses between a move out of and
    a move into a space). On a ringed destination: if exactly one legal action ends there (from
    the picked origin, if one is picked), it is applied. Anything else is refused with a
    message and changes nothing. What each action starts from and ends at is
    :func:`view.ends`, shared with the rings and the two-step drop-downs.
    """
    board = game.ctx.board
    if trace not in (view.SPACES, view.TARGETS, view.CATCHERS) or space not in board.spaces:
        return ClickResult(selection=selection, message="Click a space of the map.")
    name = board.spaces[space].name
    spans = [(a, *view.ends(game, a)) for a in game.legal_actions()]
    if selection.origin is not None:
        from_origin = [a for a, o, d in spans if o == selection.origin and d == space]
        if len(from_origin) == 1:
            return ClickResult(action=from_origin[0])
        if len(from_origin) > 1:
            return ClickResult(selection=selection, message=(
                f"Several choices lead there from {board.spaces[selection.origin].name}: "
                "use the drop-downs beside the map."))
        if space == selection.origin:
            return ClickResult(selection=replace(selection, origin=None),
                               message=f"{name}: origin cleared")
    ending = [a for a, o, d in spans if d == space]
    starting = [a for a, o, d in spans if o == space]
    if starting:  # an origin first, even when it is also a destination: never guess a move
        into = (f" To move someone into {name} instead, click where they leave from first."
                if ending else "")
        return ClickResult(selection=replace(selection, origin=space), message=(
            f"From {name}: now click one of the ringed destinations.{into}"))
    if len(ending) == 1:
        return ClickResult(action=ending[0])
    if len(ending) > 1:
        origins = sorted({board.spaces[o].name for a, o, d in spans if d == space and o})
        if all(a.kind == "move" for a in ending):
            return ClickResult(selection=selection, message=(
                f"Several people can reach {name} (from {', '.join(origins)}): "
                "click the space they leave from first"))
        return ClickResult(selection=selection, message=(
            f"Several Slave Catchers can reach {name} (from {', '.join(origins)}): "
            "click the catcher first"))
    return ClickResult(selection=selection, message=(
        f"{name} is not a legal choice now: nothing was played. "
        "Ringed spaces and the buttons show what you can do."))


def split(game: Any, action: Any) -> Split:
    """A movement as two choices for the drop-downs: from which space (or which Slave Catcher),
    then to which space."""
    spaces = game.ctx.board.spaces
    origin, dest = view.ends(game, action)
    if origin is None or dest is None:
        raise ValueError(f"{action} is not a movement on the map")
    if action.kind != "catcher":
        return Split(origin, f"{spaces[origin].name} ({game.state.people.get(origin, 0)} here)",
                     spaces[dest].name)
    colours = [c for c, at in game.state.catchers.items() if at == origin]
    colour = str(action.args[0])
    return Split(origin, f"{' and '.join(c.title() for c in colours)} Slave Catcher"
                 f"{'s' if len(colours) > 1 else ''} at {spaces[origin].name}",
                 spaces[dest].name + (f" ({colour} catcher)" if len(colours) > 1 else ""))


MAP_HINT = "or click a space on the map, then a ringed destination"
TWO_STEP = {
    "move": TwoStep("From", "to", split, MAP_HINT),
    "catcher": TwoStep("Catcher", "to", split, "or click the catcher on the map, then a ring"),
}


# ------------------------------------------------------------------ beside the map
def side_html(game: Any) -> str:
    """Period columns, Queue and players, as small escaped HTML tables."""
    st = game.state
    esc = html.escape
    ctx = game.ctx
    from .prices import support_price

    vm = game.view_model()
    period, lead, target, limit = vm.period, vm.lead, vm.freed_target, vm.lost_limit
    parts = [
        "<div style='font-size:12px;line-height:1.35'>",
        f"<div style='font-size:14px'><b>Round {game.round} of 8</b> &middot; "
        f"{'game over' if game.is_over else esc(str(game.phase)) + ' phase'}<br>Period "
        f"{ROMAN.get(period, period)} &middot; "
        f"Lead Player: <b>Player {lead + 1}</b> (lantern)<br>"
        f"Freed {int(st.freed)} of {target} &middot; Lost {int(st.lost)} of {limit}</div>",
    ]
    # period columns
    cols = []
    for p in (1, 2, 3):
        active = p <= period
        dim = "" if active else "opacity:0.45"
        rows = [f"<tr style='{dim}'><td>Support</td><td>{st.support_left[p - 1]}</td>"
                f"<td>${support_price(ctx, st)}</td></tr>"]
        for stack, left in st.stacks.items():
            if ctx.stack_period.get(stack) != p:
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
    parts.append(queue_html(game))
    parts.append(players_html(game))
    parts.append(victory_html(game))
    parts.append("</div>")
    return "".join(parts)


KIND_WORDS = {"general": "General: resolves at once", "reserve": "Reserve: kept for later",
              "opposition": "Opposition"}


def _note(note: str, label: str = "history") -> str:
    """A history note one click away (``<details>``), also shown on hover (``title``)."""
    if not note:
        return ""
    esc = html.escape
    return (f"<details title='{esc(note, quote=True)}' style='margin:0 0 0 8px'>"
            f"<summary style='cursor:pointer;color:#555'>{label}</summary>"
            f"<div style='font-style:italic;max-width:34em'>{esc(note)}</div></details>")


def queue_html(game: Any) -> str:
    """The Abolitionist Queue: each card's name, year, kind, rules text and the price the player
    deciding now would pay (with the Opposition surcharge or role discount named), its history
    note a click away; then a warning for each card whose effect would be wasted now."""
    from .explain import warnings
    from .prices import card_price, queue_modifiers

    st = game.state
    ctx = game.ctx
    esc = html.escape
    prices = QUEUE_PRICES
    seat = game.to_move if game.to_move is not None else int(st.lead)
    surcharge = int(queue_modifiers(ctx, st)["card_cost"])
    role = ctx.roles[st.roles[seat]]
    discount = role.side(st.sides[seat]).passive_amount("card_discount")
    rows = []
    for i, cid in enumerate(st.queue):
        if cid is None:
            rows.append(f"<li style='color:#777'>{i + 1}. (empty)</li>")
            continue
        card = ctx.card_by_id[cid]
        if card.purchasable:
            price = f"${card_price(ctx, st, seat, i)}"
            why = []
            if surcharge:
                why.append(f"${prices[i]} {'+' if surcharge > 0 else '-'} ${abs(surcharge)} "
                           "Opposition")
            if discount:
                why.append(f"-${discount} {role.name}")
            if why:
                price += f" ({', '.join(why)})"
        else:
            price = "cannot be bought"
        rows.append(
            f"<li style='margin-bottom:3px'>{i + 1}. <b>{esc(card.name)}</b> ({esc(card.year)}) "
            f"&middot; <b>{esc(price)}</b> &middot; {esc(KIND_WORDS.get(card.kind, card.kind))}"
            f"<br><span>{esc(card.text)}</span>{_note(card.note)}</li>")
    warn = "".join(f"<div style='color:#8a5300'>&#9888; {esc(w)}</div>" for w in warnings(game))
    return ("<div style='margin-top:6px'><b>Abolitionist Queue</b> "
            f"(prices for Player {seat + 1}; left = newest, the right end leaves next)</div>"
            "<ol style='list-style:none;padding-left:0;margin:2px 0;font-size:11px'>"
            f"{''.join(rows)}</ol>{warn}")


def players_html(game: Any) -> str:
    """Each player: role card (side, Benefit now, Special Ability, history), money, held tokens
    and Reserve card."""
    from .text import benefit_words, token_words

    st = game.state
    ctx = game.ctx
    esc = html.escape
    cities_only = bool(st.options.get("fundraising_cities_only"))
    rows = []
    for seat, name in enumerate(st.roles):
        role = ctx.roles[name]
        side = int(st.sides[seat])
        held = "; ".join(token_words(ctx, h.stack, cities_only=cities_only)
                         + (" (grey)" if h.grey else "") for h in st.held[seat])
        reserve = st.reserve[seat]
        turn = " &#9654;" if game.to_move == seat else ""
        when = {"planning": "in your Planning turn", "action": "in your Action turn",
                "other_turn": "in another player's Action turn"}.get(role.special_phase, "")
        special = ("used (the card shows side II)" if side == 2
                   else f"{role.special_text} (once per game, {when})")
        reserve_text = "-"
        if reserve:
            card = ctx.card_by_id[reserve]
            reserve_text = f"{esc(card.name)} ({esc(card.year)}): {esc(card.text)}"
        rows.append(
            f"<li style='margin-bottom:3px'><b>Player {seat + 1}</b>{turn} &middot; "
            f"<b>{esc(name)}</b> (side {'I' * side}) &middot; ${st.money[seat]}<br>"
            f"Benefit: {esc(benefit_words(ctx, name, side))}<br>"
            f"Special Ability: {esc(special)}<br>"
            f"Tokens: {esc(held) or '-'}<br>Reserve card: {reserve_text}"
            f"{_note(role.history)}</li>")
    return ("<div style='margin-top:6px'><b>Players</b></div>"
            "<ul style='list-style:none;padding-left:0;margin:2px 0;font-size:11px'>"
            f"{''.join(rows)}</ul>")


def victory_html(game: Any) -> str:
    """The Victory Conditions card of this game (players and difficulty)."""
    from .victory import support_total

    st = game.state
    vm = game.view_model()
    target, limit = vm.freed_target, vm.lost_limit
    return (
        "<div style='margin-top:6px;font-size:11px'><b>Victory Conditions card</b> "
        f"({st.players} player{'s' if st.players != 1 else ''}, {html.escape(st.difficulty)}): "
        f"win at the end of a round with {target} people free in Canada and all "
        f"{support_total(st)} Support tokens bought (before the end of round 8); lose at once "
        f"when the Slaves Lost track ({limit} spaces) is full and one more person is lost.</div>")


def warnings(game: Any) -> list[str]:
    """A line for each card that can be bought now but would have no effect."""
    from .explain import warnings as engine_warnings

    return engine_warnings(game)


def unavailable(game: Any) -> list[str]:
    """The usual choices not offered now, each with the engine's reason."""
    from .explain import unavailable as engine_unavailable

    return engine_unavailable(game)


# ------------------------------------------------------------------ inspector and summary
def tables(game: Any) -> dict[str, Table]:
    """The State tab: every part of the game as tables, in words (no ids, no raw lists)."""
    st = game.state
    ctx = game.ctx
    vm = game.view_model()
    board, people = vm.board, vm.people
    catchers: dict[str, list[str]] = {}
    for colour, sid in st.catchers.items():
        catchers.setdefault(sid, []).append(colour)
    spaces = Table.from_records([
        {"space": s.name, "region": s.region, "kind": s.kind,
         "people": people[sid], "capacity": s.capacity if s.capacity is not None else "",
         "catchers": ", ".join(catchers.get(sid, [])), "triggers": ", ".join(board.triggers(sid)),
         "money": s.money or ""}
        for sid, s in board.spaces.items()
        if people[sid] or sid in catchers or s.kind != "city"
    ])
    players = Table.from_records([
        {"player": seat + 1, "role": role, "side": st.sides[seat], "money": st.money[seat],
         "tokens": "; ".join(token_label(game, h.stack).rpartition(", ")[0]
                             + (" (grey)" if h.grey else "") for h in st.held[seat]) or "-",
         "reserve": card_name(game, st.reserve[seat]) if st.reserve[seat] else "-"}
        for seat, role in enumerate(st.roles)], index="player")
    tokens = Table.from_records([
        {"period": ROMAN.get(ctx.stack_period.get(stack, 0), "-"),
         "token": token_label(game, stack), "left": left}
        for stack, left in st.stacks.items()])
    prices = QUEUE_PRICES
    queue = Table.from_records([
        {"position": i + 1, "card": card_name(game, cid),
         "cost": prices[i] if i < len(prices) else ""}
        for i, cid in enumerate(st.queue)])
    market = Table.from_records([
        {"card": f"card {i + 1}" + (" (delivered next)" if i == 0 else ""), "people": c.people}
        for i, c in enumerate(vm.market)], columns=("card", "people"))
    overview = Table.from_mapping({
        "round": game.round, "phase": game.phase, "period": st.period,
        "lead player": st.lead + 1, "freed": st.freed, "lost": st.lost,
        "people in supply": st.supply,
        "Support tokens left": ", ".join(f"Period {ROMAN[p + 1]}: {n}"
                                         for p, n in enumerate(st.support_left))})
    return {"Overview": overview, "Players": players,
            "Spaces (with people or catchers, plantations, Canada)": spaces,
            "Slave Market": market, "Abolitionist Queue": queue, "Token stacks": tokens}


def summary(game: Any) -> list[tuple[str, str]]:
    st = game.state
    vm = game.view_model()
    board, people, target, limit = vm.board, vm.people, vm.freed_target, vm.lost_limit
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


def outcome_words(game: Any) -> str:
    """How the game ended, with the optional score (rulebook, FR-SCORE-1) taken apart: what
    each point is for, so "score 16" means something to the class."""
    out = game.outcome
    sc = out.score
    freed, lost = out.freed, out.lost
    met = sc.condition_points // 10
    cards = sc.market_points // 5
    head = "The players won" if out.won else "The players lost"
    return (f"{head} in round {out.round}: {out.reason}. {freed} of {out.freed_target} people "
            f"reached freedom in Canada; {lost} of {out.lost_limit} spaces of the Slaves Lost "
            f"track are filled; {out.support_bought} of {out.support_total} Support tokens were "
            f"bought. Score {sc.total} (the rulebook's optional score, to compare games): "
            f"{sc.freed_points} for {freed} people freed (2 each), {sc.lost_points} for "
            f"{lost} people lost (-1 each), {sc.condition_points} for {met} victory condition"
            f"{'' if met == 1 else 's'} met (10 each) and {sc.market_points} for {cards} Slave "
            f"Market card{'' if cards == 1 else 's'} left (5 each).")


def game_ui() -> GameUI:
    return GameUI(
        title=GAMES["freedom"].title,
        outcome=outcome_words,
        recent_note=" (drawn on the map as arrows)",
        build_figure=view.skeleton,
        update_figure=view.update,
        draw_hints=view.draw_hints,
        click=click,
        side_html=side_html,
        tables=tables,
        summary=summary,
        unavailable=unavailable,
        bots=lambda: registry_bots("freedom"),
        two_step=TWO_STEP,
    )
