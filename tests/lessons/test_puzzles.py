"""Every puzzle's answer is proved by exhaustive search over the legal lines (a rule change that
breaks a puzzle fails here), and a student's answer is graded best / good / costs."""

from __future__ import annotations

import pytest

from freight_freedom.lessons.puzzles import Puzzle, grade, puzzles, solve

ALL = puzzles()


def test_enough_puzzles() -> None:
    assert len(puzzles("freedom")) >= 8
    assert len({p.key for p in ALL}) == len(ALL)


@pytest.mark.parametrize("puzzle", ALL, ids=[p.key for p in ALL])
def test_answer_is_the_unique_best_choice(puzzle: Puzzle) -> None:
    sol = solve(puzzle)
    assert set(puzzle.options) <= set(sol.values), "every choice is a legal first decision"
    assert puzzle.answer in puzzle.options
    ranking = sol.ranking(puzzle.options)
    assert ranking[0][0] == puzzle.answer, ranking
    assert ranking[0][1] > ranking[1][1], f"not the only best: {ranking}"
    verdict, text = grade(puzzle, puzzle.answer, sol)
    assert verdict == "best" and puzzle.why in text
    worst = ranking[-1]
    verdict, text = grade(puzzle, worst[0], sol)
    assert verdict in ("good", "costs") and "less than the best line" in text


def test_costs_are_counted_in_the_puzzles_unit() -> None:
    p = next(p for p in ALL if p.key == "fr-crowd")
    verdict, text = grade(p, "0:move columbus sandusky")
    assert verdict == "costs" and text.startswith("That costs you: 2 people less")


def test_puzzle_widget_grades_and_shows_the_proof() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    w = PuzzleWidget(puzzles("freedom"))
    w.picker.value = 1
    assert w.puzzle.key == "fr-crowd"
    assert [v for _label, v in w.choices.options] and w.proof.value == ""
    assert w.answer("0:move oberlin canada_amherstburg")[0] == "best"
    w.teacher.value = True
    assert "every legal line searched" in w.proof.value
