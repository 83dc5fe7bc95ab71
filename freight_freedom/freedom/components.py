"""Freedom's simple components as data: the token board, Slave Market cards, Victory cards, dice.

Each component lives in a JSON file in ``freight_freedom/freedom/data`` so that a teacher who owns
the physical box can correct a value without touching code (see :mod:`.component_set`). The
loaders here read those files into frozen dataclasses, check them against their JSON Schema
(:mod:`.schemas`) and the rules the box must obey (raising one
:class:`~freight_freedom.core.errors.ComponentError` that lists every problem with its file and
field) and cache the result. Every number and the reasoning behind it is recorded in
``docs/rules/freedom_components.md`` (rules ``FR-TOK-*``, ``FR-MKT-*``, ``FR-VIC-*``,
``FR-DICE-*``); most are our rulings, since the published tables have never been made public.

Each loader also has a ``from_dict``/``parse_*`` twin that validates an already parsed dict, used
by tests (tampered copies) and by anyone loading a corrected file from elsewhere.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from ..core.schema import validate
from .board import Direction, Region
from .data_files import read_data_file, read_packaged
from .schemas import DICE, MARKET, TOKENS, VICTORY

__all__ = [
    "BOX_CONDUCTOR",
    "BOX_FUNDRAISING",
    "BOX_PEOPLE",
    "BOX_SUPPORT",
    "MARKET_CARD_COUNT",
    "MARKET_DECK_SIZE",
    "PLAYER_COUNTS",
    "WALK",
    "ConductorStack",
    "Dice",
    "Difficulty",
    "FundraisingStack",
    "HarderExtraSupport",
    "MarketCard",
    "MovementFace",
    "Period",
    "TokenBoard",
    "VictoryCard",
    "VictorySide",
    "load_dice",
    "load_market",
    "load_tokens",
    "load_victory",
    "market_cards_for",
    "parse_market",
    "parse_victory",
]

#: Player counts the game supports; every per-player table must cover exactly these.
PLAYER_COUNTS: tuple[int, ...] = (1, 2, 3, 4)
#: Box contents (FR-TOK-1, certain): Support, Conductor and Fundraising tokens, and cubes.
BOX_SUPPORT = 17
BOX_CONDUCTOR = 27
BOX_FUNDRAISING = 13
BOX_PEOPLE = 96
#: Slave Market cards in the box (FR-MKT-1, certain).
MARKET_CARD_COUNT = 18
#: The Slave Catcher die face on which no catcher moves (a walking figure on the real die).
WALK = "walk"

Difficulty = Literal["regular", "challenging"]


def _by_players(raw: Mapping[str, int]) -> Mapping[int, int]:
    """A ``{"1": n, "2": n, "3": n, "4": n}`` object as an int -> int mapping."""
    return MappingProxyType({int(k): v for k, v in sorted(raw.items())})


# ---------------------------------------------------------------------- token board (FR-TOK-*)


@dataclass(frozen=True, slots=True)
class Period:
    """One of the three period columns of the token board."""

    number: int
    name: str
    start_year: int
    end_year: int


@dataclass(frozen=True, slots=True)
class ConductorStack:
    """A stack of identical Conductor tokens: move up to ``people`` people, each up to ``spaces``.

    ``count_by_players[n]`` tokens are stacked for an ``n``-player game. The last token of every
    stack is the grey one, which returns to the board when played (FR-TOK-4), so the engine only
    needs the count: when a stack is down to one token, that token is grey.
    """

    id: str
    period: int
    people: int
    spaces: int
    cost: int
    count_by_players: Mapping[int, int]

    def count(self, players: int) -> int:
        """Tokens in this stack at set-up for a game of ``players`` players."""
        return self.count_by_players[players]

    @property
    def label(self) -> str:
        """Short text such as ``"2 people x 1 space, $2"``."""
        who = "person" if self.people == 1 else "people"
        where = "space" if self.spaces == 1 else "spaces"
        return f"{self.people} {who} x {self.spaces} {where}, ${self.cost}"


@dataclass(frozen=True, slots=True)
class FundraisingStack:
    """A period's stack of free Fundraising tokens (FR-TOK-5).

    Playing one pays ``per_person`` dollars for each person standing in a space of ``region``:
    green southern spaces (plantations included) in Periods I-II, blue northern cities in III.
    """

    id: str
    period: int
    count_by_players: Mapping[int, int]
    region: Region
    per_person: int

    def count(self, players: int) -> int:
        """Tokens in this stack at set-up for a game of ``players`` players."""
        return self.count_by_players[players]


@dataclass(frozen=True, slots=True)
class HarderExtraSupport:
    """The harder option's extra Support token(s): ``count`` more in ``period`` (FR-TOK-3)."""

    period: int
    count: int


@dataclass(frozen=True)
class TokenBoard:
    """Everything printed or stacked on the token board, by period and player count."""

    periods: tuple[Period, ...]
    support_price: int
    support_by_players: Mapping[int, Mapping[int, int]]
    harder_extra_support: HarderExtraSupport
    conductor: tuple[ConductorStack, ...]
    fundraising: tuple[FundraisingStack, ...]

    def support_count(self, players: int, period: int, *, harder: bool = False) -> int:
        """Support tokens in ``period``'s column for ``players`` players (plus the harder extra)."""
        n = self.support_by_players[players][period]
        extra = self.harder_extra_support
        return n + (extra.count if harder and extra.period == period else 0)

    def total_support(self, players: int, *, harder: bool = False) -> int:
        """All Support tokens that must be bought to win."""
        return sum(self.support_count(players, p.number, harder=harder) for p in self.periods)

    def conductor_stacks(self, period: int) -> tuple[ConductorStack, ...]:
        """The Conductor stacks of one period column, in board order."""
        return tuple(s for s in self.conductor if s.period == period)

    def fundraising_stacks(self, period: int) -> tuple[FundraisingStack, ...]:
        """The Fundraising stacks of one period column, in board order."""
        return tuple(s for s in self.fundraising if s.period == period)

    def conductor_total(self, players: int) -> int:
        """Conductor tokens on the board at set-up."""
        return sum(s.count(players) for s in self.conductor)

    def fundraising_total(self, players: int) -> int:
        """Fundraising tokens on the board at set-up."""
        return sum(s.count(players) for s in self.fundraising)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<dict>") -> TokenBoard:
        """Validate a parsed ``tokens.json``; ``source`` names it in error messages."""
        validate(source, data, TOKENS, _token_problems)
        sup = data["support"]
        return cls(
            periods=tuple(Period(**p) for p in data["periods"]),
            support_price=sup["price"],
            support_by_players=MappingProxyType(
                {int(n): _by_players(row) for n, row in sorted(sup["by_players"].items())}),
            harder_extra_support=HarderExtraSupport(**sup["harder_extra"]),
            conductor=tuple(ConductorStack(**{**c, "count_by_players": _by_players(
                c["count_by_players"])}) for c in data["conductor"]),
            fundraising=tuple(FundraisingStack(**{**f, "count_by_players": _by_players(
                f["count_by_players"])}) for f in data["fundraising"]),
        )

    @classmethod
    def from_file(cls, path: str | Path) -> TokenBoard:
        """Load and validate a token file from an arbitrary path."""
        p = Path(path)
        return cls.from_dict(read_data_file(p), source=p.name)


@functools.cache
def load_tokens() -> TokenBoard:
    """The packaged token board (``data/tokens.json``), validated and cached."""
    return TokenBoard.from_dict(read_packaged("tokens.json"), source="tokens.json")


def _token_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """FR-TOK-1..6 beyond the schema: numbering, monotone counts, the box's totals."""
    out = [(f"periods[{i}].number", f"periods are numbered 1, 2, 3 in order; got {p['number']}")
           for i, p in enumerate(data["periods"]) if p["number"] != i + 1]
    out += [(f"periods[{i}].end_year", "must not come before start_year")
            for i, p in enumerate(data["periods"]) if p["end_year"] < p["start_year"]]
    sup = data["support"]
    totals = [sum(sup["by_players"][n].values()) for n in sorted(sup["by_players"])]
    if totals != sorted(totals):
        out.append(("support.by_players", "more players must never mean less Support"))
    if totals[-1] + sup["harder_extra"]["count"] != BOX_SUPPORT:
        out.append(("support", f"4 players + harder extra must use all {BOX_SUPPORT}, "
                               f"not {totals[-1] + sup['harder_extra']['count']}"))
    seen: set[str] = set()
    for key, box in (("conductor", BOX_CONDUCTOR), ("fundraising", BOX_FUNDRAISING)):
        for i, stack in enumerate(data[key]):
            if stack["id"] in seen:
                out.append((f"{key}[{i}].id", f"duplicate token id {stack['id']!r}"))
            seen.add(stack["id"])
            counts = [stack["count_by_players"][n] for n in sorted(stack["count_by_players"])]
            if counts != sorted(counts):
                out.append((f"{key}[{i}].count_by_players",
                            "more players must never mean fewer tokens"))
        n4 = sum(s["count_by_players"]["4"] for s in data[key])
        if n4 != box:
            out.append((key, f"4-player counts must sum to {box}, not {n4}"))
    out += [("conductor", f"period {p} has no Conductor stack") for p in (1, 2, 3)
            if not any(s["period"] == p for s in data["conductor"])]
    return out


# ---------------------------------------------------------------------- Slave Market (FR-MKT-*)

#: Cards in a game's Slave Market deck, whatever the player count (FR-MKT-2, certain).
MARKET_DECK_SIZE = 8


@dataclass(frozen=True, slots=True)
class MarketCard:
    """A Slave Market card: ``people`` are delivered to the plantations when it is resolved.

    ``players`` are the player counts whose deck may include the card.
    """

    id: str
    people: int
    players: frozenset[int]


def parse_market(data: Mapping[str, Any], source: str = "<dict>") -> tuple[MarketCard, ...]:
    """Validate a parsed ``market.json`` and return its cards in file order."""
    validate(source, data, MARKET, _market_problems)
    return tuple(MarketCard(c["id"], c["people"], frozenset(c["players"])) for c in data["cards"])


def _market_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """FR-MKT-1..2 beyond the schema: unique ids, 18 cards, a deck for every player count."""
    cards, ids = data["cards"], [c["id"] for c in data["cards"]]
    out = [(f"cards[{i}].id", f"duplicate card id {cid!r}") for i, cid in enumerate(ids)
           if cid in ids[:i]]
    if len(cards) != MARKET_CARD_COUNT:
        out.append(("cards", f"the box holds {MARKET_CARD_COUNT} cards, not {len(cards)}"))
    for n in PLAYER_COUNTS:
        k = sum(n in c["players"] for c in cards)
        if k < MARKET_DECK_SIZE:
            out.append(("cards", f"only {k} cards are marked for {n} player(s); a deck needs "
                                 f"{MARKET_DECK_SIZE}"))
    return out


@functools.cache
def load_market() -> tuple[MarketCard, ...]:
    """The 18 packaged Slave Market cards (``data/market.json``), validated and cached."""
    return parse_market(read_packaged("market.json"), source="market.json")


def market_cards_for(players: int) -> tuple[MarketCard, ...]:
    """The packaged cards marked for ``players`` players: the pool the 8-card deck comes from."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Freedom is for 1-4 players, not {players}")
    return tuple(c for c in load_market() if players in c.players)


# ---------------------------------------------------------------------- Victory cards (FR-VIC-*)


@dataclass(frozen=True, slots=True)
class VictorySide:
    """One side of a Victory Conditions card.

    ``freed``: people who must be in Canada at the end. ``lost``: boxes on the Slaves Lost track;
    the game is lost when one more person must be added to a full track.
    """

    freed: int
    lost: int


@dataclass(frozen=True, slots=True)
class VictoryCard:
    """The double-sided Victory Conditions card for one player count."""

    players: int
    regular: VictorySide
    challenging: VictorySide

    def side(self, difficulty: Difficulty) -> VictorySide:
        """The side for ``"regular"`` (white) or ``"challenging"`` (red) play."""
        if difficulty == "regular":
            return self.regular
        if difficulty == "challenging":
            return self.challenging
        raise ValueError(f"difficulty must be 'regular' or 'challenging', not {difficulty!r}")


def parse_victory(data: Mapping[str, Any], source: str = "<dict>") -> Mapping[int, VictoryCard]:
    """Validate a parsed ``victory.json``; returns the cards keyed by player count."""
    validate(source, data, VICTORY, _victory_problems)
    cards = {c["players"]: VictoryCard(c["players"], VictorySide(**c["regular"]),
                                       VictorySide(**c["challenging"])) for c in data["cards"]}
    return MappingProxyType(dict(sorted(cards.items())))


def _victory_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """FR-VIC-1..3 beyond the schema: one card per player count, the red side harder."""
    out, seen = [], set()
    for i, c in enumerate(data["cards"]):
        if c["players"] in seen:
            out.append((f"cards[{i}].players", f"two cards for {c['players']} player(s)"))
        seen.add(c["players"])
        reg, cha = c["regular"], c["challenging"]
        if cha["freed"] < reg["freed"] or cha["lost"] > reg["lost"]:
            out.append((f"cards[{i}].challenging",
                        "must ask at least as many freed and allow no more lost"))
    if sorted(seen) != list(PLAYER_COUNTS):
        out.append(("cards", f"need one card for each of 1-4 players, got {sorted(seen)}"))
    return out


@functools.cache
def load_victory() -> Mapping[int, VictoryCard]:
    """The 4 packaged Victory Conditions cards (``data/victory.json``), keyed by player count."""
    return parse_victory(read_packaged("victory.json"), source="victory.json")


# ---------------------------------------------------------------------- dice (FR-DICE-*)


@dataclass(frozen=True, slots=True)
class MovementFace:
    """A Movement die face: white arrows move a catcher west, black arrows east.

    ``triple`` marks the faces with three arrows; under the easier option they move no catcher.
    """

    direction: Direction
    spaces: int
    triple: bool

    def __str__(self) -> str:
        return f"{self.direction}{self.spaces}"


@dataclass(frozen=True, slots=True)
class Dice:
    """The two special dice rolled by the Lead Player in the Slave Catcher Phase."""

    catcher_faces: tuple[str, ...]
    movement_faces: tuple[MovementFace, ...]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<dict>") -> Dice:
        """Validate a parsed ``dice.json``; ``source`` names it in error messages."""
        validate(source, data, DICE, _dice_problems)
        return cls(tuple(data["catcher_faces"]),
                   tuple(MovementFace(**f) for f in data["movement_faces"]))

    @property
    def catchers(self) -> tuple[str, ...]:
        """The catcher colours on the Slave Catcher die (every face but 'walk')."""
        return tuple(f for f in self.catcher_faces if f != WALK)


def _dice_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """FR-DICE-1..3 beyond the schema: one 'walk' face; exactly the 3-arrow faces are triples."""
    out = [(f"movement_faces[{i}].triple", "exactly the three-arrow faces are triples")
           for i, f in enumerate(data["movement_faces"]) if f["triple"] != (f["spaces"] == 3)]
    if data["catcher_faces"].count(WALK) != 1:
        out.insert(0, ("catcher_faces", f"exactly one face must be {WALK!r}"))
    return out


@functools.cache
def load_dice() -> Dice:
    """The packaged dice (``data/dice.json``), validated and cached."""
    return Dice.from_dict(read_packaged("dice.json"), source="dice.json")
