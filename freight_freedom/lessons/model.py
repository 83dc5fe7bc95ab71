"""A lesson is data: parts with their minutes, and steps that set up the board and talk about it.

A :class:`Step` holds the narrative, the set-up that brings the board to what the narrative
describes (logged scenario changes and played actions, :class:`Scenario` and :class:`Play`), the
map ids to highlight, the rule IDs it cites, and optionally a question or a "try it yourself"
task. The board of step ``i`` is the lesson's new game with the set-ups of steps ``0..i`` applied
in order (:meth:`Lesson.game_at`), so Back and Next always show the same thing, whatever the class
tried on the board in between: a try-it task plays on a copy.

No widget code here: lessons can be read, checked and tested without Jupyter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .questions import Question


@dataclass(frozen=True)
class Scenario:
    """A logged teacher set-up: ``game.scenario(name, **params)``."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def apply(self, game: Any) -> None:
        game.scenario(self.name, **dict(self.params))


@dataclass(frozen=True)
class Play:
    """A decision played by the lesson (an action in notation, e.g. ``"0:roll"``)."""

    action: str

    def apply(self, game: Any) -> None:
        game.apply(self.action)


Op = Scenario | Play


def scenario(name: str, /, **params: Any) -> Scenario:
    """``scenario("fix_roll", catcher="red", direction="east", spaces=3)``."""
    return Scenario(name, tuple((k, _frozen(v)) for k, v in params.items()))


def _frozen(value: Any) -> Any:
    return list(value) if isinstance(value, (list, tuple)) else value


def play(*actions: str) -> tuple[Play, ...]:
    """Several decisions in a row: ``play("0:benefit", "0:move a b")``."""
    return tuple(Play(a) for a in actions)


@dataclass(frozen=True)
class Verdict:
    """What a check says about the class's attempt: right or not, and why, in words."""

    ok: bool
    text: str


Check = Callable[[Any, Any], Verdict]
"""``check(before, after)``: the board when the task began and the board the class left."""


@dataclass(frozen=True)
class TryIt:
    """A "try it yourself" task: the class plays on a copy of the board; ``check`` judges it.

    ``hint`` points at the rule and the board; it is shown after a wrong attempt.
    """

    task: str
    check: Check
    hint: str
    rules: tuple[str, ...] = ()
    max_actions: int = 12


@dataclass(frozen=True)
class Step:
    part: int
    title: str
    text: str
    setup: tuple[Op, ...] = ()
    highlight: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    question: Question | None = None
    try_it: TryIt | None = None
    history: str | None = None  # a map space or card id whose historical note is shown


@dataclass(frozen=True)
class Part:
    title: str
    minutes: int


@dataclass(frozen=True, eq=False)
class Lesson:
    """A whole lesson: ``new_game()`` makes the starting board, steps play on it."""

    key: str
    title: str
    goals: tuple[str, ...]
    parts: tuple[Part, ...]
    steps: tuple[Step, ...]
    new_game: Callable[[], Any]
    notes: str = ""
    _cache: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def minutes(self) -> int:
        return sum(p.minutes for p in self.parts)

    def steps_of(self, part: int) -> list[int]:
        return [i for i, s in enumerate(self.steps) if s.part == part]

    def game_at(self, index: int) -> Any:
        """A fresh copy of the board at step ``index`` (its set-up and all before it applied)."""
        if not 0 <= index < len(self.steps):
            raise IndexError(f"step {index} is not in this lesson of {len(self.steps)} steps")
        start = max((i for i in self._cache if i <= index), default=-1)
        game = self._cache[start].copy() if start >= 0 else self.new_game()
        for i in range(start + 1, index + 1):
            for op in self.steps[i].setup:
                op.apply(game)
            self._cache[i] = game.copy()
        return game

    def timing(self) -> list[tuple[str, int, int]]:
        """``(part title, minutes, steps)`` for every part, in order."""
        return [(p.title, p.minutes, len(self.steps_of(i))) for i, p in enumerate(self.parts)]


def questions_of(lesson: Lesson) -> list[Question]:
    return [s.question for s in lesson.steps if s.question is not None]


def all_rules(lesson: Lesson) -> Sequence[str]:
    seen: dict[str, None] = {}
    for s in lesson.steps:
        for r in (*s.rules, *(s.try_it.rules if s.try_it else ()),
                  *(s.question.rules if s.question else ())):
            seen[r] = None
    return list(seen)
