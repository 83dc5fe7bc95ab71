"""The effect vocabulary of Freedom, declared once: each kind's rule ID, parameters and uses.

Cards and roles are data; their effects are ``{"kind": ..., <params>}`` objects whose kinds and
parameters are checked against :data:`KINDS` when the data loads (the JSON Schemas of
:mod:`.schemas` are built from it: cards with the ranges printed here, roles by name and type).
:mod:`.effects` holds the one function that resolves each kind that runs; the Opposition kinds
that hold while their card sits in the Queue are read by :func:`.prices.queue_modifiers`.
The kinds are listed in ``docs/rules/freedom_card_effects.md``.

A scheduled effect (:class:`ScheduledEffect`) is one effect waiting on ``state.effects`` with
the seat it acts for and the card, token or role it came from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from .state import FreedomState


@dataclass(frozen=True, slots=True)
class Int:
    """A whole-number parameter; cards must stay within ``lo``-``hi``."""

    lo: int
    hi: int


@dataclass(frozen=True, slots=True)
class Bool:
    """A true/false parameter."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A text parameter taking one of a few values (``()``: any text, e.g. a space id)."""

    options: tuple[str, ...] = ()


Param = Int | Bool | Choice
#: The value of one effect parameter (what :data:`Param` declares).
ParamValue = int | str | bool


@dataclass(frozen=True, slots=True)
class EffectKind:
    """One kind: its name, rule ID, parameters and where it may appear (``uses``)."""

    kind: str
    rule: str
    params: Mapping[str, Param]
    uses: frozenset[str]


# Where a kind may appear: on General / non-reaction Reserve cards, on reaction Reserve cards, on
# Opposition cards that hold in the Queue or trigger once, as a Role's active Benefit / Special
# Ability effect, or as a Role's passive modifier.
BENEFICIAL, REACTION, QUEUE, TRIGGERED = "beneficial", "reaction", "queue", "triggered"
ROLE, PASSIVE = "role", "passive"

_MOVE: dict[str, Param] = {"people": Int(1, 5), "spaces": Int(1, 3), "safe": Bool(),
         "origin": Choice(("any", "plantation"))}
_TABLE: tuple[tuple[str, str, dict[str, Param], tuple[str, ...]], ...] = (
    ("money", "FR-EFF-MONEY", {"amount": Int(1, 6)}, (BENEFICIAL, ROLE)),
    ("money_each", "FR-EFF-MONEY-EACH", {"amount": Int(1, 4)}, (BENEFICIAL, ROLE)),
    ("move", "FR-EFF-MOVE", _MOVE, (BENEFICIAL, ROLE)),
    ("support_discount", "FR-EFF-SUPPORT", {"amount": Int(1, 5)}, (BENEFICIAL,)),
    ("fundraise", "FR-EFF-FUNDRAISE",
     {"region": Choice(("south", "north")), "per_person": Int(1, 3)}, (BENEFICIAL,)),
    ("market_remove", "FR-EFF-MARKET-REMOVE", {"count": Int(1, 5)}, (BENEFICIAL,)),
    ("catcher_move", "FR-EFF-CATCHER-MOVE", {"spaces": Int(1, 3)}, (BENEFICIAL,)),
    ("queue_remove", "FR-EFF-QUEUE-REMOVE", {"count": Int(1, 3)}, (BENEFICIAL, ROLE)),
    ("cancel_catcher_roll", "FR-EFF-CANCEL-ROLL", {}, (REACTION,)),
    ("reduce_catcher_roll", "FR-EFF-REDUCE-ROLL", {"by": Int(1, 3)}, (REACTION,)),
    ("token_limit", "FR-EFF-TOKEN-LIMIT", {"max": Int(0, 1)}, (QUEUE,)),
    ("conductor_cost", "FR-EFF-CONDUCTOR-COST", {"delta": Int(1, 3)}, (QUEUE,)),
    ("support_cost", "FR-EFF-SUPPORT-COST", {"delta": Int(1, 5)}, (QUEUE,)),
    ("card_cost", "FR-EFF-CARD-COST", {"delta": Int(1, 3)}, (QUEUE,)),
    ("fundraising_cut", "FR-EFF-FUNDRAISING-CUT", {"delta": Int(1, 3)}, (QUEUE,)),
    ("pass_income_cut", "FR-EFF-PASS-CUT", {"delta": Int(1, 3)}, (QUEUE,)),
    ("catcher_extra", "FR-EFF-CATCHER-EXTRA", {"spaces": Int(1, 3)}, (QUEUE,)),
    ("capture_near_catchers", "FR-EFF-CAPTURE-NEAR", {"count": Int(1, 5)}, (TRIGGERED,)),
    ("catchers_advance", "FR-EFF-CATCHERS-ADVANCE", {"spaces": Int(1, 3)}, (TRIGGERED,)),
    ("market_add", "FR-EFF-MARKET-ADD", {"count": Int(1, 5)}, (TRIGGERED,)),
    ("money_loss_each", "FR-EFF-MONEY-LOSS", {"amount": Int(1, 6)}, (TRIGGERED,)),
    ("lost_add", "FR-EFF-LOST-ADD", {"count": Int(1, 3)}, (TRIGGERED,)),
    ("token_remove", "FR-EFF-TOKEN-REMOVE", {"count": Int(1, 3)}, (TRIGGERED,)),
    ("catcher_cut", "FR-EFF-ROLE-CATCHER-CUT", {}, (ROLE,)),
    ("market_remove_each", "FR-EFF-ROLE-MARKET-EACH", {"count": Int(1, 5)}, (ROLE,)),
    ("move_to", "FR-EFF-ROLE-MOVE-TO",
     {"people": Int(1, 5), "origin": Choice(("any", "plantation")), "destination": Choice()},
     (ROLE,)),
    ("safe_turn", "FR-EFF-ROLE-SAFE-TURN", {}, (ROLE,)),
    ("card_discount", "FR-ROLE-2", {"amount": Int(1, 3)}, (PASSIVE,)),
    ("conductor_discount", "FR-ROLE-2", {"amount": Int(1, 3)}, (PASSIVE,)),
    ("fundraising_bonus", "FR-ROLE-2", {"amount": Int(1, 3)}, (PASSIVE,)),
)
#: Every effect kind, by name.
KINDS: Mapping[str, EffectKind] = {
    kind: EffectKind(kind, rule, params, frozenset(uses)) for kind, rule, params, uses in _TABLE
}


def kinds_for(use: str) -> frozenset[str]:
    """The kinds that may appear as ``use`` (:data:`BENEFICIAL`, :data:`ROLE`, ...)."""
    return frozenset(k for k, spec in KINDS.items() if use in spec.uses)


@dataclass(frozen=True, slots=True)
class ScheduledEffect:
    """One effect waiting to resolve for ``seat``, from ``source`` (a card, token or role)."""

    kind: str
    seat: int
    source: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    @overload
    def get(self, name: str, default: None = None) -> ParamValue | None: ...
    @overload
    def get(self, name: str, default: ParamValue) -> ParamValue: ...
    def get(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        return dict(self.params).get(name, default)

    def __getitem__(self, name: str) -> ParamValue:
        return dict(self.params)[name]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **dict(self.params), "seat": self.seat, "source": self.source}


def effect_dict(effect: Any) -> dict[str, Any]:
    """An effect as a plain dict, from a card's Effect value or a role's dict."""
    if isinstance(effect, Mapping):
        return dict(effect)
    return {"kind": effect.kind, **dict(getattr(effect, "params", {}))}


def queue_effects(
    st: FreedomState, seat: int, effects: Iterable[Any], source: str, *, front: bool = False
) -> None:
    """Schedule ``effects`` (in order) for ``seat``; ``front`` runs them before anything queued."""
    items = []
    for e in effects:
        params = getattr(e, "params", None)
        if params.__class__ is tuple:  # a card's or role's Effect: its pairs as they are
            items.append(ScheduledEffect(e.kind, seat, source, params))
            continue
        d = effect_dict(e)
        kind = d.pop("kind")
        items.append(ScheduledEffect(kind, seat, source, tuple(d.items())))
    if front:
        st.effects[:0] = items
    else:
        st.effects.extend(items)
