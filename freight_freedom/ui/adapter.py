"""The per-game hook table: what the shared app needs to know about one game.

The shared pieces in :mod:`freight_freedom.ui` know only the kernel API (``legal_actions``,
``apply``, ``undo``, ``prompt``, ``log`` ...). What is particular to a game (how to draw it, what a
click on the drawing means, which bots exist, which tables describe its state) is
collected in one :class:`GameUI` per game, built by ``game_ui()`` of the game's ``app`` module
in :mod:`freight_freedom.core.registry`. :func:`ui_for` finds it; a game without one (a test
game) gets the defaults, which still give a working app without a figure.
"""

from __future__ import annotations

import importlib
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.action import Action
from ..core.bot import Bot, RandomBot
from ..core.game import Game
from ..core.registry import find
from ..core.seat_view import event_view, recent_events
from .words import rule_free

AnyGame = Game[Any]

_VIEWS: weakref.WeakKeyDictionary[Any, tuple[tuple[Any, ...], Any]] = weakref.WeakKeyDictionary()


def game_view(game: AnyGame, since: int | None = None, seat: int | None = None) -> Any:
    """``game.view(seat)`` with the events logged from ``game.log[since]`` on (none when
    ``since`` is ``None``: the app shows what happened from the selection's position), computed
    once per position: one refresh of the app draws the map, the panels, the drop-downs and the
    tables from the same view. The position is told by the state's digest (so a state changed
    in place is seen), the log and the history."""
    key = (seat, len(game.log), len(game.history), game.digest())
    cached = _VIEWS.get(game)
    if cached is not None and cached[0] == key:
        view = cached[1]
    else:
        view = game.view(seat, since=len(game.log))  # type: ignore[attr-defined]
        _VIEWS[game] = (key, view)
    if since is None or not 0 <= since < len(game.log):  # (a position undone: nothing new)
        return view
    return replace(view, events=tuple(event_view(e) for e in recent_events(game, since)))


@dataclass(frozen=True)
class Split:
    """One action of a two-step choice: the key and words of its first choice (the origin
    space of a movement, the card of a take) and the words of its second (the destination)."""

    first: str
    first_label: str
    second_label: str


@dataclass(frozen=True)
class TwoStep:
    """A kind of action chosen in two steps: ``first`` then ``second`` (the drop-downs'
    captions), ``split(game, action)`` says which is which for each action, ``hint`` tells
    where else the same choice can be made (the map)."""

    first: str
    second: str
    split: Callable[[Any, Action], Split]
    hint: str = ""


@dataclass
class Selection:
    """UI-only state of a multi-click choice on the figure (e.g. the origin space picked first)."""

    origin: str | None = None
    #: index in ``game.log`` from which events are "what just happened" (the human's last
    #: decision and the bots' replies): the figure highlights them, the column lists them
    since: int | None = None
    #: the advisor's best actions for this position, best first (the figure numbers them)
    hints: tuple[Action, ...] = ()


@dataclass(frozen=True)
class ClickResult:
    """What a click on the figure means: an action to apply, and/or a new selection."""

    action: Action | None = None
    selection: Selection = field(default_factory=Selection)
    message: str = ""


def _no_figure(game: AnyGame) -> Any:
    return None


def _no_update(fig: Any, game: AnyGame, selection: Selection) -> None:
    return None


def _no_hints(fig: Any, game: AnyGame, actions: Sequence[Action]) -> None:
    return None


def _no_click(game: AnyGame, trace: str, point_id: str, selection: Selection) -> ClickResult:
    return ClickResult(message="clicks on this figure do not choose anything")


def _no_html(game: AnyGame) -> str:
    return ""


def _no_tables(game: AnyGame) -> dict[str, Any]:
    return {}


def _default_describe(game: AnyGame, action: Action) -> str:
    describe = getattr(game, "describe", None)
    if callable(describe):
        try:
            return str(describe(action))
        except Exception:  # noqa: BLE001 - a label must never break the panel
            return str(action)
    return str(action)


def _nothing_unavailable(game: AnyGame) -> list[str]:
    return []


def _default_bots() -> dict[str, Callable[[int], Bot]]:
    return {"Random bot": lambda seed: RandomBot(seed)}


def _default_outcome(game: AnyGame) -> str:
    return str(game.outcome)


def _default_summary(game: AnyGame) -> list[tuple[str, str]]:
    return []


@dataclass(frozen=True)
class GameUI:
    """Hooks one game gives the shared app; every field has a harmless default.

    - ``build_figure(game)``: the ``plotly.graph_objects.Figure``'s traces and layout (or
      ``None``); its callers always set the state with ``update_figure`` next, so it need not.
      Its traces must be the same in number and order for every state, so that
      ``update_figure`` can change a displayed FigureWidget in place.
    - ``update_figure(fig, game, selection)``: set the state-dependent properties of ``fig``
      (called inside ``batch_update`` for a FigureWidget).
    - ``draw_hints(fig, game, actions)``: show the advisor's best actions on ``fig`` (called
      when a Hint arrives, inside ``batch_update``).
    - ``click(game, trace_name, point_id, selection)``: the meaning of a click on a point whose
      ``customdata`` is ``point_id`` (the id of what the point shows, e.g. a space id). Points
      without ``customdata`` are not clickable.
    - ``side_html(game)``: state shown beside the figure (HTML, escaped by the game).
    - ``tables(game)``: named tables (``core.tables.Table``) for the state inspector.
    - ``summary(game)``: key facts as (label, value) rows for the static HTML summary.
    - ``unavailable(game)``: the usual choices of the pending decision that are not legal now,
      each as one line with the engine's reason ("Support token: not enough money: a Support
      token costs $10, you have $8"); shown under the actions.
    - ``bots``: name -> factory(seed) of the bots a seat may be given.
    - ``two_step``: action kinds chosen in two steps (origin, then destination), by kind; the
      panel shows them as two short drop-downs, whatever their number.
    - ``outcome(game)``: how the game ended, in words (default ``str(game.outcome)``).
    - ``turn_word``: what the game counts, ``"Round"`` (with phases) or ``"Turn"``.
    - ``recent_note``: said after "What just happened" (where the figure shows it too).
    - ``words(text)``: an engine text (prompt, event, reason) as a student reads it on screen:
      no rule codes (:func:`.words.rule_free`), and whatever the game names by an internal id
      in its texts named in words (Slow Freight's trains).

    The New game form is drawn from the game's declared options (:mod:`.newgame`).
    """

    title: str = "Game"
    build_figure: Callable[[AnyGame], Any] = _no_figure
    update_figure: Callable[[Any, AnyGame, Selection], None] = _no_update
    draw_hints: Callable[[Any, AnyGame, Sequence[Action]], None] = _no_hints
    click: Callable[[AnyGame, str, str, Selection], ClickResult] = _no_click
    side_html: Callable[[AnyGame], str] = _no_html
    tables: Callable[[AnyGame], dict[str, Any]] = _no_tables
    summary: Callable[[AnyGame], list[tuple[str, str]]] = _default_summary
    describe: Callable[[AnyGame, Action], str] = _default_describe
    unavailable: Callable[[AnyGame], list[str]] = _nothing_unavailable
    bots: Callable[[], dict[str, Callable[[int], Bot]]] = _default_bots
    two_step: Mapping[str, TwoStep] = field(default_factory=dict)
    words: Callable[[str], str] = rule_free
    outcome: Callable[[AnyGame], str] = _default_outcome
    turn_word: str = "Round"
    recent_note: str = ""


def ui_for(game: AnyGame) -> GameUI:
    """The :class:`GameUI` of ``game`` (defaults for a game without one)."""
    entry = find(game)
    if entry is None:
        return GameUI(title=type(game).__name__)
    module = importlib.import_module(entry.app)
    result: GameUI = module.game_ui()
    return result
