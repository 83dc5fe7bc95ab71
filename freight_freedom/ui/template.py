"""The plotly template of the game pictures: the few layout defaults they use, nothing else.

``plotly_white`` carries styles for every trace type and axis kind; building a figure with it
copies and validates all of them, which made a session's first figure take ~0.4 s. The maps and
tables hide their axes and set their own colours, so they need only these three settings of it.
"""

from __future__ import annotations

from typing import Any

#: pass as ``go.Figure(layout={"template": LIGHT_TEMPLATE})`` (a plain dict: no import cost)
LIGHT_TEMPLATE: dict[str, Any] = {
    "layout": {"font": {"color": "#2a3f5f"}, "hoverlabel": {"align": "left"},
               "autotypenumbers": "strict"},
}
