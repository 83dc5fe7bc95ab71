"""Movement (SF-MOVE), Clocks (SF-CLOCK), arrival (SF-ARRIVE), the end (SF-END) and the rulings on
Track, Extra-Locomotive moves and the last Clock."""

from __future__ import annotations

from sfhelp import deliver, draw_clocks, draws, load, new, play, rules, safe_pass, train

from freight_freedom.core.bot import RandomBot
from freight_freedom.slowfreight.checks import check_invariants

SEED = 1  # a seed whose safe passes leave the Train cards these tests stack in the deck


def _two_coal_on_t1(game):  # type: ignore[no-untyped-def]
    load(game, "t1", "coal", "coal")
    safe_pass(game)


def test_sf_move_1_rules_example_two_coal_cars_move_3() -> None:
    game = new()
    _two_coal_on_t1(game)
    draws(game, "train2")  # standard row [4, 3, 3, 2, 2]: 2 cars move 3
    events = play(game, "0:move t1")
    assert rules(events) == ["SF-MOVE-1"]
    assert "train2 shows 3 for 2 car(s)" in events[0].text
    assert train(game, "t1").track == 3
    assert game.state.track_supply == 45


def test_sf_move_2_card_goes_to_the_discard_pile() -> None:
    game = new()
    _two_coal_on_t1(game)
    discards = len(game.state.discard)
    draws(game, "train5")
    play(game, "0:move t1")
    assert game.state.discard[-1] == 4 and len(game.state.discard) == discards + 1


def test_sf_move_3_number_by_train_size() -> None:
    for cars in range(1, 6):
        game = new()
        load(game, "t1", *(["auto"] * min(cars, 3)))
        if cars > 3:
            safe_pass(game)
            load(game, "t1", *(["auto"] * (cars - 3)))
        safe_pass(game)
        draws(game, "train4")  # [6, 5, 4, 3, 2]
        play(game, "0:move t1")
        assert train(game, "t1").track == [6, 5, 4, 3, 2][cars - 1]


def test_sf_move_4_track_stays_with_its_train() -> None:
    game = new(seed=SEED)
    play(game, "0:loco")
    safe_pass(game)
    load(game, "t1", "coal")
    safe_pass(game)
    load(game, "t3", "auto")
    safe_pass(game)
    draws(game, "train4")
    play(game, "0:move t1")
    safe_pass(game)
    draws(game, "train6")  # [2, 2, 2, 2, 1]
    play(game, "0:move t3")
    assert (train(game, "t1").track, train(game, "t3").track) == (6, 2)


def test_sf_clock_1_only_one_clock_in_the_deck() -> None:
    game = new(4, seed=3)
    bot = RandomBot(3)
    while not game.is_over:
        assert sum(1 for c in game.state.movement_deck if c >= 15) == 1
        game.apply(bot.choose(game))


def test_sf_clock_2_clock_moves_4_whatever_the_size() -> None:
    for kinds in (["tank"], ["tank", "tank", "tank"]):
        game = new()
        load(game, "t1", *kinds)
        safe_pass(game)
        draws(game, "clock")
        events = play(game, "0:move t1")
        assert rules(events)[0] == "SF-CLOCK-2"
        assert train(game, "t1").track == 4


def test_sf_clock_3_drawn_clocks_are_laid_out() -> None:
    game = new()
    draw_clocks(game, 2)
    assert len(game.state.clocks_drawn) == 2
    assert rules(list(game.log)).count("SF-CLOCK-3") == 2


def test_sf_clock_4_next_clock_joins_and_all_reshuffled() -> None:
    game = new()
    for _ in range(3):
        safe_pass(game)
    assert len(game.state.discard) == 3
    pile = len(game.state.clock_pile)
    draws(game, "clock")
    events = play(game, f"{game.to_move}:pass")
    assert rules(events) == ["SF-TURN-4", "SF-CLOCK-3", "SF-CLOCK-4"]
    s = game.state
    assert s.discard == [] and len(s.movement_deck) == 16 and len(s.clock_pile) == pile - 1


def test_sf_ruling_11_movement_deck_never_runs_out() -> None:
    game = new()
    for _ in range(15):  # draw every Train card: only the Clock is left
        safe_pass(game)
    assert len(game.state.movement_deck) == 1 and game.state.movement_deck[0] >= 15
    events = play(game, f"{game.to_move}:pass")
    assert "SF-CLOCK-4" in rules(events) and len(game.state.movement_deck) == 16


def test_sf_arrive_1_nine_track_reaches_the_destination() -> None:
    game = new()
    load(game, "t1", "coal")
    safe_pass(game)
    events = deliver(game, "t1")
    assert "SF-ARRIVE-1" in rules(events)
    p = game.state.players[0]
    assert p.trains == [] and [t.name for t in p.delivered] == ["t1"]


def test_sf_arrive_2_track_goes_back_to_the_supply() -> None:
    game = new()
    load(game, "t1", "coal")
    safe_pass(game)
    events = deliver(game, "t1")
    assert "SF-ARRIVE-2" in rules(events)
    assert game.state.track_supply == 48 and train(game, "t1").track == 0


def test_sf_arrive_3_bonus_chips_5_3_1_then_none() -> None:
    game = new(seed=4)
    got = []
    for i in range(4):
        seat = game.to_move
        name = f"t{game.state.next_train}"
        play(game, f"{seat}:loco")
        safe_pass(game)
        load(game, name, "coal")
        safe_pass(game)
        events = deliver(game, name)
        got.append([e.data["points"] for e in events if e.rule == "SF-ARRIVE-3"][0])
        assert i < 3 or "No Coal Bonus chip" in events[-1].text
    assert got == [5, 3, 1, 0]
    assert game.state.bonus_chips[2] == []


def test_sf_arrive_4_two_points_per_car() -> None:
    game = new()
    load(game, "t1", "coal", "coal", "coal")
    safe_pass(game)
    deliver(game, "t1")
    p = game.state.players[0]
    assert p.car_points == 6 and p.bonus_chips == [(2, 5)] and game.scores()[0] == 11


def test_sf_arrive_5_points_are_public_in_every_observation() -> None:
    game = new()
    load(game, "t1", "coal")
    safe_pass(game)
    deliver(game, "t1")
    for seat in (0, 1):
        obs = game.observation(seat)
        assert obs["scores"] == [7, 0]
        assert obs["players"][0]["delivered"][0]["id"] == "t1"


def test_sf_ruling_3_track_supply_runs_out() -> None:
    game = new(track_supply=9)
    load(game, "t1", "coal")
    load(game, "t2", "coal")
    draws(game, "train4")  # 6 for one car
    play(game, "0:move t1")
    draws(game, "train14")  # 6 for one car, but only 3 are left
    events = play(game, "1:move t2")
    assert rules(events) == ["SF-RULING-3"]
    assert train(game, "t2").track == 3 and game.state.track_supply == 0
    unlimited = new(track_supply=None)
    load(unlimited, "t1", "coal")
    safe_pass(unlimited)
    deliver(unlimited, "t1")
    assert unlimited.state.track_supply is None


def _xloco_train(game):  # type: ignore[no-untyped-def]
    from sfhelp import row
    row(game, "coal", "xloco", "auto")
    play(game, "0:take 0 t1", "0:take 1 t1")
    safe_pass(game)


def _a_train_card(game):  # type: ignore[no-untyped-def]
    """The slowest Train card for one car still in the deck (so nothing arrives by accident)."""
    rows = game.movement_table.rows
    cards = [c for c in game.state.movement_deck if c < 15]
    return game.components.movement_names[min(cards, key=lambda c: rows[c][0])]


def _row(game, card: str):  # type: ignore[no-untyped-def]
    return game.movement_table.rows[game.components.movement_names.index(card)]


def test_sf_ruling_4_second_card_clock_counts_in_full() -> None:
    game = new()
    _xloco_train(game)
    card = _a_train_card(game)
    draws(game, card, "clock")
    events = play(game, "0:move t1")
    assert rules(events) == ["SF-MOVE-1", "SF-CLOCK-2", "SF-CLOCK-3", "SF-CLOCK-4"]
    assert train(game, "t1").track == _row(game, card)[0] + 4
    assert len(game.state.clocks_drawn) == 1 and len(game.state.movement_deck) == 16


def test_sf_ruling_4_first_card_last_clock_no_second_card() -> None:
    game = new()
    draw_clocks(game, 5)
    while game.to_move != 0:
        safe_pass(game)
    _xloco_train(game)
    draws(game, "clock")
    deck_before = len(game.state.movement_deck)
    events = play(game, "0:move t1")
    assert rules(events)[:3] == ["SF-CLOCK-2", "SF-CLOCK-3", "SF-END-1"]
    assert len(game.state.movement_deck) == deck_before - 1  # no second card
    assert game.is_over


def test_sf_ruling_4_second_card_last_clock_ends_the_game() -> None:
    game = new()
    draw_clocks(game, 5)
    while game.to_move != 0:
        safe_pass(game)
    _xloco_train(game)
    card = _a_train_card(game)
    draws(game, card, "clock")
    events = play(game, "0:move t1")
    assert rules(events)[:4] == ["SF-MOVE-1", "SF-CLOCK-2", "SF-CLOCK-3", "SF-END-1"]
    assert game.is_over and train(game, "t1").track == _row(game, card)[0] + 4


def test_sf_ruling_17_extra_loco_move_draws_both_then_checks_arrival() -> None:
    game = new(seed=SEED)
    _xloco_train(game)
    draws(game, "train4", "train14")  # 6 for one car, then 3 for five cars
    events = play(game, "0:move t1")
    assert rules(events)[:3] == ["SF-MOVE-1", "SF-XLOCO-5", "SF-ARRIVE-1"]
    assert [e.data["total"] for e in events[:2]] == [6, 9]


def test_sf_end_1_last_clock_ends_the_game() -> None:
    for players, clocks in ((2, 6), (3, 7), (4, 8)):
        game = new(players)
        draw_clocks(game, clocks - 1)
        assert not game.is_over
        draw_clocks(game, 1)
        assert game.is_over and game.phase == "game over" and game.to_move is None
        assert game.legal_actions() == [] and game.outcome is not None
        assert game.prompt.rule == "SF-END-1"


def test_sf_end_2_last_clock_still_moves_4_then_ends() -> None:
    game = new()
    draw_clocks(game, 5)
    while game.to_move != 0:
        safe_pass(game)
    load(game, "t1", "coal")
    safe_pass(game)
    draws(game, "clock")
    events = play(game, "0:move t1")
    assert rules(events)[:3] == ["SF-CLOCK-2", "SF-CLOCK-3", "SF-END-1"]
    assert train(game, "t1").track == 4 and game.is_over


def test_sf_ruling_18_train_arrives_on_the_last_clock() -> None:
    game = new()
    load(game, "t1", "coal")
    safe_pass(game)
    draws(game, "train4")  # 6
    play(game, "0:move t1")
    draw_clocks(game, 5)
    while game.to_move != 0:
        safe_pass(game)
    draws(game, "clock")
    events = play(game, "0:move t1")
    assert rules(events)[:4] == ["SF-CLOCK-2", "SF-CLOCK-3", "SF-ARRIVE-1", "SF-ARRIVE-2"]
    assert game.is_over and game.state.players[0].delivered
    check_invariants(game.state, 48)


def test_sf_ruling_8_pass_on_the_last_clock_ends_at_once() -> None:
    game = new()
    draw_clocks(game, 5)
    draws(game, "clock")
    events = play(game, f"{game.to_move}:pass")
    assert rules(events)[:3] == ["SF-TURN-4", "SF-CLOCK-3", "SF-END-1"]
    assert game.is_over
