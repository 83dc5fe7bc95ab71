"""Saves of earlier rules versions keep loading, replayed under the rules they were played with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from freight_freedom import Freedom, SlowFreight

LEGACY = Path(__file__).parents[1] / "legacy_saves"
FILES = sorted(LEGACY.glob("*.json"))


def test_the_legacy_fixtures_are_there() -> None:
    names = {p.name for p in FILES}
    assert len(names) == 7
    assert {"freedom1_lantern_capture_seed90.json", "freedom1_through_canada_seed70.json"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_save_replays_to_its_digest_under_its_own_rules_version(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    cls = Freedom if data["game"] == Freedom.name else SlowFreight
    assert data["rules_version"] in {"freedom-1", "sf-1"}
    game = cls.from_json(text)
    assert game.rules_version == data["rules_version"]
    assert game.digest() == data["digest"]
    assert game.to_json() == text  # saved again, it is the same file (same version, same digest)
    again = cls.from_json(game.to_json())
    assert again.digest() == data["digest"]


def test_new_games_play_the_current_rules_version_and_old_ones_on_request() -> None:
    from freight_freedom.core.errors import OptionError

    assert Freedom(players=2, seed=1).rules_version == Freedom.rules_version == "freedom-2"
    assert SlowFreight(players=2, seed=1).rules_version == SlowFreight.rules_version == "sf-2"
    old = SlowFreight(players=2, seed=1, rules_version="sf-1")
    assert old.rules_version == "sf-1" and old.copy().rules_version == "sf-1"
    assert '"rules_version": "sf-1"' in old.to_json()
    assert old.digest() != SlowFreight(players=2, seed=1).digest()  # other seeding, other game
    for bad in ("sf-9", 2, ["sf-1"]):
        with pytest.raises(OptionError) as err:
            SlowFreight(players=2, rules_version=bad)
        assert err.value.option == "rules_version"
