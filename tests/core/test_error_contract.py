"""The error contract: every bad input gets the project's own error naming the field or rule, and
the game is exactly as it was; nothing a caller holds can change a game (issue 12)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from toy_game import Toy

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core import (
    Action,
    ActionParseError,
    Game,
    IllegalAction,
    OptionError,
    SaveFileError,
    registry,
)


def _snapshot(game: Game[Any]) -> tuple[str, tuple[Any, ...], tuple[Any, ...], str]:
    return game.digest(), game.history, game.log, game.to_json()


def _freedom_in_planning() -> Freedom:
    game = Freedom(players=2, seed=1)
    game.apply("0:roll")
    return game


# ------------------------------------------------------------------ hand-built actions
@pytest.mark.parametrize("text", ["0:buy f1_south 2", "0:buy f1_south x", "0:buy", "0:buy 7",
                                  "0:buy c1_1x2 c1_1x2", "0:card", "0:move a"])
def test_a_well_formed_unknown_action_is_illegal_not_a_crash(text: str) -> None:
    """FR-PLAN-2: 'buy f1_south 2' used to raise KeyError while its refusal was explained."""
    game = _freedom_in_planning()
    before = _snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(text)
    assert err.value.rule.startswith("FR-")
    assert _snapshot(game) == before


def test_an_explanation_that_fails_still_gives_illegal_action(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _freedom_in_planning()

    def broken(state: object, action: Action) -> tuple[str, str]:
        raise KeyError("boom")

    monkeypatch.setattr(game, "_explain_illegal", broken)
    with pytest.raises(IllegalAction) as err:
        game.apply("0:buy nowhere")
    assert err.value.rule == "FR-PLAN-1"


def test_the_same_line_in_a_save_is_a_save_file_error() -> None:
    data = json.loads(_freedom_in_planning().to_json())
    data["history"].append("0:buy f1_south 2")
    with pytest.raises(SaveFileError) as err:
        Freedom.from_json(json.dumps(data))
    assert err.value.field == "history[1]"


@pytest.mark.parametrize("make", [
    lambda: Action(0, "add", (10**5000,)),
    lambda: Action(0, "add", (2**63,)),
    lambda: Action(0, "add", (-(2**63),)),
    lambda: Action(10**5000, "add"),
    lambda: Action.parse("0:add " + "9" * 5000),
    lambda: Action.parse("9" * 5000 + ":add"),
    lambda: Action.parse("0:add 9223372036854775808"),
    lambda: Action(0, "roll\n"),
    lambda: Action(0, "take", ("t3\n",)),
    lambda: Action.parse("0:roll\n\n") and Action(0, "roll\n"),
    lambda: Action(0, 10**5000),  # type: ignore[arg-type]
    lambda: Action(0, "add", ([10**5000],)),  # type: ignore[arg-type]
])
def test_actions_with_huge_numbers_or_trailing_newlines_are_refused(make: Any) -> None:
    with pytest.raises(ActionParseError) as err:
        make()
    assert len(str(err.value)) < 200


def test_actions_that_exist_always_print_and_parse_back() -> None:
    for action in (Action(0, "add", (2**63 - 1, -(2**63) + 1)), Action(2**63 - 1, "x")):
        assert Action.parse(str(action)) == action


# ------------------------------------------------------------------ save files
def _save_with(**fields: Any) -> str:
    game = Toy(seed=11)
    game.apply("0:add 1")
    data = json.loads(game.to_json())
    data.update(fields)
    return json.dumps(data)


@pytest.mark.parametrize("field, value", [
    ("format_version", True), ("format_version", 1.0), ("format_version", "1"),
    ("is_over", 0), ("is_over", None), ("is_over", "false"),
    ("seed", -1), ("seed", 2**63), ("seed", 11.0), ("seed", True),
    ("options", {"seed": 3}),
])
def test_save_fields_are_checked_exactly(field: str, value: Any) -> None:
    with pytest.raises(SaveFileError) as err:
        Toy.from_json(_save_with(**{field: value}))
    assert err.value.field in (field, f"{field}.seed")


def test_deep_nesting_and_huge_numbers_in_a_save_name_the_field() -> None:
    good = _save_with()
    deep = good.replace('"history": [', '"history": [' + "[" * 100_000 + "]" * 100_000 + ",")
    with pytest.raises(SaveFileError) as err:
        Toy.from_json(deep)
    assert err.value.field == "file" and "nested" in err.value.reason
    for value, field in (("9" * 5000, "seed"), ("1e999", "seed"), ("NaN", "seed"),
                         ("[" * 20 + "]" * 20, "seed"), ('{"target": ' + "7" * 5000 + "}",
                                                         "options.target")):
        with pytest.raises(SaveFileError) as err:
            Toy.from_json(good.replace('"seed": 11', '"seed": ' + value)
                          if field == "seed" else good.replace('"options": {', '"options": '
                                                              + value + ', "x": {'))
        assert err.value.field.startswith(field), (value[:20], err.value)
    with pytest.raises(SaveFileError) as err:
        Toy.from_json(_save_with().replace('"history": [', '"history": [' + "9" * 5000 + ","))
    assert err.value.field == "history[0]"
    with pytest.raises(SaveFileError) as err:
        Toy.from_json(_save_with().replace('"seed": 11', '"seed": 11, "seed": 12'))
    assert "twice" in err.value.reason


# ------------------------------------------------------------------ scenarios
@pytest.mark.parametrize("name, params", [
    ("set_money", {"seat": 1.0, "amount": 3}),
    ("set_money", {"seat": [1], "amount": 3}),
    ("set_money", {"seat": True, "amount": 3}),
    ("set_money", {"seat": 0, "amount": 10**5000}),
    ("set_money", {"seat": 0, "amount": 3.5}),
    ("set_money", {"seat": 0}),
    ("set_money", {"seat": 0, "amount": 1, "extra": 1}),
    ("place_people", {"space": ["x"], "count": 1}),
    ("place_people", {"space": {"a": 1}, "count": 1}),
    ("place_catcher", {"colour": 1, "space": "x"}),
    ("fix_roll", {"catcher": None, "direction": "east", "spaces": 1}),
    ("stack_queue", {"cards": "abc"}),
    ("stack_queue", {"cards": [1, 2]}),
    ("stack_queue", {"cards": {1, 2}}),
    ("stack_period_deck", {"period": 1.0, "cards": []}),
    ("no_such", {}),
])
def test_freedom_scenario_parameters_of_the_wrong_type_are_illegal(
        name: str, params: dict[str, Any]) -> None:
    game = _freedom_in_planning()
    before = _snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.scenario(name, **params)
    assert err.value.rule == "SCENARIO"
    assert _snapshot(game) == before


@pytest.mark.parametrize("params", [{"cards": [1]}, {"cards": "auto"}, {"cards": [object()]},
                                    {"cards": [[[["x"]]]]}, {"cards": ["auto"], "x": 1}])
def test_slow_freight_scenario_parameters_are_checked(params: dict[str, Any]) -> None:
    game = SlowFreight(players=3, seed=2)
    before = _snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.scenario("stack_freight", **params)
    assert err.value.rule == "SF-RULING-24"
    assert _snapshot(game) == before


def test_a_list_the_caller_keeps_cannot_rewrite_a_scenario_in_the_history() -> None:
    game = SlowFreight(players=3, seed=2)
    cards = ["coal"]
    game.scenario("stack_freight", cards=cards)
    saved = game.to_json()
    cards.append("tank")
    assert game.to_json() == saved
    assert SlowFreight.from_json(saved).digest() == game.digest()


# ------------------------------------------------------------------ what a caller holds
def test_options_log_and_copies_cannot_be_changed_from_outside() -> None:
    game = Freedom(players=2, seed=1, roles=["Conductor", "Preacher"])
    game.apply("0:roll")
    other = game.copy()
    before = _snapshot(game)
    opts = game.options
    with pytest.raises((TypeError, AttributeError)):
        opts["roles"].reverse()  # a tuple: no reverse
    with pytest.raises(TypeError):
        opts["players"] = 3  # type: ignore[index]
    with pytest.raises(TypeError):
        game.log[0].data["roles"] = ["x"]
    with pytest.raises((TypeError, AttributeError)):
        game.log[0].data["roles"].reverse()
    assert isinstance(game.log[0].data["roles"], tuple)
    assert _snapshot(game) == before
    assert Freedom.from_json(game.to_json()).digest() == game.digest()
    game.undo()
    assert other.digest() == Freedom.from_json(other.to_json()).digest()
    assert game.state.roles is not game.log[0].data["roles"]


def test_an_option_list_the_caller_keeps_cannot_change_the_game() -> None:
    roles = ["Conductor", "Preacher"]
    game = Freedom(players=2, seed=1, roles=roles)
    roles.reverse()
    assert game.options["roles"] == ("Conductor", "Preacher")
    assert game.state.roles == ["Conductor", "Preacher"]


def test_event_data_is_a_frozen_copy_that_still_reads_as_json() -> None:
    game = Freedom(players=2, seed=1, roles=["Conductor", "Preacher"])
    game.state.roles.reverse()  # even the live state cannot reach into the log
    assert game.log[0].data["roles"] == ("Conductor", "Preacher")
    assert json.loads(json.dumps(game.log[0].to_dict()))["data"]["roles"] == [
        "Conductor", "Preacher"]
    assert game.log[0].to_dict()["data"] == {"roles": ["Conductor", "Preacher"],
                                             "money": game.log[0].data["money"]}


# ------------------------------------------------------------------ atomic undo and redo
def _played(steps: int) -> Freedom:
    from freight_freedom.core.bot import RandomBot

    game = Freedom(players=2, seed=3)
    bot = RandomBot(seed=4)
    for _ in range(steps):
        game.apply(bot.choose(game))
    return game


@pytest.mark.parametrize("exc", [KeyboardInterrupt, RuntimeError])
@pytest.mark.parametrize("how", ["undo", "redo"])
def test_an_interrupted_undo_or_redo_leaves_the_game_as_it_was(
        monkeypatch: pytest.MonkeyPatch, exc: type[BaseException], how: str) -> None:
    game = _played(40)
    if how == "redo":
        game.undo()
        game.undo()
    before = (*_snapshot(game), game.can_redo, game.can_undo)
    calls = {"n": 0}
    real = type(game)._apply

    def interrupted(self: Freedom, state: Any, action: Action) -> Any:
        calls["n"] += 1
        events = real(self, state, action)  # the step's changes are made, then it stops
        if calls["n"] == (19 if how == "undo" else 1):
            raise exc("interrupted")
        return events

    monkeypatch.setattr(type(game), "_apply", interrupted)
    with pytest.raises(exc):
        game.undo() if how == "undo" else game.redo()
    monkeypatch.undo()
    assert len(game.history) == len(before[1])
    assert (*_snapshot(game), game.can_redo, game.can_undo) == before


# ------------------------------------------------------------------ found by the fuzz test
@pytest.mark.parametrize("cls, option", [(Freedom, "players"), (Freedom, "difficulty"),
                                         (Freedom, "easier_money"), (Freedom, "roles"),
                                         (SlowFreight, "players"), (SlowFreight, "first_player"),
                                         (SlowFreight, "track_supply")])
def test_an_option_holding_a_huge_integer_is_an_option_error(cls: Any, option: str) -> None:
    """The message used to fail while being built (repr of a 5000-digit integer)."""
    for value in (10**5000, [10**5000]):
        with pytest.raises(OptionError) as err:
            cls(seed=1, **{option: value})
        assert err.value.option == option and len(str(err.value)) < 300


@pytest.mark.parametrize("cls", [e.game_class() for e in registry.GAMES.values()],
                         ids=registry.names())
def test_views_and_is_legal_refuse_bad_seats_with_project_errors(cls: Any) -> None:
    game = cls(seed=1)
    for seat in (1.5, "0", -1, 10**5000, None, True):
        with pytest.raises(IllegalAction):
            game.observation(seat)
        with pytest.raises(IllegalAction):
            game.determinized(seat, 1)
    with pytest.raises(OptionError):
        game.determinized(0, "x")
    for thing in ([1], {}, None, "0:roll", 10**5000):
        assert game.is_legal(thing) is False


def test_repr_shows_frozen_options_in_words() -> None:
    game = Freedom(players=2, seed=1, roles=["Conductor", "Preacher"])
    assert "Player 1 Conductor, Player 2 Preacher" in repr(game)
    assert "FrozenDict" not in repr(game) and "(" + "'" not in repr(game)


@pytest.mark.parametrize("cls, scenario", [(Freedom, "fix_roll"), (SlowFreight, "face_up")])
@pytest.mark.parametrize("param", ["name", "self"])
def test_scenario_parameters_called_name_or_self_are_refused_by_name(
        cls: Any, scenario: str, param: str) -> None:
    """A saved scenario whose params say ``name``/``self`` is a SaveFileError naming the step
    (rule SCENARIO / SF-RULING-24), as is the same call from Python: never a TypeError."""
    game = cls(players=2, seed=4)
    before = game.to_json()
    with pytest.raises(IllegalAction, match=param):
        game.scenario(scenario, **{param: 1})
    assert game.to_json() == before
    data = json.loads(before)
    data["history"] = [{"scenario": scenario, "params": {param: 1}}]
    with pytest.raises(SaveFileError) as info:
        cls.from_json(json.dumps(data))
    assert info.value.field == "history[0]" and param in info.value.reason
