"""What every verb is: one unit that owns its legal actions, apply, words and "why not" text.

A verb is one action kind of :data:`~..moves.MOVES` (``card``, ``play``, ``pass``...). A *phase
verb* is a decision a phase itself offers (the Planning and Action turns, the roll, the Slave
Market's deliveries): it says which of its actions are legal now (:meth:`Verb.offer`), carries
one out (:meth:`Verb.apply`), puts it in words (:meth:`Verb.words`, :meth:`Verb.seat_words`) and
says why one is not legal (:meth:`Verb.why_not`), as the core :class:`~...core.verb.Verb` it
extends declares. The other kinds are the choices of a pending
:mod:`decision <..decisions>`, which owns their rules; their verb holds only the words used when
no decision of theirs says more. Each verb is one subclass, registered by its kind in
:data:`VERBS`, as the decision kinds are in :data:`~..decisions.DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...core.action import Action
from ...core.i18n import _
from ...core.moves import Move
from ...core.verb import Verb as CoreVerb
from ...core.verb import Verbs
from ..context import Ctx
from ..state import FreedomState

if TYPE_CHECKING:
    from ...core.event import Event
    from ..game import Freedom

#: Every verb by its kind (the action's verb), filled by :meth:`Verb.__init_subclass__`.
VERBS: Verbs[Verb] = Verbs()


class Verb(CoreVerb[Ctx, FreedomState, "Freedom"]):
    """One action kind: its rules in the phases that offer it, and its words.

    Subclasses declare ``class BuyCardVerb(Verb, move=BuyCard, phases=("action",))``: ``move``
    is the typed reading (its ``KIND`` names the verb), ``phases`` the phases whose own decision
    it is (none for a decision's choice), and ``plain`` the words "Player 1 ..." when nothing
    more specific is said (marked with ``N_``, ``{who}`` the player: ``N_("{who} declines")``).
    One instance of each is kept in :data:`VERBS` (a core :class:`~...core.verb.Verbs` table: a
    second verb of a kind is a ``TypeError``).
    """

    plain: ClassVar[str | None]

    def __init_subclass__(
        cls, *, move: type[Move], phases: tuple[str, ...] = (), plain: str | None = None
    ) -> None:
        super().__init_subclass__(move=move, phases=phases)
        cls.plain = plain
        VERBS.add(cls)

    # ------------------------------------------------------------------ rules
    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        """Carry out a legal action of this verb."""
        raise TypeError(f"{self.kind!r} is a decision's choice, not a phase's")  # pragma: no cover

    # ------------------------------------------------------------------ words
    def seat_words(self, game: Freedom, seat: int, who: str) -> str | None:
        """The words for a player at the table (``seat`` is one) when :meth:`words` has none."""
        return _(self.plain).format(who=who) if self.plain else None

    def explain(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        """Rule and reason ``action`` is not legal now, when this verb has one to give (a
        pending decision explains its own choices): :meth:`why_not` in one of :attr:`phases`
        with no decision pending."""
        if st.pending or st.turn_ctx.phase not in self.phases:
            return None
        return self.why_not(ctx, st, action)
