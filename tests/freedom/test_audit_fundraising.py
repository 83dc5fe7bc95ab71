"""Audit: how much a southern Fundraising token raises, and the cities-only option.

The seed says "Raise $1 per slave in green Southern spaces"; our map draws the whole slave-state
region green, plantations included (FR-TOK-5), so in round 1 a token raises about $26. A player
report speaks of $8-12 per fundraising, which fits counting the southern cities only. Both readings
are playable, so the narrower one is the option ``fundraising_cities_only``
(FR-RULING-FUNDRAISING).
"""

from __future__ import annotations

import pytest
from fr_helpers import do, new_game, to_action

from freight_freedom.core.errors import OptionError


def test_fr_ruling_fundraising_default_counts_plantations() -> None:
    g = new_game(2)
    g.scenario("place_people", space="atlanta", count=1)
    to_action(g, {0: ["buy f1_south"]})
    text = " ".join(e.text for e in do(g, "0:play f1_south"))
    assert "27 people in the green southern spaces raise $27" in text, text


def test_fr_ruling_fundraising_cities_only_option_skips_plantations() -> None:
    g = new_game(2, fundraising_cities_only=True)
    g.scenario("place_people", space="atlanta", count=1)
    g.scenario("place_people", space="nashville", count=1)
    to_action(g, {0: ["buy f1_south"]})
    before = g.state.money[0]
    text = " ".join(e.text for e in do(g, "0:play f1_south"))
    assert g.state.money[0] == before + 2
    assert "2 people in the green southern cities raise $2" in text, text


def test_fr_ruling_fundraising_cities_only_option_applies_to_cards() -> None:
    from freight_freedom.freedom.context import context
    from freight_freedom.freedom.prices import region_people

    g = new_game(2, fundraising_cities_only=True)
    assert region_people(context(), g.state, "south") == 0
    g2 = new_game(2)
    assert region_people(context(), g2.state, "south") == 26


def test_fr_ruling_fundraising_option_must_be_a_bool() -> None:
    with pytest.raises(OptionError) as err:
        new_game(2, fundraising_cities_only="yes")
    assert "fundraising_cities_only" in str(err.value)
    assert "FR-RULING-FUNDRAISING" in str(err.value)


def test_fr_ruling_fundraising_option_survives_a_save() -> None:
    from freight_freedom.freedom.game import Freedom

    g = new_game(2, fundraising_cities_only=True)
    again = Freedom.from_json(g.to_json())
    assert again.state.options["fundraising_cities_only"] is True
