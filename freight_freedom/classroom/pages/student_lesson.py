"""The student page's lesson: the teacher's step (or in homework the student's own) as a slide,
the question answered on this device, and in homework the student's own Back and Next with
their tries and when the answer shows. The question's key never reaches this page before it
is revealed (a :class:`~..pacing.Slide` carries none until then)."""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from ...core.i18n import _, ngettext, pgettext
from ..errors import ClassroomError
from ..pacing import MAX_ATTEMPTS, Slide
from ..runs import known_lesson as lesson
from ..runs import when
from .common import box, in_language, slide_html
from .student_base import StudentBase
from .words import plain, rule_chips, words_html


def closed_words(slide: Slide) -> str:
    """Why a run takes no more answers, in words: its closing date passed, or the teacher
    ended it."""
    if slide.closes is not None and time.time() >= slide.closes:
        return _("The closing date ({date}) has passed: answers are closed.").format(
            date=when(slide.closes))
    if slide.mode == "self":
        return _("Your teacher has ended this homework: answers are closed.")
    return _("Answers are closed.")


def homework_note(slide: Slide) -> str:
    """Under a homework question: the student's tries and when the answer shows."""
    if slide.closed:
        if slide.key is None:
            return closed_words(slide)
        # TRANSLATORS: {closed} is why answers are closed ("Answers are closed.")
        return _("{closed} The answer is shown above.").format(closed=closed_words(slide))
    later = (_("The answer shows after the closing date ({date}).").format(
        date=when(slide.closes)) if slide.closes is not None else
        _("The answer shows after the closing date."))
    if slide.right:
        if slide.key is not None:
            return _("Right! The answer is shown above.")
        # TRANSLATORS: {later} says when the answer shows ("The answer shows after ...")
        return _("Right! {later}").format(later=later)
    if slide.key is not None:
        return _("Your tries are used: the answer is shown above.")
    left = MAX_ATTEMPTS - slide.tries
    if left <= 0:
        return _("Your tries are used. {later}").format(later=later)
    return ngettext("You have {n} try left.", "You have {n} tries left.", left).format(n=left)


def homework_closed(slide: Slide) -> bool:
    """Whether a homework question takes no more answers from this student: answers closed,
    answered right, the key shown, or every try used."""
    return slide.closed or slide.right or slide.revealed or slide.tries >= MAX_ATTEMPTS


class StudentLesson(StudentBase):
    """The lesson slide, answering and homework's Back/Next of :class:`~.student.StudentPage`."""

    def _lesson_widgets(self) -> None:
        """The slide, the answer's form and homework's own Back and Next."""
        guard = self.errors.guard
        self.slide_view = widgets.HTML()
        self.slide_view.add_class("ff-student-slide")
        self.choices = widgets.RadioButtons(options=[], value=None,
                                            layout=widgets.Layout(width="auto"))
        self.answer_text = widgets.Text(layout=widgets.Layout(width="260px"))
        self.answer_button = widgets.Button(icon="check", button_style="primary")
        self.answer_button.on_click(guard(lambda _b: self.answer()))
        self.feedback = widgets.HTML()
        for w, name in ((self.choices, "ff-student-choices"),
                        (self.answer_text, "ff-student-text"),
                        (self.answer_button, "ff-student-answer"),
                        (self.feedback, "ff-student-feedback")):
            w.add_class(name)
        self.closed_note = widgets.HTML()
        self.closed_note.add_class("ff-student-closed")
        # homework (a student-paced run): the student's own Back and Next
        self.own_back = widgets.Button(icon="arrow-left")
        self.own_next = widgets.Button(icon="arrow-right", button_style="primary")
        self.own_back.on_click(guard(lambda _b: self.move(-1)))
        self.own_next.on_click(guard(lambda _b: self.move(+1)))
        self.own_back.add_class("ff-student-back")
        self.own_next.add_class("ff-student-next")
        self.own_note = widgets.HTML()
        self.own_note.add_class("ff-student-own")
        self.own_row = widgets.HBox([self.own_back, self.own_next, self.own_note],
                                    layout=widgets.Layout(display="none", align_items="center",
                                                          flex_flow="row wrap"))
        self.answer_box = widgets.VBox([self.choices, widgets.HBox([self.answer_text,
                                                                    self.answer_button]),
                                        self.feedback, self.closed_note])
        self._label_lesson()

    def _label_lesson(self) -> None:
        """The lesson's fixed words, and the options of the question shown, in the language
        of the moment (the option chosen stays chosen)."""
        self.answer_text.placeholder = _("your answer")
        self.answer_button.description = pgettext("button", "Answer")
        self.own_back.description = _("Back")
        self.own_next.description = _("Next")
        slide = self.slide
        q = None if slide is None else slide.question
        if slide is not None and q is not None and q.options:
            chosen = self.choices.value
            options = [(plain(o, slide.lesson), i) for i, o in enumerate(q.options)]
            if list(self.choices.options) != options:
                self.choices.options = options
                self.choices.value = chosen

    def _draw_slide(self, moved: bool) -> None:
        slide = self.slide
        self._note_lesson()
        self._draw_own(slide)
        self.slide_view.value = slide_html(
            slide, waiting=_("Wait for your teacher to start the lesson."), class_words=True)
        q = None if slide is None else slide.question
        self.answer_box.layout.display = "none" if q is None else ""
        if q is None or slide is None:
            return
        if moved:
            self.feedback.value = ""
            self.answer_text.value = ""
            # each option in the class's words; the value is its index (what is answered)
            self.choices.options = [(plain(o, slide.lesson), i)
                                    for i, o in enumerate(q.options)]
            self.choices.value = None
        self.choices.layout.display = "" if q.options else "none"
        self.answer_text.layout.display = "none" if q.options else ""
        closed = homework_closed(slide) if slide.mode == "self" else \
            slide.revealed or slide.closed
        self.answer_button.disabled = closed
        self.choices.disabled = closed
        self.answer_text.disabled = closed
        if slide.mode == "self":
            self.closed_note.value = box("#f1f3f4", html.escape(homework_note(slide))) \
                if closed or slide.tries else ""
        else:
            self.closed_note.value = box("#f1f3f4", html.escape(_(
                "Answers are closed: the answer is shown above."))) if closed else ""

    def _draw_own(self, slide: Slide | None) -> None:
        """Homework: the student's own Back and Next, and where they are."""
        own = slide is not None and slide.mode == "self"
        self.own_row.layout.display = "" if own else "none"
        if slide is None or not own:
            return
        self.own_back.disabled = slide.step == 0
        self.own_next.disabled = slide.step >= slide.steps - 1
        due = (" &middot; " + html.escape(_("answers close {date}").format(
                   date=when(slide.closes)))
               if slide.closes is not None and not slide.closed else
               " &middot; <b>" + html.escape(_("answers are closed")) + "</b>" if slide.closed
               else "")
        self.own_note.value = ("<span style='font-size:15px'>" + html.escape(_(
            "Homework at your own pace: step {n} of {total}").format(
                n=slide.step + 1, total=slide.steps)) + f"{due}</span>")

    @in_language
    def move(self, by: int) -> None:
        """Homework: the student's Back (``-1``) or Next (``+1``); kept in the database."""
        assert self.room is not None and self.me is not None
        slide = self.slide
        if slide is None or slide.mode != "self":
            raise ClassroomError("step", _("your teacher moves the class on in this lesson"))
        self.slide = self.room.lesson.move(self.me, slide.step + by)
        self._draw_slide(True)
        self.board.show(self.slide)

    @in_language
    def answer(self, value: str | int | None = None) -> str:
        """Send the answer chosen or typed (or ``value``); the verdict shown, as text."""
        assert self.room is not None and self.me is not None
        slide = self.slide
        if slide is None or slide.question is None:
            raise ClassroomError("answer", _("there is no question to answer now"))
        if value is None:
            if slide.question.options:
                if self.choices.value is None:
                    raise ClassroomError("answer", _("choose one of the answers first"))
                value = int(self.choices.value)
            else:
                value = self.answer_text.value
        try:
            graded = self.room.lesson.answer(self.me, value, step=slide.step, run=slide.run)
        except ClassroomError as exc:
            self.feedback.value = box("#fdecea", html.escape(exc.reason), role="alert")
            return exc.reason
        if slide.mode == "self":  # the key may be theirs to see now (their tries are used)
            self.slide = self.room.lesson.mine(self.me)
            self._draw_slide(False)
        # the verdict in the class's words, with the question's rules under it as the guided
        # lesson shows them (a hint may say "open the rule below")
        asked = lesson(slide.lesson).steps[slide.step].question
        rules = rule_chips(asked.rules, slide.lesson) if asked is not None else ""
        self.feedback.value = box("#e3f4e1" if graded.ok else "#fdecea",
                                  words_html(graded.text, slide.lesson) + rules)
        return plain(graded.text, slide.lesson)
