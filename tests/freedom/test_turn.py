"""The round's bookkeeping (phase, step, whose turn, per-turn flags) is one value, the state's
``turn_ctx``, apart from the game's table; the state's plain data keeps its flat layout, copies
keep it independent, and each turn starts fresh (FR-ACT-1, FR-ACT-2, FR-ACT-7, FR-PLAN-1)."""

from __future__ import annotations

from dataclasses import fields

from fr_helpers import new_game, to_action

from freight_freedom.freedom.state import FreedomState, Turn

#: The keys of ``FreedomState.to_dict`` in order, as digests, views and features read them.
FLAT_KEYS = [
    "players", "difficulty", "rng", "options", "round", "phase", "step", "lead", "turn",
    "turns_done", "period", "money", "roles", "sides", "people", "freed_at", "supply", "freed",
    "lost", "catchers", "market", "market_deck", "market_done", "market_unused",
    "capture_cursor", "stacks", "stack_size", "support_left", "support_bought", "held",
    "tokens_spent", "tokens_removed", "queue", "decks", "removed_cards", "discard", "reserve",
    "pending", "effects", "planning_taken", "tokens_played", "card_bought", "benefit_used",
    "did_something", "safe_turn", "cut_armed", "fixed_roll", "last_roll", "lantern_discarded",
    "result",
]


def test_turn_fields_live_apart_from_the_table() -> None:
    turn_fields = {f.name for f in fields(Turn)}
    assert turn_fields.isdisjoint(FreedomState.__dataclass_fields__)
    g = new_game(2)
    assert isinstance(g.state.turn_ctx, Turn) and g.state.turn_ctx.phase == "catcher"


def test_to_dict_keeps_the_flat_layout() -> None:
    g = new_game(3)
    to_action(g)
    st = g.state
    data = st.to_dict()
    assert list(data) == FLAT_KEYS
    turn = st.turn_ctx
    assert (data["phase"], data["step"], data["turn"]) == (turn.phase, turn.step, turn.seat)
    assert list(st.to_dict(hidden=False)) == FLAT_KEYS


def test_a_copy_has_its_own_turn() -> None:
    g = new_game(2)
    to_action(g)
    before = g.digest()
    twin = g.copy()
    assert twin.state.turn_ctx == g.state.turn_ctx
    assert twin.state.turn_ctx is not g.state.turn_ctx
    twin.state.turn_ctx.did_something = True
    twin.state.turn_ctx.seat = 1 - twin.state.turn_ctx.seat
    assert g.digest() == before


def test_fr_act_2_and_fr_act_7_each_action_turn_starts_fresh() -> None:
    """FR-ACT-1: turns go round from the Lead Player; the Benefit (FR-ACT-2) and "did
    something" (FR-ACT-7) are per turn, so the next player may take a Benefit and pass."""
    g = new_game(2)
    to_action(g)
    first = g.to_move
    assert first is not None
    g.apply(f"{first}:benefit")
    while g.state.pending:
        g.apply(g.legal_actions()[-1])
    turn = g.state.turn_ctx
    assert turn.benefit_used and turn.did_something
    g.apply(f"{first}:end")
    assert turn.seat == (first + 1) % 2 and turn.turns_done == 1
    assert not (turn.benefit_used or turn.did_something or turn.card_bought)
    assert {"benefit", "pass"} <= {a.kind for a in g.legal_actions()}


def test_fr_plan_1_planning_count_is_per_turn() -> None:
    """FR-PLAN-1: the tokens bought count toward one player's Planning turn only."""
    g = new_game(2)
    g.scenario("set_money", seat=0, amount=30)
    g.apply("0:roll")
    g.apply("0:buy c1_2x1")
    assert g.state.turn_ctx.planning_taken == 1
    g.apply("0:done")
    assert g.state.turn_ctx.seat == 1 and g.state.turn_ctx.planning_taken == 0
