"""Every puzzle's answer is the only best of all the first decisions its question permits, proved
here by a search of its own over every legal line (a rule change that breaks a puzzle fails
here), and a student's answer is graded best / good / costs in words without internal ids."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from freight_freedom.lessons.puzzles import PERSON, Puzzle, grade, puzzles, solve

ALL = puzzles()
FREEDOM = puzzles("freedom")

# what a student or teacher must never read: rule codes, action notation, train ids
INTERNAL = re.compile(r"\b(FR|SF)-[A-Z]+|\b\d:[a-z]+\b|\bt\d+\b|\b[a-z]+_[a-z_]+\b")


def _by_key(key: str) -> Puzzle:
    return next(p for p in ALL if p.key == key)


def _value(puzzle: Puzzle, start: Any, game: Any) -> float:
    """The best score reachable from ``game``: a plain recursion over every legal action, no
    memory, no tie-breaks, nothing shared with :func:`solve` but the puzzle's own scoring."""
    if puzzle.done(start, game):
        return puzzle.score(start, game)
    return max(_after(puzzle, start, game, a) for a in game.legal_actions())


def _after(puzzle: Puzzle, start: Any, game: Any, action: Any) -> float:
    outcomes = puzzle.chance(game, action) if puzzle.chance else None
    if outcomes is None:
        child = game.copy()
        child.apply(action)
        return _value(puzzle, start, child)
    return sum(p * _value(puzzle, start, g) for p, g in outcomes)


def exhaustive(puzzle: Puzzle) -> dict[str, float]:
    """The value of every legal first decision the question permits (all when ``allowed`` is
    None), read from the position's legal actions, not from the puzzle's offered choices."""
    start = puzzle.build()
    legal = {str(a): a for a in start.legal_actions()}
    permitted = legal if puzzle.allowed is None else {a: legal[a] for a in puzzle.allowed}
    return {a: _after(puzzle, start, start, action) for a, action in permitted.items()}


def only_best(puzzle: Puzzle) -> tuple[bool, list[tuple[str, float]]]:
    """Whether the stated answer is strictly better than every other permitted decision."""
    values = exhaustive(puzzle)
    ranking = sorted(values.items(), key=lambda av: -av[1])
    answer = values.get(puzzle.answer)
    ok = answer is not None and all(answer > v + 1e-9 for a, v in values.items()
                                    if a != puzzle.answer)
    return ok, ranking


def test_enough_puzzles() -> None:
    assert len(FREEDOM) >= 8
    assert len(puzzles("slowfreight")) >= 8
    assert len({p.key for p in ALL}) == len(ALL)


@pytest.mark.parametrize("puzzle", ALL, ids=[p.key for p in ALL])
def test_answer_is_the_only_best_of_every_permitted_decision(puzzle: Puzzle) -> None:
    """The issue-19 proof: searched over ``allowed`` (every legal first decision when None),
    the answer is the only best; the choices are among them; the grader agrees."""
    legal = {str(a) for a in puzzle.build().legal_actions()}
    if puzzle.allowed is not None:
        assert set(puzzle.allowed) <= legal, "every allowed decision is legal in the position"
        assert len(puzzle.allowed) >= 2, "the question leaves a real choice"
    assert set(puzzle.options) <= legal and puzzle.answer in puzzle.options
    ok, ranking = only_best(puzzle)
    assert ok, f"{puzzle.key}: not the only best: {ranking[:4]}"
    sol = solve(puzzle)
    for action, value in ranking:
        assert sol.values[action] == pytest.approx(value), "solve() agrees with the proof"
    verdict, text = grade(puzzle, puzzle.answer, sol)
    assert verdict == "best" and puzzle.why in text
    for other in puzzle.options:
        if other != puzzle.answer:
            verdict, text = grade(puzzle, other, sol)
            assert verdict in ("good", "costs") and "the best line" in text


def test_the_proof_catches_a_wrong_key() -> None:
    """The check compares against every permitted decision, not the offered choices: a key
    naming a worse choice fails, and so does a key that only ties an unoffered move."""
    crowd = _by_key("fr-crowd")
    wrong = dataclasses.replace(crowd, answer="0:move oberlin sandusky")
    assert not only_best(wrong)[0]
    richmond = _by_key("fr-richmond")
    # the old key's flaw: over every legal decision, plantation moves tie Richmond -> Wheeling
    unrestricted = dataclasses.replace(richmond, allowed=None,
                                       score=_by_key("fr-two-spaces").score)
    ok, ranking = only_best(unrestricted)
    assert not ok and ranking[0][1] == ranking[1][1]


def test_allowed_must_hold_the_options() -> None:
    crowd = _by_key("fr-crowd")
    with pytest.raises(ValueError, match="not in its allowed"):
        dataclasses.replace(crowd, allowed=("0:move oberlin canada_amherstburg",))
    with pytest.raises(ValueError, match="is not one of its options"):
        dataclasses.replace(crowd, answer="0:stop")


def test_a_captured_person_is_a_person_lost_not_ground_gained() -> None:
    """FR-MOVE-5: Richmond -> Washington is captured by the purple catcher. The person's 5
    spaces from Canada vanish with them; that is a person lost, not 5 spaces gained."""
    p = _by_key("fr-richmond")
    start = p.build()
    end = start.copy()
    end.apply("0:move richmond washington_dc")
    assert p.score(start, end) == -PERSON
    verdict, text = grade(p, "0:move richmond washington_dc")
    assert verdict == "costs"
    assert text.startswith("That costs you 1 person and 2 spaces against the best line")


def test_freeing_a_person_outweighs_any_number_of_spaces() -> None:
    """FR-MOVE-7: Chicago -> Owen Sound frees a person; Indianapolis -> Milwaukee gains 2
    spaces. The free person comes first, and the loss is told as a person, not 98 spaces."""
    p = _by_key("fr-chicago")
    sol = solve(p)
    assert sol.values["0:move chicago canada_owen_sound"] == PERSON
    assert sol.values["0:move indianapolis milwaukee"] == 2
    verdict, text = grade(p, "0:move indianapolis milwaukee", sol)
    assert verdict == "costs" and text.startswith("That costs you 1 person against")


def test_a_capture_outweighs_money() -> None:
    """FR-MOVE-4, FR-MOVE-5: Philadelphia's $3 circle is not worth the person captured there."""
    p = _by_key("fr-new-york")
    sol = solve(p)
    assert sol.values["0:move new_york philadelphia"] == 3 - PERSON
    verdict, text = grade(p, "0:move new_york philadelphia", sol)
    assert verdict == "costs" and text.startswith("That costs you 1 person against")


@pytest.mark.parametrize("puzzle", FREEDOM, ids=[p.key for p in FREEDOM])
def test_the_best_line_moves_only_the_people_the_question_is_about(puzzle: Puzzle) -> None:
    """No filler in the line a student is shown: no plantation person moved "as good play"."""
    game = puzzle.build()
    line = solve(puzzle).lines[puzzle.answer]
    plantations = game.ctx.plantation_set
    starts = {a.split()[1] for a in (puzzle.allowed or puzzle.options)}
    moved = [a.split()[1] for a in line if not a.endswith(":stop")]
    assert not set(moved) & plantations, line
    assert moved[0] in starts


def test_the_benefit_order_matters_and_the_line_shows_only_what_matters() -> None:
    """FR-ACT-2, FR-RULING-REACT-STEP: moving the Williamsport person first draws the black
    catcher into Syracuse; the best line frees the Syracuse person, then moves Williamsport."""
    p = _by_key("fr-benefit-order")
    sol = solve(p)
    assert sol.lines[p.answer] == ["0:move syracuse canada_kingston",
                                   "0:move williamsport elmira"]
    verdict, text = grade(p, "0:move williamsport elmira", sol)
    assert verdict == "costs"
    assert "Plantations" not in text and "New Orleans" not in text


@pytest.mark.parametrize("puzzle", ALL, ids=[p.key for p in ALL])
def test_no_rule_codes_or_ids_in_what_the_page_shows(puzzle: Puzzle) -> None:
    for text in (puzzle.title, puzzle.question, puzzle.why):
        assert not INTERNAL.search(text), INTERNAL.search(text)


def test_the_odds_puzzle_states_the_movement_card_counts_it_needs() -> None:
    """SF-MOVE-1, SF-MOVE-3: the counts in the question are the Movement table's."""
    for key, cars, needs in (("sf-odds-bigger", 1, 4), ("sf-odds-bigger", 3, 3),
                             ("sf-sure-small", 4, 3)):
        p = _by_key(key)
        g = p.build()
        rows = g.state.table.rows
        enough = sum(1 for row in rows if row[cars - 1] >= needs)
        assert (f"{enough} of the {len(rows)} Train cards give a {cars}-car train {needs} or "
                f"more") in p.question


def test_puzzle_widget_grades_and_shows_the_proof_in_words() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    w = PuzzleWidget(FREEDOM)
    w.picker.value = 1
    assert w.puzzle.key == "fr-crowd"
    labels = [label for label, _v in w.choices.options]
    assert len(labels) == 3 and w.proof.value == ""
    assert w.answer("0:move oberlin canada_amherstburg")[0] == "best"
    w.teacher.value = True
    assert "every legal line searched" in w.proof.value
    assert "only best of every legal first decision" in w.proof.value
    for text in (*labels, w.feedback.value, w.proof.value):
        assert not re.search(r"\d:[a-z]|\bt\d+\b|(FR|SF)-[A-Z]", text), text
    # the teacher view says so when an answer is not the only best (here: a wrong key)
    w.puzzles = [dataclasses.replace(w.puzzle, answer="0:move oberlin sandusky")]
    w.show(0)
    w.teacher.value = False
    w.teacher.value = True
    assert "the answer is not the only best" in w.proof.value


def test_the_map_rings_only_the_puzzles_choices() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    w = PuzzleWidget(FREEDOM)
    w.picker.value = [p.key for p in FREEDOM].index("fr-three-moves")
    fig = w.figure
    rings = next(t for t in fig.data if t.name == "targets")
    assert sorted(rings.customdata) == ["canada_amherstburg", "fort_wayne", "oberlin"]
    # issue 19: the rings never hide a name: the names are drawn above them, with a white edge
    names = [t.name for t in fig.data]
    assert names.index("names") > names.index("targets")
    assert "#fff" in fig.data[names.index("names")].textfont.shadow
    assert len(w.puzzle.build().legal_actions()) > 10


def test_slow_freight_puzzle_widget_says_the_proof_averages_the_movement_cards() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    w = PuzzleWidget(puzzles("slowfreight"))
    keys = [p.key for p in w.puzzles]
    w.picker.value = keys.index("sf-sure-small")
    assert [v for _label, v in w.choices.options] == ["0:move t1", "0:move t3", "0:pass"]
    assert [label for label, _v in w.choices.options][0] == \
        "Player 1 moves the train (1 Auto Carrier car)"
    verdict, text = w.answer("0:move t3")
    assert verdict == "good" and text.startswith("Good, but not the best: 0.5 points less")
    w.teacher.value = True
    assert "averaged over every Movement card" in w.proof.value
    assert "t1" not in w.proof.value and "0:move" not in w.proof.value


def test_identical_cards_are_one_choice() -> None:
    """SF-TAKE-1: taking either of two identical face-up cards is the same decision, so the
    question offers it once and ``allowed`` holds one of them."""
    for key in ("sf-one-kind", "sf-xloco-last"):
        p = _by_key(key)
        g = p.build()
        row = [g.describe(a).split(" (face-up")[0] for a in g.legal_actions()
               if str(a) in (p.allowed or ())]
        assert len(row) == len(set(row)) == 2, row


def test_a_move_is_averaged_over_every_card_left_in_the_movement_deck() -> None:
    """The chance outcomes are the cards in the deck, each as likely as its count says."""
    from freight_freedom.slowfreight.lesson.puzzles import movement_draws

    p = _by_key("sf-odds-bigger")
    game = p.build()
    outcomes = movement_draws(game, "0:move t3")
    assert outcomes is not None and len(outcomes) == len(game.state.movement_deck) == 16
    assert sum(pr for pr, _g in outcomes) == pytest.approx(1)
    arrived = sum(pr for pr, g in outcomes if g.state.players[0].delivered)
    # a 3-car train needs 3 more: 11 of the 15 train cards show 3 or more, and the Clock 4
    assert arrived == pytest.approx(12 / 16)
    assert solve(p).values["0:move t3"] == pytest.approx(12 / 16 * (6 + 5))
    # the answer's reason: "the Tank train arrives on 12 of the 16 cards, the Auto Carrier on 11"
    small = movement_draws(game, "0:move t1")
    assert small is not None
    assert sum(pr for pr, g in small if g.state.players[0].delivered) == pytest.approx(11 / 16)
    assert "12 of the 16" in p.why and "on 11" in p.why
    assert movement_draws(game, "0:loco") is None
    assert game.history == p.build().history, "the position itself is not changed"


def test_slow_freight_positions_are_the_ones_the_questions_describe() -> None:
    p = _by_key("sf-last-clock")
    g = p.build()
    assert len(g.state.clocks_drawn) == g.state.clocks_in_game - 1
    assert g.state.comps.movement_names[g.state.movement_deck[0]].startswith("clock")
    t1, t3 = g.state.find_train(0, "t1"), g.state.find_train(0, "t3")
    assert (t1.ncars, t1.track, t3.ncars, t3.track) == (2, 5, 3, 3)
