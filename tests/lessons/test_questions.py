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
