"""The game-agnostic kernel shared by both games: actions, events, RNG, errors, Game, saves,
and the shape of a game's rules (verbs and phases)."""

from .action import Action, Scenario, Step
from .errors import ActionParseError, ComponentError, IllegalAction, OptionError, SaveFileError
from .event import Event
from .game import Game, Prompt
from .phase import Phase
from .rng import Rng
from .verb import Verb, Verbs

__all__ = [
    "Action",
    "ActionParseError",
    "ComponentError",
    "Event",
    "Game",
    "IllegalAction",
    "OptionError",
    "Phase",
    "Prompt",
    "Rng",
    "SaveFileError",
    "Scenario",
    "Step",
    "Verb",
    "Verbs",
]
