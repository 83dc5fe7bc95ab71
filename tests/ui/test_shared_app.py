"""The shared app pieces, driven through their widgets on a tiny kernel game (see conftest)."""

from __future__ import annotations

import datetime
import json

from conftest import Race

from freight_freedom.core import Action
from freight_freedom.ui.app import TAB_TITLES
from freight_freedom.ui.display import app_for, html_summary
from freight_freedom.ui.stepper import advance


def test_buttons_play_a_whole_game_and_log_agrees(race: Race) -> None:
    app = app_for(race)
    assert app is app_for(race)  # cached per game
    clicks = 0
    while not race.is_over:
        offered = app.actions.actions
        assert offered == race.legal_actions()  # never an illegal one offered
        app.actions.press(offered[-1])
        clicks += 1
    assert race.state.total >= 10 and clicks == 5
    assert race.log[-1].rule == "RC-END"
    assert "RC-END" in app.log_view.html.value and "Game over" in app.prompt.value
    assert app.actions.actions == [] and not app.errors.text


def test_undo_redo_buttons(race: Race) -> None:
    app = app_for(race)
    app.actions.press(Action(0, "add", (2,)))
    digest = race.digest()
    app.actions.press(Action(1, "add", (1,)))
    app.undo_button.click()
    assert race.digest() == digest and race.state.total == 2
    assert not app.redo_button.disabled
    app.redo_button.click()
    assert race.state.total == 3


def test_callback_errors_are_shown_not_lost(race: Race) -> None:
    app = app_for(race)
    app.undo_button.click()  # nothing to undo: IllegalAction inside a callback
    assert "nothing to undo" in app.errors.text and "RC-TURN" in app.errors.text
    assert "alert" in app.errors.widget.value


def test_stepper_stops_at_human_and_at_phase(race: Race) -> None:
    app = app_for(race, seats=["Random bot", "Human"])
    app.stepper.step("decision")
    assert race.to_move == 1 and len(race.history) == 1
    app.seats.set(1, "Random bot")
    steps, reason = app.stepper.step("phase")
    assert steps == 1 and "phase" in reason
    steps, _ = advance(race, app.seats, "end")
    assert race.is_over


def test_autoplay_answers_for_bot_seats(race: Race) -> None:
    app = app_for(race, seats=["Human", "Random bot"])
    app.actions.press(Action(0, "add", (1,)))
    assert len(race.history) == 2 and race.to_move == 0  # the bot answered


def test_bad_save_file_shows_error_and_keeps_game(race: Race) -> None:
    app = app_for(race)
    app.actions.press(Action(0, "add", (2,)))
    before = (race.digest(), race.history)
    for bad in [b"not json", b"{}", race.to_json().replace('0:add 2', '0:add 1').encode()]:
        assert app.saveload.load_bytes(bad, "bad.json") is None
        assert "bad.json" in app.errors.text and "unchanged" in app.errors.text
        assert app.game is race and (race.digest(), race.history) == before
    # through the FileUpload widget itself, as the browser sends it
    app.saveload.upload.value = ({"name": "x.json", "type": "", "size": 3,
                                  "content": memoryview(b"{]}"),
                                  "last_modified": datetime.datetime.now()},)
    assert "x.json" in app.errors.text and app.game is race


def test_save_then_load_roundtrip(race: Race) -> None:
    app = app_for(race)
    app.actions.press(Action(0, "add", (2,)))
    app.saveload.save_button.click()
    assert "download=" in app.saveload.link.value
    text = app.saveload.save()
    assert json.loads(text)["history"] == ["0:add 2"]
    loaded = app.saveload.load_bytes(text.encode(), "ok.json")
    assert loaded is not None and app.game is loaded and loaded.digest() == race.digest()


def test_new_game_with_options(race: Race) -> None:
    app = app_for(race)
    app.newgame.fields["players"].value = 1
    app.newgame.seed.value = "11"
    app.newgame.button.click()
    assert app.game is not race and app.game.options["players"] == 1 and app.game.seed == 11
    assert len(app.seats.dropdowns) == 1
    app.newgame.seed.value = "eleven"
    app.newgame.button.click()  # refused next to the button; the game stays
    assert "seed" in app.newgame.error.value and "role='alert'" in app.newgame.error.value
    assert app.game.seed == 11


def test_inspector_tables_and_static_summary(race: Race) -> None:
    app = app_for(race)
    app.actions.press(Action(0, "add", (2,)))
    app.tabs.selected_index = TAB_TITLES.index("State")
    assert "<table" in app.inspector.html.value and "total" in app.inspector.html.value
    summary = html_summary(race)
    assert "&lt;to the counter&gt;" in summary and "<to the" not in summary
    assert "RC-ADD" in summary


def test_app_parts_carry_stable_css_classes(race: Race) -> None:
    """Pages and browser tests find the parts of the app by these classes."""
    app = app_for(race)
    classes = {c for w in [app, app.title, app.prompt, app.errors.widget, app.board,
                           app.actions.widget, app.stepper.widget, app.seats_box,
                           app.log_view.widget, app.tabs] for c in w._dom_classes}
    assert {"ff-app", "ff-title", "ff-prompt", "ff-errors", "ff-board", "ff-actions",
            "ff-stepper", "ff-seats", "ff-log", "ff-tabs"} <= classes


def test_new_game_tab_offers_every_option_of_both_games() -> None:
    """Every game option (variants included) can be chosen from the New game tab."""
    from freight_freedom import Freedom, SlowFreight

    for game, chosen in ((Freedom(players=2, seed=1), {"fundraising_cities_only": True,
                                                      "harder_full_plantations": True}),
                         (SlowFreight(players=2, seed=1), {"train_check": "end_of_turn"})):
        app = app_for(game)
        names = set(app.newgame.fields)
        for option in chosen:
            assert option in names, option
            app.newgame.fields[option].value = chosen[option]
        app.newgame.seed.value = "5"
        app.newgame.button.click()
        assert app.errors.text.startswith("Now playing") and app.game is not game
        assert all(app.game.options[k] == v for k, v in chosen.items())


def test_new_game_roles_per_seat_and_bots_in_the_other_seats() -> None:
    """FR-SETUP-3: each player's role from its own drop-down; new seats default to bots."""
    from freight_freedom import Freedom

    app = app_for(Freedom(players=1, seed=1))
    roles = app.newgame.fields["roles"]
    shown = [d.layout.display != "none" for d in roles.dropdowns]
    assert shown == [True, False, False, False]  # one role drop-down for each seat played
    app.newgame.fields["players"].value = 3
    assert [d.layout.display != "none" for d in roles.dropdowns] == [True, True, True, False]
    roles.dropdowns[0].value = "Preacher"  # a mix of chosen and random is refused, in words
    app.newgame.button.click()
    assert "every player" in app.newgame.error.value and app.game.options["players"] == 1
    roles.dropdowns[1].value = "Conductor"
    roles.dropdowns[2].value = "Station Master"
    app.newgame.button.click()
    assert app.newgame.error.value == ""
    assert tuple(app.game.options["roles"]) == ("Preacher", "Conductor", "Station Master")
    assert app.seats.labels()[0] == "Human" and all(
        label != "Human" for label in app.seats.labels()[1:])
