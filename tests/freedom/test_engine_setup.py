"""Set-up, options and the 1-2 player adjustments (FR-SETUP-*, FR-OPT-*, FR-SOLO-*)."""

from __future__ import annotations

import pytest
from fr_helpers import new_game, rules_of

from freight_freedom import Freedom, OptionError
from freight_freedom.freedom.context import context


def test_fr_setup_1_roles_and_eight_dollars() -> None:
    g = new_game(3)
    assert g.state.roles == ["Conductor", "Preacher", "Shepherd"]
    assert g.state.money == [8, 8, 8]
    dealt = Freedom(players=4, seed=5)
    assert len(set(dealt.state.roles)) == 4
    assert "FR-SETUP-1" in rules_of(g.log)


def test_fr_setup_2_people_on_light_plantation_slots() -> None:
    g = new_game()
    ctx = context()
    for p in ctx.board.plantations:
        assert g.state.people[p] == ctx.board.spaces[p].light_slots
    assert sum(g.state.people.values()) == sum(
        ctx.board.spaces[p].light_slots for p in ctx.board.plantations)


def test_fr_setup_3_market_deck_of_eight_three_face_up_filled() -> None:
    g = new_game(4)
    st = g.state
    assert len(st.market) == 3 and len(st.market_deck) == 5
    ctx = context()
    for c in st.market:
        assert c.people == ctx.market_cards[c.card].people
        assert 4 in ctx.market_cards[c.card].players
    for cid in st.market_deck:
        assert 4 in ctx.market_cards[cid].players


def test_fr_setup_4_period_decks_with_opposition_chart() -> None:
    g = new_game(2)
    ctx = context()
    for period in (1, 2, 3):
        deck = list(g.state.decks[period - 1])
        if period == 1:
            deck += [c for c in g.state.queue if c is not None]
        opp = [c for c in deck if ctx.card_by_id[c].kind == "opposition"]
        general = [c for c in deck if ctx.card_by_id[c].kind != "opposition"]
        assert len(opp) == ctx.cards.opposition_per_period[2][period]
        assert sorted(general) == sorted(c.id for c in ctx.cards.deck(period, 2))


def test_fr_setup_5_queue_of_five_at_most_one_opposition() -> None:
    ctx = context()
    for seed in range(40):
        g = Freedom(players=4, seed=seed)
        q = g.state.queue
        assert all(c is not None for c in q)
        assert sum(ctx.card_by_id[c].kind == "opposition" for c in q if c) <= 1


def test_fr_setup_6_tokens_by_player_count() -> None:
    ctx = context()
    g = new_game(1)
    for cs in ctx.tokens.conductor:
        assert g.state.stacks[cs.id] == cs.count(1)
    assert g.state.support_left == [ctx.tokens.support_count(1, p) for p in (1, 2, 3)]


def test_fr_setup_7_catchers_on_start_spaces() -> None:
    g = new_game()
    ctx = context()
    assert g.state.catchers == {c: p.start for c, p in ctx.board.catchers.items()}


def test_fr_setup_8_victory_card_side() -> None:
    ctx = context()
    reg = new_game(3)
    hard = new_game(3, difficulty="challenging")
    assert reg.outcome is None
    assert ctx.freed_target(reg.state) == ctx.victory[3].regular.freed
    assert ctx.lost_limit(hard.state) == ctx.victory[3].challenging.lost


def test_fr_setup_9_player_one_leads_and_rolls_first() -> None:
    g = new_game(3)
    assert g.state.lead == 0 and g.to_move == 0
    assert [str(a) for a in g.legal_actions()] == ["0:roll"]
    assert g.round == 1 and g.phase == "Slave Catcher"


def test_fr_opt_1_difficulty_option_checked() -> None:
    with pytest.raises(OptionError, match="difficulty"):
        Freedom(players=2, difficulty="nightmare")


def test_fr_opt_2_easier_options() -> None:
    ctx = context()
    g = new_game(2, easier_money=True, easier_empty_centre=True)
    assert g.state.money == [10, 10]
    assert g.state.people[ctx.board.plantations[1]] == 0
    t = new_game(2, easier_triples=True)
    t.scenario("fix_roll", catcher="red", direction="east", spaces=3)
    ev = t.apply("0:roll")
    assert "FR-OPT-2" in rules_of(ev)
    assert t.state.catchers["red"] == ctx.board.catchers["red"].start


def test_fr_opt_3_harder_options() -> None:
    ctx = context()
    g = new_game(2, harder_full_plantations=True, harder_extra_support=True)
    for p in ctx.board.plantations:
        assert g.state.people[p] == ctx.board.spaces[p].capacity
    plain = new_game(2)
    assert sum(g.state.support_left) == sum(plain.state.support_left) + 1


def test_fr_solo_1_three_four_player_cards_removed() -> None:
    ctx = context()
    g = new_game(1)
    marked = {c.id for c in ctx.cards.cards if c.min_players == 3}
    in_play = {c for d in g.state.decks for c in d} | {c for c in g.state.queue if c}
    assert not marked & in_play
    four = new_game(4)
    in_play4 = {c for d in four.state.decks for c in d} | {c for c in four.state.queue if c}
    assert {c for c in marked if ctx.card_by_id[c].kind != "opposition"} <= in_play4


@pytest.mark.parametrize("players", [0, 5, -1, "2", True])
def test_fr_setup_1_bad_player_counts(players: object) -> None:
    with pytest.raises(OptionError, match="players"):
        Freedom(players=players)


def test_fr_role_1_bad_roles_option() -> None:
    with pytest.raises(OptionError, match="unknown role"):
        Freedom(players=1, roles=("Pirate",))
    with pytest.raises(OptionError, match="different role"):
        Freedom(players=2, roles=("Agent", "Agent"))
    with pytest.raises(OptionError, match="one role per player"):
        Freedom(players=2, roles=("Agent",))
    with pytest.raises(OptionError, match="unknown option"):
        Freedom(players=2, colour="red")
    assert Freedom(players=1, roles=["station_master"]).state.roles == ["Station Master"]
