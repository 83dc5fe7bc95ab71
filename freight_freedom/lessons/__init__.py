"""Lessons and puzzles as data, and the stepper widget that shows them.

>>> from freight_freedom.lessons import lesson
>>> lesson("freedom").minutes
42

``show("freedom")`` returns the lesson widget (ipywidgets are imported only then).
"""

from __future__ import annotations

from typing import Any

from ..core import registry
from .model import Lesson, Part, Play, Scenario, Step, TryIt, Verdict, play, scenario
from .questions import Choice, FreeText, MapClick, Question, normalise

__all__ = ["Choice", "FreeText", "Lesson", "MapClick", "Part", "Play", "Question", "Scenario",
           "Step", "TryIt", "Verdict", "lesson", "normalise", "play", "scenario", "show",
           "LESSONS"]

LESSONS = tuple(entry.key for entry in registry.GAMES.values() if entry.lesson)
"""The games with a lesson (their canonical names in :mod:`~freight_freedom.core.registry`)."""


def lesson(name: str) -> Lesson:
    """The lesson of game ``name`` (``"freedom"`` or ``"slowfreight"``; aliases work too)."""
    entry = registry.find(name) if isinstance(name, str) else None
    if entry is None or not entry.lesson:
        raise ValueError(f"no lesson {name!r}; the lessons are {list(LESSONS)}")
    return entry.lesson()


def show(name: str, **kwargs: Any) -> Any:
    """The :class:`~freight_freedom.lessons.widget.LessonWidget` of lesson ``name``."""
    from .widget import LessonWidget

    return LessonWidget(lesson(name), **kwargs)
