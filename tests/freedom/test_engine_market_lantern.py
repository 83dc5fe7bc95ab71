"""Slave Market and Lantern phases, winning, losing, scoring (FR-MKT-PHASE-*, FR-LANT-*,
FR-WIN-*, FR-LOSE-*, FR-SCORE-*, FR-SOLO-2, rulings)."""

from __future__ import annotations

import pytest
from fr_helpers import card_param, end_turns_until, new_game, roll, rules_of, texts, to_action

from freight_freedom import IllegalAction
from freight_freedom.freedom.context import context
from freight_freedom.freedom.state import PASS_INCOME, START_MONEY


def to_market(players: int = 2, **kw: object) -> object:
    g = new_game(players, **kw)
    to_action(g)
    end_turns_until(g, "Slave Market")
    return g


def test_fr_mkt_phase_1_players_choose_open_plantation() -> None:
    g = new_game(2)
    to_action(g)
    end_turns_until(g, "Slave Market")
    assert g.phase == "Slave Market"
    acts = g.legal_actions()
    assert {a.kind for a in acts} == {"deliver"} and g.to_move == g.state.lead
    target = str(acts[-1].args[0])
    before = g.state.people[target]
    ev = g.apply(acts[-1])
    assert g.state.people[target] == before + 1 and "FR-MKT-PHASE-1" in rules_of(ev)


def test_fr_mkt_phase_2_overflow_to_lost_and_fr_lose_1() -> None:
    g = new_game(2, harder_full_plantations=True)
    to_action(g)
    n = g.state.market[0].people
    ev = []
    while g.phase == "Action":
        ev += g.apply(g.legal_actions()[-1])
    assert g.state.lost == n
    assert "FR-MKT-PHASE-2" in rules_of(ev)
    g2 = new_game(2, harder_full_plantations=True)
    g2.state.lost = context().lost_limit(g2.state)
    to_action(g2)
    ev = []
    while not g2.is_over:
        ev += g2.apply(g2.legal_actions()[-1])
    assert "FR-LOSE-1" in rules_of(ev)
    assert g2.outcome.reason == "Slaves Lost track full in round 1"
    with pytest.raises(IllegalAction) as err:
        g2.apply("0:roll")
    assert err.value.rule == "FR-WIN-3"
    assert g2.legal_actions() == []


def test_fr_mkt_phase_3_slide_and_draw() -> None:
    g = new_game(2)
    middle = g.state.market[1].card
    top_of_deck = g.state.market_deck[-1]
    to_action(g)
    end_turns_until(g, "Slave Market")
    while g.phase == "Slave Market":
        g.apply(g.legal_actions()[0])
    assert g.state.market[0].card == middle
    assert g.state.market[2].card == top_of_deck
    assert len(g.state.market_deck) == 4


def test_fr_lant_1_discard_rightmost_and_fr_solo_2_two_for_small_games() -> None:
    for players, n in ((2, 2), (3, 1)):
        g = new_game(players)
        q = list(g.state.queue)
        to_action(g)
        while g.phase != "Slave Catcher":
            a = g.legal_actions()
            g.apply(next((x for x in a if x.kind in ("pass", "end")), a[0]))
        discarded = [c for c in q if c in g.state.discard]
        assert discarded == q[5 - n:], (players, discarded)


def test_fr_lant_2_opposition_fires_when_discarded() -> None:
    ctx = context()
    for seed in range(200):
        g = new_game(2, seed=seed)
        if "elijah_p_lovejoy" in g.state.decks[0] + [c for c in g.state.queue if c]:
            break
    g.scenario("stack_queue", cards=["ripley_ohio", "quakers", "levi_coffin", "the_liberator",
                                     "elijah_p_lovejoy"])
    to_action(g)
    ev = []
    while g.phase != "Slave Catcher":
        a = g.legal_actions()
        ev += g.apply(next((x for x in a if x.kind in ("pass", "end")), a[0]))
    assert "FR-LANT-2" in rules_of(ev) and "FR-EFF-MONEY-LOSS" in rules_of(ev)
    left = START_MONEY + PASS_INCOME[1] - card_param("elijah_p_lovejoy", "amount")
    assert g.state.money == [left, left]
    assert ctx.card_by_id["elijah_p_lovejoy"].trigger == "discard"


def test_fr_lant_3_slide_right_refill_one_opposition_at_most() -> None:
    ctx = context()
    g = new_game(4, seed=3)
    opp = [c for c in g.state.decks[0] if ctx.card_by_id[c].kind == "opposition"]
    gen = [c for c in g.state.decks[0] if ctx.card_by_id[c].kind != "opposition"]
    assert len(opp) >= 2
    g.scenario("stack_period_deck", period=1, cards=opp[:2] + gen[:1])
    q = list(g.state.queue)
    to_action(g)
    while g.phase != "Slave Catcher":
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end")), a[0]))
    assert g.state.queue[1:] == q[:4]
    assert g.state.queue[0] == opp[0]
    assert opp[1] in g.state.decks[0] and gen[0] in g.state.decks[0]


def test_fr_lant_4_lantern_passes_clockwise() -> None:
    g = new_game(3)
    to_action(g)
    while g.phase != "Slave Catcher":
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end")), a[0]))
    assert g.state.lead == 1 and g.round == 2 and g.to_move == 1
    assert "FR-LANT-4" in rules_of(g.log)


def finish_round(g: object) -> list:
    ev = []
    while g.phase != "Slave Catcher" and not g.is_over:
        a = g.legal_actions()
        ev += g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    return ev


def test_fr_win_1_both_conditions_at_round_end() -> None:
    g = new_game(1)
    st = g.state
    st.freed = context().freed_target(st)
    st.freed_at["canada_toronto"] = st.freed
    st.supply -= st.freed
    st.support_bought = list(map(sum, zip(st.support_bought, st.support_left, strict=True)))
    st.support_left = [0, 0, 0]
    g._legal_cache = None
    roll(g)
    ev = finish_round(g)
    assert g.is_over and g.outcome.won and "FR-WIN-1" in rules_of(ev)
    assert g.outcome.reason.startswith("all Support bought and")
    assert g.outcome.round == 1


def test_fr_win_2_round_must_be_completed_without_losing() -> None:
    g = new_game(1, harder_full_plantations=True)
    st = g.state
    st.freed = context().freed_target(st)
    st.freed_at["canada_toronto"] = st.freed
    st.supply -= st.freed
    st.support_bought = [a + b for a, b in zip(st.support_bought, st.support_left, strict=True)]
    st.support_left = [0, 0, 0]
    st.lost = context().lost_limit(st)
    g._legal_cache = None
    roll(g)
    finish_round(g)
    assert g.is_over and not g.outcome.won
    assert "Slaves Lost" in g.outcome.reason


def test_fr_lose_2_round_eight_without_both_conditions() -> None:
    g = new_game(1)
    while not g.is_over:
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    o = g.outcome
    assert not o.won and o.round == 8
    assert o.reason.startswith("round 8 ended without both conditions")
    assert "FR-LOSE-2" in rules_of(g.log)


def test_fr_score_1_optional_score_parts() -> None:
    g = new_game(1, optional_scoring=True)
    while not g.is_over:
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    s = g.outcome.score
    assert s.freed_points == 2 * g.state.freed
    assert s.lost_points == -g.state.lost
    assert s.market_points == 0  # all 8 cards delivered
    assert s.total == s.freed_points + s.lost_points + s.condition_points + s.market_points
    assert g.outcome.optional_scoring


def test_fr_round_1_eight_rounds_five_phases() -> None:
    g = new_game(2)
    seen = []
    while not g.is_over:
        if not seen or seen[-1] != (g.round, g.phase):
            seen.append((g.round, g.phase))
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    phases = [p for r, p in seen if r == 2]
    assert phases[0] == "Slave Catcher" and "Action" in phases and "Slave Market" in phases
    assert max(r for r, _ in seen) == 8


def test_fr_round_2_wrong_seat_refused() -> None:
    g = new_game(2)
    with pytest.raises(IllegalAction) as err:
        g.apply("1:roll")
    assert err.value.rule == "FR-ROUND-2"


def test_fr_ruling_capture_cycle_restarts_each_round() -> None:
    g = new_game(2)
    roll(g)
    g.state.capture_cursor = 2
    while g.phase != "Slave Catcher":
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    assert g.state.capture_cursor == 0


def test_fr_ruling_capture_no_market_goes_lost() -> None:
    from freight_freedom.freedom.movement import send_to_market

    g = new_game(2)
    g.state.market = []
    assert send_to_market(context(), g.state, 2) == [-1, -1]
    assert texts(g.log)


@pytest.mark.parametrize("rules_version", ["freedom-2", "freedom-1"])
def test_fr_ruling_capture_cycle_a_lantern_capture_does_not_shift_the_next_round(
    rules_version: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A capture in the Lantern phase (after the slide) goes to the bottom card; the next round's
    first capture goes to the bottom card again (freedom-1 sent it to the middle card)."""
    from dataclasses import replace

    from freight_freedom.freedom import engine
    from freight_freedom.freedom.movement import capture_at

    def one_capture(space: str) -> list[int]:
        st = g.state
        st.supply -= 1
        st.people[space] += 1
        before = [c.people for c in st.market]
        capture_at(context(), st, space, [], "FR-CATCH-3", count=1)
        return [i for i, c in enumerate(st.market) if c.people > before[i]]

    *others, lantern = engine.ROUND
    lantern_start = lantern.start
    lantern_capture: list[list[int]] = []

    def lantern_with_a_capture(ctx, st, ev):  # type: ignore[no-untyped-def]
        # what Last Fugitive Slave Case or Fugitive Slave Act does in the Lantern phase
        if not lantern_capture:
            lantern_capture.append(one_capture("cincinnati"))
        return lantern_start(ctx, st, ev)

    monkeypatch.setattr(engine, "ROUND", (*others, replace(lantern, start=lantern_with_a_capture)))
    g = new_game(2, rules_version=rules_version)
    roll(g)
    while g.phase != "Slave Catcher":
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    assert g.round == 2 and lantern_capture == [[0]]  # after the slide: the bottom card
    assert one_capture("cincinnati") == ([0] if rules_version == "freedom-2" else [1])
