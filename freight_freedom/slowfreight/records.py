"""What a simulated game of Slow Freight adds to a result table.

Slow Freight's entry (:mod:`.entry`) names :func:`slowfreight_figures` as its ``figures``; the
shared tables (:mod:`freight_freedom.analysis.records`) read it through the entry. The advisor
reads the outcome's ``winners`` and ``scores`` (the registry's default), and nothing is tracked
round by round.
"""

from __future__ import annotations

from typing import Any

SF_TYPES = ("auto", "tank", "coal", "mixed")
"""The freight types by their number in a train (``train.type``), as column names."""


def slowfreight_figures(game: Any) -> dict[str, Any]:
    """Slow Freight key figures.

    ``reason`` (why it ended), ``turns`` (turns played, every player's turn counting one),
    ``rounds`` (rounds of the table: each player's turn once makes a round, the last one counted
    even if the last Clock cut it short), ``clocks`` (Clocks drawn),
    ``winners`` (seats, comma-separated; ties share, SF-RULING-9), ``n_winners``; per seat ``s``:
    ``score_s``, ``win_s`` (a shared win counts), ``delivered_pts_s``, ``bonus_s``,
    ``biggest_s``, ``penalty_s`` (locomotive + car penalties, negative), ``trains_s`` (trains
    delivered), ``cars_s`` (cars delivered), ``mean_size_s`` (cars per delivered train; NaN if
    none), ``left_s`` (trains with cars still on the way at the end); over all seats:
    ``delivered_<type>`` (auto, tank, coal, mixed) and ``delivered_size<k>`` (k = 1..5 cars).
    """
    state = game.state
    outcome = game.outcome
    turns = state.turn  # the turn in which the last Clock was drawn: turns played
    row: dict[str, Any] = {
        "reason": outcome.reason,
        "turns": turns,
        "rounds": -(-turns // state.nplayers),
        "clocks": len(state.clocks_drawn),
        "winners": ",".join(map(str, outcome.winners)),
        "n_winners": len(outcome.winners),
    }
    by_type = [0, 0, 0, 0]
    by_size = [0] * 6
    for seat, (player, part) in enumerate(zip(state.players, outcome.breakdown, strict=True)):
        sizes = [t.ncars for t in player.delivered]
        for train in player.delivered:
            by_type[train.type] += 1
            by_size[train.ncars] += 1
        row[f"score_{seat}"] = outcome.scores[seat]
        row[f"win_{seat}"] = seat in outcome.winners
        row[f"delivered_pts_{seat}"] = part.delivered
        row[f"bonus_{seat}"] = part.bonus_chips
        row[f"biggest_{seat}"] = part.biggest_train
        row[f"penalty_{seat}"] = part.locomotive_penalty + part.car_penalty
        row[f"trains_{seat}"] = len(sizes)
        row[f"cars_{seat}"] = sum(sizes)
        row[f"mean_size_{seat}"] = sum(sizes) / len(sizes) if sizes else float("nan")
        row[f"left_{seat}"] = sum(1 for t in player.trains if t.ncars)
    for kind, name in enumerate(SF_TYPES):
        row[f"delivered_{name}"] = by_type[kind]
    for size in range(1, 6):
        row[f"delivered_size{size}"] = by_size[size]
    return row
