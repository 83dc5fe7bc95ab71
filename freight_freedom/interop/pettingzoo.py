"""The registered games as PettingZoo AEC environments (extra ``rl``).

>>> from freight_freedom.interop.pettingzoo import env  # doctest: +SKIP
>>> e = env("slowfreight", players=2)                    # doctest: +SKIP
>>> e.reset(seed=1)                                       # doctest: +SKIP

Agents are ``player_0`` .. ``player_{n-1}`` (seats). Each observation is a dict, as PettingZoo's
card games have it: ``"observation"``, the seat's view as numbers (:mod:`.features`: no deck
order or other hidden information), and ``"action_mask"``, 1 at the ids (the game's fixed
action space) that are legal now, all 0 for the seats not deciding. A seat with a multi-step turn
(a movement, a take-cards turn) is selected again, as in PettingZoo's own card games. Rewards come
at the end: a cooperative game (Freedom) 1 to every seat on a win and 0 on a loss, a
competitive one (Slow Freight) each seat's final score. ``reset(seed=...)`` fixes the whole game
(set-up, shuffles, rolls); with no seed the next game's seed comes from the environment's own
generator, never the global ones. ``max_cycles`` truncates a game after that many rounds of
decisions (default: a bound no game reaches). An illegal id ends the game for everyone with
reward -1 to the seat that chose it (PettingZoo's ``TerminateIllegalWrapper``, as in its
classic games).
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        wrappers,
    )
except ImportError as exc:  # pragma: no cover - only without the extra
    raise ImportError("freight_freedom.interop.pettingzoo needs PettingZoo and Gymnasium: "
                      "pip install 'freight-freedom[rl]'") from exc

from ..core.action_space import ActionSpace, action_space
from ..core.errors import OptionError
from ..core.game import Game
from .features import feature_size, features
from .games import GameSpec, spec


def env(game: str | None = None, **kwargs: Any) -> AECEnv:
    """A wrapped AEC environment of ``game`` (any registered game's name, e.g.
    ``"slowfreight"``; ``None``: the first registered game, Freedom); keyword
    arguments are the game's options (``players=3``, ``difficulty="challenging"`` ...) and
    ``render_mode`` (``"ansi"`` or ``"human"``) and ``max_cycles``."""
    e: AECEnv = raw_env(game, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name for it)
    """The unwrapped environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"],
                                "name": "freight_freedom_v0", "is_parallelizable": False}

    def __init__(self, game: str | None = None, render_mode: str | None = None,
                 max_cycles: int | None = None, **options: Any) -> None:
        super().__init__()
        self.spec: GameSpec = spec(game)
        if "seed" in options:
            raise OptionError("seed", "the environment seeds each game: use reset(seed=...)")
        self.options = options
        probe = self.spec.cls(seed=0, **options)  # OptionError names a bad option
        players = int(probe.options["players"])
        self.space: ActionSpace = action_space(probe)
        self.metadata = {**self.metadata, "name": f"freight_freedom_{self.spec.key}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError("render_mode", f"one of {self.metadata['render_modes']} or None, "
                              f"not {render_mode!r}")
        if max_cycles is not None and (isinstance(max_cycles, bool)
                                       or not isinstance(max_cycles, int) or max_cycles < 1):
            raise OptionError("max_cycles", f"a whole number >= 1, not {max_cycles!r}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles if max_cycles is not None else \
            -(-self.spec.max_game_length(players) // players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = feature_size(probe)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=0.0, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game: Game[Any] | None = None
        self._mask = np.zeros(self.space.size, dtype=np.int8)
        self._decisions = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --------------------------------------------------------------------- play
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**62))
        self.game = self.spec.cls(seed=game_seed, **self.options).quiet()
        self._decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._refresh()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        seat = game.to_move
        assert seat is not None
        game.apply(self.space.action(int(action), seat))  # checked: names the rule
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.is_over:
            for a, value in zip(self.possible_agents, self.spec.utilities(game), strict=True):
                self.rewards[a] = value
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._decisions >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._refresh()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self._game()
        seat = self.possible_agents.index(agent)
        obs = np.asarray(features(game, seat), dtype=np.float32)
        mask = self._mask if agent == self.agent_selection and not game.is_over else \
            np.zeros(self.space.size, dtype=np.int8)
        return {"observation": obs, "action_mask": mask.copy()}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self._game())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ---------------------------------------------------------------- internals
    def _game(self) -> Game[Any]:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _refresh(self) -> None:
        """Select the seat deciding now (after the end: the first seat still in) and derive the
        mask once from the legal ids."""
        game = self._game()
        seat = game.to_move
        self._mask = np.zeros(self.space.size, dtype=np.int8)
        if seat is not None and not any(self.truncations.values()):
            self._mask[self.space.legal_ids(game)] = 1
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]
