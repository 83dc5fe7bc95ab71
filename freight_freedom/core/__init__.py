"""The game-agnostic kernel shared by both games: actions, events, RNG, errors, Game, saves."""

from .action import Action, Scenario, Step
from .errors import ActionParseError, ComponentError, IllegalAction, OptionError, SaveFileError
from .event import Event
from .game import Game, Prompt
from .rng import Rng

__all__ = [
    "Action",
    "ActionParseError",
    "ComponentError",
    "Event",
    "Game",
    "IllegalAction",
    "OptionError",
    "Prompt",
    "Rng",
    "SaveFileError",
    "Scenario",
    "Step",
]
