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
    assert any(p.source == "victory.json" and p.where == "file" and "line 1" in p.reason
               for p in info.value.problems)
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


# ---------------------------------------------------------------- the one bounded loader


@pytest.mark.parametrize("name, content, where, words", [
    ("map.json", b"[" * 100_000 + b"]" * 100_000, "file", "nested more than"),
    ("tokens.json", b'{"format": ' + b"9" * 5000 + b"}", "format", "too large"),
    ("victory.json", b"\xff\xfe{}", "file", "not UTF-8"),
    ("victory.json", b'{"cards": [{"players": 1, "regular": {"freed": 99, "freed": 8}}]}',
     "cards[0].regular", "given twice"),
    ("dice.json", b'{"catcher_faces": NaN}', "catcher_faces", "not JSON"),
    ("market.json", b'{"deck_size": 1e999}', "deck_size", "not a finite number"),
    ("roles.json", b" " * 5_000_001, "file", "larger than"),
])
def test_fr_comp_1_unbounded_files_are_component_errors_naming_file_and_field(
        tmp_path: Path, name: str, content: bytes, where: str, words: str) -> None:
    """The component loader has the save loader's bounds: every refusal is a ComponentError
    naming the file and (where there is one) the field, never a raw Python error."""
    (tmp_path / name).write_bytes(content)
    with pytest.raises(ComponentError) as info:
        Components.load(tmp_path)
    problem = next(p for p in info.value.problems if p.source == name)
    assert (problem.where, words in problem.reason) == (where, True), problem


def test_fr_comp_1_a_link_to_an_endless_device_stops_at_the_size_limit(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    (tmp_path / "map.json").symlink_to("/dev/zero")
    with pytest.raises(ComponentError) as info:
        Freedom(players=2, components=tmp_path)
    assert (info.value.source, info.value.where) == ("map.json", "file")
    assert "larger than" in info.value.reason


@pytest.mark.parametrize("name, path, value", [
    ("dice.json", ("movement_faces", 0, "spaces"), 1.0),
    ("tokens.json", ("support", "price"), 10.0),
    ("tokens.json", ("conductor", 0, "people"), True),
    ("cards.json", ("cards", 0, "period"), 1.0),
    ("market.json", ("cards", 0, "players", 0), 2.0),
    ("market.json", ("deck_size",), 8.0),
    ("victory.json", ("cards", 0, "players"), 1.0),
    ("map.json", ("spaces", 0, "money"), 0.0),
])
def test_fr_comp_1_a_whole_number_written_as_a_float_is_refused(
        tmp_path: Path, name: str, path: tuple[Any, ...], value: Any) -> None:
    """Whatever the checks accept plays: ``"spaces": 1.0`` passed JSON Schema's integer test
    and failed at the first roll of that face (a float indexing a tuple). Integer fields and
    integer enums/consts now refuse floats and booleans."""
    data = _raw(name)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    _write(tmp_path, name, data)
    with pytest.raises(ComponentError) as info:
        Components.load(tmp_path)
    wanted = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")
    assert any(p.source == name and p.where == wanted for p in info.value.problems), info.value


def test_fr_comp_1_what_the_dice_check_accepts_plays(tmp_path: Path) -> None:
    """Every movement face the schema allows (1 to 3 spaces) plays through whole games."""
    dice = _raw("dice.json")
    for i, face in enumerate(dice["movement_faces"]):
        face["spaces"] = 1 + i % 3
    _write(tmp_path, "dice.json", dice)
    comps = Components.load(tmp_path)
    from freight_freedom.freedom.bots import HeuristicBot

    for seed in range(3):
        game = Freedom(players=2, seed=seed, components=comps)
        bots = [HeuristicBot(), HeuristicBot()]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            game.apply(bots[seat].choose(game))
        assert game.outcome is not None


def test_fr_comp_1_a_copy_of_the_packaged_folder_loads_as_it_is(tmp_path: Path) -> None:
    """The documented workflow: copy the whole data folder (with its derived map_layout.json
    and schema_checked.json) and play the copy."""
    copy = tmp_path / "copy"
    shutil.copytree(DATA, copy)
    assert {"map_layout.json", "schema_checked.json"} <= {p.name for p in copy.iterdir()}
    comps = Components.load(copy)
    assert comps.is_packaged and comps.digest == Components.packaged().digest
    assert Freedom(players=2, seed=1, components=copy).components_digest is None


def test_fr_comp_1_export_writes_an_editable_copy_and_never_overwrites(tmp_path: Path) -> None:
    from freight_freedom.freedom.component_set import export

    target = tmp_path / "my_data"
    written = export(target)
    assert sorted(p.name for p in written) == sorted(FILES)
    assert Components.load(target).is_packaged
    tokens = _raw("tokens.json")
    tokens["support"]["price"] += 1
    _write(target, "tokens.json", tokens)
    with pytest.raises(FileExistsError, match="tokens.json"):
        export(target)
    assert Components.load(target).changed == ("tokens.json",)  # the edit survived
    export(target, overwrite=True)
    assert Components.load(target).is_packaged


def test_a_game_pickles_its_packaged_set_by_reference(dearer_support: Path) -> None:
    """A game sent to a worker process (the advisor's rollouts) carries a reference to the
    packaged set and its lookups, not their contents: a few kilobytes, the same game back."""
    import pickle

    game = Freedom(players=2, seed=3)
    data = pickle.dumps(game)
    assert len(data) < 20_000
    back = pickle.loads(data)
    assert back.ctx is game.ctx and back.components is Components.packaged()
    assert back.digest() == game.digest()
    # a teacher's set travels whole (by loky's pickler, as the advisor sends it)
    from joblib.externals.loky.backend.reduction import dumps

    custom = Freedom(players=2, seed=3, components=dearer_support)
    again = pickle.loads(dumps(custom))
    assert again.components.digest == custom.components.digest
    assert again.ctx.tokens.support_price == custom.ctx.tokens.support_price
    assert again.digest() == custom.digest()


def test_fr_comp_1_without_jsonschema_a_changed_file_is_refused_not_let_through(
        dearer_support: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser-only site has no jsonschema: the packaged set (checked when it was built)
    still plays, and a teacher's file is refused with the reason, never played unchecked."""
    import sys

    monkeypatch.setitem(sys.modules, "jsonschema", None)  # import jsonschema -> ImportError
    assert Freedom(players=2, seed=1).components is Components.packaged()
    with pytest.raises(ComponentError, match="needs jsonschema") as info:
        Components.load(dearer_support)
    assert (info.value.source, info.value.where) == ("tokens.json", "file")


def test_fr_comp_1_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / "cards.json")
    with pytest.raises(ComponentError) as info:
        Components.load(tmp_path)
    assert (info.value.source, info.value.where) == ("cards.json", "file")
    assert "named pipe" in info.value.reason
