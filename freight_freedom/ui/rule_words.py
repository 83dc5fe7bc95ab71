"""A rule's words as a student reads them in a lesson: plain sentences, no code.

The rule texts (``freight_freedom/rules/*.md``, read by :mod:`~freight_freedom.core.rulebook`)
are written for players and developers at once: some name the engine's notation
(``support, buy STACK``), an attribute (``game.round``), a data file or an option. A lesson's
rule chip opens to words a 13-year-old can read, so the few rules a lesson or a puzzle cites whose
text holds code have student words here, in our own words and faithful to the rule.
:func:`student_rule_text` gives those, else the rule's own text, always without rule IDs.
``tests/lessons/test_student_words.py`` keeps this list to exactly the cited rules that need it.
"""

from __future__ import annotations

import html
from types import MappingProxyType

from ..core.i18n import N_, _
from ..core.rulebook import NOT_GAME_RULES, rule_texts
from .words import rule_free

STUDENT_WORDS = MappingProxyType({
    # ------------------------------------------------------------------ Freedom
    "FR-ACT-1": N_("From the Lead Player, each player takes one whole turn. Within it, the "
                   "actions of a turn may be taken in any order, and the player says when the "
                   "turn is over."),
    "FR-ACT-2": N_("Role Benefit: once per turn, the player may use the Benefit on the face-up "
                   "side of their Role card. Passive parts of a Benefit, such as a discount or a "
                   "fundraising bonus, always apply."),
    "FR-ACT-3": N_("Special Ability: once per game. After it is used, the Role card turns over to "
                   "side II."),
    "FR-ACT-4": N_("Play up to **2** held tokens per turn. A Conductor token lets the player move "
                   "up to its number of people, each up to its number of spaces. A player holding "
                   "an ordinary and a grey token of the same kind chooses which one to play."),
    "FR-ACT-5": N_("Buy **1** Abolitionist card per turn from the Queue. Its price depends on its "
                   "position: **$3, $2, $2, $1, $1**, from the leftmost (newest) to the rightmost "
                   "(oldest). Opposition surcharges add to the price and the Preacher's discount "
                   "takes from it; no card costs less than $0. What a bought card does depends on "
                   "its kind. Its position stays empty until the Lantern phase."),
    "FR-ACT-6": N_("A Fundraising token pays $1 for every person in its region. In Periods 1 and "
                   "2 that is the green southern spaces, plantations included; in Period 3 it is "
                   "the blue northern cities. The Stockholder adds a bonus, and Opposition cards "
                   "may cut it."),
    "FR-ACT-7": N_("Instead of everything else, a player who has done nothing this turn may pass "
                   "for income. It pays **$3** in Period 1, **$4** in Period 2 or **$5** in "
                   "Period 3, less any Opposition cut. Once the player has done something, ending "
                   "the turn pays nothing."),
    "FR-CARD-5": N_("A General card takes effect as soon as it is bought, its effects in order, "
                    "and is then discarded. General cards only help the players."),
    "FR-CARD-6": N_("A Reserve card goes on its buyer's player mat and is played later, at one of "
                    "two moments. An *action* Reserve card is played in its holder's own turn of "
                    "the Action phase. A *reaction* Reserve card is played in the Slave Catcher "
                    "phase, after the roll and before the catcher moves: it cancels or shortens "
                    "the roll. A player holds at most one Reserve card."),
    "FR-CARD-7": N_("An Opposition card works against the players in one of three ways. Some do "
                    "harm for as long as they stay in the Queue. Others strike once: when they "
                    "are discarded from the Queue in the Lantern phase, or when a player buys "
                    "them. Most Opposition cards can be bought like any card, which takes them "
                    "out of the Queue. Three cannot be bought: Illegal Slave Trade, Dred Scott "
                    "Decision and Secession."),
    "FR-CATCH-1": N_("The Lead Player rolls both dice. The Slave Catcher die names a catcher. The "
                     "Movement die gives the direction (white arrows west, black arrows east) and "
                     "the number of spaces, 1 to 3."),
    "FR-LANT-1": N_("The rightmost card in the Queue is discarded (with 1 or 2 players, the two "
                    "rightmost cards)."),
    "FR-MKT-PHASE-1": N_("The people on the bottom Slave Market card go to the plantations, one "
                         "at a time, each to a plantation with an open slot. Where more than one "
                         "plantation has room, the players choose which."),
    "FR-MKT-PHASE-2": N_("When no plantation has an open slot, the remaining people go to the "
                         "Slaves Lost track. If the track is full and one more person must go on "
                         "it, the game is lost."),
    "FR-MOVE-1": N_("A person moves along the routes in any direction, up to the number of spaces "
                    "allowed, to any space in reach. Each move is one person, and the mover may "
                    "stop early."),
    "FR-MOVE-5": N_("A person entering a space draws each Slave Catcher whose path contains that "
                    "space one space along its path toward the person. A catcher that moves into "
                    "a space holding people captures them."),
    "FR-PLAN-1": N_("From the Lead Player, one player at a time takes up to **2** tokens in "
                    "total, then says they are done. A player who cannot buy any token is "
                    "skipped. While the Congressional Gag Rules card is in the Queue, the limit "
                    "is 1."),
    "FR-ROUND-1": N_("The game lasts at most 8 rounds. Each round has five phases in order: Slave "
                     "Catcher, Planning, Action, Slave Market, Lantern."),
    "FR-SETUP-8": N_("The Victory Conditions card for the number of players is used, on its "
                     "regular or its challenging side. It gives the number of people to free and "
                     "the length of the Slaves Lost track."),
    # ------------------------------------------------------------------ Slow Freight
    "SF-ARRIVE-1": N_("A train with 9 or more Track pieces has reached its destination. It is set "
                      "to the player's right and can no longer be changed."),
    "SF-CLOCK-5": N_("Clocks in play: 8 with four players, 7 with three, 6 with two."),
    "SF-END-1": N_("The game ends when the last Clock is drawn: the 8th with four players, the "
                   "7th with three, the 6th with two."),
    "SF-RULING-5": N_("Extra Locomotive needs cars. An Extra Locomotive may only be added to a "
                      "train that has at least one Freight car. A player with no such train "
                      "cannot take the Extra Locomotive."),
    "SF-RULING-7": N_("Trains stay valid while they grow (our ruling). Each card added must leave "
                      "a valid train: one kind of car (1 to 5 cars), two cars of different kinds, "
                      "or 3 to 5 cars with all three kinds. So Auto Carrier + Tank can next take "
                      "only a Coal car, and Auto Carrier + Auto Carrier only an Auto Carrier. The "
                      "printed rules do not say this; a game can be set to check trains only when "
                      "the turn ends."),
    "SF-RULING-15": N_("Our movement table. The published numbers on the 15 Train cards are not "
                       "known, so we made our own. Bigger trains are slower: on average a 1-car "
                       "train moves 4 Track pieces per card, a 5-car train 2. One card shows 3 "
                       "for two cars, as in the rules' example. Other tables can be chosen for "
                       "what-if studies."),
    "SF-RULING-21": N_("Train names. Trains are named by letter, Train A, Train B and so on, in "
                       "the order their Locomotives came into play. The starting Locomotives come "
                       "first: Train A is Player 1's, Train B is Player 2's. A letter is never "
                       "used twice."),
    "SF-TURN-1": N_("The youngest player starts. Here the youngest is Player 1."),
    "SF-XLOCO-1": N_("A player who takes an Extra Locomotive may add it to any of their trains "
                     "that has at least one car and is not yet moving."),
})
"""Rule ID -> the words a student reads on its chip, for the cited rules whose text holds code
(in English, marked for the catalog: :func:`student_rule_text` gives them in the reader's
language)."""


def student_rule_text(rule: str) -> str | None:
    """The words of ``rule`` for a student, in the reader's language: :data:`STUDENT_WORDS` if it
    has some, else the rule's own text (its translated rulebook's, else the English:
    :func:`~freight_freedom.core.rulebook.rule_texts`), or the words of a change made from
    outside the rules, such as ``SCENARIO``; rule IDs taken out
    (:func:`~freight_freedom.ui.words.rule_free`); ``None`` for an ID without words.

    >>> student_rule_text("FR-ROUND-1")[:40]
    'The game lasts at most 8 rounds. Each ro'
    >>> student_rule_text("no such rule") is None
    True
    """
    words = STUDENT_WORDS.get(rule) or NOT_GAME_RULES.get(rule)
    words = _(words) if words else rule_texts().get(rule)  # in the reader's language
    return None if words is None else rule_free(words)


def rule_details(rule: str, label: str | None = None) -> str:
    """A small ``label`` (default "the rule") that opens to the rule's words for a student, as
    a lesson's chip does (:func:`student_rule_text`: no code; the ID only in its tooltip). An ID
    without words (a game outside the package; a test keeps every ID the package cites worded)
    keeps only its tooltip: no link that opens to nothing."""
    esc = html.escape
    label = _("the rule") if label is None else label
    title = esc(_("rule {id}").format(id=rule), quote=True)
    found = student_rule_text(rule)
    if found is None:
        return f"<span class='ff-rule' title='{title}'></span>"
    words = found.replace("**", "")  # plain text here: no Markdown marks
    return (f"<details class='ff-rule' title='{title}' "
            "style='display:inline-block;vertical-align:top;margin:0'>"
            "<summary style='cursor:pointer;color:#0b57d0;text-decoration:underline;"
            f"font-size:13px'>{esc(label)}</summary>"
            "<div style='font-size:13px;max-width:32em;background:#f7f7fb;padding:3px 6px;"
            f"border-left:3px solid #99c;white-space:normal'>{esc(words)}</div>"
            "</details>")
