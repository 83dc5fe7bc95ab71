"""A game state as readable HTML tables: what ``game.state`` shows in Jupyter.

Plain nested state (``to_dict()`` data) becomes named :class:`Table` values: scalars gathered into
one "overview" table, lists and mappings of records into one table each. Every cell is escaped when
drawn, so no state text can inject markup. Nothing here needs pandas (it is not there in the
browser-only JupyterLite kernel); :meth:`Table.to_pandas` hands a table to an analyst who has it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

MAX_ROWS = 200


@dataclass(frozen=True)
class Table:
    """Column names, rows of cells and optional row labels (``index``, headed ``index_name``)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    index: tuple[Any, ...] | None = None
    index_name: str = ""

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]], index: str | None = None,
                     columns: Iterable[str] = ()) -> Table:
        """One row per record; columns in first-seen order; ``index`` names the label column."""
        records = list(records)
        names = list(columns)
        for record in records:
            names.extend(k for k in record if k not in names)
        if index is not None:
            names = [n for n in names if n != index]
        rows = tuple(tuple(r.get(n, "") for n in names) for r in records)
        labels = tuple(r.get(index, "") for r in records) if index is not None else None
        return cls(tuple(names), rows, labels, index or "")

    @classmethod
    def from_mapping(cls, mapping: Mapping[Any, Any], column: str = "value") -> Table:
        """One labelled row per key, its value in one column."""
        return cls((column,), tuple((v,) for v in mapping.values()), tuple(mapping))

    def __len__(self) -> int:
        return len(self.rows)

    def to_html(self) -> str:
        """The table as escaped HTML (at most ``MAX_ROWS`` rows)."""
        def cell(tag: str, value: Any) -> str:
            text = "" if value is None else str(value)
            return f"<{tag}>{html.escape(text)}</{tag}>"

        labelled = self.index is not None
        head = ([cell("th", self.index_name)] if labelled else []) + [
            cell("th", c) for c in self.columns]
        body = []
        for i, row in enumerate(self.rows[:MAX_ROWS]):
            label = [cell("th", self.index[i])] if self.index is not None else []
            body.append("<tr>" + "".join(label + [cell("td", v) for v in row]) + "</tr>")
        if len(self.rows) > MAX_ROWS:
            body.append(f"<tr><td colspan='{len(head)}'>... {len(self.rows) - MAX_ROWS} more"
                        " rows</td></tr>")
        return (f"<table class='ff-table dataframe'><thead><tr>{''.join(head)}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>")

    def _repr_html_(self) -> str:
        return table_html(self)

    def to_pandas(self) -> pd.DataFrame:
        """The same table as a pandas DataFrame (needs pandas: the ``analysis`` extra)."""
        import pandas as pd

        frame = pd.DataFrame(list(self.rows), columns=list(self.columns))
        if self.index is not None:
            frame.index = pd.Index(list(self.index), name=self.index_name or None)
        return frame


def _cell(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= 120 else text[:117] + "..."


def _is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def state_tables(data: Mapping[str, Any], prefix: str = "") -> dict[str, Table]:
    """Plain nested state -> named tables (scalars gathered into an "Overview" table)."""
    tables: dict[str, Table] = {}
    overview: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if _is_records(value):
            tables[name] = Table.from_records({k: _cell(v) for k, v in row.items()}
                                              for row in value)
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            tables[name] = Table.from_records(
                ({"": k, **{kk: _cell(vv) for kk, vv in v.items()}} for k, v in value.items()),
                index="")
        elif isinstance(value, dict) and value:
            tables[name] = Table.from_mapping({k: _cell(v) for k, v in value.items()})
        elif isinstance(value, list) and value and not any(isinstance(v, dict) for v in value):
            tables[name] = Table((name,), tuple((_cell(v),) for v in value))
        else:
            overview[name] = _cell(value)
    if overview:
        tables = {f"{prefix}overview": Table.from_mapping(overview), **tables}
    return tables


def table_html(table: Table) -> str:
    """One table as escaped HTML with compact styling."""
    return f"<div style='font-size:12px;overflow-x:auto'>{table.to_html()}</div>"


#: the heading level of each table's name: 2, right under a notebook's title (h1) or beside
#: its sections (h2), so a screen reader's outline skips no level (axe ``heading-order``)
TITLE_LEVEL = 2


def tables_html(tables: Mapping[str, Table]) -> str:
    """Named tables as HTML: each name a heading of level :data:`TITLE_LEVEL`, then its table."""
    parts = [
        f"<h{TITLE_LEVEL} style='margin:8px 0 2px;font-size:1em'>{html.escape(name)}"
        f"</h{TITLE_LEVEL}>{table_html(table)}"
        for name, table in tables.items()
    ]
    return "".join(parts) or "<i>No state to show.</i>"


class TableRepr:
    """Mixin for state dataclasses: in Jupyter, ``game.state`` renders as tables.

    The class must provide ``to_dict()`` returning plain data.
    """

    __slots__ = ()

    def _repr_html_(self) -> str:
        return tables_html(state_tables(self.to_dict()))  # type: ignore[attr-defined]
