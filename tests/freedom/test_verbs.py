"""Each Freedom verb is one unit found by its name (see freedom/verbs): every action kind has
one verb, each phase offers only its own verbs, and a verb's legal actions, words and reasons
agree with the rules they name (FR-ROLE-3, FR-ACT-7, FR-MOVE-1)."""

from __future__ import annotations

import pytest
from fr_helpers import new_game, to_action

from freight_freedom import Action, IllegalAction
from freight_freedom.freedom import engine
from freight_freedom.freedom.moves import MOVES
from freight_freedom.freedom.verbs import VERBS


def test_every_action_kind_is_one_verb() -> None:
    assert set(VERBS) == set(MOVES.kinds)
    for kind, verb in VERBS.items():
        assert verb.kind == kind and verb.move is MOVES.kinds[kind]


def test_each_phase_offers_only_its_own_verbs() -> None:
    """A phase lists verbs that declare it; every phase verb is offered by a phase."""
    offered = set()
    for phase in engine.ROUND:
        for verb in phase.verbs:
            assert phase.key in verb.phases, (phase.key, verb.kind)
            offered.add(verb.kind)
    assert offered == {k for k, v in VERBS.items() if v.phases}


def test_fr_act_7_pass_then_end_and_their_reasons() -> None:
    """FR-ACT-7: pass is offered until something is done this turn, then end; each refused
    one names the rule and says why."""
    g = new_game(2)
    to_action(g)
    seat = g.to_move
    kinds = [a.kind for a in g.legal_actions()]
    assert kinds[-1] == "pass" and "end" not in kinds
    with pytest.raises(IllegalAction) as err:
        g.apply(f"{seat}:end")
    assert err.value.rule == "FR-ACT-7" and "pass to take income" in str(err.value)
    g.apply(f"{seat}:benefit")
    while g.state.pending:  # the Benefit's own decision, if any
        g.apply(g.legal_actions()[-1])
    kinds = [a.kind for a in g.legal_actions()]
    assert kinds[-1] == "end" and "pass" not in kinds
    with pytest.raises(IllegalAction) as err:
        g.apply(f"{seat}:pass")
    assert err.value.rule == "FR-ACT-7"
    assert g.describe(Action(seat, "end", ())) == f"Player {seat + 1} ends the turn"


def test_fr_role_3_special_reason_in_the_action_phase_only() -> None:
    """FR-ROLE-3: a Special Ability already used is refused with its rule in the Action phase;
    the Agent's (a Planning ability) is not offered in the Action phase either."""
    g = new_game(2, roles=("Stockholder", "Agent"))
    to_action(g)
    g.apply("0:special")
    with pytest.raises(IllegalAction) as err:
        g.apply("0:special")
    assert err.value.rule == "FR-ROLE-3" and "once per game" in str(err.value)
    assert g.describe(Action.parse("1:special")).startswith("Player 2 uses the Agent Special")


def test_fr_move_1_no_movement_in_progress() -> None:
    g = new_game(2)
    to_action(g)
    with pytest.raises(IllegalAction) as err:
        g.apply(f"{g.to_move}:move cincinnati columbus")
    assert err.value.rule == "FR-MOVE-1" and "no movement is in progress" in str(err.value)


def test_fr_plan_1_a_planning_turn_is_played_exactly_when_a_purchase_is_offered() -> None:
    """FR-PLAN-1: the Planning step asks the player only when a purchase or the Special Ability
    is offered (``offers_any`` over the choice verbs), which is exactly when the turn's listed
    actions are more than ``done``; checked at every Planning decision of random games, and for
    every seat at each, under the same state."""
    from freight_freedom.core.bot import RandomBot
    from freight_freedom.freedom import phase_planning
    from freight_freedom.freedom.verbs import offered, offers_any

    asked = 0
    for seed in range(6):
        g = new_game(1 + seed % 4, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            st = g.state
            if not st.pending and st.turn_ctx.phase == "planning":
                kinds = [a.kind for a in g.legal_actions()]
                assert kinds[-1] == "done" and len(kinds) > 1  # a real choice, or not asked
                for seat in range(st.players):
                    full = offered(g.ctx, st, seat, phase_planning.OFFERED)
                    assert offers_any(g.ctx, st, seat, phase_planning.CHOICES) == (len(full) > 1)
                asked += 1
            g.apply(bot.choose(g))
    assert asked > 20
