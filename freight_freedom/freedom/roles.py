"""The six Role cards as data: load and validate ``data/roles.json``.

A Role card has two sides. Each side has a recurring Benefit, split into *active* effects (used
with the ``benefit`` action once per Action Phase turn) and *passive* modifiers (always on while
that side is face up), and the card has one Special Ability, used once per game, after which the
card turns to side II [FR-ROLE-1..4]. The effects use the vocabulary of
``docs/rules/freedom_card_effects.md`` plus the "Role effects" listed there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.schema import validate
from .cards import Effect
from .data_files import read_packaged
from .schemas import ROLE_NAMES, ROLES

__all__ = ["ROLE_NAMES", "Role", "RoleSide", "load_roles", "parse_roles"]


@dataclass(frozen=True, slots=True)
class RoleSide:
    """One face of a Role card: active Benefit effects and passive modifiers."""

    benefit: tuple[Effect, ...]
    passive: tuple[Effect, ...]

    def passive_amount(self, kind: str) -> int:
        """The sum of the ``amount`` of this side's passive modifiers of ``kind``."""
        return sum(int(e.get("amount", 0)) for e in self.passive if e.kind == kind)


@dataclass(frozen=True, slots=True)
class Role:
    """A Role card: name, both sides, and the one-time Special Ability."""

    name: str
    history: str
    sides: tuple[RoleSide, RoleSide]
    special_phase: str
    special_text: str
    special: tuple[Effect, ...]

    def side(self, number: int) -> RoleSide:
        return self.sides[number - 1]

    @property
    def key(self) -> str:
        """The role name as a single word (for action notation): ``station_master``."""
        return self.name.lower().replace(" ", "_")


def parse_roles(data: Any, source: str = "roles.json") -> dict[str, Role]:
    """Validate the JSON document (its schema; each role exactly once) and build the roles.

    Raises :class:`~freight_freedom.core.errors.ComponentError` listing every problem.
    """
    validate(source, data, ROLES, _role_problems)
    roles = {}
    for raw in data["roles"]:
        sides = [RoleSide(_copy(s["benefit"]), _copy(s["passive"]))
                 for s in (raw["sides"]["1"], raw["sides"]["2"])]
        special = raw["special"]
        roles[raw["name"]] = Role(raw["name"], raw.get("history", ""), (sides[0], sides[1]),
                                  special["phase"], special["text"], _copy(special["effects"]))
    return {name: roles[name] for name in ROLE_NAMES}


def _copy(effects: list[dict[str, Any]]) -> tuple[Effect, ...]:
    """The JSON effects as the cards' typed :class:`~.cards.Effect` values (kind and params)."""
    return tuple(Effect(e["kind"], tuple((k, v) for k, v in e.items() if k != "kind"))
                 for e in effects)


def _role_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    names = [r["name"] for r in data["roles"]]
    out = [(f"roles[{i}].name", f"{n!r} is listed twice") for i, n in enumerate(names)
           if n in names[:i]]
    missing = [n for n in ROLE_NAMES if n not in names]
    return out + ([("roles", f"needs every role; missing {missing}")] if missing else [])


@lru_cache(maxsize=1)
def load_roles() -> dict[str, Role]:
    """The six roles, by name (cached; the values are frozen)."""
    return parse_roles(read_packaged("roles.json"))
