"""The Slow Freight lesson: one class period (45 minutes), every action of a turn on the table.

A two-player game (seed 7). The teacher sets the face-up row and stacks the Movement deck
before each rule is shown (logged scenario steps, rule SF-RULING-24), so the class sees every
train type, an Extra Locomotive that makes a visible difference, a Clock, arrivals with Bonus
chips, the end of the game and a tie in the final scoring.
"""

from __future__ import annotations

from typing import Any

from .model import Lesson, Op, Part, Play, Step, TryIt, Verdict, play, scenario
from .questions import Choice, FreeText


def new_game() -> Any:
    from ..slowfreight.game import SlowFreight

    return SlowFreight(players=2, seed=7)


def train(game: Any, seat: int, name: str) -> dict[str, Any]:
    found = game.state.find_train(seat, name)
    return {} if found is None else dict(found.to_dict(game.state.comps))


def mixed_of_three(before: Any, after: Any) -> Verdict:
    """Player 2's train t2 became a Mixed Freight train of three cars."""
    t2 = train(after, 1, "t2")
    cars = sum(t2.get("counts", {}).values())
    if cars < 3:
        return Verdict(False, f"t2 has {cars} car{'s' if cars != 1 else ''}; the task asks for "
                       "three.")
    if t2.get("type") != "mixed":
        return Verdict(False, "t2 has three cars but is not Mixed Freight.")
    return Verdict(True, "t2 is a Mixed Freight train of three cars: one of each kind, as a "
                   "Mixed train of three or more cars must have.")


PASSES = ("0:pass", "1:pass", "0:pass", "1:pass", "0:pass")
CLOCK = scenario("stack_movement", cards=["clock"])
END_OPS: tuple[Op, ...] = tuple(op for p in PASSES for op in (CLOCK, Play(p)))

PARTS = (
    Part("The table and the four actions", 5),
    Part("Forming trains of one kind", 6),
    Part("Mixed Freight: try it yourself", 7),
    Part("Locomotives and the Extra Locomotive", 6),
    Part("Moving trains and arriving", 9),
    Part("Clocks: the game's timer", 6),
    Part("The end of the game and the final scoring", 6),
)

STEPS = (
    Step(0, "Slow Freight", """
**Slow Freight** is a card game for 2 to 4 players by Alan R. Moon (about 2004). Each player
forms freight trains from a Locomotive and Freight cars, then runs them down the line. Small
trains arrive quickly; big trains score more but crawl. The game ends when the last Clock is
drawn, and every train still on its way costs points.

On the board: each row is a train, with its cars and how far along its 9 Track pieces it is;
the three face-up Freight cards; the Clocks drawn so far.""",
         rules=("SF-SETUP-4",)),
    Step(0, "One action per turn", """
On a turn a player does **exactly one** of four things: bring a Locomotive into play, take
face-up Freight cards, move a train, or pass. Player 1, the youngest, starts.""",
         rules=("SF-TURN-1", "SF-TURN-3"),
         question=Choice(
             "A player takes two face-up cards. May they also move a train on the same turn?",
             why="A turn is exactly one of the four actions; taking cards is that action.",
             hint="Read the rule chip SF-TURN-3: how many of the four things does a turn hold?",
             rules=("SF-TURN-3",),
             options=("Yes, any train", "Yes, but only the train that took the cards",
                      "No, a turn is exactly one action"), key=2)),
    # ---------------------------------------------------------------- one kind
    Step(1, "A train of one kind", """
A train is a Locomotive with 1 to 5 Freight cars. A train of one kind of car is an **Auto
Carrier**, **Tank** or **Coal** train. The teacher sets the face-up row to two Auto Carriers and a
Tank; Player 1 takes both Auto Carriers onto train t1.""",
         setup=(scenario("face_up", cards=["auto", "auto", "tank"]),
                *play("0:take 0 t1", "0:take 1 t1")),
         rules=("SF-FORM-1", "SF-FORM-2", "SF-FORM-3", "SF-TAKE-1")),
    Step(1, "Why did the turn end by itself?", """
Player 1's turn ended and the row was refilled. A train must stay valid while it grows: two cars
of the *same* kind can only take a third of that kind, so the Tank fitted nowhere, and with no
card left to take the turn ended.""",
         rules=("SF-RULING-7", "SF-RULING-16", "SF-TAKE-2"),
         question=Choice(
             "t1 holds two Auto Carriers. Which car may it take next?",
             why="Two cars of one kind make an Auto Carrier train; it can only grow as one.",
             hint="A train stays valid as it grows (SF-RULING-7). Look at t1 on the board: what "
                  "kind of train is it now?",
             rules=("SF-RULING-7", "SF-FORM-3"),
             options=("An Auto Carrier", "A Tank", "A Coal car", "Any car"), key=0)),
    # ---------------------------------------------------------------- mixed
    Step(2, "Build a Mixed Freight train", """
A **Mixed Freight** train has two *different* cars, or three to five cars with at least one of
each kind. The teacher sets the row to a Tank, a Coal car and an Auto Carrier. It is Player 2's
turn.""",
         setup=(scenario("face_up", cards=["tank", "coal", "auto"]),),
         rules=("SF-FORM-4", "SF-FORM-5"),
         try_it=TryIt(
             "As Player 2, make **t2** a Mixed Freight train of **three** cars from the "
             "face-up row, then press **Check**.",
             check=mixed_of_three,
             hint="Take a card with 'take', one at a time, onto t2; a Mixed train of three "
                  "needs one of each kind (SF-FORM-5), and 'stop' ends the taking too early.",
             rules=("SF-FORM-5", "SF-TAKE-1"))),
    Step(2, "Player 2's Mixed Freight train", """
In our game Player 2 took all three cards onto t2, one at a time. After each card the game lists
only the cards that keep t2 valid.""",
         setup=play("1:take 0 t2", "1:take 1 t2", "1:take 2 t2"),
         rules=("SF-FORM-4", "SF-FORM-5"),
         question=Choice(
             "A train holds one Auto Carrier and one Tank. Which car may it take next?",
             why="Auto + Tank is Mixed Freight; with a third car it needs all three kinds.",
             hint="A Mixed train of three cars needs at least one of each kind (SF-FORM-5).",
             rules=("SF-FORM-5",),
             options=("An Auto Carrier", "A Tank", "A Coal car", "Any car"), key=2)),
    # ---------------------------------------------------------------- locos
    Step(3, "A new Locomotive", """
Each player brings a second Locomotive into play: each one starts a new train. Trains are named
t1, t2, ... in the order their Locomotives came into play.""",
         setup=play("0:loco", "1:loco"), rules=("SF-TURN-5", "SF-RULING-21")),
    Step(3, "An Extra Locomotive", """
An **Extra Locomotive** is a Freight card that is not a car. Added to a train that has cars and
is not yet moving, it makes the train fast: every move turns up a *second* Movement card, read
for a 5-car train. The price: the train takes no more cards, and from the next turn on the
player **must** move it every turn until it arrives.

Player 1 builds a Coal train on t3 and adds the Extra Locomotive.""",
         setup=(scenario("face_up", cards=["coal", "coal", "xloco"]),
                *play("0:take 0 t3", "0:take 1 t3", "0:take 2 t3")),
         rules=("SF-XLOCO-1", "SF-RULING-5", "SF-XLOCO-2", "SF-XLOCO-4", "SF-XLOCO-5")),
    Step(3, "All four train types", """
Player 2 forms a **Tank** train of three cars on t4. Now an Auto Carrier, a Mixed Freight, a
Coal and a Tank train are on the table.""",
         setup=(scenario("face_up", cards=["tank", "tank", "tank"]),
                *play("1:take 0 t4", "1:take 1 t4", "1:take 2 t4")),
         rules=("SF-FORM-3",)),
    # ---------------------------------------------------------------- moving
    Step(4, "Reading a Movement card", """
It is Player 1's turn and the Extra Locomotive rule bites: moving t3 is the only legal action.

To move, the player turns up the top Movement card. A Train card shows one number for each
train size, 1 to 5 cars, and the train takes that many Track pieces. The teacher stacks two
cards: **train14** shows 6, 5, 4, 3, 3 and **train5** shows 4, 4, 3, 3, 3 (for 1, 2, 3, 4, 5
cars).""",
         setup=(scenario("stack_movement", cards=["train14", "train5"]),),
         rules=("SF-XLOCO-4", "SF-MOVE-1", "SF-MOVE-3", "SF-RULING-15"),
         question=FreeText(
             "t3 has 2 Coal cars and an Extra Locomotive. How many Track pieces does it move "
             "with train14 and then train5?",
             why="train14 read for 2 cars gives 5; the Extra Locomotive's second card, train5, "
                 "is read for 5 cars: 3 more. 8 in all; without the Extra Locomotive, only 5.",
             hint="The first card is read for the train's size, the second for 5 cars "
                  "(SF-XLOCO-5). Find the 2-car number of train14 and the 5-car number of "
                  "train5.",
             rules=("SF-XLOCO-5",), accept=("8", "eight", "5 + 3", "5+3"))),
    Step(4, "The Extra Locomotive's difference", """
t3 moves 5 for its own card and 3 for the second card: 8 of 9 Track pieces. Without the Extra
Locomotive it would stand at 5. From now on t3 takes no more cars.

Player 2 moves the 3-car Tank train t4 with an ordinary move: one card (train4), read in the 3-car
column: 4.""",
         setup=(*play("0:move t3"), scenario("stack_movement", cards=["train4"]),
                *play("1:move t4")),
         rules=("SF-XLOCO-5", "SF-FORM-6")),
    Step(4, "Arrival and Bonus chips", """
Player 1 must move t3 again, and it arrives (9 Track pieces are enough; arrival is checked once,
after both cards). On arrival the train's Track goes back to the supply, the player scores **2
points per car**, and the first three trains of each type earn that type's Bonus chips: **5,
then 3, then 1**. t3 is the first Coal train home: the 5-point chip.""",
         setup=(scenario("stack_movement", cards=["train2", "train3"]), *play("0:move t3")),
         rules=("SF-ARRIVE-1", "SF-ARRIVE-2", "SF-ARRIVE-3", "SF-ARRIVE-4", "SF-RULING-17")),
    # ---------------------------------------------------------------- clocks
    Step(5, "A Clock", """
Only one **Clock** is in the Movement deck at a time. When it is drawn the train moves 4 Track
pieces whatever its size; the Clock is laid out to count the Clocks drawn; then the next Clock
is shuffled with *all* Movement cards, discards included, into a new deck. With two players the
sixth Clock ends the game.""",
         setup=(CLOCK, *play("1:move t4")),
         rules=("SF-CLOCK-1", "SF-CLOCK-2", "SF-CLOCK-3", "SF-CLOCK-4", "SF-CLOCK-5"),
         question=FreeText(
             "How many Track pieces does a Clock move a 5-car train?",
             why="A Clock moves every train 4, whatever its size.",
             hint="Read the rule chip SF-CLOCK-2, and look at how far t4 moved on the board: "
                  "does a Clock have one number per train size?",
             rules=("SF-CLOCK-2",), accept=("4", "four"))),
    Step(5, "The Tank train arrives", """
Player 1 starts the Auto Carrier train t1; Player 2's Tank train t4 arrives: the first Tank train
home takes the 5-point Tank chip.""",
         setup=(scenario("stack_movement", cards=["train6"]), *play("0:move t1"),
                scenario("stack_movement", cards=["train7"]), *play("1:move t4")),
         rules=("SF-ARRIVE-3", "SF-ARRIVE-4")),
    # ---------------------------------------------------------------- end
    Step(6, "A second Coal train", """
Both players bring a new Locomotive. Player 1 puts one Auto Carrier on t5 and stops (a player
may stop taking cards at any time after the first); Player 2 forms a 2-car Coal train on t6, the
same size as Player 1's delivered Coal train, and both run home: the second Coal train earns the
3-point chip.""",
         setup=(*play("0:loco", "1:loco"),
                scenario("face_up", cards=["auto", "coal", "coal"]),
                *play("0:take 0 t5", "0:stop", "1:take 1 t6", "1:take 2 t6", "1:stop"),
                scenario("stack_movement", cards=["train1"]), *play("0:move t1"),
                scenario("stack_movement", cards=["train14"]), *play("1:move t6"),
                scenario("stack_movement", cards=["train4"]), *play("0:move t1"),
                scenario("stack_movement", cards=["train9"]), *play("1:move t6")),
         rules=("SF-RULING-16", "SF-ARRIVE-3")),
    Step(6, "The last Clock and the final scoring", """
Both players pass and the teacher puts a Clock on top each time: a pass still draws a Movement
card, and a Clock drawn on a pass counts. The sixth Clock ends the game at once:

- every Locomotive (and Extra Locomotive) in a train not arrived: **-3**;
- every Freight car in a train not arrived: **-2**;
- for each train type the biggest delivered train scores **8**; a tie of two scores **4
  each**; three or more tied score **2 each**.

Both players delivered a 2-car Coal train: a tie, 4 each. Player 1 wins 25 to 21.""",
         setup=END_OPS,
         rules=("SF-TURN-4", "SF-RULING-8", "SF-END-1", "SF-SCORE-1", "SF-SCORE-2",
                "SF-SCORE-4", "SF-SCORE-5", "SF-SCORE-6"),
         question=FreeText(
             "In a 3-player game all three players delivered a 4-car Tank train, and nobody a "
             "bigger one. How many points does each get for the biggest Tank train?",
             why="Three or more tied players score 2 each.",
             hint="One player alone scores 8, two tied score 4 each (SF-SCORE-4, SF-SCORE-5); "
                  "what does SF-SCORE-6 say about three?",
             rules=("SF-SCORE-6",), accept=("2", "two", "2 each"))),
)

LESSON = Lesson(
    key="slowfreight",
    title="Slow Freight, one game on the table",
    goals=(
        "say which cards a train may take next (the four train types and how they grow)",
        "explain what an Extra Locomotive does to a train, for better and for worse",
        "read a Movement card for a train of any size, and say what a Clock does",
        "score an arrival (cars, Bonus chips) and the end of the game (penalties, biggest-train "
        "awards and their ties)",
    ),
    parts=PARTS, steps=STEPS, new_game=new_game,
)
