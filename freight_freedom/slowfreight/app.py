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
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from ..core import Action
from ..core.bot import Bot
from ..core.registry import GAMES
from ..core.tables import Table
from ..ui.adapter import GameUI, Selection, Split, TwoStep
from ..ui.bots import registry_bots
from ..ui.words import rule_free
from . import view
from .scoring import players_words
from .text import train_name
from .view_model import SlowFreightView

_CELL = "padding:0 4px;text-align:right"


_TRAIN_ID = re.compile(r"\b(?:[Tt]rain )?(t\d+)\b")
_MOVEMENT_CARD = re.compile(r"\btrain\d+\b")
_CLOCK_CARD = re.compile(r"\bclock(\d+)\b")


def screen_words(text: str) -> str:
    """An engine text as a student reads it: trains by name (the notation and the saves keep
    ``t3``), Movement cards by kind, no rule codes.

    >>> screen_words("Player 2 moves t2 (2 Coal cars) [SF-MOVE-1]")
    'Player 2 moves train B (2 Coal cars)'
    >>> screen_words("Player 1 passes; train4 is discarded")
    'Player 1 passes; a Train card is discarded'
    """
    text = _MOVEMENT_CARD.sub("a Train card", rule_free(text))
    text = _CLOCK_CARD.sub(lambda m: f"Clock {m.group(1)}", text)
    return _TRAIN_ID.sub(lambda m: train_name(m.group(1)), text)


def final_table_html(vm: SlowFreightView) -> str:
    """The final score table (one row per player: delivered cars, Bonus chips, biggest-train
    awards, penalties, total) with the winner named in words; ``""`` before the game ends."""
    if vm.winners is None:
        return ""
    esc = html.escape
    head = "".join(f"<th style='{_CELL}'>{h}</th>" for h in (
        "", "delivered", "bonus chips", "biggest train", "penalties", "total"))
    rows = []
    for b in vm.final:
        win = " style='font-weight:bold'" if b.seat in vm.winners else ""
        cells = (b.delivered, b.bonus_chips, b.biggest_train, b.penalties, b.total)
        rows.append(f"<tr{win}><td style='{_CELL};text-align:left'>Player {b.seat + 1}</td>"
                    + "".join(f"<td style='{_CELL}'>{v}</td>" for v in cells) + "</tr>")
    top = max(b.total for b in vm.final)
    who = players_words(vm.winners)
    verdict = (f"{who} wins with {top} points." if len(vm.winners) == 1
               else f"{who} share the win with {top} points.")
    return ("<div class='ff-final-score' style='font-size:13px'>"
            f"<div style='font-size:14px'><b>{esc(verdict)}</b></div>"
            f"<div>The game ended: {esc(vm.end_reason)}.</div>"
            "<table style='font-size:13px;border-collapse:collapse'>"
            f"<tr>{head}</tr>{''.join(rows)}</table>"
            "<div style='font-size:13px;color:#555'>Penalties: 3 points per Locomotive and "
            "2 per Freight car still on the way.</div></div>")


def take_split(vm: SlowFreightView, action: Action) -> Split:
    """A take as two choices: which face-up card, then onto which train."""
    slot, name = action.args
    kinds = vm.face_up_kinds
    what = (kinds[slot] if isinstance(slot, int) and 0 <= slot < len(kinds) else None)
    mine = vm.players[action.seat].trains if 0 <= action.seat < len(vm.players) else ()
    train = next((t for t in mine if t.id == name), None)
    onto = (f"{train_name(str(name))} ({train.words})" if train is not None
            else train_name(str(name)))
    return Split(str(slot), f"{what or 'an empty place'} (face-up card {int(slot) + 1})", onto)


TWO_STEP = MappingProxyType({"take": TwoStep("Card", "onto train", take_split)})


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
        parts = ["<div style='font-size:13px;line-height:1.3'>",
                 f"<div style='font-size:13px'><b>Turn {vm.turn}</b> &middot; Clocks "
                 f"{vm.clocks_drawn} of {vm.clocks_total}</div>"]
        for p in vm.players:
            turn = " &#9654;" if vm.to_move == p.seat else ""
            trains = "; ".join(
                f"{train_name(t.id, start=True)}: {t.words}, {t.track} Track"
                f"{', moving' if t.moving else ''}" for t in p.trains) or "none"
            chips = sum(v for _, v in p.bonus_chips)
            parts.append(
                f"<div style='margin-top:3px'><b>Player {p.seat + 1}</b>{turn} &middot; "
                f"{p.score} points ({p.car_points} for delivered cars, {chips} in Bonus "
                f"chips) &middot; {len(p.delivered)} delivered<br>On the way: {esc(trains)}</div>")
        parts.append("</div>")
        return "".join(parts)

    def tables(self, vm: SlowFreightView) -> dict[str, Table]:
        """Players, trains on the way and delivered trains, as tables for the state inspector."""
        players = Table.from_records([
            {"player": p.seat + 1, "points": p.score,
             "trains on the way": len(p.trains), "delivered": len(p.delivered),
             "car points": p.car_points,
             "bonus chips": ", ".join(f"{view.KIND_NAME.get(t, t)} {v}"
                                      for t, v in p.bonus_chips) or "-"}
            for p in vm.players
        ], index="player")
        trains = []
        for p in vm.players:
            for status, group in (("on the way", p.trains), ("delivered", p.delivered)):
                for t in group:
                    trains.append({
                        "player": p.seat + 1, "train": train_name(t.id), "status": status,
                        "type": view.KIND_NAME.get(t.type or "", "-"),
                        "auto": t.counts["auto"], "tank": t.counts["tank"],
                        "coal": t.counts["coal"], "extra loco": "yes" if t.xloco else "",
                        "track": t.track, "moving": "yes" if t.moving else "",
                    })
        table = Table.from_mapping({
            "face-up cards": ", ".join(c or "-" for c in vm.face_up),
            "clocks drawn": f"{vm.clocks_drawn} of {vm.clocks_total}",
            "freight deck": vm.freight_deck,
            "movement deck": vm.movement_deck,
            "track supply": vm.track_supply,
            "bonus chips left": "; ".join(
                f"{view.KIND_NAME.get(k, k)}: {', '.join(map(str, v)) or 'none'}"
                for k, v in vm.bonus_chips.items()),
        })
        return {"Table": table, "Players": players,
                "Trains": Table.from_records(trains) if trains else Table(("train",), ())}

    def summary(self, vm: SlowFreightView) -> list[tuple[str, str]]:
        """Each player's points and trains, the clocks and the face-up cards, in words."""
        rows = [(f"Player {p.seat + 1}", f"{p.score} points, {len(p.trains)} trains on the way, "
                 f"{len(p.delivered)} delivered") for p in vm.players]
        rows.append(("Clocks", f"{vm.clocks_drawn} of {vm.clocks_total}"))
        rows.append(("Face-up cards", ", ".join(c or "-" for c in vm.face_up)))
        return rows

    def unavailable(self, vm: SlowFreightView) -> list[str]:
        """The usual choices of this turn that are not legal now, each with the engine's reason
        (see :func:`.view_model.unavailable`)."""
        return list(vm.unavailable)

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Random and the registry's quick Slow Freight bots (:func:`.registry_bots`)."""
        return registry_bots("slowfreight")

    def words(self, text: str) -> str:
        """Trains by name, Movement cards by kind, no rule codes (:func:`screen_words`)."""
        return screen_words(text)
