"""The components' words in the catalog: every name, rules text and history note of the packaged
data files is marked (:mod:`freight_freedom.data_words`), translated into Spanish, and shown in
Spanish where a screen shows it (issue 36)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import freight_freedom
from freight_freedom.core.i18n import using
from freight_freedom.core.say import listing, say, shown
from freight_freedom.data_words import Where, data_messages
from freight_freedom.freedom.board import load_board
from freight_freedom.freedom.cards import load_cards
from freight_freedom.freedom.components import load_tokens
from freight_freedom.freedom.roles import load_roles
from freight_freedom.slowfreight.components import KIND_KEYS, KIND_NAMES, TYPE_NAMES
from freight_freedom.translations import TEMPLATE, read

PACKAGE = Path(freight_freedom.__file__).resolve().parent
WORDS = {text for text, _, _ in data_messages()}


def _shown_texts() -> Iterator[str]:
    """Every text of the packaged components a screen shows, as the code holds it."""
    from freight_freedom.freedom.drawing.labels import label_text

    for card in load_cards().cards:
        yield from (card.name, card.text, card.note)
        if not card.year.isdigit():
            yield card.year  # a decade, "1830s"
    board = load_board()
    for sid, space in board.spaces.items():
        yield from (space.name, space.state, space.note)
        yield re.sub(r"^\d+\. ", "", label_text(board, sid))  # the map's label, numberless
    for role in load_roles().values():
        yield from (role.name, role.history, role.special_text)
    yield from (p.name for p in load_tokens().periods)
    yield from KIND_NAMES
    yield from TYPE_NAMES


def test_every_text_the_components_show_is_in_the_template() -> None:
    template = {m.id for m in read(TEMPLATE) if m.id}
    shown_texts = set(_shown_texts())
    assert shown_texts - WORDS == set()
    assert WORDS - template == set(), "run freight-freedom translations extract"
    assert len(shown_texts) > 300  # 52 cards, 70 spaces, 6 roles, their notes


# Which string fields of the files are codes, not words (and which words no screen shows).
NOT_WORDS = {
    "cards.json": re.compile(r"\.(id|kind|timing|trigger|origin|destination|region)$"),
    "map.json": re.compile(r"^(format|name|title)$|\.(id|kind|region)$|^routes|^catchers"
                           r"|^plantations|^canada"),
    "roles.json": re.compile(r"^(format|note)$|\.(kind|origin|destination|phase)$"),
    "tokens.json": re.compile(r"^format$|\.(id|region)$"),
}


def _strings(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, f"{path}.{key}" if path else key)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, f"{path}[{i}]")


@pytest.mark.parametrize("name", sorted(NOT_WORDS))
def test_no_word_of_a_component_file_is_forgotten(name: str) -> None:
    """A text field added to a file is either listed or declared a code here."""
    data = json.loads((PACKAGE / "freedom" / "data" / name).read_text(encoding="utf-8"))
    left = {(path, text) for path, text in _strings(data)
            if not NOT_WORDS[name].search(path) and text not in WORDS}
    years = {(p, t) for p, t in left if p.endswith(".year") and t.isdigit()}
    assert left - years == set()


def test_the_words_are_listed_in_file_order_and_the_same_each_time() -> None:
    first, again = list(data_messages()), list(data_messages())
    assert first == again
    for _, where, comment in first:
        assert isinstance(where, Where) and comment
    by_file: dict[str, list[int]] = {}
    for _, where, _c in first:
        by_file.setdefault(where.file, []).append(where.line)
    assert all(lines == sorted(lines) for lines in by_file.values())


def test_every_location_points_at_its_text() -> None:
    root = PACKAGE.parent
    freight = dict(zip(KIND_NAMES, KIND_KEYS, strict=True)) | {TYPE_NAMES[3]: "mixed"}
    for text, where, _ in data_messages():
        file, line = where
        assert str(where) == f"{file}:{line}"
        path = root / file
        assert path.is_file() and path.suffix == ".json", where
        lines = path.read_text(encoding="utf-8").splitlines()
        assert 1 <= line <= len(lines), where
        here = lines[line - 1]
        if file.endswith("map_layout.json"):  # a label: "Washington<br>DC" is "Washington DC"
            assert all(word in here for word in text.split()), (text, where)
        elif file.startswith("freight_freedom/slowfreight/"):
            assert f'"{freight[text]}"' in here, (text, where)
        else:
            assert json.dumps(text, ensure_ascii=False) in here, (text, where)


def test_the_words_are_read_through_the_package(tmp_path: Path) -> None:
    """A copy of the package alone (no repository around it, as from a wheel) lists the same."""
    shutil.copytree(PACKAGE, tmp_path / "site" / "freight_freedom",
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = ("import json, freight_freedom\n"
            "from freight_freedom.data_words import data_messages\n"
            "print(json.dumps([freight_freedom.__file__,"
            " [[t, list(w), c] for t, w, c in data_messages()]]))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(tmp_path / "site")})
    where, found = json.loads(out.stdout)
    assert Path(where).resolve().is_relative_to(tmp_path)
    assert found == [[t, list(w), c] for t, w, c in data_messages()]


# The names a Spanish reader knows in Spanish; people's and most places' names stay.
SPANISH = {
    "Fugitive Slave Act": "Ley de Esclavos Fugitivos",
    "Uncle Tom's Cabin": "La cabaña del tío Tom",
    "Emancipation Proclamation": "Proclamación de Emancipación",
    "Thirteenth Amendment": "Decimotercera Enmienda",
    "Quakers": "Cuáqueros",
    "Ohio River": "Río Ohio",
    "New Orleans": "Nueva Orleans",
    "Philadelphia": "Filadelfia",
    "Louisiana Plantations": "Plantaciones de Luisiana",
    "Pennsylvania": "Pensilvania",
    "Station Master": "Jefe de Estación",
    "Preacher": "Predicador",
    "Period II": "Período II",
    "Extra Locomotive": "Locomotora extra",
}
KEPT = ("Harriet Tubman", "Frederick Douglass", "Boston", "Detroit", "Conductor", "Ohio")


def test_names_are_shown_in_spanish() -> None:
    with using("es"):
        assert {name: shown(name) for name in SPANISH} == SPANISH
        assert {name: shown(name) for name in KEPT} == {name: name for name in KEPT}
        assert str(listing(["New Orleans", "Philadelphia"])) == "Nueva Orleans y Filadelfia"
        words = say("{a}", a="Washington, D.C.")  # a name given as a fact of event words
        assert words.render() == "Washington D. C." and words.english() == "Washington, D.C."
    assert shown("Fugitive Slave Act") == "Fugitive Slave Act"  # English outside the block


def test_every_rules_text_and_history_note_is_translated() -> None:
    notes = [c.note for c in load_cards().cards] + [c.text for c in load_cards().cards]
    notes += [s.note for s in load_board().spaces.values()]
    notes += [r.history for r in load_roles().values()]
    notes += [r.special_text for r in load_roles().values()]
    with using("es"):
        untranslated = [text for text in notes if shown(text) == text]
        card = load_cards().by_id("fugitive_slave_act")
        spanish = shown(card.note)
    assert untranslated == []
    for fact in ("1850", "$10", "$5", "Compromiso de 1850", "Canadá"):
        assert fact in spanish


def test_a_lesson_shows_its_history_note_in_spanish() -> None:
    pytest.importorskip("ipywidgets")
    from freight_freedom import Freedom
    from freight_freedom.lessons.widget import history_note

    game = Freedom(players=2, seed=1)
    with using("es"):
        space = history_note(game, "new_orleans")
        card = history_note(game, "uncle_toms_cabin")
    assert space is not None and space[0] == "Nueva Orleans"
    assert space[1].startswith("El mayor mercado de personas esclavizadas de los Estados Unidos")
    assert card is not None and card[0] == "La cabaña del tío Tom"
    assert "1852" in card[1] and "Harriet Beecher Stowe" in card[1]
    assert history_note(game, "new_orleans") == ("New Orleans", load_board().space(
        "new_orleans").note)
