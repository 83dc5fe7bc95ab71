"""Freedom's fixed action numbering (see :mod:`freight_freedom.core.action_space`).

Every action a game of Freedom can offer, listed once from the game's components (map, Slave
Catcher paths, token stacks) and its number of players, in the order of the verbs in
:mod:`.moves`: the plain verbs, ``call SEAT``, ``buy``/``play``/``play ... grey`` by stack,
``card``/``remove`` by Queue position, ``move FROM TO`` for every map space and every other space,
``catcher COLOUR SPACE`` along each path, ``capture SPACE`` and ``deliver PLANTATION``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.action_space import ActionSpace, Entry
from ..core.moves import Move
from .context import Ctx
from .moves import (
    AcceptSupport,
    BuyCard,
    BuySupport,
    BuyToken,
    CallStationMaster,
    ChooseCapture,
    Decline,
    Deliver,
    DonePlanning,
    EndTurn,
    MoveCatcher,
    MovePerson,
    PassTurn,
    PlayReserve,
    PlayToken,
    RemoveCard,
    Roll,
    Skip,
    Stop,
    TakeBenefit,
    UseSpecial,
)
from .state import QUEUE_SIZE

if TYPE_CHECKING:
    from .game import Freedom

PLAIN: tuple[type[Move], ...] = (Roll, PlayReserve, Decline, BuySupport, UseSpecial,
                                 DonePlanning, TakeBenefit, PassTurn, EndTurn, Stop, Skip,
                                 AcceptSupport)
"""The kinds that take no argument (FR-CATCH-1, FR-CARD-RESERVE, FR-PLAN-*, FR-ACT-*, and the
finishing words of the card and role decisions)."""


def action_space(game: Freedom) -> ActionSpace:
    """The action space of ``game``: its component set and its number of players."""
    return freedom_space(game.ctx, game.state.players)


@lru_cache(maxsize=32)
def freedom_space(ctx: Ctx, players: int) -> ActionSpace:
    """Every action of a ``players``-player game with the components of ``ctx`` (built once)."""
    moves: list[Move] = [kind(0) for kind in PLAIN]
    moves += [CallStationMaster(0, seat) for seat in range(players)]
    stacks = list(ctx.stack_kind)
    moves += [BuyToken(0, stack) for stack in stacks]
    moves += [PlayToken(0, stack) for stack in stacks]
    # only a Conductor stack has a grey token (FR-PLAN-6, FR-RULING-GREY-CHOICE)
    moves += [PlayToken(0, stack, grey=True) for stack in stacks
              if ctx.stack_kind[stack] == "conductor"]
    moves += [BuyCard(0, pos) for pos in range(1, QUEUE_SIZE + 1)]
    moves += [RemoveCard(0, pos) for pos in range(1, QUEUE_SIZE + 1)]
    spaces = list(ctx.board.spaces)
    moves += [MovePerson(0, origin, dest) for origin in ctx.map_spaces for dest in spaces
              if dest != origin]
    moves += [MoveCatcher(0, colour, space) for colour, path in ctx.paths.items()
              for space in path]
    moves += [ChooseCapture(0, space) for space in ctx.map_spaces]
    moves += [Deliver(0, space) for space in ctx.board.plantations]
    entries: list[Entry] = [(m.KIND, m.args) for m in moves]
    return ActionSpace(f"Freedom ({players} player{'' if players == 1 else 's'})", entries)
