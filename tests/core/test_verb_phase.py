"""The core shape of a game's rules: verbs in a per-game table, phases that offer them in order
and explain a refusal by the verb's reason or else their own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from freight_freedom.core import Action, Event, Phase, Verb, Verbs
from freight_freedom.core.moves import Move
from freight_freedom.freedom.verbs import VERBS as FREEDOM_VERBS
from freight_freedom.slowfreight.verbs import VERBS as SLOW_FREIGHT_VERBS


@dataclass(frozen=True, slots=True)
class Row(Move):
    KIND: ClassVar[str] = "row"
    RULE: ClassVar[str] = "T-ROW-1"


@dataclass(frozen=True, slots=True)
class Wait(Move):
    KIND: ClassVar[str] = "pass"
    RULE: ClassVar[str] = "T-WAIT-1"


class RowVerb(Verb[None, list[int], list[int]], move=Row, phases=("turn",)):
    """Row one dock while the boat is short of dock 3."""

    def offer(self, ctx: None, state: list[int], seat: int, out: list[Action]) -> None:
        if state[seat] < 3:
            out.append(Action(seat, "row"))

    def apply(self, ctx: None, state: list[int], action: Action, events: list[Event]) -> None:
        state[action.seat] += 1
        events.append(Event("T-ROW-1", f"Player {action.seat + 1} rows"))

    def why_not(self, ctx: None, state: list[int], action: Action) -> tuple[str, str] | None:
        return ("T-ROW-2", "the river ends at dock 3") if state[action.seat] >= 3 else None


class WaitVerb(Verb[None, list[int], list[int]], move=Wait, phases=("turn",)):
    """Always offered, after rowing."""

    def offer(self, ctx: None, state: list[int], seat: int, out: list[Action]) -> None:
        out.append(Action(seat, "pass"))


def test_each_game_has_its_own_table_and_both_have_a_pass() -> None:
    ours = Verbs(RowVerb, WaitVerb)
    assert list(ours) == ["row", "pass"]
    assert isinstance(ours["pass"], WaitVerb)
    assert ours["pass"] is not SLOW_FREIGHT_VERBS["pass"] is not FREEDOM_VERBS["pass"]
    assert SLOW_FREIGHT_VERBS["pass"].kind == FREEDOM_VERBS["pass"].kind == "pass"
    assert "row" not in SLOW_FREIGHT_VERBS and "row" not in FREEDOM_VERBS
    assert ours.named("pass", "row") == (ours["pass"], ours["row"])


def test_a_second_verb_of_a_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="two verbs are called 'row'"):
        Verbs(RowVerb, WaitVerb, RowVerb)
    table = Verbs(RowVerb)
    with pytest.raises(TypeError, match="two verbs are called 'row'"):
        table.add(RowVerb)
    with pytest.raises(TypeError, match="Verbs.add"):
        table["pass"] = WaitVerb()  # type: ignore[assignment]
    with pytest.raises(TypeError, match="no verb"):
        Verbs(Verb)


def test_a_verb_declares_its_kind_move_and_phases() -> None:
    assert (RowVerb.kind, RowVerb.move, RowVerb.phases) == ("row", Row, frozenset({"turn"}))
    docks, events = [0, 0], []
    Verbs(RowVerb)["row"].apply(None, docks, Action(1, "row"), events)
    assert docks == [0, 1] and [e.rule for e in events] == ["T-ROW-1"]


def test_a_phase_offers_its_verbs_actions_in_its_order() -> None:
    table = Verbs(RowVerb, WaitVerb)
    forward = Phase[None, list[int]]("turn", "T-TURN-1", table.named("row", "pass"))
    backward = Phase[None, list[int]]("turn", "T-TURN-1", table.named("pass", "row"))
    assert [str(a) for a in forward.offered(None, [0, 0], 1)] == ["1:row", "1:pass"]
    assert [str(a) for a in backward.offered(None, [0, 0], 1)] == ["1:pass", "1:row"]
    assert [str(a) for a in forward.offered(None, [0, 3], 1)] == ["1:pass"]


def test_explain_is_the_verbs_reason_else_the_phases() -> None:
    table = Verbs(RowVerb, WaitVerb)
    turn = Phase[None, list[int]]("turn", "T-TURN-1", table.named("row", "pass"),
                                  ("T-TURN-2", "only row or pass"))
    waiting = Phase[None, list[int]]("waiting", "T-WAIT-1", table.named("pass"))
    full = [3, 0]
    assert turn.explain(None, full, Action(0, "row")) == ("T-ROW-2", "the river ends at dock 3")
    # the verb has nothing to say: the phase's reason
    assert turn.explain(None, [0, 0], Action(0, "row")) == ("T-TURN-2", "only row or pass")
    # a kind the phase does not offer: the phase's reason, never the verb's
    assert turn.explain(None, full, Action(0, "sail")) == ("T-TURN-2", "only row or pass")
    assert waiting.explain(None, full, Action(0, "row")) == ("T-WAIT-1", "not a legal choice now")
    assert waiting.offers("pass") is table["pass"] and waiting.offers("row") is None


def test_a_phase_may_word_its_reason_from_the_state() -> None:
    class Stuck(Phase[None, list[int]]):
        def refuse(self, ctx: None, state: list[int], action: Action) -> tuple[str, str]:
            return "T-STUCK-1", f"Player {action.seat + 1} is stuck at dock {state[action.seat]}"

    stuck = Stuck("stuck", "T-STUCK-1")
    assert stuck.offered(None, [2], 0) == []
    assert stuck.explain(None, [2], Action(0, "row")) == ("T-STUCK-1",
                                                          "Player 1 is stuck at dock 2")


def test_both_games_are_built_on_the_core_shape() -> None:
    from freight_freedom.freedom import engine
    from freight_freedom.slowfreight import legal

    assert all(isinstance(v, Verb) for v in [*FREEDOM_VERBS.values(),
                                             *SLOW_FREIGHT_VERBS.values()])
    assert isinstance(FREEDOM_VERBS, Verbs) and isinstance(SLOW_FREIGHT_VERBS, Verbs)
    assert all(isinstance(p, Phase) for p in engine.ROUND)
    assert [v.kind for v in legal.TURN.verbs] == ["loco", "take", "move", "pass"]
    assert [v.kind for v in legal.TAKING.verbs] == ["take", "stop"]
    assert [v.kind for v in legal.XLOCO.verbs] == ["move"]
