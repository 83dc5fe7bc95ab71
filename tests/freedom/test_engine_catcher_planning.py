"""Slave Catcher phase and Planning phase (FR-CATCH-*, FR-PLAN-*, related rulings)."""

from __future__ import annotations

import pytest
from fr_helpers import finish_planning, new_game, passive, roll, rules_of, texts

from freight_freedom import Action, IllegalAction
from freight_freedom.freedom.context import context
from freight_freedom.freedom.state import START_MONEY, HeldToken


def test_fr_catch_1_lead_rolls_both_dice() -> None:
    g = new_game()
    ev = g.apply("0:roll")
    assert rules_of(ev)[0] in ("FR-CATCH-1", "FR-CATCH-2")
    assert g.state.last_roll is not None
    assert g.phase == "Planning"


def test_fr_catch_2_walking_figure_moves_no_one() -> None:
    g = new_game()
    before = dict(g.state.catchers)
    ev = roll(g, "walk")
    assert "FR-CATCH-2" in rules_of(ev)
    assert g.state.catchers == before


def test_fr_catch_3_capture_only_where_it_stops() -> None:
    g = new_game()
    # red path: alton, st_louis, cairo, louisville, lexington, cincinnati, ripley; starts louisville
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_people", space="cincinnati", count=1)
    ev = roll(g, "red", "east", 2)
    assert g.state.catchers["red"] == "cincinnati"
    assert g.state.people["lexington"] == 1  # passed through: safe
    assert g.state.people["cincinnati"] == 0
    assert "moves 2 spaces east to Cincinnati and captures 1 person" in texts(ev)


def test_fr_catch_4_captures_cycle_bottom_middle_top() -> None:
    g = new_game()
    before = [c.people for c in g.state.market]
    g.scenario("place_people", space="chicago", count=4)
    g.scenario("place_catcher", colour="orange", space="battle_creek")
    roll(g, "orange", "west", 1)
    after = [c.people for c in g.state.market]
    assert [a - b for a, b in zip(after, before, strict=True)] == [2, 1, 1]


def test_fr_ruling_path_end_catcher_stops_at_end() -> None:
    g = new_game()
    g.scenario("place_catcher", colour="red", space="cincinnati")
    ev = roll(g, "red", "east", 3)
    assert g.state.catchers["red"] == "ripley"
    assert "end of its path" in texts(ev)


def test_fr_plan_1_up_to_two_tokens_one_player_at_a_time() -> None:
    g = new_game(2)
    g.scenario("set_money", seat=0, amount=30)
    roll(g)
    assert g.to_move == 0
    g.apply("0:buy c1_2x1")
    ev = g.apply("0:buy c1_1x2")
    # the limit is reached and the Conductor has no Planning ability: the turn passes on
    assert "can buy no more tokens" in texts(ev)
    assert g.to_move == 1


def test_fr_plan_2_only_active_period_columns() -> None:
    g = new_game(2)
    g.scenario("set_money", seat=0, amount=30)
    roll(g)
    kinds = {str(a.args[0]) for a in g.legal_actions() if a.kind == "buy"}
    assert all(s.startswith(("c1", "f1")) for s in kinds), kinds
    import pytest

    from freight_freedom import IllegalAction
    with pytest.raises(IllegalAction) as err:
        g.apply("0:buy c2_3x1")
    assert err.value.rule == "FR-PLAN-2"


def test_fr_plan_3_last_support_opens_next_period() -> None:
    g = new_game(1)
    g.scenario("set_money", seat=0, amount=30)
    roll(g)
    old_deck = list(g.state.decks[0])
    ev = g.apply("0:support")
    assert g.state.period == 2
    assert g.state.decks[0] == [] and set(old_deck) <= set(g.state.removed_cards)
    assert "FR-PLAN-3" in rules_of(ev)
    assert any(str(a) == "0:buy c2_3x1" for a in g.legal_actions())


def test_fr_plan_4_conductor_cost_and_shepherd_discount() -> None:
    g = new_game(3)  # seat 2 is the Shepherd
    ctx = context()
    cost = ctx.conductor("c1_2x1").cost
    g.scenario("set_money", seat=2, amount=10)
    roll(g)
    finish_planning(g, {0: [], 1: [], 2: ["buy c1_2x1"]})
    assert g.state.money[2] == 10 - (cost - passive("Shepherd", "conductor_discount"))


def test_fr_plan_5_fundraising_tokens_are_free() -> None:
    g = new_game(1)
    roll(g)
    fund = next(a for a in g.legal_actions() if a.kind == "buy" and str(a.args[0]).startswith("f"))
    g.apply(fund)
    assert g.state.money[0] == START_MONEY
    assert g.state.held[0][0].stack == fund.args[0]


def test_fr_plan_6_grey_token_returns_when_played() -> None:
    g = new_game(1)  # one token per stack with 1 player: it is the grey one
    g.scenario("set_money", seat=0, amount=20)
    g.scenario("place_people", space="memphis", count=1)
    roll(g)
    ev = g.apply("0:buy c1_2x1")
    assert "grey" in texts(ev) and g.state.stacks["c1_2x1"] == 0
    g.apply("0:done")
    ev = g.apply("0:play c1_2x1")
    assert g.state.stacks["c1_2x1"] == 1
    assert "returns to the token board" in texts(ev)


def test_fr_ruling_held_tokens_carry_over() -> None:
    g = new_game(1)
    g.scenario("set_money", seat=0, amount=20)
    roll(g)
    finish_planning(g, {0: ["buy c1_2x1"]})
    g.apply("0:benefit")
    while g.state.pending:
        g.apply("0:stop")
    g.apply("0:end")
    while g.phase != "Slave Catcher":
        g.apply(g.legal_actions()[0])
    assert g.state.held[0] == [HeldToken("c1_2x1", grey=True)]
    roll(g)
    finish_planning(g)
    assert "0:play c1_2x1" in [str(a) for a in g.legal_actions()]


def test_fr_ruling_planning_order_from_lead() -> None:
    g = new_game(3)
    while g.round == 1:
        g.apply(g.legal_actions()[-1] if g.phase == "Planning" else g.legal_actions()[0])
    assert g.state.lead == 1
    roll(g)
    assert g.to_move == 1 or g.phase == "Action"


def test_fr_card_11_gag_rules_limit_one_token() -> None:
    g = new_game(2, seed=0)  # a set-up with the card in the starting Queue
    assert "congressional_gag_rules" in g.state.queue
    g.scenario("set_money", seat=0, amount=30)
    roll(g)
    ev = g.apply("0:buy c1_2x1")
    assert "can buy no more tokens" in texts(ev)
    assert g.to_move == 1


def test_fr_ruling_grey_choice_the_player_chooses_which_token_to_play() -> None:
    g = new_game(2)
    roll(g)
    g.scenario("set_money", seat=0, amount=30)
    finish_planning(g, {0: ["buy c1_2x1"]})
    assert g.phase == "Action" and g.to_move == 0
    st = g.state
    # the grey token of the stack, bought on an earlier round
    st.held[0].append(HeldToken("c1_2x1", grey=True))
    st.stacks["c1_2x1"] -= 1
    plays = [str(a) for a in g.legal_actions() if a.kind == "play"]
    assert plays == ["0:play c1_2x1", "0:play c1_2x1 grey"]
    grey = Action.parse("0:play c1_2x1 grey")
    assert str(grey) == "0:play c1_2x1 grey" and g.is_legal(grey)
    assert "grey token" in g.describe(grey)
    left = st.stacks["c1_2x1"]
    other = g.copy()
    ev = g.apply(grey)
    assert "grey token returns to the token board" in texts(ev)
    assert st.stacks["c1_2x1"] == left + 1 and st.held[0] == [HeldToken("c1_2x1", grey=False)]
    other.apply("0:play c1_2x1")  # the ordinary one leaves the game
    assert other.state.stacks["c1_2x1"] == left
    assert other.state.held[0] == [HeldToken("c1_2x1", grey=True)]
    assert "c1_2x1" in other.state.tokens_spent


def test_fr_ruling_grey_choice_offered_only_when_both_kinds_are_held() -> None:
    g = new_game(2)
    roll(g)
    g.scenario("set_money", seat=0, amount=30)
    finish_planning(g, {0: ["buy c1_2x1"]})
    assert [str(a) for a in g.legal_actions() if a.kind == "play"] == ["0:play c1_2x1"]
    with pytest.raises(IllegalAction):
        g.apply("0:play c1_2x1 grey")
