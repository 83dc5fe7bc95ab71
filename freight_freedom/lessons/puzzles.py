"""Puzzles the engine proves: a position, a question with one best answer, and the proof.

A :class:`Puzzle` builds its position (a game made with the scenario API and played actions),
names the seat that decides, how a line is scored (``score(start, end)``: people freed minus
people captured, money raised, points scored...) and where a line ends (``done``: the end of the
token's moves, of the turn, or of the game). :func:`solve` searches **every** legal line from the
position to that end, so the value of each first decision is the best the player can still reach
after it. A question may limit the first decision ("move the person at Richmond"): ``allowed``
lists the legal first decisions it permits (``None``: all of them), and the stated answer must
be the only one of those with the greatest value, not only the best of the few choices offered
(``options``, all among ``allowed``). The tests re-run the search, so a rule change that breaks a
puzzle fails CI. Where a decision draws a hidden card, a puzzle's ``chance`` lists every card
that can come up with its probability, and the decision's value is the exact average over them
(expectimax; no sampling, so the proof is the same on every run).
:func:`grade` tells a student "best", "good" or "costs you N people", with the reason.

A puzzle's words (``title``, ``question``, ``why``) are English marked for the catalog (``N_``):
a page shows them with :func:`~freight_freedom.core.say.shown`; :func:`grade`, :func:`amount`,
:func:`say` and :func:`describe_line` write in the language of the moment
(:func:`~freight_freedom.core.i18n.using`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.i18n import SOURCE, _, language, ngettext, pgettext
from ..core.say import shown

Game = Any

EPS = 1e-9
"""Values closer than this are equal (the chance averages are sums of fractions)."""

PERSON = 100.0
"""What a person freed (or lost to capture) weighs in a score that also counts spaces: more than
any number of spaces a token can gain, so freeing someone always comes first."""


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
    allowed: tuple[str, ...] | None = None
    """The legal first decisions the question permits, as its wording says ("move one of the
    people in Ohio"); ``None``: every legal first decision. The answer is the only best of these."""

    def __post_init__(self) -> None:
        if self.answer not in self.options:
            raise ValueError(f"puzzle {self.key}: the answer {self.answer!r} is not one of its "
                             f"options {self.options}")
        outside = [o for o in self.options if self.allowed is not None and o not in self.allowed]
        if outside:
            raise ValueError(f"puzzle {self.key}: options {outside} are not in its allowed "
                             f"decisions (the question does not permit them)")

    def permitted(self, game: Game) -> list[str]:
        """The legal first decisions in ``game`` (the puzzle's position) the question permits."""
        legal = [str(a) for a in game.legal_actions()]
        return legal if self.allowed is None else [a for a in legal if a in self.allowed]


@dataclass(frozen=True)
class Solution:
    values: dict[str, float]
    """The value of every legal first decision."""
    lines: dict[str, list[str]]
    nodes: int

    def best_of(self, decisions: list[str] | tuple[str, ...]) -> float:
        """The greatest value among ``decisions``."""
        return max(self.values[a] for a in decisions)

    def ranking(self, options: list[str] | tuple[str, ...]) -> list[tuple[str, float]]:
        return sorted(((a, self.values[a]) for a in options), key=lambda av: -av[1])


@dataclass
class _Search:
    puzzle: Puzzle
    start: Game
    nodes: int = 0

    def value(self, game: Game) -> tuple[float, list[str]]:
        """The best value reachable from ``game`` and the shortest line that reaches it.

        Among equal values the line with fewer moves wins, so a line never shows a move that
        gains nothing (the token stops instead). No positions are merged: a score may depend on
        how a position was reached (who moved before a capture), so every line is played out.
        """
        self.nodes += 1
        if self.puzzle.done(self.start, game):
            return self.puzzle.score(self.start, game), []
        best: tuple[float, list[str]] | None = None
        for action in game.legal_actions():
            v, line = self.after(game, action)
            line = [str(action), *line]
            if (best is None or v > best[0] + EPS
                    or (v > best[0] - EPS and _moves(line) < _moves(best[1]))):
                best = (v, line)
        assert best is not None, "a position before the end has legal actions"
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


def _moves(line: list[str]) -> int:
    """The decisions of ``line`` that are not "stop"."""
    return sum(1 for a in line if not a.endswith(":stop"))


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


def _number(n: float) -> str:
    """``n`` rounded to 2 places, whole when it is, with the language's decimal mark
    ("0.5"; "0,5" in Spanish)."""
    n = round(n, 2)
    text = str(int(n) if n == int(n) else n)
    # TRANSLATORS: the decimal mark of a number written in words ("0.5"; Spanish "0,5")
    return text.replace(".", pgettext("decimal mark", "."))


def _plural(n: float, one: str, many: str) -> str:
    """``n`` and its unit (English ``one``/``many``), the unit in the language of the moment."""
    n = round(n, 2)
    whole = int(n) if n == int(n) else n
    count = 1 if whole == 1 else 2
    if many == "people":
        words = ngettext("{n} person", "{n} people", count)
    elif many == "spaces":
        words = ngettext("{n} space", "{n} spaces", count)
    elif many == "points":
        words = ngettext("{n} point", "{n} points", count)
    elif many == "cars":
        words = ngettext("{n} car", "{n} cars", count)
    else:  # a unit without words in the catalog: as it is given
        words = "{n} " + (one if count == 1 else many)
    return words.format(n=_number(n))


def _dollars(n: float) -> str:
    return f"${_number(n)}"


def amount(n: float, unit: str) -> str:
    """``n`` in the puzzle's unit, in words: "$3", "2 people", "1 person and 2 spaces"."""
    if unit == "people":
        return _plural(n, "person", "people")
    if unit in ("spaces", "dollars"):
        # a score that counts people first: whole people, then what is left in the unit
        persons = round(n / PERSON)
        rest = round(n - persons * PERSON, 2)
        rest_text = _dollars(rest) if unit == "dollars" else _plural(rest, "space", "spaces")
        if persons == 0:
            return rest_text
        people = _plural(persons, "person", "people")
        # TRANSLATORS: an amount: "1 person and 2 spaces", "1 person and $3"
        return _("{people} and {rest}").format(people=people, rest=rest_text) if rest > 0 \
            else people
    return _plural(n, unit[:-1] if unit.endswith("s") else unit, unit)


def grade(puzzle: Puzzle, answer: str, solution: Solution | None = None) -> tuple[str, str]:
    """``("best" | "good" | "costs", text)`` for the first decision ``answer`` (one of the
    puzzle's options), measured against the best of every decision the question permits, with
    the reason and the best line in words."""
    sol = solution or solve(puzzle)
    game = puzzle.build()
    if answer not in sol.values:
        return "costs", _("That is not a legal decision here.")
    if answer not in puzzle.options:
        return "costs", _("That is not one of this puzzle's choices.")
    best = sol.best_of(puzzle.permitted(game))
    loss = best - sol.values[answer]
    why = shown(puzzle.why)
    if loss <= EPS:
        return "best", _("Best: {why}").format(why=why)
    moves = describe_line(game, sol.lines[puzzle.answer])
    line = moves[0] if moves else ""
    for move in moves[1:]:
        # TRANSLATORS: the moves of a line, one after another: "Player 1 moves ..., then ..."
        line = _("{before}, then {after}").format(before=line, after=move)
    if loss <= puzzle.good_within + EPS:
        return "good", _("Good, but not the best: {amount} less than the best line ({line}). "
                         "{why}").format(amount=amount(loss, puzzle.unit), line=line, why=why)
    return "costs", _("That costs you {amount} against the best line ({line}). {why}").format(
        amount=amount(loss, puzzle.unit), line=line, why=why)


_TRAIN_ID = re.compile(r"\btrain t\d+ \(")
_NEW_TRAIN = re.compile(r"\(new train t\d+\)")
_ANY_TRAIN_ID = re.compile(r" t\d+\b")
_PLAYER = re.compile(r"^Player \d+ ")


def say(game: Game, action: Any) -> str:
    """``action`` in words for the puzzle page, in the language of the moment, without internal
    ids (a train is "the train (2 Coal cars)", not ``t1``)."""
    if isinstance(action, str):
        action = next(a for a in game.legal_actions() if str(a) == action)
    text = str(game.describe(action))
    text = _TRAIN_ID.sub("the train (", _NEW_TRAIN.sub("(a new train)", text))
    if language() != SOURCE:  # another language's words for a train: its id left out
        text = _ANY_TRAIN_ID.sub("", text)
    return text


def _player_prefix() -> re.Pattern[str]:
    """The player's name at the start of a move's words ("Player 1 ", "Jugador 1 ")."""
    if language() == SOURCE:
        return _PLAYER
    name = re.escape(_("Player {n}")).replace(re.escape("{n}"), r"\d+")
    return re.compile(f"^(?:{name}|Player \\d+) ")


def describe_line(game: Game, line: list[str], limit: int = 4) -> list[str]:
    """The moves of ``line`` in words, from ``game``: at most ``limit`` of them, and no "stop"
    (ending the token's moves is not a move). The player is named once, on the first move."""
    out: list[str] = []
    g = game.copy()
    player = _player_prefix()
    for a in line:
        if not a.endswith(":stop"):
            text = say(g, a)
            out.append(player.sub("", text) if out else text)
        g.apply(a)
        if len(out) >= limit:
            break
    return out


def puzzles(game: str | None = None) -> list[Puzzle]:
    """Every puzzle of the registered games (their entries' ``puzzles``), or of game ``game``
    (any of its names: ``"slowfreight"``, ``"slow-freight"``); none for a game without any."""
    from ..core import registry

    if game is None:
        entries = list(registry.GAMES.values())
    else:
        entry = registry.find(game)
        entries = [entry] if entry is not None else []
    return [p for entry in entries if entry.puzzles is not None for p in entry.puzzles()]
