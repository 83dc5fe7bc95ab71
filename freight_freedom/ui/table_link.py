"""The app bound to a shared game table (:mod:`freight_freedom.classroom.remote`): the link it
plays through (:class:`TableLink`), and what the app hides there (:func:`bind_table`)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Protocol

import ipywidgets as widgets

from ..core.action import Action

if TYPE_CHECKING:
    from .app import GameApp


class TableLink(Protocol):
    """A shared game table the app is bound to (:mod:`freight_freedom.classroom.remote`).

    The app shows the table's game; a choice goes to :meth:`play`, which stores it in the
    table's move log and brings ``app.game`` up to date (then calls
    :meth:`~freight_freedom.ui.app.GameApp.table_moved`), instead of ``game.apply``. ``seat``
    is the seat this device plays (``None``: a spectator), ``notice`` one line on screen saying
    why undo, the other seats, bots, loading and new games are off here, ``caption`` what the
    title says instead of the seed (which would tell the hidden deck orders), ``who(seat)`` who
    plays a seat ("you, Ana", "Ben", "heuristic bot").
    """

    seat: int | None
    notice: str
    caption: str

    def play(self, action: Action) -> None: ...

    def who(self, seat: int) -> str: ...


def bind_table(app: GameApp, table: TableLink) -> None:
    """Set ``app`` up for a shared table: each player chooses on their own device, so nothing
    there plays for another seat or changes the game outside the table's log: undo / redo, the
    seats (hot-seat), the stepper (this device's bots: the table plays its bots once), Hint,
    save / load and new game are hidden, and one line under the title
    (``app.table_note``) says why. The language menu moves under it."""
    app.stepper.auto.value = False
    for part in (app.header, app.stepper.widget, app.stepper.banner, app.seats_box,
                 app.evalbar.widget):
        part.layout.display = "none"
    app.tabs.children = app.tabs.children[:3]  # Moves, Log, State
    app.tabs.titles = tuple(app.tabs.titles[:3])
    app.table_note = widgets.HTML(note_html(table),
                                  layout=widgets.Layout(width="100%", flex="0 0 auto"))
    app.table_note.add_class("ff-table-note")
    # the language menu stays: each reader at the table reads in their own language
    app.header.children = tuple(c for c in app.header.children if c is not app.language_menu)
    app.column.children = (app.title, app.table_note, app.language_menu,
                           *app.column.children[1:])


def note_html(table: TableLink) -> str:
    """The line under a table app's title, in the current language (written again when the
    app's language changes)."""
    return ("<div style='font-size:13px;color:#333;padding:2px 8px;background:#eef3fb;"
            f"border-left:4px solid #0b57d0'>{html.escape(table.notice)}</div>")
