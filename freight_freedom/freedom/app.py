"""Freedom in the shared app: :class:`FreedomUI`, its :class:`~.adapter.GameUI`.

- the route map (:mod:`.drawing.figure`, :mod:`.drawing.draw`); a click on a space chooses a
  movement or delivery (:mod:`.drawing.click`), alongside the buttons;
- beside the map (:meth:`FreedomUI.side_html`): round, phase, period and Lead Player; the three
  period columns with the tokens left and their prices; the Abolitionist Queue with each
  position's cost (:func:`queue_html`); each player's role and side, money, held tokens and
  Reserve card (:func:`players_html`);
- the inspector's tables and the static summary.

Imported only by the rendering path. Everything here reads one value, the game's view
(``game.view()``, :mod:`.view_model`; computed once per refresh by the app, see
:func:`~freight_freedom.ui.adapter.game_view`), never the engine's state: each panel is a
function of the view (and, for a click, of the current selection).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from ..core.bot import Bot
from ..core.registry import GAMES
from ..core.tables import Table
from ..ui.adapter import ClickResult, GameUI, Selection, Split, TwoStep
from ..ui.bots import registry_bots
from .drawing import click as map_click
from .drawing import draw as map_draw
from .drawing import figure as map_figure
from .state import QUEUE_PRICES
from .view_model import KIND_WORDS, ROMAN, FreedomView, outcome_words


def split(vm: FreedomView, action: Any) -> Split:
    """A movement as two drop-down choices (:func:`.drawing.click.split_on` on the game's view)."""
    return map_click.split_on(vm, action)


MAP_HINT = "or click a space on the map, then a ringed destination"
TWO_STEP = MappingProxyType({
    "move": TwoStep("From", "to", split, MAP_HINT),
    "catcher": TwoStep("Catcher", "to", split, "or click the catcher on the map, then a ring"),
})


# ------------------------------------------------------------------ beside the map
def _note(note: str, label: str = "history") -> str:
    """A history note one click away (``<details>``), also shown on hover (``title``)."""
    if not note:
        return ""
    esc = html.escape
    return (f"<details title='{esc(note, quote=True)}' style='margin:0 0 0 8px'>"
            f"<summary style='cursor:pointer;color:#555'>{label}</summary>"
            f"<div style='font-style:italic;max-width:34em'>{esc(note)}</div></details>")


def queue_html(vm: FreedomView) -> str:
    """The Abolitionist Queue: each card's name, year, kind, rules text and the price the player
    deciding now would pay (with the Opposition surcharge or role discount named), its history
    note a click away; then a warning for each card whose effect would be wasted now."""
    esc = html.escape
    rows = []
    for i, card in enumerate(vm.queue):
        if card is None:
            rows.append(f"<li style='color:#777'>{i + 1}. (empty)</li>")
            continue
        rows.append(
            f"<li style='margin-bottom:3px'>{i + 1}. <b>{esc(card.name)}</b> ({esc(card.year)}) "
            f"&middot; <b>{esc(card.price_words)}</b> &middot; "
            f"{esc(KIND_WORDS.get(card.kind, card.kind))}"
            f"<br><span>{esc(card.text)}</span>{_note(card.note)}</li>")
    warn = "".join(f"<div style='color:#8a5300'>&#9888; {esc(w)}</div>" for w in vm.warnings)
    return ("<div style='margin-top:6px'><b>Abolitionist Queue</b> "
            f"(prices for Player {vm.prices_for + 1}; left = newest, the right end leaves next)"
            "</div><ol style='list-style:none;padding-left:0;margin:2px 0;font-size:13px'>"
            f"{''.join(rows)}</ol>{warn}")


def players_html(vm: FreedomView) -> str:
    """Each player: role card (side, Benefit now, Special Ability, history), money, held tokens
    and Reserve card."""
    esc = html.escape
    rows = []
    for p in vm.players:
        held = "; ".join(t.words + (" (grey)" if t.grey else "") for t in p.tokens)
        turn = " &#9654;" if vm.to_move == p.seat else ""
        special = ("used (the card shows side II)" if p.special_used
                   else f"{p.special} (once per game, {p.special_when})")
        reserve_text = "-"
        if p.reserve is not None:
            card = p.reserve
            reserve_text = f"{esc(card.name)} ({esc(card.year)}): {esc(card.text)}"
        rows.append(
            f"<li style='margin-bottom:3px'><b>Player {p.seat + 1}</b>{turn} &middot; "
            f"<b>{esc(p.role)}</b> (side {'I' * p.side}) &middot; ${p.money}<br>"
            f"Benefit: {esc(p.benefit)}<br>"
            f"Special Ability: {esc(special)}<br>"
            f"Tokens: {esc(held) or '-'}<br>Reserve card: {reserve_text}"
            f"{_note(p.history)}</li>")
    return ("<div style='margin-top:6px'><b>Players</b></div>"
            "<ul style='list-style:none;padding-left:0;margin:2px 0;font-size:13px'>"
            f"{''.join(rows)}</ul>")


def victory_html(vm: FreedomView) -> str:
    """The Victory Conditions card of this game (players and difficulty)."""
    n = len(vm.players)
    return (
        "<div style='margin-top:6px;font-size:13px'><b>Victory Conditions card</b> "
        f"({n} player{'s' if n != 1 else ''}, {html.escape(vm.difficulty)}): "
        f"win at the end of a round with {vm.freed_target} people free in Canada and all "
        f"{vm.support_total} Support tokens bought (before the end of round 8); lose at once "
        f"when the Slaves Lost track ({vm.lost_limit} spaces) is full and one more person is "
        "lost.</div>")


# ------------------------------------------------------------------ the game's UI
class FreedomUI(GameUI):
    """Freedom's map, panels and texts for the shared app; every panel draws the view it is
    given (:class:`.view_model.FreedomView`), never the engine's state."""

    title = GAMES["freedom"].title
    recent_note = " (drawn on the map as arrows)"
    two_step = TWO_STEP

    def build_figure(self, game: Any) -> Any:
        """The route map's traces and layout (:func:`.drawing.figure.skeleton`)."""
        return map_figure.skeleton(game)

    def update_figure(self, fig: Any, view: FreedomView, selection: Selection) -> None:
        """Draw ``view`` (with what happened since the selection's position)."""
        map_draw.draw(fig, view, selection)

    def draw_hints(self, fig: Any, view: FreedomView, actions: Any) -> None:
        """Number the advisor's best moves on the map, from the view's choices."""
        map_draw.draw_hints_on(fig, view, actions)

    def click(self, view: FreedomView, trace: str, point_id: str,
              selection: Selection) -> ClickResult:
        """A click on the map (:func:`.drawing.click.click_on` on the game's view)."""
        return map_click.click_on(view, trace, point_id, selection)

    def side_html(self, view: FreedomView) -> str:
        """Period columns, Queue and players, as small escaped HTML tables."""
        vm = view
        esc = html.escape
        period, lead = vm.period, vm.lead
        parts = [
            "<div style='font-size:13px;line-height:1.35'>",
            f"<div style='font-size:14px'><b>Round {vm.round} of 8</b> &middot; "
            f"{'game over' if vm.over else esc(vm.phase) + ' phase'}<br>Period "
            f"{ROMAN.get(period, period)} &middot; "
            f"Lead Player: <b>Player {lead + 1}</b> (lantern)<br>"
            f"Freed {vm.freed} of {vm.freed_target} &middot; Lost {vm.lost} of {vm.lost_limit}"
            "</div>",
        ]
        cols = []
        for sup in vm.support:
            p = sup.period
            dim = "" if p <= period else "opacity:0.45"
            rows = [f"<tr style='{dim}'><td>Support</td><td>{sup.left}</td>"
                    f"<td>${sup.price}</td></tr>"]
            rows += [f"<tr style='{dim}'><td>{esc(s.kind)}</td><td>{s.left}</td>"
                     f"<td>{esc(s.price)}</td></tr>" for s in vm.stacks if s.period == p]
            cols.append(
                f"<tr style='{dim}'><td colspan=3 style='text-align:left;padding-top:3px'>"
                f"<b>Period {ROMAN[p]}</b>"
                f"{' (open)' if p <= period else ' (not yet open)'}</td></tr>"
                f"{''.join(rows)}")
        parts.append("<div style='margin-top:6px'><b>Token board</b> (tokens left, price)</div>"
                     "<table style='font-size:13px'>"
                     f"{''.join(cols)}</table>")
        parts += [queue_html(vm), players_html(vm), victory_html(vm), "</div>"]
        return "".join(parts)

    def tables(self, view: FreedomView) -> dict[str, Table]:
        """The State tab: every part of the game as tables, in words (no ids, no raw lists)."""
        vm = view
        board, people = vm.board, vm.people
        catchers: dict[str, list[str]] = {}
        for colour, sid in vm.catchers.items():
            catchers.setdefault(sid, []).append(colour)
        spaces = Table.from_records([
            {"space": s.name, "region": s.region, "kind": s.kind,
             "people": people[sid], "capacity": s.capacity if s.capacity is not None else "",
             "catchers": ", ".join(catchers.get(sid, [])),
             "triggers": ", ".join(board.triggers(sid)),
             "money": s.money or ""}
            for sid, s in board.spaces.items()
            if people[sid] or sid in catchers or s.kind != "city"
        ])
        players = Table.from_records([
            {"player": p.seat + 1, "role": p.role, "side": p.side, "money": p.money,
             "tokens": "; ".join(t.kind + (" (grey)" if t.grey else "") for t in p.tokens) or "-",
             "reserve": f"{p.reserve.name} (reserve)" if p.reserve is not None else "-"}
            for p in vm.players], index="player")
        tokens = Table.from_records([
            {"period": ROMAN.get(s.period, "-"), "token": f"{s.kind}, {s.price}", "left": s.left}
            for s in vm.stacks])
        queue = Table.from_records([
            {"position": i + 1, "card": "(empty)" if c is None else f"{c.name} ({c.kind})",
             "cost": QUEUE_PRICES[i] if i < len(QUEUE_PRICES) else ""}
            for i, c in enumerate(vm.queue)])
        market = Table.from_records([
            {"card": f"card {i + 1}" + (" (delivered next)" if i == 0 else ""), "people": c.people}
            for i, c in enumerate(vm.market)], columns=("card", "people"))
        overview = Table.from_mapping({
            "round": vm.round, "phase": vm.phase, "period": vm.period,
            "lead player": vm.lead + 1, "freed": vm.freed, "lost": vm.lost,
            "people in supply": vm.supply,
            "Support tokens left": ", ".join(f"Period {ROMAN[s.period]}: {s.left}"
                                             for s in vm.support)})
        return {"Overview": overview, "Players": players,
                "Spaces (with people or catchers, plantations, Canada)": spaces,
                "Slave Market": market, "Abolitionist Queue": queue, "Token stacks": tokens}

    def summary(self, view: FreedomView) -> list[tuple[str, str]]:
        """Freed and lost, people on the map, catchers, players and Lead Player, in words."""
        vm = view
        board, people = vm.board, vm.people
        where = ", ".join(f"{board.spaces[s].name} {n}" for s, n in people.items()
                          if n and s not in board.canada)
        return [
            ("Freed / Lost", f"{vm.freed} of {vm.freed_target} / {vm.lost} of {vm.lost_limit}"),
            ("People on the map", where or "none"),
            ("Slave Catchers", ", ".join(f"{c} at {board.spaces[s].name}"
                                         for c, s in vm.catchers.items())),
            ("Players", "; ".join(f"P{p.seat + 1} {p.role} ${p.money}" for p in vm.players)),
            ("Lead Player", f"Player {vm.lead + 1}"),
        ]

    def unavailable(self, view: FreedomView) -> list[str]:
        """The usual choices not offered now, each with the engine's reason."""
        return list(view.unavailable)

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Random and the registry's quick Freedom bots (:func:`.registry_bots`)."""
        return registry_bots("freedom")

    def outcome(self, game: Any) -> str:
        """How the game ended, with the optional score taken apart (see
        :func:`.view_model.outcome_words`)."""
        return outcome_words(game)
