"""The six Role cards as data: load and validate ``data/roles.json``.

A Role card has two sides. Each side has a recurring Benefit, split into *active* effects (used
with the ``benefit`` action once per Action Phase turn) and *passive* modifiers (always on while
that side is face up), and the card has one Special Ability, used once per game, after which the
card turns to side II [FR-ROLE-1..4]. The effects use the vocabulary of
``docs/rules/freedom_card_effects.md`` plus the "Role effects" listed there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .effect_kinds import KINDS, PASSIVE, ROLE, kinds_for

ROLE_NAMES = ("Agent", "Conductor", "Preacher", "Shepherd", "Station Master", "Stockholder")
#: Kinds a Benefit or Special Ability may use, and the passive modifiers (see .effect_kinds).
ACTIVE_KINDS = kinds_for(ROLE)
PASSIVE_KINDS = kinds_for(PASSIVE)
SPECIAL_PHASES = frozenset({"planning", "action", "other_turn"})


class RoleDataError(ValueError):
    """The role data file is malformed; the message names the role and field."""


@dataclass(frozen=True, slots=True)
class RoleSide:
    """One face of a Role card: active Benefit effects and passive modifiers."""

    benefit: tuple[dict[str, Any], ...]
    passive: tuple[dict[str, Any], ...]

    def passive_amount(self, kind: str) -> int:
        return sum(int(e.get("amount", 0)) for e in self.passive if e["kind"] == kind)


@dataclass(frozen=True, slots=True)
class Role:
    """A Role card: name, both sides, and the one-time Special Ability."""

    name: str
    history: str
    sides: tuple[RoleSide, RoleSide]
    special_phase: str
    special_text: str
    special: tuple[dict[str, Any], ...]

    def side(self, number: int) -> RoleSide:
        return self.sides[number - 1]

    @property
    def key(self) -> str:
        """The role name as a single word (for action notation): ``station_master``."""
        return self.name.lower().replace(" ", "_")


def _effects(raw: Any, allowed: frozenset[str], where: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list):
        raise RoleDataError(f"{where}: must be a list of effects")
    out = []
    for e in raw:
        if not isinstance(e, dict) or e.get("kind") not in allowed:
            raise RoleDataError(f"{where}: unknown effect {e!r}")
        params = {k: v for k, v in e.items() if k != "kind"}
        for name, reason in KINDS[e["kind"]].problems(params, ranges=False):
            raise RoleDataError(f"{where}: {name}: {reason}")
        out.append(dict(e))
    return tuple(out)


def parse_roles(data: Any) -> dict[str, Role]:
    """Validate the JSON document and build the roles; raises :class:`RoleDataError`."""
    if not isinstance(data, dict) or data.get("format") != "freight_freedom.freedom.roles":
        raise RoleDataError("roles.json: wrong format tag")
    roles: dict[str, Role] = {}
    for raw in data.get("roles", []):
        name = raw.get("name")
        if name not in ROLE_NAMES or name in roles:
            raise RoleDataError(f"roles.json: unknown or repeated role {name!r}")
        sides = []
        for number in ("1", "2"):
            side = raw["sides"][number]
            sides.append(RoleSide(
                _effects(side["benefit"], ACTIVE_KINDS, f"{name} side {number} benefit"),
                _effects(side["passive"], PASSIVE_KINDS, f"{name} side {number} passive"),
            ))
        special = raw["special"]
        if special.get("phase") not in SPECIAL_PHASES:
            raise RoleDataError(f"{name}: special phase must be one of {sorted(SPECIAL_PHASES)}")
        roles[name] = Role(
            name, str(raw.get("history", "")), (sides[0], sides[1]), special["phase"],
            str(special["text"]), _effects(special["effects"], ACTIVE_KINDS, f"{name} special"),
        )
    if set(roles) != set(ROLE_NAMES):
        raise RoleDataError(f"roles.json: needs exactly the roles {ROLE_NAMES}")
    return roles


@lru_cache(maxsize=1)
def load_roles() -> dict[str, Role]:
    """The six roles, by name (cached; the values are frozen)."""
    text = resources.files("freight_freedom.freedom").joinpath("data/roles.json").read_text("utf-8")
    return parse_roles(json.loads(text))
