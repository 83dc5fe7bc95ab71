"""The six Role cards (FR-ROLE-*, FR-EFF-ROLE-*)."""

from __future__ import annotations

import pytest
from fr_helpers import (
    card_param,
    new_game,
    passive,
    per_person,
    roll,
    rules_of,
    texts,
    to_action,
)

from freight_freedom import IllegalAction
from freight_freedom.core.errors import ComponentError
from freight_freedom.freedom.context import context
from freight_freedom.freedom.roles import ROLE_NAMES, load_roles, parse_roles
from freight_freedom.freedom.state import QUEUE_PRICES, START_MONEY


def test_fr_role_1_six_roles_both_sides() -> None:
    roles = load_roles()
    assert tuple(roles) == ROLE_NAMES
    for r in roles.values():
        assert r.special and r.special_text
        assert len(r.sides) == 2
    with pytest.raises(ComponentError):
        parse_roles({"format": "freight_freedom.freedom.roles", "roles": []})


def test_fr_role_2_benefit_active_and_passive() -> None:
    g = new_game(2, roles=("Preacher", "Conductor"))
    g.scenario("stack_queue", cards=["john_greenleaf_whittier"])
    to_action(g)
    g.apply("0:card 1")  # the Preacher pays the position's price less the discount
    price = QUEUE_PRICES[0] - passive("Preacher", "card_discount")
    gain = card_param("john_greenleaf_whittier", "amount")
    assert g.state.money[0] == START_MONEY - price + gain


def test_fr_role_3_special_flips_to_side_two() -> None:
    g = new_game(2, roles=("Conductor", "Preacher"))
    g.scenario("place_people", space="memphis", count=1)
    to_action(g)
    g.apply("0:special")
    assert g.state.sides[0] == 2
    moves = [str(a) for a in g.legal_actions() if a.kind == "move"]
    assert any(m.endswith(" cincinnati") for m in moves) or len(moves) > 5
    g.apply("0:stop")
    g.apply("0:benefit")  # side II: 1 person up to 2 spaces
    assert g.state.pending and g.state.pending[-1].spaces == 2


def test_fr_role_agent_special_in_planning() -> None:
    g = new_game(2, roles=("Agent", "Preacher"))
    roll(g)
    before = [c.people for c in g.state.market]
    ev = g.apply("0:special")
    assert [c.people for c in g.state.market] == [max(0, n - 1) for n in before]
    assert "FR-EFF-ROLE-MARKET-EACH" in rules_of(ev)


def test_fr_role_preacher_special_removes_queue_card() -> None:
    g = new_game(2, roles=("Preacher", "Agent"))
    to_action(g)
    g.apply("0:special")
    ev = g.apply("0:remove 2")
    assert g.state.queue[1] is None and "without effect" in texts(ev)


def test_fr_role_shepherd_special_straight_to_new_york_safely() -> None:
    g = new_game(2, roles=("Shepherd", "Agent"))
    g.scenario("place_catcher", colour="purple", space="philadelphia")
    to_action(g)
    money = g.state.money[0]
    g.apply("0:special")
    ctx = context()
    assert {str(a.args[1]) for a in g.legal_actions() if a.kind == "move"} == {"new_york"}
    g.apply(f"0:move {ctx.board.plantations[0]} new_york")
    g.apply(f"0:move {ctx.board.plantations[1]} new_york")
    assert g.state.people["new_york"] == 2
    assert g.state.catchers["purple"] == "philadelphia"  # no catcher triggered
    assert g.state.money[0] == money + 2 * ctx.money["new_york"]
    assert not g.state.pending


def test_fr_role_shepherd_conductor_discount() -> None:
    g = new_game(2, roles=("Shepherd", "Agent"))
    roll(g)
    g.apply("0:buy c1_1x2")
    price = context().conductor("c1_1x2").cost - passive("Shepherd", "conductor_discount")
    assert g.state.money[0] == START_MONEY - price


def test_fr_role_sm_cut_cancels_capturing_reaction() -> None:
    g = new_game(2, roles=("Station Master", "Conductor"))
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_people", space="columbus", count=1)
    g.scenario("place_catcher", colour="red", space="cincinnati")
    g.scenario("place_catcher", colour="brown", space="quincy")
    to_action(g)
    g.apply("0:benefit")
    assert g.state.turn_ctx.cut_armed
    g.apply("0:end")
    g.apply("1:benefit")
    ev = g.apply("1:move columbus ripley")
    assert "FR-ROLE-SM-CUT" in rules_of(ev)
    assert g.state.catchers["red"] == "cincinnati" and g.state.people["ripley"] == 1


def test_fr_role_sm_special_only_in_another_players_turn() -> None:
    g = new_game(2, roles=("Station Master", "Conductor"))
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_catcher", colour="red", space="alton")
    to_action(g)
    assert "0:special" not in [str(a) for a in g.legal_actions()]
    g.apply("0:end") if "0:end" in [str(a) for a in g.legal_actions()] else g.apply("0:pass")
    ev = g.apply("1:call 0")
    assert g.state.sides[0] == 2 and "FR-EFF-ROLE-SAFE-TURN" in rules_of(ev)
    g.apply("1:benefit")
    g.apply("1:move lexington cincinnati")
    assert g.state.catchers["red"] == "alton"
    with pytest.raises(IllegalAction):
        g.apply("1:call 0")


def test_fr_role_sm_solo_may_call_own_special() -> None:
    g = new_game(1, roles=("Station Master",))
    to_action(g)
    assert "0:call 0" in [str(a) for a in g.legal_actions()]


def test_fr_role_stockholder_fundraising_bonus() -> None:
    g = new_game(1, roles=("Stockholder",))
    roll(g)
    g.apply("0:buy f1_south")
    g.apply("0:done")
    ctx = context()
    south = sum(n for s, n in g.state.people.items() if ctx.region[s] == "south")
    g.apply("0:play f1_south")
    bonus = passive("Stockholder", "fundraising_bonus")
    assert g.state.money[0] == START_MONEY + south * per_person("f1_south") + bonus
