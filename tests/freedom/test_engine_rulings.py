"""Rulings where the seed is silent (FR-RULING-*), and rules checked under their own names."""

from __future__ import annotations

import pytest
from fr_helpers import end_turns_until, new_game, roll, rules_of, start_move, texts, to_action

from freight_freedom import IllegalAction
from freight_freedom.core.event import Event
from freight_freedom.freedom import engine
from freight_freedom.freedom.context import context
from freight_freedom.freedom.effect_kinds import queue_effects


def pass_round(g: object) -> list[Event]:
    ev: list[Event] = []
    while g.phase != "Slave Catcher" and not g.is_over:
        a = g.legal_actions()
        ev += g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    return ev


def test_fr_lose_1_one_more_than_the_track_loses_at_once() -> None:
    g = new_game(2, harder_full_plantations=True)
    limit = context().lost_limit(g.state)
    g.state.lost = limit - 1
    to_action(g)
    ev = pass_round(g)
    assert "FR-LOSE-1" in rules_of(ev) and g.is_over and not g.outcome.won
    assert g.phase == "Game over"


def test_fr_win_3_nothing_legal_after_the_end() -> None:
    g = new_game(1)
    while not g.is_over:
        pass_round(g)
        if not g.is_over:
            roll(g)
    assert g.legal_actions() == [] and g.to_move is None
    with pytest.raises(IllegalAction) as err:
        g.apply("0:pass")
    assert err.value.rule == "FR-WIN-3"


def test_fr_solo_2_two_discards_with_one_or_two_players() -> None:
    g = new_game(1)
    q = list(g.state.queue)
    roll(g)
    pass_round(g)
    assert [c for c in q if c in g.state.discard] == q[3:]


def test_fr_ruling_lantern_discard_skips_empty_positions() -> None:
    g = new_game(3)
    q = list(g.state.queue)
    to_action(g)
    g.apply("0:card 5")
    pass_round(g)
    assert q[3] in g.state.discard and q[4] in g.state.discard
    assert q[2] in g.state.queue


def test_fr_ruling_deck_empty_queue_stays_short() -> None:
    g = new_game(3)
    g.state.decks[0] = []
    to_action(g)
    ev = pass_round(g)
    assert g.state.queue[0] is None and "the Queue stays short" in texts(ev)


def test_fr_ruling_period_queue_old_cards_stay() -> None:
    g = new_game(1)
    g.scenario("set_money", seat=0, amount=30)
    old_queue = list(g.state.queue)
    roll(g)
    g.apply("0:support")
    assert g.state.period == 2
    assert g.state.queue == old_queue
    pass_round(g)
    ctx = context()
    new = [c for c in g.state.queue if c and c not in old_queue]
    assert new and all(ctx.card_by_id[c].period == 2 for c in new)


def test_fr_ruling_market_chooser_lead_player_and_automatic_when_one() -> None:
    g = new_game(2)
    to_action(g)
    end_turns_until(g, "Slave Market")
    assert g.to_move == g.state.lead
    ctx = context()
    g2 = new_game(2)
    for p in ctx.board.plantations[1:]:
        g2.scenario("place_people", space=p, count=ctx.capacity[p] - g2.state.people[p])
    to_action(g2)
    end_turns_until(g2, "Slave Market")
    assert g2.phase != "Slave Market"  # only one plantation had room: delivered automatically


def test_fr_ruling_money_never_negative() -> None:
    g = new_game(2)
    with pytest.raises(IllegalAction):
        g.scenario("set_money", seat=0, amount=-3)
    g.scenario("set_money", seat=0, amount=0)
    to_action(g)
    assert not [a for a in g.legal_actions() if a.kind == "card"]


def test_fr_ruling_supply_runs_out() -> None:
    g = new_game(2)
    g.state.supply = 1
    to_action(g)
    end_turns_until(g, "Slave Market")
    while g.phase == "Slave Market":
        g.apply(g.legal_actions()[0])
    assert g.state.market[-1].people <= 1 and g.state.supply == 0


def test_fr_ruling_jumps_follow_the_move_rules() -> None:
    g = new_game(2, roles=("Conductor", "Agent"))
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_catcher", colour="red", space="cincinnati")
    to_action(g)
    g.apply("0:special")  # one person up to 5 spaces
    ctx = context()
    moves = {str(a.args[1]) for a in g.legal_actions()
             if a.kind == "move" and a.args[0] == "lexington"}
    blocked = frozenset(g.state.catchers.values())
    expected = {d for d in ctx.board.reachable("lexington", 5, blocked) if d not in blocked
                and (ctx.capacity[d] is None or g.state.people[d] < ctx.capacity[d])}
    assert moves == expected and "cincinnati" not in moves
    free = set(ctx.board.reachable("lexington", 5))
    assert free - moves  # some spaces are out of reach only because of the catchers
    money = g.state.money[0]
    g.apply("0:move lexington columbus")  # via Ripley: Ripley's gold circle is not paid
    assert g.state.money[0] == money + ctx.money["columbus"]
    assert g.state.catchers["red"] == "cincinnati"


def test_fr_ruling_capture_near_players_choose_among_equals() -> None:
    g = new_game(2)
    to_action(g)
    g.scenario("place_people", space="lexington", count=1)
    g.scenario("place_people", space="cairo", count=1)
    queue_effects(g.state, 0, [{"kind": "capture_near_catchers", "count": 1}], "Fugitive Slave Act")
    ev: list[Event] = []
    engine.advance(context(), g.state, ev)
    g._legal_cache = None
    assert {str(a) for a in g.legal_actions()} == {"0:capture cairo", "0:capture lexington"}


def test_fr_ruling_catcher_move_any_space_within_reach() -> None:
    g = new_game(2)
    to_action(g)
    queue_effects(g.state, 0, [{"kind": "catcher_move", "spaces": 1}], "Harpers Ferry")
    engine.advance(context(), g.state, [])
    g._legal_cache = None
    red = {str(a) for a in g.legal_actions() if a.kind == "catcher" and a.args[0] == "red"}
    assert red == {"0:catcher red cairo", "0:catcher red lexington"}


def test_fr_ruling_capture_cycle_counts_people() -> None:
    g = new_game(2)
    g.scenario("place_people", space="chicago", count=3)
    g.scenario("place_catcher", colour="orange", space="battle_creek")
    before = [c.people for c in g.state.market]
    roll(g, "orange", "west", 1)
    assert [c.people for c in g.state.market] == [b + 1 for b in before]


def test_fr_ruling_react_order_board_order() -> None:
    assert tuple(context().paths) == ("orange", "brown", "red", "purple", "black")


def test_fr_ruling_held_tokens_and_start_move_helper() -> None:
    g = new_game(2)
    g.scenario("place_people", space="memphis", count=1)
    start_move(g)
    assert g.state.pending[-1].kind == "move"
