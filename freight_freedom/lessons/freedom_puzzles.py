"""Freedom puzzles: one decision of a Conductor token or the Role Benefit, proved by search.

Every position is a solo game (the Conductor, seed 5) in round 1's Action phase, with the
Slave Catcher roll fixed, $30, and two Conductor tokens bought: "1 person, up to 2 spaces" and
"3 people, 1 space each". The scenario API places the people and the catchers. The search tries
every legal line to the end of the token's (or the Benefit's) moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .puzzles import Puzzle

Game = Any
Setup = tuple[tuple[str, dict[str, Any]], ...]


def position(setup: Setup, *actions: str) -> Callable[[], Game]:
    def build() -> Game:
        from ..freedom.game import Freedom

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


def progress(start: Game, end: Game) -> float:
    """Spaces gained toward Canada by the people moved, 10 off for each person captured."""
    d = end.ctx.canada_distance
    gained = sum((start.state.people.get(s, 0) - n) * d.get(s, 0)
                 for s, n in end.state.people.items())
    return float(gained - 10 * (captured(end) - captured(start)))


def money(start: Game, end: Game) -> float:
    return float(end.state.money[0] - start.state.money[0])


def moves_done(start: Game, end: Game) -> bool:
    """The token's (or the Benefit's) moves are over: back at the turn's menu, or beyond."""
    return bool(end.is_over or end.to_move != 0 or (
        end.prompt.rule == "FR-ACT-1" and len(end.history) > len(start.history)))


TOKEN = "0:play c1_1x2"

PUZZLES = (
    Puzzle("fr-two-spaces", "freedom", "Two spaces to Canada",
           "The token moves one person up to 2 spaces. People wait at Columbus, Wheeling and "
           "Erie. Which move frees someone?",
           position((people("columbus"), people("wheeling"), people("erie")), TOKEN),
           freed_minus_captured, moves_done,
           options=("0:move columbus canada_amherstburg", "0:move erie buffalo",
                    "0:move wheeling pittsburgh"),
           answer="0:move columbus canada_amherstburg",
           why="Columbus is 2 spaces from Canada (by Sandusky); Wheeling and Erie are 3.",
           rules=("FR-MOVE-1", "FR-WIN-1")),
    Puzzle("fr-crowd", "freedom", "Do not lead the catcher into a crowd",
           "People wait at Oberlin and Columbus; the orange Slave Catcher is at Cleveland, next "
           "to Oberlin. The token moves one person up to 2 spaces. Which move is best?",
           position((people("oberlin"), people("columbus")), TOKEN),
           freed_minus_captured, moves_done,
           options=("0:move columbus sandusky", "0:move oberlin canada_amherstburg",
                    "0:move columbus wheeling"),
           answer="0:move oberlin canada_amherstburg",
           why="The Oberlin person reaches Canada in 2 spaces. A person entering Sandusky from "
               "Columbus would draw the orange catcher one step toward it, into Oberlin, and "
               "the person waiting there would be captured.",
           rules=("FR-MOVE-5", "FR-RULING-REACT-STEP")),
    Puzzle("fr-richmond", "freedom", "Safe progress from Richmond",
           "The purple Slave Catcher is at Baltimore. The token moves the person at Richmond up "
           "to 2 spaces. Which destination gets them closest to Canada without a capture? "
           "(Scored in spaces gained toward Canada, 10 off per capture.)",
           position((people("richmond"),), TOKEN), progress, moves_done,
           options=("0:move richmond washington_dc", "0:move richmond harpers_ferry",
                    "0:move richmond wheeling", "0:move richmond raleigh"),
           answer="0:move richmond wheeling",
           why="Wheeling is 2 spaces nearer Canada. The purple catcher steps toward the person "
               "at Harpers Ferry but stops in Washington, where nobody is; Washington itself "
               "would put the person next to the catcher, which steps in and captures.",
           unit="spaces", rules=("FR-MOVE-5",), good_within=1),
    Puzzle("fr-gold", "freedom", "Gold circles",
           "A space with a gold circle pays its value when a person enters it. The token moves "
           "the person at Williamsport up to 2 spaces. Which move raises the most money?",
           position((people("williamsport"),), TOKEN), money, moves_done,
           options=("0:move williamsport rochester", "0:move williamsport philadelphia",
                    "0:move williamsport elmira"),
           answer="0:move williamsport philadelphia",
           why="Philadelphia's circle pays $3; Rochester's $2; Elmira has none.",
           unit="dollars", rules=("FR-MOVE-4",), good_within=1),
    Puzzle("fr-benefit-order", "freedom", "The Benefit's first move",
           "The Conductor's Benefit moves 2 people 1 space each. People wait at Syracuse and "
           "Albany; the black Slave Catcher is at Boston, next to Albany. Which first move is "
           "best?",
           position((people("syracuse"), people("albany")), "0:benefit"),
           freed_minus_captured, moves_done,
           options=("0:move syracuse canada_kingston", "0:move syracuse elmira",
                    "0:move syracuse rochester"),
           answer="0:move syracuse canada_kingston",
           why="Syracuse touches Canada. Elmira is on the black path: a person entering it draws "
               "the black catcher one step toward it, from Boston into Albany, where a person "
               "waits.",
           rules=("FR-ACT-2", "FR-MOVE-5")),
    Puzzle("fr-chicago", "freedom", "Chicago to Canada",
           "Two people wait at Chicago (it holds 4) and one at Indianapolis. The token moves one "
           "person up to 2 spaces. Which move gains the most ground? (Scored in spaces gained "
           "toward Canada.)",
           position((people("indianapolis"), people("chicago", 2)), TOKEN), progress,
           moves_done,
           options=("0:move chicago canada_owen_sound", "0:move chicago milwaukee",
                    "0:move indianapolis chicago"),
           answer="0:move chicago canada_owen_sound",
           why="Chicago is 2 spaces from Canada, by Milwaukee: the person is free.",
           unit="spaces", rules=("FR-MOVE-1", "FR-MOVE-3"), good_within=1),
    Puzzle("fr-new-york", "freedom", "Fund the cause on the way",
           "People wait at New York and at Hartford. The token moves one person up to 2 spaces. "
           "Which move raises the most money?",
           position((people("new_york"), people("hartford")), TOKEN), money, moves_done,
           options=("0:move new_york philadelphia", "0:move new_york wilmington",
                    "0:move hartford new_bedford"),
           answer="0:move new_york philadelphia",
           why="Philadelphia's gold circle pays $3; Wilmington and New Bedford pay $2.",
           unit="dollars", rules=("FR-MOVE-4",), good_within=1),
    Puzzle("fr-three-moves", "freedom", "Three short moves near Baltimore",
           "The token moves 3 people 1 space each. People wait at Philadelphia and Wilmington; "
           "the purple Slave Catcher is at Baltimore, next to Wilmington. Which first move is "
           "best? (Scored in spaces gained toward Canada, 10 off per capture.)",
           position((people("philadelphia"), people("wilmington")), "0:play c1_3x1"),
           progress, moves_done,
           options=("0:move philadelphia new_york", "0:move philadelphia harrisburg",
                    "0:move wilmington cambridge"),
           answer="0:move philadelphia harrisburg",
           why="New York is on the purple path: the catcher would step from Baltimore into "
               "Wilmington and capture the person there. Harrisburg is as far from Canada as "
               "Philadelphia and draws no catcher that can reach anyone.",
           unit="spaces", rules=("FR-MOVE-5",), good_within=1),
)
