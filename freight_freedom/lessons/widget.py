"""LessonWidget: one lesson on one screen, the board on the left and the narrative beside it.

Back / Next walk the steps; the part list jumps to a part and shows its minutes, the header
its objective. A step with a
question shows it as a widget (choices, a text box, or a click on the map); its key stays in
Python, the page only ever receives the verdict. A "try it yourself" step hands the board to the
class: they play the legal actions on a copy, press Check, and get a verdict with a hint that
points at the rule and the board; Start again restores the step's board. The teacher's switch
shows the key and the answers the class has given.

What a student reads is in words: the engine's texts (what happened, the pending decision, the
actions to choose) pass through the game's on-screen words (``GameUI.words``: no rule codes,
Slow Freight's trains by the letters the board shows), and a rule's ID is only in its chip's
tooltip and in the Teacher view. A question's rule chips come with its verdict: a rule that
states the answer is not on the page before the class has answered.

Every word is in the widget's language (``lang``: ``LessonWidget(lesson, lang="es")``, or
``show("freedom", lang="es")``; by default the language of the :func:`~.core.i18n.using` block
it is made in, else the package's): the lesson's own words through the catalog
(:func:`~freight_freedom.core.say.shown`), its buttons, headings and verdicts, the engine's texts
and the events (their ``said()`` words). It is built, and answers every button, under
``using(lang)``.

Built on the public API only: ``game.figure()``, ``legal_actions()``, ``describe``, ``apply``,
``undo``, ``copy``, the game's on-screen words and the lesson data (:mod:`.model`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..core.i18n import _, using
from ..core.say import shown
from ..ui.figure_names import names_on_top
from .map_marks import CSS, highlight_trace, scaled_map_css
from .model import Lesson, Step
from .questions import Choice, Graded, MapClick, Question
from .screen_text import (
    action_words,
    event_words,
    history_note,
    outline_html,
    rule_tooltip,
    screen_words,
    space_name,
    speaking,
    status_box,
    teacher_html,
    verdict_html,
    widget_language,
)
from .text import citations, inline, to_html

__all__ = ["LessonWidget", "history_note", "speaking", "widget_language"]

BOARD_WIDTH = 780


class LessonWidget(widgets.VBox):  # type: ignore[misc]
    """The lesson ``lesson`` as a stepper; ``widget.go(i)``, ``widget.next()``, ``widget.back()``.

    ``widget.game`` is the board shown now (the step's board, or the class's copy in a try-it).
    ``widget.answers[i]`` lists the answers given to step ``i``'s question, in order.
    ``lang``: the language of every word it shows (``"es"``; ``None``: the language of the
    :func:`~freight_freedom.core.i18n.using` block it is made in, else the package's).
    """

    def __init__(self, lesson: Lesson, *, start: int = 0, lang: str | None = None) -> None:
        #: the language of the widget's words (None: the package's default)
        self.lang = widget_language(lang)
        super().__init__(layout=widgets.Layout(width="100%"))
        with using(self.lang):
            self._build(lesson, start)

    def _build(self, lesson: Lesson, start: int) -> None:
        self.add_class("ff-lesson")
        self.lesson = lesson
        self.index = start
        self.game: Any = None
        self.trial_start: Any = None
        self.answers: dict[int, list[str]] = {}
        self.results: dict[int, bool] = {}
        self.figure: Any = None

        self._build_nav(lesson)
        self._build_text()
        self._build_question()
        self._build_try()
        self._build_board()
        self.children = [widgets.HTML(CSS, layout=widgets.Layout(display="none")),
                         self.figure_style, self.header, self.nav, self.board]
        self.go(start)

    def _build_nav(self, lesson: Lesson) -> None:
        """Back, Next, the Part drop-down and the Teacher view toggle."""
        self.header = widgets.HTML()
        self.parts = widgets.Dropdown(
            options=[(_("Part {n}: {title} ({minutes} min)").format(
                         n=i + 1, title=shown(p.title), minutes=p.minutes), i)
                     for i, p in enumerate(lesson.parts)],
            description=_("Part:"), style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="100%"))
        self.parts.observe(self._part_chosen, names="value")
        self.back_button = widgets.Button(description=_("Back"), icon="arrow-left",
                                          tooltip=_("The previous step"))
        self.next_button = widgets.Button(description=_("Next"), icon="arrow-right",
                                          button_style="primary", tooltip=_("The next step"))
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.teacher = widgets.ToggleButton(description=_("Teacher view"), icon="eye",
                                            tooltip=_("Show the key and the class's answers"))
        self.teacher.observe(lambda _c: self._show_teacher(), names="value")
        self.nav = widgets.HBox([self.back_button, self.next_button, self.parts, self.teacher],
                                layout=widgets.Layout(align_items="center",
                                                      flex_flow="row wrap"))

    def _build_text(self) -> None:
        """The step's title, narrative, history note, what happened and rule citations."""
        self.title = widgets.HTML()
        self.narrative = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.history = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.events = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.cites = widgets.HTML()

    def _build_question(self) -> None:
        """A step's question: choices or a typed answer, Answer, and the feedback line."""
        self.q_prompt = widgets.HTML()
        self.q_choices = widgets.RadioButtons(options=[], value=None,
                                              layout=widgets.Layout(width="auto"))
        self.q_text = widgets.Text(placeholder=_("your answer"),
                                   layout=widgets.Layout(width="220px"))
        self.q_submit = widgets.Button(description=_("Answer"), icon="check")
        self.q_submit.on_click(lambda _b: self.submit())
        self.q_feedback = widgets.HTML()
        self.question_box = widgets.VBox([self.q_prompt, self.q_choices,
                                          widgets.HBox([self.q_text, self.q_submit]),
                                          self.q_feedback])

    def _build_try(self) -> None:
        """A try-it step: the task, the legal actions, Play, Undo, Start again and Check."""
        self.t_task = widgets.HTML()
        self.t_actions = widgets.Select(options=[], rows=7, layout=widgets.Layout(width="100%"))
        self.t_play = widgets.Button(description=_("Play"), icon="play", button_style="info",
                                     tooltip=_("Play the chosen action on the board"))
        self.t_undo = widgets.Button(description=_("Undo"), icon="undo")
        self.t_reset = widgets.Button(description=_("Start again"), icon="refresh")
        self.t_check = widgets.Button(description=_("Check"), icon="check",
                                      button_style="success")
        self.t_play.on_click(lambda _b: self.try_play())
        self.t_undo.on_click(lambda _b: self.try_undo())
        self.t_reset.on_click(lambda _b: self.try_reset())
        self.t_check.on_click(lambda _b: self.check())
        self.t_prompt = widgets.HTML()
        self.t_feedback = widgets.HTML()
        self.try_box = widgets.VBox([
            self.t_task, self.t_prompt, self.t_actions,
            widgets.HBox([self.t_play, self.t_undo, self.t_reset, self.t_check],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.t_feedback])

    def _build_board(self) -> None:
        """The map beside the text column (wrapping below it on a narrow screen), and the
        classes the tests and the page's styles find the parts by."""
        self.teacher_box = widgets.HTML()

        self.column = widgets.VBox(
            [self.title, self.narrative, self.events, self.history, self.question_box, self.try_box,
             self.teacher_box, self.cites],
            layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="560px",
                                  padding="0 0 0 10px", overflow="auto"))
        for child in self.column.children:
            # the column scrolls when it is taller than the board: its parts keep their height
            # (flex items shrink by default, and a shrunk text would overlap the buttons below)
            child.layout.flex = "0 0 auto"
        self.board_holder = widgets.Box(layout=widgets.Layout(flex="0 0 auto"))
        self.board_holder.add_class("ff-map")
        self.column.add_class("ff-text")
        self.figure_style = widgets.HTML(layout=widgets.Layout(display="none"))
        self.board = widgets.HBox([self.board_holder, self.column],
                                  layout=widgets.Layout(width="100%", flex_flow="row wrap",
                                                        align_items="flex-start"))
        self.board.add_class("ff-lesson-board")
        for w, name in [(self.back_button, "ff-lesson-back"),
                        (self.next_button, "ff-lesson-next"), (self.title, "ff-lesson-title"),
                        (self.narrative, "ff-lesson-text"), (self.q_submit, "ff-lesson-answer"),
                        (self.q_feedback, "ff-lesson-feedback"),
                        (self.t_check, "ff-lesson-check"), (self.t_play, "ff-lesson-play"),
                        (self.t_feedback, "ff-lesson-try-feedback"),
                        (self.header, "ff-lesson-header")]:
            w.add_class(name)

    def __repr__(self) -> str:
        return (f"LessonWidget({self.lesson.key!r}, step {self.index + 1} of "
                f"{len(self.lesson.steps)})")

    @speaking
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, and the lesson's outline for readers without a kernel."""
        data: dict[str, Any] = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/plain"] = repr(self)
        data["text/html"] = outline_html(self.lesson)
        return data

    # ------------------------------------------------------------------ navigation
    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @speaking
    def go(self, index: int) -> None:
        """Show step ``index`` (its board rebuilt from the lesson data)."""
        index = max(0, min(index, len(self.lesson.steps) - 1))
        self.index = index
        self.game = self.lesson.game_at(index)
        self.trial_start = None
        self._draw_step()

    def next(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    @speaking
    def _part_chosen(self, change: dict[str, Any]) -> None:
        part = change["new"]
        if part is None or part == self.step.part:
            return
        first = self.lesson.steps_of(part)
        if first:
            self.go(first[0])

    # ------------------------------------------------------------------ drawing
    def _draw_step(self) -> None:
        step, lesson = self.step, self.lesson
        part = lesson.parts[step.part]
        n = len(lesson.steps)
        in_part = lesson.steps_of(step.part)
        where = _("Part {part} of {parts}: {title} (about {minutes} min)").format(
            part=step.part + 1, parts=len(lesson.parts), title=shown(part.title),
            minutes=part.minutes)
        progress = _("step {step} of {steps} in this part, {index} of {total} in all").format(
            step=in_part.index(self.index) + 1, steps=len(in_part), index=self.index + 1,
            total=n)
        goal = html.escape(_("Goal of this part:"))
        self.header.value = (
            f"<div style='font-family:sans-serif'><b style='font-size:17px'>"
            f"{html.escape(shown(lesson.title))}</b> <span style='color:#555'>&middot; "
            f"{html.escape(where)} &middot; {html.escape(progress)}</span>"
            + (f"<div class='ff-lesson-objective' style='font-size:13px;color:#333'><b>{goal}"
               f"</b> {inline(shown(part.objective))}</div>" if part.objective else "")
            + "</div>")
        self.parts.unobserve(self._part_chosen, names="value")
        self.parts.value = step.part
        self.parts.observe(self._part_chosen, names="value")
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == n - 1
        self.title.value = f"<h3 style='margin:0 0 6px 0'>{inline(shown(step.title))}</h3>"
        self.narrative.value = ("<div style='font-size:14px;line-height:1.45'>"
                                + to_html(shown(step.text)) + "</div>")
        self.history.value = self._history_html(step)
        self.events.value = self._events_html()
        self.cites.value = citations(step.rules)
        self._draw_question(step.question)
        self._draw_try(step)
        self._show_teacher()
        self._draw_board()

    def _events_html(self, limit: int = 10) -> str:
        """What this step's set-up did, in the game's on-screen words; each event's rule ID is
        only in its tooltip (for the teacher)."""
        before = len(self.lesson.game_at(self.index - 1).log) if self.index else len(self.game.log)
        events = list(self.game.log[before:])
        if not events:
            return ""
        last = events[-limit:]
        earlier = len(events) - len(last)
        more = ("<li><i>" + html.escape(_("{n} earlier events are in the game's log").format(
            n=earlier)) + "</i></li>") if earlier else ""
        items = "".join(
            f"<li{rule_tooltip(e.rule)}>{inline(event_words(self.game, e))}</li>"
            for e in last)
        heading = html.escape(_("What happened"))
        return ("<details open style='font-size:13px;margin:4px 0'><summary><b>"
                f"{heading}</b></summary><ul style='margin:2px 0;padding-left:18px'>{more}"
                f"{items}</ul></details>")

    def _history_html(self, step: Step) -> str:
        if step.history is None:
            return ""
        note = history_note(self.game, step.history)
        if not note:
            return ""
        name, text = note
        # TRANSLATORS: the heading of a place's or a card's historical note
        heading = html.escape(_("History: {name}").format(name=name))
        return ("<details open style='font-size:13px;background:#f6f1e7;padding:4px 8px;"
                "border-left:4px solid #8d6e63;margin:4px 0'><summary><b>"
                f"{heading}</b></summary>{inline(text)}</details>")

    def _draw_board(self) -> None:
        import plotly.graph_objects as go

        fig = self.game.figure()
        if fig.layout.width is None:
            fig.layout.width = BOARD_WIDTH
        highlight = highlight_trace(fig, self.step.highlight)
        if highlight is not None:
            fig.add_trace(highlight)
            names_on_top(fig)
        if self.figure is None:
            widget = go.FigureWidget(fig)
            widget._config = {"displayModeBar": False, "displaylogo": False,
                              "scrollZoom": False, "doubleClick": False}
            widget.layout.dragmode = False
            self.figure = widget
            width = f"{int(fig.layout.width)}px"
            self.board_holder.layout.width = width
            self.board_holder.layout.min_width = width
            self.board_holder.children = [widget]
            height = int(fig.layout.height or 0)
            self.figure_style.value = (scaled_map_css(self, int(fig.layout.width), height)
                                       if height else "")
        else:
            widget = self.figure
            widget.data = []
            widget.add_traces(list(fig.data))
            widget.layout = fig.layout
        for trace in widget.data:
            trace.on_click(self._on_click)
        height = int(fig.layout.height or 0)
        self.column.layout.max_height = f"{max(height, 520)}px"

    # ------------------------------------------------------------------ questions
    def _draw_question(self, q: Question | None) -> None:
        self.question_box.layout.display = "" if q is not None else "none"
        self.q_feedback.value = ""
        if q is None:
            return
        where = (" <i>" + html.escape(_("(click the space on the map, or type its name)"))
                 + "</i>" if isinstance(q, MapClick) else "")
        # a rule's text may state the answer: the question's chips come with the verdict
        self.q_prompt.value = ("<div style='background:#eef3fd;padding:6px 8px;"
                               "border-left:4px solid #0b57d0;margin-top:6px'><b>"
                               + html.escape(_("Question.")) + "</b> "
                               + inline(shown(q.prompt)) + where + "</div>")
        if isinstance(q, Choice):
            self.q_choices.options = q.shown_options()
            self.q_choices.value = None
            self.q_choices.layout.display = ""
            self.q_text.layout.display = "none"
        else:
            self.q_choices.options = []
            self.q_choices.layout.display = "none"
            self.q_text.layout.display = ""
            self.q_text.value = ""
        prior = self.results.get(self.index)
        if prior is not None:
            self.q_feedback.value = self._verdict(q.grade(self.answers[self.index][-1]))

    def _verdict(self, graded: Graded) -> str:
        """The verdict, with the question's rule chips (held back until the class answered:
        the hint after a wrong answer points at them)."""
        q = self.step.question
        cites = citations(q.rules) if q is not None else ""
        return verdict_html(graded) + cites

    @speaking
    def submit(self, answer: object = None) -> Graded:
        """Grade ``answer`` (default: what is selected or typed) for this step's question."""
        q = self.step.question
        if q is None:
            raise ValueError("this step has no question")
        if answer is None:
            answer = self.q_choices.value if isinstance(q, Choice) else self.q_text.value
        graded = q.grade(answer)
        if answer is not None and str(answer).strip():
            given = answer
            if isinstance(q, MapClick) and isinstance(answer, str):
                given = space_name(self.game, answer)
            elif (isinstance(q, Choice) and isinstance(answer, int)
                  and not isinstance(answer, bool) and 0 <= answer < len(q.options)):
                # the teacher's tally reads the option, not its index
                given = shown(q.options[answer])
            self.answers.setdefault(self.index, []).append(str(given).strip())
            self.results[self.index] = graded.ok
        self.q_feedback.value = self._verdict(graded)
        self._show_teacher()
        return graded

    @speaking
    def _on_click(self, trace: Any, points: Any, _state: Any) -> None:
        if not points.point_inds:
            return
        q = self.step.question
        ids = trace.customdata
        if not isinstance(q, MapClick) or ids is None:
            return
        i = int(points.point_inds[0])
        if 0 <= i < len(ids):
            self.submit(str(ids[i]))

    @speaking
    def _show_teacher(self) -> None:
        if not self.teacher.value:
            self.teacher_box.value = ""
            return
        self.teacher_box.value = teacher_html(self.step, self.answers.get(self.index, []),
                                              self.results)

    # ------------------------------------------------------------------ try it
    def _draw_try(self, step: Step) -> None:
        t = step.try_it
        self.try_box.layout.display = "" if t is not None else "none"
        self.t_feedback.value = ""
        if t is None:
            return
        self.trial_start = self.game.copy()
        self.t_task.value = ("<div style='background:#e8f5e9;padding:6px 8px;"
                             "border-left:4px solid #2e7d32;margin-top:6px'><b>"
                             + html.escape(_("Try it yourself.")) + "</b> "
                             + inline(shown(t.task)) + citations(t.rules) + "</div>")
        self._refresh_actions()

    def _refresh_actions(self) -> None:
        game = self.game
        legal = game.legal_actions()
        self.t_prompt.value = ("<div style='font-size:13px;color:#333'>"
                               + inline(screen_words(game, game.prompt.text) if not game.is_over
                                        else _("The game is over.")) + "</div>")
        self.t_actions.options = [(action_words(game, a), str(a)) for a in legal]
        self.t_actions.value = str(legal[0]) if legal else None
        played = len(game.history) - len(self.trial_start.history) if self.trial_start else 0
        self.t_undo.disabled = played <= 0
        self.t_play.disabled = not legal

    @speaking
    def try_play(self, action: str | None = None) -> None:
        """Play ``action`` (default: the one selected) on the class's copy of the board."""
        t = self.step.try_it
        if t is None or self.trial_start is None:
            raise ValueError("this step has no try-it task")
        action = action or self.t_actions.value
        if action is None:
            return
        played = len(self.game.history) - len(self.trial_start.history)
        if played >= t.max_actions:
            self.t_feedback.value = status_box("#fdecea", html.escape(_(
                "That is enough moves for this task: press Check, or Start again.")))
            return
        self.game.apply(action)
        self.t_feedback.value = ""
        self._refresh_actions()
        self._draw_board()

    @speaking
    def try_undo(self) -> None:
        if self.trial_start is not None and len(self.game.history) > len(
                self.trial_start.history):
            self.game.undo()
            self._refresh_actions()
            self._draw_board()

    @speaking
    def try_reset(self) -> None:
        if self.trial_start is not None:
            self.game = self.trial_start.copy()
            self.t_feedback.value = ""
            self._refresh_actions()
            self._draw_board()

    @speaking
    def check(self) -> Graded:
        """Judge what the class did on the board against the step's task."""
        t = self.step.try_it
        if t is None or self.trial_start is None:
            raise ValueError("this step has no try-it task")
        verdict = t.check(self.trial_start, self.game)
        graded = Graded(verdict.ok, verdict.text if verdict.ok
                        else _("{verdict} Hint: {hint}").format(verdict=verdict.text,
                                                                hint=shown(t.hint)))
        self.results[self.index] = verdict.ok
        self.t_feedback.value = verdict_html(graded)
        self._show_teacher()
        return graded
