"""Bad input is refused with a clear error naming the rule or field, and the game is unchanged."""

from __future__ import annotations

import json

import pytest
from sfhelp import load, new, safe_pass

from freight_freedom import (
    Action,
    ActionParseError,
    IllegalAction,
    OptionError,
    SaveFileError,
    SlowFreight,
)
from freight_freedom.core.bot import RandomBot, play_out


def _midgame() -> SlowFreight:
    game = new(3, seed=5)
    bot = RandomBot(5)
    for _ in range(30):
        game.apply(bot.choose(game))
    return game


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("0:move t1", "SF-RULING-6", "bare Locomotive"),
        ("0:move t2", "SF-FORM-1", "belongs to Player 2"),
        ("0:move", "SF-MOVE-1", "names one train"),
        ("0:take 7 t1", "SF-TAKE-1", "no face-up slot 7"),
        ("0:take t1 0", "SF-TAKE-1", "names a face-up slot"),
        ("0:pass now", "SF-TURN-3", "no arguments"),
        ("0:stop", "SF-RULING-16", "take a card first"),
        ("1:pass", "SF-TURN-2", "Player 1's decision"),
        ("0:jump", "SF-TURN-3", "unknown action"),
    ],
)
def test_illegal_actions_name_the_rule_and_change_nothing(text: str, rule: str,
                                                          words: str) -> None:
    game = new()
    before = game.to_json()
    with pytest.raises(IllegalAction, match=words) as err:
        game.apply(text)
    assert err.value.rule == rule and err.value.reason
    assert game.to_json() == before


def test_arrived_train_cannot_move_again() -> None:
    from sfhelp import deliver
    game = new()
    load(game, "t1", "coal")
    safe_pass(game)
    deliver(game, "t1")
    while game.to_move != 0:
        safe_pass(game)
    with pytest.raises(IllegalAction) as err:
        game.apply("0:move t1")
    assert err.value.rule == "SF-ARRIVE-1"


def test_malformed_notation() -> None:
    game = new()
    for text in ["", "move t1", "x:pass", "0:take 1 t$"]:
        with pytest.raises(ActionParseError):
            game.apply(text)
    with pytest.raises(IllegalAction):
        game.apply(object())  # type: ignore[arg-type]


def test_any_action_after_the_end_is_refused() -> None:
    game = new()
    play_out(game, RandomBot(1))
    before = game.to_json()
    for seat in range(2):
        with pytest.raises(IllegalAction) as err:
            game.apply(Action(seat, "pass"))
        assert err.value.rule == "SF-END-1"
    with pytest.raises(IllegalAction):
        game.scenario("stack_movement", cards=["clock"])
    assert game.to_json() == before


@pytest.mark.parametrize(
    ("options", "option", "rule"),
    [
        ({"players": 1}, "players", "SF-CLOCK-5"),
        ({"players": 5}, "players", "SF-CLOCK-5"),
        ({"players": "3"}, "players", "SF-CLOCK-5"),
        ({"movement_table": "fast"}, "movement_table", "SF-RULING-15"),
        ({"first_player": 3}, "first_player", "SF-RULING-10"),
        ({"first_player": "oldest"}, "first_player", "SF-RULING-10"),
        ({"track_supply": 3}, "track_supply", "SF-RULING-3"),
        ({"track_supply": True}, "track_supply", "SF-RULING-3"),
        ({"colour": "red"}, "colour", ""),
    ],
)
def test_bad_options(options: dict[str, object], option: str, rule: str) -> None:
    with pytest.raises(OptionError) as err:
        SlowFreight(seed=1, **options)
    assert err.value.option == option and err.value.rule == rule


def test_bad_seed() -> None:
    with pytest.raises(OptionError, match="seed"):
        SlowFreight(seed=-1)


def _save() -> tuple[SlowFreight, dict]:  # type: ignore[type-arg]
    game = _midgame()
    return game, json.loads(game.to_json())


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(rules_version="sf-99"), "rules_version"),
        (lambda d: d.update(game="freedom"), "game"),
        (lambda d: d.update(format_version=7), "format_version"),
        (lambda d: d["options"].update(players=5), "options"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d["history"].append("0:fly"), f"history[{30}]"),
        (lambda d: d["history"].__setitem__(3, {"scenario": "cheat", "params": {}}), "history[3]"),
        (lambda d: d.update(digest="0" * 64), "digest"),
        (lambda d: d.pop("history"), "history"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.update(seed=d["seed"] + 1), "history"),
    ],
)
def test_tampered_saves_are_refused_naming_the_field(change, field: str) -> None:  # type: ignore[no-untyped-def]
    _, data = _save()
    change(data)
    with pytest.raises(SaveFileError) as err:
        SlowFreight.from_json(json.dumps(data))
    assert err.value.field.startswith(field.split("[")[0]), err.value


def test_truncated_and_malformed_saves() -> None:
    game, _ = _save()
    text = game.to_json()
    for bad in [text[: len(text) // 2], "", "[]", "null", b"\xff\xfe", "{" * 10]:
        with pytest.raises(SaveFileError):
            SlowFreight.from_json(bad)
    with pytest.raises(SaveFileError):
        SlowFreight.from_json(text.replace('"players": 3', '"players": 2'))


def test_bad_scenarios_leave_the_game_unchanged() -> None:
    game = new()
    before = game.to_json()
    bad = [
        ("stack_freight", {"cards": ["xloco"] * 6}),
        ("stack_freight", {"cards": ["gold"]}),
        ("stack_freight", {"cards": "coal"}),
        ("stack_movement", {"cards": ["clock", "clock"]}),
        ("stack_movement", {"cards": ["train99"]}),
        ("face_up", {"cards": ["xloco", "xloco", "coal"]}),
        ("face_up", {"cards": ["coal"]}),
        ("face_up", {"cards": ["coal", None, "tank"]}),
        ("face_up", {"cards": ["coal", "tank", "auto"], "extra": 1}),
        ("teleport", {}),
    ]
    for name, params in bad:
        with pytest.raises(IllegalAction) as err:
            game.scenario(name, **params)
        assert err.value.rule == "SF-RULING-24", (name, err.value)
        assert game.to_json() == before
    game.apply("0:loco")
    safe_pass(game)
    with pytest.raises(IllegalAction, match="discard"):
        game.scenario("stack_movement",
                      cards=[game.components.movement_names[game.state.discard[0]]])


def test_sf_ruling_24_scenarios_are_logged_history() -> None:
    game = new()
    names = game.components.card_names
    named = names[game.state.freight_deck[-1]]  # a card deep in the deck, by name
    game.scenario("stack_freight", cards=["coal", named])
    top = game.state.freight_deck[:2]
    assert names[top[0]].startswith("coal") and names[top[1]] == named
    game.scenario("face_up", cards=["tank", "tank", "coal"])
    assert [game.components.card_kind[c] for c in game.state.face_up] == [1, 1, 2]  # type: ignore[index]
    game.scenario("stack_movement", cards=["clock", "train3"])
    assert game.state.movement_deck[:2] == [15, 2]
    assert [e.rule for e in game.log[-3:]] == ["SF-RULING-24"] * 3
    again = SlowFreight.from_json(game.to_json())
    assert again.state_dict() == game.state_dict()
    game.apply("0:take 0 t1")
    with pytest.raises(IllegalAction, match="between turns"):
        game.scenario("face_up", cards=["tank", "tank", "coal"])
