"""A teacher's component set: a folder of corrected files reaches the game (FR-COMP-1)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from freight_freedom import Freedom
from freight_freedom.core.errors import ComponentError, OptionError, SaveFileError
from freight_freedom.freedom.component_set import FILES, Components
from freight_freedom.freedom.context import context
from freight_freedom.freedom.prices import support_price

DATA = Path(__file__).resolve().parents[2] / "freight_freedom" / "freedom" / "data"


def _raw(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _write(folder: Path, name: str, data: Any) -> None:
    (folder / name).write_text(json.dumps(data, indent=1), encoding="utf-8")


@pytest.fixture
def dearer_support(tmp_path: Path) -> Path:
    """A folder holding only tokens.json, with Support $3 dearer than the packaged price."""
    tokens = _raw("tokens.json")
    tokens["support"]["price"] += 3
    _write(tmp_path, "tokens.json", tokens)
    return tmp_path


def test_fr_comp_1_packaged_set() -> None:
    comps = Components.packaged()
    assert comps is Components.packaged()
    assert comps.is_packaged and comps.changed == ()
    assert FILES == ("map.json", "tokens.json", "cards.json", "market.json", "victory.json",
                     "dice.json", "roles.json")
    assert Freedom(players=2, seed=1).components is comps
    assert Freedom(players=2, seed=1).components_digest is None


def test_fr_comp_1_a_corrected_price_reaches_the_game(dearer_support: Path) -> None:
    packaged = Components.packaged().tokens.support_price
    game = Freedom(players=2, seed=3, components=dearer_support)
    assert game.components.changed == ("tokens.json",)
    assert game.ctx.tokens.support_price == packaged + 3
    assert support_price(game.ctx, game.state) == packaged + 3
    # the other games and the shared packaged lookups are untouched
    assert context().tokens.support_price == packaged
    assert Freedom(players=2, seed=3).ctx.tokens.support_price == packaged
    # a Components object works as well as a folder, and copies keep the set
    comps = Components.load(dearer_support)
    again = Freedom(players=2, seed=3, components=comps)
    assert again.ctx is Freedom(players=2, seed=3, components=comps).ctx
    assert again.copy().ctx is again.ctx
    assert comps.digest == game.components.digest != Components.packaged().digest


def test_fr_comp_1_a_full_unchanged_copy_is_the_packaged_set(tmp_path: Path) -> None:
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    comps = Components.load(tmp_path)
    assert comps.is_packaged and comps.digest == Components.packaged().digest
    assert Freedom(players=2, seed=1, components=tmp_path).components_digest is None


def test_fr_comp_1_every_problem_of_every_file_in_one_error(tmp_path: Path) -> None:
    board = _raw("map.json")
    next(s for s in board["spaces"] if s["id"] == "ripley")["capacity"] = 2
    board["catchers"][0]["start"] = "boston"
    _write(tmp_path, "map.json", board)
    tokens = _raw("tokens.json")
    tokens["support"]["price"] = 0
    _write(tmp_path, "tokens.json", tokens)
    (tmp_path / "victory.json").write_text("{not json", encoding="utf-8")
    _write(tmp_path, "cards_fixed.json", {})
    with pytest.raises(ComponentError) as info:
        Freedom(players=2, components=tmp_path)
    got = {(p.source, p.where) for p in info.value.problems}
    assert ("tokens.json", "support.price") in got
    assert ("cards_fixed.json", "file") in got
    assert ("victory.json", "line 1") in got
    assert any(s == "map.json" and w.endswith(".capacity") for s, w in got)
    assert ("map.json", "catchers[0].start") in got
    assert len(str(info.value).splitlines()) == len(info.value.problems) >= 5
    assert isinstance(info.value, ValueError)


def test_fr_comp_1_files_must_agree_with_each_other(tmp_path: Path) -> None:
    dice = _raw("dice.json")
    dice["catcher_faces"][0] = "green"
    _write(tmp_path, "dice.json", dice)
    with pytest.raises(ComponentError) as info:
        Components.load(tmp_path)
    assert info.value.where == "catcher_faces" and info.value.source == "dice.json"


def test_fr_comp_1_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        Components.load(tmp_path / "nowhere")
    with pytest.raises(OptionError, match="components"):
        Freedom(players=2, components=42)  # type: ignore[arg-type]


def test_fr_comp_1_saves_record_the_set(dearer_support: Path) -> None:
    game = Freedom(players=2, seed=5, components=dearer_support)
    game.apply(game.legal_actions()[0])
    text = game.to_json()
    assert json.loads(text)["components"] == game.components.digest
    again = Freedom.from_json(text, components=dearer_support)
    assert again.state_dict() == game.state_dict()
    with pytest.raises(SaveFileError) as info:
        Freedom.from_json(text)
    assert info.value.field == "components"
    # a packaged game's save names no set (old saves load as before) and refuses another set
    plain = Freedom(players=2, seed=5)
    plain.apply(plain.legal_actions()[0])
    assert "components" not in json.loads(plain.to_json())
    with pytest.raises(SaveFileError) as info:
        Freedom.from_json(plain.to_json(), components=dearer_support)
    assert info.value.field == "components"
    # the set is never an option a file could smuggle a path through
    data = json.loads(plain.to_json())
    data["options"]["components"] = str(dearer_support)
    with pytest.raises(SaveFileError) as info:
        Freedom.from_json(json.dumps(data))
    assert info.value.field == "options.components"


def test_fr_comp_1_views_show_the_corrected_set(tmp_path: Path) -> None:
    victory = _raw("victory.json")
    victory["cards"][1]["regular"]["freed"] += 1
    _write(tmp_path, "victory.json", victory)
    game = Freedom(players=2, seed=2, components=tmp_path)
    vm = game.view_model()
    assert vm.freed_target == victory["cards"][1]["regular"]["freed"]
    assert vm.freed_target == Freedom(players=2, seed=2).view_model().freed_target + 1
    assert f"Freed 0/{vm.freed_target}" in game.figure().layout.title.text
