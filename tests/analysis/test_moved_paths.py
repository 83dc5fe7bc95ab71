"""Names that moved into Freedom's own package still import from their old shared paths, with a
DeprecationWarning naming the new one (notebooks written before the move keep running)."""

from __future__ import annotations

import importlib
import sys

import pytest

from freight_freedom.freedom import market_bots, records


def test_loss_conditions_at_the_old_path_warn_and_are_the_same() -> None:
    from freight_freedom.analysis import records as old

    with pytest.warns(DeprecationWarning, match="freight_freedom.freedom.records"):
        assert old.LOSS_TRACK == records.LOSS_TRACK
    with pytest.raises(AttributeError):
        old.NO_SUCH_NAME  # noqa: B018 - the attribute access is the test


def test_market_bots_at_the_old_path_warn_and_are_the_same() -> None:
    sys.modules.pop("freight_freedom.analysis.market_bots", None)
    with pytest.warns(DeprecationWarning, match="freight_freedom.freedom.market_bots"):
        old = importlib.import_module("freight_freedom.analysis.market_bots")
    assert old.market_choices is market_bots.market_choices
