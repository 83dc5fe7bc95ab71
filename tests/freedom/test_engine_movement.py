"""Movement of people and catcher reactions (FR-MOVE-*, movement rulings)."""

from __future__ import annotations

import pytest
from fr_helpers import new_game, rules_of, start_move, texts

from freight_freedom import IllegalAction


def test_fr_move_1_one_person_per_action_within_reach() -> None:
    g = new_game()
    g.scenario("place_people", space="nashville", count=1)
    start_move(g, "c1_2x1")
    moves = [str(a) for a in g.legal_actions() if a.kind == "move"]
    assert "0:move nashville louisville" not in moves  # the red catcher stands there
    assert "0:move nashville knoxville" in moves
    with pytest.raises(IllegalAction) as err:
        g.apply("0:move nashville cincinnati")
    assert err.value.rule == "FR-MOVE-1" and "more than 1 space" in err.value.reason
    assert g.describe(g.legal_actions()[0]).startswith("Player 1 moves a person from")


def test_fr_move_2_a_person_moves_once_per_token() -> None:
    g = new_game()
    g.scenario("place_people", space="memphis", count=1)
    start_move(g, "c1_2x1")
    g.apply("0:move memphis nashville")
    with pytest.raises(IllegalAction) as err:
        g.apply("0:move nashville knoxville")
    assert err.value.rule == "FR-MOVE-2"
    assert "once per token" in err.value.reason


def test_fr_move_3_capacity_small_and_large_cities() -> None:
    g = new_game()
    g.scenario("place_people", space="new_york", count=4)
    g.scenario("place_people", space="philadelphia", count=1)
    g.scenario("place_catcher", colour="purple", space="harpers_ferry")
    start_move(g, "c1_2x1")
    with pytest.raises(IllegalAction) as err:
        g.apply("0:move philadelphia new_york")
    assert err.value.rule == "FR-MOVE-3"
    assert err.value.reason == "New York holds 4 people"
    with pytest.raises(IllegalAction, match="holds 4"):
        g.scenario("place_people", space="new_york", count=1)


def test_fr_move_4_gold_circle_pays_on_entering() -> None:
    g = new_game()
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_catcher", colour="red", space="alton")
    start_move(g, "c1_2x1")
    money = g.state.money[0]
    ev = g.apply("0:move lexington cincinnati")
    assert g.state.money[0] == money + 2
    assert "FR-MOVE-4" in rules_of(ev)


def test_fr_move_5_entering_draws_catcher_one_step_and_it_captures() -> None:
    g = new_game()
    # red path ... louisville, lexington, cincinnati, ripley; the catcher starts at louisville
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_people", space="columbus", count=1)
    g.scenario("place_catcher", colour="red", space="cincinnati")
    g.scenario("place_catcher", colour="brown", space="quincy")
    start_move(g, "c1_2x1")
    ev = g.apply("0:move columbus ripley")
    assert g.state.catchers["red"] == "ripley"
    assert g.state.people["ripley"] == 0
    assert "The red Slave Catcher moves 1 space east to Ripley and captures 1 person." in texts(ev)


def test_fr_ruling_react_step_one_space_toward_distant_person() -> None:
    g = new_game()
    g.scenario("place_people", space="nashville", count=1)
    g.scenario("place_catcher", colour="red", space="alton")
    start_move(g, "c1_2x1")
    g.apply("0:move nashville louisville")
    assert g.state.catchers["red"] == "st_louis"


def test_fr_move_6_multi_space_move_sees_only_destination_and_not_through_catcher() -> None:
    g = new_game()
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_catcher", colour="red", space="alton")
    g.scenario("place_catcher", colour="brown", space="pittsburgh")
    start_move(g, "c1_1x2")
    money = g.state.money[0]
    # lexington -> cincinnati -> ripley: Cincinnati's $2 is not paid (passed through)
    g.apply("0:move lexington ripley")
    assert g.state.money[0] == money + 1  # Ripley's own gold circle
    assert g.state.catchers["red"] == "st_louis"  # only Ripley's catcher reacts


def test_fr_move_6_cannot_pass_through_a_catcher() -> None:
    g = new_game()
    g.scenario("place_people", space="wheeling", count=1)
    g.scenario("place_catcher", colour="brown", space="pittsburgh")
    start_move(g, "c1_1x2")
    with pytest.raises(IllegalAction) as err:
        g.apply("0:move wheeling erie")
    assert err.value.rule == "FR-MOVE-6"
    assert err.value.reason == "cannot pass through the brown Slave Catcher at Pittsburgh"


def test_fr_ruling_move_onto_catcher_forbidden() -> None:
    g = new_game()
    g.scenario("place_people", space="lexington", count=1)
    start_move(g, "c1_2x1")
    with pytest.raises(IllegalAction) as err:
        g.apply("0:move lexington louisville")
    assert err.value.rule == "FR-RULING-MOVE-ONTO-CATCHER"


def test_fr_move_7_entering_canada_frees() -> None:
    g = new_game()
    g.scenario("place_people", space="detroit", count=1)
    g.scenario("place_catcher", colour="orange", space="milwaukee")
    start_move(g, "c1_2x1")
    ev = g.apply("0:move detroit canada_amherstburg")
    assert g.state.freed == 1 and g.state.freed_at["canada_amherstburg"] == 1
    assert "FR-MOVE-7" in rules_of(ev)
    assert g.state.catchers["orange"] == "milwaukee"


def test_fr_ruling_react_order_several_catchers() -> None:
    g = new_game()
    # Pittsburgh is on the brown and black paths; brown reacts before black (board order)
    g.scenario("place_people", space="cleveland", count=1)
    g.scenario("place_catcher", colour="orange", space="milwaukee")
    g.scenario("place_catcher", colour="brown", space="columbus")
    g.scenario("place_catcher", colour="black", space="williamsport")
    start_move(g, "c1_2x1")
    ev = g.apply("0:move cleveland pittsburgh")
    t = texts(ev)
    assert t.index("brown Slave Catcher") < t.index("black Slave Catcher")
    assert g.state.catchers["brown"] == "wheeling"
    assert g.state.catchers["black"] == "harrisburg"


def test_fr_ruling_canada_unlimited() -> None:
    g = new_game()
    g.scenario("place_people", space="detroit", count=1)
    g.scenario("place_people", space="sandusky", count=1)
    g.scenario("place_catcher", colour="orange", space="milwaukee")
    start_move(g, "c1_2x1")
    g.apply("0:move detroit canada_amherstburg")
    g.apply("0:move sandusky canada_amherstburg")
    assert g.state.freed_at["canada_amherstburg"] == 2


def test_fr_ruling_trigger_entering_not_ending() -> None:
    """Every move's destination triggers, whether or not the person moves on later."""
    g = new_game()
    g.scenario("place_people", space="nashville", count=1)
    g.scenario("place_catcher", colour="red", space="alton")
    start_move(g, "c1_2x1")
    g.apply("0:move nashville louisville")
    assert g.state.catchers["red"] == "st_louis"


@pytest.mark.parametrize("rules_version", ["freedom-2", "freedom-1"])
def test_fr_ruling_canada_a_move_ends_on_entering_canada(rules_version: str) -> None:
    """Portland -> Montreal -> Burlington is 2 spaces, but a person reaching Montreal is free."""
    g = new_game(rules_version=rules_version)
    g.scenario("place_people", space="portland", count=1)
    start_move(g, "c1_1x2")
    moves = [str(a) for a in g.legal_actions() if a.kind == "move"]
    assert "0:move portland canada_montreal" in moves
    assert ("0:move portland burlington" in moves) == (rules_version == "freedom-1")
    if rules_version == "freedom-2":
        with pytest.raises(IllegalAction):
            g.apply("0:move portland burlington")
        g.apply("0:move portland canada_montreal")
        assert g.state.freed_at["canada_montreal"] == 1
