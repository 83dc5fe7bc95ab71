"""Each effect rule ID under its own test name, in a real flow (FR-EFF-*, role effects)."""

from __future__ import annotations

from fr_helpers import (
    card_param,
    finish_planning,
    new_game,
    passive,
    per_person,
    roll,
    rules_of,
    special_param,
    to_action,
)

from freight_freedom.freedom.context import context
from freight_freedom.freedom.state import QUEUE_PRICES, START_MONEY


def _queue_card(kind: str) -> str:
    return next(c.id for c in context().cards.cards
                if c.trigger == "queue" and c.effects[0].kind == kind)


def test_fr_eff_token_limit() -> None:
    g = new_game(2)
    g.state.queue[0] = _queue_card("token_limit")
    g.scenario("set_money", seat=0, amount=30)
    roll(g)
    g.apply("0:buy c1_2x1")
    assert g.to_move == 1


def test_fr_eff_conductor_cost() -> None:
    g = new_game(2)
    g.state.queue[0] = card = _queue_card("conductor_cost")
    roll(g)
    g.apply("0:buy c1_2x1")
    cost = context().conductor("c1_2x1").cost
    assert g.state.money[0] == START_MONEY - cost - card_param(card, "delta")


def test_fr_eff_support_cost() -> None:
    g = new_game(1)
    g.state.queue[0] = card = _queue_card("support_cost")
    price = context().tokens.support_price + card_param(card, "delta")
    g.scenario("set_money", seat=0, amount=price - 1)
    roll(g)
    assert "0:support" not in [str(a) for a in g.legal_actions()]
    g.scenario("set_money", seat=0, amount=price)
    assert "0:support" in [str(a) for a in g.legal_actions()]


def test_fr_eff_card_cost() -> None:
    g = new_game(2)
    g.state.queue[0] = card = _queue_card("card_cost")
    to_action(g)
    money = g.state.money[0]
    g.apply("0:card 1")  # buying the Opposition card itself ends its effect after payment
    assert g.state.money[0] == money - (QUEUE_PRICES[0] + card_param(card, "delta"))


def test_fr_eff_fundraising_cut() -> None:
    g = new_game(1)
    g.state.queue[0] = card = _queue_card("fundraising_cut")
    roll(g)
    g.apply("0:buy f1_south")
    finish_planning(g)
    south = sum(n for s, n in g.state.people.items() if context().region[s] == "south")
    g.apply("0:play f1_south")
    raised = south * per_person("f1_south") - card_param(card, "delta")
    assert g.state.money[0] == START_MONEY + raised


def test_fr_eff_money_each() -> None:
    g = new_game(2, roles=("Stockholder", "Agent"))
    to_action(g)
    ev = g.apply("0:special")
    each = START_MONEY + special_param("Stockholder", "amount")
    assert "FR-EFF-MONEY-EACH" in rules_of(ev) and g.state.money == [each, each]


def test_fr_eff_reduce_roll() -> None:
    g = new_game(2)
    g.state.reserve[0] = "vigilance_committees"
    g.state.queue = [c if c != "vigilance_committees" else None for c in g.state.queue]
    for d in g.state.decks:
        if "vigilance_committees" in d:
            d.remove("vigilance_committees")
    g.scenario("fix_roll", catcher="red", direction="west", spaces=3)
    g.apply("0:roll")
    ev = g.apply("0:reserve")
    assert "FR-EFF-REDUCE-ROLL" in rules_of(ev)
    assert g.state.catchers["red"] == "cairo"


def test_fr_eff_role_card_discount() -> None:
    g = new_game(2, roles=("Preacher", "Agent"))
    g.scenario("stack_queue", cards=["john_greenleaf_whittier"])
    to_action(g)
    g.apply("0:card 1")  # the position's price less the Preacher discount, then the card pays
    price = QUEUE_PRICES[0] - passive("Preacher", "card_discount")
    gain = card_param("john_greenleaf_whittier", "amount")
    assert g.state.money[0] == START_MONEY - price + gain


def test_fr_eff_role_conductor_discount() -> None:
    g = new_game(2, roles=("Shepherd", "Agent"))
    roll(g)
    g.apply("0:buy c1_3x1")
    price = context().conductor("c1_3x1").cost - passive("Shepherd", "conductor_discount")
    assert g.state.money[0] == START_MONEY - price


def test_fr_eff_role_fundraising_bonus() -> None:
    g = new_game(1, roles=("Stockholder",))
    roll(g)
    g.apply("0:buy f1_south")
    finish_planning(g)
    south = sum(n for s, n in g.state.people.items() if context().region[s] == "south")
    g.apply("0:play f1_south")
    bonus = passive("Stockholder", "fundraising_bonus")
    assert g.state.money[0] == START_MONEY + south * per_person("f1_south") + bonus


def test_fr_eff_role_catcher_cut() -> None:
    g = new_game(2, roles=("Station Master", "Agent"))
    to_action(g)
    ev = g.apply("0:benefit")
    assert "FR-EFF-ROLE-CATCHER-CUT" in rules_of(ev) and g.state.turn_ctx.cut_armed
    while g.phase == "Action":
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("stop", "end", "pass")), a[0]))
    assert not g.state.turn_ctx.cut_armed  # lapses at the end of the Action phase


def test_fr_eff_role_market_each() -> None:
    g = new_game(2, roles=("Agent", "Preacher"))
    roll(g)
    ev = g.apply("0:special")
    assert "FR-EFF-ROLE-MARKET-EACH" in rules_of(ev)


def test_fr_eff_role_move_to() -> None:
    g = new_game(2, roles=("Shepherd", "Agent"))
    to_action(g)
    ev = g.apply("0:special")
    assert "FR-EFF-ROLE-MOVE-TO" in rules_of(ev)
    assert {str(a.args[1]) for a in g.legal_actions() if a.kind == "move"} == {"new_york"}


def test_fr_eff_role_safe_turn() -> None:
    g = new_game(2, roles=("Agent", "Station Master"))
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_catcher", colour="red", space="alton")
    to_action(g)
    ev = g.apply("0:call 1")
    assert "FR-EFF-ROLE-SAFE-TURN" in rules_of(ev)
    g.apply("0:benefit")
    g.apply("0:move lexington cincinnati")
    assert g.state.catchers["red"] == "alton"
