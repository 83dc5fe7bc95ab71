"""A tiny two-seat game used to test the kernel on its own: race to 10 by adding 1 or 2.

A random 'bonus' drawn at set-up (from the game's RNG) shows that chance lives in the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from freight_freedom.core import Action, Event, Game, IllegalAction, Prompt, Rng
from freight_freedom.core.options import int_option, no_unknown_options
from freight_freedom.core.seat_view import Choice, EventView, event_view, recent_events


@dataclass
class ToyState:
    total: int
    seat: int
    bonus: int
    rng: Rng
    target: int


@dataclass(frozen=True)
class ToyView:
    """What a seat sees: the total, the target, the bonus drawn at set-up, whose turn it is,
    the legal choices and the events since ``since`` (the RNG, the future rolls, is hidden)."""

    viewer: int | None
    total: int
    target: int
    bonus: int
    to_move: int | None
    choices: tuple[Choice, ...]
    events: tuple[EventView, ...]


class Toy(Game[ToyState]):
    name = "toy"
    rules_version = "1"
    supported_rules_versions = frozenset({"1"})
    RULE_TURN = "TOY-TURN"
    RULE_GAME_OVER = "TOY-END"
    buggy: ClassVar[bool] = False  # BuggyToy raises inside a rule hook, half-way through

    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        target = int_option(options, "target", 10, 3, 100, rule="TOY-END")
        no_unknown_options(options, ["target"])
        return {"target": target}

    def _new_state(self, options: Mapping[str, Any], seed: int) -> tuple[ToyState, list[Event]]:
        rng = Rng(seed)
        bonus = rng.below(3)
        state = ToyState(0, 0, bonus, rng, options["target"])
        return state, [Event("TOY-SETUP", f"bonus is {bonus}", {"bonus": bonus})]

    def _legal_actions(self, state: ToyState) -> list[Action]:
        return [Action(state.seat, "add", (n,)) for n in (1, 2)]

    def _apply(self, state: ToyState, action: Action) -> list[Event]:
        n = action.args[0]
        assert isinstance(n, int)
        state.total += n
        roll = state.rng.below(6)
        if self.buggy and n == 2 and state.total >= 5:
            raise RuntimeError("simulated bug in a rule hook")
        state.seat = 1 - state.seat
        return [Event("TOY-ADD", f"Player {action.seat + 1} adds {n}", {"roll": roll})]

    def _to_move(self, state: ToyState) -> int | None:
        return None if state.total >= state.target else state.seat

    def _prompt(self, state: ToyState) -> Prompt:
        seat = self._to_move(state)
        return Prompt(seat, "add 1 or 2" if seat is not None else "game over", "TOY-TURN")

    def _outcome(self, state: ToyState) -> Any:
        return None if state.total < state.target else {"winner": 1 - state.seat}

    def _state_dict(self, state: ToyState) -> dict[str, Any]:
        d = asdict(state)
        d["rng"] = state.rng.state
        return d

    @property
    def round(self) -> int:
        return self.state.total + 1

    @property
    def phase(self) -> str:
        return "add"

    def observation(self, seat: int) -> dict[str, Any]:
        """Everything but the RNG (the future rolls are hidden)."""
        self._check_seat(seat, 2)
        data = self.state_dict()
        del data["rng"]
        return {"seat": seat, **data}

    def view(self, seat: int | None = None, *, since: int | None = None) -> ToyView:
        if seat is not None:
            self._check_seat(seat, 2)
        s = self.state
        return ToyView(seat, s.total, s.target, s.bonus, self.to_move,
                       tuple(Choice(a, str(a)) for a in self.legal_actions()),
                       tuple(event_view(e) for e in recent_events(self, since)))

    def determinized(self, seat: int, seed: int) -> Toy:
        self._check_seat(seat, 2)
        other = self.copy()
        other.state.rng = Rng(self._check_seed(seed), "determinize")
        other._detach("it is a determinized copy", "TOY-TURN")
        return other

    def _scenario(self, state: ToyState, name: str, params: Mapping[str, Any]) -> list[Event]:
        if name != "set_total":
            return super()._scenario(state, name, params)
        total = params.get("total")
        if not isinstance(total, int) or not 0 <= total < state.target:
            raise IllegalAction(f"total must be 0..{state.target - 1}", rule="TOY-SCENARIO")
        state.total = total
        return [Event("SCENARIO", f"total set to {total}")]


class BuggyToy(Toy):
    buggy = True
