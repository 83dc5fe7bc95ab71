"""Scores: running points, end-of-game penalties and biggest-train awards, and the outcome value.

SF-ARRIVE-3/4 give points during play; at the end SF-SCORE-1..8 add penalties for trains still on
the way and the biggest-train awards. :class:`Outcome` keeps every part, so the total is visibly
the sum of its parts (a property test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import Event
from .components import TYPE_KEYS, TYPE_NAMES
from .events import Award, NoAward, Scored, Winners
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
        """``"Player 2 wins with 34 points (Player 1: 20, Player 2: 34); <why it ended>"``."""
        top = max(self.scores) if self.scores else 0
        listing = ", ".join(f"Player {s + 1}: {v}" for s, v in enumerate(self.scores))
        verb = "wins" if len(self.winners) == 1 else "share the win"
        reason = f"; {self.reason}" if self.reason else ""
        return f"{players_words(self.winners)} {verb} with {top} points ({listing}){reason}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "breakdown": [b.to_dict() for b in self.breakdown],
            "winners": list(self.winners),
            "reason": self.reason,
        }


def players_words(seats: tuple[int, ...] | list[int]) -> str:
    """Players by name: "Player 2", "Player 1 and Player 3", "Player 1, Player 2 and Player 4"."""
    names = [f"Player {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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
        name = TYPE_NAMES[kind]
        if not best:
            if narrate:
                events.append(NoAward(f"No {name} train was delivered: no award",
                                      TYPE_KEYS[kind], (), 0))
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
            cars = f"{top} car{'s' if top > 1 else ''}"
            if len(seats) == 1:
                text = (f"Player {seats[0] + 1} delivered the biggest {name} train ({cars}): "
                        f"{points} points and the {points}-point chip")
            else:
                text = (f"{players_words(seats)} tie for the biggest {name} train ({cars}): "
                        f"{points} points each")
            events.append(Award(text, rule, TYPE_KEYS[kind], tuple(seats), top, points))
    return awards, events


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
            what = _count(len(p.trains), "Locomotive")
            if xlocos:
                what += " and " + _count(xlocos, "Extra Locomotive")
            events.append(Scored(f"Player {p.seat + 1} pays {-loco_pen} points for "
                                 f"{what} not arrived", "SF-SCORE-1", p.seat, loco_pen))
        if cars and narrate:
            events.append(Scored(f"Player {p.seat + 1} pays {-car_pen} points for "
                                 f"{_count(cars, 'car')} not arrived", "SF-SCORE-2", p.seat,
                                 car_pen))
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
    names = players_words(winners)
    listing = ", ".join(f"Player {s + 1}: {v}" for s, v in enumerate(scores))
    if len(winners) == 1:
        events.append(Winners(f"{names} wins with {top} points ({listing})", "SF-SCORE-8",
                              winners, scores))
    else:
        events.append(Winners(f"{names} share the win with {top} points ({listing})",
                              "SF-RULING-9", winners, scores))
    return events
