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
from ..core.i18n import N_, _, ngettext, pgettext
from ..core.registry import GAMES
from ..core.say import shown
from ..core.tables import Table
from ..ui.adapter import ClickResult, GameUI, Selection, Split, TwoStep
from ..ui.bots import registry_bots
from .drawing import click as map_click
from .drawing import draw as map_draw
from .drawing import figure as map_figure
from .state import QUEUE_PRICES
from .text import Colour
from .view_model import KIND_WORDS, ROMAN, FreedomView, outcome_words

#: regions, kinds of space and kinds of card in words (marked: the State tab shows them through
#: ``_()``)
WORDS = {"south": N_("south"), "north": N_("north"), "canada": N_("canada"),
         "city": N_("city"), "plantation": N_("plantation"),
         "general": N_("general"), "reserve": N_("reserve"), "opposition": N_("opposition")}


def split(vm: FreedomView, action: Any) -> Split:
    """A movement as two drop-down choices (:func:`.drawing.click.split_on` on the game's view)."""
    return map_click.split_on(vm, action)


MAP_HINT = N_("or click a space on the map, then a ringed destination")
#: the two-step kinds' captions and hints, marked: :attr:`FreedomUI.two_step` gives them in the
#: reader's language
TWO_STEP = MappingProxyType({
    "move": TwoStep(N_("From"), N_("to"), split, MAP_HINT),
    "catcher": TwoStep(N_("Catcher"), N_("to"), split,
                       N_("or click the catcher on the map, then a ring")),
})


def _two_step() -> MappingProxyType[str, TwoStep]:
    """:data:`TWO_STEP` in the reader's language."""
    return MappingProxyType({kind: TwoStep(_(step.first), _(step.second), step.split,
                                           _(step.hint) if step.hint else "")
                             for kind, step in TWO_STEP.items()})


# ------------------------------------------------------------------ beside the map
def _note(note: str, label: str | None = None) -> str:
    """A history note one click away (``<details>``), also shown on hover (``title``); the note
    is in the reader's language already (the view's)."""
    if not note:
        return ""
    esc = html.escape
    label = esc(_("history")) if label is None else label
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
            empty = esc(_("(empty)"))
            rows.append(f"<li style='color:#777'>{i + 1}. {empty}</li>")
            continue
        kind = KIND_WORDS.get(card.kind)
        kind_words = _(kind) if kind else card.kind
        rows.append(
            f"<li style='margin-bottom:3px'>{i + 1}. <b>{esc(card.name)}</b> ({esc(card.year)}) "
            f"&middot; <b>{esc(card.price_words)}</b> &middot; "
            f"{esc(kind_words)}"
            f"<br><span>{esc(card.text)}</span>{_note(card.note)}</li>")
    warn = "".join(f"<div style='color:#8a5300'>&#9888; {esc(w)}</div>" for w in vm.warnings)
    head = esc(_("(prices for Player {n}; left = newest, the right end leaves next)").format(
        n=vm.prices_for + 1))
    title = esc(_("Abolitionist Queue"))
    return (f"<div style='margin-top:6px'><b>{title}</b> {head}</div>"
            "<ol style='list-style:none;padding-left:0;margin:2px 0;font-size:13px'>"
            f"{''.join(rows)}</ol>{warn}")


def players_html(vm: FreedomView) -> str:
    """Each player: role card (side, Benefit now, Special Ability, history), money, held tokens
    and Reserve card."""
    esc = html.escape
    rows = []
    for p in vm.players:
        held = "; ".join(_("{token} (grey)").format(token=t.words) if t.grey else t.words
                         for t in p.tokens)
        turn = " &#9654;" if vm.to_move == p.seat else ""
        special = (_("used (the card shows side II)") if p.special_used
                   else _("{special} (once per game, {when})").format(special=p.special,
                                                                     when=p.special_when))
        reserve_text = "-"
        if p.reserve is not None:
            card = p.reserve
            reserve_text = f"{esc(card.name)} ({esc(card.year)}): {esc(card.text)}"
        player = esc(_("Player {n}").format(n=p.seat + 1))
        side = esc(_("side {side}").format(side="I" * p.side))
        rows.append(
            f"<li style='margin-bottom:3px'><b>{player}</b>{turn} &middot; "
            f"<b>{esc(p.role)}</b> ({side}) &middot; ${p.money}<br>"
            + esc(_("Benefit: {benefit}").format(benefit=p.benefit)) + "<br>"
            + esc(_("Special Ability: {special}").format(special=special)) + "<br>"
            + esc(_("Tokens: {tokens}").format(tokens=held or "-")) + "<br>"
            + esc(_("Reserve card: {card}")).format(card=reserve_text)
            + f"{_note(p.history)}</li>")
    title = esc(_("Players"))
    return (f"<div style='margin-top:6px'><b>{title}</b></div>"
            "<ul style='list-style:none;padding-left:0;margin:2px 0;font-size:13px'>"
            f"{''.join(rows)}</ul>")


def victory_html(vm: FreedomView) -> str:
    """The Victory Conditions card of this game (players and difficulty)."""
    n = len(vm.players)
    players = ngettext("{n} player", "{n} players", n).format(n=n)
    text = _("({players}, {difficulty}): win at the end of a round with {freed} people free "
             "in Canada and all {support} Support tokens bought (before the end of round 8); "
             "lose at once when the Slaves Lost track ({lost} spaces) is full and one more "
             "person is lost.").format(players=players, difficulty=shown(vm.difficulty),
                                       freed=vm.freed_target, support=vm.support_total,
                                       lost=vm.lost_limit)
    title = html.escape(_("Victory Conditions card"))
    return (f"<div style='margin-top:6px;font-size:13px'><b>{title}</b> "
            f"{html.escape(text)}</div>")


# ------------------------------------------------------------------ the game's UI
class FreedomUI(GameUI):
    """Freedom's map, panels and texts for the shared app; every panel draws the view it is
    given (:class:`.view_model.FreedomView`), never the engine's state."""

    title = GAMES["freedom"].title

    @property
    def recent_note(self) -> str:  # type: ignore[override]
        """Said after "What just happened", in the reader's language."""
        return _(" (drawn on the map as arrows)")

    @property
    def two_step(self) -> MappingProxyType[str, TwoStep]:  # type: ignore[override]
        """The movements chosen in two drop-downs, captions in the reader's language."""
        return _two_step()

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
        phase = (_("game over") if vm.over
                 else _("{phase} phase").format(phase=shown(vm.phase)))
        player = esc(_("Player {n}").format(n=lead + 1))
        round_words = esc(_("Round {round} of 8").format(round=vm.round))
        period_words = esc(_("Period {period}").format(period=ROMAN.get(period, period)))
        lead_words = esc(_("Lead Player: {player} (lantern)")).format(player=f"<b>{player}</b>")
        freed = esc(_("Freed {freed} of {target}").format(freed=vm.freed, target=vm.freed_target))
        lost = esc(_("Lost {lost} of {limit}").format(lost=vm.lost, limit=vm.lost_limit))
        parts = [
            "<div style='font-size:13px;line-height:1.35'>",
            f"<div style='font-size:14px'><b>{round_words}</b> &middot; {esc(phase)}<br>"
            f"{period_words} &middot; {lead_words}<br>{freed} &middot; {lost}</div>",
        ]
        cols = []
        support = esc(_("Support"))
        for sup in vm.support:
            p = sup.period
            dim = "" if p <= period else "opacity:0.45"
            rows = [f"<tr style='{dim}'><td>{support}</td><td>{sup.left}</td>"
                    f"<td>${sup.price}</td></tr>"]
            rows += [f"<tr style='{dim}'><td>{esc(s.kind)}</td><td>{s.left}</td>"
                     f"<td>{esc(s.price)}</td></tr>" for s in vm.stacks if s.period == p]
            state = esc(_("(open)") if p <= period else _("(not yet open)"))
            name = esc(_("Period {period}").format(period=ROMAN[p]))
            cols.append(
                f"<tr style='{dim}'><td colspan=3 style='text-align:left;padding-top:3px'>"
                f"<b>{name}</b> {state}</td></tr>{''.join(rows)}")
        board_title, board_note = esc(_("Token board")), esc(_("(tokens left, price)"))
        parts.append(f"<div style='margin-top:6px'><b>{board_title}</b> {board_note}</div>"
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
        def word(key: str) -> str:  # a region, a kind of space or of card, in words
            marked = WORDS.get(key)
            return _(marked) if marked else key

        def names(items: Any) -> str:  # catcher colours, in words
            return ", ".join(str(Colour(c)) for c in items)

        spaces = Table.from_records([
            {_("space"): shown(s.name), _("region"): word(s.region), _("kind"): word(s.kind),
             _("people"): people[sid],
             _("capacity"): s.capacity if s.capacity is not None else "",
             _("catchers"): names(catchers.get(sid, [])),
             _("triggers"): names(board.triggers(sid)),
             _("money"): s.money or ""}
            for sid, s in board.spaces.items()
            if people[sid] or sid in catchers or s.kind != "city"
        ])
        player = _("player")
        players = Table.from_records([
            {player: p.seat + 1, _("role"): p.role, _("side"): p.side, _("money"): p.money,
             _("tokens"): "; ".join(_("{token} (grey)").format(token=t.kind) if t.grey
                                    else t.kind for t in p.tokens) or "-",
             _("reserve"): _("{card} (reserve)").format(card=p.reserve.name)
             if p.reserve is not None else "-"}
            for p in vm.players], index=player)
        tokens = Table.from_records([
            {_("period"): ROMAN.get(s.period, "-"),
             _("token"): _("{token}, {price}").format(token=s.kind, price=s.price),
             _("left"): s.left}
            for s in vm.stacks])
        queue = Table.from_records([
            {_("position"): i + 1,
             _("card"): _("(empty)") if c is None else _("{card} ({kind})").format(
                 card=c.name, kind=word(c.kind)),
             _("cost"): QUEUE_PRICES[i] if i < len(QUEUE_PRICES) else ""}
            for i, c in enumerate(vm.queue)])
        card, many = _("card"), _("people")
        market = Table.from_records([
            {card: (_("card {n} (delivered next)") if i == 0 else _("card {n}")).format(n=i + 1),
             many: c.people}
            for i, c in enumerate(vm.market)], columns=(card, many))
        overview = Table.from_mapping({
            _("round"): vm.round, _("phase"): shown(vm.phase), _("period"): vm.period,
            _("lead player"): vm.lead + 1, _("freed"): vm.freed, _("lost"): vm.lost,
            _("people in supply"): vm.supply,
            _("Support tokens left"): ", ".join(
                _("Period {period}: {left}").format(period=ROMAN[s.period], left=s.left)
                for s in vm.support)}, column=_("value"))
        return {_("Overview"): overview, _("Players"): players,
                _("Spaces (with people or catchers, plantations, Canada)"): spaces,
                _("Slave Market"): market, _("Abolitionist Queue"): queue,
                _("Token stacks"): tokens}

    def summary(self, view: FreedomView) -> list[tuple[str, str]]:
        """Freed and lost, people on the map, catchers, players and Lead Player, in words."""
        vm = view
        board, people = vm.board, vm.people
        where = ", ".join(f"{shown(board.spaces[s].name)} {n}" for s, n in people.items()
                          if n and s not in board.canada)
        return [
            (_("Freed / Lost"), _("{freed} of {target} / {lost} of {limit}").format(
                freed=vm.freed, target=vm.freed_target, lost=vm.lost, limit=vm.lost_limit)),
            (_("People on the map"), where or _("none")),
            (_("Slave Catchers"), ", ".join(
                _("{colour} at {space}").format(colour=Colour(c),
                                                space=shown(board.spaces[s].name))
                for c, s in vm.catchers.items())),
            (_("Players"), "; ".join(_("P{n} {role} ${money}").format(
                n=p.seat + 1, role=p.role, money=p.money) for p in vm.players)),
            (_("Lead Player"), _("Player {n}").format(n=vm.lead + 1)),
        ]

    def unavailable(self, view: FreedomView) -> list[str]:
        """The usual choices not offered now, each with the engine's reason."""
        return list(view.unavailable)

    def kind_title(self, kind: str) -> str:
        """The action panel's heading of a kind of choice: the notation's word in English, a
        word of the reader's language otherwise."""
        return _KIND_TITLES[kind]() if kind in _KIND_TITLES else kind

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Random and the registry's quick Freedom bots (:func:`.registry_bots`)."""
        return registry_bots("freedom")

    def outcome(self, game: Any) -> str:
        """How the game ended, with the optional score taken apart (see
        :func:`.view_model.outcome_words`)."""
        return outcome_words(game)


#: the action panel's headings (TRANSLATORS: each is a short heading over buttons, a verb)
_KIND_TITLES: dict[str, Callable[[], str]] = {
    "roll": lambda: pgettext("action kind", "roll"),
    "reserve": lambda: pgettext("action kind", "reserve"),
    "decline": lambda: pgettext("action kind", "decline"),
    "support": lambda: pgettext("action kind", "support"),
    "buy": lambda: pgettext("action kind", "buy"),
    "special": lambda: pgettext("action kind", "special"),
    "done": lambda: pgettext("action kind", "done"),
    "benefit": lambda: pgettext("action kind", "benefit"),
    "call": lambda: pgettext("action kind", "call"),
    "play": lambda: pgettext("action kind", "play"),
    "card": lambda: pgettext("action kind", "card"),
    "pass": lambda: pgettext("action kind", "pass"),
    "end": lambda: pgettext("action kind", "end"),
    "move": lambda: pgettext("action kind", "move"),
    "stop": lambda: pgettext("action kind", "stop"),
    "catcher": lambda: pgettext("action kind", "catcher"),
    "skip": lambda: pgettext("action kind", "skip"),
    "remove": lambda: pgettext("action kind", "remove"),
    "buy_support": lambda: pgettext("action kind", "buy support"),
    "capture": lambda: pgettext("action kind", "capture"),
    "deliver": lambda: pgettext("action kind", "deliver"),
}
