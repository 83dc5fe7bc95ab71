"""The lessons keep a map's names above their rings by the trace's name, without importing a
game (``ui.figure_names.NAMES``): that name must stay the one Freedom's map gives its names."""

from __future__ import annotations

from freight_freedom.freedom.drawing.figure import NAMES
from freight_freedom.ui.figure_names import NAMES as LESSON_NAMES


def test_the_lessons_trace_of_names_is_the_maps() -> None:
    assert LESSON_NAMES == NAMES
