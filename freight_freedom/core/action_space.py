"""A fixed action numbering: every action a game can ever offer has one integer id.

Learning and search frameworks (OpenSpiel, PettingZoo) want actions as integers from a range
declared up front, and a mask of the legal ones. An :class:`ActionSpace` is that range: each game
lists, once, every action its components and options allow (its entry's ``action_space``, e.g.
``slowfreight.action_space``), and the ids follow the order of that list.

Ids are relative to the seat deciding, as in OpenSpiel's own games: the same id means "the same
choice" whoever makes it, and the seat comes from whose decision it is. So an action and its id
round-trip given the seat: ``space.action(space.id(a), a.seat) == a``, and the notation with it
(``str(a)`` / :meth:`Action.parse`).

>>> space = ActionSpace("demo", [("pass", ()), ("take", (1,)), ("take", (2,))])
>>> space.size, space.id(Action(1, "take", (2,))), str(space.action(1, 0))
(3, 2, '0:take 1')
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .action import Action, Arg, show
from .errors import IllegalAction

if TYPE_CHECKING:
    from .game import Game

Entry = tuple[str, tuple[Arg, ...]]
"""One action without its seat: the verb and its arguments."""

RULE = "ACTION-SPACE"
"""The rule named by errors about ids (the numbering is ours, not the rulebook's)."""


class ActionSpace:
    """Every action of a game (per seat) in a fixed order; ids are positions in that order."""

    __slots__ = ("_ids", "_rows", "entries", "name")

    def __init__(self, name: str, entries: Iterable[Entry]) -> None:
        self.name = name
        self.entries: tuple[Entry, ...] = tuple((kind, tuple(args)) for kind, args in entries)
        self._ids: dict[Entry, int] = {}
        for i, entry in enumerate(self.entries):
            if entry in self._ids:
                raise ValueError(f"{name}: action {entry} is listed twice")
            self._ids[entry] = i
        # per seat, the Action values themselves, built on first use and shared
        self._rows: dict[int, list[Action]] = {}

    @property
    def size(self) -> int:
        """How many ids there are (OpenSpiel's ``num_distinct_actions``)."""
        return len(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"ActionSpace({self.name!r}, {self.size} actions)"

    def id(self, action: Action | str) -> int:
        """The id of ``action`` (an :class:`Action` or its notation).

        Raises :class:`IllegalAction` for an action outside the space: no game with these
        components and options can ever offer it.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        found = self._ids.get((action.kind, action.args))
        if found is None:
            raise IllegalAction(f"{show(str(action))} is not in the {self.name} action space "
                                f"({self.size} actions)", rule=RULE, action=action)
        return found

    def action(self, action_id: int, seat: int) -> Action:
        """The action numbered ``action_id`` taken by ``seat``; :class:`IllegalAction` for an id
        outside ``0 .. size - 1``."""
        try:  # numpy integers count as ints here
            index = -1 if isinstance(action_id, bool) else operator.index(action_id)
        except TypeError:
            index = -1
        if not 0 <= index < self.size:
            raise IllegalAction(f"action id must be 0 to {self.size - 1}, not {show(action_id)}",
                                rule=RULE)
        return self._row(seat)[index]

    def legal_ids(self, game: Game[Any]) -> list[int]:
        """The ids of ``game.legal_actions()``, ascending (``[]`` once the game is over)."""
        ids = self._ids
        return sorted(ids[(a.kind, a.args)] for a in game.legal_actions())

    def mask(self, game: Game[Any]) -> list[int]:
        """1 at the id of every legal action, else 0 (length :attr:`size`)."""
        return self.mask_of(self.legal_ids(game))

    def mask_of(self, legal_ids: Sequence[int]) -> list[int]:
        """The mask of already computed legal ids (so callers derive both from one list)."""
        out = [0] * self.size
        for i in legal_ids:
            out[i] = 1
        return out

    def _row(self, seat: int) -> list[Action]:
        row = self._rows.get(seat)
        if row is None:
            row = self._rows[seat] = [Action(seat, kind, args) for kind, args in self.entries]
        return row


def action_space(game: Game[Any]) -> ActionSpace:
    """The action space of ``game`` (its components and options), as its entry declares it."""
    from .registry import find

    entry = find(game)
    if entry is None or entry.action_space is None:
        raise IllegalAction(f"{type(game).__name__} declares no action space", rule=RULE)
    return entry.action_space(game)
