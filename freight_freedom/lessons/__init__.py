"""Lessons and puzzles as data, and the stepper widget that shows them.

>>> from freight_freedom.lessons import lesson
>>> lesson("freedom").minutes
45

``show("freedom")`` returns the lesson widget (ipywidgets are imported only then).
"""

from __future__ import annotations

from typing import Any

from .model import Lesson, Part, Play, Scenario, Step, TryIt, Verdict, play, scenario
from .questions import Choice, FreeText, MapClick, Question, normalise

__all__ = ["Choice", "FreeText", "Lesson", "MapClick", "Part", "Play", "Question", "Scenario",
           "Step", "TryIt", "Verdict", "lesson", "normalise", "play", "scenario", "show",
           "LESSONS"]

LESSONS = ("freedom", "slowfreight")


def lesson(name: str) -> Lesson:
    """The lesson ``"freedom"`` or ``"slowfreight"``."""
    if name == "freedom":
        from .freedom_lesson import LESSON
    elif name == "slowfreight":
        from .slowfreight_lesson import LESSON
    else:
        raise ValueError(f"no lesson {name!r}; the lessons are {list(LESSONS)}")
    return LESSON


def show(name: str, **kwargs: Any) -> Any:
    """The :class:`~freight_freedom.lessons.widget.LessonWidget` of lesson ``name``."""
    from .widget import LessonWidget

    return LessonWidget(lesson(name), **kwargs)
