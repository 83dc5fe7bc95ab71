"""The capture cycle: which Slave Market card the next captured person goes to.

Captured people go onto the Slave Market cards one person at a time, bottom card first, then
the one above, cycling upward [FR-CATCH-4]. The cycle counts people, not capture events, and
starts again at the bottom card whenever the Slave Market slides and, in the current rules, at
the start of every round [FR-RULING-CAPTURE-CYCLE]; rules version ``freedom-1`` carried the
position over from one round into the next (``Rules.captures_restart_at_bottom``). The position
is ``state.capture_cursor``, and this module is the only code that changes it.
"""

from __future__ import annotations

from typing import Literal

from .state import FreedomState


def restart(st: FreedomState, at: Literal["round", "slide"]) -> None:
    """Start the cycle again at the bottom card when the rules say so [FR-RULING-CAPTURE-CYCLE]:
    always after the Slave Market slides (``"slide"``), and at a new round (``"round"``) when the
    rules version restarts it there."""
    if at == "slide" or st.rules.captures_restart_at_bottom:
        st.capture_cursor = 0


def next_card(st: FreedomState) -> int:
    """The display index (0 = bottom) the next captured person goes to, moving the cycle on one
    card [FR-CATCH-4]; the display must not be empty."""
    n = len(st.market)
    i = st.capture_cursor % n
    st.capture_cursor = (i + 1) % n
    return i
