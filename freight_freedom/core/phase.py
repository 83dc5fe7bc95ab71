"""Phases: which verbs a decision offers, in which order, under which rule.

A :class:`Phase` is a record: a key, the rule the phase plays under, the :class:`~.verb.Verb`\\ s
it offers in order and its general refusal (the rule and reason said of an action the phase
does not offer). The
legal actions of a phase are its verbs' offers one verb after another (:meth:`Phase.offered`);
why an action is not legal is its verb's :meth:`~.verb.Verb.why_not` when the phase offers that
kind, else the phase's general reason (:meth:`Phase.explain`). A game finds the phase of its
state itself (a field, or a small function of the state) and may extend the record (Freedom's
round adds ``start``, ``step`` and ``turns``).

>>> from freight_freedom.core import Action
>>> rest = Phase("rest", "DOC-REST-1", (), ("DOC-REST-2", "nobody acts while resting"))
>>> rest.offered(None, [], 0)
[]
>>> rest.explain(None, [], Action(0, "row"))
('DOC-REST-2', 'nobody acts while resting')
>>> Phase("wait", "DOC-WAIT-1").explain(None, [], Action(0, "row"))
('DOC-WAIT-1', 'not a legal choice now')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .action import Action
from .i18n import _
from .verb import Verb

C = TypeVar("C")
S = TypeVar("S")


@dataclass(frozen=True)
class Phase(Generic[C, S]):
    """One kind of decision: ``key`` names it, ``rule`` is the rule it plays under (its
    prompt's), ``verbs`` are the verbs it offers in the order their actions are listed,
    ``refusal`` is the rule and reason said of an action of a kind it does not offer (by
    default: ``rule``, "not a legal choice now").

    A phase whose general reason depends on the state overrides :meth:`refuse`.
    """

    key: str
    rule: str
    verbs: tuple[Verb[C, S, Any], ...] = ()
    refusal: tuple[str, str] | None = None
    _offers: tuple[Any, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the bound offer methods, once: offered() runs for nearly every decision of a game
        object.__setattr__(self, "_offers", tuple(verb.offer for verb in self.verbs))

    def offered(self, ctx: C, state: S, seat: int) -> list[Action]:
        """The legal actions of the phase's verbs for ``seat``, verb by verb in order."""
        out: list[Action] = []
        for offer in self._offers:
            offer(ctx, state, seat, out)
        return out

    def offers(self, kind: str) -> Verb[C, S, Any] | None:
        """The phase's verb of ``kind``, or ``None`` if the phase does not offer that kind."""
        for verb in self.verbs:
            if verb.kind == kind:
                return verb
        return None

    def explain(self, ctx: C, state: S, action: Action) -> tuple[str, str]:
        """Rule and reason ``action`` is not legal in this phase: its verb's why-not if the phase
        offers its kind and the verb has one, else the phase's general reason."""
        verb = self.offers(action.kind)
        if verb is not None:
            reason = verb.why_not(ctx, state, action)
            if reason is not None:
                return reason
        return self.refuse(ctx, state, action)

    def refuse(self, ctx: C, state: S, action: Action) -> tuple[str, str]:
        """The phase's general reason: ``(rule, reason)``."""
        return self.refusal or (self.rule, _("not a legal choice now"))
