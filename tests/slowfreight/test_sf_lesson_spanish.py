"""Slow Freight's lesson and puzzles in Spanish (issue 36).

- Under ``using("es")`` every word the lesson and its puzzles show a student (step titles and
  texts, questions, choices, hints, explanations, the try-it task, part titles and objectives,
  goals, accepted word answers, puzzle titles, statements and reasons) renders in Spanish: none
  is its English, and none holds an English word a Spanish text would not.
- The try-it verdict is written in the language of the moment, with its count in place.
- The lesson walked in a Spanish lesson widget, each question answered in Spanish words (the
  option as the screen shows it, a number as a Spanish word), works as the English walk does:
  every answer is right, the try-it task passes, every part is seen and the game ends. A
  prediction's Spanish reveal words are off its own page and on the next one.
- A Spanish puzzle page shows the Spanish statement, and its best answer is graded with the
  Spanish reason.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from freight_freedom.core.i18n import using
from freight_freedom.core.say import shown
from freight_freedom.lessons import Choice, FreeText, lesson
from freight_freedom.lessons.model import Lesson
from freight_freedom.lessons.puzzles import Puzzle, puzzles
from freight_freedom.slowfreight.lesson.lesson import mixed_of_three

GAME_NAME = "Slow Freight"
"""The game's name stays in every language."""

#: words of the English texts that a Spanish text never holds
ENGLISH = re.compile(
    r"\b(?:the|and|of|with|which|what|how|does|is|train|trains|car|cars|Player|Track|Clock"
    r"|Clocks|Coal|Tank|Carrier|Carriers|Mixed|Locomotive|turn|card|cards|move|takes|score"
    r"|points|Bonus|chip)\b")


def les() -> Lesson:
    return lesson("slowfreight")


def sf_puzzles() -> list[Puzzle]:
    return puzzles("slowfreight")


def student_words(lesson_: Lesson) -> list[tuple[str, str]]:
    """``(where, English text)`` for every text of the lesson a student or teacher reads."""
    found = [("lesson title", lesson_.title)]
    found += [(f"goal {g + 1}", goal) for g, goal in enumerate(lesson_.goals)]
    for p, part in enumerate(lesson_.parts):
        found += [(f"part {p + 1} title", part.title), (f"part {p + 1} objective",
                                                          part.objective)]
    for i, step in enumerate(lesson_.steps):
        where = f"step {i + 1} ({step.title})"
        found += [(where + " title", step.title), (where + " text", step.text)]
        if step.reveal:
            found.append((where + " reveal", step.reveal))
        q = step.question
        if q is not None:
            found += [(where + " question", q.prompt), (where + " why", q.why),
                      (where + " hint", q.hint)]
            found += [(where + f" choice {k + 1}", o) for k, o in
                      enumerate(getattr(q, "options", ()))]
            found += [(where + " also right", why) for _k, why in getattr(q, "also", ())]
            found += [(where + " answer", a) for a in getattr(q, "accept", ())
                      if not re.fullmatch(r"[\d +]+", a)]  # digits are the same in Spanish
        t = step.try_it
        if t is not None:
            found += [(where + " task", t.task), (where + " task hint", t.hint)]
    return found


def puzzle_words() -> list[tuple[str, str]]:
    found = []
    for p in sf_puzzles():
        found += [(p.key + " title", p.title), (p.key + " statement", p.question),
                  (p.key + " why", p.why)]
    return found


def flat(text: str) -> str:
    """The words as a reader sees them: no Markdown stars or list dashes, line breaks as
    spaces."""
    return " ".join(re.sub(r"(?m)^- ", "", text.replace("*", "")).split())


def visible(value: str) -> str:
    """A widget's HTML as the words the page shows."""
    blocks = re.sub(r"</?(?:p|div|li|ul|h\d|br|table|tr|td)\b[^>]*>", " ", value)
    return flat(html.unescape(re.sub(r"<[^>]+>", "", blocks)))


# ---------------------------------------------------------------------------- every word


@pytest.mark.parametrize("where,english", student_words(les()) + puzzle_words(),
                         ids=lambda x: x[:40] if isinstance(x, str) else None)
def test_every_word_renders_in_spanish(where: str, english: str) -> None:
    with using("es"):
        spanish = shown(english)
    if english == GAME_NAME:
        assert spanish == GAME_NAME, where
        return
    assert spanish != english, f"{where} is not translated: {english!r}"
    words = spanish.replace(GAME_NAME, "")
    bad = ENGLISH.search(words)
    assert bad is None, f"{where}: English {bad.group(0)!r} in {spanish!r}"
    assert "{" not in spanish, where
    if english.startswith("\n"):  # a step's text keeps its paragraphs and lists
        assert spanish.count("\n\n") == english.count("\n\n"), where
        assert spanish.count("\n- ") == english.count("\n- "), where
    assert spanish.count("**") == english.count("**"), where
    with using("en"):
        assert shown(english) == english, where


def test_the_choices_of_each_question_stay_apart_in_spanish() -> None:
    """Each option still names one thing: a Spanish answer picks exactly one."""
    with using("es"):
        for step in les().steps:
            q = step.question
            if isinstance(q, Choice):
                said = q.shown_options()
                assert len(set(said)) == len(said), step.title
                for k, words in enumerate(said):
                    assert q.chosen(words) == k, (step.title, words)


def test_the_try_it_verdict_is_written_in_spanish_with_its_count() -> None:
    lesson_ = les()
    i = next(i for i, s in enumerate(lesson_.steps) if s.try_it is not None)
    start = lesson_.game_at(i)
    boards = {0: start.copy()}
    one = start.copy()
    one.apply("1:take 0 t2")
    one.apply("1:stop")
    boards[1] = one
    two = start.copy()
    two.apply("1:take 0 t2")
    two.apply("1:take 1 t2")
    two.apply("1:stop")
    boards[2] = two
    with using("es"):
        assert mixed_of_three(start, boards[0]).text == \
            "El Tren B tiene 0 vagones; la tarea pide tres."
        assert mixed_of_three(start, boards[1]).text == \
            "El Tren B tiene 1 vagón; la tarea pide tres."
        assert mixed_of_three(start, boards[2]).text == \
            "El Tren B tiene 2 vagones; la tarea pide tres."
    with using("en"):
        assert mixed_of_three(start, boards[1]).text == \
            "Train B has 1 car; the task asks for three."


# ---------------------------------------------------------------------------- the walk


def spanish_answer(q: Any) -> str:
    """The right answer in Spanish words: the key option as the screen shows it, or an
    accepted answer's Spanish word (a number as a word: "ocho", "veinticinco")."""
    if isinstance(q, Choice):
        return shown(q.options[q.key])
    assert isinstance(q, FreeText)
    said = [shown(a) for a in q.accept if shown(a) != a]
    assert said, q.prompt
    return said[0]


def page(w: Any) -> str:
    """The words of the lesson's page a student reads now."""
    words = [visible(getattr(w, name).value) for name in (
        "header", "title", "narrative", "q_prompt", "q_feedback", "t_task", "t_feedback")]
    if isinstance(w.step.question, Choice):
        words += [str(o) for o in w.q_choices.options]
    return " ".join(words)


def test_the_lesson_walks_through_in_spanish() -> None:
    from freight_freedom.lessons.widget import LessonWidget

    w = LessonWidget(les(), lang="es")
    seen: set[int] = set()
    answered = 0
    while True:
        step = w.step
        seen.add(step.part)
        with using("es"):
            text, title = flat(shown(step.text)), flat(shown(step.title))
            objective = flat(shown(w.lesson.parts[step.part].objective))
        shown_page = page(w)
        assert text in shown_page and title in shown_page and objective in shown_page, \
            step.title
        if step.question is not None:
            q = step.question
            with using("es"):
                right = spanish_answer(q)
                prompt, why, hint = flat(shown(q.prompt)), flat(shown(q.why)), \
                    flat(shown(q.hint))
                reveal = flat(shown(step.reveal)) if step.reveal else ""
            assert prompt in page(w), step.title
            if isinstance(q, Choice):
                with using("es"):
                    assert [str(o) for o in w.q_choices.options] == q.shown_options()
            if reveal:
                assert reveal not in page(w), step.title
            wrong = w.submit("algo distinto")
            assert not wrong.ok and hint in flat(wrong.text), step.title
            graded = w.submit(right)
            assert graded.ok, (step.title, right, graded.text)
            assert why in flat(graded.text) and why in page(w), step.title
            answered += 1
            if reveal:
                w.next()
                assert reveal in page(w), step.title
                w.back()
        if step.try_it is not None:
            with using("es"):
                task = flat(shown(step.try_it.task))
                task_hint = flat(shown(step.try_it.hint))
            assert task in page(w), step.title
            first = w.check()
            assert not first.ok and "El Tren B tiene 0 vagones" in first.text
            assert task_hint in flat(first.text)
            for action in ("1:take 0 t2", "1:take 1 t2", "1:take 2 t2"):
                w.try_play(action)
            done = w.check()
            assert done.ok and done.text.startswith("El Tren B es un tren de Carga mixta"), \
                done.text
        if w.next_button.disabled:
            break
        w.next_button.click()
    assert seen == set(range(len(w.lesson.parts)))
    assert answered == sum(1 for s in w.lesson.steps if s.question is not None)
    assert w.game.is_over


@pytest.mark.parametrize("typed", ["ocho", "Ocho piezas de vía", "cinco más tres"])
def test_the_extra_locomotive_question_takes_spanish_numbers(typed: str) -> None:
    q = next(s.question for s in les().steps if s.question is not None
             and "8" in getattr(s.question, "accept", ()))
    with using("es"):
        assert q.grade(typed).ok, typed


@pytest.mark.parametrize("typed", ["veinticinco", "Veinticinco puntos", "25"])
def test_the_final_score_question_takes_spanish_numbers(typed: str) -> None:
    q = next(s.question for s in les().steps if s.question is not None
             and "25" in getattr(s.question, "accept", ()))
    with using("es"):
        assert q.grade(typed).ok, typed
        assert not q.grade("veintiuno").ok


@pytest.mark.parametrize("typed", ["dos", "2 cada uno", "dos puntos cada uno"])
def test_the_tie_question_takes_spanish_answers(typed: str) -> None:
    q = next(s.question for s in les().steps if s.question is not None
             and "2 each" in getattr(s.question, "accept", ()))
    with using("es"):
        assert q.grade(typed).ok, typed
        assert not q.grade("cuatro").ok


# ---------------------------------------------------------------------------- the puzzles


def test_every_puzzle_page_states_its_question_in_spanish() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    found = sf_puzzles()
    w = PuzzleWidget(found, lang="es")
    for i, p in enumerate(found):
        w.show(i)
        with using("es"):
            title, statement = flat(shown(p.title)), flat(shown(p.question))
        shown_page = visible(w.question.value)
        assert title in shown_page and statement in shown_page, p.key
        assert not ENGLISH.search(shown_page), (p.key, shown_page)


def test_a_spanish_puzzle_grades_with_its_spanish_reason() -> None:
    from freight_freedom.lessons.puzzle_widget import PuzzleWidget

    p = next(p for p in sf_puzzles() if p.key == "sf-xloco-last")
    w = PuzzleWidget([p], lang="es")
    verdict, text = w.answer(p.answer)
    with using("es"):
        why = flat(shown(p.why))
    assert verdict == "best" and why in flat(text), text
    assert why in visible(w.feedback.value)
