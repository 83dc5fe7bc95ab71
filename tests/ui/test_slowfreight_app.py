"""Slow Freight played through the app's widgets; the figure must agree with the state."""

from __future__ import annotations

from typing import Any

import pytest

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.ui.display import app_for, figure_for, html_summary

pytest.importorskip("plotly")


def trace(fig: Any, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


def check_figure_agrees(fig: Any, game: SlowFreight) -> None:
    data = game.state_dict()
    on_way = [t for p in data["players"] for t in p["trains"]]
    assert len(trace(fig, "Locomotive").x) == len(on_way)
    for kind, name in (("auto", "Auto Carrier"), ("tank", "Tank"), ("coal", "Coal")):
        assert len(trace(fig, name).x) == sum(t["counts"][kind] for t in on_way)
    assert len(trace(fig, "Extra Locomotive").x) == sum(1 for t in on_way if t["xloco"])
    clocks = trace(fig, "clocks").marker.color
    assert len(clocks) == data["clocks_in_game"]
    assert sum(c != "white" for c in clocks) == len(data["clocks_drawn"])
    labels = {"auto": "Auto<br>Carrier", "tank": "Tank", "coal": "Coal",
              "xloco": "Extra<br>Locomotive"}
    expected = [labels[c.rstrip("0123456789")] if c else "empty" for c in data["face_up"]]
    assert list(trace(fig, "face-up cards").text) == expected  # not stale after a refill
    headers = trace(fig, "player headers").text
    for seat, score in enumerate(game.scores()):
        assert f"{score} points" in headers[seat]


def test_whole_game_by_widgets_two_players() -> None:
    game = SlowFreight(players=2, seed=5)
    app = app_for(game, seats=["Human", "Greedy bot"])
    fig = app.figure
    chooser = RandomBot(9)
    presses = 0
    while not game.is_over:
        assert game.to_move == 0  # the bot answers automatically
        offered = app.actions.actions
        assert offered == game.legal_actions()
        app.actions.press(chooser.choose(game))
        presses += 1
        assert not app.errors.text, app.errors.text
        assert app.figure is fig  # updated in place, never rebuilt
        check_figure_agrees(fig, game)
    check_figure_agrees(fig, game)
    assert presses > 10
    assert "Game over" in app.prompt.value and "wins" in fig.layout.title.text
    assert game.log[-1].rule in app.log_view.html.value


def test_undo_restores_state_and_figure() -> None:
    game = SlowFreight(players=2, seed=8)
    app = app_for(game, seats=["Human", "Human"])
    bot = RandomBot(2)
    for _ in range(6):
        app.actions.press(bot.choose(game))
    digest, before = game.digest(), list(trace(app.figure, "Locomotive").x)
    app.actions.press(bot.choose(game))
    app.undo_button.click()
    assert game.digest() == digest
    assert list(trace(app.figure, "Locomotive").x) == before
    check_figure_agrees(app.figure, game)


def test_stepper_bots_play_the_whole_game() -> None:
    game = SlowFreight(players=3, seed=4)
    app = app_for(game, seats=["Greedy bot", "Random bot", "Small-fast bot"])
    app.stepper.step("round")
    assert game.round == 2
    while not game.is_over:
        app.stepper.step("decision")
    check_figure_agrees(app.figure, game)
    assert "Game over" in html_summary(game)


def test_static_figure_and_summary() -> None:
    game = SlowFreight(players=2, seed=1)
    fig = figure_for(game)
    check_figure_agrees(fig, game)
    text = html_summary(game)
    assert "SF-" in text and "Player 1" in text


def test_every_mark_of_the_table_lies_inside_the_drawn_area() -> None:
    """Nothing is drawn off-canvas: e.g. the Mixed Freight bonus chips in the last column."""
    game = SlowFreight(players=4, seed=5)
    fig = figure_for(game)
    lo, hi = fig.layout.xaxis.range
    chips = next(t for t in fig.data if t.name == "bonus chips")
    assert len(chips.x) == 16  # 4 types x (5, 3, 1 and the 8-point biggest-train chip)
    for trace in fig.data:
        for x in trace.x or ():
            if x is not None:  # None separates line segments
                assert lo <= x <= hi, (trace.name, x)


def test_switching_a_seat_to_a_bot_refreshes_and_lets_it_answer() -> None:
    """A seat changed in the drop-down takes effect at once (prompt, and autoplay if on)."""
    game = SlowFreight(players=2, seed=4)
    app = app_for(game, seats=["Human", "Human"])
    assert game.to_move == 0 and "(human)" in app.prompt.value
    app.stepper.auto.value = True
    app.seats.set(0, "Greedy bot")  # Player 2 is still human: Player 1 now plays by itself
    assert game.to_move == 1 and len(game.history) >= 1
    assert "Player 2" in app.prompt.value and not app.errors.text
    steps = len(game.history)
    app.seats.set(1, "Greedy bot")  # no human left: nothing plays until the stepper is used
    assert len(game.history) == steps and "played by a bot" in app.actions.notes

