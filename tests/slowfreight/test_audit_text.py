"""Audit: what a teacher reads (board text, scoring events, describe) says the right thing."""

from __future__ import annotations

from sfhelp import draw_clocks, load, new, play, row

from freight_freedom.core.bot import RandomBot, play_out
from freight_freedom.slowfreight import SlowFreight


def test_sf_score_8_board_text_shows_the_final_scores_after_the_end() -> None:
    for seed in range(10):
        game = SlowFreight(players=3, seed=seed)
        play_out(game, RandomBot(seed))
        out = game.outcome
        assert out is not None
        text = str(game)
        for seat, total in enumerate(out.scores):
            assert f"Player {seat + 1}: {total} points" in text, text


def test_sf_score_1_penalty_event_names_the_extra_locomotive() -> None:
    game = new()
    draw_clocks(game, 5)
    while game.to_move != 0:
        play(game, f"{game.to_move}:pass")
    row(game, "coal", "xloco", "auto")
    play(game, "0:take 0 t1", "0:take 1 t1")
    draw_clocks(game, 1)
    texts = [e.text for e in game.log if e.rule == "SF-SCORE-1"]
    assert "Player 1 pays 6 points for 1 Locomotive and 1 Extra Locomotive not arrived" in texts
    assert "Player 2 pays 3 points for 1 Locomotive not arrived" in texts


def test_sf_take_1_describe_an_impossible_slot_plainly() -> None:
    game = new()
    load(game, "t1", "coal")
    text = game.describe("1:take 7 t2")
    assert "(empty)" not in text and "no face-up card 8 of" in text
