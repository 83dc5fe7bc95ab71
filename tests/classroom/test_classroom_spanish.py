"""The classroom's pages in Spanish (no browser): each student reads their own page in the
language they choose (a class can mix them, in one kernel process), the choice is kept for their
next visit, the projector follows the language the teacher chooses for the class (``?lang=``
overrides it), and a ``?lang=`` without a catalog is said in the page, which works on in
English. English pages are unchanged (the other classroom tests)."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from freight_freedom.classroom import Classroom
from freight_freedom.classroom.pages import ProjectorPage, StudentPage, student_page
from freight_freedom.classroom.pages.student import homework_note
from freight_freedom.classroom.remote import link_of
from freight_freedom.classroom.runs import when
from freight_freedom.core import i18n

from .test_pages import CHOICE_STEP, FREE_TEXT_STEP, teacher, tree

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "freight_freedom" / "locale" / "es" / "LC_MESSAGES" / "freight_freedom.po"

i18n.language()  # the process's default is read now (English), not from a test's ?lang=


def page_text(widget: Any) -> str:
    """Every synced value of a page's widgets, as the browser receives them (its accents as
    they are)."""
    states = []
    for w in tree(widget):
        state = w.get_state()
        for key in ("layout", "style", "_esm", "_css"):
            state.pop(key, None)
        states.append(json.dumps(state, default=str, ensure_ascii=False))
    return "\n".join(states)


def _english_markers() -> list[str]:
    """The catalog's English sentences that differ in Spanish (three words or more, no
    placeholder): none may show on a Spanish page."""
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle)
    out: list[str] = []
    for message in catalog:
        if not isinstance(message.id, str) or not message.id or "{" in message.id:
            continue
        if not any("classroom" in where for where, _line in message.locations):
            continue
        if len(message.id.split()) >= 3 and message.string and message.string != message.id:
            out.append(message.id)
    assert len(out) > 20, "the catalog's entries"
    return out


MARKERS = _english_markers()


def english_in(text: str) -> list[str]:
    return [marker for marker in MARKERS if marker in text]


def student(db: tuple[str, str, str], name: str, lang: str | None = None) -> StudentPage:
    page = StudentPage(db[0], live=False, lang=lang)
    page.code.value = db[1]
    page.name.value = name
    page.join_button.click()
    assert page.me is not None and page.me.name == name, page.join_message.value
    return page


def test_a_spanish_student_page_is_in_spanish_from_the_join_form_on(
        db: tuple[str, str, str]) -> None:
    page = StudentPage(db[0], live=False, lang="es")
    text = page_text(page.widget)
    assert "Únete a la clase" in text and "Unirme" in text and "Código" in text
    assert "La computadora de tu docente guarda" in text
    assert page.heading.text == "Aula: únete a la clase"
    assert page.language_menu.value == "es" and not english_in(text), english_in(text)
    # a refusal is in Spanish too (the join form's own box)
    page.name.value = ""
    page.code.value = db[1]
    page.join_button.click()
    assert "escribe tu nombre" in page.join_message.value, page.join_message.value
    page.name.value = "Ana"
    page.join_button.click()
    assert page.me is not None
    text = page_text(page.widget)
    assert "Hola, <b>Ana</b> &middot; clase" in page.hello.value
    assert "Espera a que tu docente empiece la lección." in page.slide_view.value
    assert "Tu mesa de juego" in text and "Todavía no hay ningún asiento libre" in text
    assert page.heading.text == f"Clase {db[1]}: esperando la lección"
    assert not english_in(text), english_in(text)


def test_a_class_mixes_an_english_and_a_spanish_student(db: tuple[str, str, str]) -> None:
    """Two pages of one process, each in its own language: the lesson, its question, the
    refusals, the seats and the table's app."""
    t = teacher(db)
    ana, ben = student(db, "Ana", "es"), student(db, "Ben")
    t.start()
    t.go(CHOICE_STEP)
    table = t.teacher.new_table("freedom", players=2, seed=3)
    # the pages' threads step together: each draws in its own language
    threads = [threading.Thread(target=page.live.step) for page in (ana, ben)  # type: ignore[union-attr]
               for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    ana.refresh(force=True)
    ben.refresh(force=True)
    assert f"paso {CHOICE_STEP + 1} de" in ana.slide_view.value
    assert "<b>Pregunta.</b>" in ana.slide_view.value
    assert f"step {CHOICE_STEP + 1} of" in ben.slide_view.value
    assert "<b>Question.</b>" in ben.slide_view.value and "Pregunta" not in ben.slide_view.value
    assert ana.answer_button.description == "Responder"
    assert ben.answer_button.description == "Answer"
    ana.answer_button.click()
    ben.answer_button.click()
    assert "primero elige una de las respuestas" in ana.errors.text
    assert "choose one of the answers first" in ben.errors.text
    assert [label for label, _v in ana.seat_pick.options][0].startswith(f"Mesa {table.code} (")
    assert [label for label, _v in ben.seat_pick.options][0].startswith(f"Table {table.code} (")
    assert ana.take_seat((table.code, 0)) == 0 and ben.take_seat((table.code, 0)) == -1
    assert f"Ana tiene al Jugador 1 de la mesa {table.code}" not in ben.seat_message.value
    assert f"Ana holds Player 1 at table {table.code}" in ben.seat_message.value
    assert ben.take_seat((table.code, 1)) == 1
    ana_app, ben_app = ana.play_area.children[0], ben.play_area.children[0]
    assert ana_app.lang == "es" and ben_app.lang is None
    assert f"Juegas como Jugador 1 en la mesa {table.code}" in ana_app.table_note.value
    assert f"You play Player 2 at table {table.code}" in ben_app.table_note.value
    assert f"mesa {table.code}" in ana_app.title.value
    assert f"table {table.code}" in ben_app.title.value
    # Ben tries to move for Ana's seat: refused in his words; Ana's page stays Spanish
    with pytest.raises(ValueError, match="you play Player 2"):
        link_of(ben_app).play(ana_app.game.legal_actions()[0])
    for page in (ana, ben):
        link_of(page.play_area.children[0]).stop()
    text = page_text(ana.widget)
    assert not english_in(text), english_in(text)
    ben_text = page_text(ben.widget)
    assert "Take this seat" in ben_text and "Ocupar este asiento" not in ben_text


def test_the_students_menu_changes_the_page_and_is_kept_for_the_next_visit(
        db: tuple[str, str, str]) -> None:
    t = teacher(db)
    t.start()
    t.go(FREE_TEXT_STEP)
    ana = student(db, "Ana")
    assert ana.answer_button.description == "Answer"
    ana.language_menu.value = "es"  # her choice
    assert ana.lang == "es" and ana.answer_button.description == "Responder"
    assert f"paso {FREE_TEXT_STEP + 1} de" in ana.slide_view.value
    assert ana.heading.text.startswith(f"Clase {db[1]} · ")
    assert json.loads(ana.store.keep)["lang"] == "es"
    assert ana.me is not None and ana.me.lang == "es"
    room = Classroom(db[0])
    assert room.student(ana.me.token).lang == "es"  # kept with her name in the class
    # the page reloaded: the browser hands back what it kept, the page is Spanish again
    again = StudentPage(db[0], live=False)
    again.store.stored = ana.store.keep
    again.store.loaded = True
    assert again.me is not None and again.lang == "es" and again.lang_chosen
    assert again.answer_button.description == "Responder"
    assert again.language_menu.value == "es"
    # a browser that kept only her token (an older page): her choice comes from the class
    kept = json.loads(ana.store.keep)
    del kept["lang"]
    third = StudentPage(db[0], live=False)
    third.store.stored = json.dumps(kept)
    third.store.loaded = True
    assert third.lang == "es" and "paso" in third.slide_view.value
    # back to English: every word again
    third.language_menu.value = "en"
    assert third.answer_button.description == "Answer"
    assert f"step {FREE_TEXT_STEP + 1} of" in third.slide_view.value
    assert room.student(ana.me.token).lang == "en"
    room.close()


def test_the_projector_follows_the_teachers_language(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    projector = ProjectorPage(db[0], live=False)
    fixed = ProjectorPage(db[0], live=False, lang="en")  # ?lang=en: stays English
    assert "Join the class: open" in projector.join.value
    assert t.class_language.value == "en"
    t.class_language.value = "es"  # the teacher's choice, kept for the class
    assert t.teacher.language == "es"
    for page in (projector, fixed):
        page.refresh()
    assert "Únete a la clase: abre" in projector.join.value
    assert projector.show_join.description == "Mostrar cómo unirse"
    assert projector.heading.text == "Aula: en el proyector"
    assert "La lección empezará en un momento." in projector.slide.value
    assert "Join the class: open" in fixed.join.value and fixed.lang == "en"
    t.start()
    t.go(FREE_TEXT_STEP)
    table = t.teacher.new_table("freedom", players=2, seed=3)
    projector.refresh()
    assert f"paso {FREE_TEXT_STEP + 1} de" in projector.slide.value
    assert not english_in(page_text(projector.widget)), english_in(page_text(projector.widget))
    projector.choose.value = table.code
    assert f"Mesa {table.code} &middot;" in projector.table.value
    assert "asiento libre" in projector.table.value
    assert "Lo último que pasó" in projector.table.value
    board = projector.spectators[table.code]
    assert board.lang == "es" and f"Mesa {table.code}, en vivo" in board.table_note.value
    # a student page with no language of its own starts in the class's
    cy = student(db, "Cy")
    assert cy.lang == "es" and not cy.lang_chosen
    assert "Ocupar este asiento" in page_text(cy.widget)
    # the teacher changes it back: the projector follows, its table's board too
    t.class_language.value = "en"
    projector.refresh()
    assert f"Table {table.code} &middot;" in projector.table.value
    assert board.language_menu.value == "en"
    link_of(board).stop()
    for page in (projector, fixed):
        page.close()


def test_the_link_asks_for_spanish(db: tuple[str, str, str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", f"code={db[1]}&lang=es")
    page = StudentPage(db[0], live=False)
    assert page.lang == "es" and page.code.value == db[1]
    assert page.code.description == "Código"
    projector = ProjectorPage(db[0], live=False)
    assert "Únete a la clase: abre" in projector.join.value
    projector.close()


def test_a_language_without_a_catalog_is_said_in_english_and_the_page_works(
        db: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    widget = student_page(db[0])
    page: StudentPage = widget.page
    assert page.lang is None
    notice = page.errors.text
    assert "'xx'" in notice and "this page is in English" in notice
    assert "es (Español)" in notice, notice
    assert "Join the class" in page_text(page.widget)
    page.code.value, page.name.value = db[1], "Ana"
    page.join_button.click()
    assert page.me is not None and "Wait for your teacher" in page.slide_view.value
    projector = ProjectorPage(db[0], live=False)
    assert "'xx'" in projector.errors.text and "Join the class: open" in projector.join.value
    projector.close()
    with pytest.raises(ValueError, match="not a language with a catalog"):
        page.choose_language("xx")


def test_homework_words_and_dates_in_spanish(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    t.mode_pick.value = "self"
    t.key_pick.value = "tries"
    t.start()
    ana = student(db, "Ana", "es")
    ana.refresh(force=True)
    assert ana.own_back.description == "Atrás" and ana.own_next.description == "Siguiente"
    assert "Tarea a tu ritmo: paso 1 de" in ana.own_note.value
    assert ana.heading.text.startswith(f"Clase {db[1]} · Tarea: ")
    slide = ana.slide
    assert slide is not None
    with i18n.using("es"):
        assert homework_note(slide) == "Te quedan 3 intentos."
        assert re.fullmatch(r"(lun|mar|mié|jue|vie|sáb|dom) \d\d \w+ \d\d:\d\d",
                            when(1_750_000_000.0))
    assert homework_note(slide) == "You have 3 tries left."
    assert re.fullmatch(r"\w{3} \d\d \w{3} \d\d:\d\d", when(1_750_000_000.0))
    projector = ProjectorPage(db[0], live=False, lang="es")
    assert "Cada estudiante recorre los pasos" in projector.slide.value
    projector.close()


def test_a_version_5_database_gains_the_languages(url: str) -> None:
    """Schema version 6 adds the class's and each student's language: a version 5 database
    keeps its class and students, with no language chosen, and takes one afterwards."""
    from sqlalchemy import create_engine, inspect

    from freight_freedom.classroom import schema
    from freight_freedom.classroom.store import database_url, new_token, pin_hash, token_hash

    engine = create_engine(database_url(url))
    token = new_token()
    with engine.begin() as conn:
        assert schema.upgrade(conn, target=5) == 0
        assert "lang" not in [c["name"] for c in inspect(conn).get_columns("students")]
        conn.execute(schema.V4.tables["classes"].insert().values(
            id=1, code="V5V5V5", name="Old class", pin_hash=pin_hash("4321"), created=0.0))
        conn.execute(schema.V4.tables["students"].insert().values(
            id=1, class_id=1, name="Ana", token_hash=token_hash(token, "token"), joined=0.0))
    engine.dispose()
    room = Classroom(url, code="V5V5V5", pin="4321")
    assert room.store.schema_before == 5 and room.language is None
    ana = room.student(token)
    assert ana.name == "Ana" and ana.lang is None
    assert room.set_student_language(ana, "es-MX").lang == "es"
    assert room.student(token).lang == "es"
    room.set_language("es")
    assert room.language == "es"
    with pytest.raises(ValueError, match="not a language with a catalog"):
        room.set_language("xx")
    room.close()
