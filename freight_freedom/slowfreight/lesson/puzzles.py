"""Slow Freight puzzles: which train to move, which card to take, proved by search.

Every position is a two-player game (seed 7) built by the scenario API (SF-RULING-24): the
teacher sets the face-up row before each take and stacks the Movement deck before each move or
pass, so every train's cars and Track are exactly as the question says. Player 1 decides.

Three kinds of proof:

- *The last Clock* (the question says it is on top of the Movement deck): every legal line to
  the end of the game is searched; the value is Player 1's final score.
- *Taking cards*: every legal sequence of takes to the end of the turn is searched; the value is
  the number of Freight cars added to Player 1's trains.
- *Which train to move* (the next Movement card is unknown): the value of a move is the exact
  average, over every card left in the Movement deck, of the points Player 1 scores this turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.i18n import N_
from ...lessons.puzzles import Puzzle

Game = Any
Step = str | tuple[str, list[str | None]]


def face(*cards: str) -> Step:
    return ("face_up", list(cards))


def deck(*cards: str) -> Step:
    return ("stack_movement", list(cards))


def position(*steps: Step) -> Callable[[], Game]:
    """A two-player game (seed 7) after ``steps``: actions, or ``face(...)``/``deck(...)``
    set-ups. A ``"0:stop"`` that is not needed (the turn already ended because no face-up card
    fits any train) is skipped."""

    def build() -> Game:
        from ..game import SlowFreight

        g = SlowFreight(players=2, seed=7)
        for step in steps:
            if isinstance(step, tuple):
                g.scenario(step[0], cards=step[1])
            elif step.endswith(":stop") and step not in [str(a) for a in g.legal_actions()]:
                continue
            else:
                g.apply(step)
        return g

    return build


def clocks(n: int) -> tuple[Step, ...]:
    """``n`` Clocks drawn by passes, Player 2 first and alternating (n odd: Player 1 to move)."""
    return tuple(s for i in range(n) for s in (deck("clock"), f"{(i + 1) % 2}:pass"))


def final_points(start: Game, end: Game) -> float:
    """Player 1's final score (the points held now, if the game has not ended)."""
    return float(end.scores()[0])


def points_this_turn(start: Game, end: Game) -> float:
    return float(end.scores()[0] - start.scores()[0])


def cars(game: Game) -> int:
    p = game.state.players[0]
    return sum(t.ncars for t in [*p.trains, *p.delivered])


def cars_added(start: Game, end: Game) -> float:
    return float(cars(end) - cars(start))


def turn_over(start: Game, end: Game) -> bool:
    return bool(end.is_over or end.to_move != 0)


def movement_draws(game: Game, action: Any) -> list[tuple[float, Game]] | None:
    """Every card that can be the next Movement card, with its chance, for a move or a pass.

    The Movement deck's order is hidden (SF-RULING-22), so each card left in it is equally likely
    to come up. An Extra-Locomotive train draws two cards; no puzzle asks about one.
    """
    from ...core import Action
    from ..moves import MOVES, MoveTrain, Pass

    action = Action.parse(action) if isinstance(action, str) else action
    move = MOVES.get(action)
    if not isinstance(move, MoveTrain | Pass):
        return None
    state = game.state
    if isinstance(move, MoveTrain):
        train = state.find_train(action.seat, move.train)
        assert train is not None and train.xloco is None, "one card per move here"
    names = state.comps.movement_names
    counts = Counter(names[c] for c in state.movement_deck)
    total = sum(counts.values())
    out = []
    for name, n in sorted(counts.items()):
        child = game.copy()
        child.scenario("stack_movement", cards=[name])
        child.apply(action)
        out.append((n / total, child))
    return out


# --------------------------------------------------------------------------- positions
# Player 1 owns t1 and (after "0:loco") t3; Player 2 owns t2. Player 2 passes on a low card
# between Player 1's set-up turns.

TWO_COAL = (face("coal", "coal", "auto"), "0:take 0 t1", "0:take 1 t1", "0:stop",
            deck("train15"), "1:pass", "0:loco", deck("train6"), "1:pass")

LAST_CLOCK_ARRIVE = position(
    *TWO_COAL,
    face("tank", "tank", "tank"), "0:take 0 t3", "0:take 1 t3", "0:take 2 t3", "0:stop",
    deck("train12"), "1:pass",
    deck("train4"), "0:move t1",          # 2 cars: 5 Track
    deck("train8"), "1:pass",
    deck("train3"), "0:move t3",          # 3 cars: 3 Track
    *clocks(5), deck("clock"))

BIGGER_LEFT_BEHIND = position(
    face("auto", "coal", "coal"), "0:take 0 t1", "0:stop",
    deck("train15"), "1:pass", "0:loco", deck("train12"), "1:pass",
    face("tank", "tank", "tank"), "0:take 0 t3", "0:take 1 t3", "0:take 2 t3", "0:stop",
    deck("train8"), "1:pass",
    deck("train10"), "0:move t1",         # 1 car: 5 Track
    deck("train11"), "1:pass",
    deck("train3"), "0:move t3",          # 3 cars: 3 Track
    deck("train9"), "1:pass",
    deck("train6"), "0:move t3",          # 2 more: 5
    *clocks(5), deck("clock"))

TANK_CHIP_TAKEN = position(
    face("coal", "coal", "auto"), "0:take 0 t1", "0:take 1 t1", "0:stop",
    face("tank", "tank", "auto"), "1:take 0 t2", "1:take 1 t2", "1:stop",
    "0:loco",
    deck("train4"), "1:move t2",          # 2 cars: 5 Track
    face("tank", "tank", "auto"), "0:take 0 t3", "0:take 1 t3", "0:stop",
    deck("train7"), "1:move t2",          # 2 cars: 4 more, arrives: the 5-point Tank chip
    deck("train14"), "0:move t1",         # 5 Track
    deck("train6"), "1:pass",
    deck("train1"), "0:move t3",          # 4 Track
    deck("train8"), "1:pass",
    deck("train15"), "0:move t3",         # 2 more: 6
    *clocks(5), deck("clock"))

TAKE_MIXED = position(
    face("auto", "tank", "coal"), "0:take 0 t1", "0:take 1 t1", "0:stop",
    deck("train15"), "1:pass", "0:loco", deck("train6"), "1:pass",
    face("coal", "coal", "auto"), "0:take 0 t3", "0:take 1 t3", "0:stop",
    deck("train12"), "1:pass",
    face("coal", "auto", "auto"))

TAKE_ONE_KIND = position(
    face("auto", "coal", "coal"), "0:take 0 t1", "0:stop",
    deck("train15"), "1:pass", "0:loco", deck("train6"), "1:pass",
    face("coal", "coal", "auto"), "0:take 0 t3", "0:take 1 t3", "0:stop",
    deck("train12"), "1:pass",
    face("auto", "tank", "auto"))

TAKE_XLOCO = position(
    face("coal", "auto", "auto"), "0:take 0 t1", "0:stop",
    deck("train15"), "1:pass",
    face("coal", "xloco", "coal"))

RESHUFFLED = (deck("clock"), "1:pass")
"""Player 2 draws a Clock: every Movement card goes back into one shuffled deck."""

ODDS_BIGGER = position(
    face("auto", "coal", "coal"), "0:take 0 t1", "0:stop",
    deck("train15"), "1:pass", "0:loco", deck("train12"), "1:pass",
    face("tank", "tank", "tank"), "0:take 0 t3", "0:take 1 t3", "0:take 2 t3", "0:stop",
    deck("train8"), "1:pass",
    deck("train10"), "0:move t1",         # 1 car: 5 Track
    deck("train11"), "1:pass",
    deck("train4"), "0:move t3",          # 3 cars: 4 Track
    deck("train9"), "1:pass",
    deck("train6"), "0:move t3",          # 2 more: 6
    *RESHUFFLED)

SURE_SMALL = position(
    face("auto", "coal", "coal"), "0:take 0 t1", "0:stop",
    deck("train15"), "1:pass", "0:loco", deck("train12"), "1:pass",
    face("tank", "tank", "tank"), "0:take 0 t3", "0:take 1 t3", "0:take 2 t3", "0:stop",
    deck("train8"), "1:pass",
    face("tank", "coal", "auto"), "0:take 0 t3", "0:stop",
    deck("train9"), "1:pass",
    deck("train4"), "0:move t1",          # 1 car: 6 Track
    deck("train11"), "1:pass",
    deck("train6"), "0:move t1",          # 2 more: 8
    deck("train10"), "1:pass",
    deck("train1"), "0:move t3",          # 4 cars: 3 Track
    deck("train2"), "1:pass",
    deck("train13"), "0:move t3",         # 3 more: 6
    *RESHUFFLED)

CHIP_ODDS = position(
    face("coal", "coal", "auto"), "0:take 0 t1", "0:take 1 t1", "0:stop",
    face("tank", "tank", "auto"), "1:take 0 t2", "1:take 1 t2", "1:stop",
    "0:loco",
    deck("train4"), "1:move t2",          # 2 cars: 5 Track
    face("tank", "tank", "auto"), "0:take 0 t3", "0:take 1 t3", "0:stop",
    deck("train7"), "1:move t2",          # 4 more: arrives, the 5-point Tank chip
    deck("train14"), "0:move t1",         # 2 cars: 5 Track
    deck("train6"), "1:pass",
    deck("train1"), "0:move t3",          # 4 Track
    deck("train8"), "1:pass",
    deck("train3"), "0:move t1",          # 3 more: 8
    deck("train12"), "1:pass",
    deck("train9"), "0:move t3",          # 4 more: 8
    *RESHUFFLED)


# --------------------------------------------------------------------------- the puzzles

# Each puzzle's title, question and reason are English marked for the catalog (N_): the puzzle
# page shows them in the reader's language. The last-Clock questions open with the same two
# sentences, written out in each so that a question is one text for the catalog.

PUZZLES = (
    Puzzle("sf-last-clock", "slowfreight", N_("The last Clock"),
           N_("The next Movement card is the last Clock. Whoever draws it still moves 4 Track; "
              "then the game ends, and every train still on its way costs its Locomotive and "
              "cars. Player 1's Coal train (Train A, 2 cars) has 5 Track; the Tank train "
              "(Train C, 3 cars) has 3. Which train should Player 1 move?"),
           LAST_CLOCK_ARRIVE, final_points, turn_over,
           options=("0:move t1", "0:move t3", "0:pass"), answer="0:move t1",
           why=N_("The Clock moves any train 4 Track. The Coal train reaches 9 and arrives before "
                  "the game ends: it scores its cars, the 5-point Coal chip and the biggest Coal "
                  "train. The Tank train would only reach 7, and the Coal train would then cost "
                  "its Locomotive and cars."),
           unit="points", rules=("SF-END-1", "SF-CLOCK-2", "SF-ARRIVE-1", "SF-SCORE-1")),
    Puzzle("sf-bigger-left-behind", "slowfreight", N_("Which train may be left behind?"),
           N_("The next Movement card is the last Clock. Whoever draws it still moves 4 Track; "
              "then the game ends, and every train still on its way costs its Locomotive and "
              "cars. Player 1's Auto Carrier train (Train A, 1 car) and Tank train (Train C, 3 "
              "cars) both have 5 Track: either would arrive with the Clock's 4. Which should "
              "move?"),
           BIGGER_LEFT_BEHIND, final_points, turn_over,
           options=("0:move t1", "0:move t3", "0:pass"), answer="0:move t3",
           why=N_("Both would take a 5-point chip and an 8-point biggest-train chip. But the Tank "
                  "train's three cars score 6 on arrival and would cost 6 if left behind; the "
                  "Auto Carrier's one car scores 2 and costs 2."),
           unit="points", rules=("SF-END-1", "SF-ARRIVE-4", "SF-SCORE-2")),
    Puzzle("sf-chip-taken", "slowfreight", N_("The Tank chip is gone"),
           N_("The next Movement card is the last Clock. Whoever draws it still moves 4 Track; "
              "then the game ends, and every train still on its way costs its Locomotive and "
              "cars. Player 2 has already delivered a Tank train of 2 cars. Player 1's Coal "
              "train (Train A, 2 cars) has 5 Track and Tank train (Train C, 2 cars) has 6. Which "
              "should move?"),
           TANK_CHIP_TAKEN, final_points, turn_over,
           options=("0:move t1", "0:move t3", "0:pass"), answer="0:move t1",
           why=N_("The first Coal train takes the 5-point Coal chip and the 8-point biggest Coal "
                  "train alone. A second Tank train takes only the 3-point chip and shares the "
                  "biggest Tank train (2 cars, like Player 2's) for 4 points."),
           unit="points", rules=("SF-ARRIVE-3", "SF-SCORE-4", "SF-SCORE-5")),
    Puzzle("sf-mixed-needs-coal", "slowfreight", N_("Where does the Coal car go?"),
           N_("The face-up row is a Coal car and two Auto Carriers. Player 1 has a Mixed Freight "
              "train (Train A: 1 Auto Carrier, 1 Tank) and a Coal train (Train C, 2 cars). Which "
              "train should take the Coal car first, to add the most Freight cars this turn?"),
           TAKE_MIXED, cars_added, turn_over,
           options=("0:take 0 t1", "0:take 0 t3"), answer="0:take 0 t1",
           allowed=("0:take 0 t1", "0:take 0 t3"),
           why=N_("In this game a train must stay valid after every card (our ruling). A Mixed "
                  "train of three or more cars needs all three kinds. With the Coal car, the Mixed "
                  "train becomes Auto Carrier, Tank, Coal and can then take both Auto Carriers (5 "
                  "cars). On the Coal train the Coal car makes 3 Coal cars, and neither Auto "
                  "Carrier fits anywhere."),
           unit="cars", rules=("SF-FORM-5", "SF-RULING-7", "SF-TAKE-1")),
    Puzzle("sf-one-kind", "slowfreight", N_("Keep it one kind"),
           N_("The face-up row is an Auto Carrier, a Tank and an Auto Carrier. Player 1's Auto "
              "Carrier train (Train A) holds 1 car; the Coal train (Train C) holds 2. Which card "
              "should Player 1 take first, an Auto Carrier (either one: they are the same) or the "
              "Tank, to add the most Freight cars this turn?"),
           TAKE_ONE_KIND, cars_added, turn_over,
           options=("0:take 0 t1", "0:take 1 t1"), answer="0:take 0 t1",
           allowed=("0:take 0 t1", "0:take 1 t1"),
           why=N_("In this game a train must stay valid after every card (our ruling). Auto "
                  "Carriers keep the train an Auto Carrier train, so both fit (3 cars). The Tank "
                  "makes it Mixed Freight of two, and a third car would then have to be Coal. The "
                  "Tank cannot join the Coal train either: 2 Coal and a Tank would need an Auto "
                  "Carrier too."),
           unit="cars", rules=("SF-FORM-3", "SF-FORM-5", "SF-RULING-7")),
    Puzzle("sf-xloco-last", "slowfreight", N_("The Extra Locomotive comes last"),
           N_("The face-up row is a Coal car, an Extra Locomotive and a Coal car. Player 1's only "
              "train, Train A, holds 1 Coal car. Which card should Player 1 take first, a Coal car "
              "(either one: they are the same) or the Extra Locomotive, to add the most Freight "
              "cars this turn?"),
           TAKE_XLOCO, cars_added, turn_over,
           options=("0:take 0 t1", "0:take 1 t1"), answer="0:take 0 t1",
           allowed=("0:take 0 t1", "0:take 1 t1"),
           why=N_("An Extra Locomotive closes its train: no car may join after it. Take both Coal "
                  "cars first (the train has 3), then the Extra Locomotive."),
           unit="cars", rules=("SF-XLOCO-1", "SF-XLOCO-2")),
    Puzzle("sf-odds-bigger", "slowfreight", N_("Which train should move now?"),
           N_("Every Movement card is in the shuffled deck: 15 Train cards and the Clock, which "
              "moves any train 4. Player 1's Auto Carrier train (Train A, 1 car) has 5 Track and "
              "needs 4 more: 10 of the 15 Train cards give a 1-car train 4 or more. The Tank train "
              "(Train C, 3 cars) has 6 and needs 3: 11 of the 15 Train cards give a 3-car train 3 "
              "or more. "
              "Which move scores the most points on average this turn?"),
           ODDS_BIGGER, points_this_turn, turn_over, chance=movement_draws,
           options=("0:move t1", "0:move t3", "0:pass"), answer="0:move t3",
           why=N_("The Tank train arrives on 12 of the 16 cards (the Clock too), the Auto Carrier "
                  "on 11: nearly the same chance. Arriving, the Tank train scores 6 for its cars "
                  "and the Auto Carrier only 2, with a 5-point chip either way."),
           unit="points", rules=("SF-MOVE-1", "SF-ARRIVE-3", "SF-ARRIVE-4")),
    Puzzle("sf-sure-small", "slowfreight", N_("A sure thing or a coin toss?"),
           N_("Every Movement card is in the shuffled deck: 15 Train cards and the Clock, which "
              "moves any train 4. Player 1's Auto Carrier train (Train A, 1 car) has 8 Track: any "
              "card brings it in. The Tank train (Train C, 4 cars) has 6 and needs 3: 7 of the 15 "
              "Train cards give a 4-car train 3 or more. Which move scores the most points on "
              "average this turn?"),
           SURE_SMALL, points_this_turn, turn_over, chance=movement_draws,
           options=("0:move t1", "0:move t3", "0:pass"), answer="0:move t1",
           why=N_("The Auto Carrier train is certain to score 2 for its car and the 5-point Auto "
                  "Carrier chip: 7. The Tank train would score 8 and the 5-point Tank chip, 13, "
                  "but only on 8 of the 16 cards (the Clock too): 6.5 on average."),
           unit="points", rules=("SF-MOVE-1", "SF-CLOCK-2", "SF-ARRIVE-3"), good_within=1),
    Puzzle("sf-chip-odds", "slowfreight", N_("Same odds, different chips"),
           N_("Every Movement card is in the shuffled deck. Player 2 has delivered the first Tank "
              "train. Player 1's Coal train (Train A, 2 cars) and Tank train (Train C, 2 cars) "
              "both have 8 Track: any card brings either in. Which move scores the most points "
              "this turn?"),
           CHIP_ODDS, points_this_turn, turn_over, chance=movement_draws,
           options=("0:move t1", "0:move t3", "0:pass"), answer="0:move t1",
           why=N_("Both arrive for 4 points of cars, but the first Coal train takes the 5-point "
                  "Coal chip while the 5-point Tank chip is gone: the next Tank train takes 3."),
           unit="points", rules=("SF-ARRIVE-3", "SF-ARRIVE-4")),
)
