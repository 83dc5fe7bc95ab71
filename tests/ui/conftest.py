"""Fixtures for the UI tests: a tiny kernel game that exercises the shared widgets.

``Race`` needs only the kernel, so the shared app is tested even before (and independently of)
the two real engines: players take turns adding 1 or 2 to a counter; whoever reaches 10 wins.
Each round has two phases ("north", "south"), one per seat, so the stepper's phase and round
stops are testable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from freight_freedom.core import Action, Event, Game, Prompt
from freight_freedom.core.options import int_option, no_unknown_options
from freight_freedom.core.seat_view import EventView, event_view, recent_events


@dataclass
class RaceState:
    total: int = 0
    turn: int = 0
    players: int = 2
    winner: int | None = None
    adds: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class RaceView:
    """The counter, the adds so far, whose turn it is and the events since ``since``."""

    viewer: int | None
    total: int
    adds: tuple[int, ...]
    to_move: int | None
    events: tuple[EventView, ...]


class Race(Game[RaceState]):
    name = "race"
    rules_version = "1"
    supported_rules_versions = frozenset({"1"})
    RULE_TURN = "RC-TURN"
    RULE_GAME_OVER = "RC-END"

    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        players = int_option(options, "players", 2, 1, 2)
        no_unknown_options(options, ["players"])
        return {"players": players}

    def _new_state(self, options: Mapping[str, Any], seed: int) -> tuple[RaceState, list[Event]]:
        return RaceState(players=options["players"]), [Event("RC-SETUP", "the counter is 0")]

    def _legal_actions(self, state: RaceState) -> list[Action]:
        seat = state.turn % state.players
        return [Action(seat, "add", (1,)), Action(seat, "add", (2,))]

    def _apply(self, state: RaceState, action: Action) -> list[Event]:
        n = int(action.args[0])
        state.total += n
        state.adds.append(n)
        state.turn += 1
        events = [Event("RC-ADD", f"Player {action.seat + 1} adds {n}: {state.total}")]
        if state.total >= 10:
            state.winner = action.seat
            events.append(Event("RC-END", f"Player {action.seat + 1} wins"))
        return events

    def _to_move(self, state: RaceState) -> int | None:
        return None if state.winner is not None else state.turn % state.players

    def _prompt(self, state: RaceState) -> Prompt:
        seat = self._to_move(state)
        return Prompt(seat, "add 1 or 2 <to the counter>", "RC-TURN")

    def _outcome(self, state: RaceState) -> Any:
        return None if state.winner is None else {"winner": state.winner}

    def _state_dict(self, state: RaceState) -> dict[str, Any]:
        return {"total": state.total, "turn": state.turn, "winner": state.winner,
                "adds": list(state.adds), "players": [{"seat": i} for i in range(state.players)]}

    @property
    def round(self) -> int:
        return self.state.turn // 2 + 1

    @property
    def phase(self) -> str:
        return "north" if self.state.turn % 2 == 0 else "south"

    def observation(self, seat: int) -> dict[str, Any]:
        self._check_seat(seat, self.state.players)
        return {"seat": seat, **self.state_dict()}

    def view(self, seat: int | None = None, *, since: int | None = None) -> RaceView:
        if seat is not None:
            self._check_seat(seat, self.state.players)
        s = self.state
        return RaceView(seat, s.total, tuple(s.adds), self.to_move,
                        tuple(event_view(e) for e in recent_events(self, since)))

    def determinized(self, seat: int, seed: int) -> Race:
        self._check_seat(seat, self.state.players)
        other = self.copy()  # nothing is hidden: every world is this one
        other._detach("it is a copy for simulation", "RC-TURN")
        return other


@pytest.fixture
def race() -> Race:
    return Race(players=2, seed=3)
