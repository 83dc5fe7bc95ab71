"""The lesson stepper in-process: navigation, questions with hidden keys, try-it, teacher view."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pytest

from freight_freedom.lessons import lesson, show
from freight_freedom.lessons.map_marks import HIGHLIGHT
from freight_freedom.lessons.widget import LessonWidget


def texts(widget: Any) -> str:
    """Every string a widget tree sends to the page."""
    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        for name in ("value", "description", "placeholder", "tooltip"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                out.append(v)
        options = getattr(w, "_options_labels", None)
        if options:
            out.extend(options)
        stack.extend(getattr(w, "children", ()) or ())
    return "\n".join(out)


@pytest.fixture(scope="module")
def freedom() -> LessonWidget:
    return show("freedom")


def test_back_next_and_parts(freedom: LessonWidget) -> None:
    w = freedom
    w.go(0)
    assert w.back_button.disabled and not w.next_button.disabled
    w.next_button.click()
    assert w.index == 1
    w.parts.value = 4  # the Slave Market
    assert w.step.part == 4 and w.index == lesson("freedom").steps_of(4)[0]
    w.go(len(w.lesson.steps) - 1)
    assert w.next_button.disabled
    assert "about 3 min" in w.header.value
    assert w.lesson.parts[-1].objective in w.header.value, "the header states the part's goal"
    w.back()
    assert w.index == len(w.lesson.steps) - 2


def test_highlight_rings_the_spaces(freedom: LessonWidget) -> None:
    freedom.go(0)
    rings = [t for t in freedom.figure.data if t.name == HIGHLIGHT]
    assert len(rings) == 1 and len(rings[0].x) == 3


def test_question_key_stays_hidden_until_answered_or_revealed(freedom: LessonWidget) -> None:
    w = freedom
    i = next(i for i, s in enumerate(w.lesson.steps) if s.title.startswith("A round has five"))
    w.go(i)
    why = w.step.question.why  # type: ignore[union-attr]
    assert why not in texts(w)
    assert "title='rule FR-CATCH-3'" not in texts(w), "the rule's chip waits for the answer"
    wrong = w.submit("Cincinnati")
    assert not wrong.ok and why not in texts(w)
    # the hint points at the rule in words; its chip (the ID only in its tooltip) comes with it
    assert "FR-" not in wrong.text and "rule below" in wrong.text
    assert "title='rule FR-CATCH-3'" in w.q_feedback.value
    w.teacher.value = True
    assert why in texts(w) and "Cincinnati &times;1" in w.teacher_box.value
    w.teacher.value = False
    assert why not in texts(w)
    w.q_text.value = "  ripley "
    w.q_submit.click()
    assert "Right." in w.q_feedback.value


def test_map_click_answers_the_question(freedom: LessonWidget) -> None:
    w = freedom
    i = next(i for i, s in enumerate(w.lesson.steps) if s.title.startswith("A round has five"))
    w.go(i)
    spaces = next(t for t in w.figure.data if t.name == "spaces")
    index = list(spaces.customdata).index("ripley")

    class Points:
        point_inds = [index]

    w._on_click(spaces, Points(), None)
    assert "Right." in w.q_feedback.value
    assert w.answers[i][-1] == "Ripley"


def test_try_it_plays_on_a_copy_and_checks(freedom: LessonWidget) -> None:
    w = freedom
    i = next(i for i, s in enumerate(w.lesson.steps) if s.try_it is not None)
    w.go(i)
    board = w.lesson.game_at(i).to_json()
    w.t_actions.value = "0:play c1_2x1"
    w.t_play.click()
    w.try_play("0:move richmond washington_dc")
    assert not w.check().ok and "Hint" in w.t_feedback.value
    w.t_undo.click()
    w.try_play("0:move richmond harpers_ferry")
    assert w.check().ok
    w.t_reset.click()
    assert w.game.to_json() == board
    w.next()
    w.back()
    assert w.game.to_json() == board, "the lesson's board is untouched by the class's moves"


def test_slow_freight_lesson_walks_through(freedom: LessonWidget) -> None:
    w = show("slowfreight")
    seen = set()
    while True:
        seen.add(w.step.part)
        assert "$" not in w.narrative.value
        if w.next_button.disabled:
            break
        w.next_button.click()
    assert seen == set(range(len(w.lesson.parts)))
    assert w.game.is_over
    assert isinstance(w, widgets.VBox)


def test_predictions_keep_their_answer_off_the_page_until_next(freedom: LessonWidget) -> None:
    """A predict-then-reveal question: its step's page never holds the words that answer it;
    the next step's page does."""
    w = freedom
    for i, step in enumerate(w.lesson.steps):
        if not step.reveal:
            continue
        w.go(i)
        flat = " ".join(texts(w).replace("<b>", "**").replace("</b>", "**").split())
        assert step.reveal not in flat, step.title
        w.next()
        flat = " ".join(texts(w).replace("<b>", "**").replace("</b>", "**").split())
        assert step.reveal.replace("*", "") in flat.replace("*", "").replace("<i>", "").replace(
            "</i>", ""), step.title


def test_exit_ticket_answers_are_kept_for_the_teacher(freedom: LessonWidget) -> None:
    w = freedom
    last = w.lesson.steps_of(len(w.lesson.parts) - 1)
    w.go(last[0])
    assert "Exit ticket" in w.header.value
    w.submit(0)
    w.submit(3)
    w.teacher.value = True
    assert "Slave Market &times;1" in w.teacher_box.value
    assert "Slave Catcher &times;1" in w.teacher_box.value
    w.teacher.value = False
