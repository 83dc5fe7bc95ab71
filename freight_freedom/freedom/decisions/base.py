"""What every pending decision is: a small frozen value that owns its own rules.

A card, token or role effect that needs a player's choice pushes a :class:`Decision` onto
``state.pending`` (top = last); the engine waits until it is resolved, and the rest of the effect
waits behind it. Each kind is one subclass in its own module of this package, and it alone knows
its legal actions, how an action resolves it, its prompt, the words for its actions and why an
action is not legal. The values are frozen: resolving one replaces it on the stack (or pops it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.action import Action
from ...core.i18n import _
from ...core.moves import Move
from ...core.say import say
from ..text import player, source_words

if TYPE_CHECKING:
    from ...core.event import Event
    from ..context import Ctx
    from ..state import FreedomState

#: Every decision kind by its name, filled by :meth:`Decision.__init_subclass__`.
DECISIONS: dict[str, type[Decision]] = {}


def plural(n: int, one: str, many: str) -> str:
    """``1 person`` / ``3 people``: prompts read as sentences."""
    return f"{n} {one if n == 1 else many}"


@dataclass(frozen=True)
class Decision(ABC):
    """A decision the engine waits for: who decides (``seat``) and what asked for it."""

    kind: ClassVar[str]
    rule: ClassVar[str]
    finish: ClassVar[tuple[type[Move], str] | None]
    seat: int
    source: str

    def __init_subclass__(
        cls, *, kind: str, rule: str, finish: tuple[type[Move], str] | None = None
    ) -> None:
        """``class Move(Decision, kind="move", rule="FR-MOVE-1", finish=(Stop, N_("{who} stops
        moving people ({source}).")))`` declares and registers a kind; ``finish`` is the kind of
        move that ends the decision at the player's word, and what the log then says (marked
        words: ``{who}`` is the player, ``{source}`` what set the decision off)."""
        cls.kind, cls.rule, cls.finish = kind, rule, finish
        DECISIONS[kind] = cls

    # ------------------------------------------------------------------ rules
    @abstractmethod
    def choices(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        """The legal actions other than the finishing one, in a deterministic order."""

    @abstractmethod
    def choose(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        """Resolve a legal choice; ``self`` is the top of ``st.pending``."""

    def legal(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        """The legal actions: the choices, then the finishing action if the kind has one."""
        out = self.choices(ctx, st)
        if self.finish is not None:
            out.append(self.finish[0].action_for(self.seat))
        return out

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        """Resolve a legal action: finish the decision or :meth:`choose`."""
        if self.finish is not None and action.kind == self.finish[0].KIND:
            self.stop(st, ev, self.finish[1])
        else:
            self.choose(ctx, st, action, ev)

    def exhausted(self, ctx: Ctx, st: FreedomState) -> bool:
        """True when the decision has nothing left to offer and leaves the stack unasked."""
        return False

    def stop(self, st: FreedomState, ev: list[Event], what: str) -> None:
        """Take the decision off the stack at the player's word (stop, skip, decline); ``what``
        is the marked words the log says (``{who}``, ``{source}``)."""
        from ...core.event import narrating
        from ..events import SeatActs

        st.pending.pop()
        if narrating(ev):
            ev.append(SeatActs(say(what, who=player(self.seat),
                                   source=source_words(self.source)), self.rule, self.seat))

    # ------------------------------------------------------------------ words
    @abstractmethod
    def prompt(self, ctx: Ctx) -> str:
        """The decision in words (the rule is :attr:`rule`)."""

    def describe(self, ctx: Ctx, st: FreedomState, action: Action, who: str) -> str | None:
        """Words for ``action`` that depend on this decision (``None``: the generic words)."""
        return None

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str]:
        """Rule and reason for an action that is not legal while this decision waits."""
        return self.rule, _("first finish: {prompt}").format(prompt=self.prompt(ctx))

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict[str, Any]:
        """Plain data for the state's digest and inspection: ``{"kind": ..., <fields>}``."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            data[f.name] = getattr(self, f.name)
        return data
