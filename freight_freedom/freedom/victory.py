"""Winning, losing and the optional score.

The players win when, at the end of a round (the Lantern phase check), enough people are free in
Canada and every Support token of all three periods has been bought [FR-WIN-1]; the round in
which both are reached is completed first, so a loss during it still loses [FR-WIN-2]. They lose
at once when the Slaves Lost track is full and one more person must go on it [FR-LOSE-1], and at
the end of round 8 without both conditions [FR-LOSE-2]. The optional score is 2 per person freed,
-1 per person lost, 10 per victory condition met and 5 per Slave Market card left [FR-SCORE-1].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.event import Event, narrating
from .context import Ctx
from .events import RoundTotals
from .state import ROUNDS, FreedomState, GameResult


@dataclass(frozen=True, slots=True)
class Score:
    """The optional score and its parts [FR-SCORE-1]."""

    freed_points: int
    lost_points: int
    condition_points: int
    market_points: int

    @property
    def total(self) -> int:
        return self.freed_points + self.lost_points + self.condition_points + self.market_points


@dataclass(frozen=True, slots=True)
class FreedomOutcome:
    """How a game of Freedom ended."""

    won: bool
    reason: str
    round: int
    freed: int
    freed_target: int
    lost: int
    lost_limit: int
    support_bought: int
    support_total: int
    score: Score
    optional_scoring: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        head = "Won" if self.won else "Lost"
        return (f"{head} in round {self.round}: {self.reason} (freed {self.freed}/"
                f"{self.freed_target}, lost {self.lost}/{self.lost_limit}, Support "
                f"{self.support_bought}/{self.support_total}, score {self.score.total})")


def support_total(st: FreedomState) -> int:
    return sum(st.support_bought) + sum(st.support_left)


def conditions(ctx: Ctx, st: FreedomState) -> tuple[bool, bool]:
    """(enough people freed, all Support bought)."""
    return st.freed >= ctx.freed_target(st), sum(st.support_left) == 0


def score(ctx: Ctx, st: FreedomState) -> Score:
    freed_ok, support_ok = conditions(ctx, st)
    return Score(
        freed_points=2 * st.freed,
        lost_points=-st.lost,
        condition_points=10 * (int(freed_ok) + int(support_ok)),
        market_points=5 * (len(st.market) + len(st.market_deck)),
    )


def check_end_of_round(ctx: Ctx, st: FreedomState, ev: list[Event]) -> bool:
    """Check victory at the end of a round; True if the game is over [FR-WIN-1, FR-LOSE-2]."""
    freed_ok, support_ok = conditions(ctx, st)
    target = ctx.freed_target(st)
    # every end-of-round event carries the totals, so a log alone gives the game's trajectory
    totals = (st.round, st.freed, st.lost, sum(st.support_bought))
    if freed_ok and support_ok:
        st.result = GameResult(won=True, reason=f"all Support bought and {st.freed} freed",
                               round=st.round)
        if narrating(ev):
            ev.append(RoundTotals(
                f"Victory! All {support_total(st)} Support tokens are bought "
                f"and {st.freed} people are free in Canada (needed {target}).", "FR-WIN-1",
                *totals))
    elif st.round >= ROUNDS:
        missing = []
        if not freed_ok:
            missing.append(f"{st.freed} of {target} freed")
        if not support_ok:
            missing.append(f"{sum(st.support_bought)} of {support_total(st)} Support bought")
        st.result = GameResult(won=False, reason=f"round {ROUNDS} ended without both "
                               "conditions (" + ", ".join(missing) + ")", round=st.round)
        if narrating(ev):
            ev.append(RoundTotals(f"Round {ROUNDS} is over without both victory conditions: "
                                  + ", ".join(missing) + ". The game is lost.", "FR-LOSE-2",
                                  *totals))
    else:
        if narrating(ev):
            ev.append(RoundTotals(f"End of round {st.round}: {st.freed} of {target} freed, "
                                  f"{sum(st.support_bought)} of {support_total(st)} Support "
                                  "bought.", "FR-WIN-1", *totals))
        return False
    st.turn_ctx.phase, st.turn_ctx.step = "over", "over"
    st.pending.clear()
    st.effects.clear()
    return True


def outcome(ctx: Ctx, st: FreedomState) -> FreedomOutcome | None:
    if st.result is None:
        return None
    return FreedomOutcome(
        won=st.result.won,
        reason=st.result.reason,
        round=st.result.round,
        freed=st.freed,
        freed_target=ctx.freed_target(st),
        lost=st.lost,
        lost_limit=ctx.lost_limit(st),
        support_bought=sum(st.support_bought),
        support_total=support_total(st),
        score=score(ctx, st),
        optional_scoring=bool(st.options.get("optional_scoring")),
    )
