"""The Freedom lesson: one class period (45 minutes: 3 to start, 42 of lesson), one round.

A two-player game (Conductor and Preacher, seed 2) with a teacher's set-up, so each rule
appears when it is explained and never by luck: the Queue is stacked, the money set, three
freedom seekers placed on the routes, the Slave Catcher roll fixed and the plantations filled
before the Slave Market. Every set-up is a logged scenario step. The class predicts before the
board shows (the roll, the Planning limit, the Reserve card, the market, the win), and the
lesson ends with a three-question exit ticket.

Every word the class reads is English marked for the catalog (``N_``: the lesson widget shows
it in the reader's language); the try-it verdicts are written when the class presses Check,
in the language of the moment.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_, _, ngettext
from ...core.say import shown
from ...lessons.model import EXIT_TICKET, Lesson, Part, Step, TryIt, Verdict, play, scenario
from ...lessons.questions import Choice, FreeText, MapClick

QUEUE = ["ripley_ohio", "levi_coffin", "john_greenleaf_whittier", "the_liberator",
         "elijah_p_lovejoy"]


def new_game() -> Any:
    from ..game import Freedom

    return Freedom(players=2, seed=2, roles=("Conductor", "Preacher"))


def captured(game: Any) -> int:
    """People on the Slave Market cards plus the Slaves Lost track."""
    return int(sum(card.people for card in game.state.market) + game.state.lost)


def safe_escape(before: Any, after: Any) -> Verdict:
    """The person at Richmond moved one space closer to Canada and nobody was captured."""
    ctx = after.ctx
    taken = captured(after) - captured(before)
    if taken > 0:
        return Verdict(False, ngettext("{n} person was captured.", "{n} people were captured.",
                                       taken).format(n=taken))
    if after.state.people["richmond"] >= before.state.people["richmond"]:
        return Verdict(False, _("The person at Richmond has not moved yet."))
    d = ctx.canada_distance
    closer = [s for s, n in after.state.people.items()
              if n > before.state.people.get(s, 0) and d.get(s, 99) < d["richmond"]]
    if not closer:
        return Verdict(False, _("The person left Richmond, but is no closer to Canada."))
    return Verdict(True, _("Safe: {space} is one space closer to Canada, and the purple Slave "
                           "Catcher stepped toward the person but found nobody where it "
                           "stepped.").format(space=shown(ctx.name(closer[0]))))


PARTS = (
    Part(N_("The game and the people it is about"), 3,
         N_("Say what the game is about and who the cubes on the board stand for.")),
    Part(N_("Phase 1: the Slave Catcher roll"), 4,
         N_("Predict where a rolled Slave Catcher captures, and where it does not.")),
    Part(N_("Phase 2: Planning"), 4,
         N_("Say how many tokens a player may take, and why Support is the game's clock.")),
    Part(N_("Phase 3: Action"), 7,
         N_("Move a person without a capture, and tell General and Reserve cards apart.")),
    Part(N_("Phase 4: the Slave Market"), 5,
         N_("Predict how many people the Slave Market sends to the Slaves Lost track.")),
    Part(N_("Phase 5: the Lantern"), 3,
         N_("Say what the Lantern does, Opposition cards included, and predict a victory "
            "check.")),
    Part(N_("Winning and losing"), 3, N_("State the win and the loss conditions.")),
    Part(N_("Closing discussion: what a game can and cannot show"), 10,
         N_("Say what the game shows well and whom it leaves out, using the history behind "
            "its places and cards.")),
    Part(EXIT_TICKET, 3, N_("Answer three short questions, each student on their own.")),
)

STEPS = (
    Step(0, N_("Freedom: The Underground Railroad"), N_("""
**Freedom: The Underground Railroad** is a cooperative board game by Brian Mayer (Academy
Games, 2013). The players are abolitionists in the decades before and during the Civil War, and
they win or lose together.

The cubes on the board stand for real people: enslaved men, women and children on the
plantations of the South, and freedom seekers on the routes north. The rulebook names some
pieces with the words of the time: *Slave Market* cards, *Slave Catchers*, the *Slaves Lost*
track. We keep those names so the class can follow the physical game.

**This is our reconstruction.** The map, the cards and the roles shown here are our own, built
from the published rules and from history; they are not the published components.

Today: one round, phase by phase, on the board."""),
         highlight=("black_belt_plantations", "louisiana_plantations",
                    "low_country_plantations"),
         history="black_belt_plantations"),
    Step(0, N_("The board"), N_("""
Enslaved people start on the three plantation regions in the South (ringed). The five Slave
Catchers each patrol their own coloured path: across the free North, and through the slave
states of Missouri, Kentucky, Virginia, Maryland and Delaware too. People who reach **Canada**
are free.

Support tokens stand for the public opinion the movement had to win. How the team wins, and how
it loses, is the last part of the lesson."""),
         highlight=("black_belt_plantations", "louisiana_plantations",
                    "low_country_plantations"),
         rules=("FR-SETUP-8",)),
    Step(0, N_("The teacher prepares the table"), N_("""
To meet every rule in one round, the teacher sets the table. Each change is logged, and nothing
is hidden. The Abolitionist Queue gets five chosen cards, and each player gets $20. Three freedom
seekers are already on their way: at Cincinnati and Ripley, Ohio, and at Richmond, Virginia."""),
         setup=(scenario("stack_queue", cards=QUEUE), scenario("set_money", seat=0, amount=20),
                scenario("set_money", seat=1, amount=20),
                scenario("place_people", space="cincinnati", count=1),
                scenario("place_people", space="ripley", count=1),
                scenario("place_people", space="richmond", count=1)),
         highlight=("cincinnati", "ripley", "richmond")),
    # ---------------------------------------------------------------- phase 1
    Step(1, N_("A round has five phases"), N_("""
Slave Catcher, Planning, Action, Slave Market, Lantern. First, the Lead Player rolls two dice:
one names a Slave Catcher, the other gives a direction (white arrows west, black arrows east)
and 1 to 3 spaces.

The teacher fixes the roll: the red catcher, at Louisville, moves 3 spaces east along its path.
One person stands at Cincinnati and one at Ripley, both on the red path."""),
         setup=(scenario("fix_roll", catcher="red", direction="east", spaces=3),),
         highlight=("louisville", "lexington", "cincinnati", "ripley"),
         rules=("FR-ROUND-1", "FR-CATCH-1"),
         question=MapClick(
             N_("Predict before you press Next: which space loses its person to the red catcher?"),
             why=N_("A rolled catcher captures only where it stops, Ripley; the person at "
                 "Cincinnati, which it passed, is safe."),
             hint=N_("Follow the red path from Louisville three spaces east on the map. Does the "
                  "catcher capture everywhere it passes, or only where it stops? Open the rule "
                  "below about the rolled catcher."),
             rules=("FR-CATCH-3",), spaces=("ripley",), accept=("Ripley", "Ripley, Ohio")),
         checks=(1,), reveal=N_("captures people **only where it stops**")),
    Step(1, N_("The roll: a capture at Ripley"), N_("""
The red catcher passed Lexington and Cincinnati and stopped at Ripley. A rolled catcher
captures people **only where it stops**: the person at Cincinnati is safe, and the person at
Ripley is captured. Captured people are put on the Slave Market cards, the first on the bottom
card (the cubes beside the market cards).

Ripley was a real refuge. From their house on the hill above the Ohio River, the Rev. John
Rankin and his family sheltered freedom seekers. With their neighbors, among them John Parker,
they helped about 2,000 people escape."""),
         setup=play("0:roll"), highlight=("cincinnati", "ripley"),
         rules=("FR-CATCH-3", "FR-CATCH-4"), history="ripley"),
    # ---------------------------------------------------------------- phase 2
    Step(2, N_("Planning: the Token Board"), N_("""
In the Planning phase, from the Lead Player, each player takes tokens from the Token Board. A
**Support** token costs $10 and is one step toward victory. A **Conductor** token costs its
printed price and moves people. A **Fundraising** token is free and raises money."""),
         rules=("FR-PLAN-3", "FR-PLAN-4", "FR-PLAN-5"),
         question=Choice(
             N_("Predict before you press Next: how many tokens may each player take in one "
             "Planning phase?"),
             why=N_("Up to 2 tokens in total, of any kinds."),
             hint=N_("Open the rule below about taking tokens: how many may one player take in "
                  "all?"),
             rules=("FR-PLAN-1",),
             options=("1", "2", "3", N_("As many as they can pay for")), key=1),
         checks=(0,), reveal=N_("up to **2 tokens** in total")),
    Step(2, N_("Planning: Player 1 takes two tokens"), N_("""
Each player takes up to **2 tokens** in total, of any kinds. Player 1 buys a Support token and a
Conductor token that moves 2 people 1 space each."""),
         setup=play("0:support", "0:buy c1_2x1"), rules=("FR-PLAN-1",)),
    Step(2, N_("Player 2 buys the last Period 1 Support token"), N_("""
Watch the period change. When the last Support token of a period is bought, the next period
begins at once, with its own tokens and its own deck of Abolitionist cards. Support is the
team's clock as well as its goal. Then Player 2 takes a free Fundraising token."""),
         setup=play("1:support", "1:buy f1_south"), rules=("FR-PLAN-3", "FR-PLAN-5")),
    # ---------------------------------------------------------------- phase 3
    Step(3, N_("Action: each player takes a whole turn"), N_("""
In a turn a player may do these things, in any order:

- use the **Role Benefit** once;
- use the **Special Ability** (once per game);
- play up to **2 tokens**;
- buy **one Abolitionist card** from the Queue.

Or, instead of all that, the player may pass for income.

The Conductor's Benefit moves 2 people 1 space each: two people leave the Black Belt for
Nashville and Memphis. No catcher path runs through these cities, so nothing reacts."""),
         setup=play("0:benefit", "0:move black_belt_plantations nashville",
                    "0:move black_belt_plantations memphis"),
         highlight=("nashville", "memphis"),
         rules=("FR-ACT-1", "FR-ACT-2", "FR-ACT-3", "FR-ACT-4", "FR-ACT-5", "FR-ACT-7")),
    Step(3, N_("Moving is dangerous: catchers react"), N_("""
When a person **enters** a space on a Slave Catcher's path, that catcher moves one space toward
the person, and captures the people in the space it moves into. A space with a gold circle pays
its value when a person enters it.

The purple catcher stands at Baltimore (ringed). Its path runs Harpers Ferry, Washington,
Baltimore and on to Boston."""),
         highlight=("baltimore", "richmond", "harpers_ferry", "washington_dc"),
         rules=("FR-MOVE-5", "FR-RULING-REACT-STEP", "FR-MOVE-4"),
         try_it=TryIt(
             N_("Play the Conductor token, then move the person at **Richmond** one space closer "
             "to Canada without anyone being captured. Press **Check** when you are done."),
             check=safe_escape,
             hint=N_("The catcher steps one space toward the person who enters its path, and "
                  "captures where it steps. Count the spaces between Baltimore and each space "
                  "next to Richmond on the purple path."),
             rules=("FR-MOVE-5",)),
         checks=(1,)),
    Step(3, N_("What the Conductor did: Washington, D.C."), N_("""
In our game Player 1 moved the person from Richmond into Washington, D.C., right next to the
purple catcher at Baltimore. The catcher stepped into Washington and captured the person.
Harpers Ferry, two spaces from the catcher, would have been safe this time."""),
         setup=play("0:play c1_2x1", "0:move richmond washington_dc"),
         highlight=("washington_dc", "baltimore"), rules=("FR-MOVE-5",),
         history="washington_dc"),
    Step(3, N_("A General card"), N_("""
With the token's second move a person leaves the Low Country for Charleston (a gold circle:
$1). Then Player 1 buys the card in Queue position 1, *Ripley, Ohio*, for $3. **General** cards
take effect as soon as they are bought. This one lets Player 1 move up to 3 people 1 space each
at once: the person at Charleston goes on to Norfolk, Virginia. The card is named for the town
where the red catcher struck in Phase 1; its history is below."""),
         setup=play("0:move low_country_plantations charleston", "0:card 1",
                    "0:move charleston norfolk", "0:stop"),
         highlight=("charleston", "norfolk"), rules=("FR-MOVE-4", "FR-ACT-5", "FR-CARD-5"),
         history="ripley_ohio",
         question=Choice(
             N_("Next the Preacher buys *Levi Coffin*, a **Reserve** card. Predict before you "
             "press Next: when does a Reserve card take effect?"),
             why=N_("A Reserve card waits on its buyer's mat until its holder chooses to play it."),
             hint=N_("Open the rule below about Reserve cards: where does a Reserve card go "
                  "when it is bought?"),
             rules=("FR-CARD-6",),
             options=(N_("As soon as it is bought, like a General card"),
                      N_("When its holder chooses to play it"),
                      N_("When it leaves the Queue at the Lantern")), key=1),
         checks=(2,), reveal=N_("waits on the player's mat until its holder plays it")),
    Step(3, N_("A Reserve card"), N_("""
Player 1 ends the turn; the Preacher plays. The Preacher's Benefit gives $1 and makes cards
$1 cheaper. A **Reserve** card waits on the player's mat until its holder plays it: Levi
Coffin moves 2 people 1 space each, and these moves trigger no Slave Catchers. The person
entering Louisville, on the red path, is safe."""),
         setup=play("0:end", "1:benefit", "1:card 2", "1:reserve",
                    "1:move nashville louisville", "1:move memphis cairo"),
         highlight=("louisville", "cairo"), rules=("FR-ACT-2", "FR-CARD-6"),
         history="levi_coffin"),
    Step(3, N_("A Fundraising token"), N_("""
A Fundraising token pays $1 for every person in its region. In Periods 1 and 2 that is the
green southern spaces, plantations included.

**For discussion.** In history, abolitionist money came from donors, churches, anti-slavery
fairs and Black mutual-aid societies, not from the number of people held in slavery. Why might
the designers have tied the players' money to the people still enslaved? What does that choice
make you notice, and what does it get wrong?"""),
         setup=play("1:play f1_south"), rules=("FR-ACT-6",)),
    # ---------------------------------------------------------------- phase 4
    Step(4, N_("The Slave Market"), N_("""
At the Slave Market the people on the **bottom** card go to the plantations, one at a time, each
to a plantation with an open slot. When no plantation has room, the rest go to the **Slaves
Lost** track. Then that card leaves, the others slide down, and a new card is drawn with people
from the supply. There are 8 cards in all, so the market is also the game's clock.

**History.** The Slave Market stands for the domestic slave trade. From 1790 to 1860 about a
million enslaved people were forcibly moved from the Upper South to the cotton states of the Deep
South. Most of them were sold, and many families were torn apart.

To show the overflow the teacher fills the plantations until one open slot is left."""),
         setup=(scenario("place_people", space="low_country_plantations", count=5),
                scenario("place_people", space="louisiana_plantations", count=4),
                scenario("place_people", space="black_belt_plantations", count=5)),
         highlight=("black_belt_plantations", "louisiana_plantations",
                    "low_country_plantations"),
         rules=("FR-MKT-PHASE-1", "FR-MKT-PHASE-2", "FR-MKT-PHASE-3"),
         question=FreeText(
             N_("The bottom Slave Market card holds 4 people, and the plantations have 1 open "
             "slot in all. How many people will go to the Slaves Lost track?"),
             why=N_("One is sent to the open slot; the other three are lost."),
             hint=N_("People are sent one at a time while a slot is open. Count the cubes on the "
                  "bottom market card, then the open slots."),
             rules=("FR-MKT-PHASE-2",), accept=("3", N_("three people"), N_("three"))),
         checks=(3,), reveal=N_("three went to the Slaves Lost track")),
    Step(4, N_("The Slave Market at work"), N_("""
Player 2 ends the turn. The Slave Market and the Lantern need no decisions here, so the game
runs through both (their events are listed).

Four people were on the bottom card. One was the person captured at Ripley. The other three
came with the card, from the supply: they stand for people sold in the domestic slave trade.
The market sent one person to the last open slot, in the Black Belt, and three went to the
Slaves Lost track.

In the game, the **Slaves Lost** track counts the people the players failed to help: they are
lost to the game. Where the rules leave a choice of plantation, the Lead Player only chooses
which one; the market, not the player, does the sending."""),
         setup=play("1:end"), rules=("FR-MKT-PHASE-1", "FR-MKT-PHASE-2")),
    # ---------------------------------------------------------------- phase 5
    Step(5, N_("The Lantern"), N_("""
In the events of the last step, after the market:

- the rightmost Queue card is discarded (with 1 or 2 players, two cards);
- an **Opposition** card with a discard trigger strikes as it goes. *Elijah P. Lovejoy* is such
  a card: it stands for his murder. Lovejoy was an abolitionist editor, killed by a proslavery
  mob at Alton, Illinois, in 1837 while he defended his printing press. The violence against
  him, not Lovejoy himself, is what works against the players: every player loses up to $2;
- the Queue slides right and refills from the current period's deck;
- victory is checked, and the Lantern passes to the next player."""),
         rules=("FR-LANT-1", "FR-SOLO-2", "FR-LANT-2", "FR-LANT-3", "FR-LANT-4"),
         history="elijah_p_lovejoy",
         question=Choice(
             N_("Predict before you press Next: at the end of round 6 the team has freed 15 people "
             "(13 needed) and bought 7 of the 8 Support tokens. Have they won?"),
             why=N_("Both conditions are needed, and one Support token is still missing."),
             hint=N_("Open the rule below about winning: how many conditions does it name?"),
             rules=("FR-WIN-1",),
             options=(N_("Yes: they freed more than 13 people"),
                      N_("No: every Support token must be bought as well"),
                      N_("No: only the end of round 8 is checked")), key=1),
         checks=(4,),
         reveal=N_("**and** every Support token of all three periods has been bought")),
    # ---------------------------------------------------------------- end
    Step(6, N_("Winning and losing"), N_("""
- **Win**: at a Lantern check, enough people are free in Canada **and** every Support token of
  all three periods has been bought.
- **Loss**: the Slaves Lost track is full and one more person must go on it.
- **Loss**: round 8 ends without both victory conditions."""),
         rules=("FR-WIN-1", "FR-LOSE-1", "FR-LOSE-2")),
    Step(7, N_("What a game can and cannot show"), N_("""
Levi and Catharine Coffin, John Rankin and John Parker, William Still, Harriet Tubman and many
whose names were never written down risked prison and their lives. Most freedom seekers freed
themselves, with help from free Black communities, churches and vigilance committees.

**For discussion.** The game counts people as cubes and Support as tokens. What does it show
well? What can it not show? Whose choices does it leave out?""")),
    # ---------------------------------------------------------------- exit ticket
    Step(8, N_("Exit ticket: 1 of 3"), N_("""
Three short questions on today's lesson. Each student writes their own answers on a slip of
paper first; then the class answers here."""),
         question=Choice(
             N_("In which phase of a round are people sent to the plantations, or onto the "
             "Slaves Lost track?"),
             why=N_("The Slave Market, the fourth of the five phases."),
             hint=N_("Name the five phases in order: which one moves the people on the bottom "
                  "market card?"),
             rules=("FR-ROUND-1", "FR-MKT-PHASE-1"),
             options=(N_("Slave Catcher"), N_("Planning"), N_("Action"), N_("Slave Market"),
                      N_("Lantern")), key=3),
         checks=(0, 3)),
    Step(8, N_("Exit ticket: 2 of 3"), N_("Question 2 of 3."),
         question=Choice(
             N_("Which kind of Abolitionist card works against the players, as the card for the "
             "murder of Elijah P. Lovejoy did when it left the Queue?"),
             why=N_("Opposition cards stand for what worked against the movement: they strike in "
                 "the Queue, when bought, or as they are discarded."),
             hint=N_("General cards act when bought, and Reserve cards wait on the mat. The third "
                  "kind is the one in the Lantern step."),
             rules=("FR-CARD-7",), options=(N_("General"), N_("Reserve"), N_("Opposition")),
             key=2),
         checks=(2,)),
    Step(8, N_("Exit ticket: 3 of 3"), N_("Question 3 of 3."),
         question=MapClick(
             N_("In which town above the Ohio River did John Rankin's family and their neighbors "
             "help about 2,000 freedom seekers escape?"),
             why=N_("Ripley, Ohio: the Rankin house on the hill above the river, with its lantern "
                 "in the window."),
             hint=N_("It is the town where the red catcher stopped in Phase 1, and a General card "
                  "has its name."),
             spaces=("ripley",), accept=("Ripley", "Ripley, Ohio")),
         checks=(5,)),
)

LESSON = Lesson(
    key="freedom",
    title=N_("Freedom: The Underground Railroad, one round on the board"),
    goals=(
        N_("name the five phases of a round and say what happens in each"),
        N_("predict when a Slave Catcher captures: where a rolled catcher stops, and where a "
           "catcher steps toward a person"),
        N_("tell General, Reserve and Opposition cards apart"),
        N_("explain the Slave Market and the Slaves Lost track"),
        N_("state the win and the loss conditions"),
        N_("connect places and cards to the history behind them"),
    ),
    parts=PARTS, steps=STEPS, new_game=new_game,
)
