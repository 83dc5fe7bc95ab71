"""Freedom's simple components as data: the token board, Slave Market cards, Victory cards, dice.

Each component lives in a JSON file in ``freight_freedom/freedom/data`` so that a teacher who owns
the physical box can correct a value without touching code. The loaders here read those files
into frozen dataclasses, check them (raising :class:`~freight_freedom.freedom.board.DataError`,
which names the file and field) and cache the result. Every number and the reasoning behind it is
recorded in ``docs/rules/freedom_components.md`` (rules ``FR-TOK-*``, ``FR-MKT-*``, ``FR-VIC-*``,
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
from typing import Any, Literal, cast

from freight_freedom.freedom.board import (
    DataError,
    Direction,
    Region,
    _get,
    _list,
    read_data_file,
    read_packaged,
)

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


# ---------------------------------------------------------------------- small parsing helpers


def _by_players(raw: Any, src: str, where: str, *, minimum: int = 0) -> Mapping[int, int]:
    """A ``{"1": n, "2": n, "3": n, "4": n}`` object as an int -> int mapping."""
    if not isinstance(raw, dict):
        raise DataError(src, where, "must be an object keyed by player count")
    keys = sorted(raw)
    if keys != [str(n) for n in PLAYER_COUNTS]:
        raise DataError(src, where, f"must have exactly the keys 1-4, not {keys}")
    out: dict[int, int] = {}
    for n in PLAYER_COUNTS:
        v = raw[str(n)]
        if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
            raise DataError(src, f"{where}.{n}", f"must be an integer >= {minimum}, not {v!r}")
        out[n] = v
    if any(out[a] > out[b] for a, b in zip(PLAYER_COUNTS, PLAYER_COUNTS[1:], strict=False)):
        raise DataError(src, where, "more players must never mean fewer tokens")
    return MappingProxyType(out)


def _int(obj: Mapping[str, Any], key: str, src: str, where: str, lo: int, hi: int) -> int:
    v = cast(int, _get(obj, key, int, src, where))
    if not lo <= v <= hi:
        raise DataError(src, f"{where}.{key}", f"must be between {lo} and {hi}, not {v}")
    return v


def _check_format(data: Mapping[str, Any], src: str, expected: str) -> None:
    if not isinstance(data, Mapping):
        raise DataError(src, "top level", "must be a JSON object")
    fmt = data.get("format", expected)
    if fmt != expected:
        raise DataError(src, "format", f"expected {expected!r}, not {fmt!r}")


# ---------------------------------------------------------------------- token board (FR-TOK)


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
        src = source
        _check_format(data, src, "freight_freedom.freedom.tokens")
        periods: list[Period] = []
        for i, raw in enumerate(_list(data, "periods", src)):
            w = f"periods[{i}]"
            if not isinstance(raw, dict):
                raise DataError(src, w, "must be an object")
            number = _int(raw, "number", src, w, 1, 9)
            if number != i + 1:
                raise DataError(
                    src, f"{w}.number", f"periods are numbered 1, 2, 3 in order; got {number}"
                )
            start = _int(raw, "start_year", src, w, 1600, 1900)
            end = _int(raw, "end_year", src, w, start, 1900)
            periods.append(Period(number, _get(raw, "name", str, src, w), start, end))
        if len(periods) != 3:
            raise DataError(src, "periods", f"the board has 3 period columns, not {len(periods)}")
        numbers = {p.number for p in periods}

        support = _get(data, "support", dict, src, "top level")
        price = _int(support, "price", src, "support", 1, 100)
        sbp_raw = _get(support, "by_players", dict, src, "support")
        if sorted(sbp_raw) != [str(n) for n in PLAYER_COUNTS]:
            raise DataError(src, "support.by_players", "must have exactly the keys 1-4")
        support_by_players: dict[int, Mapping[int, int]] = {}
        for n in PLAYER_COUNTS:
            w = f"support.by_players.{n}"
            per = sbp_raw[str(n)]
            if not isinstance(per, dict) or sorted(per) != [str(p) for p in sorted(numbers)]:
                raise DataError(src, w, "must give a count for each period 1-3")
            counts: dict[int, int] = {}
            for p in sorted(numbers):
                v = per[str(p)]
                if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                    raise DataError(
                        src, f"{w}.{p}", f"every period needs at least 1 Support, not {v!r}"
                    )
                counts[p] = v
            support_by_players[n] = MappingProxyType(counts)
        totals = [sum(support_by_players[n].values()) for n in PLAYER_COUNTS]
        if totals != sorted(totals):
            raise DataError(src, "support.by_players", "more players must never mean less Support")
        hx = _get(support, "harder_extra", dict, src, "support")
        harder = HarderExtraSupport(
            period=_int(hx, "period", src, "support.harder_extra", 1, 3),
            count=_int(hx, "count", src, "support.harder_extra", 0, 10),
        )
        box_support = totals[-1] + harder.count
        if box_support != BOX_SUPPORT:
            raise DataError(
                src,
                "support",
                f"4 players + harder extra must use all {BOX_SUPPORT}, not {box_support}",
            )

        conductor: list[ConductorStack] = []
        seen: set[str] = set()
        for i, raw in enumerate(_list(data, "conductor", src)):
            w = f"conductor[{i}]"
            if not isinstance(raw, dict):
                raise DataError(src, w, "must be an object")
            sid = _get(raw, "id", str, src, w)
            if sid in seen:
                raise DataError(src, f"{w}.id", f"duplicate token id {sid!r}")
            seen.add(sid)
            conductor.append(
                ConductorStack(
                    id=sid,
                    period=_int(raw, "period", src, w, 1, len(periods)),
                    people=_int(raw, "people", src, w, 1, 6),
                    spaces=_int(raw, "spaces", src, w, 1, 2),
                    cost=_int(raw, "cost", src, w, 0, 20),
                    count_by_players=_by_players(
                        raw.get("count_by_players"), src, f"{w}.count_by_players", minimum=1
                    ),
                )
            )
        n_cond = sum(s.count(4) for s in conductor)
        if n_cond != BOX_CONDUCTOR:
            raise DataError(
                src, "conductor", f"4-player counts must sum to {BOX_CONDUCTOR}, not {n_cond}"
            )

        fundraising: list[FundraisingStack] = []
        for i, raw in enumerate(_list(data, "fundraising", src)):
            w = f"fundraising[{i}]"
            if not isinstance(raw, dict):
                raise DataError(src, w, "must be an object")
            sid = _get(raw, "id", str, src, w)
            if sid in seen:
                raise DataError(src, f"{w}.id", f"duplicate token id {sid!r}")
            seen.add(sid)
            region = _get(raw, "region", str, src, w)
            if region not in ("south", "north"):
                raise DataError(src, f"{w}.region", f"must be 'south' or 'north', not {region!r}")
            fundraising.append(
                FundraisingStack(
                    id=sid,
                    period=_int(raw, "period", src, w, 1, len(periods)),
                    count_by_players=_by_players(
                        raw.get("count_by_players"), src, f"{w}.count_by_players"
                    ),
                    region=cast(Region, region),
                    per_person=_int(raw, "per_person", src, w, 1, 5),
                )
            )
        n_fund = sum(s.count(4) for s in fundraising)
        if n_fund != BOX_FUNDRAISING:
            raise DataError(
                src, "fundraising", f"4-player counts must sum to {BOX_FUNDRAISING}, not {n_fund}"
            )
        for p in numbers:
            if not any(s.period == p for s in conductor):
                raise DataError(src, "conductor", f"period {p} has no Conductor stack")

        return cls(
            periods=tuple(periods),
            support_price=price,
            support_by_players=MappingProxyType(support_by_players),
            harder_extra_support=harder,
            conductor=tuple(conductor),
            fundraising=tuple(fundraising),
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


# ---------------------------------------------------------------------- Slave Market (FR-MKT)

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
    src = source
    _check_format(data, src, "freight_freedom.freedom.market")
    deck = _int(data, "deck_size", src, "top level", 1, MARKET_CARD_COUNT)
    if deck != MARKET_DECK_SIZE:
        raise DataError(
            src, "deck_size", f"the rules build a deck of {MARKET_DECK_SIZE}, not {deck}"
        )
    cards: list[MarketCard] = []
    for i, raw in enumerate(_list(data, "cards", src)):
        w = f"cards[{i}]"
        if not isinstance(raw, dict):
            raise DataError(src, w, "must be an object")
        cid = _get(raw, "id", str, src, w)
        if any(c.id == cid for c in cards):
            raise DataError(src, f"{w}.id", f"duplicate card id {cid!r}")
        players = _list(raw, "players", src, w)
        if not players or any(p not in PLAYER_COUNTS or isinstance(p, bool) for p in players):
            raise DataError(src, f"{w}.players", f"must list player counts 1-4, not {players!r}")
        cards.append(MarketCard(cid, _int(raw, "people", src, w, 2, 6), frozenset(players)))
    if len(cards) != MARKET_CARD_COUNT:
        raise DataError(src, "cards", f"the box holds {MARKET_CARD_COUNT} cards, not {len(cards)}")
    for n in PLAYER_COUNTS:
        k = sum(n in c.players for c in cards)
        if k < MARKET_DECK_SIZE:
            raise DataError(
                src, "cards", f"only {k} cards are marked for {n} player(s); a deck needs {deck}"
            )
    return tuple(cards)


@functools.cache
def load_market() -> tuple[MarketCard, ...]:
    """The 18 packaged Slave Market cards (``data/market.json``), validated and cached."""
    return parse_market(read_packaged("market.json"), source="market.json")


def market_cards_for(players: int) -> tuple[MarketCard, ...]:
    """The packaged cards marked for ``players`` players: the pool the 8-card deck comes from."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Freedom is for 1-4 players, not {players}")
    return tuple(c for c in load_market() if players in c.players)


# ---------------------------------------------------------------------- Victory cards (FR-VIC)


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
    src = source
    _check_format(data, src, "freight_freedom.freedom.victory")
    cards: dict[int, VictoryCard] = {}
    for i, raw in enumerate(_list(data, "cards", src)):
        w = f"cards[{i}]"
        if not isinstance(raw, dict):
            raise DataError(src, w, "must be an object")
        players = _int(raw, "players", src, w, 1, 4)
        if players in cards:
            raise DataError(src, f"{w}.players", f"two cards for {players} player(s)")
        sides: dict[str, VictorySide] = {}
        for name in ("regular", "challenging"):
            side = _get(raw, name, dict, src, w)
            sides[name] = VictorySide(
                freed=_int(side, "freed", src, f"{w}.{name}", 1, BOX_PEOPLE),
                lost=_int(side, "lost", src, f"{w}.{name}", 1, BOX_PEOPLE),
            )
        reg, cha = sides["regular"], sides["challenging"]
        if cha.freed < reg.freed or cha.lost > reg.lost:
            raise DataError(
                src, f"{w}.challenging", "must ask at least as many freed and allow no more lost"
            )
        cards[players] = VictoryCard(players, reg, cha)
    if sorted(cards) != list(PLAYER_COUNTS):
        raise DataError(src, "cards", f"need one card for each of 1-4 players, got {sorted(cards)}")
    return MappingProxyType(dict(sorted(cards.items())))


@functools.cache
def load_victory() -> Mapping[int, VictoryCard]:
    """The 4 packaged Victory Conditions cards (``data/victory.json``), keyed by player count."""
    return parse_victory(read_packaged("victory.json"), source="victory.json")


# ---------------------------------------------------------------------- dice (FR-DICE)


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
        src = source
        _check_format(data, src, "freight_freedom.freedom.dice")
        faces = _list(data, "catcher_faces", src)
        if len(faces) != 6 or not all(isinstance(f, str) and f for f in faces):
            raise DataError(src, "catcher_faces", "the Slave Catcher die has 6 named faces")
        if len(set(faces)) != 6:
            raise DataError(src, "catcher_faces", "faces must all differ (5 catchers and 'walk')")
        if faces.count(WALK) != 1:
            raise DataError(src, "catcher_faces", f"exactly one face must be {WALK!r}")
        moves: list[MovementFace] = []
        for i, raw in enumerate(_list(data, "movement_faces", src)):
            w = f"movement_faces[{i}]"
            if not isinstance(raw, dict):
                raise DataError(src, w, "must be an object")
            direction = _get(raw, "direction", str, src, w)
            if direction not in ("west", "east"):
                raise DataError(
                    src, f"{w}.direction", f"must be 'west' or 'east', not {direction!r}"
                )
            spaces = _int(raw, "spaces", src, w, 1, 3)
            triple = _get(raw, "triple", bool, src, w)
            if triple != (spaces == 3):
                raise DataError(src, f"{w}.triple", "exactly the three-arrow faces are triples")
            moves.append(MovementFace(cast(Direction, direction), spaces, triple))
        if len(moves) != 6:
            raise DataError(
                src, "movement_faces", f"the Movement die has 6 faces, not {len(moves)}"
            )
        return cls(tuple(faces), tuple(moves))

    @property
    def catchers(self) -> tuple[str, ...]:
        """The catcher colours on the Slave Catcher die (every face but 'walk')."""
        return tuple(f for f in self.catcher_faces if f != WALK)


@functools.cache
def load_dice() -> Dice:
    """The packaged dice (``data/dice.json``), validated and cached."""
    return Dice.from_dict(read_packaged("dice.json"), source="dice.json")
