"""Slow Freight bots beyond the kernel's :class:`~freight_freedom.core.bot.RandomBot`.

:class:`GreedyBot` is a small heuristic player for baselines and classroom opponents: finish the
trains already rolling, grow single-kind trains toward five cars, start a train only when none is
waiting for cars. It reads only public parts of the table (face-up cards, its own trains), never a
deck order (SF-RULING-22), and chooses only from ``legal_actions()``.
"""

from __future__ import annotations

from typing import Any

from ..core import Action, Game
from ..core.bot import SeededBot
from .components import XLOCO
from .moves import MOVES, BringLoco, MoveTrain, Take
from .state import SlowFreightState, Train
from .trains import NCARS, STEP, TYPE_OF

TARGET_CARS = 3
"""A resting train with this many cars sets off when nothing better is on offer."""


def _train(state: SlowFreightState, seat: int, name: object) -> Train:
    train = state.find_train(seat, name)
    assert train is not None
    return train


def take_value(state: SlowFreightState, action: Action) -> float:
    """How much the greedy player likes a ``take`` action (higher is better; <= 0: not worth it)."""
    take = Take.of(action)
    card = state.face_up[take.slot]
    assert card is not None
    train = _train(state, action.seat, take.train)
    kind = state.comps.card_kind[card]
    n = NCARS[train.code]
    if kind == XLOCO:
        return n - 3.5  # an Extra Locomotive pays off only on a big train
    new = train.code + STEP[kind]  # the action is legal (SF-RULING-7 or SF-RULING-25)
    single = 0 <= TYPE_OF[new] < 3
    return NCARS[new] + (0.5 if single else 0.0)


class GreedyBot(SeededBot):
    """Finish what rolls, grow what waits; seeded tie-breaks, so games are reproducible."""

    name = "greedy"

    def decide(self, game: Game[Any], actions: list[Action]) -> Action:
        state: SlowFreightState = game.state
        seat = actions[0].seat
        read = MOVES.read
        takes = [a for a in actions if isinstance(read(a), Take)]
        best_take = max(takes, key=lambda a: take_value(state, a), default=None)
        take_score = take_value(state, best_take) if best_take is not None else 0.0
        if state.taken:
            return best_take if best_take is not None and take_score > 0 else actions[-1]
        by_train = {m.train: a for a in actions if isinstance(m := read(a), MoveTrain)}
        moves = [_train(state, seat, name) for name in by_train]
        rolling = [t for t in moves if t.moving]
        if rolling:
            train = max(rolling, key=lambda t: (t.track, t.id))
            return by_train[train.name]
        if best_take is not None and take_score >= 2:
            return best_take
        ready = [t for t in moves if t.ncars >= TARGET_CARS]
        if ready:
            train = max(ready, key=lambda t: (t.ncars, t.id))
            return by_train[train.name]
        if best_take is not None and take_score > 0:
            return best_take
        waiting = any(t.code == 0 for t in state.players[seat].trains)
        if not waiting and isinstance(read(actions[0]), BringLoco):
            return actions[0]
        if moves:
            train = moves[self.rng.below(len(moves))]
            return by_train[train.name]
        return actions[-1]

    def __repr__(self) -> str:
        return "GreedyBot()"
