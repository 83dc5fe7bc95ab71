"""The lessons and puzzles in Spanish (issue 36): Freedom's lesson walked step by step in Spanish,
every puzzle solved in Spanish, and answers accepted in the student's language.

- The whole Freedom lesson in the lesson widget with ``lang="es"``: every step's header, title,
  narrative, question, choices, verdicts, try-it task and teacher view read in Spanish (no
  sentence of the English lesson, none of a few English marker words); each question is
  answered once wrongly and then rightly, in Spanish (a number as a Spanish word, a choice by
  its Spanish words, a place typed); each prediction's answer is on the next step's page, and
  not before.
- Every Freedom puzzle on the puzzle page in Spanish: its words, the verdict of each choice and
  the teacher's proof.
- Answer matching: accents optional, Spanish number words to 100, "sí", the Spanish words of a
  key ("este" for "east"), and English answers still accepted.

What other areas translate (the engine's prompts and events, the rules' chips, the components'
notes) is not read here, except that the history note shown is the catalog's.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from freight_freedom.core.i18n import using
from freight_freedom.core.say import shown
from freight_freedom.lessons import Choice, FreeText, MapClick, lesson, normalise, show
from freight_freedom.lessons.model import exit_ticket_text, teacher_script
from freight_freedom.lessons.puzzles import amount, grade, puzzles, solve
from freight_freedom.lessons.questions import answer_forms
from freight_freedom.lessons.widget import LessonWidget, history_note

#: English words that no Spanish sentence of ours holds (case matters: the game's published name,
#: "Freedom: The Underground Railroad", stays as it is)
ENGLISH = re.compile(r"\b(?:the|and|of|is|are|you|your|people|person|Player|step|steps|Part"
                     r"|Question|Right|Not quite|Hint|Goal|Key|Why|none yet|Try it|about)\b")


def visible(value: str) -> str:
    """What a student reads of an HTML value: the rule chips (another area's words) left out,
    tags dropped, entities read, one space between words."""
    value = re.sub(r"<details\b[^>]*title='(?:rule|regla) [^']*'.*?</details>", " ", value,
                   flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def sentences(text: str) -> list[str]:
    """The sentences of an English text of four words or more, Markdown dropped."""
    flat = " ".join(text.replace("*", "").split())
    return [s.strip() for s in re.split(r"(?<=[.?!:;])\s+", flat) if len(s.split()) >= 4]


def english_sentences() -> set[str]:
    les = lesson("freedom")
    texts = [les.title, *les.goals, *(p.title for p in les.parts),
             *(p.objective for p in les.parts)]
    for step in les.steps:
        texts += [step.title, step.text]
        if step.question is not None:
            q = step.question
            texts += [q.prompt, q.why, q.hint, *getattr(q, "options", ())]
        if step.try_it is not None:
            texts += [step.try_it.task, step.try_it.hint]
    return {s for t in texts for s in sentences(t)}


def page(w: LessonWidget) -> dict[str, str]:
    """The parts of the page this area writes, by name, as a student reads them."""
    parts = {name: visible(getattr(w, name).value) for name in (
        "header", "title", "narrative", "q_feedback", "t_feedback", "teacher_box")}
    if w.step.question is not None:
        parts["q_prompt"] = visible(w.q_prompt.value)
        parts["choices"] = " | ".join(str(o) for o in w.q_choices.options)
    if w.step.try_it is not None:
        parts["t_task"] = visible(w.t_task.value)
    parts["parts"] = " | ".join(str(label) for label, _v in w.parts.options)
    parts["buttons"] = " | ".join(b.description for b in (
        w.back_button, w.next_button, w.teacher, w.q_submit, w.t_play, w.t_undo, w.t_reset,
        w.t_check))
    parts["placeholder"] = w.q_text.placeholder
    return parts


def assert_spanish(w: LessonWidget, when: str, english: set[str]) -> None:
    for name, text in page(w).items():
        found = ENGLISH.search(text)
        assert found is None, f"step {w.index + 1}, {when}, {name}: {found.group(0)!r} in {text!r}"
        left = [s for s in english if s in text]
        assert not left, f"step {w.index + 1}, {when}, {name}: English {left[0]!r}"


def spanish_right_answer(q: Any) -> str:
    """The right answer as a Spanish-speaking student gives it."""
    if isinstance(q, Choice):
        with using("es"):
            return q.shown_options()[q.key]
    if isinstance(q, FreeText):
        return {"3": "tres"}[q.accept[0]]
    assert isinstance(q, MapClick)
    return "Ripley"


@pytest.fixture(scope="module")
def spanish() -> LessonWidget:
    return LessonWidget(lesson("freedom"), lang="es")


def test_the_whole_freedom_lesson_reads_in_spanish(spanish: LessonWidget) -> None:
    w = spanish
    english = english_sentences()
    assert len(english) > 100
    assert w.lang == "es" and show("freedom", lang="es", start=3).lang == "es"
    with using("es"):
        # a prediction's answer: shown on the next step's page, never before
        reveals = {i: " ".join(shown(s.reveal).replace("*", "").split())
                   for i, s in enumerate(w.lesson.steps) if s.reveal}
    for i, step in enumerate(w.lesson.steps):
        w.go(i)
        assert_spanish(w, "as it opens", english)
        flat = " ".join(visible(w.narrative.value + w.q_prompt.value).split())
        if i in reveals:
            assert reveals[i] not in flat, step.title
        if i - 1 in reveals:
            assert reveals[i - 1] in flat, w.lesson.steps[i - 1].title
        q = step.question
        if q is not None:
            wrong = w.submit("algo distinto")
            assert not wrong.ok and wrong.text.startswith("No del todo. ")
            assert_spanish(w, "after a wrong answer", english)
            if isinstance(q, Choice):
                w.q_choices.value = spanish_right_answer(q)
            else:
                w.q_text.value = spanish_right_answer(q)
            w.q_submit.click()
            assert "Correcto." in w.q_feedback.value, (step.title, w.q_feedback.value)
            assert w.results[i], step.title
            w.teacher.value = True
            assert "Respuesta correcta:" in w.teacher_box.value
            assert_spanish(w, "in the teacher view", english)
            w.teacher.value = False
        if step.try_it is not None:
            wrong_try = w.check()
            assert not wrong_try.ok and " Pista: " in wrong_try.text
            assert_spanish(w, "after Check on the untouched board", english)
            w.try_play("0:play c1_2x1")
            w.try_play("0:move richmond harpers_ferry")
            right = w.check()
            assert right.ok and right.text.startswith("A salvo: "), right.text
            assert_spanish(w, "after a safe move", english)
    assert w.results and all(w.results.values())


def test_the_spanish_lesson_shows_the_catalogs_history_note(spanish: LessonWidget) -> None:
    w = spanish
    i = next(i for i, s in enumerate(w.lesson.steps) if s.history == "ripley")
    w.go(i)
    note = history_note(w.game, "ripley")
    assert note is not None
    with using("es"):
        spanish_note = history_note(w.game, "ripley")
    space = w.game.ctx.board.space("ripley")
    with using("es"):
        assert spanish_note == (shown(str(space.name)), shown(str(space.note)))
    assert note == (str(space.name), str(space.note)), "English as it was"
    assert "Historia: " in w.history.value
    assert html.escape(spanish_note[1], quote=False)[:40] in w.history.value


def test_the_language_of_a_lesson_widget() -> None:
    les = lesson("freedom")
    assert LessonWidget(les).lang is None, "the package's language unless one is asked for"
    with using("es"):
        made = LessonWidget(les, start=1)
    assert made.lang == "es", "made in a Spanish block: Spanish from then on"
    made.next()  # outside the block: still Spanish
    assert "El docente prepara la mesa" in made.title.value
    english = LessonWidget(les, start=2)
    assert "The teacher prepares the table" in english.title.value
    assert ENGLISH.search(page(english)["narrative"]), "the marker words find English"
    assert not ENGLISH.search(page(made)["narrative"])
    assert english.next_button.description == "Next" and made.next_button.description == \
        "Siguiente"


def test_freedom_puzzles_are_solved_in_spanish() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    found = puzzles("freedom")
    w = PuzzleWidget(found, lang="es")
    assert w.answer_button.description == "Responder" and w.picker.description == "Acertijo:"
    for i, p in enumerate(found):
        w.show(i)
        words = visible(w.question.value)
        assert not ENGLISH.search(words), (p.key, words)
        with using("es"):
            assert shown(p.question) in words and shown(p.question) != p.question, p.key
            why = shown(p.why)
        assert why != p.why
        assert len(w.choices.options) == len(p.options)
        w.choices.value = p.answer
        verdict, text = w.answer()
        assert verdict == "best" and text == f"La mejor: {why}", p.key
        for option in p.options:
            if option == p.answer:
                continue
            verdict, text = w.answer(option)
            assert verdict in ("good", "costs"), (p.key, option)
            assert text.startswith(("Buena, pero no la mejor: ", "Eso te cuesta ")), text
            assert text.endswith(why)
    w.teacher.value = True
    proof = visible(w.proof.value)
    assert proof.startswith("Prueba") and "se exploraron todas las líneas legales" in proof
    assert "la respuesta es la única mejor de" in proof
    w.teacher.value = False
    w.choices.value = None
    assert w.answer() == ("costs", "Primero elige una respuesta.")


def test_puzzle_verdicts_and_amounts_in_spanish() -> None:
    p = next(p for p in puzzles("freedom") if p.key == "fr-richmond")
    sol = solve(p)
    english = grade(p, "0:move richmond harpers_ferry", sol)
    with using("es"):
        verdict, text = grade(p, "0:move richmond harpers_ferry", sol)
        assert amount(0.5, "points") == "0,5 puntos"
        assert amount(1, "people") == "1 persona"
        assert amount(101, "spaces") == "1 persona y 1 casilla"
        assert amount(203, "dollars") == "2 personas y $3"
        assert amount(2, "cars") == "2 vagones"
    assert verdict == english[0] == "good"
    assert text.startswith("Buena, pero no la mejor: 1 casilla menos que la mejor línea (")
    assert english[1].startswith("Good, but not the best: 1 space less than the best line (")
    assert amount(0.5, "points") == "0.5 points" and amount(101, "spaces") == "1 person and 1 space"


def test_exit_ticket_and_teacher_script_in_spanish() -> None:
    les = lesson("freedom")
    with using("es"):
        ticket = exit_ticket_text(les)
        script = teacher_script(les)
    assert ticket.startswith("Freedom: The Underground Railroad, una ronda en el tablero: "
                             "ticket de salida")
    assert "a) General" in ticket and "b) Reserva" in ticket
    assert "Parte 9: Ticket de salida (3 min)" in script
    assert "Respuesta correcta: Mercado de esclavos. " in script
    assert "Exit ticket" not in ticket + script
    assert exit_ticket_text(les).startswith(
        "Freedom: The Underground Railroad, one round on the board: exit ticket")


# ---------------------------------------------------------------------------- answers
@pytest.mark.parametrize(("given", "expected"), [
    ("cero", "0"), ("uno", "1"), ("una", "1"), ("una persona", "1"), ("dos", "2"),
    ("Tres", "3"), ("tres personas", "3"), ("diez", "10"), ("doce", "12"), ("trece", "13"),
    ("catorce", "14"), ("quince", "15"), ("dieciséis", "16"), ("dieciseis", "16"),
    ("diecinueve", "19"), ("veinte", "20"), ("veintiuno", "21"), ("veintidós", "22"),
    ("VEINTIDOS", "22"), ("veintitrés", "23"), ("veintinueve", "29"), ("treinta", "30"),
    ("treinta y cinco", "35"), ("Treinta y cinco personas", "35"), ("cuarenta y dos", "42"),
    ("cincuenta", "50"), ("sesenta y seis", "66"), ("setenta", "70"), ("ochenta y ocho", "88"),
    ("noventa y nueve", "99"), ("cien", "100"), ("ciento veinte", "120"), ("ninguna", "0"),
    ("nadie", "0"), ("cinco más tres", "5 + 3"), ("menos tres", "- 3"), ("Sí", "yes"),
    ("si", "yes"), ("no", "no"), ("el Cinturón Negro", "cinturon negro"),
    ("Canadá", "canada"), ("$20 dólares", "20"),
])
def test_normalise_reads_spanish(given: str, expected: str) -> None:
    assert normalise(given) == expected


def test_english_normalising_is_unchanged() -> None:
    for given, expected in (("Three", "3"), ("3 people", "3"), ("the Black   Belt", "black belt"),
                            ("a person", "a person"), ("once", "once"), ("five plus three",
                                                                         "5 + 3")):
        assert normalise(given) == expected
    with using("es"):
        assert normalise("once") == "11", "in Spanish, once is eleven"
    assert normalise("once") == "once", "in English, a word"


def test_a_number_question_takes_spanish_words_and_english_still() -> None:
    q = FreeText("How many?", why="w", hint="h", accept=("3", "three people", "three"))
    for right in ("tres", "Tres", "tres personas", "3", "three", "Three people"):
        assert q.grade(right).ok, right
    for wrong in ("trece", "treinta", "dos", "menos tres"):
        assert not q.grade(wrong).ok, wrong
    big = FreeText("How many?", why="w", hint="h", accept=("35",))
    assert big.grade("treinta y cinco").ok and big.grade("Treinta y cinco personas").ok
    assert not big.grade("treinta").ok and not big.grade("cinco").ok
    assert FreeText("?", why="w", hint="h", accept=("22",)).grade("veintidos").ok


def test_a_word_key_takes_its_spanish_words_accents_optional() -> None:
    q = FreeText("Which way?", why="w", hint="h", accept=("east",))
    assert "este" in answer_forms("east")
    for right in ("east", "East", "este", "Este", "ÉSTE"):
        assert q.grade(right).ok, right
    assert not q.grade("oeste").ok and not q.grade("west").ok
    colour = FreeText("Which catcher?", why="w", hint="h", accept=("purple",))
    assert colour.grade("morado").ok and colour.grade("purple").ok
    place = MapClick("Where?", why="w", hint="h", spaces=("washington_dc",),
                     accept=("Washington, D.C.",))
    assert place.grade("Washington D. C.").ok and place.grade("washington d.c.").ok
    # a misspelled Spanish name is forgiven as an English one is, and named in Spanish
    city = FreeText("Where?", why="w", hint="h", accept=("Philadelphia",))
    assert city.grade("filadelfia").ok
    with using("es"):
        graded = city.grade("Filadelfa")
    assert graded.ok and graded.text.startswith("Correcto (revisa la ortografía: Filadelfia).")


def test_a_choice_takes_its_spanish_words() -> None:
    les = lesson("freedom")
    q = next(s.question for s in les.steps if s.title == "Exit ticket: 2 of 3")
    assert isinstance(q, Choice)
    assert q.grade("Oposición").ok and q.grade("oposicion").ok and q.grade("Opposition").ok
    assert q.grade(2).ok and not q.grade("Reserva").ok and not q.grade("Reserve").ok
    with using("es"):
        assert q.shown_options() == ["General", "Reserva", "Oposición"]
        assert q.key_text() == "Oposición"
    assert q.key_text() == "Opposition"


def test_verdicts_are_in_the_language_of_the_moment() -> None:
    q = FreeText("How many?", why="Because.", hint="Count.", accept=("3",))
    assert q.grade("").text == "Give an answer first."
    assert q.grade("4").text == "Not quite. Count."
    assert q.grade("3").text == "Right. Because."
    with using("es"):
        assert q.grade("").text == "Primero da una respuesta."
        assert q.grade("4").text == "No del todo. Count.", "a teacher's own words stay as written"
        assert q.grade("tres").text == "Correcto. Because."
