"""A lesson is data: parts with their minutes, and steps that set up the board and talk about it.

A :class:`Step` holds the narrative, the set-up that brings the board to what the narrative
describes (logged scenario changes and played actions, :class:`Scenario` and :class:`Play`), the
map ids to highlight, the rule IDs it cites, and optionally a question or a "try it yourself"
task, with the lesson goals it checks. A question that asks the class to predict names the words
of the next step that show the answer (``reveal``), so the answer is never on screen before the
class has answered. Each part states its objective; the last part is the exit ticket.

The board of step ``i`` is the lesson's new game with the set-ups of steps ``0..i`` applied
in order (:meth:`Lesson.game_at`), so Back and Next always show the same thing, whatever the class
tried on the board in between: a try-it task plays on a copy.

The words of a built-in lesson (titles, narrative, questions, tasks) are English marked for the
catalog (``N_``) and kept as they are: a screen shows each in the reader's language with
:func:`~freight_freedom.core.say.shown` (a teacher's own lesson file is in the teacher's
language, and :func:`~freight_freedom.core.say.shown` leaves words the catalog lacks as they
are). A check's :class:`Verdict` is written when it is made, in the language of the moment.

No widget code here: lessons can be read, checked and tested without Jupyter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.i18n import N_, _
from ..core.say import shown
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
    checks: tuple[int, ...] = ()  # the lesson goals (indices) its question or try-it checks
    reveal: str = ""  # predict-then-reveal: the words of the NEXT step that show the answer


@dataclass(frozen=True)
class Part:
    """A timed part of the lesson; ``objective`` says what the class can do after it."""

    title: str
    minutes: int
    objective: str = ""


EXIT_TICKET = N_("Exit ticket")
"""The title of every lesson's last part: a few short questions, one per step, on its goals."""


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


def exit_ticket(lesson: Lesson) -> list[Question]:
    """The questions of the lesson's last part, the exit ticket, in order."""
    last = len(lesson.parts) - 1
    return [s.question for s in lesson.steps if s.part == last and s.question is not None]


def exit_ticket_text(lesson: Lesson) -> str:
    """The exit ticket as plain text to print or copy for students' own answers on paper (in
    the language of the moment)."""
    lines = [_("{lesson}: exit ticket").format(lesson=shown(lesson.title)), ""]
    for n, q in enumerate(exit_ticket(lesson), 1):
        lines.append(f"{n}. {shown(q.prompt).replace('**', '')}")
        options = getattr(q, "options", ())
        lines.extend(f"   {chr(97 + i)}) {shown(o)}" for i, o in enumerate(options))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def teacher_script(lesson: Lesson) -> str:
    """The whole lesson as plain text, keys included: the teacher's printed fallback when no
    screen works (parts with minutes and objectives, each step's text, question and key), in
    the language of the moment."""
    title = shown(lesson.title)
    lines = [title, "=" * len(title), ""]
    for p, part in enumerate(lesson.parts):
        lines += [_("Part {n}: {title} ({minutes} min)").format(
                      n=p + 1, title=shown(part.title), minutes=part.minutes),
                  _("Goal: {objective}").format(objective=shown(part.objective)), ""]
        for i in lesson.steps_of(p):
            step = lesson.steps[i]
            lines += ["  " + _("Step {n}. {title}").format(n=i + 1, title=shown(step.title)), ""]
            lines += ["    " + " ".join(block.split()) + "\n" for block in
                      shown(step.text).strip().split("\n\n")]
            if step.try_it is not None:
                lines += ["    " + _("Try it: {task}").format(
                    task=shown(step.try_it.task).replace("**", "")), ""]
            if step.question is not None:
                q = step.question
                lines.append("    " + _("Question: {prompt}").format(
                    prompt=shown(q.prompt).replace("**", "")))
                lines.extend(f"      {chr(97 + k)}) {shown(o)}" for k, o in
                             enumerate(getattr(q, "options", ())))
                lines.append("    " + _("Key: {key}. {why}").format(key=q.key_text(),
                                                                     why=shown(q.why)))
                options = getattr(q, "options", ())
                lines.extend("    " + _("Also right: {option}. {why}").format(
                    option=shown(options[k]), why=shown(why)) for k, why in getattr(q, "also", ()))
                lines.append("")
    return "\n".join(line.replace("*", "") for line in lines).rstrip() + "\n"


def goal_checks(lesson: Lesson) -> dict[int, list[int]]:
    """Goal index -> the steps whose question or try-it checks it (every goal has one)."""
    found: dict[int, list[int]] = {g: [] for g in range(len(lesson.goals))}
    for i, s in enumerate(lesson.steps):
        for g in s.checks:
            found.setdefault(g, []).append(i)
    return found


def all_rules(lesson: Lesson) -> Sequence[str]:
    seen: dict[str, None] = {}
    for s in lesson.steps:
        for r in (*s.rules, *(s.try_it.rules if s.try_it else ()),
                  *(s.question.rules if s.question else ())):
            seen[r] = None
    return list(seen)
