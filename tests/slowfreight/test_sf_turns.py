"""Turns and the four actions (SF-TURN), taking cards (SF-TAKE), forming trains (SF-FORM) and
Extra Locomotives (SF-XLOCO), with their rulings."""

from __future__ import annotations

import pytest
from sfhelp import load, new, play, row, rules, safe_pass, train

from freight_freedom import IllegalAction
from freight_freedom.core.bot import RandomBot
from freight_freedom.slowfreight.components import XLOCO


def kinds(game):  # type: ignore[no-untyped-def]
    return sorted({a.kind for a in game.legal_actions()})


def raises(game, text: str, rule: str, match: str | None = None) -> IllegalAction:  # type: ignore[no-untyped-def]
    before = game.to_json()
    with pytest.raises(IllegalAction, match=match) as err:
        game.apply(text)
    assert err.value.rule == rule, err.value
    assert game.to_json() == before
    return err.value


def test_sf_turn_2_clockwise_one_turn_each() -> None:
    game = new(3)
    seats = []
    for _ in range(6):
        seats.append(game.to_move)
        play(game, f"{game.to_move}:loco")
    assert seats == [0, 1, 2, 0, 1, 2]
    assert game.round == 7
    raises(game, "1:loco", "SF-TURN-2", "Player 1's decision")


def test_sf_turn_3_exactly_one_of_four_actions() -> None:
    game = new()
    load(game, "t1", "coal")
    load(game, "t2", "auto")
    assert kinds(game) == ["loco", "move", "pass", "take"]
    play(game, "0:loco")  # one action, and the turn is over
    assert game.to_move == 1
    err = raises(game, "1:fly", "SF-TURN-3")
    assert "loco, take, stop, move, pass" in err.reason


def test_sf_turn_4_pass_draws_a_movement_card() -> None:
    game = new()
    top = game.state.movement_deck[0]
    events = safe_pass(game)
    assert "SF-TURN-4" in rules(events)
    assert game.state.discard == [game.state.discard[0]] and len(game.state.movement_deck) == 15
    assert top in game.state.discard or top >= 15


def test_sf_turn_5_bring_a_locomotive_starts_a_train() -> None:
    game = new()
    events = play(game, "0:loco")
    assert rules(events) == ["SF-TURN-5"]
    assert [t.name for t in game.state.players[0].trains] == ["t1", "t3"]
    assert len(game.state.loco_supply) == 20


def test_sf_ruling_21_train_ids_in_order_brought() -> None:
    game = new(3)
    play(game, "0:loco", "1:loco", "2:loco", "0:loco")
    names = [[t.name for t in p.trains] for p in game.state.players]
    assert names == [["t1", "t4", "t7"], ["t2", "t5"], ["t3", "t6"]]


def test_sf_take_1_take_one_two_or_three_cards_onto_own_trains() -> None:
    game = new()
    events = load(game, "t1", "coal")
    assert rules(events)[0] == "SF-TAKE-1" and len(train(game, "t1").cars) == 1
    load(game, "t2", "auto", "auto")
    assert len(train(game, "t2").cars) == 2
    load(game, "t1", "coal", "coal", "coal")
    assert len(train(game, "t1").cars) == 4


def test_sf_take_2_row_refilled_after_the_last_card() -> None:
    game = new()
    row(game, "coal", "tank", "auto")
    play(game, "0:take 0 t1")
    assert game.state.face_up[0] is None  # not refilled during the turn
    events = play(game, "0:stop")
    assert rules(events) == ["SF-TAKE-2"]
    assert None not in game.state.face_up and len(game.state.freight_deck) == 46


def test_sf_take_3_two_extra_locos_one_leaves_the_rest_reshuffled() -> None:
    game = new()
    row(game, "auto", "tank", "coal")
    game.scenario("stack_freight", cards=["xloco", "xloco", "auto"])
    events = play(game, "0:take 0 t1", "0:take 1 t1", "0:take 2 t1")
    assert "SF-TAKE-3" in rules(events)
    removed = game.state.removed
    assert len(removed) == rules(events).count("SF-TAKE-3") >= 1
    assert all(game.components.card_kind[c] == XLOCO for c in removed)
    assert len(game.state.freight_deck) == 50 - 3 - 3 - len(removed)


def test_sf_ruling_14_refill_loop_repeats() -> None:
    for seed in range(3000):
        game = new(seed=seed)
        row(game, "auto", "tank", "coal")
        game.scenario("stack_freight", cards=["xloco", "xloco", "xloco"])
        events = play(game, "0:take 0 t1", "0:take 1 t1", "0:take 2 t1")
        if rules(events).count("SF-TAKE-3") > 1:
            assert len(game.state.removed) == rules(events).count("SF-TAKE-3")
            return
    pytest.fail("no seed repeated the refill reshuffle")


def test_sf_ruling_16_take_turn_is_a_sequence_then_stop() -> None:
    game = new()
    row(game, "coal", "tank", "auto")
    play(game, "0:take 0 t1")
    assert game.to_move == 0 and game.state.taken == 1
    assert game.legal_actions()[-1].kind == "stop"
    raises(game, "0:pass", "SF-RULING-16", "take another card or stop")
    raises(game, "0:take 0 t1", "SF-RULING-16", "slot 0 was taken this turn")
    raises(game, "1:stop", "SF-TURN-2")
    play(game, "0:stop")
    raises(game, "1:stop", "SF-RULING-16", "take a card first")


def test_sf_ruling_16_turn_ends_when_no_take_is_legal() -> None:
    game = new()
    row(game, "coal", "auto", "auto")  # after Coal, t1 (1 Coal) can take Auto: mixed 2
    play(game, "0:take 0 t1", "0:take 1 t1")
    # t1 is Coal+Auto: only a Tank may join; the last card is an Auto, so the turn ends
    assert game.to_move == 1 and game.state.taken == 0


def test_sf_form_1_cars_only_onto_own_trains() -> None:
    game = new()
    row(game, "coal", "tank", "auto")
    raises(game, "0:take 0 t2", "SF-FORM-1", "belongs to Player 2")
    raises(game, "0:take 0 t9", "SF-FORM-1", "no train t9")


def test_sf_form_6_no_cars_after_moving() -> None:
    game = new()
    load(game, "t1", "coal")
    safe_pass(game)
    play(game, "0:move t1")
    safe_pass(game)
    row(game, "coal", "tank", "auto")
    raises(game, "0:take 0 t1", "SF-FORM-6", "train t1 has started moving: no more cars")


def test_sf_form_7_any_number_of_trains_at_once() -> None:
    game = new()
    load(game, "t1", "coal")
    safe_pass(game)
    play(game, "0:move t1")
    safe_pass(game)
    play(game, "0:loco")
    safe_pass(game)
    load(game, "t3", "auto")  # a new train grows while t1 is on its way
    assert [t.name for t in game.state.players[0].trains] == ["t1", "t3"]


def _xloco_on_t1(game):  # type: ignore[no-untyped-def]
    row(game, "coal", "xloco", "auto")
    return play(game, "0:take 0 t1", "0:take 1 t1")


def test_sf_xloco_1_extra_locomotive_onto_a_train() -> None:
    game = new()
    events = _xloco_on_t1(game)
    assert "SF-XLOCO-1" in rules(events)
    assert train(game, "t1").xloco is not None
    assert game.to_move == 1  # nothing else could be taken: turn over


def test_sf_xloco_2_no_cars_after_an_extra_locomotive() -> None:
    game = new()
    row(game, "coal", "xloco", "coal")
    play(game, "0:take 0 t1", "0:take 1 t1")
    assert game.to_move == 1  # the Coal in slot 2 could not go onto t1 any more
    assert len(train(game, "t1").cars) == 1


def test_sf_xloco_3_one_extra_loco_per_turn() -> None:
    game = new()
    play(game, "0:loco")
    safe_pass(game)
    load(game, "t1", "coal")
    safe_pass(game)
    row(game, "coal", "xloco", "auto")
    play(game, "0:take 0 t3", "0:take 1 t1")
    # SF-TAKE-3 keeps a second Extra Locomotive out of the row; force one in to test the guard.
    s = game.state
    other = next(c for c in s.freight_deck if s.comps.card_kind[c] == XLOCO)
    s.freight_deck.remove(other)
    s.freight_deck.append(s.face_up[2])  # type: ignore[arg-type]
    s.face_up[2] = other
    game._legal_cache = None
    assert not any(a.args[:1] == (2,) for a in game.legal_actions())
    raises(game, "0:take 2 t3", "SF-XLOCO-3", "only one Extra Locomotive per turn")


def test_sf_xloco_4_must_move_the_train_from_next_turn() -> None:
    game = new()
    _xloco_on_t1(game)
    safe_pass(game)
    assert [str(a) for a in game.legal_actions()] == ["0:move t1"]
    assert game.prompt.rule == "SF-XLOCO-4"
    raises(game, "0:pass", "SF-XLOCO-4", "you must move t1: it has an Extra Locomotive")


def test_sf_ruling_23_forced_move_is_the_whole_turn() -> None:
    game = new()
    _xloco_on_t1(game)
    safe_pass(game)
    raises(game, "0:loco", "SF-XLOCO-4")
    raises(game, "0:take 0 t1", "SF-XLOCO-4")


def test_sf_ruling_19_no_second_extra_loco_train_before_arrival() -> None:
    game = new()
    _xloco_on_t1(game)
    while train(game, "t1") in game.state.players[0].trains:
        if game.to_move == 0:
            assert [a.kind for a in game.legal_actions()] == ["move"]
            play(game, "0:move t1")
        else:
            safe_pass(game)
    assert game.state.players[0].delivered


def test_sf_xloco_5_second_card_uses_the_five_car_number() -> None:
    game = new()
    _xloco_on_t1(game)
    safe_pass(game)
    game.scenario("stack_movement", cards=["train1", "train4"])  # [5,4,3,3,2], [6,5,4,3,2]
    events = play(game, "0:move t1")
    assert rules(events) == ["SF-MOVE-1", "SF-XLOCO-5"]
    assert train(game, "t1").track == 5 + 2


def test_sf_ruling_5_extra_locomotive_needs_cars() -> None:
    game = new()
    row(game, "xloco", "coal", "auto")
    assert not any(a.args[:1] == (0,) for a in game.legal_actions())
    raises(game, "0:take 0 t1", "SF-RULING-5", "has no cars")


def test_sf_ruling_6_bare_locomotive_cannot_move() -> None:
    game = new()
    raises(game, "0:move t1", "SF-RULING-6", "bare Locomotive")


def test_sf_ruling_2_locomotive_supply_runs_out() -> None:
    game = new()
    for _ in range(21):
        play(game, f"{game.to_move}:loco")
    assert game.state.loco_supply == []
    assert "loco" not in kinds(game)
    raises(game, f"{game.to_move}:loco", "SF-RULING-2", "supply is empty")


def test_sf_ruling_1_freight_deck_runs_out() -> None:
    for seed in range(50):
        game = new(4, seed=seed)
        bot = RandomBot(seed)
        while not game.is_over:
            s = game.state
            if not s.freight_deck and not s.taken and None in s.face_up:
                slot = s.face_up.index(None)
                assert not any(a.kind == "take" and a.args[0] == slot
                               for a in game.legal_actions())
                if not any(t.xloco is not None for t in s.players[s.seat].trains):
                    raises(game, f"{s.seat}:take {slot} t1", "SF-RULING-1", "has run out")
                assert "SF-RULING-1" in rules(list(game.log))
                return
            game.apply(bot.choose(game))
    pytest.fail("no game ran the Freight deck out")
