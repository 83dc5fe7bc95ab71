"""Information-set Monte Carlo tree search, written once for every game.

:class:`ISMCTSBot` is single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)). One tree is grown over the deciding seat's
*information set*: every simulation starts from a fresh determinization
(``game.determinized(seat, seed)``: everything hidden from the seat, deck orders and future dice,
re-drawn), walks down the tree by UCB among the children that are legal in that determinization,
adds one node, plays on with a rollout policy (to the end, or to a horizon where the game's value
function scores the position) and backs the value up. Because the determinization depends only on
what the seat sees and on the seed, the bot never uses a real deck order.

- Nodes hold the value for the seat that made the move into them, so the search serves
  cooperative Freedom (one value for every seat) and general-sum Slow Freight alike.
- Availability counts: a child's exploration term uses how often it was *legal* when its parent
  was visited, not the parent's visits (the "subset-armed bandit" of the paper).
- The choice is the root child with the most visits (ties: the rollout policy's own choice,
  then the best mean value). With ``guided`` (the default) the policy's choice is also the
  first child added at every node: Freedom's decisions offer dozens of moves, and a budget of
  a few hundred simulations cannot try each of them at every level.
- Budget: ``strength`` simulations and/or ``seconds`` of CPU time (``time.process_time``, so
  other jobs on a shared machine change the time a decision takes, not the search done in it)
  per decision; at least one simulation is always run. With only ``strength``, the same seed
  gives the same decision on every machine.
- Seeded per position: a decision's random stream comes from the bot's seed and the number of
  steps played, so a bot asked twice about the same position answers the same.

A game's bot subclasses it with two hooks: :meth:`ISMCTSBot.rollout_policy` and
:meth:`ISMCTSBot.value` (a position's value for a seat, in [0, 1]).
"""

from __future__ import annotations

import math
import time
from abc import abstractmethod
from typing import Any

from .action import Action
from .bot import Bot, SeededBot
from .errors import OptionError
from .game import Game
from .rng import Rng


def _check_number(name: str, value: object, *, low: float, integer: bool,
                  allow_none: bool = False) -> Any:
    """``value`` if it is a number (an int when ``integer``) >= ``low`` (or ``None`` when
    allowed); else :class:`OptionError` naming the option."""
    if value is None and allow_none:
        return None
    kinds: tuple[type, ...] = (int,) if integer else (int, float)
    if (isinstance(value, bool) or not isinstance(value, kinds)
            or not math.isfinite(float(value)) or float(value) < low):  # type: ignore[arg-type]
        what = "an integer" if integer else "a number"
        none = " or None" if allow_none else ""
        raise OptionError(name, f"must be {what} >= {low:g}{none}, not {value!r}")
    return value


class _Node:
    """One node of the tree: the move into it, who made it, and its statistics."""

    __slots__ = ("action", "seat", "children", "visits", "avail", "total")

    def __init__(self, action: Action | None, seat: int) -> None:
        self.action = action
        self.seat = seat
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class ISMCTSBot(SeededBot):
    """Single-observer IS-MCTS (see the module docstring).

    ``strength``: simulations per decision (``None`` with ``seconds``: as many as the time
    allows). ``seconds``: CPU time per decision (``None``: no time limit). ``horizon``: decisions
    played ahead of the root in a simulation, tree and rollout together, before :meth:`value`
    scores the position (``None``: to the end of the game). ``exploration``: the UCB constant.
    ``rollout``: the name of the rollout policy (one of :attr:`ROLLOUTS`). ``guided`` (default):
    a node's first child is the rollout policy's own choice, and at the root a tie in visits
    goes to it, so a search with too few simulations to tell its choices apart plays like its
    policy rather than at random.
    """

    name = "ismcts"
    ROLLOUTS: tuple[str, ...] = ("random",)
    """The rollout policies a game offers, the default first."""
    DEFAULT_STRENGTH = 200
    DEFAULT_HORIZON: int | None = None

    def __init__(self, *, strength: int | None = None, seconds: float | None = None,
                 seed: int = 0, horizon: int | None | str = "default",
                 exploration: float = 0.7, rollout: str | None = None,
                 guided: bool = True) -> None:
        if strength is None and seconds is None:
            strength = self.DEFAULT_STRENGTH
        self.strength: int | None = _check_number("strength", strength, low=1, integer=True,
                                                  allow_none=True)
        self.seconds: float | None = _check_number("seconds", seconds, low=0.0, integer=False,
                                                   allow_none=True)
        if self.seconds == 0:
            raise OptionError("seconds", "must be more than 0 (or None for no time limit)")
        if horizon == "default":
            horizon = self.DEFAULT_HORIZON
        self.horizon: int | None = _check_number("horizon", horizon, low=1, integer=True,
                                                 allow_none=True)
        self.exploration: float = _check_number("exploration", exploration, low=0.0,
                                                integer=False)
        rollout = self.ROLLOUTS[0] if rollout is None else rollout
        if rollout not in self.ROLLOUTS:
            raise OptionError("rollout", f"must be one of {list(self.ROLLOUTS)}, not {rollout!r}")
        self.rollout = rollout
        if not isinstance(guided, bool):
            raise OptionError("guided", f"must be True or False, not {guided!r}")
        self.guided = guided
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError("seed", f"must be a non-negative integer, not {seed!r}")
        super().__init__(seed)
        self.seed = seed
        self.simulations = 0
        """Simulations run by the last decision that searched (for benchmarks)."""
        budget = [f"{strength}" if strength is not None else "",
                  f"{seconds:g}s" if seconds is not None else ""]
        self.name = "ismcts:" + "+".join(b for b in budget if b)

    def reseed(self, seed: int) -> None:
        """A fresh random stream (simulations re-seed each bot they copy)."""
        super().__init__(seed)
        self.seed = seed

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def rollout_policy(self, seed: int) -> Bot:
        """The bot that plays every seat of a rollout seeded ``seed`` (``self.rollout``)."""

    @abstractmethod
    def value(self, game: Any, seat: int) -> float:
        """How good the position of ``game`` (finished, or cut at the horizon) is for ``seat``,
        from 0 to 1."""

    # ------------------------------------------------------------------ search
    def decide(self, game: Game[Any], actions: list[Action]) -> Action:
        seat = actions[0].seat
        rng = Rng(self.seed * 1_000_003 + len(game.history), "ismcts")
        root = _Node(None, -1)
        base = game.copy().quiet() if not game.quieted else game
        deadline = (time.process_time() + self.seconds) if self.seconds is not None else None
        done = 0
        while True:
            self._simulate(base, seat, root, rng)
            done += 1
            if self.strength is not None and done >= self.strength:
                break
            if deadline is not None and time.process_time() >= deadline:
                break
        self.simulations = done
        legal = set(actions)
        hint = self.rollout_policy(rng.next64() >> 1).choose(game) if self.guided else None
        best = max((c for c in root.children.values() if c.action in legal),
                   key=lambda c: (c.visits, c.action == hint,
                                  c.total / c.visits if c.visits else 0.0),
                   default=None)
        if best is None or best.action is None:  # pragma: no cover - one simulation expands
            return actions[rng.below(len(actions))]
        return best.action

    def _expand_first(self, world: Game[Any], untried: list[Action], rng: Rng) -> Action:
        """The untried action to add to the tree: the rollout policy's own choice while it is
        untried (when ``guided``), else a seeded random one."""
        if self.guided:
            hint = self.rollout_policy(rng.next64() >> 1).choose(world)
            if hint in untried:
                return hint
        return untried[rng.below(len(untried))]

    def _simulate(self, base: Game[Any], seat: int, root: _Node, rng: Rng) -> None:
        """One simulation: determinize, select, expand, roll out, back up."""
        world = base.determinized(seat, rng.next64() >> 1)
        node = root
        path = [root]
        depth = 0
        horizon = self.horizon
        c = self.exploration
        while not world.is_over and (horizon is None or depth < horizon):
            legal = world.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = self._expand_first(world, untried, rng)
                child = _Node(action, action.seat)
                children[action] = child
                world.apply_unchecked(action)
                depth += 1
                path.append(child)
                break
            best: _Node | None = None
            best_score = -math.inf
            for a in legal:
                child = children[a]
                score = (child.total / child.visits
                         + c * math.sqrt(math.log(child.avail) / child.visits))
                if score > best_score:
                    best, best_score = child, score
            assert best is not None and best.action is not None
            world.apply_unchecked(best.action)
            depth += 1
            node = best
            path.append(best)
        if not world.is_over and (horizon is None or depth < horizon):
            policy = self.rollout_policy(rng.next64() >> 1)
            while not world.is_over and (horizon is None or depth < horizon):
                world.apply_unchecked(policy.choose(world))
                depth += 1
        values: dict[int, float] = {}
        for node in path[1:]:
            value = values.get(node.seat)
            if value is None:
                value = values[node.seat] = self.value(world, node.seat)
            node.visits += 1
            node.total += value
        root.visits += 1

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(strength={self.strength}, seconds={self.seconds}, "
                f"horizon={self.horizon}, rollout={self.rollout!r})")
