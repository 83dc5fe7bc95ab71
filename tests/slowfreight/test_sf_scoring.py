"""End-of-game scoring (SF-SCORE-1..8) and the rulings on ties and negative scores."""

from __future__ import annotations

from sfhelp import deliver, draw_clocks, load, new, play, row, rules, safe_pass

from freight_freedom.slowfreight import SlowFreight


def finish(game: SlowFreight) -> None:
    draw_clocks(game, game.state.clocks_in_game - len(game.state.clocks_drawn))
    assert game.is_over


def one_car_delivery(game: SlowFreight, kind: str) -> str:
    """The player to move brings a Locomotive and delivers a one-car train of ``kind``."""
    seat = game.to_move
    name = f"t{game.state.next_train}"
    play(game, f"{seat}:loco")
    while game.to_move != seat:
        safe_pass(game)
    load(game, name, kind)
    deliver(game, name)
    return name


def test_sf_score_1_minus_3_per_locomotive_and_extra_locomotive() -> None:
    game = new()
    draw_clocks(game, 5)
    while game.to_move != 0:
        safe_pass(game)
    row(game, "coal", "xloco", "auto")
    play(game, "0:take 0 t1", "0:take 1 t1")
    finish(game)
    b = game.outcome.breakdown  # type: ignore[union-attr]
    assert b[0].locomotive_penalty == -6 and b[1].locomotive_penalty == -3
    assert "SF-SCORE-1" in rules(list(game.log))


def test_sf_score_2_minus_2_per_car_not_arrived() -> None:
    game = new()
    load(game, "t1", "coal", "coal", "coal")
    finish(game)
    b = game.outcome.breakdown  # type: ignore[union-attr]
    assert b[0].car_penalty == -6 and b[1].car_penalty == 0
    assert "SF-SCORE-2" in rules(list(game.log))


def test_sf_score_3_points_are_numbers_and_the_total_is_the_sum() -> None:
    game = new()
    load(game, "t1", "coal", "coal")
    safe_pass(game)
    deliver(game, "t1")
    play(game, f"{game.to_move}:loco")
    finish(game)
    for s in game.outcome.breakdown:  # type: ignore[union-attr]
        assert s.total == (s.delivered + s.bonus_chips + s.biggest_train + s.locomotive_penalty
                           + s.car_penalty)
    assert game.outcome.scores == tuple(s.total for s in game.outcome.breakdown)  # type: ignore[union-attr]


def test_sf_score_4_biggest_train_alone_scores_8_and_the_chip() -> None:
    game = new()
    load(game, "t1", "coal", "coal")
    safe_pass(game)
    deliver(game, "t1")
    finish(game)
    out = game.outcome
    assert out is not None and out.breakdown[0].biggest_train == 8
    assert game.state.biggest_chips == [0, 1, 3]  # the Coal 8-point chip is taken
    assert "SF-SCORE-4" in rules(list(game.log))


def test_sf_score_5_two_tied_score_4_each() -> None:
    game = new()
    one_car_delivery(game, "coal")
    while game.to_move != 1:
        safe_pass(game)
    one_car_delivery(game, "coal")
    finish(game)
    out = game.outcome
    assert out is not None and [b.biggest_train for b in out.breakdown] == [4, 4]
    assert 2 in game.state.biggest_chips  # the 8-point chip stays out
    assert "SF-SCORE-5" in rules(list(game.log))


def test_sf_score_6_three_or_more_tied_score_2_each() -> None:
    game = new(3)
    for seat in range(3):
        while game.to_move != seat:
            safe_pass(game)
        one_car_delivery(game, "tank")
    finish(game)
    out = game.outcome
    assert out is not None and [b.biggest_train for b in out.breakdown] == [2, 2, 2]
    assert "SF-SCORE-6" in rules(list(game.log))


def test_sf_score_7_each_type_separately_none_without_delivery() -> None:
    game = new()
    one_car_delivery(game, "coal")
    while game.to_move != 1:
        safe_pass(game)
    one_car_delivery(game, "auto")
    finish(game)
    out = game.outcome
    assert out is not None and [b.biggest_train for b in out.breakdown] == [8, 8]
    skipped = [e for e in game.log if e.rule == "SF-SCORE-7"]
    assert sorted(e.data["type"] for e in skipped) == ["mixed", "tank"]


def test_sf_score_8_most_points_wins() -> None:
    game = new()
    one_car_delivery(game, "coal")
    finish(game)
    out = game.outcome
    assert out is not None and out.winners == (0,)
    assert out.scores[0] > out.scores[1]
    assert game.log[-1].rule == "SF-SCORE-8"
    assert "last Clock" in out.reason


def test_sf_ruling_9_ties_list_co_winners() -> None:
    game = new()
    finish(game)
    out = game.outcome
    assert out is not None and out.scores == (-3, -3) and out.winners == (0, 1)
    assert game.log[-1].rule == "SF-RULING-9"


def test_sf_ruling_12_same_player_twice_counts_once() -> None:
    game = new()
    one_car_delivery(game, "coal")
    while game.to_move != 0:
        safe_pass(game)
    one_car_delivery(game, "coal")
    while game.to_move != 1:
        safe_pass(game)
    one_car_delivery(game, "coal")
    finish(game)
    out = game.outcome
    assert out is not None and [b.biggest_train for b in out.breakdown] == [4, 4]


def test_sf_ruling_20_scores_may_be_negative() -> None:
    game = new()
    load(game, "t1", "coal", "coal", "coal")
    play(game, "1:loco")
    finish(game)
    out = game.outcome
    assert out is not None and out.scores == (-9, -6)
    assert out.to_dict()["breakdown"][0]["car_penalty"] == -6
