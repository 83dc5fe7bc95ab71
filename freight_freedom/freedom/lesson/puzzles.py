"""Freedom puzzles: one decision of a Conductor token or the Role Benefit, proved by search.

Every position is a solo game (the Conductor, seed 5) in round 1's Action phase, with the
Slave Catcher roll fixed, $30, and two Conductor tokens bought: "1 person, up to 2 spaces" and
"3 people, 1 space each". The scenario API places the people and the catchers. The search tries
every legal line to the end of the token's (or the Benefit's) moves. A question that names the
people who move declares their moves as its ``allowed`` first decisions (:func:`moves_of`), and
its score counts people first: a person freed or captured outweighs any number of spaces or
dollars.

Each puzzle's title, question and reason are English marked for the catalog (``N_``): the
puzzle page shows them in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.i18n import N_
from ...lessons.puzzles import PERSON, Puzzle

Game = Any
Setup = tuple[tuple[str, dict[str, Any]], ...]


def position(setup: Setup, *actions: str) -> Callable[[], Game]:
    def build() -> Game:
        from ..game import Freedom

        g = Freedom(players=1, seed=5, roles=("Conductor",))
        g.scenario("set_money", seat=0, amount=30)
        g.scenario("fix_roll", catcher="black", direction="east", spaces=1)
        for a in ("0:roll", "0:buy c1_1x2", "0:buy c1_3x1"):
            g.apply(a)
        for name, params in setup:
            g.scenario(name, **params)
        for a in actions:
            g.apply(a)
        return g

    return build


def people(space: str, count: int = 1) -> tuple[str, dict[str, Any]]:
    return ("place_people", {"space": space, "count": count})


def catcher(colour: str, space: str) -> tuple[str, dict[str, Any]]:
    return ("place_catcher", {"colour": colour, "space": space})


def captured(game: Game) -> int:
    return int(sum(c.people for c in game.state.market) + game.state.lost)


def freed_minus_captured(start: Game, end: Game) -> float:
    return float((end.state.freed - start.state.freed) - (captured(end) - captured(start)))


def progress(*named: str) -> Callable[[Game, Game], float]:
    """A score of people first, then spaces:
    :data:`~freight_freedom.lessons.puzzles.PERSON` for each person freed and off for each
    captured, plus the spaces gained toward Canada by the people the question names
    (those who start on the ``named`` spaces; everyone when none are named).

    People are followed move by move through the log, so a captured person's vanished distance
    is not ground gained, and a person the question does not name (one on a plantation, say)
    gains nothing: a line never needs their moves.
    """

    from ..events import Captured, PersonFreed, PersonMoved

    def score(start: Game, end: Game) -> float:
        d = end.ctx.canada_distance
        # per space, the people on it: (counted?, spaces gained so far)
        here: dict[str, list[tuple[bool, int]]] = {
            s: [(not named or s in named, 0)] * n for s, n in start.state.people.items() if n}
        for event in end.log[len(start.log):]:
            match event:
                case PersonMoved(origin=src, dest=dst) | PersonFreed(origin=src, dest=dst):
                    counted, gained = here[src].pop(0)
                    if dst not in end.ctx.canada_set:
                        here.setdefault(dst, []).append((counted, gained + d[src] - d[dst]))
                case Captured(space=space, captured=n):
                    del here[space][:n]
        spaces = sum(g for people in here.values() for counted, g in people if counted)
        return PERSON * freed_minus_captured(start, end) + spaces

    return score


def money(start: Game, end: Game) -> float:
    """Dollars raised, after people: a person freed or captured outweighs any sum."""
    return PERSON * freed_minus_captured(start, end) + float(
        end.state.money[0] - start.state.money[0])


def moves_done(start: Game, end: Game) -> bool:
    """The token's (or the Benefit's) moves are over: back at the turn's menu, or beyond."""
    return bool(end.is_over or end.to_move != 0 or (
        end.prompt.rule == "FR-ACT-1" and len(end.history) > len(start.history)))


TOKEN = "0:play c1_1x2"


def moves_of(build: Callable[[], Game], *spaces: str) -> tuple[str, ...]:
    """Every legal first move of the people on ``spaces``: what a question naming them permits."""
    from ..moves import MOVES, MovePerson

    return tuple(str(a) for a in build().legal_actions()
                 if isinstance(m := MOVES.read(a), MovePerson) and m.person_from in spaces)


PEOPLE_FIRST = "(A person freed or captured counts more than any number of spaces.)"
"""The sentence that ends a question whose score counts people, then spaces (written out in
each question, so the question is one text for the catalog)."""

TWO_SPACES = position((people("columbus"), people("wheeling"), people("erie")), TOKEN)
CROWD = position((people("oberlin"), people("fort_wayne")), TOKEN)
RICHMOND = position((people("richmond"),), TOKEN)
GOLD = position((people("williamsport"),), TOKEN)
BENEFIT = position((catcher("black", "albany"), people("syracuse"), people("williamsport")),
                   "0:benefit")
CHICAGO = position((people("indianapolis"), people("chicago", 2)), TOKEN)
NEW_YORK = position((catcher("purple", "wilmington"), people("new_york"), people("albany")),
                    TOKEN)
THREE = position((people("sandusky"), people("columbus"), people("newport")), "0:play c1_3x1")

PUZZLES = (
    Puzzle("fr-two-spaces", "freedom", N_("Two spaces to Canada"),
           N_("The token moves one person up to 2 spaces. People wait at Columbus, Wheeling "
              "and Erie. Which move frees someone?"),
           TWO_SPACES, freed_minus_captured, moves_done,
           options=("0:move columbus canada_amherstburg", "0:move erie buffalo",
                    "0:move wheeling pittsburgh"),
           answer="0:move columbus canada_amherstburg",
           why=N_("Columbus is 2 spaces from Canada (by Sandusky); Wheeling and Erie are 3."),
           rules=("FR-MOVE-1", "FR-WIN-1")),
    Puzzle("fr-crowd", "freedom", N_("Do not lead the catcher into a crowd"),
           N_("People wait at Oberlin and Fort Wayne; the orange Slave Catcher is at "
              "Cleveland, next to Oberlin. The token moves one person up to 2 spaces. Which "
              "move is best?"),
           CROWD, freed_minus_captured, moves_done,
           options=("0:move fort_wayne detroit", "0:move oberlin canada_amherstburg",
                    "0:move oberlin sandusky"),
           answer="0:move oberlin canada_amherstburg",
           why=N_("The Oberlin person reaches Canada in 2 spaces, by Sandusky. Detroit is on "
                  "the orange catcher's path. A person entering it from Fort Wayne would draw "
                  "the catcher one step along its path toward them, into Oberlin, and the "
                  "person waiting there would be captured."),
           rules=("FR-MOVE-5", "FR-RULING-REACT-STEP")),
    Puzzle("fr-richmond", "freedom", N_("Safe progress from Richmond"),
           N_("The purple Slave Catcher is at Baltimore. The token moves the person at "
              "Richmond up to 2 spaces. Which destination gets them closest to Canada without "
              "a capture? (A person freed or captured counts more than any number of "
              "spaces.)"),
           RICHMOND, progress("richmond"), moves_done,
           options=("0:move richmond washington_dc", "0:move richmond harpers_ferry",
                    "0:move richmond wheeling", "0:move richmond raleigh"),
           answer="0:move richmond wheeling",
           why=N_("Wheeling is 2 spaces nearer Canada. Harpers Ferry is only 1, and it draws "
                  "the purple catcher one step toward the person, into Washington, where nobody "
                  "is. Washington itself would put the person next to the catcher, which steps "
                  "in and captures."),
           unit="spaces", rules=("FR-MOVE-5",), good_within=1,
           allowed=moves_of(RICHMOND, "richmond")),
    Puzzle("fr-gold", "freedom", N_("Gold circles"),
           N_("A space with a gold circle pays its value when a person enters it. The token "
              "moves the person at Williamsport up to 2 spaces. Which move raises the most "
              "money?"),
           GOLD, money, moves_done,
           options=("0:move williamsport rochester", "0:move williamsport philadelphia",
                    "0:move williamsport elmira"),
           answer="0:move williamsport philadelphia",
           why=N_("Philadelphia's circle pays $3; Rochester's and Syracuse's $2; Elmira has "
                  "none."),
           unit="dollars", rules=("FR-MOVE-4",), good_within=1,
           allowed=moves_of(GOLD, "williamsport")),
    Puzzle("fr-benefit-order", "freedom", N_("Who moves first?"),
           N_("The Conductor's Benefit moves 2 people 1 space each. People wait at Syracuse "
              "and Williamsport; the black Slave Catcher is at Albany, next to Syracuse on its "
              "path. Which of the two should move first, and where? (A person freed or "
              "captured counts more than any number of spaces.)"),
           BENEFIT, progress("syracuse", "williamsport"), moves_done,
           options=("0:move williamsport elmira", "0:move syracuse canada_kingston",
                    "0:move syracuse rochester"),
           answer="0:move syracuse canada_kingston",
           why=N_("Both of Williamsport's moves (Elmira, Harrisburg) are on the black path: "
                  "either draws the catcher one step toward the person, from Albany into "
                  "Syracuse, where the other person still waits. Move the Syracuse person to "
                  "Canada first; then the Williamsport person can go on to Elmira, and the "
                  "catcher steps into an empty Syracuse."),
           unit="spaces", rules=("FR-ACT-2", "FR-MOVE-5", "FR-RULING-REACT-STEP"),
           allowed=moves_of(BENEFIT, "syracuse", "williamsport")),
    Puzzle("fr-chicago", "freedom", N_("Chicago to Canada"),
           N_("Two people wait at Chicago (it holds 4) and one at Indianapolis. The token "
              "moves one of them up to 2 spaces. Which move is best? (A person freed or "
              "captured counts more than any number of spaces.)"),
           CHICAGO, progress("chicago", "indianapolis"), moves_done,
           options=("0:move chicago canada_owen_sound", "0:move indianapolis milwaukee",
                    "0:move indianapolis chicago"),
           answer="0:move chicago canada_owen_sound",
           why=N_("Chicago is 2 spaces from Canada, by Milwaukee: the person is free. "
                  "Indianapolis to Milwaukee gains 2 spaces, but frees nobody."),
           unit="spaces", rules=("FR-MOVE-1", "FR-MOVE-3"), good_within=1,
           allowed=moves_of(CHICAGO, "chicago", "indianapolis")),
    Puzzle("fr-new-york", "freedom", N_("Money, but not at any price"),
           N_("The token moves the person at New York up to 2 spaces. The purple Slave "
              "Catcher is at Wilmington, next to Philadelphia; the black one is at Boston, next "
              "to Albany, where another person waits. Which move raises the most money? A "
              "person captured costs more than any sum."),
           NEW_YORK, money, moves_done,
           options=("0:move new_york philadelphia", "0:move new_york new_bedford",
                    "0:move new_york syracuse"),
           answer="0:move new_york new_bedford",
           why=N_("New Bedford's gold circle pays $2 and is on no catcher's path. Philadelphia "
                  "pays $3, but the purple catcher steps from Wilmington into Philadelphia and "
                  "captures the person. Syracuse pays $2, but it draws the black catcher from "
                  "Boston into Albany, onto the person waiting there."),
           unit="dollars", rules=("FR-MOVE-4", "FR-MOVE-5"), good_within=1,
           allowed=moves_of(NEW_YORK, "new_york")),
    Puzzle("fr-three-moves", "freedom", N_("Three short moves: clear the way"),
           N_("The token moves 3 people 1 space each. People wait at Sandusky, Columbus and "
              "Newport, each one space behind the next on the way to Amherstburg in Canada; "
              "each city holds 1 person. Which of them should move first, and where? (A person "
              "freed or captured counts more than any number of spaces.)"),
           THREE, progress("sandusky", "columbus", "newport"), moves_done,
           options=("0:move newport fort_wayne", "0:move columbus oberlin",
                    "0:move sandusky canada_amherstburg"),
           answer="0:move sandusky canada_amherstburg",
           why=N_("The front person goes first: Sandusky to Canada frees them and empties "
                  "Sandusky. Then the Columbus person can step up into Sandusky and the Newport "
                  "person into Columbus: one person free and 2 spaces gained. Oberlin is next "
                  "to the orange catcher at Cleveland, which would step in and capture."),
           unit="spaces", rules=("FR-MOVE-1", "FR-MOVE-3", "FR-MOVE-5"), good_within=1,
           allowed=moves_of(THREE, "sandusky", "columbus", "newport")),
)
