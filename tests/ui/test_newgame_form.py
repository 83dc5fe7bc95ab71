"""The New game form is drawn from each game's declared options (no browser needed)."""

from __future__ import annotations

import ipywidgets as widgets
from conftest import Race

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.registry import find
from freight_freedom.ui.display import app_for
from freight_freedom.ui.newgame import form_specs


def test_the_form_has_one_field_per_declared_option_with_its_label() -> None:
    for game in (Freedom(players=2, seed=1), SlowFreight(players=2, seed=1)):
        entry = find(game)
        assert entry is not None
        declared = [o for o in entry.option_spec() if o.in_form]
        form = app_for(game).newgame
        assert list(form.fields) == [o.name for o in declared]
        for option in declared:
            field = form.fields[option.name]
            if option.kind == "per_seat":
                assert [d.description for d in field.dropdowns] == [
                    f"Player {n} {option.title}" for n in range(1, option.hi + 1)]
            else:
                assert field.description == option.title


def test_the_fields_have_the_kinds_and_choices_they_had() -> None:
    form = app_for(SlowFreight(players=2, seed=1)).newgame
    assert isinstance(form.fields["players"], widgets.BoundedIntText)
    assert (form.fields["players"].min, form.fields["players"].max) == (2, 4)
    assert form.fields["movement_table"].description == "movement"
    assert list(form.fields["first_player"].options) == [0, 1, 2, 3, "random"]
    assert list(form.fields["train_check"].options) == ["each_card", "end_of_turn"]
    assert "track_supply" not in form.fields  # None (unlimited) has no place in a number box
    freedom = app_for(Freedom(players=2, seed=1)).newgame
    assert isinstance(freedom.fields["easier_money"], widgets.Checkbox)
    assert freedom.fields["easier_money"].description == "start with $10"
    assert freedom.fields["roles"].dropdowns[0].options[0] == "random"
    assert freedom.values()["difficulty"] == "regular" and "roles" not in freedom.values()


def test_a_game_outside_the_registry_gets_a_form_from_its_options() -> None:
    race = Race(players=2, seed=3)
    assert [o.name for o in form_specs(race)] == ["players"]
    assert list(app_for(race).newgame.fields) == ["players"]
