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
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any, Final, Literal, cast

from .effect_kinds import BENEFICIAL, KINDS, QUEUE, REACTION, TRIGGERED, kinds_for

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
    "CardDataError",
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
ParamValue = int | str | bool

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
#: ``min_players`` values: 1 = every game, 3 = the card is marked "3-4 players" (FR-CARD-3).
MIN_PLAYERS_VALUES: Final = (1, 3)

_ID_RE: Final = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
_YEAR_RE: Final = re.compile(r"^(\d{4})(s?)$")


class CardDataError(ValueError):
    """The card data is malformed. ``card_id`` names the card (``None`` for the whole set) and
    ``field`` the part of it at fault (``"effects[0].people"``, ``"period"``, ``"cards"`` ...)."""

    def __init__(self, card_id: str | None, field: str, reason: str) -> None:
        self.card_id = card_id
        self.field = field
        self.reason = reason
        where = f"card {card_id!r}" if card_id is not None else "card set"
        super().__init__(f"{where}, field {field!r}: {reason}")


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

    def __post_init__(self) -> None:
        _validate_card(self)

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
        index: dict[str, AbolitionistCard] = {}
        for card in self.cards:
            if card.id in index:
                raise CardDataError(card.id, "id", "the id is used by two cards")
            index[card.id] = card
        object.__setattr__(self, "_index", MappingProxyType(index))
        _validate_set(self)

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
    def from_dict(cls, data: Mapping[str, Any]) -> CardSet:
        """Build and validate a card set from the parsed JSON of ``cards.json``."""
        if not isinstance(data, Mapping):
            raise CardDataError(None, "<root>", "the card data must be a JSON object")
        _exact_keys(None, "", data, frozenset({"format", "opposition_per_period", "cards"}))
        if data["format"] != 1:
            raise CardDataError(None, "format", f"unknown format {data['format']!r} (expected 1)")
        raw_cards = data["cards"]
        if not isinstance(raw_cards, list):
            raise CardDataError(None, "cards", "must be a list of card objects")
        cards = tuple(_parse_card(i, raw) for i, raw in enumerate(raw_cards))
        chart = _parse_chart(data["opposition_per_period"])
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

    The result is cached per path. Raises :class:`CardDataError` for malformed data.
    """
    try:
        if path is None:
            text = (
                resources.files(__package__ or "freight_freedom.freedom")
                .joinpath("data", "cards.json")
                .read_text(encoding="utf-8")
            )
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise CardDataError(None, "<file>", f"cannot read the card data: {exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(None, "<file>", f"not valid JSON: {exc}") from exc
    return CardSet.from_dict(data)


# ---------------------------------------------------------------------------- parsing

_CARD_KEYS: Final = frozenset(
    {
        "id",
        "name",
        "kind",
        "period",
        "year",
        "min_players",
        "timing",
        "trigger",
        "purchasable",
        "effects",
        "text",
        "note",
    }
)


def _exact_keys(
    card_id: str | None, where: str, raw: Mapping[str, Any], keys: frozenset[str]
) -> None:
    """Refuse a missing or unknown field; ``where`` prefixes the field name when not empty."""
    prefix = f"{where}." if where else ""
    missing = sorted(keys - set(raw))
    if missing:
        raise CardDataError(card_id, prefix + missing[0], "missing")
    extra = sorted(set(raw) - keys)
    if extra:
        raise CardDataError(card_id, prefix + str(extra[0]), "unknown field")


def _parse_card(i: int, raw: Any) -> AbolitionistCard:
    if not isinstance(raw, Mapping):
        raise CardDataError(None, f"cards[{i}]", "must be a JSON object")
    raw_id = raw.get("id")
    card_id = raw_id if isinstance(raw_id, str) else f"cards[{i}]"
    _exact_keys(card_id, "", raw, _CARD_KEYS)
    raw_effects = raw["effects"]
    if not isinstance(raw_effects, list):
        raise CardDataError(card_id, "effects", "must be a list of effect objects")
    effects: list[Effect] = []
    for j, eff in enumerate(raw_effects):
        if not isinstance(eff, Mapping) or not isinstance(eff.get("kind"), str):
            raise CardDataError(card_id, f"effects[{j}]", "must be an object with a text 'kind'")
        params = tuple((str(k), v) for k, v in eff.items() if k != "kind")
        effects.append(Effect(eff["kind"], params))
    return AbolitionistCard(
        id=cast(str, raw["id"]),
        name=raw["name"],
        kind=raw["kind"],
        period=raw["period"],
        year=raw["year"],
        min_players=raw["min_players"],
        effects=tuple(effects),
        text=raw["text"],
        note=raw["note"],
        trigger=raw["trigger"],
        purchasable=raw["purchasable"],
        timing=raw["timing"],
    )


def _parse_chart(raw: Any) -> dict[int, dict[int, int]]:
    if not isinstance(raw, Mapping):
        raise CardDataError(None, "opposition_per_period", "must be an object players -> row")
    chart: dict[int, dict[int, int]] = {}
    for pkey, row in raw.items():
        where = f"opposition_per_period[{pkey}]"
        if not (isinstance(pkey, str) and pkey.isdigit()) or not isinstance(row, Mapping):
            raise CardDataError(None, where, "keys are player counts, values period -> count")
        chart[int(pkey)] = {}
        for qkey, n in row.items():
            if not (isinstance(qkey, str) and qkey.isdigit()):
                raise CardDataError(None, f"{where}[{qkey}]", "keys are periods 1-3")
            chart[int(pkey)][int(qkey)] = n
    return chart


# ---------------------------------------------------------------------------- validation


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(card_id: str, name: str, value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise CardDataError(card_id, name, "must be non-empty text")


def _validate_effect(card_id: str, j: int, effect: Effect) -> None:
    where = f"effects[{j}]"
    if not isinstance(effect, Effect):
        raise CardDataError(card_id, where, "must be an Effect")
    spec = KINDS.get(effect.kind)
    if spec is None or effect.kind not in EFFECT_KINDS:
        raise CardDataError(card_id, f"{where}.kind", f"unknown effect kind {effect.kind!r}")
    names = [k for k, _ in effect.params]
    if len(set(names)) != len(names):
        raise CardDataError(card_id, where, "a parameter is given twice")
    for name, reason in spec.problems(dict(effect.params)):
        raise CardDataError(card_id, f"{where}.{name}", reason)


def _validate_card(card: AbolitionistCard) -> None:
    """Field-by-field checks of one card (FR-CARD-1..8, FR-CARD-12)."""
    cid = card.id
    if not isinstance(cid, str) or not _ID_RE.match(cid):
        raise CardDataError(str(cid), "id", "must be snake_case text like 'ripley_ohio'")
    _text(cid, "name", card.name)
    _text(cid, "text", card.text)
    _text(cid, "note", card.note)
    if card.kind not in ("general", "reserve", "opposition"):
        msg = f"must be general, reserve or opposition, not {card.kind!r}"
        raise CardDataError(cid, "kind", msg)
    if not _is_int(card.period) or card.period not in PERIODS:
        raise CardDataError(cid, "period", f"must be 1, 2 or 3, not {card.period!r}")
    if not isinstance(card.year, str):
        raise CardDataError(cid, "year", "must be text like '1834' or '1830s'")
    try:
        year_period = period_of_year(card.year)
    except ValueError as exc:
        raise CardDataError(cid, "year", str(exc)) from None
    if year_period != card.period:
        raise CardDataError(
            cid, "period", f"year {card.year} belongs to period {year_period}, not {card.period}"
        )
    if not _is_int(card.min_players) or card.min_players not in MIN_PLAYERS_VALUES:
        raise CardDataError(cid, "min_players", f"must be 1 or 3, not {card.min_players!r}")
    if not isinstance(card.purchasable, bool):
        raise CardDataError(cid, "purchasable", "must be true or false")
    if not isinstance(card.effects, tuple) or not 1 <= len(card.effects) <= 3:
        raise CardDataError(cid, "effects", "a card has 1-3 effects")
    for j, effect in enumerate(card.effects):
        _validate_effect(cid, j, effect)
    kinds = [e.kind for e in card.effects]

    if card.kind == "opposition":
        if card.timing != "now":
            raise CardDataError(cid, "timing", "Opposition cards have timing 'now'")
        if card.trigger not in ("queue", "discard", "bought"):
            msg = "Opposition cards need trigger 'queue', 'discard' or 'bought'"
            raise CardDataError(cid, "trigger", msg)
        allowed = OPPOSITION_QUEUE_KINDS if card.trigger == "queue" else OPPOSITION_TRIGGERED_KINDS
        for j, kind in enumerate(kinds):
            if kind not in allowed:
                raise CardDataError(
                    cid,
                    f"effects[{j}].kind",
                    f"{kind!r} is not an Opposition kind for trigger {card.trigger!r}",
                )
        if card.trigger == "bought" and not card.purchasable:
            raise CardDataError(cid, "purchasable", "a card triggered when bought must be buyable")
        return

    if card.trigger is not None:
        raise CardDataError(cid, "trigger", "only Opposition cards have a trigger")
    if card.purchasable is not True:
        raise CardDataError(cid, "purchasable", "General and Reserve cards can always be bought")
    if card.kind == "general":
        if card.timing != "now":
            raise CardDataError(cid, "timing", "General cards resolve when bought: timing 'now'")
        allowed = BENEFICIAL_KINDS
    elif card.timing == "action":
        allowed = BENEFICIAL_KINDS
    elif card.timing == "catcher_phase":
        allowed = REACTION_KINDS
    else:
        raise CardDataError(cid, "timing", "Reserve cards have timing 'action' or 'catcher_phase'")
    for j, kind in enumerate(kinds):
        if kind not in allowed:
            what = "a reaction kind" if allowed is REACTION_KINDS else "a beneficial kind"
            raise CardDataError(
                cid,
                f"effects[{j}].kind",
                f"{kind!r} is not {what}, as a {card.kind} card with timing {card.timing!r} needs",
            )


def _check_args(period: int, players: int) -> None:
    if period not in PERIODS:
        raise ValueError(f"period must be 1, 2 or 3, not {period!r}")
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 1-4, not {players!r}")


def _validate_set(cs: CardSet) -> None:
    """Whole-set checks: count, unique names, seeding chart, deck sizes (FR-CARD-1/4/9)."""
    if len(cs.cards) != CARD_COUNT:
        raise CardDataError(None, "cards", f"the box holds {CARD_COUNT} cards, not {len(cs.cards)}")
    names: dict[str, str] = {}
    for card in cs.cards:
        if not isinstance(card, AbolitionistCard):
            raise CardDataError(None, "cards", "every item must be an AbolitionistCard")
        if card.name in names:
            raise CardDataError(card.id, "name", f"the name is also used by {names[card.name]!r}")
        names[card.name] = card.id
    chart = cs.opposition_per_period
    if sorted(chart) != list(PLAYER_COUNTS):
        raise CardDataError(None, "opposition_per_period", "needs a row for each of 1-4 players")
    for players in PLAYER_COUNTS:
        row = chart[players]
        if sorted(row) != list(PERIODS):
            raise CardDataError(
                None, f"opposition_per_period[{players}]", "needs a count for each period 1-3"
            )
        for period in PERIODS:
            where = f"opposition_per_period[{players}][{period}]"
            n = row[period]
            available = len(cs.opposition(period, players))
            if not _is_int(n) or not 0 <= n <= available:
                raise CardDataError(
                    None, where, f"must be 0-{available} (the period's Opposition cards), not {n!r}"
                )
            size = len(cs.deck(period, players)) + n
            if size < MIN_PERIOD_DECK:
                raise CardDataError(
                    None,
                    where,
                    f"the period {period} deck for {players} player(s) would hold {size} cards; "
                    f"at least {MIN_PERIOD_DECK} are needed for 8 rounds",
                )
