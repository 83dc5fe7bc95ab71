"""The bot protocol: a bot looks at a game and picks one of its legal actions.

Bots never change the game they are shown and choose only from ``game.legal_actions()``, so a bot
cannot break a rule. Games expose what a seat may see; bots should read only that.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .action import Action
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(game) -> Action`` (and a ``name`` for result tables)."""

    name: str

    def choose(self, game: Game[Any]) -> Action: ...


def choices(game: Game[Any]) -> list[Action]:
    """The legal actions a bot chooses among; refused in words for a finished game."""
    actions = game.legal_actions()
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    return actions


class DecidingBot(ABC):
    """A bot that deliberates only when there is a choice: a forced move is played at once,
    otherwise :meth:`decide` picks among two or more legal actions."""

    name = "bot"

    def choose(self, game: Game[Any]) -> Action:
        actions = choices(game)
        return actions[0] if len(actions) == 1 else self.decide(game, actions)

    @abstractmethod
    def decide(self, game: Game[Any], actions: list[Action]) -> Action:
        """One of ``actions`` (the legal actions, at least two) for the seat to move."""


class SeededBot(DecidingBot):
    """A bot with its own random stream, ``Rng(seed, "bot")``: the same seed, the same choices
    (ties broken, samples drawn), whatever else runs."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, "bot")


class RandomBot(SeededBot):
    """Chooses uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def choose(self, game: Game[Any]) -> Action:
        # a forced move draws from the stream too, as it always has: seeded games and
        # simulations stay the same
        return self.decide(game, choices(game))

    def decide(self, game: Game[Any], actions: list[Action]) -> Action:
        return actions[self.rng.below(len(actions))]

    def __repr__(self) -> str:
        return "RandomBot()"


def play_out(game: Game[Any], bots: Any, *, max_steps: int = 100_000, checked: bool = True) -> int:
    """Let ``bots`` (one bot, or a sequence indexed by seat) play ``game`` to the end.

    Returns the number of decisions made. ``checked=False`` uses the unchecked fast path.
    """
    steps = 0
    apply = game.apply if checked else game.apply_unchecked
    per_seat = isinstance(bots, (list, tuple))
    while not game.is_over:
        if steps >= max_steps:
            raise RuntimeError(f"game did not end within {max_steps} decisions")
        if per_seat:
            seat = game.to_move
            assert seat is not None
            apply(bots[seat].choose(game))
        else:
            apply(bots.choose(game))
        steps += 1
    return steps
