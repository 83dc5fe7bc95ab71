"""Verbs: one action kind each, owning its legal actions, its rule, its words and its "why not".

A game declares one :class:`Verb` subclass per action kind and gathers them in its own
:class:`Verbs` table (per game: two games may both have a ``pass``). The rules then never branch
on kind strings: the table finds the verb of an action, and a :class:`~.phase.Phase` lists the
verbs it offers, in order. A verb is generic in what its rules read: ``C``, the game's fixed
context (component look-ups; ``None`` for a game that keeps everything in its state), ``S``, the
state, and ``W``, what its words are made from (the game, or just the state).

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> from freight_freedom.core import Action, Event
>>> from freight_freedom.core.moves import Move
>>> @dataclass(frozen=True, slots=True)
... class Row(Move):
...     KIND: ClassVar[str] = "row"
...     RULE: ClassVar[str] = "DOC-ROW-1"
>>> class RowVerb(Verb[None, list, list], move=Row, phases=("turn",)):
...     def offer(self, ctx, state, seat, out):
...         if state[seat] < 3:
...             out.append(Action(seat, "row"))
...     def apply(self, ctx, state, action, events):
...         state[action.seat] += 1
...         events.append(Event("DOC-ROW-1", f"Player {action.seat + 1} rows"))
...     def why_not(self, ctx, state, action):
...         return "DOC-ROW-1", "the boat is at the end of the river"
>>> VERBS = Verbs(RowVerb)
>>> docks, out, events = [0, 3], [], []
>>> VERBS["row"].offer(None, docks, 0, out); [str(a) for a in out]
['0:row']
>>> VERBS["row"].apply(None, docks, out[0], events); docks, [str(e) for e in events]
([1, 3], ['[DOC-ROW-1] Player 1 rows'])
>>> VERBS["row"].why_not(None, docks, Action(1, "row"))
('DOC-ROW-1', 'the boat is at the end of the river')
>>> Verbs(RowVerb, RowVerb)
Traceback (most recent call last):
TypeError: two verbs are called 'row'
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from .action import Action
from .event import Event
from .moves import Move

C = TypeVar("C")
S = TypeVar("S")
W = TypeVar("W")
V = TypeVar("V", bound="Verb[Any, Any, Any]")


class Verb(Generic[C, S, W]):
    """One action kind: the phases that offer it, its legal actions, apply, words, why not.

    Declare one with ``class TakeVerb(Verb[None, State, State], move=Take, phases=("turn",))``:
    ``move`` is the kind's typed reading (:class:`~.moves.Move`; its ``KIND`` names the verb),
    ``phases`` the keys of the phases that offer it (none for a kind that is only ever the
    answer to a game's own pending decision). A class without ``move`` is a base for a game's
    verbs, not a verb. Verbs hold no state: one instance of each serves every game.
    """

    kind: ClassVar[str]
    move: ClassVar[type[Move]]
    phases: ClassVar[frozenset[str]]

    def __init_subclass__(cls, *, move: type[Move] | None = None, phases: tuple[str, ...] = (),
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if move is not None:
            cls.kind, cls.move, cls.phases = move.KIND, move, frozenset(phases)

    def offer(self, ctx: C, state: S, seat: int, out: list[Action]) -> None:
        """Append this verb's legal actions for ``seat`` now to ``out``, in a fixed order."""

    def apply(self, ctx: C, state: S, action: Action, events: list[Event]) -> None:
        """Carry out a legal action of this verb, appending the events it causes to ``events``."""
        raise TypeError(f"{self.kind!r} is not carried out by its verb")  # pragma: no cover

    def words(self, reader: W, move: Move, who: str) -> str | None:
        """The action in words from its typed reading (``who``: "Player 2"), or ``None`` for
        the game's generic words."""
        return None

    def why_not(self, ctx: C, state: S, action: Action) -> tuple[str, str] | None:
        """Rule and reason ``action`` (of this kind, in a phase that offers it) is not legal, or
        ``None`` for the phase's general reason."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind!r}>"


class Verbs(dict[str, V]):
    """One game's verbs by kind: built from verb classes (one instance of each), read as a
    dict (a plain one, so the rules' look-ups cost what a dict's do). Verbs go in only through
    :meth:`add`, which refuses a second verb of a kind with a :class:`TypeError`."""

    def __init__(self, *verbs: type[V]) -> None:
        super().__init__()
        for verb in verbs:
            self.add(verb)

    def add(self, verb: type[V]) -> V:
        """Make one instance of ``verb`` and file it under its kind; returns it."""
        kind = getattr(verb, "kind", None)
        if kind is None:
            raise TypeError(f"{verb.__name__} declares no move, so it is no verb")
        if kind in self:
            raise TypeError(f"two verbs are called {kind!r}")
        made = verb()
        dict.__setitem__(self, kind, made)
        return made

    def named(self, *kinds: str) -> tuple[V, ...]:
        """The verbs of ``kinds``, in that order (what a phase offers)."""
        return tuple(self[k] for k in kinds)

    def __setitem__(self, kind: str, verb: V) -> None:
        raise TypeError("a verb goes into its table with Verbs.add")

    def __repr__(self) -> str:
        return f"Verbs({', '.join(self)})"
