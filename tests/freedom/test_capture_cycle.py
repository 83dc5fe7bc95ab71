"""The capture cycle across the phases of a round (FR-CATCH-4, FR-RULING-CAPTURE-CYCLE).

Captured people go onto the Slave Market cards bottom, middle, top, bottom...; the cycle starts
again at the bottom card when the Slave Market slides, and (rules ``freedom-2``) at the start of
every round, while ``freedom-1`` carried the position over into the next round.
"""

from __future__ import annotations

import pytest
from fr_helpers import end_turns_until, finish_planning, new_game, roll

from freight_freedom.freedom import phase_catcher
from freight_freedom.freedom.game import Freedom


def _market_people(g: Freedom) -> list[int]:
    return [c.people for c in g.state.market]


def _capture_in_catcher_phase(g: Freedom, count: int) -> list[int]:
    """The orange Slave Catcher steps onto ``count`` people at Chicago; returns the people each
    Slave Market card gained."""
    before = _market_people(g)
    g.scenario("place_people", space="chicago", count=count)
    g.scenario("place_catcher", colour="orange", space="battle_creek")
    roll(g, "orange", "west", 1)
    assert g.state.people["chicago"] == 0
    return [a - b for a, b in zip(_market_people(g), before, strict=True)]


@pytest.mark.parametrize("version", ["freedom-1", "freedom-2"])
def test_fr_ruling_capture_cycle_restarts_after_the_slave_market_slides(version: str) -> None:
    """FR-CATCH-4 and FR-RULING-CAPTURE-CYCLE: two people captured in the Slave Catcher phase go
    to the bottom and middle cards; the Slave Market phase slides the display, so the next
    round's first capture goes to the new bottom card (not the top one) in both rules
    versions."""
    g = new_game(2, rules_version=version)
    assert _capture_in_catcher_phase(g, 2) == [1, 1, 0]
    assert g.state.capture_cursor == 2  # the top card is next this round
    finish_planning(g)
    end_turns_until(g, "Slave Market")
    assert g.phase == "Slave Market"
    while g.phase != "Slave Catcher":
        g.apply(g.legal_actions()[0])
    assert g.round == 2
    assert _capture_in_catcher_phase(g, 1) == [1, 0, 0]


@pytest.mark.parametrize(("version", "cursor"), [("freedom-1", 1), ("freedom-2", 0)])
def test_fr_ruling_capture_cycle_new_round(version: str, cursor: int) -> None:
    """FR-RULING-CAPTURE-CYCLE: a new round's Slave Catcher phase starts the cycle at the bottom
    card in ``freedom-2``; ``freedom-1`` kept the position a Lantern-phase capture left."""
    g = new_game(2, rules_version=version)
    st = g.state
    st.capture_cursor = 1  # where a Lantern-phase capture would leave the cycle
    phase_catcher.start(g.ctx, st, [])
    assert st.capture_cursor == cursor
    # the next capture goes to the card the cycle points at
    assert _capture_in_catcher_phase(g, 1) == [1 - cursor, cursor, 0]
