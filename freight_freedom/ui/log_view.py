"""The event log, latest first, each line with its rule ID.

The log is the teaching narrative: every event says what changed and under which rule
(``FR-CATCH-3``), so a class can follow why the board looks as it does. Only the last
:data:`MAX_ROWS` events are drawn, keeping updates fast in long games; the full log is
``game.log``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ..core.event import Event

MAX_ROWS = 200


def log_html(events: Sequence[Event], max_rows: int = MAX_ROWS) -> str:
    """An HTML table of the last ``max_rows`` events, newest first (numbered from 1)."""
    rows = []
    start = max(0, len(events) - max_rows)
    for i in range(len(events) - 1, start - 1, -1):
        event = events[i]
        rows.append(
            f"<tr><td style='color:#888;text-align:right'>{i + 1}</td>"
            "<td><code style='font-size:11px;background:#eef'>"
            f"{html.escape(event.rule)}</code></td>"
            f"<td style='text-align:left'>{html.escape(event.text)}</td></tr>"
        )
    more = (
        f"<tr><td colspan=3 style='color:#888'>... {start} earlier events in game.log</td></tr>"
        if start
        else ""
    )
    return (
        "<table style='font-size:12px;border-collapse:collapse;width:100%'>"
        "<thead><tr><th>#</th><th>rule</th><th style='text-align:left'>event</th></tr></thead>"
        f"<tbody>{''.join(rows)}{more}</tbody></table>"
    )


class LogView:
    """A scrolling box with the log; ``update(events)`` redraws only when the log changed."""

    def __init__(self) -> None:
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
        self.html.value = log_html(events)
