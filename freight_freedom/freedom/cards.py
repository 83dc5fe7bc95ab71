"""The 52 Abolitionist cards of Freedom as data: load and validate ``data/cards.json``.

A card is General (resolved when bought), Reserve (kept on the player mat and played later) or
Opposition (hurts while in the Queue, when discarded from it, or when bought). Every effect on a
card is one of the kinds of ``docs/rules/freedom_card_effects.md``; this module knows each kind's
parameters and their sane ranges and refuses data that breaks them, naming the card and field.
The card list, the Opposition seeding chart and the reasons behind them are in
``docs/rules/freedom_cards.md`` (rule IDs ``FR-CARD-*``).

>>> cards = load_cards()
>>> cards.by_id("ripley_ohio").name
'Ripley, Ohio'
>>> len(cards.deck(1, players=2)) + cards.opposition_per_period[2][1] >= 10
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal

from ..core.errors import ComponentError, Problem
from ..core.schema import validate
from .data_files import read_data_file, read_packaged
from .effect_kinds import BENEFICIAL, KINDS, QUEUE, REACTION, TRIGGERED, ParamValue, kinds_for
from .schemas import CARDS

__all__ = [
    "BENEFICIAL_KINDS",
    "CARD_COUNT",
    "EFFECT_KINDS",
    "EFFECT_PARAMS",
    "MIN_PERIOD_DECK",
    "OPPOSITION_QUEUE_KINDS",
    "OPPOSITION_TRIGGERED_KINDS",
    "REACTION_KINDS",
    "AbolitionistCard",
    "CardSet",
    "Effect",
    "EffectKind",
    "load_cards",
    "period_of_year",
]

EffectKind = str
"""One of the effect kinds of ``docs/rules/freedom_card_effects.md`` (see :data:`EFFECT_KINDS`)."""

CardKind = Literal["general", "reserve", "opposition"]
Trigger = Literal["queue", "discard", "bought"]
Timing = Literal["now", "action", "catcher_phase"]

#: Abolitionist cards in the box (FR-CARD-1).
CARD_COUNT: Final = 52
#: A period deck (General + Reserve usable with the player count, plus its Opposition cards) must
#: hold at least this many cards: 5 fill the Queue and 1-2 are drawn each later round (FR-CARD-9).
MIN_PERIOD_DECK: Final = 10
PERIODS: Final = (1, 2, 3)
PLAYER_COUNTS: Final = (1, 2, 3, 4)
#: First and last year of each period (FR-CARD-2).
PERIOD_YEARS: Final[Mapping[int, tuple[int, int]]] = MappingProxyType(
    {1: (1800, 1839), 2: (1840, 1859), 3: (1860, 1865)}
)
_YEAR_RE: Final = re.compile(r"^(\d{4})(s?)$")


# ---------------------------------------------------------------------------- effect vocabulary
# Declared once in .effect_kinds; these are the views card validation and its tests use.

#: Kinds General cards and non-reaction Reserve cards may carry (resolved when bought / played).
BENEFICIAL_KINDS: Final = kinds_for(BENEFICIAL)
#: Kinds only reaction Reserve cards carry (played in the Slave Catcher phase).
REACTION_KINDS: Final = kinds_for(REACTION)
#: Opposition kinds that hold while the card sits in the Queue (``trigger: "queue"``).
OPPOSITION_QUEUE_KINDS: Final = kinds_for(QUEUE)
#: Opposition kinds that happen once (``trigger: "discard"`` or ``"bought"``).
OPPOSITION_TRIGGERED_KINDS: Final = kinds_for(TRIGGERED)
#: Every effect kind a card may carry.
EFFECT_KINDS: Final = BENEFICIAL_KINDS | REACTION_KINDS | OPPOSITION_QUEUE_KINDS \
    | OPPOSITION_TRIGGERED_KINDS
#: Each kind's parameter names, sorted.
EFFECT_PARAMS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {kind: tuple(sorted(KINDS[kind].params)) for kind in EFFECT_KINDS}
)


def period_of_year(year: str) -> int:
    """The period (1-3) a card's year belongs to: ``"1834"`` -> 1, ``"1850s"`` -> 2 (FR-CARD-2).

    A decade counts by its first year. Raises :class:`ValueError` for text that is not a year
    from 1800 to 1865 or such a decade.
    """
    m = _YEAR_RE.match(year)
    if m is None:
        raise ValueError(f"{year!r} is not a year like '1834' or a decade like '1830s'")
    first = int(m.group(1))
    if m.group(2) and first % 10:
        raise ValueError(f"{year!r} is not a decade (a decade ends in 0s)")
    for period, (lo, hi) in PERIOD_YEARS.items():
        if lo <= first <= hi:
            return period
    raise ValueError(f"{year!r} lies outside the game's years 1800-1865")


# ---------------------------------------------------------------------------- value types


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card: a ``kind`` from the vocabulary and its parameters.

    ``params`` holds ``(name, value)`` pairs sorted by name, so equal effects compare and hash
    equal; the constructor sorts them. ``dict(effect.params)`` gives a plain dict.
    """

    kind: EffectKind
    params: tuple[tuple[str, ParamValue], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", tuple(sorted(self.params)))

    def get(self, name: str, default: Any = None) -> Any:
        """The value of parameter ``name``, or ``default`` when the effect has none."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> ParamValue:
        """The value of parameter ``name`` (``KeyError`` when the effect has none)."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def to_dict(self) -> dict[str, ParamValue]:
        """The effect as its JSON object: ``{"kind": ..., <params>}``."""
        return {"kind": self.kind, **dict(self.params)}


@dataclass(frozen=True, slots=True)
class AbolitionistCard:
    """One Abolitionist card (FR-CARD-1).

    ``timing`` says when it resolves: General and Opposition ``"now"``; Reserve ``"action"``
    (in its holder's Action Phase turn) or ``"catcher_phase"`` (reaction kinds). ``trigger`` and
    ``purchasable`` matter for Opposition cards only (``None`` / ``True`` otherwise). A card with
    ``min_players == 3`` is marked "3-4 players" and is removed from 1-2 player games.
    """

    id: str
    name: str
    kind: CardKind
    period: int
    year: str
    min_players: int
    effects: tuple[Effect, ...]
    text: str
    note: str
    trigger: Trigger | None
    purchasable: bool
    timing: Timing

    @property
    def is_reaction(self) -> bool:
        """True for a Reserve card played in the Slave Catcher phase (FR-CARD-6)."""
        return self.timing == "catcher_phase"

    def usable_with(self, players: int) -> bool:
        """Whether the card is in play with ``players`` players (FR-CARD-3)."""
        return players >= self.min_players

    def to_dict(self) -> dict[str, Any]:
        """The card as its JSON object in ``cards.json``."""
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "period": self.period,
            "year": self.year,
            "min_players": self.min_players,
            "timing": self.timing,
            "trigger": self.trigger,
            "purchasable": self.purchasable,
            "effects": [e.to_dict() for e in self.effects],
            "text": self.text,
            "note": self.note,
        }


@dataclass(frozen=True)
class CardSet:
    """All 52 cards in data order, plus the Opposition seeding chart (FR-CARD-4).

    ``opposition_per_period[players][period]`` is how many Opposition cards of that period are
    shuffled into the period deck in a game of ``players`` players. The set validates itself on
    construction (FR-CARD-1, FR-CARD-4, FR-CARD-9).
    """

    cards: tuple[AbolitionistCard, ...]
    opposition_per_period: Mapping[int, Mapping[int, int]]
    _index: Mapping[str, AbolitionistCard] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        chart = MappingProxyType(
            {p: MappingProxyType(dict(row)) for p, row in self.opposition_per_period.items()}
        )
        object.__setattr__(self, "opposition_per_period", chart)
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "_index", MappingProxyType({c.id: c for c in self.cards}))

    def __len__(self) -> int:
        return len(self.cards)

    def by_id(self, card_id: str) -> AbolitionistCard:
        """The card with id ``card_id``; :class:`KeyError` if there is none."""
        try:
            return self._index[card_id]
        except KeyError:
            raise KeyError(f"no Abolitionist card with id {card_id!r}") from None

    def deck(self, period: int, players: int) -> tuple[AbolitionistCard, ...]:
        """The General and Reserve cards of ``period`` in play with ``players`` (data order)."""
        _check_args(period, players)
        return tuple(
            c
            for c in self.cards
            if c.period == period and c.kind != "opposition" and c.usable_with(players)
        )

    def opposition(self, period: int, players: int) -> tuple[AbolitionistCard, ...]:
        """The Opposition cards of ``period`` usable with ``players`` (data order).

        The game shuffles them and seeds ``opposition_per_period[players][period]`` of them into
        the period deck (FR-CARD-4).
        """
        _check_args(period, players)
        return tuple(
            c
            for c in self.cards
            if c.period == period and c.kind == "opposition" and c.usable_with(players)
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "cards.json") -> CardSet:
        """Build a card set from the parsed JSON of ``cards.json``, validated: its schema, then
        FR-CARD-1..9 (raises :class:`~freight_freedom.core.errors.ComponentError`)."""
        try:
            validate(source, data, CARDS, _set_problems)
        except ComponentError as exc:
            raise ComponentError([_name_card(p, data) for p in exc.problems]) from None
        cards = tuple(AbolitionistCard(**{
            **raw, "effects": tuple(Effect(e["kind"], tuple((k, v) for k, v in e.items()
                                                            if k != "kind"))
                                    for e in raw["effects"])}) for raw in data["cards"])
        chart = {int(p): {int(q): n for q, n in row.items()}
                 for p, row in data["opposition_per_period"].items()}
        return cls(cards, chart)

    def to_dict(self) -> dict[str, Any]:
        """The set as the JSON object of ``cards.json``."""
        return {
            "format": 1,
            "opposition_per_period": {
                str(p): {str(k): v for k, v in row.items()}
                for p, row in self.opposition_per_period.items()
            },
            "cards": [c.to_dict() for c in self.cards],
        }


# ---------------------------------------------------------------------------- loading


@functools.cache
def load_cards(path: str | None = None) -> CardSet:
    """Load and validate the cards; ``path=None`` reads the packaged ``data/cards.json``.

    The result is cached per path. Raises :class:`~freight_freedom.core.errors.ComponentError`
    listing every problem of malformed data.
    """
    data = read_packaged("cards.json") if path is None else read_data_file(path)
    return CardSet.from_dict(data, "cards.json" if path is None else Path(path).name)


# ---------------------------------------------------------------------------- validation


def _name_card(problem: Problem, data: Any) -> Problem:
    """The problem with the card it is on named: ``cards[3].year`` gets ``(card 'quakers')``."""
    m = re.match(r"cards\[(\d+)\]", problem.where)
    cards = data.get("cards") if isinstance(data, Mapping) else None
    if m is None or not isinstance(cards, list) or not isinstance(cards[int(m[1])], Mapping):
        return problem
    cid = cards[int(m[1])].get("id")
    return Problem(problem.source, problem.where, f"{problem.reason} (card {cid!r})")


def _card_problems(raw: Mapping[str, Any]) -> list[tuple[str, str]]:
    """FR-CARD-2..7 on one card whose shape passed the schema: year, period and effect kinds."""
    out = []
    try:
        if period_of_year(raw["year"]) != raw["period"]:
            out.append(("period", f"year {raw['year']} belongs to period "
                                  f"{period_of_year(raw['year'])}, not {raw['period']}"))
    except ValueError as exc:
        out.append(("year", str(exc)))
    kind, timing, trigger = raw["kind"], raw["timing"], raw["trigger"]
    if kind == "opposition":
        allowed = OPPOSITION_QUEUE_KINDS if trigger == "queue" else OPPOSITION_TRIGGERED_KINDS
        what = f"an Opposition kind for trigger {trigger!r}"
        if timing != "now":
            out.append(("timing", "Opposition cards have timing 'now'"))
        if trigger is None:
            out.append(("trigger", "Opposition cards need trigger 'queue', 'discard' or 'bought'"))
        if trigger == "bought" and not raw["purchasable"]:
            out.append(("purchasable", "a card triggered when bought must be buyable"))
    else:
        allowed = REACTION_KINDS if timing == "catcher_phase" else BENEFICIAL_KINDS
        what = (f"{'a reaction' if allowed is REACTION_KINDS else 'a beneficial'} kind, as a "
                f"{kind} card with timing {timing!r} needs")
        if trigger is not None:
            out.append(("trigger", "only Opposition cards have a trigger"))
        if not raw["purchasable"]:
            out.append(("purchasable", "General and Reserve cards can always be bought"))
        if kind == "general" and timing != "now":
            out.append(("timing", "General cards resolve when bought: timing 'now'"))
        if kind == "reserve" and timing == "now":
            out.append(("timing", "Reserve cards have timing 'action' or 'catcher_phase'"))
    return out + [(f"effects[{j}].kind", f"{e['kind']!r} is not {what}")
                  for j, e in enumerate(raw["effects"]) if e["kind"] not in allowed]


def _set_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every card's checks, then the set's: count, unique ids and names, the seeding chart and
    deck sizes (FR-CARD-1/4/9)."""
    raw_cards = data["cards"]
    out = [(f"cards[{i}].{where}", reason) for i, raw in enumerate(raw_cards)
           for where, reason in _card_problems(raw)]
    if len(raw_cards) != CARD_COUNT:
        out.append(("cards", f"the box holds {CARD_COUNT} cards, not {len(raw_cards)}"))
    for key in ("id", "name"):
        first: dict[str, str] = {}
        for i, raw in enumerate(raw_cards):
            if raw[key] in first:
                out.append((f"cards[{i}].{key}", f"also used by {first[raw[key]]!r}"))
            first.setdefault(raw[key], raw["id"])
    for players in PLAYER_COUNTS:
        for period in PERIODS:
            n = data["opposition_per_period"][str(players)][str(period)]
            usable = [c for c in raw_cards if c["period"] == period
                      and players >= c["min_players"]]
            available = sum(c["kind"] == "opposition" for c in usable)
            where = f"opposition_per_period[{players}][{period}]"
            if n > available:
                out.append((where, f"must be 0-{available} (the period's Opposition cards), "
                                   f"not {n}"))
            size = len(usable) - available + n
            if size < MIN_PERIOD_DECK:
                out.append((where, f"the period {period} deck for {players} player(s) would "
                                   f"hold {size} cards; at least {MIN_PERIOD_DECK} are needed "
                                   "for 8 rounds"))
    return out


def _check_args(period: int, players: int) -> None:
    if period not in PERIODS:
        raise ValueError(f"period must be 1, 2 or 3, not {period!r}")
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 1-4, not {players!r}")
