"""Puzzles the engine proves: a position, a question with one best answer, and the proof.

A :class:`Puzzle` builds its position (a game made with the scenario API and played actions),
names the seat that decides, how a line is scored (``score(start, end)``: people freed minus
people captured, money raised, points scored...) and where a line ends (``done``: the end of the
token's moves, of the turn, or of the game). :func:`solve` searches **every** legal line from the
position to that end (depth-first, with the positions already seen remembered), so the value of
each first decision is the best the player can still reach after it. The choices offered
(``options``) are legal first decisions, and the stated answer must be the only one of them with
the greatest value; the tests run the search, so a rule change that breaks a puzzle fails CI.
Where a decision draws a hidden card, a puzzle's ``chance`` lists every card that can come up
with its probability, and the decision's value is the exact average over them (expectimax; no
sampling, so the proof is the same on every run).
:func:`grade` tells a student "best", "good" or "costs you N people", with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Game = Any


@dataclass(frozen=True)
class Puzzle:
    key: str
    game: str
    title: str
    question: str
    build: Callable[[], Game]
    score: Callable[[Game, Game], float]
    done: Callable[[Game, Game], bool]
    options: tuple[str, ...]
    answer: str
    why: str
    unit: str = "people"
    rules: tuple[str, ...] = ()
    good_within: float = 0.0
    """A first decision that loses at most this much against the best is "good"."""
    chance: Callable[[Game, Any], list[tuple[float, Game]] | None] | None = None
    """``chance(game, action)``: the positions after ``action`` with their probabilities when
    it draws a hidden card, else ``None`` (then ``action`` is applied as it is)."""


@dataclass(frozen=True)
class Solution:
    values: dict[str, float]
    lines: dict[str, list[str]]
    nodes: int

    @property
    def best_value(self) -> float:
        return max(self.values.values())

    @property
    def best(self) -> list[str]:
        return [a for a, v in self.values.items() if v == self.best_value]

    def ranking(self, options: tuple[str, ...]) -> list[tuple[str, float]]:
        return sorted(((a, self.values[a]) for a in options), key=lambda av: -av[1])


@dataclass
class _Search:
    puzzle: Puzzle
    start: Game
    memo: dict[str, tuple[float, list[str]]] = field(default_factory=dict)
    nodes: int = 0

    def key(self, game: Game) -> str:
        return json.dumps(game.state_dict(), sort_keys=True, default=str)

    def value(self, game: Game) -> tuple[float, list[str]]:
        self.nodes += 1
        if self.puzzle.done(self.start, game):
            return self.puzzle.score(self.start, game), []
        k = self.key(game)
        if k in self.memo:
            return self.memo[k]
        best: tuple[float, list[str]] | None = None
        for action in game.legal_actions():
            v, line = self.after(game, action)
            if best is None or v > best[0]:
                best = (v, [str(action), *line])
        assert best is not None, "a position before the end has legal actions"
        self.memo[k] = best
        return best

    def after(self, game: Game, action: Any) -> tuple[float, list[str]]:
        """The value of ``action`` and the best line after it (none past a chance draw)."""
        outcomes = self.puzzle.chance(game, action) if self.puzzle.chance else None
        if outcomes is None:
            child = game.copy()
            child.apply(action)
            return self.value(child)
        assert abs(sum(p for p, _g in outcomes) - 1) < 1e-9, "the probabilities add up to 1"
        return sum(p * self.value(g)[0] for p, g in outcomes), []


def solve(puzzle: Puzzle, position: Game | None = None) -> Solution:
    """The value of every legal first decision, by exhaustive search to the puzzle's end."""
    game = puzzle.build() if position is None else position
    search = _Search(puzzle, game)
    values: dict[str, float] = {}
    lines: dict[str, list[str]] = {}
    for action in game.legal_actions():
        v, line = search.after(game, action)
        values[str(action)] = v
        lines[str(action)] = [str(action), *line]
    return Solution(values, lines, search.nodes)


def _amount(n: float, unit: str) -> str:
    n = round(n, 2)
    shown = int(n) if n == int(n) else n
    if unit == "dollars":
        return f"${shown}"
    if unit == "people":
        return f"{shown} {'person' if shown == 1 else 'people'}"
    return f"{shown} {unit[:-1] if shown == 1 and unit.endswith('s') else unit}"


def grade(puzzle: Puzzle, answer: str, solution: Solution | None = None) -> tuple[str, str]:
    """``("best" | "good" | "costs", text)`` for the first decision ``answer`` (one of the
    puzzle's options), with the reason and the best line in words."""
    sol = solution or solve(puzzle)
    game = puzzle.build()
    if answer not in sol.values:
        return "costs", f"{answer!r} is not a legal decision here."
    if answer not in puzzle.options:
        return "costs", f"{answer!r} is not one of this puzzle's choices."
    best = max(sol.values[o] for o in puzzle.options)
    loss = best - sol.values[answer]
    line = ", then ".join(_describe(game, sol.lines[puzzle.answer]))
    if loss == 0:
        return "best", f"Best: {puzzle.why}"
    verdict = "good" if loss <= puzzle.good_within else "costs"
    head = "Good, but not the best" if verdict == "good" else "That costs you"
    return verdict, (f"{head}: {_amount(loss, puzzle.unit)} less than the best line "
                     f"({line}). {puzzle.why}")


def _describe(game: Game, line: list[str]) -> list[str]:
    out = []
    g = game.copy()
    for a in line:
        out.append(g.describe(g.legal_actions()[[str(x) for x in g.legal_actions()].index(a)]))
        g.apply(a)
        if len(out) >= 4:
            break
    return out


def puzzles(game: str | None = None) -> list[Puzzle]:
    """Every puzzle (of ``"freedom"`` or ``"slowfreight"``, or of both)."""
    from .freedom_puzzles import PUZZLES as FREEDOM
    from .slowfreight_puzzles import PUZZLES as SLOWFREIGHT

    found = [*FREEDOM, *SLOWFREIGHT]
    return [p for p in found if game is None or p.game == game]
