"""What one simulated game contributes to a result table: plain numbers and short strings.

Every row has the same leading columns, whatever the game:

- ``config``: index of the option combination in a sweep (0 for :func:`simulate`);
- ``game_index``: the game's position in the run, ``seed``: the game's own seed;
- ``game``, ``rules_version``: what was played, under which rules (stamped, as in save files);
- the game's options, one column each (``players``, ``difficulty``, ``movement_table``...);
  non-scalar options as compact JSON text so they can be grouped on;
- ``bot``: the bot name (``"greedy"``; ``"montecarlo:8/random"`` when seats differ), ``bot_<seat>``;
- ``decisions``: atomic decisions made.

Then the game's key figures (:func:`figures`): see :func:`slowfreight_figures` and
:func:`freedom_figures`. Per-round trajectories come from a :func:`tracker` that watches the game
while it is played (Freedom: people freed and lost at the end of each round).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any, Protocol

from ..core import registry


def _cell(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return ",".join(str(_cell(v)) for v in value)
    return str(value)


def flatten(prefix: str, value: Any) -> dict[str, Any]:
    """Flatten a dataclass/dict/sequence into ``prefix_field`` cells (sequences by position)."""
    out: dict[str, Any] = {}
    if is_dataclass(value) and not isinstance(value, type):
        items: list[tuple[Any, Any]] = [(f.name, getattr(value, f.name)) for f in fields(value)]
    elif isinstance(value, dict):
        items = list(value.items())
    else:
        return {prefix: _cell(value)}
    for name, item in items:
        key = f"{prefix}_{name}" if prefix else str(name)
        if isinstance(item, (list, tuple)) and all(
            x is None or isinstance(x, (bool, int, float)) for x in item
        ):
            out[key] = _cell(item)
        else:
            out.update(flatten(key, item))
    return out


def reads_log(key: str) -> bool:
    """Whether the figures or tracker of game ``key`` read the event log (its entry's
    ``reads_log``; Freedom's :func:`loss_condition` does), so a simulation keeps the log on."""
    entry = registry.find(key)
    return entry is not None and entry.reads_log


def figures(game_name: str, game: Any) -> dict[str, Any]:
    """The key figures of a finished game (the registry names each game's function)."""
    entry = registry.find(game_name)
    if entry is None or not entry.figures:
        return flatten("", game.outcome)
    return entry.figures(game)


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


SF_TYPES = ("auto", "tank", "coal", "mixed")


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
        **flatten("score", out.score),
        "money_total": sum(state.money),
    }
    for seat, money in enumerate(state.money):
        row[f"money_{seat}"] = money
    row["roles_played"] = ",".join(state.roles)
    row["lost_by"] = loss_condition(game)
    row["opposition_fired"] = opposition_fired(game)
    row["opposition_dealt"] = opposition_dealt(game)
    return row


LOSS_TRACK = "the Slaves Lost track filled"
LOSS_FREED = "round 8 ended with too few people freed"
LOSS_SUPPORT = "round 8 ended with Support unbought"
LOSS_BOTH = "round 8 ended with too few freed and Support unbought"


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
    from ..freedom.events import QueueRefilled

    ctx = game.ctx
    for event in game.log:
        if isinstance(event, QueueRefilled) and event.rule == "FR-SETUP-5":
            return sum(1 for c in event.cards if ctx.card_by_id[c].kind == "opposition")
    raise ValueError("no FR-SETUP-5 deal in the game's log: opposition_dealt reads the log of a "
                     "Freedom game that was not played quiet")


ROUNDS = 8
"""Freedom's rounds; per-round columns run ``_r1`` .. ``_r8``."""


class FreedomTracker:
    """People freed and lost, and Support bought, at the end of each round of one game.

    Read from the log: every end-of-round event (rules FR-WIN-1 / FR-LOSE-2) carries the totals
    in its data. A game lost during a round (FR-LOSE-1) ends with the final totals. Rounds after
    the game ended repeat the final values: the columns are cumulative totals by round.
    """

    def step(self, game: Any) -> None:
        """Nothing to do while the game runs: the log has it all."""

    def columns(self, game: Any) -> dict[str, Any]:
        state = game.state
        final = (state.freed, state.lost, sum(state.support_bought))
        from ..freedom.events import RoundTotals

        values = [(e.freed, e.lost, e.support) for e in game.log if isinstance(e, RoundTotals)]
        values = (values + [final] * ROUNDS)[:ROUNDS]
        row: dict[str, Any] = {}
        for name, index in (("freed", 0), ("lost", 1), ("support", 2)):
            for r, snap in enumerate(values, 1):
                row[f"{name}_r{r}"] = snap[index]
        return row


class Tracker(Protocol):
    """Watches one game as it is played and adds per-round columns to its row."""

    def step(self, game: Any) -> None: ...

    def columns(self, game: Any) -> dict[str, Any]: ...


def tracker(game_name: str) -> Tracker | None:
    """A fresh tracker for one game of ``game_name``, or None when it has nothing to track."""
    entry = registry.find(game_name)
    if entry is None or not entry.tracker:
        return None
    return entry.tracker()
