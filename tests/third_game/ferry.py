"""Ferry: a small third game defined only in the tests, to prove that a game plugs in through
its entry alone (``ferry_entry.py`` here) with no edit to a shared module. Its rules are
written in the kernel's shape: a typed move per kind, a verb per kind, one phase.

Rules (each ID is named by the events, prompts and refusals):

- FERRY-SETUP-1: 2 or 3 players; each has a boat at dock 0 of a river of docks 0..``length``
  (default 8). The six tide cards (1, 1, 2, 2, 3, 3) are shuffled face down.
- FERRY-TURN-1: players take turns in seat order (seat 0 first). On a turn the player either
  rows (1 dock forward) or sails: the top tide card is turned up and the boat goes that many
  docks forward; the card goes to the discard pile.
- FERRY-ROW-1: a boat may not row onto a dock where another boat is (the river's end excepted).
- FERRY-SAIL-1: a boat that sails onto another boat's dock goes on to the next free dock.
- FERRY-TIDE-1: when the tide deck is empty, the discards are shuffled into a new deck.
- FERRY-END-1: the first boat to reach the river's end wins and the game ends; each seat's
  score is the dock its boat reached.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from freight_freedom.core import Action, Event, Game, Phase, Prompt, Rng, Verb, Verbs
from freight_freedom.core.moves import Move, Moves
from freight_freedom.core.options import Option, parse_options
from freight_freedom.core.seat_view import Choice, EventView, event_view, recent_events

OPTIONS = (
    Option("players", "int", 2, lo=2, hi=3, label="players", rule="FERRY-SETUP-1",
           help="number of players, 2 or 3"),
    Option("length", "int", 8, lo=5, hi=12, label="river length", rule="FERRY-SETUP-1",
           help="the dock that wins"),
)
"""Ferry's declared options (the registry reads the player range and defaults from here)."""

TIDES = (1, 1, 2, 2, 3, 3)


@dataclass(frozen=True)
class FerryOutcome:
    """Who won and each seat's score (the dock its boat reached)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class FerryView:
    """What a seat sees (``viewer``; ``None``: a spectator): every boat's dock, the river's
    length, how many tide cards are left (not their order), the discards, the prompt, the legal
    choices in words and the events since ``since``."""

    viewer: int | None
    docks: tuple[int, ...]
    length: int
    deck_size: int
    discard: tuple[int, ...]
    turns: int
    to_move: int | None
    prompt: str
    choices: tuple[Choice, ...]
    events: tuple[EventView, ...]


@dataclass
class FerryState:
    docks: list[int]
    length: int
    seat: int
    deck: list[int]
    discard: list[int] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))
    turns: int = 0
    over: bool = False


@dataclass(frozen=True, slots=True)
class Row(Move):
    """Row one dock forward."""

    KIND: ClassVar[str] = "row"
    RULE: ClassVar[str] = "FERRY-ROW-1"
    USAGE: ClassVar[str] = "row takes no arguments"


@dataclass(frozen=True, slots=True)
class Sail(Move):
    """Sail with the top tide card."""

    KIND: ClassVar[str] = "sail"
    RULE: ClassVar[str] = "FERRY-SAIL-1"
    USAGE: ClassVar[str] = "sail takes no arguments"


MOVES = Moves("FERRY-TURN-1", Row, Sail)
"""Ferry's action kinds (its notation: ``0:row``, ``0:sail``)."""


def _arrive(state: FerryState, seat: int, to: int, events: list[Event]) -> None:
    """The boat reaches dock ``to``; the first at the river's end wins (FERRY-END-1), else the
    turn passes on (FERRY-TURN-1)."""
    state.docks[seat] = min(to, state.length)
    state.turns += 1
    if state.docks[seat] >= state.length:
        state.over = True
        events.append(Event("FERRY-END-1", f"Player {seat + 1} reaches the end and wins",
                            {"winner": seat}))
    else:
        state.seat = (seat + 1) % len(state.docks)


class RowVerb(Verb[None, FerryState, FerryState], move=Row, phases=("turn",)):
    """Row one dock, unless another boat is there (FERRY-ROW-1)."""

    def offer(self, ctx: None, state: FerryState, seat: int, out: list[Action]) -> None:
        to = state.docks[seat] + 1
        if to >= state.length or to not in state.docks:
            out.append(Row(seat).action())

    def apply(self, ctx: None, state: FerryState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        to = state.docks[seat] + 1
        events.append(Event("FERRY-TURN-1", f"Player {seat + 1} rows to dock {to}",
                            {"seat": seat, "to": to}))
        _arrive(state, seat, to, events)

    def words(self, reader: FerryState, move: Move, who: str) -> str:
        return f"{who} rows one dock"

    def why_not(self, ctx: None, state: FerryState, action: Action) -> tuple[str, str]:
        return "FERRY-ROW-1", "another boat is at the next dock"


class SailVerb(Verb[None, FerryState, FerryState], move=Sail, phases=("turn",)):
    """Sail with the top tide card, past any boat where it lands (FERRY-SAIL-1, FERRY-TIDE-1)."""

    def offer(self, ctx: None, state: FerryState, seat: int, out: list[Action]) -> None:
        out.append(Sail(seat).action())

    def apply(self, ctx: None, state: FerryState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        if not state.deck:
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            events.append(Event("FERRY-TIDE-1", "the tide cards are shuffled"))
        tide = state.deck.pop()
        state.discard.append(tide)
        to = state.docks[seat] + tide
        while to < state.length and to in state.docks:
            to += 1  # FERRY-SAIL-1
        events.append(Event("FERRY-SAIL-1", f"Player {seat + 1} sails {tide} to dock {to}",
                            {"seat": seat, "tide": tide, "to": to}))
        _arrive(state, seat, to, events)

    def words(self, reader: FerryState, move: Move, who: str) -> str:
        return f"{who} sails with the tide"


VERBS: Verbs[Verb[None, FerryState, FerryState]] = Verbs(RowVerb, SailVerb)
TURN = Phase[None, FerryState]("turn", "FERRY-TURN-1", VERBS.named("row", "sail"))
"""Ferry's one phase: a turn offers row (when the next dock is free), then sail."""


class Ferry(Game[FerryState]):
    name = "ferry"
    rules_version = "ferry-1"
    supported_rules_versions = frozenset({"ferry-1"})
    RULE_TURN = "FERRY-TURN-1"
    RULE_GAME_OVER = "FERRY-END-1"
    KINDS: ClassVar[tuple[str, ...]] = ("row", "sail")

    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return parse_options(OPTIONS, options)

    def _new_state(self, options: Mapping[str, Any], seed: int) -> tuple[FerryState, list[Event]]:
        rng = Rng(seed, "tide")
        deck = list(TIDES)
        rng.shuffle(deck)
        state = FerryState([0] * options["players"], options["length"], 0, deck, rng=rng)
        return state, [Event("FERRY-SETUP-1", f"{options['players']} boats at dock 0")]

    def _legal_actions(self, state: FerryState) -> list[Action]:
        return [] if state.over else TURN.offered(None, state, state.seat)

    def _explain_illegal(self, state: FerryState, action: Action) -> tuple[str, str]:
        if action.kind not in VERBS:
            return super()._explain_illegal(state, action)
        return TURN.explain(None, state, action)

    def _apply(self, state: FerryState, action: Action) -> list[Event]:
        MOVES.read(action)  # an unknown kind or stray arguments raise IllegalAction
        events: list[Event] = []
        VERBS[action.kind].apply(None, state, action, events)
        return events

    def _to_move(self, state: FerryState) -> int | None:
        return None if state.over else state.seat

    def _prompt(self, state: FerryState) -> Prompt:
        if state.over:
            return Prompt(None, "the game is over", "FERRY-END-1")
        return Prompt(state.seat, f"Player {state.seat + 1}: row or sail", "FERRY-TURN-1")

    def _outcome(self, state: FerryState) -> FerryOutcome | None:
        if not state.over:
            return None
        return FerryOutcome((state.seat,), tuple(state.docks))

    def _state_dict(self, state: FerryState) -> dict[str, Any]:
        return {"docks": list(state.docks), "length": state.length, "seat": state.seat,
                "deck": list(state.deck), "discard": list(state.discard),
                "rng": state.rng.state, "turns": state.turns, "over": state.over}

    @property
    def round(self) -> int:
        return self.state.turns // len(self.state.docks) + 1

    @property
    def phase(self) -> str:
        return "turn"

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: every boat, the discards, how many tide cards are left (not their
        order)."""
        s = self.state
        self._check_seat(seat, len(s.docks))
        return {"seat": seat, "to_move": self.to_move, "docks": list(s.docks),
                "length": s.length, "deck_size": len(s.deck), "discard": sorted(s.discard),
                "turns": s.turns, "over": s.over}

    def view(self, seat: int | None = None, *, since: int | None = None) -> FerryView:
        """What ``seat`` sees now (``None``: a spectator), as one frozen value."""
        s = self.state
        if seat is not None:
            self._check_seat(seat, len(s.docks))
        return FerryView(seat, tuple(s.docks), s.length, len(s.deck), tuple(sorted(s.discard)),
                         s.turns, self.to_move, self.prompt.text,
                         tuple(Choice(a, self.describe(a)) for a in self.legal_actions()),
                         tuple(event_view(e) for e in recent_events(self, since)))

    def determinized(self, seat: int, seed: int) -> Ferry:
        """A copy whose face-down tide cards and future shuffles are re-drawn from ``seed``."""
        self._check_seat(seat, len(self.state.docks))
        self._check_seed(seed)
        other = self.copy()
        rng = Rng(seed, "tide")
        rng.shuffle(other.state.deck)
        other.state.rng = rng
        other._detach("it is a determinized copy for simulation", "FERRY-TIDE-1")
        return other

    def describe(self, action: Action) -> str:
        """An action in words: its verb's."""
        move = MOVES.read(action)  # an unknown kind raises IllegalAction [FERRY-TURN-1]
        words = VERBS[move.KIND].words(self.state, move, f"Player {action.seat + 1}")
        return words or str(action)

    def __str__(self) -> str:
        s = self.state
        return "\n".join(f"P{i + 1} " + "".join("B" if d == at else "." for d in
                                                 range(s.length + 1))
                         for i, at in enumerate(s.docks))
