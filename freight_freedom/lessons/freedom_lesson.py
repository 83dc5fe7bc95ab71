"""The Freedom lesson: one class period (45 minutes), every phase of a round on the board.

A two-player game (Conductor and Preacher, seed 2) with a teacher's set-up, so each rule
appears when it is explained and never by luck: the Queue is stacked, the money set, two
freedom seekers placed on the routes, the Slave Catcher roll fixed and the plantations filled
before the Slave Market. Every set-up is a logged scenario step.
"""

from __future__ import annotations

from typing import Any

from .model import Lesson, Part, Step, TryIt, Verdict, play, scenario
from .questions import Choice, FreeText, MapClick

QUEUE = ["john_greenleaf_whittier", "levi_coffin", "ripley_ohio", "the_liberator",
         "elijah_p_lovejoy"]


def new_game() -> Any:
    from ..freedom.game import Freedom

    return Freedom(players=2, seed=2, roles=("Conductor", "Preacher"))


def captured(game: Any) -> int:
    """People on the Slave Market cards plus the Slaves Lost track."""
    return int(sum(card.people for card in game.state.market) + game.state.lost)


def safe_escape(before: Any, after: Any) -> Verdict:
    """The person at Richmond moved one space closer to Canada and nobody was captured."""
    ctx = after.ctx
    taken = captured(after) - captured(before)
    if taken > 0:
        return Verdict(False, f"{taken} {'person was' if taken == 1 else 'people were'} "
                       "captured.")
    if after.state.people["richmond"] >= before.state.people["richmond"]:
        return Verdict(False, "The person at Richmond has not moved yet.")
    d = ctx.canada_distance
    closer = [s for s, n in after.state.people.items()
              if n > before.state.people.get(s, 0) and d.get(s, 99) < d["richmond"]]
    if not closer:
        return Verdict(False, "The person left Richmond, but is no closer to Canada.")
    return Verdict(True, f"Safe: {ctx.name(closer[0])} is one space closer to Canada, and the "
                   "purple Slave Catcher stepped toward the person but found nobody where it "
                   "stepped.")


PARTS = (
    Part("The game and the people it is about", 5),
    Part("Phase 1: the Slave Catcher roll", 6),
    Part("Phase 2: Planning", 6),
    Part("Phase 3: Action", 12),
    Part("Phase 4: the Slave Market", 6),
    Part("Phase 5: the Lantern", 4),
    Part("Winning, losing, and what the game cannot show", 6),
)

STEPS = (
    Step(0, "Freedom: The Underground Railroad", """
**Freedom: The Underground Railroad** (Academy Games, 2013) is a cooperative game: the players
are abolitionists in the decades before and during the Civil War, and they win or lose together.

The cubes on the board stand for real people: enslaved men, women and children on the
plantations of the South, and freedom seekers on the routes north. The rulebook names some
pieces with the words of the time (*Slave Market* cards, *Slave Catchers*, the *Slaves Lost*
track); we keep those names so the class can follow the physical game.

Today: one round, phase by phase, on the board.""",
         highlight=("black_belt_plantations", "louisiana_plantations",
                    "low_country_plantations"),
         history="black_belt_plantations"),
    Step(0, "The board", """
Enslaved people start on the three plantation regions in the South (ringed). The five Slave
Catchers each patrol their own coloured path across the North. People who reach **Canada** are
free.

The team needs two things by the end of round 8: enough people freed (13 in this game) **and**
every Support token bought. Support stands for the public opinion the movement had to win.""",
         rules=("FR-SETUP-8", "FR-WIN-1")),
    Step(0, "The teacher prepares the table", """
To meet every rule in one round, the teacher sets the table (each change is logged, nothing is
hidden): five chosen cards in the Abolitionist Queue, $20 for each player, and two freedom
seekers already on their way, at **Ripley, Ohio** and at **Richmond, Virginia**.""",
         setup=(scenario("stack_queue", cards=QUEUE), scenario("set_money", seat=0, amount=20),
                scenario("set_money", seat=1, amount=20),
                scenario("place_people", space="ripley", count=1),
                scenario("place_people", space="richmond", count=1)),
         highlight=("ripley", "richmond")),
    # ---------------------------------------------------------------- phase 1
    Step(1, "A round has five phases", """
Slave Catcher, Planning, Action, Slave Market, Lantern. First, the Lead Player rolls two dice:
one names a Slave Catcher, the other gives a direction (white arrows west, black arrows east)
and 1 to 3 spaces.

The catcher moves along its own path and captures people **only where it stops**. The teacher
fixes the roll: the red catcher (at Louisville) moves 3 spaces east.""",
         setup=(scenario("fix_roll", catcher="red", direction="east", spaces=3),),
         highlight=("louisville", "ripley"), rules=("FR-ROUND-1", "FR-CATCH-1", "FR-CATCH-3")),
    Step(1, "The roll: a capture at Ripley", """
The red catcher stops at Ripley and captures the person there. Captured people are put on the
Slave Market cards, the first on the bottom card (the cubes beside the market cards).

Ripley was a real refuge: from his house on the hill above the Ohio River, the Rev. John Rankin
and his family sheltered hundreds of freedom seekers.""",
         setup=play("0:roll"), highlight=("ripley",), rules=("FR-CATCH-3", "FR-CATCH-4"),
         history="ripley"),
    Step(1, "Check: where does a catcher capture?", """
Think of another roll: the red catcher moves 2 spaces east from Louisville, through Lexington to
Cincinnati. One person stands at Lexington and one at Cincinnati.""",
         highlight=("louisville", "lexington", "cincinnati"),
         question=MapClick(
             "Which space loses its person to the catcher?",
             why="A rolled catcher captures only where it stops, Cincinnati; the person at "
                 "Lexington, which it passed, is safe.",
             hint="Read the rule chip FR-CATCH-3, then follow the red path from Louisville two "
                  "spaces east on the map: does the catcher capture where it only passes?",
             rules=("FR-CATCH-3",), spaces=("cincinnati",),
             accept=("Cincinnati", "Cincinnati, Ohio", "Cincinnati OH"))),
    # ---------------------------------------------------------------- phase 2
    Step(2, "Planning: Player 1 takes two tokens", """
From the Lead Player, each player takes up to **2 tokens**: a **Support** token ($10, one step
toward victory), a **Conductor** token (its printed price; it moves people) or a free
**Fundraising** token (it raises money). Player 1 buys a Support token and a Conductor token that
moves 2 people 1 space each.""",
         setup=play("0:support", "0:buy c1_2x1"),
         rules=("FR-PLAN-1", "FR-PLAN-3", "FR-PLAN-4", "FR-PLAN-5"),
         question=Choice(
             "How many tokens may each player take in one Planning phase?",
             why="Up to 2 tokens in total, of any kinds.",
             hint="Look at the rule chip FR-PLAN-1, and at what Player 1 just took.",
             rules=("FR-PLAN-1",),
             options=("1", "2", "3", "As many as they can pay for"), key=1)),
    Step(2, "Player 2 buys the last Period 1 Support token", """
Watch the period change: when the last Support token of a period is bought, the next period
begins at once, with its own tokens and its own deck of Abolitionist cards. Support is the
team's clock as well as its goal. Then Player 2 takes a free Fundraising token.""",
         setup=play("1:support", "1:buy f1_south"), rules=("FR-PLAN-3", "FR-PLAN-5")),
    # ---------------------------------------------------------------- phase 3
    Step(3, "Action: each player takes a whole turn", """
In a turn a player may, in any order: use the **Role Benefit** once, the **Special Ability** once
per game, play up to **2 tokens**, and buy **one Abolitionist card** from the Queue. Or, instead
of all that, pass for income.

The Conductor's Benefit moves 2 people 1 space each: two people leave the Black Belt for
Nashville and Memphis. No catcher path runs through these cities, so nothing reacts.""",
         setup=play("0:benefit", "0:move black_belt_plantations nashville",
                    "0:move black_belt_plantations memphis"),
         highlight=("nashville", "memphis"),
         rules=("FR-ACT-1", "FR-ACT-2", "FR-ACT-3", "FR-ACT-4", "FR-ACT-5", "FR-ACT-7")),
    Step(3, "Moving is dangerous: catchers react", """
When a person **enters** a space on a Slave Catcher's path, that catcher moves one space toward
the person, and captures the people in the space it moves into. A space with a gold circle pays
its value when a person enters it.

The purple catcher stands at Baltimore (ringed). Its path runs Harpers Ferry, Washington,
Baltimore and on to Boston.""",
         highlight=("baltimore", "richmond", "harpers_ferry", "washington_dc"),
         rules=("FR-MOVE-5", "FR-RULING-REACT-STEP", "FR-MOVE-4"),
         try_it=TryIt(
             "Play the Conductor token, then move the person at **Richmond** one space closer "
             "to Canada without anyone being captured. Press **Check** when you are done.",
             check=safe_escape,
             hint="The catcher steps one space toward the person who enters its path and "
                  "captures where it steps (FR-MOVE-5). Count the spaces between Baltimore and "
                  "each space next to Richmond on the purple path.",
             rules=("FR-MOVE-5",))),
    Step(3, "What the Conductor did: Washington, D.C.", """
In our game Player 1 moved the person from Richmond into Washington, D.C., right next to the
purple catcher at Baltimore. The catcher stepped into Washington and captured the person.
Harpers Ferry, two spaces from the catcher, would have been safe this time.""",
         setup=play("0:play c1_2x1", "0:move richmond washington_dc"),
         highlight=("washington_dc", "baltimore"), rules=("FR-MOVE-5",),
         history="washington_dc"),
    Step(3, "A General card", """
With the token's second move a person leaves the Low Country for Charleston (a gold circle:
$1). Then Player 1 buys the card in Queue position 1. **General** cards take effect as soon as
they are bought: John Greenleaf Whittier gives $2.""",
         setup=play("0:move low_country_plantations charleston", "0:card 1"),
         highlight=("charleston",), rules=("FR-MOVE-4", "FR-ACT-5", "FR-CARD-5"),
         history="john_greenleaf_whittier"),
    Step(3, "A Reserve card", """
Player 1 ends the turn; the Preacher plays. The Preacher's Benefit gives $1 and makes cards
$1 cheaper. A **Reserve** card waits on the player's mat until its holder plays it: Levi
Coffin moves 2 people 1 space each, and these moves trigger no Slave Catchers. The person
entering Louisville, on the red path, is safe.""",
         setup=play("0:end", "1:benefit", "1:card 2", "1:reserve",
                    "1:move nashville louisville", "1:move memphis cairo"),
         highlight=("louisville", "cairo"), rules=("FR-ACT-2", "FR-CARD-6"),
         history="levi_coffin"),
    Step(3, "A Fundraising token", """
A Fundraising token pays $1 for every person in its region. In Periods 1 and 2 that is the
green southern spaces, plantations included: the money that moves freedom seekers comes from
counting the people still enslaved, a hard fact the game makes the players face.""",
         setup=play("1:play f1_south"), rules=("FR-ACT-6",)),
    # ---------------------------------------------------------------- phase 4
    Step(4, "The Slave Market", """
At the Slave Market the people on the **bottom** card are returned to the plantations, one by
one, each to a plantation with an open slot. When no plantation has room, the rest go to the
**Slaves Lost** track. Then that card leaves, the others slide down and a new one is drawn: 8
cards in all, so the market is also the game's clock.

To show the overflow the teacher fills the plantations until one open slot is left.""",
         setup=(scenario("place_people", space="low_country_plantations", count=5),
                scenario("place_people", space="louisiana_plantations", count=4),
                scenario("place_people", space="black_belt_plantations", count=5)),
         highlight=("black_belt_plantations", "louisiana_plantations",
                    "low_country_plantations"),
         rules=("FR-MKT-PHASE-1", "FR-MKT-PHASE-2", "FR-MKT-PHASE-3"),
         question=FreeText(
             "The bottom Slave Market card holds 4 people, and the plantations have 1 open "
             "slot in all. How many people will go to the Slaves Lost track?",
             why="One is delivered to the open slot; the other three are lost.",
             hint="People are delivered one at a time while a slot is open (FR-MKT-PHASE-1, "
                  "-2). Count the cubes on the bottom market card, then the open slots.",
             rules=("FR-MKT-PHASE-2",), accept=("3", "three people", "three"))),
    Step(4, "The market delivers", """
Player 2 ends the turn. The Slave Market and the Lantern need no decisions here, so the game
runs through both (their events are listed). Four people were on the bottom card: one went to
the last open slot, in the Black Belt, and three went to the Slaves Lost track.""",
         setup=play("1:end"), rules=("FR-MKT-PHASE-1", "FR-MKT-PHASE-2")),
    # ---------------------------------------------------------------- phase 5
    Step(5, "The Lantern", """
In the events of the last step, after the market:

- the rightmost Queue card is discarded (with 1 or 2 players, two cards);
- an **Opposition** card with a discard trigger strikes as it goes: Elijah P. Lovejoy costs
  every player up to $2;
- the Queue slides right and refills from the current period's deck;
- victory is checked, and the Lantern passes to the next player.""",
         rules=("FR-LANT-1", "FR-SOLO-2", "FR-LANT-2", "FR-LANT-3", "FR-LANT-4"),
         history="elijah_p_lovejoy"),
    # ---------------------------------------------------------------- end
    Step(6, "Winning and losing", """
- **Win**: at a Lantern check, enough people are free in Canada **and** every Support token of
  all three periods has been bought.
- **Loss**: the Slaves Lost track is full and one more person must go on it.
- **Loss**: round 8 ends without both victory conditions.""",
         rules=("FR-WIN-1", "FR-LOSE-1", "FR-LOSE-2"),
         question=Choice(
             "At the end of round 6 the team has freed 15 people (13 needed) and bought 7 of the "
             "8 Support tokens. Have they won?",
             why="Both conditions are needed, and one Support token is still missing.",
             hint="Read the rule chip FR-WIN-1: how many conditions does it name? Count the "
                  "Support tokens on the board.",
             rules=("FR-WIN-1",),
             options=("Yes: they freed more than 13 people",
                      "No: every Support token must be bought as well",
                      "No: only the end of round 8 is checked"), key=1)),
    Step(6, "What a game can and cannot show", """
Levi and Catharine Coffin, John Rankin and John Parker, William Still, Harriet Tubman and many
whose names were never written down risked prison and their lives. Most freedom seekers freed
themselves, with help from free Black communities, churches and vigilance committees.

**For discussion.** The game counts people as cubes and Support as tokens. What does it show
well? What can it not show? Whose choices does it leave out?"""),
)

LESSON = Lesson(
    key="freedom",
    title="Freedom: The Underground Railroad, one round on the board",
    goals=(
        "name the five phases of a round and say what happens in each",
        "predict when a Slave Catcher captures: where a rolled catcher stops, and where a "
        "catcher steps toward a person",
        "tell General, Reserve and Opposition cards apart",
        "explain the Slave Market delivery and the Slaves Lost track",
        "state the win and the loss conditions",
        "connect places and cards to the history behind them",
    ),
    parts=PARTS, steps=STEPS, new_game=new_game,
)
