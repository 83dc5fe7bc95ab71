"""Every puzzle's answer is proved by exhaustive search over the legal lines (a rule change that
breaks a puzzle fails here), and a student's answer is graded best / good / costs."""

from __future__ import annotations

import pytest

from freight_freedom.lessons.puzzles import Puzzle, grade, puzzles, solve

ALL = puzzles()


def test_enough_puzzles() -> None:
    assert len(puzzles("freedom")) >= 8
    assert len(puzzles("slowfreight")) >= 8
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


def test_slow_freight_puzzle_widget_says_the_proof_averages_the_movement_cards() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    w = PuzzleWidget(puzzles("slowfreight"))
    keys = [p.key for p in w.puzzles]
    w.picker.value = keys.index("sf-sure-small")
    assert [v for _label, v in w.choices.options] == ["0:move t1", "0:move t3", "0:pass"]
    verdict, text = w.answer("0:move t3")
    assert verdict == "good" and text.startswith("Good, but not the best: 0.5 points less")
    w.teacher.value = True
    assert "averaged over every Movement card" in w.proof.value


def test_a_move_is_averaged_over_every_card_left_in_the_movement_deck() -> None:
    """The chance outcomes are the cards in the deck, each as likely as its count says."""
    from freight_freedom.lessons.slowfreight_puzzles import movement_draws

    p = next(p for p in ALL if p.key == "sf-odds-bigger")
    game = p.build()
    outcomes = movement_draws(game, "0:move t3")
    assert outcomes is not None and len(outcomes) == len(game.state.movement_deck) == 16
    assert sum(pr for pr, _g in outcomes) == pytest.approx(1)
    arrived = sum(pr for pr, g in outcomes if g.state.players[0].delivered)
    # a 3-car train needs 3 more: 11 of the 15 train cards show 3 or more, and the Clock 4
    assert arrived == pytest.approx(12 / 16)
    assert solve(p).values["0:move t3"] == pytest.approx(12 / 16 * (6 + 5))
    assert movement_draws(game, "0:loco") is None
    assert game.history == p.build().history, "the position itself is not changed"


def test_slow_freight_positions_are_the_ones_the_questions_describe() -> None:
    p = next(p for p in ALL if p.key == "sf-last-clock")
    g = p.build()
    assert len(g.state.clocks_drawn) == g.state.clocks_in_game - 1
    assert g.state.comps.movement_names[g.state.movement_deck[0]].startswith("clock")
    t1, t3 = g.state.find_train(0, "t1"), g.state.find_train(0, "t3")
    assert (t1.ncars, t1.track, t3.ncars, t3.track) == (2, 5, 3, 3)
