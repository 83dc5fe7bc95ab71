"""Lessons and puzzles as data, and the stepper widget that shows them.

>>> from freight_freedom.lessons import lesson
>>> lesson("freedom").minutes
42

``show("freedom")`` returns the lesson widget (ipywidgets are imported only then);
``show("freedom", lang="es")`` shows it in Spanish (every word: the lesson's, the buttons', the
verdicts'; answers are accepted in Spanish as in English). A teacher's
own lesson is a Markdown file (:mod:`.lesson_file`): ``show("my_lesson.md")``; an example of
each game's to start from is :func:`example_lesson`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..core import registry
from .model import Lesson, Part, Play, Scenario, Step, TryIt, Verdict, play, scenario
from .questions import Choice, FreeText, MapClick, Question, normalise

__all__ = ["Choice", "FreeText", "Lesson", "MapClick", "Part", "Play", "Question", "Scenario",
           "Step", "TryIt", "Verdict", "example_lesson", "example_lessons", "lesson",
           "lesson_games", "normalise", "play", "scenario", "show", "LESSONS"]


def lesson_games() -> tuple[str, ...]:
    """The registered games with a lesson (their entries' ``lesson``), by canonical name."""
    return tuple(entry.key for entry in registry.GAMES.values() if entry.lesson)


LESSONS = lesson_games()
"""The games with a lesson when the package was imported (:func:`lesson_games` for now)."""


def lesson(name: str | os.PathLike[str]) -> Lesson:
    """The lesson of game ``name`` (any name of a game in :func:`lesson_games`), or the lesson
    in a Markdown lesson file (a path ending in ``.md``)."""
    if isinstance(name, os.PathLike) or (isinstance(name, str) and
                                         name.strip().lower().endswith(".md")):
        from .lesson_file import load

        return load(name)
    entry = registry.find(name) if isinstance(name, str) else None
    if entry is None or not entry.lesson:
        raise ValueError(f"no lesson {name!r}; the lessons are {list(lesson_games())}")
    return entry.lesson()


def show(name: str | os.PathLike[str], **kwargs: Any) -> Any:
    """The :class:`~freight_freedom.lessons.widget.LessonWidget` of lesson ``name`` (a game's
    name or a lesson file's path, as for :func:`lesson`); ``lang="es"``: in that language
    (by default the language of the :func:`~freight_freedom.core.i18n.using` block it is made
    in, else the package's)."""
    from .widget import LessonWidget

    return LessonWidget(lesson(name), **kwargs)


EXAMPLES = Path(__file__).with_name("examples")
"""The example lesson files shipped with the package (``docs/lessons`` links here)."""


def example_lessons() -> list[Path]:
    """Every example lesson file: a short check before a game, one per game with a lesson."""
    return sorted(EXAMPLES.glob("*.md"))


def example_lesson(game: str) -> Path:
    """The example lesson file of ``game`` (a name or alias): read it, copy it, change it, and
    open the copy with :func:`show`.

    >>> example_lesson("slow-freight").name
    'example_slowfreight_check.md'
    """
    entry = registry.find(game) if isinstance(game, str) else None
    path = EXAMPLES / f"example_{entry.key}_check.md" if entry is not None else None
    if path is None or not path.is_file():
        raise ValueError(f"no example lesson for {game!r}; there are "
                         f"{[p.name for p in example_lessons()]}")
    return path

