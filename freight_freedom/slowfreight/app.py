"""Slow Freight in the shared app: :class:`SlowFreightUI`, its :class:`~.adapter.GameUI`.

The table figure is :mod:`.view`; clicks on it choose nothing (every decision is a button or a
drop-down); beside it (:meth:`SlowFreightUI.side_html`) each player's points and trains, and at
the end the score table (:func:`final_table_html`) naming the winner;
:meth:`SlowFreightUI.unavailable` says why a usual choice is not offered; the inspector shows one
row per train and one per player; the static summary lists the scores and the clocks. Imported
only by the rendering path. Everything here reads one value, the game's view (``game.view()``,
:mod:`.view_model`; computed once per refresh by the app, see
:func:`~freight_freedom.ui.adapter.game_view`), never the engine's state.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from ..core import Action
from ..core.bot import Bot
from ..core.i18n import _, language, ngettext, pgettext
from ..core.registry import GAMES
from ..core.say import shown
from ..core.tables import Table
from ..ui.adapter import GameUI, Selection, Split, TwoStep
from ..ui.bots import registry_bots
from ..ui.words import rule_free
from . import view
from .scoring import players_words
from .text import train_name, train_word
from .view_model import SlowFreightView

_CELL = "padding:0 4px;text-align:right"


_TRAIN_ID = re.compile(r"\b(?:[Tt]rain )?(t\d+)\b")
_MOVEMENT_CARD = re.compile(r"\btrain\d+\b")
_CLOCK_CARD = re.compile(r"\bclock(\d+)\b")


@cache
def _train_id(lang: str) -> re.Pattern[str]:
    """A train's id in a text of ``lang`` (the current language): ``"t3"``, with the word for
    a train before it in English or in ``lang`` (:func:`.text.train_word`): ``"train t3"``,
    ``"tren t3"``."""
    words = set(train_word()) - {"", "train", "Train"}
    if not words:
        return _TRAIN_ID
    alternatives = "|".join(["[Tt]rain", *sorted(map(re.escape, words))])
    return re.compile(rf"\b(?:(?:{alternatives}) )?(t\d+)\b")


def screen_words(text: str) -> str:
    """An engine text as a student reads it: trains by name (the notation and the saves keep
    ``t3``), Movement cards by kind, no rule codes; in the current language (the text's own,
    and the names it gives in the words of :func:`.text.train_name`).

    >>> screen_words("Player 2 moves t2 (2 Coal cars) [SF-MOVE-1]")
    'Player 2 moves train B (2 Coal cars)'
    >>> screen_words("Player 1 passes; train4 is discarded")
    'Player 1 passes; a Train card is discarded'
    """
    card = _("a Train card")
    text = _MOVEMENT_CARD.sub(lambda m: card, rule_free(text))
    text = _CLOCK_CARD.sub(lambda m: _("Clock {n}").format(n=m.group(1)), text)
    return _train_id(language()).sub(lambda m: train_name(m.group(1)), text)


def final_table_html(vm: SlowFreightView) -> str:
    """The final score table (one row per player: delivered cars, Bonus chips, biggest-train
    awards, penalties, total) with the winner named in words; ``""`` before the game ends."""
    if vm.winners is None:
        return ""
    esc = html.escape
    head = "".join(f"<th style='{_CELL}'>{esc(h)}</th>" for h in (
        "", _("delivered"), _("bonus chips"), _("biggest train"), _("penalties"), _("total")))
    rows = []
    for b in vm.final:
        win = " style='font-weight:bold'" if b.seat in vm.winners else ""
        cells = (b.delivered, b.bonus_chips, b.biggest_train, b.penalties, b.total)
        who = esc(_("Player {n}").format(n=b.seat + 1))
        rows.append(f"<tr{win}><td style='{_CELL};text-align:left'>{who}</td>"
                    + "".join(f"<td style='{_CELL}'>{v}</td>" for v in cells) + "</tr>")
    top = max(b.total for b in vm.final)
    who = players_words(vm.winners)
    verdict = (_("{who} wins with {top} points.") if len(vm.winners) == 1
               else _("{who} share the win with {top} points.")).format(who=who, top=top)
    ended = _("The game ended: {reason}.").format(reason=vm.end_reason)
    footnote = _("Penalties: 3 points per Locomotive and 2 per Freight car still on the way.")
    return ("<div class='ff-final-score' style='font-size:13px'>"
            f"<div style='font-size:14px'><b>{esc(verdict)}</b></div>"
            f"<div>{esc(ended)}</div>"
            "<table style='font-size:13px;border-collapse:collapse'>"
            f"<tr>{head}</tr>{''.join(rows)}</table>"
            f"<div style='font-size:13px;color:#555'>{esc(footnote)}</div></div>")


def take_split(vm: SlowFreightView, action: Action) -> Split:
    """A take as two choices: which face-up card, then onto which train."""
    slot, name = action.args
    kinds = vm.face_up_kinds
    what = (kinds[slot] if isinstance(slot, int) and 0 <= slot < len(kinds) else None)
    mine = vm.players[action.seat].trains if 0 <= action.seat < len(vm.players) else ()
    train = next((t for t in mine if t.id == name), None)
    onto = (_("{train} ({cars})").format(train=train_name(str(name)), cars=train.words)
            if train is not None else train_name(str(name)))
    card = _("{card} (face-up card {n})").format(card=what or _("an empty place"),
                                                  n=int(slot) + 1)
    return Split(str(slot), card, onto)


class _TwoSteps(Mapping[str, TwoStep]):
    """The kinds chosen in two steps, their drop-downs' captions in the current language (the
    app reads them when it draws the choices)."""

    def __getitem__(self, kind: str) -> TwoStep:
        if kind != "take":
            raise KeyError(kind)
        # TRANSLATORS: the captions of the two drop-downs of a take: a face-up card, then a train
        return TwoStep(_("Card"), _("onto train"), take_split)

    def __iter__(self) -> Iterator[str]:
        return iter(("take",))

    def __len__(self) -> int:
        return 1


TWO_STEP: Mapping[str, TwoStep] = _TwoSteps()


class SlowFreightUI(GameUI):
    """Slow Freight's table, panels and texts for the shared app; every panel draws the view it
    is given (:class:`.view_model.SlowFreightView`), never the engine's state."""

    title = GAMES["slowfreight"].title
    turn_word = "Turn"
    two_step = TWO_STEP

    def build_figure(self, game: Any) -> Any:
        """The table's traces and layout (:func:`.view.figure`)."""
        return view.figure(game)

    def update_figure(self, fig: Any, vm: SlowFreightView, selection: Selection) -> None:
        """Draw the view on the table figure."""
        view.draw(fig, vm)

    def side_html(self, vm: SlowFreightView) -> str:
        """Beside the table: each player's points and trains during the game (escaped, compact);
        the final score table once the game is over."""
        if vm.winners is not None:
            return final_table_html(vm)
        esc = html.escape
        turn_words = esc(_("Turn {n}").format(n=vm.turn))
        clocks = esc(_("Clocks {n} of {total}").format(n=vm.clocks_drawn, total=vm.clocks_total))
        parts = ["<div style='font-size:13px;line-height:1.3'>",
                 f"<div style='font-size:13px'><b>{turn_words}</b> &middot; {clocks}</div>"]
        for p in vm.players:
            turn = " &#9654;" if vm.to_move == p.seat else ""
            trains = "; ".join(
                (_("{train}: {cars}, {track} Track, moving") if t.moving
                 else _("{train}: {cars}, {track} Track")).format(
                    train=train_name(t.id, start=True), cars=t.words, track=t.track)
                for t in p.trains) or _("none")
            chips = sum(v for _kind, v in p.bonus_chips)
            who = esc(_("Player {n}").format(n=p.seat + 1))
            points = esc(_("{points} points ({cars} for delivered cars, {chips} in Bonus "
                           "chips)").format(points=p.score, cars=p.car_points, chips=chips))
            delivered = esc(_("{n} delivered").format(n=len(p.delivered)))
            on_way = esc(_("On the way: {trains}").format(trains=trains))
            parts.append(
                f"<div style='margin-top:3px'><b>{who}</b>{turn} &middot; "
                f"{points} &middot; {delivered}<br>{on_way}</div>")
        parts.append("</div>")
        return "".join(parts)

    def tables(self, vm: SlowFreightView) -> dict[str, Table]:
        """Players, trains on the way and delivered trains, as tables for the state inspector."""
        kind = view.KIND_NAME
        player_col = _("player")
        players = Table.from_records([
            {player_col: p.seat + 1, _("points"): p.score,
             _("trains on the way"): len(p.trains), _("delivered"): len(p.delivered),
             _("car points"): p.car_points,
             _("bonus chips"): ", ".join(f"{shown(kind[t]) if t in kind else t} {v}"
                                         for t, v in p.bonus_chips) or "-"}
            for p in vm.players
        ], index=player_col)
        yes = _("yes")
        trains = []
        for p in vm.players:
            for status, group in ((pgettext("train status", "on the way"), p.trains),
                                  (pgettext("train status", "delivered"), p.delivered)):
                for t in group:
                    trains.append({
                        player_col: p.seat + 1, _("train"): train_name(t.id), _("status"): status,
                        _("type"): shown(kind[t.type or ""]) if (t.type or "") in kind else "-",
                        # TRANSLATORS: the State tab's columns of a train's cars by kind
                        _("auto"): t.counts["auto"], _("tank"): t.counts["tank"],
                        _("coal"): t.counts["coal"],
                        _("extra loco"): yes if t.xloco else "",
                        _("track"): t.track, _("moving"): yes if t.moving else "",
                    })
        none = _("none")
        table = Table.from_mapping({
            _("face-up cards"): ", ".join(c or "-" for c in vm.face_up),
            _("clocks drawn"): _("{n} of {total}").format(n=vm.clocks_drawn,
                                                         total=vm.clocks_total),
            _("freight deck"): vm.freight_deck,
            _("movement deck"): vm.movement_deck,
            _("track supply"): vm.track_supply,
            _("bonus chips left"): "; ".join(
                f"{shown(kind[k]) if k in kind else k}: {', '.join(map(str, v)) or none}"
                for k, v in vm.bonus_chips.items()),
        }, column=_("value"))
        return {_("Table"): table, _("Players"): players,
                _("Trains"): Table.from_records(trains) if trains else Table((_("train"),), ())}

    def summary(self, vm: SlowFreightView) -> list[tuple[str, str]]:
        """Each player's points and trains, the clocks and the face-up cards, in words."""
        rows = [(_("Player {n}").format(n=p.seat + 1),
                 ngettext("{points} points, {trains} trains on the way, {delivered} delivered",
                          "{points} points, {trains} trains on the way, {delivered} delivered",
                          len(p.trains)).format(points=p.score, trains=len(p.trains),
                                                delivered=len(p.delivered)))
                for p in vm.players]
        rows.append((_("Clocks"), _("{n} of {total}").format(n=vm.clocks_drawn,
                                                            total=vm.clocks_total)))
        rows.append((_("Face-up cards"), ", ".join(c or "-" for c in vm.face_up)))
        return rows

    def unavailable(self, vm: SlowFreightView) -> list[str]:
        """The usual choices of this turn that are not legal now, each with the engine's reason
        (see :func:`.view_model.unavailable`)."""
        return list(vm.unavailable)

    def kind_title(self, kind: str) -> str:
        """The action panel's heading of a kind of choice: the notation's word in English, a
        word of the reader's language otherwise."""
        match kind:  # (TRANSLATORS: short headings over buttons, verbs)
            case "loco":
                return pgettext("action kind", "loco")
            case "take":
                return pgettext("action kind", "take")
            case "move":
                return pgettext("action kind", "move")
            case "pass":
                return pgettext("action kind", "pass")
            case "stop":
                return pgettext("action kind", "stop")
        return kind

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Random and the registry's quick Slow Freight bots (:func:`.registry_bots`)."""
        return registry_bots("slowfreight")

    def words(self, text: str) -> str:
        """Trains by name, Movement cards by kind, no rule codes (:func:`screen_words`)."""
        return screen_words(text)
