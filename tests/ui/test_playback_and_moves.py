"""Bots played back at a pace, the move list, the past shown read-only, the board in words."""

from __future__ import annotations

import asyncio
import base64
import re

from conftest import Race

from freight_freedom.core import Action
from freight_freedom.ui.app import GameApp
from freight_freedom.ui.display import figure_for
from freight_freedom.ui.log_view import game_at, move_options


def test_without_an_event_loop_bots_answer_at_once(race: Race) -> None:
    app = GameApp(race, seats=["Human", "Random bot"], pace=0.6)
    app.actions.press(Action(0, "add", (1,)))
    assert len(race.history) == 2 and not app.stepper.playing


def test_paced_playback_runs_on_the_event_loop_and_can_be_skipped() -> None:
    async def scenario() -> None:
        race = Race(players=2, seed=3)
        app = GameApp(race, seats=["Human", "Random bot"], pace=0.05)
        app.actions.press(Action(0, "add", (1,)))
        # the student's move is drawn first; the bot answers a little later
        assert len(race.history) == 1 and app.stepper.playing
        assert app.stepper.banner.layout.display == ""
        await asyncio.sleep(0.3)
        assert len(race.history) == 2 and not app.stepper.playing
        assert app.stepper.banner.layout.display == "none"
        assert "adds" in app.recent.value  # what the bot did is listed
        # the stepper's buttons, all bots: paced, one summary line per move, and Skip
        for seat in range(2):
            app.seats.set(seat, "Random bot")
        assert app.stepper.pace.value == 0.05
        app.stepper.step("round")
        steps_before = len(race.history)
        await asyncio.sleep(0.08)
        assert len(race.history) == steps_before + 1
        assert "Player" in app.stepper.summary.value and "bot move 1" in app.stepper.summary.value
        app.stepper.skip()
        assert not app.stepper.playing
        assert "reached the end of the round" in app.stepper.status.value

    asyncio.run(scenario())


def test_a_click_stops_the_playback_where_it_is() -> None:
    async def scenario() -> None:
        race = Race(players=2, seed=3)
        app = GameApp(race, seats=["Random bot", "Random bot"], pace=0.05)
        app.stepper.step("end")
        await asyncio.sleep(0.08)
        played = len(race.history)
        assert app.stepper.playing and played >= 1
        app.undo_button.click()
        await asyncio.sleep(0.2)
        assert not app.stepper.playing and len(race.history) == played - 1

    asyncio.run(scenario())


def _linked_save(app: GameApp) -> tuple[str, str]:
    """(file name, save text) of the app's download link."""
    match = re.search(r"download='([^']+)' href='data:application/json;base64,([^']+)'",
                      app.saveload.link.value)
    assert match, f"no download link: {app.saveload.link.value!r}"
    return match.group(1), base64.b64decode(match.group(2)).decode("utf-8")


def test_a_save_during_the_bots_playback_holds_their_answer_and_its_link_stays() -> None:
    """Save pressed while a bot's answer plays back: the answer is finished first (as Skip),
    so the file holds every move the board will show and no later bot move wipes its link."""
    async def scenario() -> None:
        race = Race(players=2, seed=3)
        app = GameApp(race, seats=["Human", "Random bot"], pace=0.05)
        app.actions.press(Action(0, "add", (1,)))
        assert app.stepper.playing and len(race.history) == 1
        app.saveload.save_button.click()
        name, text = _linked_save(app)
        await asyncio.sleep(0.3)  # past the bot's turn at this pace
        assert not app.stepper.playing and len(race.history) == 2
        assert _linked_save(app) == (name, text)  # still offered, unchanged
        saved = Race.from_json(text)
        assert saved.history == race.history and name.endswith("step2.json")
        assert "2 steps" in app.title.value

    asyncio.run(scenario())


def test_a_save_during_a_bots_only_run_stops_it_where_it_is() -> None:
    """Save pressed during a stepper run of bots only (to the game's end): the run stops where
    it is (a save never plays a whole game at once), and the file holds what the board shows."""
    async def scenario() -> None:
        race = Race(players=2, seed=3)
        app = GameApp(race, seats=["Random bot", "Random bot"], pace=0.05)
        app.stepper.step("end")
        await asyncio.sleep(0.08)
        played = len(race.history)
        assert app.stepper.playing and played >= 1 and not race.is_over
        app.saveload.save_button.click()
        name, text = _linked_save(app)
        await asyncio.sleep(0.2)
        assert not app.stepper.playing and len(race.history) == played
        assert _linked_save(app) == (name, text)
        assert Race.from_json(text).history == race.history and name.endswith(f"step{played}.json")
        notes = [w.value for w in app.actions.widget.children if hasattr(w, "value")]
        assert any("is played by a bot" in n for n in notes), notes  # not "is choosing"

    asyncio.run(scenario())


def test_move_list_groups_by_round_phase_and_player(race: Race) -> None:
    app = GameApp(race)
    for n in (1, 2, 2):
        app.actions.press(Action(race.to_move or 0, "add", (n,)))
    lines = [label.strip() for label, _ in move_options(app.moves.book.update(race))]
    assert lines == ["Set-up", "Round 1 · north phase", "Player 1", "1. 0:add 1",
                     "Round 1 · south phase", "Player 2", "2. 1:add 2",
                     "Round 2 · north phase", "Player 1", "3. 0:add 2"]
    assert [label for label, _ in app.moves.select.options][3].strip() == "1. 0:add 1"
    # undo: the list follows (rebuilt from the seed)
    app.undo_button.click()
    assert len(app.moves.book.moves) == 2


def test_choosing_a_move_shows_the_past_read_only_and_back(race: Race) -> None:
    app = GameApp(race)
    for n in (1, 2, 2):
        app.actions.press(Action(race.to_move or 0, "add", (n,)))
    app.moves.choose(1)
    assert app.viewing == 1 and app.shown.state.total == 1 and race.state.total == 5
    assert "Viewing step 1 of 3" in app.view_note.value
    assert app.view_banner.layout.display == "" and app.actions.widget.layout.display == "none"
    assert "adds 1" in app.moves.detail.value and "This move" in app.recent.value
    assert race.history == game_at(race, 3).history  # the game itself is untouched
    app.present_button.click()
    assert app.viewing is None and app.actions.widget.layout.display == ""
    assert app.view_banner.layout.display == "none" and app.moves.select.index is None
    # choosing the last move is the present; a move played from the past leaves it first
    app.moves.choose(0)
    assert app.viewing == 0 and app.shown.state.total == 0
    app.play(Action(1, "add", (1,)))
    assert app.viewing is None and race.state.total == 6


def test_board_in_words_is_one_click_away() -> None:
    from freight_freedom import Freedom

    app = GameApp(Freedom(players=2, seed=1))
    words = app.board_text.value
    assert "<details" in words and "The board in words" in words
    assert "Slave Catchers" in words and "People on the map" in words


def test_loading_a_save_of_the_same_options_keeps_the_map_widget() -> None:
    from freight_freedom import Freedom
    from freight_freedom.core.bot import RandomBot

    app = GameApp(Freedom(players=2, seed=1))
    widget = app.figure
    other = Freedom(players=2, seed=9)
    bot = RandomBot(3)
    for _ in range(12):
        other.apply(bot.choose(other))
    loaded = app.saveload.load_bytes(other.to_json().encode(), "x.json")
    assert loaded is not None and app.game is loaded and app.figure is widget
    assert app.figure.layout.title.text == figure_for(loaded).layout.title.text
    app.set_game(Freedom(players=3, seed=1))  # other options: a new map
    assert app.figure is not widget
