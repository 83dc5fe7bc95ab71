"""Preparations (SF-SETUP-1..8), the starting player (SF-TURN-1, SF-RULING-10) and the set-up
reshuffle loop (SF-RULING-13)."""

from __future__ import annotations

import pytest
from sfhelp import new, rules

from freight_freedom.slowfreight.checks import conservation
from freight_freedom.slowfreight.components import XLOCO


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sf_setup_1_everything_is_on_the_table(players: int) -> None:
    game = new(players)
    counts = conservation(game.state, 48)
    assert sum(counts["freight"].values()) == 50
    assert sum(counts["locomotives"].values()) == 23
    assert sum(counts["movement"].values()) == 23
    assert "SF-SETUP-1" in rules(list(game.log))


def test_sf_setup_2_freight_deck_is_shuffled_face_down() -> None:
    a, b = new(seed=1), new(seed=2)
    assert len(a.state.freight_deck) == 47
    assert a.state.freight_deck != b.state.freight_deck
    assert set(a.observation(0)["freight_deck"]) == {"size", "counts"}  # face down
    assert a.observation(0)["freight_deck"]["size"] == 47


def test_sf_setup_3_three_face_up_fewer_than_two_extra_locos() -> None:
    for seed in range(200):
        game = new(seed=seed)
        face = game.state.face_up
        assert None not in face and len(face) == 3
        kinds = game.components.card_kind
        assert sum(1 for c in face if c is not None and kinds[c] == XLOCO) < 2


def test_sf_ruling_13_setup_reshuffle_loop_removes_nothing() -> None:
    seed = next(s for s in range(5000)
                if rules(list(new(seed=s).log)).count("SF-SETUP-3") > 1)
    game = new(seed=seed)
    assert game.state.removed == []
    assert "reshuffled" in [e for e in game.log if e.rule == "SF-SETUP-3"][1].text
    conservation(game.state, 48)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sf_setup_4_each_player_starts_one_empty_train(players: int) -> None:
    game = new(players)
    for seat, p in enumerate(game.state.players):
        assert [t.name for t in p.trains] == [f"t{seat + 1}"]
        assert p.trains[0].cars == [] and p.trains[0].owner == seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sf_setup_5_other_locomotives_form_the_supply(players: int) -> None:
    assert len(new(players).state.loco_supply) == 23 - players


@pytest.mark.parametrize(("players", "clocks"), [(2, 6), (3, 7), (4, 8)])
def test_sf_setup_6_movement_deck_has_one_clock(players: int, clocks: int) -> None:
    s = new(players).state
    assert len(s.movement_deck) == 16
    assert sum(1 for c in s.movement_deck if c >= 15) == 1
    assert len(s.clock_pile) == clocks - 1
    assert len(s.unused_clocks) == 8 - clocks
    assert s.clocks_in_game == clocks and s.clocks_drawn == [] and s.discard == []


def test_sf_setup_7_bonus_chips_laid_out() -> None:
    s = new().state
    assert s.bonus_chips == [[5, 3, 1]] * 4
    assert s.biggest_chips == [0, 1, 2, 3]


def test_sf_setup_8_track_supply() -> None:
    assert new().state.track_supply == 48
    assert new(track_supply=None).state.track_supply is None
    assert new(track_supply=100).state.track_supply == 100


def test_sf_turn_1_youngest_player_seat_0_starts() -> None:
    game = new(4)
    assert game.to_move == 0 and game.round == 1 and game.phase == "turn"
    assert game.log[-1].rule == "SF-TURN-1"


def test_sf_ruling_10_first_player_option() -> None:
    assert new(3, first_player=2).to_move == 2
    starts = {new(4, seed=s, first_player="random").to_move for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert new(4, seed=5, first_player="random").to_move == new(4, seed=5,
                                                               first_player="random").to_move
