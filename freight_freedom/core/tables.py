"""A game state as readable HTML tables: what ``game.state`` shows in Jupyter.

Plain nested state (``to_dict()`` data) becomes named pandas DataFrames: scalars gathered into one
"overview" table, lists and mappings of records into one table each. Tables are drawn with
``DataFrame.to_html(escape=True)``, so no state text can inject markup. pandas is imported only
when a table is drawn, so the engines stay light in worker processes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    import pandas as pd

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




class TableRepr:
    """Mixin for state dataclasses: in Jupyter, ``game.state`` renders as tables.

    The class must provide ``to_dict()`` returning plain data.
    """

    __slots__ = ()

    def _repr_html_(self) -> str:
        return tables_html(state_tables(self.to_dict()))  # type: ignore[attr-defined]
