"""Forgiving answer matching and the question kinds."""

from __future__ import annotations

import pytest

from freight_freedom.lessons import Choice, FreeText, MapClick, normalise


@pytest.mark.parametrize(("given", "expected"), [
    ("  Cincinnati, Ohio! ", "cincinnati ohio"),
    ("CINCINNATI", "cincinnati"),
    ("Three", "3"),
    ("3 people", "3"),
    ("Québec", "quebec"),
    ("$4", "4"),
    ("the Black   Belt", "black belt"),
    ("2 each", "2"),
])
def test_normalise(given: str, expected: str) -> None:
    assert normalise(given) == expected


def test_free_text_synonyms_and_numbers() -> None:
    q = FreeText("How many?", why="w", hint="h", rules=("FR-X-1",), accept=("3",))
    assert q.grade("three").ok and q.grade(" 3 ").ok and q.grade("3 people").ok
    assert not q.grade("4").ok
    assert q.grade(None).text == "Give an answer first."


def test_choice_by_index_or_text() -> None:
    q = Choice("Which?", why="w", hint="h", options=("An Auto Carrier", "A Tank"), key=1)
    assert q.grade(1).ok and q.grade("a tank").ok and q.grade("Tank").ok
    assert not q.grade(0).ok and not q.grade(True).ok


def test_map_click_by_id_or_name() -> None:
    q = MapClick("Where?", why="w", hint="h", spaces=("washington_dc",),
                 accept=("Washington, D.C.", "Washington"))
    assert q.grade("washington_dc").ok
    assert q.grade("washington d.c.").ok and q.grade("WASHINGTON").ok
    assert not q.grade("baltimore").ok
    assert q.key_text() == "Washington, D.C. / Washington"


@pytest.mark.parametrize(("given", "expected"), [
    ("5+3", "5 + 3"), (" 5 +3 ", "5 + 3"), ("five plus three", "5 + 3"),
    ("5 - 3", "5 - 3"), ("5\u22123", "5 - 3"), ("5*3", "5 * 3"), ("5\u00d73", "5 * 3"),
    ("-3", "- 3"), ("minus three", "- 3"), ("2.5", "2.5"),
    ("Station-Master", "station master"),
])
def test_normalise_keeps_signs_and_operators(given: str, expected: str) -> None:
    assert normalise(given) == expected


def test_signs_and_operators_are_never_forgiven() -> None:
    """The key ``5 + 3`` (SF-XLOCO-5's lesson question): ``5 - 3``, ``5*3`` are wrong; ``-3``
    is wrong for ``3``; case and spaces are forgiven."""
    total = FreeText("Points?", why="w", hint="h", rules=("SF-XLOCO-5",),
                     accept=("8", "eight", "5 + 3", "5+3"))
    for right in ("8", "Eight", "5+3", " 5 +  3", "five plus three"):
        assert total.grade(right).ok, right
    for wrong in ("5 - 3", "5-3", "5*3", "5 x 3", "5/3", "-8", "+8", "53", "35", "3 + 5 + 0"):
        graded = total.grade(wrong)
        assert not graded.ok and graded.text.startswith("Not quite"), wrong
    three = FreeText("How many?", why="w", hint="h", accept=("3",))
    assert three.grade("3").ok
    assert not three.grade("-3").ok and not three.grade("minus three").ok


def test_a_misspelled_name_is_forgiven_with_a_spelling_note() -> None:
    """Typed names forgive a slip of spelling with a "check the spelling" reply, never wrong
    content: another place, a number or a word too far from the key is still "Not quite"."""
    where = MapClick("Where?", why="w", hint="h", spaces=("cincinnati",),
                     accept=("Cincinnati", "Cincinnati, Ohio"))
    for slip, shown in (("cincinati", "Cincinnati"), ("Cincinnatti", "Cincinnati"),
                        ("cincinnait", "Cincinnati"), ("Cincinati, Ohoi", "Cincinnati, Ohio")):
        graded = where.grade(slip)
        assert graded.ok and f"check the spelling: {shown}" in graded.text, slip
    for wrong in ("Columbus", "Chicago", "cinc", "incinnati", "Cincinnati, Iowa", "Cleveland"):
        assert where.grade(wrong).text.startswith("Not quite"), wrong
    state = FreeText("Which state?", why="w", hint="h", accept=("Ohio",))
    assert not state.grade("Iowa").ok  # one letter from nothing: a different answer
    number = FreeText("How many?", why="w", hint="h", accept=("13",))
    assert not number.grade("31").ok and not number.grade("12").ok
    assert where.grade("Cincinnati").text.startswith("Right. ")
