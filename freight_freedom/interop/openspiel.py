"""The package's games as OpenSpiel Python games (extra ``openspiel``).

Importing this module registers every game of the registry as ``freight_freedom_<key>``
(``freight_freedom_freedom``, ``freight_freedom_slowfreight``; a game registered later:
:func:`register_games`)::

    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    import freight_freedom.interop.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("freight_freedom_freedom", {"players": 2})

Game type: sequential, explicit-stochastic, imperfect information, terminal rewards. The
engines shuffle and roll from a seeded RNG inside the rules, so the chance nodes come first: three
of them pick the game's seed, :data:`SEED_BASE` outcomes each (about a billion games), and the
seed fixes the set-up, every shuffle and every roll. Nobody sees that outcome; each seat sees only
its consequences through its own view. This keeps the game stateless, so OpenSpiel's
serialization works (a sampled-stochastic Python game cannot save its RNG). A cooperative
game's utility is identical for all players (1 on a win, 0 on a loss); a competitive one's is
general-sum (each seat's final score). Parameters and player range come from the game's declared
options (its entry), not from a list here.

Actions are the ids of the game's fixed action space (:mod:`freight_freedom.core.action_space`).
Observation strings are the seat's view as JSON (:meth:`Game.observation`); tensors are
:func:`.features.features`. The information-state string adds every action played so far (all
actions are public), so it has perfect recall; the information-state tensor is the observation
tensor: only deck orders are hidden and their contents are shown, so it holds everything a seat
can use. :meth:`FreightState.resample_from_infostate` draws a possible world with the game's own
determinization, as OpenSpiel's IS-MCTS needs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as exc:  # pragma: no cover - only without the extra
    raise ImportError("freight_freedom.interop.openspiel needs OpenSpiel: "
                      "pip install 'freight-freedom[openspiel]'") from exc

from ..core import registry
from ..core.action import Action
from ..core.action_space import action_space
from ..core.frozen import thaw
from ..core.game import Game
from .features import feature_size, features
from .games import GameSpec, spec_of, specs

PREFIX = "freight_freedom_"
SEED_BASE = 1 << 10
"""Outcomes of each chance node; the seed is their digits in this base."""
SEED_NODES = 3
"""Chance nodes at the start of every game: the seed lies in ``0 .. SEED_BASE**SEED_NODES-1``."""

_OUTCOMES = [(digit, 1.0 / SEED_BASE) for digit in range(SEED_BASE)]
_SPECS: dict[str, GameSpec] = {}
"""The games registered with OpenSpiel so far, by canonical name (see :func:`register_games`)."""
GAME_CLASSES: dict[str, type[FreightGame]] = {}
"""The OpenSpiel game class of each registered game, by canonical name."""


def game_type(key: str) -> pyspiel.GameType:
    """The declared OpenSpiel type of game ``key`` (a canonical name: ``"slowfreight"``); its
    parameters are the game's declared options with their defaults, its player range the
    ``players`` option's."""
    spec = _SPECS[key] if key in _SPECS else spec_of(registry.game_entry(key))
    lo, hi = spec.players
    return pyspiel.GameType(
        short_name=PREFIX + key,
        long_name=f"{spec.long_name} (freight_freedom)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.IDENTICAL if spec.cooperative
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(spec.params),
    )


class FreightGame(pyspiel.Game):  # type: ignore[misc]
    """One of the package's games with fixed options, as an OpenSpiel game."""

    key: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})  # pyspiel.load_game has refused unknown names
        self.spec: GameSpec = _SPECS[self.key]
        options = {**self.spec.params, **given}
        for option in registry.game_entry(self.key).option_spec():
            if option.omit_default and options.get(option.name) == option.default:
                del options[option.name]  # a default kept out of the game's saves stays out
        self.options = options
        # a game built now checks the options (OptionError names a bad one) and sizes things
        probe = self.spec.cls(seed=0, **options)
        self.obs_size = feature_size(probe)
        players = int(probe.options["players"])
        info = pyspiel.GameInfo(
            num_distinct_actions=action_space(probe).size,
            max_chance_outcomes=SEED_BASE,
            num_players=players,
            min_utility=self.spec.min_utility,
            max_utility=self.spec.max_utility,
            utility_sum=None,
            max_game_length=self.spec.max_game_length(players),
        )
        super().__init__(game_type(self.key), info, given)

    def new_initial_state(self) -> FreightState:
        return FreightState(self)

    def max_chance_nodes_in_history(self) -> int:
        return SEED_NODES

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        # every seat sees the same table (nothing is private in these games, only deck orders
        # are hidden from all), so each observation type is the seat's view; with perfect recall
        # the string adds the actions played
        perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        return Observer(self.obs_size, perfect_recall)


class _Held:
    """The package game inside a state, copied with :meth:`Game.copy` (not a deep copy of its
    components) and pickled as data.

    A game pickles as its JSON save. A determinized world refuses saving (its history no longer
    reproduces it), so it pickles as its recipe instead: the seed, options and actions, and where
    which seat's determinization was drawn with which seed (``recipe``); replaying that rebuilds
    the same world, since a determinization depends only on the game and its seed.
    """

    __slots__ = ("_views", "game", "recipe")

    def __init__(self, game: Game[Any], recipe: tuple[tuple[int, int, int], ...] = ()) -> None:
        self.game = game
        self.recipe = recipe  # (actions played before it, seat, seed) per determinization
        self._views: dict[int, dict[str, Any]] = {}

    def view(self, seat: int) -> dict[str, Any]:
        """``game.observation(seat)``, kept until the game changes (:meth:`changed`)."""
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = self.game.observation(seat)
        return found

    def changed(self) -> None:
        self._views.clear()

    def determinized(self, seat: int, seed: int) -> _Held:
        """A world ``seat`` cannot tell from this one (:meth:`Game.determinized`)."""
        step = (len(self.game.history), seat, seed)
        return _Held(self.game.determinized(seat, seed), (*self.recipe, step))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.copy(), self.recipe)

    def __getstate__(self) -> dict[str, Any]:
        game = self.game
        if not self.recipe:
            return {"save": game.to_json(), "game": type(game).name}
        return {"game": type(game).name, "seed": game.seed, "rules": game.rules_version,
                "options": thaw(game.options), "recipe": [list(r) for r in self.recipe],
                "history": [str(a) for a in game.history]}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self._views = {}
        cls = registry.game_entry(data["game"]).game_class()
        if "save" in data:
            self.game, self.recipe = cls.from_json(data["save"]).quiet(), ()
            return
        game = cls(seed=data["seed"], rules_version=data["rules"], **data["options"]).quiet()
        history = [Action.parse(a) for a in data["history"]]
        done = 0
        for before, seat, seed in data["recipe"]:
            for action in history[done:before]:
                game.apply(action)
            done = before
            game = game.determinized(seat, seed)
        for action in history[done:]:
            game.apply(action)
        self.game, self.recipe = game, tuple(tuple(r) for r in data["recipe"])


class FreightState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping one game of the package (:attr:`game`, ``None`` until the
    chance node has picked the seed)."""

    def __init__(self, game: FreightGame) -> None:
        super().__init__(game)
        self._key = game.key
        self._options = dict(game.options)
        self._digits: list[int] = []
        self._held: _Held | None = None
        self._ids: list[int] | None = None

    @property
    def game(self) -> Game[Any] | None:
        return None if self._held is None else self._held.game

    def _inner(self) -> Game[Any]:
        held = self._held
        if held is None:
            raise pyspiel.SpielError("the game's seed is not chosen yet (a chance node)")
        return held.game

    # -------------------------------------------------------------------- play
    def current_player(self) -> int:
        if self._held is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._held.game.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _OUTCOMES

    def _legal_actions(self, player: int) -> list[int]:
        game = self._inner()
        if player != game.to_move:
            return []
        if self._ids is None:
            self._ids = action_space(game).legal_ids(game)
        return list(self._ids)

    def _apply_action(self, action: int) -> None:
        self._ids = None
        if self._held is None:
            self._digits.append(int(action))
            if len(self._digits) == SEED_NODES:
                seed = 0
                for digit in self._digits:
                    seed = seed * SEED_BASE + digit
                cls = _SPECS[self._key].cls
                self._held = _Held(cls(seed=seed, **self._options).quiet())
            return
        game = self._held.game
        seat = game.to_move
        assert seat is not None
        self._held.changed()
        game.apply(action_space(game).action(int(action), seat))  # checked: names the rule

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self._held is None:
            return f"seed digit {action}"
        return str(action_space(self._held.game).action(int(action), int(player)))

    def is_terminal(self) -> bool:
        return self._held is not None and bool(self._held.game.is_over)

    def returns(self) -> list[float]:
        if self._held is None:
            return [0.0] * self.num_players()
        return _SPECS[self._key].utilities(self._held.game)

    # ------------------------------------------------------------- information
    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> FreightState:
        """A world ``player_id`` cannot tell from this one, drawn with ``probability_sampler``
        (the game's :meth:`~freight_freedom.core.Game.determinized`: deck orders and the RNG
        re-drawn)."""
        world: FreightState = self.clone()
        if self._held is not None:
            seed = int(float(probability_sampler()) * 2**62)
            world._held = self._held.determinized(int(player_id), seed)
            world._ids = None
        return world

    def __str__(self) -> str:
        if self._held is None:
            return f"{_SPECS[self._key].long_name}: choosing the seed"
        return f"{self._held.game!r}\n{self._held.game}"


class Observer:
    """OpenSpiel's PyObserver: the seat's view as a tensor and as a string."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: FreightState, player: int) -> None:
        held = state._held
        if held is None:  # before the seed: nothing is on the table yet
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = features(held.game, int(player), held.view(int(player)))

    def string_from(self, state: FreightState, player: int) -> str:
        held = state._held
        if held is None:
            return "start"
        game = held.game
        view = json.dumps(held.view(int(player)), sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return view
        return view + "\n" + " ".join(str(a) for a in game.history)


def register_games() -> dict[str, type[FreightGame]]:
    """Register with OpenSpiel every registered game of the package that has an action space
    and an observation encoding, and is not registered yet (this module does it for the games
    there are when it is imported; call it again after :func:`registry.register
    <freight_freedom.core.registry.register>`). Returns :data:`GAME_CLASSES`."""
    for key, spec in specs().items():
        if key in _SPECS:
            continue
        _SPECS[key] = spec
        cls = type(f"FreightGame_{key}", (FreightGame,), {"key": key})
        pyspiel.register_game(game_type(key), cls)
        GAME_CLASSES[key] = cls
    return GAME_CLASSES


register_games()
