"""Scores: running points, end-of-game penalties and biggest-train awards, and the outcome value.

SF-ARRIVE-3/4 give points during play; at the end SF-SCORE-1..8 add penalties for trains still on
the way and the biggest-train awards. :class:`Outcome` keeps every part, so the total is visibly
the sum of its parts (a property test checks it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core import Event
from ..core.i18n import SOURCE, _, language, ngettext
from ..core.say import listing, say, say_n, shown
from .components import TYPE_KEYS, TYPE_NAMES
from .events import Award, NoAward, Scored, Winners, told
from .state import PlayerState, SlowFreightState


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's final score by source; penalties are negative numbers."""

    seat: int
    delivered: int
    """2 points per delivered Freight car (SF-ARRIVE-4)."""
    bonus_chips: int
    """5/3/1 Bonus chips for early arrivals (SF-ARRIVE-3)."""
    biggest_train: int
    """8 / 4 / 2 for the biggest delivered train of each type (SF-SCORE-4..7)."""
    locomotive_penalty: int
    """-3 per Locomotive and Extra Locomotive not arrived (SF-SCORE-1)."""
    car_penalty: int
    """-2 per Freight car not arrived (SF-SCORE-2)."""
    total: int

    def to_dict(self) -> dict[str, int]:
        return {
            "seat": self.seat,
            "delivered": self.delivered,
            "bonus_chips": self.bonus_chips,
            "biggest_train": self.biggest_train,
            "locomotive_penalty": self.locomotive_penalty,
            "car_penalty": self.car_penalty,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: scores by seat, their breakdown, the winner(s) and why it ended.

    ``winners`` lists every seat with the top score: ties are not broken (SF-RULING-9).
    """

    scores: tuple[int, ...]
    breakdown: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    reason: str

    def __str__(self) -> str:
        """``"Player 2 wins with 34 points (Player 1: 20, Player 2: 34); <why it ended>"``, in
        the current language."""
        text = win_words(self.winners, self.scores)
        return f"{text}; {reason_words(self.reason)}" if self.reason else text

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "breakdown": [b.to_dict() for b in self.breakdown],
            "winners": list(self.winners),
            "reason": self.reason,
        }


def players_words(seats: tuple[int, ...] | list[int]) -> str:
    """Players by name: "Player 2", "Player 1 and Player 3", "Player 1, Player 2 and Player 4"
    (in the current language)."""
    return str(listing([say("Player {n}", n=s + 1) for s in seats]))


def win_words(winners: tuple[int, ...], scores: tuple[int, ...]) -> str:
    """``"Player 2 wins with 34 points (Player 1: 20, Player 2: 34)"``, in the current
    language."""
    top = max(scores) if scores else 0
    # TRANSLATORS: one player's final score in a list: "Player 1: 20, Player 2: 34"
    each = ", ".join(_("Player {n}: {points}").format(n=s + 1, points=v)
                     for s, v in enumerate(scores))
    if len(winners) == 1:
        text = _("{who} wins with {top} points ({scores})")
    else:
        text = _("{who} share the win with {top} points ({scores})")
    return text.format(who=players_words(winners), top=top, scores=each)


def last_clock_words(seat: int, total: int) -> str:
    """Why the game ended: ``"Player 2 drew the last Clock (7 of 7)"`` (SF-END-1), in the
    current language (the state keeps it in English: :func:`reason_words` reads it back)."""
    return _("Player {n} drew the last Clock ({total} of {total})").format(n=seat + 1,
                                                                           total=total)


_LAST_CLOCK = re.compile(r"Player (\d+) drew the last Clock \((\d+) of \2\)")


def reason_words(reason: str) -> str:
    """The reason a game ended, as the state and the outcome keep it (English, the words of
    :func:`last_clock_words`), in the current language; any other text as it is."""
    match = _LAST_CLOCK.fullmatch(reason)
    if match is None or language() == SOURCE:
        return reason
    return last_clock_words(int(match.group(1)) - 1, int(match.group(2)))


def running_score(player: PlayerState) -> int:
    """Points held now: delivered cars plus Bonus chips (before end-of-game scoring)."""
    return player.car_points + sum(v for _, v in player.bonus_chips)


def biggest_awards(state: SlowFreightState) -> tuple[list[int], list[Event]]:
    """Points per seat from the biggest delivered train of each type (SF-SCORE-4..7)."""
    alone, two, more = state.comps.biggest_train_points
    awards = [0] * len(state.players)
    narrate = state.narrate
    events: list[Event] = []
    for kind in range(4):
        best: dict[int, int] = {}
        for p in state.players:
            sizes = [t.ncars for t in p.delivered if t.type == kind]
            if sizes:
                best[p.seat] = max(sizes)
        if not best:
            if narrate:
                events.append(NoAward(told(_no_award_words, (kind,)), TYPE_KEYS[kind], (), 0))
            continue
        top = max(best.values())
        seats = sorted(s for s, n in best.items() if n == top)  # a seat counts once (SF-RULING-12)
        if len(seats) == 1:
            rule, points = "SF-SCORE-4", alone
            if kind in state.biggest_chips:
                state.biggest_chips.remove(kind)
        else:
            rule, points = ("SF-SCORE-5", two) if len(seats) == 2 else ("SF-SCORE-6", more)
        for s in seats:
            awards[s] += points
        if narrate:
            events.append(Award(told(_award_words, (kind, tuple(seats), top, points)), rule,
                                TYPE_KEYS[kind], tuple(seats), top, points))
    return awards, events


def _no_award_words(kind: int) -> str:
    return _("No {kind} train was delivered: no award").format(kind=shown(TYPE_NAMES[kind]))


def _award_words(kind: int, seats: tuple[int, ...], cars: int, points: int) -> str:
    """The words of an :class:`Award`: ``seats`` delivered the biggest train (``cars``)."""
    if len(seats) == 1:
        text = ngettext("Player {n} delivered the biggest {kind} train ({cars} car): {points} "
                        "points and the {points}-point chip",
                        "Player {n} delivered the biggest {kind} train ({cars} cars): {points} "
                        "points and the {points}-point chip", cars)
    else:
        text = ngettext("{who} tie for the biggest {kind} train ({cars} car): {points} points "
                        "each",
                        "{who} tie for the biggest {kind} train ({cars} cars): {points} points "
                        "each", cars)
    return text.format(n=seats[0] + 1, who=players_words(seats), kind=shown(TYPE_NAMES[kind]),
                       cars=cars, points=points)


def _locomotive_penalty_words(seat: int, points: int, locos: int, xlocos: int) -> str:
    """The words of the :class:`Scored` of SF-SCORE-1: ``locos`` Locomotives and ``xlocos``
    Extra Locomotives on the way pay ``points``."""
    what: list[Any] = [say_n("{n} Locomotive", "{n} Locomotives", locos)]
    if xlocos:
        what.append(say_n("{n} Extra Locomotive", "{n} Extra Locomotives", xlocos))
    return _("Player {n} pays {points} points for {what} not arrived").format(
        n=seat + 1, points=points, what=listing(what))


def _car_penalty_words(seat: int, points: int, cars: int) -> str:
    return ngettext("Player {n} pays {points} points for {cars} car not arrived",
                    "Player {n} pays {points} points for {cars} cars not arrived", cars).format(
        n=seat + 1, points=points, cars=cars)


def _winners_words(winners: tuple[int, ...], scores: tuple[int, ...]) -> str:
    return win_words(winners, scores)


def final_scoring(state: SlowFreightState) -> list[Event]:
    """Score the ended game into ``state.outcome`` and return the scoring events."""
    comps = state.comps
    narrate = state.narrate
    events: list[Event] = []
    awards, award_events = biggest_awards(state)
    rows = []
    for p in state.players:
        xlocos = sum(1 for t in p.trains if t.xloco is not None)
        locos = len(p.trains) + xlocos
        cars = sum(t.ncars for t in p.trains)
        loco_pen = -comps.penalty_per_locomotive * locos
        car_pen = -comps.penalty_per_car * cars
        if locos and narrate:
            events.append(Scored(told(_locomotive_penalty_words, (p.seat, -loco_pen,
                                                                  len(p.trains), xlocos)),
                                 "SF-SCORE-1", p.seat, loco_pen))
        if cars and narrate:
            events.append(Scored(told(_car_penalty_words, (p.seat, -car_pen, cars)),
                                 "SF-SCORE-2", p.seat, car_pen))
        chips = sum(v for _, v in p.bonus_chips)
        total = p.car_points + chips + awards[p.seat] + loco_pen + car_pen
        rows.append(SeatScore(p.seat, p.car_points, chips, awards[p.seat], loco_pen, car_pen,
                              total))
    events.extend(award_events)
    scores = tuple(r.total for r in rows)
    top = max(scores)
    winners = tuple(s for s, v in enumerate(scores) if v == top)
    state.outcome = Outcome(scores, tuple(rows), winners, state.end_reason)
    if not narrate:
        return events
    words = told(_winners_words, (winners, scores))
    events.append(Winners(words, "SF-SCORE-8" if len(winners) == 1 else "SF-RULING-9", winners,
                          scores))
    return events
