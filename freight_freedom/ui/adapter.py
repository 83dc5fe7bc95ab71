"""What the shared app needs to know about one game: the :class:`GameUI` base class.

The shared pieces in :mod:`freight_freedom.ui` know only the kernel API (``legal_actions``,
``apply``, ``undo``, ``prompt``, ``log`` ...). What is particular to a game (how to draw it, what a
click on the drawing means, which bots exist, which tables describe its state) is one subclass
of :class:`GameUI` per game, which :mod:`freight_freedom.core.registry` loads on first use
(``entry.ui()``). :func:`ui_for` finds it; a game without one (a test game) gets the base class,
whose defaults still give a working app without a figure.

The hooks that draw a position receive its view (``game.view()``, one frozen value), computed
once per refresh by the app (:func:`game_view`), not the game: every panel of one refresh is
drawn from the same value, and nothing drawn can read what the view does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..core.action import Action
from ..core.bot import Bot, RandomBot
from ..core.game import Game
from ..core.i18n import _
from ..core.registry import find
from ..core.tables import Table
from .words import rule_free

AnyGame = Game[Any]

def game_view(game: AnyGame, since: int | None = None, seat: int | None = None) -> Any:
    """What the app draws of ``game``: ``game.view(seat)`` with the events logged from
    ``game.log[since]`` on (none when ``since`` is ``None`` or not a position of the log, as
    after an undo: the app shows what happened from the selection's position, never the
    last step's by default). The app computes it once per refresh and hands it to every
    :class:`GameUI` hook that draws."""
    log = len(game.log)
    if since is None or isinstance(since, bool) or not 0 <= since < log:
        since = log
    return game.view(seat, since=since)


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
    captions), ``split(view, action)`` says which is which for each action (from the game's
    view, :func:`game_view`), ``hint`` tells where else the same choice can be made (the map)."""

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


class GameUI:
    """What one game gives the shared app; each method has a harmless default, so a game
    without a subclass of its own (a test game) still gets a working app, without a figure.

    A game's subclass (``FreedomUI``, ``SlowFreightUI`` in the games' ``app`` modules) is
    stateless: it draws the view it is given (:func:`game_view`, computed once per refresh by
    the app), so one instance serves every app of that game. The registry loads it on first use
    (:attr:`~freight_freedom.core.registry.GameEntry.ui`). Three hooks take the game itself:
    :meth:`build_figure` (the fixed parts follow the options, once per game), :meth:`describe`
    (any action at any past position of the move list, in the game's words) and
    :meth:`outcome` (the game's result, which no generic view carries).

    - :meth:`build_figure`, :meth:`update_figure`, :meth:`draw_hints`: the drawing;
      :meth:`click`: what a click on it means.
    - :meth:`side_html`, :meth:`tables`, :meth:`summary`, :meth:`unavailable`: the panels
      beside the figure, in the state inspector and in the static summary.
    - :meth:`describe`, :meth:`words`, :meth:`outcome`: texts on screen.
    - :meth:`bots`: the bots a seat may be given; :attr:`two_step`: action kinds chosen in two
      drop-downs.

    The New game form is drawn from the game's declared options (:mod:`.newgame`).
    """

    #: the app's title
    title: str = "Game"
    #: what the game counts, ``"Round"`` (with phases) or ``"Turn"``
    turn_word: str = "Round"
    #: said after "What just happened" (where the figure shows it too)
    recent_note: str = ""
    #: action kinds chosen in two steps (origin, then destination), by kind; the panel shows
    #: them as two short drop-downs, whatever their number
    two_step: Mapping[str, TwoStep] = MappingProxyType({})

    def __init__(self, title: str | None = None) -> None:
        if title is not None:
            self.title = title

    def build_figure(self, game: AnyGame) -> Any:
        """The ``plotly.graph_objects.Figure``'s traces and layout (or ``None``: no figure);
        its callers always set the state with :meth:`update_figure` next, so it need not. Its
        traces must be the same in number and order for every state, so that
        :meth:`update_figure` can change a displayed FigureWidget in place."""
        return None

    def update_figure(self, fig: Any, view: Any, selection: Selection) -> None:
        """Draw ``view`` (with its events since the selection's position) on ``fig``: set the
        state-dependent properties (called inside ``batch_update`` for a FigureWidget)."""

    def draw_hints(self, fig: Any, view: Any, actions: Sequence[Action]) -> None:
        """Show the advisor's best actions on ``fig`` (when a Hint arrives, inside
        ``batch_update``); ``view`` is the position's (its legal choices)."""

    def click(self, view: Any, trace: str, point_id: str,
              selection: Selection) -> ClickResult:
        """The meaning of a click on a point whose ``customdata`` is ``point_id`` (the id of
        what the point shows, e.g. a space id), from the position's ``view`` (its legal
        choices): the app applies the action of the result. Points without ``customdata`` are
        not clickable."""
        return ClickResult(message=_("clicks on this figure do not choose anything"))

    def side_html(self, view: Any) -> str:
        """State shown beside the figure (HTML, escaped by the game)."""
        return ""

    def tables(self, view: Any) -> dict[str, Table]:
        """Named tables for the state inspector."""
        return {}

    def summary(self, view: Any) -> list[tuple[str, str]]:
        """Key facts as (label, value) rows for the static HTML summary and the board in
        words."""
        return []

    def describe(self, game: AnyGame, action: Action) -> str:
        """An action in words (the game's ``describe``; its notation if that fails: a label
        must never break the panel)."""
        describe = getattr(game, "describe", None)
        if callable(describe):
            try:
                return str(describe(action))
            except Exception:  # noqa: BLE001 - a label must never break the panel
                return str(action)
        return str(action)

    def unavailable(self, view: Any) -> list[str]:
        """The usual choices of the pending decision that are not legal now, each as one line
        with the engine's reason ("Support token: not enough money: a Support token costs $10,
        you have $8"); shown under the actions."""
        return []

    def kind_title(self, kind: str) -> str:
        """The heading of the action panel's group of choices of ``kind``, in the current
        language (the game's word for it; by default the notation's word, ``"move"``)."""
        return kind

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Label -> factory(seed) of the bots a seat may be given."""
        return {"Random bot": lambda seed: RandomBot(seed)}

    def words(self, text: str) -> str:
        """An engine text (prompt, event, reason) as a student reads it on screen: no rule
        codes (:func:`.words.rule_free`); a game also names in words what its texts name by
        an internal id (Slow Freight's trains)."""
        return rule_free(text)

    def outcome(self, game: AnyGame) -> str:
        """How the game ended, in words."""
        return str(game.outcome)


def ui_for(game: AnyGame) -> GameUI:
    """The :class:`GameUI` of ``game`` (the defaults for a game not in the registry)."""
    entry = find(game)
    if entry is None:
        return GameUI(title=type(game).__name__)
    return GameUI() if entry.ui is None else entry.ui()
