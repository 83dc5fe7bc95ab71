"""The Slow Freight lesson: one class period (45 minutes: 3 to start, 42 of lesson), every action.

A two-player game (seed 7). The teacher sets the face-up row and stacks the Movement deck
before each rule is shown (logged scenario steps, rule SF-RULING-24), so the class sees every
train type, an Extra Locomotive that makes a visible difference, a Clock, arrivals with Bonus
chips, the end of the game and a tie in the final scoring. The class predicts before the table
shows (one action a turn, how a train grows, the Extra Locomotive's move, the Clock, the final
score), and the lesson ends with a three-question exit ticket.

Every word the class reads is English marked for the catalog (``N_``: the lesson widget shows it
in the reader's language); the try-it verdict is written when the class presses Check, in the
language of the moment.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_, _, ngettext
from ...lessons.model import (
    EXIT_TICKET,
    Lesson,
    Op,
    Part,
    Play,
    Step,
    TryIt,
    Verdict,
    play,
    scenario,
)
from ...lessons.questions import Choice, FreeText


def new_game() -> Any:
    from ..game import SlowFreight

    return SlowFreight(players=2, seed=7)


def train(game: Any, seat: int, name: str) -> dict[str, Any]:
    found = game.state.find_train(seat, name)
    return {} if found is None else dict(found.to_dict(game.state.comps))


def mixed_of_three(before: Any, after: Any) -> Verdict:
    """Player 2's train t2 (Train B on the board) became a Mixed Freight train of three cars.

    The verdict is written when the class presses Check, in the language of the moment."""
    t2 = train(after, 1, "t2")
    cars = sum(t2.get("counts", {}).values())
    if cars < 3:
        return Verdict(False, ngettext("Train B has {n} car; the task asks for three.",
                                       "Train B has {n} cars; the task asks for three.",
                                       cars).format(n=cars))
    if t2.get("type") != "mixed":
        return Verdict(False, _("Train B has three cars but is not Mixed Freight."))
    return Verdict(True, _("Train B is a Mixed Freight train of three cars: one of each kind, as "
                           "a Mixed train of three or more cars must have."))


PASSES = ("0:pass", "1:pass", "0:pass", "1:pass", "0:pass")
CLOCK = scenario("stack_movement", cards=["clock"])
END_OPS: tuple[Op, ...] = tuple(op for p in PASSES for op in (CLOCK, Play(p)))
LAST_CLOCK, LAST_PASS = END_OPS[:-1], END_OPS[-1:]  # the class scores the end before the pass

PARTS = (
    Part(N_("The table and the four actions"), 3,
         N_("Say what is on the table and what a player may do on a turn.")),
    Part(N_("Forming trains of one kind"), 4,
         N_("Say which car a train of one kind may take next.")),
    Part(N_("Mixed Freight: try it yourself"), 5,
         N_("Build a Mixed Freight train of three cars, and say which car a Mixed train needs.")),
    Part(N_("Locomotives and the Extra Locomotive"), 3,
         N_("Say what an Extra Locomotive gives a train and what it costs.")),
    Part(N_("Moving trains and arriving"), 6,
         N_("Read a Movement card for a train of any size, and score an arrival.")),
    Part(N_("Clocks: the game's timer"), 3,
         N_("Say what a Clock does to a train and to the game.")),
    Part(N_("The end of the game and the final scoring"), 5,
         N_("Score the end of a game: penalties, biggest-train awards and their ties.")),
    Part(N_("Closing discussion: fast or big?"), 10,
         N_("Say when a small fast train beats a big slow one, and why.")),
    Part(EXIT_TICKET, 3, N_("Answer three short questions, each student on their own.")),
)

STEPS = (
    Step(0, N_("Slow Freight"), N_("""
**Slow Freight** is a card game for 2 to 4 players by Alan R. Moon (about 2004). Each player
forms freight trains from a Locomotive and Freight cars, then runs them down the line. Small
trains arrive quickly; big trains score more but crawl. The game ends when the last Clock is
drawn, and every train still on its way costs points.

On the board each row is a train, named by a letter: Train A, Train B and so on. A row shows
the train's cars and how far along its 9 Track pieces it is. The board also shows the three
face-up Freight cards and the Clocks drawn so far.

A player may bring a Locomotive into play, take face-up Freight cards, move a train, or pass."""),
         rules=("SF-SETUP-4",),
         question=Choice(
             N_("Predict before you press Next: a player takes two face-up cards. May they also "
                "move a train on the same turn?"),
             why=N_("A turn is exactly one of the four actions; taking cards is that action."),
             hint=N_("Open the rule below about a turn: how many of the four actions does a turn "
                     "hold?"),
             rules=("SF-TURN-3",),
             options=(N_("Yes, any train"), N_("Yes, but only the train that took the cards"),
                      N_("No, a turn is exactly one action")), key=2),
         checks=(0,), reveal=N_("does **exactly one** of four things")),
    Step(0, N_("One action per turn"), N_("""
On a turn a player does **exactly one** of four things: bring a Locomotive into play, take
face-up Freight cards, move a train, or pass. Taking cards is one action, so a player who takes
cards moves no train that turn. Player 1, the youngest, starts."""),
         rules=("SF-TURN-1", "SF-TURN-3")),
    # ---------------------------------------------------------------- one kind
    Step(1, N_("A train of one kind"), N_("""
A train is a Locomotive with 1 to 5 Freight cars. A train of one kind of car is an Auto
Carrier, Tank or Coal train: its **type** is its kind of car. The teacher sets the face-up row
to two Auto Carriers and a Tank. Player 1 takes both Auto Carriers onto **Train A**, and the turn
ends by itself."""),
         setup=(scenario("face_up", cards=["auto", "auto", "tank"]),
                *play("0:take 0 t1", "0:take 1 t1")),
         rules=("SF-FORM-1", "SF-FORM-2", "SF-FORM-3", "SF-TAKE-1"),
         question=Choice(
             N_("Predict before you press Next: Train A holds two Auto Carriers. Which car may it "
                "take next?"),
             why=N_("Two cars of one kind make an Auto Carrier train. In this game a train must "
                    "stay valid after every card, so it can only take another Auto Carrier. That "
                    "is our ruling: the printed rules do not say."),
             hint=N_("Look at Train A on the board: what kind of train is it now? Would two Auto "
                     "Carriers and a Tank, or two Auto Carriers and a Coal car, make a train the "
                     "rules allow?"),
             rules=("SF-RULING-7", "SF-FORM-3"),
             options=(N_("An Auto Carrier"), N_("A Tank"), N_("A Coal car"), N_("Any car")), key=0,
             also=((3, N_("That fits the printed rules, which only say what a finished train "
                          "looks like: a Tank and then a Coal car would end as a Mixed train of "
                          "four. This game uses our ruling instead: a train must stay valid after "
                          "every card, so here it can only take an Auto Carrier.")),)),
         checks=(1,),
         reveal=N_("two cars of the *same* kind can only take a third of that kind")),
    Step(1, N_("Why did the turn end by itself?"), N_("""
Player 1's turn ended and the row was refilled. The printed rules do not say what a growing
train may take next: they only say what a finished train looks like. **Our ruling**, a choice we
made and not a printed rule, is that a train must stay valid after every card. So two cars of the
*same* kind can only take a third of that kind. The Tank fitted nowhere, and with no card left to
take the turn ended."""),
         rules=("SF-RULING-7", "SF-RULING-16", "SF-TAKE-2")),
    # ---------------------------------------------------------------- mixed
    Step(2, N_("Build a Mixed Freight train"), N_("""
A **Mixed Freight** train has two *different* cars, or three to five cars with at least one of
each kind. The teacher sets the row to a Tank, a Coal car and an Auto Carrier. It is Player 2's
turn."""),
         setup=(scenario("face_up", cards=["tank", "coal", "auto"]),),
         rules=("SF-FORM-4", "SF-FORM-5"),
         try_it=TryIt(
             N_("As Player 2, make **Train B** a Mixed Freight train of **three** cars from the "
                "face-up row, then press **Check**."),
             check=mixed_of_three,
             hint=N_("Take the face-up cards onto Train B one at a time. A Mixed train of three "
                     "cars needs one of each kind, and stopping ends the taking too early."),
             rules=("SF-FORM-5", "SF-TAKE-1")),
         checks=(1,)),
    Step(2, N_("Player 2's Mixed Freight train"), N_("""
In our game Player 2 took all three cards onto Train B, one at a time. After each card the game
lists only the cards that keep Train B valid."""),
         setup=play("1:take 0 t2", "1:take 1 t2", "1:take 2 t2"),
         rules=("SF-FORM-4", "SF-FORM-5"),
         question=Choice(
             N_("Train B now holds an Auto Carrier, a Tank and a Coal car. Which car may it take "
                "as its fourth?"),
             why=N_("It already has a car of each kind, so any fourth car leaves at least one of "
                    "each: it stays a Mixed Freight train."),
             hint=N_("A Mixed train of three to five cars needs at least one car of each kind. "
                     "Which kinds does Train B have already?"),
             rules=("SF-FORM-5",),
             options=(N_("An Auto Carrier"), N_("A Tank"), N_("A Coal car"), N_("Any car")), key=3),
         checks=(1,)),
    # ---------------------------------------------------------------- locos
    Step(3, N_("A new Locomotive"), N_("""
Each player brings a second Locomotive into play: each one starts a new train. Trains are named
by letter, **Train A**, **Train B**, **Train C** and so on, in the order their Locomotives came
into play."""),
         setup=play("0:loco", "1:loco"), rules=("SF-TURN-5", "SF-RULING-21")),
    Step(3, N_("An Extra Locomotive"), N_("""
An **Extra Locomotive** is a Freight card that is not a car. Added to a train that has cars and
is not yet moving, it makes the train fast: every move turns up a *second* Movement card, read
for a 5-car train. The price: the train takes no more cards, and from the next turn on the
player **must** move it every turn until it arrives.

Player 1 builds a Coal train on **Train C** and adds the Extra Locomotive."""),
         setup=(scenario("face_up", cards=["coal", "coal", "xloco"]),
                *play("0:take 0 t3", "0:take 1 t3", "0:take 2 t3")),
         rules=("SF-XLOCO-1", "SF-RULING-5", "SF-XLOCO-2", "SF-XLOCO-4", "SF-XLOCO-5")),
    Step(3, N_("All four train types"), N_("""
Player 2 forms a **Tank** train of three cars on **Train D**. Now an Auto Carrier, a Mixed
Freight, a Coal and a Tank train are on the table."""),
         setup=(scenario("face_up", cards=["tank", "tank", "tank"]),
                *play("1:take 0 t4", "1:take 1 t4", "1:take 2 t4")),
         rules=("SF-FORM-3",)),
    # ---------------------------------------------------------------- moving
    Step(4, N_("Reading a Movement card"), N_("""
It is Player 1's turn and the Extra Locomotive rule bites: moving Train C is the only legal
action.

To move, the player turns up the top Movement card. A Train card shows one number for each
train size, 1 to 5 cars, and the train takes that many Track pieces. These numbers are **our own
table**: the published cards' numbers are not known, so this version's Movement table is our
reconstruction, not the published cards.

The teacher stacks two Train cards. The **first** shows 6, 5, 4, 3, 3 and the **second** shows
4, 4, 3, 3, 3 (for 1, 2, 3, 4, 5 cars)."""),
         setup=(scenario("stack_movement", cards=["train14", "train5"]),),
         rules=("SF-XLOCO-4", "SF-MOVE-1", "SF-MOVE-3", "SF-RULING-15"),
         question=FreeText(
             N_("Train C has 2 Coal cars and an Extra Locomotive. How many Track pieces does it "
                "move with the first card and then the second?"),
             why=N_("The first card, read for 2 cars, gives 5. The Extra Locomotive's second card "
                    "is read for 5 cars: 3 more. That is 8 in all; without the Extra Locomotive, "
                    "only 5."),
             hint=N_("The first card is read for the train's size, the second for 5 cars. Find the "
                     "2-car number on the first card and the 5-car number on the second."),
             rules=("SF-XLOCO-5",), accept=("8", N_("eight"), "5 + 3", "5+3")),
         checks=(2, 3), reveal=N_("8 of 9 Track pieces")),
    Step(4, N_("The Extra Locomotive's difference"), N_("""
Train C moves 5 for its own card and 3 for the second card: 8 of 9 Track pieces. Without the
Extra Locomotive it would stand at 5. From now on Train C takes no more cars.

Player 2 moves the 3-car Tank train, Train D, with an ordinary move: one Train card, read in the
3-car column: 4."""),
         setup=(*play("0:move t3"), scenario("stack_movement", cards=["train4"]),
                *play("1:move t4")),
         rules=("SF-XLOCO-5", "SF-FORM-6")),
    Step(4, N_("Arrival and Bonus chips"), N_("""
Player 1 must move Train C again, and it arrives. 9 Track pieces are enough, and arrival is
checked once, after both cards. On arrival the train's Track goes back to the supply, and the
player scores **2 points per car**. The first three trains of each type also earn that type's
Bonus chips: **5, then 3, then 1**. Train C is the first Coal train home: the 5-point chip."""),
         setup=(scenario("stack_movement", cards=["train2", "train3"]), *play("0:move t3")),
         rules=("SF-ARRIVE-1", "SF-ARRIVE-2", "SF-ARRIVE-3", "SF-ARRIVE-4", "SF-RULING-17")),
    # ---------------------------------------------------------------- clocks
    Step(5, N_("A Clock"), N_("""
Only one **Clock** is in the Movement deck at a time. When it is drawn it is laid out to count
the Clocks drawn; then the next Clock is shuffled with *all* Movement cards, discards included,
into a new deck. With two players the sixth Clock ends the game.

A Clock shows no number per train size. The teacher puts a Clock on top of the Movement deck,
and Player 2 is about to move the 3-car Tank train, Train D."""),
         setup=(CLOCK,),
         rules=("SF-CLOCK-1", "SF-CLOCK-3", "SF-CLOCK-4", "SF-CLOCK-5"),
         question=Choice(
             N_("Predict before you press Next: how many Track pieces does a Clock move a 5-car "
                "train?"),
             why=N_("A Clock moves every train 4, whatever its size."),
             hint=N_("Open the rule below about what a Clock does: does a Clock have one number "
                     "per train size?"),
             rules=("SF-CLOCK-2",),
             options=(N_("None: a Clock stops the train"), N_("4, whatever the train's size"),
                      N_("As many as a Train card shows for 5 cars")), key=1),
         checks=(3,), reveal=N_("moves the train 4 Track pieces whatever its size")),
    Step(5, N_("The Clock moves Train D"), N_("""
Player 2 moves Train D and draws the Clock: a Clock moves the train 4 Track pieces whatever its
size. Train D, a 3-car train, goes from 4 to 8, and the Clock is laid out: 1 of 6."""),
         setup=play("1:move t4"), rules=("SF-CLOCK-2", "SF-CLOCK-3")),
    Step(5, N_("The Tank train arrives"), N_("""
Player 1 starts the Auto Carrier train, Train A. Player 2's Tank train, Train D, arrives: the
first Tank train home takes the 5-point Tank chip."""),
         setup=(scenario("stack_movement", cards=["train6"]), *play("0:move t1"),
                scenario("stack_movement", cards=["train7"]), *play("1:move t4")),
         rules=("SF-ARRIVE-3", "SF-ARRIVE-4")),
    # ---------------------------------------------------------------- end
    Step(6, N_("A second Coal train"), N_("""
Both players bring a new Locomotive. Player 1 puts one Auto Carrier on **Train E** and stops (a
player may stop taking cards at any time after the first). Player 2 forms a 2-car Coal train on
**Train F**, the same size as Player 1's delivered Coal train. Then both run a train home:

- Player 1's Auto Carrier train, Train A, arrives: 4 points for its 2 cars and the first Auto
  Carrier Bonus chip, 5 points: **+9** on the board;
- Player 2's Coal train, Train F, arrives: 4 points for its 2 cars and, as the second Coal train
  home, the 3-point chip: **+7**."""),
         setup=(*play("0:loco", "1:loco"),
                scenario("face_up", cards=["auto", "coal", "coal"]),
                *play("0:take 0 t5", "0:stop", "1:take 1 t6", "1:take 2 t6", "1:stop"),
                scenario("stack_movement", cards=["train1"]), *play("0:move t1"),
                scenario("stack_movement", cards=["train14"]), *play("1:move t6"),
                scenario("stack_movement", cards=["train4"]), *play("0:move t1"),
                scenario("stack_movement", cards=["train9"]), *play("1:move t6")),
         rules=("SF-RULING-16", "SF-ARRIVE-3", "SF-ARRIVE-4")),
    Step(6, N_("The last Clock is coming"), N_("""
Both players pass and the teacher puts a Clock on top each time: a pass still draws a Movement
card, and a Clock drawn on a pass counts. Five Clocks are out; the sixth, on top of the deck now,
ends the game at once when Player 1 passes. Then:

- every Locomotive (and Extra Locomotive) in a train not arrived: **-3**;
- every Freight car in a train not arrived: **-2**;
- for each train type the biggest delivered train scores **8**; a tie of two scores **4
  each**; three or more tied score **2 each**.

Score the end yourselves from the board before the table shows it."""),
         setup=LAST_CLOCK,
         rules=("SF-TURN-4", "SF-RULING-8", "SF-END-1", "SF-SCORE-1", "SF-SCORE-2",
                "SF-SCORE-4", "SF-SCORE-5", "SF-SCORE-6"),
         question=FreeText(
             N_("Player 1 has 18 points. What is Player 1's final score when the sixth Clock ends "
                "the game?"),
             why=N_("18, then -3 for Train E's Locomotive and -2 for its car, +8 for the biggest "
                    "Auto Carrier train and +4 for the tie for the biggest Coal train: 25."),
             hint=N_("Train E has not arrived: count its Locomotive and its car. Then find the "
                     "biggest delivered Auto Carrier, Tank and Coal trains. Who has them, and is "
                     "any a tie?"),
             rules=("SF-SCORE-1", "SF-SCORE-2", "SF-SCORE-4", "SF-SCORE-5"),
             accept=("25", N_("twenty five"), N_("twenty-five"))),
         checks=(4,), reveal=N_("Player 1 wins 25 to 21")),
    Step(6, N_("The final scoring"), N_("""
Player 1 passes and draws the sixth Clock: the game is over. Player 1 pays 5 for Train E (its
Locomotive and its car). Player 2 pays 9 for the Mixed train, Train B (its Locomotive and three
cars).
Player 1 delivered the biggest Auto Carrier train and Player 2 the biggest Tank train: 8 each.
Both delivered a 2-car Coal train: a tie, 4 each. Player 1 wins 25 to 21."""),
         setup=LAST_PASS, rules=("SF-END-1", "SF-SCORE-4", "SF-SCORE-5")),
    # ---------------------------------------------------------------- discussion
    Step(7, N_("Fast or big?"), N_("""
**For discussion.** When is a small fast train better than a big slow one? When should a player
take an Extra Locomotive, and when is its price too high? How does the Clock change what a
player should do late in the game?""")),
    # ---------------------------------------------------------------- exit ticket
    Step(8, N_("Exit ticket: 1 of 3"), N_("""
Three short questions on today's lesson. Each student writes their own answers on a slip of
paper first; then the class answers here."""),
         question=FreeText(
             N_("A Train card shows 6, 5, 4, 3, 3 (for 1, 2, 3, 4, 5 cars). How many Track pieces "
                "does a 4-car train move with it?"),
             why=N_("The fourth number is for 4 cars: 3."),
             hint=N_("A Train card has one number per train size, in order from 1 car to 5 "
                     "cars."),
             rules=("SF-MOVE-3",), accept=("3", N_("three"))),
         checks=(3,)),
    Step(8, N_("Exit ticket: 2 of 3"), N_("Question 2 of 3."),
         question=Choice(
             N_("What does a train give up when it takes an Extra Locomotive?"),
             why=N_("It takes no more cars, and from the next turn its player must move it every "
                    "turn until it arrives."),
             hint=N_("Think of Train C in the lesson: could it take more cars, and could Player 1 "
                     "leave it standing?"),
             rules=("SF-XLOCO-2", "SF-XLOCO-4"),
             options=(N_("Nothing: it only moves faster"),
                      N_("It takes no more cars, and must move every turn until it arrives"),
                      N_("It can no longer earn a Bonus chip")), key=1),
         checks=(2,)),
    Step(8, N_("Exit ticket: 3 of 3"), N_("Question 3 of 3."),
         question=FreeText(
             N_("In a 3-player game all three players delivered a 4-car Tank train, and nobody a "
                "bigger one. How many points does each get for the biggest Tank train?"),
             why=N_("Three or more tied players score 2 each."),
             hint=N_("One player alone scores 8, and two tied players score 4 each. Open the rule "
                     "below: what does it say about three?"),
             rules=("SF-SCORE-6",), accept=("2", N_("two"), N_("2 each"))),
         checks=(4,)),
)

LESSON = Lesson(
    key="slowfreight",
    title=N_("Slow Freight, one game on the table"),
    goals=(
        N_("say what a player may do on a turn: exactly one of four actions"),
        N_("say which cards a train may take next (the four train types and how they grow)"),
        N_("explain what an Extra Locomotive does to a train, for better and for worse"),
        N_("read a Movement card for a train of any size, and say what a Clock does"),
        N_("score an arrival (cars, Bonus chips) and the end of the game (penalties, biggest-train "
           "awards and their ties)"),
    ),
    parts=PARTS, steps=STEPS, new_game=new_game,
)
