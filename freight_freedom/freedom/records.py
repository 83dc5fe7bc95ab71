"""What a simulated game of Freedom adds to a result table, and what it tells the advisor.

Freedom's entry (:mod:`.entry`) names these as its ``figures``, ``tracker`` and
``rollout_result``; the shared tables (:mod:`freight_freedom.analysis.records`) and the advisor
read them through the entry. A cooperative game: one result for the whole table. The loss
condition and the Opposition counts read the event log, so the entry sets ``reads_log``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

LOSS_TRACK = "the Slaves Lost track filled"
LOSS_FREED = "round 8 ended with too few people freed"
LOSS_SUPPORT = "round 8 ended with Support unbought"
LOSS_BOTH = "round 8 ended with too few freed and Support unbought"

ROUNDS = 8
"""Freedom's rounds; per-round columns run ``_r1`` .. ``_r8``."""


def freedom_rollout_result(game: Any, players: int) -> tuple[tuple[float, ...],
                                                             tuple[float, ...], str]:
    """A finished Freedom game for the advisor: victory (the team's, so every seat's), the
    team's optional score, and how it ended: "victory" [FR-WIN-1], "too many lost" (the Slaves
    Lost track overflowed, or an early loss) [FR-LOSE-1] or "time ran out" [FR-LOSE-2]."""
    outcome = game.outcome
    if outcome.won:
        ending = "victory"
    elif outcome.lost >= outcome.lost_limit or outcome.round < 8:
        ending = "too many lost"
    else:
        ending = "time ran out"
    won = 1.0 if outcome.won else 0.0
    total = float(outcome.score.total)
    return (won,) * players, (total,) * players, ending


def freedom_figures(game: Any) -> dict[str, Any]:
    """Freedom key figures (a cooperative game: one result for the whole table).

    ``won``, ``reason``, ``round`` (the round the game ended in), ``rounds`` (the same, under the
    name length plots use), ``freed`` / ``freed_target``, ``lost`` / ``lost_limit``,
    ``support_bought`` / ``support_total``, ``score`` (the optional score, FR-SCORE-1) and its
    parts ``score_freed_points`` ..., ``money_total`` and ``money_<seat>`` left at the end,
    ``roles_played`` (the roles actually dealt, comma-separated), ``lost_by`` (which loss
    condition ended a lost game, in words; empty for a win: see :func:`loss_condition`) and
    ``opposition_fired`` (Opposition cards that took effect as the Lantern discarded them: a
    count decided during play) and ``opposition_dealt`` (Opposition cards dealt into the starting
    Queue: fixed before anyone plays).
    """
    out = game.outcome
    state = game.state
    row: dict[str, Any] = {
        "won": out.won,
        "reason": out.reason,
        "round": out.round,
        "rounds": out.round,
        "freed": out.freed,
        "freed_target": out.freed_target,
        "lost": out.lost,
        "lost_limit": out.lost_limit,
        "support_bought": out.support_bought,
        "support_total": out.support_total,
        "score": out.score.total,
        **{f"score_{f.name}": getattr(out.score, f.name) for f in fields(out.score)},
        "money_total": sum(state.money),
    }
    for seat, money in enumerate(state.money):
        row[f"money_{seat}"] = money
    row["roles_played"] = ",".join(state.roles)
    row["lost_by"] = loss_condition(game)
    row["opposition_fired"] = opposition_fired(game)
    row["opposition_dealt"] = opposition_dealt(game)
    return row


def loss_condition(game: Any) -> str:
    """Which loss condition ended a lost Freedom game, in words ('' for a win).

    FR-LOSE-1 (one person too many for the Slaves Lost track, at once) is read from the log;
    otherwise the game ran to the end of round 8 (FR-LOSE-2) short of people freed, of Support
    bought, or of both (FR-WIN-1 needs both).
    """
    out = game.outcome
    if out.won:
        return ""
    if any(e.rule == "FR-LOSE-1" for e in game.log):
        return LOSS_TRACK
    short_freed = out.freed < out.freed_target
    short_support = out.support_bought < out.support_total
    if short_freed and short_support:
        return LOSS_BOTH
    return LOSS_FREED if short_freed else LOSS_SUPPORT


def opposition_fired(game: Any) -> int:
    """How many Opposition cards took effect as the Lantern discarded them from the Queue
    (FR-LANT-2). Not a measure of luck alone: which cards come up is chance, but how many fire
    also depends on play (a longer game passes more cards through the Queue, and a card the
    players buy away never reaches its end). :func:`opposition_dealt` is fixed before play."""
    return sum(1 for e in game.log if e.rule == "FR-LANT-2")


def opposition_dealt(game: Any) -> int:
    """How many Opposition cards the set-up dealt into the starting Queue (FR-SETUP-5: 0 or 1),
    read from the set-up's refill event. Unlike :func:`opposition_fired` it is fixed by the deal
    before anyone plays, so grouping games by it shows what the Queue's luck alone does.

    >>> from freight_freedom import Freedom
    >>> opposition_dealt(Freedom(seed=5, players=2))
    0
    """
    from .events import QueueRefilled

    ctx = game.ctx
    for event in game.log:
        if isinstance(event, QueueRefilled) and event.rule == "FR-SETUP-5":
            return sum(1 for c in event.cards if ctx.card_by_id[c].kind == "opposition")
    raise ValueError("no FR-SETUP-5 deal in the game's log: opposition_dealt reads the log of a "
                     "Freedom game that was not played quiet")


class FreedomTracker:
    """People freed and lost, and Support bought, at the end of each round of one game.

    Read from the log: every end-of-round event (rules FR-WIN-1 / FR-LOSE-2) carries the totals
    in its data. A game lost during a round (FR-LOSE-1) ends with the final totals. Rounds after
    the game ended repeat the final values: the columns are cumulative totals by round.
    """

    def step(self, game: Any) -> None:
        """Nothing to do while the game runs: the log has it all."""

    def columns(self, game: Any) -> dict[str, Any]:
        from .events import RoundTotals

        state = game.state
        final = (state.freed, state.lost, sum(state.support_bought))
        values = [(e.freed, e.lost, e.support) for e in game.log if isinstance(e, RoundTotals)]
        values = (values + [final] * ROUNDS)[:ROUNDS]
        row: dict[str, Any] = {}
        for name, index in (("freed", 0), ("lost", 1), ("support", 2)):
            for r, snap in enumerate(values, 1):
                row[f"{name}_r{r}"] = snap[index]
        return row
