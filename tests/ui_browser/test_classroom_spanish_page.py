"""A student's classroom page opened with ``?lang=es`` in a real browser (``freight-freedom
classroom`` serving it with Voila): the join form, the greeting, the lesson's step and the
page's heading are in Spanish, none of the classroom's English sentences shows, and the page's
language menu turns it to English at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server, classroom_server, new_page
from uihelp import budget_ms, wait_until

from freight_freedom.classroom import Classroom

pytestmark = pytest.mark.ui

CATALOG = (Path(__file__).resolve().parents[2] / "freight_freedom" / "locale" / "es"
           / "LC_MESSAGES" / "freight_freedom.po")
VISIBLE_TEXT_JS = "() => document.body.innerText"
HEADING_JS = "() => (document.querySelector('h1') || {innerText: ''}).innerText.trim()"


def english_markers() -> list[str]:
    """The classroom's own English sentences that read otherwise in Spanish (three words or
    more, no placeholder)."""
    from babel.messages.pofile import read_po

    with CATALOG.open("rb") as handle:
        catalog = read_po(handle)
    return [m.id for m in catalog if isinstance(m.id, str) and m.id and "{" not in m.id
            and any("classroom" in where for where, _line in m.locations)
            and len(m.id.split()) >= 3 and m.string and m.string != m.id]


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Classroom]]:
    home = tmp_path_factory.mktemp("classroom-spanish")
    with classroom_server("classroom-spanish", home) as started:
        yield started


def test_a_student_page_opened_with_lang_es_is_in_spanish(
        browser: Any, classroom: tuple[Server, Classroom]) -> None:
    server, room = classroom
    room.lesson.start("freedom")
    bp = new_page(browser, "class-spanish", {"width": 1366, "height": 768})
    page = bp.page
    page.goto(f"{server.url}/voila/render/student.ipynb?code={room.code}&lang=es",
              timeout=budget_ms(90_000))
    page.locator(".ff-student-join").filter(has_text="Unirme").wait_for(
        timeout=budget_ms(90_000))
    wait_until(lambda: page.evaluate(HEADING_JS) == "Aula: únete a la clase", 30,
               "the heading in Spanish")
    text = str(page.evaluate(VISIBLE_TEXT_JS))
    assert "Únete a la clase" in text and "La computadora de tu docente" in text, text
    page.locator(".ff-student-name input").fill("Ana")
    page.locator(".ff-student-join").click()
    page.locator(".ff-student-hello").filter(has_text="Hola, Ana").wait_for()
    page.locator(".ff-student-slide").filter(has_text="paso 1 de").wait_for()
    wait_until(lambda: page.evaluate(HEADING_JS).startswith(f"Clase {room.code} · "), 30,
               "the class's heading in Spanish")
    text = str(page.evaluate(VISIBLE_TEXT_JS))
    assert "Tu mesa de juego" in text, text
    shown = [marker for marker in english_markers() if marker in text]
    assert not shown, shown
    bp.screenshot("student-page-in-spanish")
    # her menu: English at once
    page.locator(".ff-student-language select").select_option(label="English")
    page.locator(".ff-student-slide").filter(has_text="step 1 of").wait_for()
    page.locator(".ff-student-hello").filter(has_text="Hi Ana").wait_for()
    assert not bp.js_errors(), bp.js_errors()
    page.context.close()
