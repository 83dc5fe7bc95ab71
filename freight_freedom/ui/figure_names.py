"""A map's place names: the name the games give their trace of names, and keeping it on top.

A lesson, a puzzle or the app draws rings on a map after it is built; the names are then moved
above them so that no ring covers a name.
"""

from __future__ import annotations

from typing import Any

NAMES = "names"
"""The name of a figure's trace of place names, by the games' convention (Freedom's map:
``freedom.drawing.figure.NAMES``); a figure without one is left as it is."""


def names_on_top(fig: Any) -> None:
    """Draw a map's names last, above rings added to it (no rings over a name)."""
    names = [t for t in fig.data if t.name == NAMES]
    if names:
        fig.data = tuple(t for t in fig.data if t.name != NAMES) + tuple(names)
