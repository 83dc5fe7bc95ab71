"""The state inspector: the whole game state as readable tables, not raw dicts.

Each game gives named pandas DataFrames for what matters to a reader (players, trains, spaces
...) through its ``GameUI.tables`` hook; :func:`state_tables` turns any remaining plain state
(``game.state_dict()``) into tables generically: scalars into one "Overview" table, lists of
records and mappings of records into one table each. Tables are drawn with
``DataFrame.to_html(escape=True)`` so no state text can inject markup.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
import pandas as pd


def _cell(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= 120 else text[:117] + "..."


def _is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def state_tables(data: Mapping[str, Any], prefix: str = "") -> dict[str, pd.DataFrame]:
    """Plain nested state -> named tables (scalars gathered into an "Overview" table)."""
    tables: dict[str, pd.DataFrame] = {}
    overview: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if _is_records(value):
            tables[name] = pd.DataFrame([{k: _cell(v) for k, v in row.items()} for row in value])
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            frame = pd.DataFrame.from_dict(
                {k: {kk: _cell(vv) for kk, vv in v.items()} for k, v in value.items()},
                orient="index",
            )
            tables[name] = frame
        elif isinstance(value, dict) and value:
            tables[name] = pd.DataFrame({"value": {k: _cell(v) for k, v in value.items()}})
        elif isinstance(value, list) and value and not any(isinstance(v, dict) for v in value):
            tables[name] = pd.DataFrame({name: [_cell(v) for v in value]})
        else:
            overview[name] = _cell(value)
    if overview:
        tables = {f"{prefix}overview": pd.DataFrame({"value": overview}), **tables}
    return tables


def table_html(frame: pd.DataFrame) -> str:
    """One table as escaped HTML with compact styling."""
    body = frame.to_html(escape=True, border=0, na_rep="", max_rows=200)
    return f"<div style='font-size:12px;overflow-x:auto'>{body}</div>"


def tables_html(tables: Mapping[str, pd.DataFrame]) -> str:
    import html

    parts = [
        f"<h4 style='margin:8px 0 2px'>{html.escape(name)}</h4>{table_html(frame)}"
        for name, frame in tables.items()
    ]
    return "".join(parts) or "<i>No state to show.</i>"


class Inspector:
    """A box of state tables; redrawn on ``update()`` only while it is visible (``active``)."""

    def __init__(self, tables: Callable[[], Mapping[str, pd.DataFrame]]) -> None:
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
