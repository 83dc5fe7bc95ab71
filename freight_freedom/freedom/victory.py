"""Winning, losing and the optional score.

The players win when, at the end of a round (the Lantern phase check), enough people are free in
Canada and every Support token of all three periods has been bought [FR-WIN-1]; the round in
which both are reached is completed first, so a loss during it still loses [FR-WIN-2]. They lose
at once when the Slaves Lost track is full and one more person must go on it [FR-LOSE-1], and at
the end of round 8 without both conditions [FR-LOSE-2]. The optional score is 2 per person freed,
-1 per person lost, 10 per victory condition met and 5 per Slave Market card left [FR-SCORE-1].
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.event import Event, narrating
from ..core.i18n import SOURCE, _, language
from ..core.say import Say, say
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
        """The outcome in words, in the current language."""
        facts = {"round": self.round, "reason": reason_words(self.reason), "freed": self.freed,
                 "target": self.freed_target, "lost": self.lost, "limit": self.lost_limit,
                 "bought": self.support_bought, "total": self.support_total,
                 "score": self.score.total}
        if self.won:
            return _("Won in round {round}: {reason} (freed {freed}/{target}, lost {lost}/"
                     "{limit}, Support {bought}/{total}, score {score})").format(**facts)
        return _("Lost in round {round}: {reason} (freed {freed}/{target}, lost {lost}/{limit}, "
                 "Support {bought}/{total}, score {score})").format(**facts)


# The reasons a game ends (``GameResult.reason``: kept in English in the state and saves), read
# back to be said in the reader's language by :func:`reason_words`.
_WON = re.compile(r"all Support bought and (\d+) freed")
_TRACK_FULL = re.compile(r"Slaves Lost track full in round (\d+)")
_ROUND_OVER = re.compile(r"round (\d+) ended without both conditions \((.*)\)")
_FREED = re.compile(r"(\d+) of (\d+) freed")
_BOUGHT = re.compile(r"(\d+) of (\d+) Support bought")


def _missing_words(freed: tuple[str, ...] | None, bought: tuple[str, ...] | None) -> Say:
    """What the players lacked at the end of round 8: ``"3 of 18 freed, 4 of 13 Support
    bought"`` (either part alone when the other condition was met)."""
    if freed is not None and bought is not None:
        f, t = freed
        b, n = bought
        return say("{freed} of {target} freed, {bought} of {total} Support bought", freed=int(f),
                   target=int(t), bought=int(b), total=int(n))
    if freed is not None:
        return say("{freed} of {target} freed", freed=int(freed[0]), target=int(freed[1]))
    assert bought is not None
    return say("{bought} of {total} Support bought", bought=int(bought[0]), total=int(bought[1]))


def reason_words(reason: str) -> str:
    """Why the game ended (a :class:`GameResult`'s ``reason``, kept in English) in the current
    language; a reason of another shape as it is."""
    if language() == SOURCE:
        return reason
    if m := _WON.fullmatch(reason):
        return _("all Support bought and {freed} freed").format(freed=m[1])
    if m := _TRACK_FULL.fullmatch(reason):
        return _("Slaves Lost track full in round {round}").format(round=m[1])
    if m := _ROUND_OVER.fullmatch(reason):
        parts = m[2].split(", ")
        freed = next((f.groups() for p in parts if (f := _FREED.fullmatch(p))), None)
        bought = next((b.groups() for p in parts if (b := _BOUGHT.fullmatch(p))), None)
        if (freed or bought) and len(parts) == (freed is not None) + (bought is not None):
            return _("round {round} ended without both conditions ({missing})").format(
                round=m[1], missing=_missing_words(freed, bought))
    return reason


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
            ev.append(RoundTotals(say(
                "Victory! All {total} Support tokens are bought and {freed} people are free in "
                "Canada (needed {target}).", total=support_total(st), freed=st.freed,
                target=target), "FR-WIN-1", *totals))
    elif st.round >= ROUNDS:
        missing = []
        if not freed_ok:
            missing.append(f"{st.freed} of {target} freed")
        if not support_ok:
            missing.append(f"{sum(st.support_bought)} of {support_total(st)} Support bought")
        st.result = GameResult(won=False, reason=f"round {ROUNDS} ended without both "
                               "conditions (" + ", ".join(missing) + ")", round=st.round)
        if narrating(ev):
            lacked = _missing_words(
                None if freed_ok else (str(st.freed), str(target)),
                None if support_ok else (str(sum(st.support_bought)), str(support_total(st))))
            ev.append(RoundTotals(say("Round {round} is over without both victory conditions: "
                                      "{missing}. The game is lost.", round=ROUNDS,
                                      missing=lacked), "FR-LOSE-2", *totals))
    else:
        if narrating(ev):
            ev.append(RoundTotals(say("End of round {round}: {freed} of {target} freed, {bought} "
                                      "of {total} Support bought.", round=st.round,
                                      freed=st.freed, target=target,
                                      bought=sum(st.support_bought), total=support_total(st)),
                                  "FR-WIN-1", *totals))
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
