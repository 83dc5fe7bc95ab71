"""All component data of a game of Freedom gathered once, with the lookups the rules need.

The map, tokens, cards, Slave Market cards, Victory cards, dice and roles are immutable data
loaded by their own modules into a :class:`~.component_set.Components` set (the packaged one or
a teacher's). :class:`Ctx` bundles one set (each game holds its own: ``game.ctx``) and adds
plain-dict lookups (capacity, gold, triggers, path positions, a cache of reachable spaces) so that
the hot paths of the engine never call into networkx or search a tuple.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .board import Board
from .cards import AbolitionistCard, CardSet
from .component_set import Components
from .components import (
    ConductorStack,
    Dice,
    FundraisingStack,
    MarketCard,
    TokenBoard,
    VictoryCard,
    VictorySide,
)
from .roles import Role
from .state import FreedomState


@dataclass(eq=False)
class Ctx:
    """One component set and its derived lookups; one shared instance per set (:func:`context`)."""

    components: Components
    board: Board
    tokens: TokenBoard
    cards: CardSet
    market_cards: dict[str, MarketCard]
    victory: Mapping[int, VictoryCard]
    dice: Dice
    roles: dict[str, Role]
    capacity: dict[str, int | None] = field(default_factory=dict)
    money: dict[str, int] = field(default_factory=dict)
    region: dict[str, str] = field(default_factory=dict)
    triggers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    path_index: dict[str, dict[str, int]] = field(default_factory=dict)
    paths: dict[str, tuple[str, ...]] = field(default_factory=dict)
    canada_set: frozenset[str] = frozenset()
    plantation_set: frozenset[str] = frozenset()
    space_order: dict[str, int] = field(default_factory=dict)
    map_spaces: tuple[str, ...] = ()  # every non-Canada space, in map order
    canada_distance: dict[str, int] = field(default_factory=dict)
    card_by_id: dict[str, AbolitionistCard] = field(default_factory=dict)
    stack_kind: dict[str, str] = field(default_factory=dict)  # "conductor" | "fundraising"
    stack_period: dict[str, int] = field(default_factory=dict)
    _conductor: dict[str, ConductorStack] = field(default_factory=dict)
    _fundraising: dict[str, FundraisingStack] = field(default_factory=dict)
    _reach: dict[tuple[str, int, frozenset[str]], tuple[str, ...]] = field(default_factory=dict)
    #: :func:`.prices.queue_modifiers` by Queue contents (they depend on nothing else)
    queue_mods: dict[tuple[str | None, ...], dict[str, int]] = field(default_factory=dict)
    #: each Role side's passive modifiers summed by kind, by (role name, side number)
    passives: dict[tuple[str, int], dict[str, int]] = field(default_factory=dict)
    #: :func:`.prices.conductor_prices` by (Queue surcharge, Role discount)
    conductor_rows: dict[tuple[int, int], tuple[tuple[str, int, int], ...]] = field(
        default_factory=dict)

    def __post_init__(self) -> None:
        b = self.board
        order = list(b.spaces)
        self.space_order = {s: i for i, s in enumerate(order)}
        for sid, sp in b.spaces.items():
            self.capacity[sid] = sp.capacity
            self.money[sid] = sp.money
            self.region[sid] = sp.region
            self.triggers[sid] = tuple(b.triggers(sid))
        for colour, cp in b.catchers.items():
            self.paths[colour] = tuple(cp.path)
            self.path_index[colour] = {s: i for i, s in enumerate(cp.path)}
        self.canada_set = frozenset(b.canada)
        self.plantation_set = frozenset(b.plantations)
        self.map_spaces = tuple(s for s in order if s not in self.canada_set)
        # Breadth-first distance from every space to the nearest Canada space (bots use it).
        dist = {c: 0 for c in b.canada}
        frontier = list(b.canada)
        while frontier:
            nxt = []
            for s in frontier:
                for n in b.neighbours(s):
                    if n not in dist:
                        dist[n] = dist[s] + 1
                        nxt.append(n)
            frontier = nxt
        self.canada_distance = dist
        self.card_by_id = {c.id: c for c in self.cards.cards}
        self._conductor = {c.id: c for c in self.tokens.conductor}
        self._fundraising = {f.id: f for f in self.tokens.fundraising}
        for cs in self.tokens.conductor:
            self.stack_kind[cs.id] = "conductor"
            self.stack_period[cs.id] = cs.period
        for fs in self.tokens.fundraising:
            self.stack_kind[fs.id] = "fundraising"
            self.stack_period[fs.id] = fs.period
        for name, role in self.roles.items():
            for number, side in enumerate(role.sides, 1):
                self.passives[name, number] = {e.kind: side.passive_amount(e.kind)
                                                    for e in side.passive}

    # -------------------------------------------------------------- lookups
    def name(self, space: str) -> str:
        return self.board.spaces[space].name

    def reachable(self, origin: str, spaces: int, blocked: frozenset[str]) -> tuple[str, ...]:
        """Spaces within ``spaces`` steps of ``origin`` not passing through ``blocked`` (cached)."""
        key = (origin, spaces, blocked)
        hit = self._reach.get(key)
        if hit is None:
            found = self.board.reachable(origin, spaces, blocked)
            hit = tuple(sorted(found, key=self.space_order.__getitem__))
            if len(self._reach) > 200_000:
                self._reach.clear()
            self._reach[key] = hit
        return hit

    def passive(self, st: FreedomState, seat: int, kind: str) -> int:
        """The passive modifier ``kind`` of ``seat``'s Role side face up (0 if it has none)."""
        return self.passives[st.roles[seat], st.sides[seat]].get(kind, 0)

    def step_toward(self, colour: str, here: str, target: str) -> str:
        idx = self.path_index[colour]
        i, j = idx[here], idx[target]
        if i == j:
            return here
        return self.paths[colour][i + 1 if j > i else i - 1]

    def step_along(self, colour: str, here: str, direction: str, steps: int) -> str:
        path = self.paths[colour]
        i = self.path_index[colour][here]
        j = i - steps if direction == "west" else i + steps
        return path[max(0, min(len(path) - 1, j))]

    def conductor(self, stack: str) -> ConductorStack:
        return self._conductor[stack]

    def fundraising(self, stack: str) -> FundraisingStack:
        return self._fundraising[stack]

    def victory_side(self, st: FreedomState) -> VictorySide:
        return self.victory[st.players].side("challenging" if st.difficulty == "challenging"
                                             else "regular")

    def lost_limit(self, st: FreedomState) -> int:
        return int(self.victory_side(st).lost)

    def __reduce__(self) -> tuple[Any, tuple[Components]]:
        """Pickled as its component set: the receiving process rebuilds (or finds in its cache)
        the lookups, instead of receiving them and the reach cache with every game."""
        return (context, (self.components,))

    def freed_target(self, st: FreedomState) -> int:
        return int(self.victory_side(st).freed)


def context(components: Components | None = None) -> Ctx:
    """The lookups for ``components`` (default: the packaged set); one cached instance per set."""
    return _context(Components.packaged() if components is None else components)


@lru_cache(maxsize=16)
def _context(c: Components) -> Ctx:
    return Ctx(components=c, board=c.board, tokens=c.tokens, cards=c.cards,
               market_cards={m.id: m for m in c.market}, victory=c.victory, dice=c.dice,
               roles=dict(c.roles))
