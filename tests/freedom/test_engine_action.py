"""Action phase and Abolitionist cards (FR-ACT-*, FR-CARD-5..7, FR-CARD-RESERVE, FR-COOP-1)."""

from __future__ import annotations

import pytest
from fr_helpers import (
    card_param,
    end_turns_until,
    new_game,
    roll,
    rules_of,
    special_param,
    texts,
    to_action,
)

from freight_freedom import IllegalAction
from freight_freedom.freedom.context import context
from freight_freedom.freedom.state import PASS_INCOME, QUEUE_PRICES, START_MONEY


def test_fr_act_1_turns_from_lead_any_order_then_end() -> None:
    g = new_game(2)
    to_action(g)
    assert g.to_move == 0
    g.apply("0:benefit")
    while g.state.pending:
        g.apply("0:stop")
    g.apply("0:end")
    assert g.to_move == 1
    g.apply("1:pass")
    assert g.phase in ("Slave Market", "Lantern", "Slave Catcher")


def test_fr_act_2_benefit_once_per_turn() -> None:
    g = new_game(2, roles=("Agent", "Preacher"))
    to_action(g)
    money = g.state.money[0]
    g.apply("0:benefit")
    assert g.state.money[0] == money + 1
    while g.state.pending:
        g.apply("0:stop")
    with pytest.raises(IllegalAction) as err:
        g.apply("0:benefit")
    assert err.value.rule == "FR-ACT-2"


def test_fr_act_3_special_once_then_side_two() -> None:
    g = new_game(2, roles=("Stockholder", "Preacher"))
    to_action(g)
    ev = g.apply("0:special")
    each = START_MONEY + special_param("Stockholder", "amount")
    assert g.state.sides[0] == 2 and g.state.money == [each, each]
    assert "FR-ROLE-3" in rules_of(ev)
    assert "0:special" not in [str(a) for a in g.legal_actions()]


def test_fr_act_4_at_most_two_tokens_per_turn() -> None:
    g = new_game(1)
    g.scenario("set_money", seat=0, amount=40)
    roll(g)
    g.apply("0:buy f1_south")
    g.apply("0:buy c1_3x1")
    roll_round = g.round
    g.apply("0:end") if "0:end" in [str(a) for a in g.legal_actions()] else None
    assert g.round == roll_round


def test_fr_act_4_two_token_limit_reason() -> None:
    g = new_game(1)
    g.scenario("set_money", seat=0, amount=40)
    roll(g)
    g.apply("0:buy f1_south")
    g.apply("0:buy c1_3x1")
    # round 2: buy two more, then hold four tokens
    g.apply("0:pass")
    while g.phase != "Slave Catcher":
        g.apply(g.legal_actions()[0])
    roll(g)
    g.apply("0:buy f1_south")
    g.apply("0:buy c1_2x1")
    g.apply("0:play f1_south")
    g.apply("0:play f1_south")
    with pytest.raises(IllegalAction) as err:
        g.apply("0:play c1_2x1")
    assert err.value.rule == "FR-ACT-4" and "at most 2" in err.value.reason


def test_fr_act_5_buy_one_card_at_position_price() -> None:
    g = new_game(2)
    g.scenario("stack_queue", cards=["ripley_ohio", "the_liberator", "theodore_weld",
                                     "american_anti_slavery_society", "john_greenleaf_whittier"])
    to_action(g)
    money = g.state.money[0]
    ev = g.apply("0:card 5")
    assert g.state.queue[4] is None
    assert "FR-ACT-5" in rules_of(ev)
    assert g.state.money[0] == money - QUEUE_PRICES[4] + 2
    with pytest.raises(IllegalAction) as err:
        g.apply("0:card 1")
    assert err.value.rule == "FR-ACT-5" and err.value.reason == "one Abolitionist card per turn"


def test_fr_act_5_not_enough_money_reason() -> None:
    g = new_game(2)
    g.scenario("set_money", seat=0, amount=0)
    to_action(g)
    with pytest.raises(IllegalAction) as err:
        g.apply("0:card 1")
    price = QUEUE_PRICES[0]
    assert err.value.reason == f"not enough money: the card costs ${price}, you have $0"


def test_fr_act_6_fundraising_pays_per_person_in_region() -> None:
    g = new_game(1)
    roll(g)
    g.apply("0:buy f1_south")
    g.apply("0:done")
    south = sum(n for s, n in g.state.people.items() if context().region[s] == "south")
    money = g.state.money[0]
    ev = g.apply("0:play f1_south")
    assert g.state.money[0] == money + south
    assert "FR-ACT-6" in rules_of(ev)


def test_fr_act_7_pass_income_by_period_only_if_nothing_done() -> None:
    g = new_game(2, roles=("Agent", "Preacher"))
    to_action(g)
    assert "0:pass" in [str(a) for a in g.legal_actions()]
    g.apply("0:pass")
    assert g.state.money[0] == START_MONEY + PASS_INCOME[1]
    g.apply("1:benefit")
    with pytest.raises(IllegalAction) as err:
        g.apply("1:pass")
    assert err.value.rule == "FR-ACT-7"


def test_fr_card_5_general_resolves_when_bought() -> None:
    g = new_game(2)
    g.scenario("stack_queue", cards=["john_greenleaf_whittier"])
    to_action(g)
    money = g.state.money[0]
    g.apply("0:card 1")
    assert g.state.money[0] == money - QUEUE_PRICES[0] + card_param("john_greenleaf_whittier",
                                                                   "amount")
    assert "john_greenleaf_whittier" in g.state.discard


def test_fr_card_6_reserve_held_and_played_in_own_turn() -> None:
    g = new_game(2)
    g.scenario("stack_queue", cards=["quakers"])
    to_action(g)
    g.apply("0:card 1")
    assert g.state.reserve[0] == "quakers"
    money = g.state.money[0]
    g.apply("0:reserve")
    assert g.state.money[0] == money + card_param("quakers", "amount")
    assert g.state.reserve[0] is None


def test_fr_card_6_reaction_reserve_answers_the_roll() -> None:
    g = new_game(2, seed=5)
    g.scenario("stack_queue", cards=["vigilance_committees"])
    to_action(g)
    g.apply("0:card 1")
    end_turns_until(g, "Slave Market")
    while g.phase != "Slave Catcher":
        g.apply(g.legal_actions()[0])
    g.scenario("place_people", space="cincinnati", count=1)
    g.scenario("fix_roll", catcher="red", direction="east", spaces=2)
    g.apply(f"{g.state.lead}:roll")
    assert g.to_move == 0 and {a.kind for a in g.legal_actions()} == {"reserve", "decline"}
    ev = g.apply("0:reserve")
    assert "FR-EFF-REDUCE-ROLL" in rules_of(ev)
    assert g.state.catchers["red"] == "louisville"
    assert g.state.people["cincinnati"] == 1


def test_fr_card_reserve_new_one_discards_old_without_effect() -> None:
    g = new_game(2)
    g.scenario("stack_queue", cards=["quakers", "levi_coffin"])
    to_action(g)
    g.apply("0:card 1")
    g.apply("0:end")
    g.apply("1:pass")
    while g.phase != "Slave Catcher":
        g.apply(g.legal_actions()[0])
    roll(g)
    from fr_helpers import finish_planning
    finish_planning(g)
    seat = g.to_move
    assert seat == 1
    g.apply("1:pass")
    pos = g.state.queue.index("levi_coffin") + 1
    ev = g.apply(f"0:card {pos}")
    assert "discards the Reserve card Quakers without effect" in texts(ev)
    assert g.state.reserve[0] == "levi_coffin" and "quakers" in g.state.discard


def _seed_with(card: str, players: int = 3) -> int:
    for seed in range(200):
        g = new_game(players, seed=seed)
        if card in g.state.decks[0] + [c for c in g.state.queue if c]:
            return seed
    raise AssertionError(card)


def test_fr_card_7_opposition_bought_removes_and_fires() -> None:
    g = new_game(3, seed=_seed_with("farren_riots"))
    g.scenario("stack_queue", cards=["farren_riots"])
    to_action(g)
    ev = g.apply("0:card 1")
    assert "its effect ends" in texts(ev)
    g2 = new_game(3, seed=_seed_with("illegal_slave_trade"))
    g2.scenario("stack_queue", cards=["illegal_slave_trade"])
    to_action(g2)
    with pytest.raises(IllegalAction) as err:
        g2.apply("0:card 1")
    assert err.value.rule == "FR-CARD-7"


def test_fr_coop_1_no_money_transfer_action() -> None:
    g = new_game(2)
    to_action(g)
    kinds = {a.kind for a in g.legal_actions()}
    assert not kinds & {"give", "lend", "transfer"}
