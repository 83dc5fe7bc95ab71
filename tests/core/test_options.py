"""Declared options: one parse_options checks every kind with errors naming option and rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from freight_freedom.core import registry
from freight_freedom.core.errors import OptionError
from freight_freedom.core.options import Option, option_named, parse_options

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"

SPEC = (
    Option("players", "int", 2, lo=1, hi=4, rule="R-PLAYERS"),
    Option("level", "choice", "easy", choices=("easy", "hard"), rule="R-LEVEL"),
    Option("fast", "bool", False, rule="R-FAST"),
    Option("first", "seat", 0, choices=("random",), hi=4, rule="R-FIRST"),
    Option("supply", "int", 40, lo=9, hi=100, none_means="unlimited", rule="R-SUPPLY"),
    Option("roles", "per_seat", None, choices=("Guard", "Scout", "Smith Master"), label="role",
           rule="R-ROLES", choice_rule="R-ROLE", distinct=True),
    Option("late", "choice", "no", choices=("no", "yes"), omit_default=True, rule="R-LATE"),
)


def test_defaults_fill_in_and_the_order_is_the_spec_order() -> None:
    assert parse_options(SPEC, {}) == {"players": 2, "level": "easy", "fast": False,
                                       "first": 0, "supply": 40, "roles": None}
    assert list(parse_options(SPEC, {"late": "yes"})) == [
        "players", "level", "fast", "first", "supply", "roles", "late"]


def test_good_values_of_every_kind() -> None:
    got = parse_options(SPEC, {"players": 3, "level": "hard", "fast": True, "first": "random",
                               "supply": None, "roles": ["guard", "smith_master", "Scout"]})
    assert got["roles"] == ["Guard", "Smith Master", "Scout"]  # case and _ do not matter
    assert got["supply"] is None and got["first"] == "random" and got["fast"] is True
    assert parse_options(SPEC, {"players": 3, "first": 2})["first"] == 2


def test_the_given_mapping_is_not_changed() -> None:
    given = {"players": 3}
    parse_options(SPEC, given)
    assert given == {"players": 3}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"players": 0}, "option 'players': must be an integer from 1 to 4, not 0 "
                         "[rule R-PLAYERS]"),
        ({"players": True}, "option 'players': must be an integer from 1 to 4, not True "
                            "[rule R-PLAYERS]"),
        ({"players": "2"}, "option 'players': must be an integer from 1 to 4, not '2' "
                           "[rule R-PLAYERS]"),
        ({"level": "medium"}, "option 'level': must be one of ['easy', 'hard'], not 'medium' "
                              "[rule R-LEVEL]"),
        ({"level": ["easy"]}, "option 'level': must be one of ['easy', 'hard'], not ['easy'] "
                              "[rule R-LEVEL]"),
        ({"fast": 1}, "option 'fast': must be true or false, not 1 [rule R-FAST]"),
        ({"first": 2}, "option 'first': must be a seat from 0 to 1 or 'random', not 2 "
                       "[rule R-FIRST]"),
        ({"first": "last"}, "option 'first': must be a seat from 0 to 1 or 'random', not 'last' "
                            "[rule R-FIRST]"),
        ({"supply": 8}, "option 'supply': must be an integer from 9 to 100 or None (unlimited), "
                        "not 8 [rule R-SUPPLY]"),
        ({"roles": "Guard"}, "option 'roles': must be a list of role names or None "
                             "[rule R-ROLES]"),
        ({"roles": ["Guard", "Wizard"]}, "option 'roles': unknown role 'Wizard'; the roles are "
                                         "['Guard', 'Scout', 'Smith Master'] [rule R-ROLE]"),
        ({"roles": ["Guard"]}, "option 'roles': needs one role per player (2), not 1 "
                               "[rule R-ROLES]"),
        ({"roles": ["Guard", "guard"]}, "option 'roles': each player needs a different role "
                                        "[rule R-ROLE]"),
        ({"colour": "red"}, "option 'colour': unknown option; known options are "
                            "['fast', 'first', 'late', 'level', 'players', 'roles', 'supply']"),
    ],
)
def test_bad_values_name_the_option_and_the_rule(given: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError) as info:
        parse_options(SPEC, given)
    assert str(info.value) == message


def test_a_bool_is_not_taken_for_a_choice() -> None:
    with pytest.raises(OptionError, match="must be one of"):
        parse_options(SPEC, {"level": True})


def test_a_spec_is_checked_when_declared_and_found_by_name() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        Option("x", "colour")  # type: ignore[arg-type]
    assert option_named(SPEC, "fast").rule == "R-FAST"
    assert option_named(SPEC, "roles").title == "role"
    assert option_named(SPEC, "fast").title == "fast"
    with pytest.raises(KeyError):
        option_named(SPEC, "nope")


@pytest.mark.parametrize("game", registry.names())
def test_every_declared_option_has_help_a_rule_and_a_valid_default(game: str) -> None:
    from freight_freedom.core.registry import game_entry

    entry = game_entry(game)
    spec = entry.option_spec()
    rules = " ".join(p.read_text() for p in RULES.glob("*.md"))
    for option in spec:
        assert option.help and option.rule, option.name
        assert option.rule in rules, f"{option.rule} is not in docs/rules"
        for rule in filter(None, [option.choice_rule]):
            assert rule in rules
    assert entry.game_class()(seed=1).options == parse_options(spec, {})
