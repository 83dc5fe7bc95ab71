"""The event log, latest first, each line with its rule a click away; and the move list.

The log is the teaching narrative: every event says what changed, in words, and a small "rule"
link beside it opens to the rule's text (its ID, ``FR-CATCH-3``, in the tooltip), so a class
can follow why the board looks as it does. Only the last
:data:`MAX_ROWS` events are drawn, keeping updates fast in long games; the full log is
``game.log``.

The move list (:class:`MoveList`) is the history as a chess site shows it beside the board:
grouped by round, phase and player, one line a decision in words; choosing a line shows the
board at that point, read-only (:func:`game_at` replays a copy), with a way back to the present.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..core.action import Action, Step
from ..core.event import Event
from ..core.game import Game
from ..core.i18n import _, ngettext
from ..core.say import shown
from .rule_words import rule_details
from .words import rule_free

MAX_ROWS = 200


def log_html(events: Sequence[Event], max_rows: int = MAX_ROWS,
             words: Callable[[str], str] = rule_free) -> str:
    """An HTML table of the last ``max_rows`` events, newest first (numbered from 1), each in
    ``words`` (the game's on-screen words) with its rule a click away."""
    rows = []
    rule = _("rule")
    start = max(0, len(events) - max_rows)
    for i in range(len(events) - 1, start - 1, -1):
        event = events[i]
        rows.append(
            f"<tr><td style='color:#888;text-align:right;vertical-align:top'>{i + 1}</td>"
            f"<td style='text-align:left'>{html.escape(words(event.said()))}</td>"
            f"<td style='vertical-align:top'>{rule_details(event.rule, rule)}</td></tr>"
        )
    earlier = ngettext("... {n} earlier events in game.log", "... {n} earlier events in game.log",
                       start).format(n=start)
    more = (
        f"<tr><td colspan=3 style='color:#888'>{html.escape(earlier)}</td></tr>"
        if start
        else ""
    )
    head = html.escape(_("event"))
    return (
        "<table style='font-size:13px;border-collapse:collapse;width:100%'>"
        f"<thead><tr><th>#</th><th style='text-align:left'>{head}</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}{more}</tbody></table>"
    )


class LogView:
    """A scrolling box with the log; ``update(events)`` redraws only when the log changed."""

    def __init__(self, words: Callable[[str], str] = rule_free) -> None:
        self.words = words
        self.html = widgets.HTML()
        self.widget = widgets.Box(
            [self.html], layout=widgets.Layout(max_height="320px", overflow="auto", width="100%")
        )
        self._count = -1
        self._last: Event | None = None

    def update(self, events: Sequence[Event]) -> None:
        last = events[-1] if events else None
        if len(events) == self._count and last is self._last:
            return
        self._count, self._last = len(events), last
        self.html.value = log_html(events, words=self.words)


# ------------------------------------------------------------------ the move list
@dataclass(frozen=True)
class Move:
    """One step of the history as the move list shows it.

    ``index`` counts from 0 (the board *after* it is ``game_at(game, index + 1)``); ``log``
    is the slice of ``game.log`` it caused, as (start, stop).
    """

    index: int
    round: Any
    phase: str
    seat: int | None
    text: str
    log: tuple[int, int]


def game_at(game: Game[Any], steps: int) -> Game[Any]:
    """A copy of ``game`` replayed from its seed to its first ``steps`` steps (read-only use)."""
    other = game.copy()
    other._replay(list(game.history[:steps]))
    other._redo = []
    return other


def _strip_player(text: str, seat: int | None) -> str:
    who = f"Player {seat + 1} " if seat is not None else ""
    return text[len(who):] if who and text.startswith(who) else text


class MoveBook:
    """The :class:`Move` of every step of a game, kept up to date cheaply.

    A private copy of the game (the *shadow*) follows the history: when the history only grew,
    the new steps are applied to it; after an undo, a load or a new game it is replayed from the
    seed (milliseconds for a whole game).
    """

    def __init__(self, describe: Callable[[Game[Any], Action], str]) -> None:
        self.describe = describe
        self.moves: list[Move] = []
        self._steps: tuple[Step, ...] = ()
        self._shadow: Game[Any] | None = None
        self._game: Game[Any] | None = None

    def update(self, game: Game[Any]) -> list[Move]:
        history = game.history
        known = len(self._steps)
        if (self._shadow is None or game is not self._game or len(history) < known
                or history[:known] != self._steps):
            self._game = game
            self._shadow = game_at(game, 0)
            self.moves, self._steps, known = [], (), 0
        shadow = self._shadow
        for step in history[known:]:
            start = len(shadow.log)
            seat = step.seat if isinstance(step, Action) else None
            if isinstance(step, Action):
                text = _strip_player(self.describe(shadow, step), seat)
            else:
                text = _("set-up change: {name}").format(name=step.name)
            where = (getattr(shadow, "round", None), str(getattr(shadow, "phase", "")))
            if isinstance(step, Action):
                shadow.apply_unchecked(step)
            else:
                shadow.scenario(step.name, **step.kwargs())
            self.moves.append(Move(len(self.moves), where[0], where[1], seat, text,
                                   (start, len(shadow.log))))
        self._steps = history
        return self.moves


def _where(move: Move) -> str:
    if move.phase == "turn":  # a game of turns, not of rounds and phases (Slow Freight)
        return _("Turn {n}").format(n=move.round)
    return _("Round {n}").format(n=move.round) + " \u00b7 " + _("{phase} phase").format(
        phase=shown(move.phase))


INDENT = "\u2003"


def move_options(moves: Sequence[Move]) -> list[tuple[str, tuple[str, int]]]:
    """The move list's lines: a line per round and phase, per player within it, per move.

    Values are ``(kind, steps)``: choosing a line shows the board after ``steps`` steps (a
    phase or player line: the board when it began).
    """
    options: list[tuple[str, tuple[str, int]]] = [(_("Set-up"), ("setup", 0))]
    where: str | None = None
    seat: int | None | str = "none"
    for move in moves:
        here = _where(move)
        if here != where:
            where, seat = here, "none"
            options.append((here, ("phase", move.index)))
        if move.seat != seat:
            seat = move.seat
            who = (_("Player {n}").format(n=move.seat + 1) if move.seat is not None
                   else _("Teacher"))
            options.append((f"{INDENT}{who}", ("player", move.index)))
        options.append((f"{INDENT * 2}{move.index + 1}. {move.text}", ("move", move.index + 1)))
    return options


class MoveList:
    """The move list beside the board: grouped by round, phase and player, newest at the end.

    Choosing a line calls ``on_view(steps)``: the app shows the board after that many steps,
    read-only, with a way back to the present (``on_view(None)``). Keyboard: the list is a
    listbox, so the arrow keys walk through the game.
    """

    def __init__(self, describe: Callable[[Game[Any], Action], str],
                 on_view: Callable[[int | None], None],
                 words: Callable[[str], str] = rule_free) -> None:
        self.words = words
        self.book = MoveBook(describe)
        self.on_view = on_view
        self.select = widgets.Select(options=[], rows=14,
                                     layout=widgets.Layout(width="100%", max_width="760px"))
        self.select.style.description_width = "0px"
        self.back = widgets.Button(icon="step-forward",
                                   layout=widgets.Layout(width="auto", display="none",
                                                         align_self="flex-start"))
        self.back.on_click(lambda _b: self.on_view(None))
        self.detail = widgets.HTML()
        self.help = widgets.HTML()
        self.relabel()
        self.widget = widgets.VBox([self.help, self.select, self.back, self.detail],
                                   layout=widgets.Layout(width="100%"))
        self.active = True
        self._stale = True
        self._options: list[tuple[str, tuple[str, int]]] = []
        self._quiet = False
        self.select.observe(self._chosen, names="index")

    def relabel(self) -> None:
        """Put the list's own words in the current language."""
        self.select.description = _("Moves")
        self.select.tooltip = _("Choose a move to see the board after it")
        self.back.description = _("Back to the present")
        self.back.tooltip = _("Show the game as it is now and play on")
        words = html.escape(_("Choose a line to see the board at that point (read-only)."))
        self.help.value = f"<span style='font-size:13px;color:#555'>{words}</span>"

    def update(self, game: Game[Any], viewing: int | None, force: bool = False) -> None:
        """Bring the list up to date with ``game`` (if visible, or ``force``)."""
        if not (self.active or force):
            self._stale = True
            return
        self._stale = False
        moves = self.book.update(game)
        options = move_options(moves)
        self._quiet = True
        try:
            if options != self._options:
                self._options = options
                self.select.options = options
            index = None
            if viewing is not None:
                index = next((i for i, (_, value) in enumerate(options)
                              if value[0] in ("move", "setup") and value[1] == viewing), None)
            if self.select.index != index:
                self.select.index = index
        finally:
            self._quiet = False
        self.back.layout.display = "none" if viewing is None else ""
        self.detail.value = self._detail(game, moves, viewing)

    def _detail(self, game: Game[Any], moves: Sequence[Move], viewing: int | None) -> str:
        if viewing is None or viewing == 0 or viewing > len(moves):
            return ""
        move = moves[viewing - 1]
        events = game.log[move.log[0]:move.log[1]] if move.log[1] <= len(game.log) else ()
        rule = _("rule")
        items = "".join(
            f"<li>{html.escape(self.words(e.said()))} {rule_details(e.rule, rule)}</li>"
            for e in events)
        head = _("{where}, step {n}:").format(where=_where(move), n=viewing)
        return (f"<div style='font-size:13px'><b>{html.escape(head)}"
                f"</b><ul style='margin:2px 0;padding-left:18px'>{items}</ul></div>")

    def set_active(self, active: bool, game: Game[Any], viewing: int | None) -> None:
        self.active = active
        if active and self._stale:
            self.update(game, viewing)

    def _chosen(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        _, (kind, steps) = self._options[change["new"]]
        self.on_view(steps)

    def choose(self, steps: int) -> None:
        """Choose the line of the move that leaves ``steps`` steps (as a click would)."""
        index = next(i for i, (_, value) in enumerate(self._options)
                     if value[0] in ("move", "setup") and value[1] == steps)
        self.select.index = index
