"""The state inspector: the whole game state as readable tables, not raw dicts.

Each game gives named tables (:class:`~freight_freedom.core.tables.Table`, no pandas) for what
matters to a reader (players, trains, spaces ...) through its ``GameUI.tables`` hook;
:func:`~freight_freedom.core.tables.state_tables` turns any remaining plain state
(``game.state_dict()``) into tables generically.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets

from ..core.tables import Table, state_tables, table_html, tables_html


class Inspector:
    """A box of state tables; redrawn on ``update()`` only while it is visible (``active``)."""

    def __init__(self, tables: Callable[[], Mapping[str, Table]]) -> None:
        self._tables = tables
        self.html = widgets.HTML()
        self.widget = widgets.Box(
            [self.html], layout=widgets.Layout(max_height="480px", overflow="auto", width="100%")
        )
        self.active = False
        self._stale = True

    def update(self, force: bool = False) -> None:
        """Redraw now if visible (or ``force``); else remember to redraw when shown."""
        if self.active or force:
            self.html.value = tables_html(self._tables())
            self._stale = False
        else:
            self._stale = True

    def set_active(self, active: bool) -> None:
        self.active = active
        if active and self._stale:
            self.update()


__all__ = ["Inspector", "state_tables", "table_html", "tables_html"]
