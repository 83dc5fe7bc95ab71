"""The state of a game of Freedom: one mutable tree of plain values, copied and saved as data.

Everything a rule reads or changes lives in :class:`FreedomState`: counts of people per space
(the cubes are anonymous, so a count is all there is), the Slave Market cards and their people,
the Slave Catchers, the token board, the Abolitionist decks and Queue, each player's money, role,
held tokens and Reserve card, and the *continuation* of the rules engine: ``pending`` (decisions
the engine is waiting for, top of the stack last) and ``effects`` (card and role effects still to
resolve). Keeping the continuation in the state makes every decision atomic and lets undo, copies
and saves carry a half-finished card effect exactly. The round's bookkeeping (phase, step, whose
turn it is and what that player has done this turn) is one :class:`Turn` value, ``turn_ctx``,
apart from the table.

The numbers that the rulebook text gives (queue prices, pass income) are constants here; the
component data (map, tokens, cards) lives in the data files.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..core.i18n import N_
from ..core.rng import Rng
from ..core.tables import TableRepr

if TYPE_CHECKING:
    from .decisions import Decision
    from .effect_kinds import ScheduledEffect

#: The phases by key, in words (English: ``game.phase``; ``shown(name)`` is the reader's)
PHASE_NAMES = {
    "catcher": N_("Slave Catcher"),
    "planning": N_("Planning"),
    "action": N_("Action"),
    "market": N_("Slave Market"),
    "lantern": N_("Lantern"),
    "over": N_("Game over"),
}
#: What a phase's ``step`` reports to the engine: a player must decide now, run the next
#: automatic step, or the phase is finished (the engine starts the next phase of the round).
StepResult = Literal["decide", "continue", "done"]
ROUNDS = 8
QUEUE_SIZE = 5
# Price of the five Queue positions, left (newest) to right (oldest, discarded next) [FR-ACT-5].
QUEUE_PRICES = (3, 2, 2, 1, 1)
# Money for passing all actions, by period [FR-ACT-7].
PASS_INCOME = {1: 3, 2: 4, 3: 5}
START_MONEY = 8
EASIER_START_MONEY = 10
# Tokens a player may buy in one Planning turn [FR-PLAN-1] and play in one Action turn [FR-ACT-4].
TOKENS_PER_PLANNING = 2
TOKENS_PER_TURN = 2
TOTAL_PEOPLE = 96


@dataclass(frozen=True, slots=True)
class Rules:
    """What differs between the rules versions the engine plays (a save names its version).

    ``freedom-2`` is the current rules; ``freedom-1`` is kept so that old saves replay exactly.
    The engine reads the named behaviour, never the version string.
    """

    version: str
    #: Set-up and play draw from two separately seeded streams (``Rng(seed, "setup")`` and
    #: ``Rng(seed, "play")``); otherwise one unscrambled stream (:meth:`.Rng.legacy`).
    separate_rng_streams: bool
    #: Each round's captures start again at the bottom Slave Market card
    #: [FR-RULING-CAPTURE-CYCLE]; otherwise the cycle goes on from the previous round.
    captures_restart_at_bottom: bool
    #: A person entering Canada stops there [FR-RULING-CANADA]; otherwise a move may pass
    #: through a Canada space.
    canada_stops_movement: bool

    def __deepcopy__(self, memo: dict[int, object]) -> Rules:
        return self  # immutable: copies of a state share it


#: The rules of each supported version, by version name.
RULES: dict[str, Rules] = {
    "freedom-1": Rules("freedom-1", separate_rng_streams=False, captures_restart_at_bottom=False,
                       canada_stops_movement=False),
    "freedom-2": Rules("freedom-2", separate_rng_streams=True, captures_restart_at_bottom=True,
                       canada_stops_movement=True),
}
CURRENT_RULES = RULES["freedom-2"]


@dataclass(frozen=True, slots=True)
class Roll:
    """This round's Slave Catcher roll: the catcher (``None`` for the walking figure), the
    direction and the spaces it still moves (after the Queue's and the reactions' changes)."""

    catcher: str | None
    direction: str
    spaces: int
    triple: bool
    cancelled: bool = False  # a reaction card cancelled the move

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"catcher": self.catcher, "direction": self.direction,
                                "spaces": self.spaces, "triple": self.triple}
        if self.cancelled:
            data["cancelled"] = True
        return data

    def __deepcopy__(self, memo: dict[int, object]) -> Roll:
        return self


@dataclass(frozen=True, slots=True)
class FixedRoll:
    """The next Slave Catcher roll as a teacher fixed it (catcher colour or ``"walk"``)."""

    catcher: str
    direction: str
    spaces: int

    def to_dict(self) -> dict[str, Any]:
        return {"catcher": self.catcher, "direction": self.direction, "spaces": self.spaces}

    def __deepcopy__(self, memo: dict[int, object]) -> FixedRoll:
        return self


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended: won or lost, why, and in which round."""

    won: bool
    reason: str
    round: int

    def to_dict(self) -> dict[str, Any]:
        return {"won": self.won, "reason": self.reason, "round": self.round}

    def __deepcopy__(self, memo: dict[int, object]) -> GameResult:
        return self


@dataclass(frozen=True, slots=True)
class MarketCardInPlay:
    """A Slave Market card on display and the people on it (a new value when they change)."""

    card: str  # the card's id (see :attr:`.Ctx.market_cards`)
    people: int

    def with_people(self, people: int) -> MarketCardInPlay:
        return MarketCardInPlay(self.card, people)

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "people": self.people}

    def __deepcopy__(self, memo: dict[int, object]) -> MarketCardInPlay:
        return self


@dataclass(frozen=True, slots=True)
class HeldToken:
    """A token a player holds: its stack id, and whether it is the stack's grey token."""

    stack: str
    grey: bool = False

    def to_dict(self) -> list[Any]:
        """The saved form, ``[stack, grey]``."""
        return [self.stack, self.grey]

    def __deepcopy__(self, memo: dict[int, object]) -> HeldToken:
        return self


@dataclass(slots=True)
class Turn:
    """The round's bookkeeping, kept apart from the game's table (as boardgame.io keeps ``ctx``
    apart from ``G``): the phase and its step, whose Planning or Action turn it is, and what that
    player has done so far this turn.

    The rules read these to know what is allowed now (FR-PLAN-1, FR-ACT-2..7); none of it is a
    component on the table. :meth:`FreedomState.to_dict` writes the fields among the state's own
    (``seat`` as ``turn``), as before they were gathered here.
    """

    phase: str = "catcher"  # a key of PHASE_NAMES
    step: str = "roll"  # the phase's own step (e.g. "roll" then "move")
    seat: int = 0  # whose Planning/Action turn it is
    turns_done: int = 0  # players who finished their turn in this phase
    planning_taken: int = 0  # tokens bought this Planning turn [FR-PLAN-1]
    tokens_played: int = 0  # tokens played this Action turn [FR-ACT-4]
    card_bought: bool = False  # [FR-ACT-5]
    benefit_used: bool = False  # [FR-ACT-2]
    did_something: bool = False  # anything but passing: then the turn ends, no income [FR-ACT-7]
    safe_turn: bool = False  # Station Master: no Slave Catchers for the rest of this turn
    cut_armed: bool = False  # Station Master benefit: cancel one capturing reaction this phase
    lantern_discarded: int = 0  # Queue cards discarded in this Lantern phase [FR-LANT-1]

    def copy(self) -> Turn:
        """An independent copy (every field is an immutable value)."""
        return Turn(self.phase, self.step, self.seat, self.turns_done, self.planning_taken,
                    self.tokens_played, self.card_bought, self.benefit_used, self.did_something,
                    self.safe_turn, self.cut_armed, self.lantern_discarded)

    def new_action_turn(self) -> None:
        """A fresh Action turn: no token played, no card bought, no Benefit taken, nothing
        done, no protection."""
        self.tokens_played = 0
        self.card_bought = False
        self.benefit_used = False
        self.did_something = False
        self.safe_turn = False

    def pass_on(self, players: int) -> None:
        """The player's turn in this phase is over; the next seat clockwise takes one."""
        self.turns_done += 1
        self.seat = (self.seat + 1) % players

    def next_planning_turn(self, players: int) -> None:
        """The next player plans, with no token bought yet [FR-PLAN-1]."""
        self.pass_on(players)
        self.planning_taken = 0

    def next_action_turn(self, players: int) -> None:
        """The next player takes a fresh Action turn [FR-ACT-1]."""
        self.pass_on(players)
        self.new_action_turn()


@dataclass
class FreedomState(TableRepr):
    """Everything about one game in progress (see the module docstring).

    Seats are 0-based. Periods are 1-3; per-period lists are indexed ``period - 1``. The Queue is a
    list of 5 positions, index 0 the leftmost (newest, dearest) and index 4 the rightmost (oldest,
    discarded in the Lantern phase); ``None`` marks an empty position. The Slave Market display is
    a list of :class:`MarketCardInPlay` with index 0 the bottom card (delivered next). ``rules``
    says which rules version is played; it is not saved in the state (the save file names the
    version), so it is left out of :meth:`to_dict`.
    """

    players: int
    difficulty: str
    rng: Rng
    options: dict[str, Any] = field(default_factory=dict)
    round: int = 1
    turn_ctx: Turn = field(default_factory=Turn)  # the round's bookkeeping (see Turn)
    lead: int = 0
    period: int = 1
    money: list[int] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    sides: list[int] = field(default_factory=list)  # 1 or 2: the side of each Role card face up
    people: dict[str, int] = field(default_factory=dict)  # map spaces except Canada
    freed_at: dict[str, int] = field(default_factory=dict)  # Canada spaces
    supply: int = TOTAL_PEOPLE
    freed: int = 0
    lost: int = 0
    catchers: dict[str, str] = field(default_factory=dict)
    market: list[MarketCardInPlay] = field(default_factory=list)
    market_deck: list[str] = field(default_factory=list)  # top card = last
    market_done: list[str] = field(default_factory=list)  # delivered and removed
    market_unused: list[str] = field(default_factory=list)  # not in this game's deck of 8
    capture_cursor: int = 0
    stacks: dict[str, int] = field(default_factory=dict)  # tokens left in each stack
    stack_size: dict[str, int] = field(default_factory=dict)  # tokens in each stack at set-up
    support_left: list[int] = field(default_factory=list)
    support_bought: list[int] = field(default_factory=list)
    held: list[list[HeldToken]] = field(default_factory=list)  # per seat
    tokens_spent: list[str] = field(default_factory=list)  # played (non-grey) tokens, out of play
    tokens_removed: list[str] = field(default_factory=list)  # taken off by Opposition cards
    queue: list[str | None] = field(default_factory=list)
    decks: list[list[str]] = field(default_factory=list)  # per period, top card = last
    removed_cards: list[str] = field(default_factory=list)  # old period decks, unused cards
    discard: list[str] = field(default_factory=list)
    reserve: list[str | None] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)  # top = last (see .decisions)
    effects: list[ScheduledEffect] = field(default_factory=list)  # run first to last
    fixed_roll: FixedRoll | None = None
    last_roll: Roll | None = None
    result: GameResult | None = None
    rules: Rules = CURRENT_RULES  # not part of the digest: the save file names the version

    def __deepcopy__(self, memo: dict[int, object]) -> FreedomState:
        """A fast structural copy, equal to a deep copy: every container is copied, while the
        values inside (numbers, strings, frozen decisions, effects, cards and tokens) are
        immutable and shared. Searches copy the state thousands of times a decision, and
        ``copy.deepcopy`` walked every value. A field this table does not know (one added
        later) is still deep-copied, so the copy stays independent."""
        other = object.__new__(FreedomState)
        fields = other.__dict__
        for name, value in self.__dict__.items():
            how = _COPY.get(name)
            if how is None:
                fields[name] = copy.deepcopy(value, memo)
            elif how == "same":
                fields[name] = value
            elif how == "list":
                fields[name] = value[:]
            elif how == "dict":
                fields[name] = value.copy()
            elif how == "lists":
                fields[name] = [v[:] for v in value]
            elif how == "turn":
                fields[name] = value.copy()
            else:  # "rng"
                fields[name] = Rng.from_state(value.state)
        return other

    def to_dict(self, *, hidden: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data; ``hidden=False`` replaces deck orders by sorted contents.

        The :class:`Turn` fields are written among the state's own, in the order and under the
        names (``turn`` for :attr:`Turn.seat`) the digests, saves' checks and views have always
        read (see :data:`_DICT_LAYOUT`)."""
        data: dict[str, Any] = {}
        turn = self.turn_ctx
        for name, in_turn in _DICT_LAYOUT:
            if in_turn:
                data[name] = getattr(turn, "seat" if name == "turn" else name)
                continue
            value = getattr(self, name)
            if name == "rng":
                value = value.state if hidden else None
            data[name] = _plain(value)
        if not hidden:
            data["decks"] = [sorted(d) for d in self.decks]
            data["market_deck"] = sorted(self.market_deck)
            data["fixed_roll"] = None
        return data


_TURN_KEYS: dict[str, str] = {
    # key of to_dict: the field it follows there (the Turn fields among the state's own)
    "phase": "round", "step": "phase", "turn": "lead", "turns_done": "turn",
    "planning_taken": "effects", "tokens_played": "planning_taken",
    "card_bought": "tokens_played", "benefit_used": "card_bought",
    "did_something": "benefit_used", "safe_turn": "did_something", "cut_armed": "safe_turn",
    "lantern_discarded": "last_roll",
}


def _dict_layout() -> tuple[tuple[str, bool], ...]:
    """The keys of :meth:`FreedomState.to_dict` in order, each with whether it is a
    :class:`Turn` field: the state's fields (``turn_ctx`` and ``rules`` left out) with each Turn
    field after the key :data:`_TURN_KEYS` names."""
    keys: list[tuple[str, bool]] = []
    after = {prev: key for key, prev in _TURN_KEYS.items()}
    for name in FreedomState.__dataclass_fields__:
        if name in ("turn_ctx", "rules"):
            continue
        keys.append((name, False))
        while name in after:
            name = after[name]
            keys.append((name, True))
    return tuple(keys)


_DICT_LAYOUT = _dict_layout()
"""``(key, is_a_turn_field)`` in the order :meth:`FreedomState.to_dict` writes them."""

_COPY: dict[str, str] = {
    **dict.fromkeys(("players", "difficulty", "round", "lead", "period", "supply", "freed",
                     "lost", "capture_cursor", "fixed_roll", "last_roll", "result", "rules"),
                    "same"),
    **dict.fromkeys(("money", "roles", "sides", "market", "market_deck", "market_done",
                     "market_unused", "support_left", "support_bought", "tokens_spent",
                     "tokens_removed", "queue", "removed_cards", "discard", "reserve", "pending",
                     "effects"), "list"),
    **dict.fromkeys(("options", "people", "freed_at", "catchers", "stacks", "stack_size"),
                    "dict"),
    **dict.fromkeys(("held", "decks"), "lists"),
    "rng": "rng",
    "turn_ctx": "turn",
}
"""How :meth:`FreedomState.__deepcopy__` copies each field: ``same`` (an immutable value),
``list``/``dict`` (a container of immutable values), ``lists`` (a list of such lists), ``rng``,
``turn`` (the :class:`Turn`, copied by :meth:`Turn.copy`)."""


def _plain(value: Any) -> Any:
    if hasattr(value, "to_dict"):  # a decision, effect, market card or held token
        return _plain(value.to_dict())
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
