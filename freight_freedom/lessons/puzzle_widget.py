"""PuzzleWidget: one puzzle at a time, the board beside its question; the engine grades.

The choices are the puzzle's legal first decisions in words, and on a Freedom map only their
destinations are ringed (the game's entry marks them). An answer is graded by the proof
(:func:`~.puzzles.solve`, run once per puzzle when first answered): "best", "good" or "costs
you N", measured against the best of every decision the question permits, with the reason and
the best line. The teacher's switch shows the proof: the value of every choice, in words, and
how many positions the search visited.

Every word is in the widget's language (``PuzzleWidget(puzzles, lang="es")``; by default the
language of the :func:`~freight_freedom.core.i18n.using` block it is made in, else the
package's), as the lesson widget's (:mod:`.widget`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..core.i18n import _, using
from ..core.say import shown
from .map_marks import CSS, scaled_map_css
from .puzzles import EPS, Puzzle, Solution, amount, grade, say, solve
from .screen_text import speaking, widget_language
from .text import inline, to_html

COLOURS = {"best": "#e3f4e1", "good": "#fff4d6", "costs": "#fdecea"}


class PuzzleWidget(widgets.VBox):  # type: ignore[misc]
    """The puzzles ``puzzles``, one at a time; ``lang``: the language of its words (``None``:
    the language of the :func:`~freight_freedom.core.i18n.using` block it is made in, else the
    package's)."""

    def __init__(self, puzzles: list[Puzzle], *, lang: str | None = None) -> None:
        #: the language of the widget's words (None: the package's default)
        self.lang = widget_language(lang)
        super().__init__(layout=widgets.Layout(width="100%"))
        with using(self.lang):
            self._build(puzzles)

    def _build(self, puzzles: list[Puzzle]) -> None:
        self.add_class("ff-puzzle")
        self.puzzles = puzzles
        self.solutions: dict[str, Solution] = {}
        self.picker = widgets.Dropdown(
            options=[(f"{i + 1}. {shown(p.title)}", i) for i, p in enumerate(puzzles)],
            description=_("Puzzle:"), layout=widgets.Layout(width="420px"))
        self.picker.observe(lambda _c: self.show(self.picker.value), names="value")
        self.teacher = widgets.ToggleButton(description=_("Teacher view"), icon="eye")
        self.teacher.observe(lambda _c: self._proof(), names="value")
        self.question = widgets.HTML()
        self.choices = widgets.RadioButtons(options=[], value=None,
                                            layout=widgets.Layout(width="auto"))
        self.answer_button = widgets.Button(description=_("Answer"), icon="check",
                                            button_style="primary")
        self.answer_button.on_click(lambda _b: self.answer())
        self.feedback = widgets.HTML()
        self.proof = widgets.HTML()
        self.board = widgets.Output(layout=widgets.Layout(flex="0 0 auto"))
        self.figure: Any = None  # the map (a FigureWidget) of the puzzle shown
        column = widgets.VBox([self.question, self.choices, self.answer_button, self.feedback,
                               self.proof],
                              layout=widgets.Layout(flex="1 1 300px", min_width="300px",
                                                    max_width="520px", padding="0 0 0 10px"))
        column.add_class("ff-text")
        for part in column.children:  # above the map on a narrow page: keep their height
            part.layout.flex = "0 0 auto"
        # the map's scaling rules (as the lesson's, :data:`.widget.CSS`): the question beside
        # the map down to 0.8 of its size, above it on a narrower page
        self.figure_style = widgets.HTML(layout=widgets.Layout(display="none"))
        row = widgets.HBox([self.board, column],
                           layout=widgets.Layout(width="100%", flex_flow="row wrap",
                                                 align_items="flex-start"))
        row.add_class("ff-puzzle-board")
        self.children = [widgets.HTML(CSS, layout=widgets.Layout(display="none")),
                         self.figure_style, widgets.HBox([self.picker, self.teacher]), row]
        self.index = 0
        self.show(0)

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @speaking
    def show(self, index: int) -> None:
        import plotly.graph_objects as go

        self.index = index
        p = self.puzzle
        game = p.build()
        self.question.value = (f"<h3 style='margin:0 0 6px 0'>{inline(shown(p.title))}</h3>"
                               + to_html(shown(p.question)))
        self.choices.options = [(say(game, a), str(a)) for a in game.legal_actions()
                                if str(a) in p.options]
        self.choices.value = None
        self.feedback.value = ""
        self._proof()
        fig = game.figure()
        ring_choices(fig, game, p.options)
        if fig.layout.width is None:
            fig.layout.width = 780
        widget = go.FigureWidget(fig)
        widget._config = {"displayModeBar": False}
        self.figure = widget
        width, height = int(fig.layout.width), int(fig.layout.height or 0)
        holder = widgets.Box([widget], layout=widgets.Layout(
            flex="0 0 auto", width=f"{width}px", min_width=f"{width}px"))
        holder.add_class("ff-map")
        self.figure_style.value = scaled_map_css(self, width, height) if height else ""
        row = self.children[-1]
        row.children = [holder, row.children[-1]]

    def solution(self) -> Solution:
        p = self.puzzle
        if p.key not in self.solutions:
            self.solutions[p.key] = solve(p)
        return self.solutions[p.key]

    @speaking
    def answer(self, action: str | None = None) -> tuple[str, str]:
        action = action or self.choices.value
        if action is None:
            first = _("Choose an answer first.")
            self.feedback.value = html.escape(first)
            return "costs", first
        verdict, text = grade(self.puzzle, action, self.solution())
        self.feedback.value = (f"<div role='status' style='padding:4px 8px;background:"
                               f"{COLOURS[verdict]}'>{inline(text)}</div>")
        return verdict, text

    @speaking
    def _proof(self) -> None:
        if not self.teacher.value:
            self.proof.value = ""
            return
        sol = self.solution()
        p = self.puzzle
        game = p.build()
        best = sol.values[p.answer]

        def against(action: str, value: float) -> str:
            if action == p.answer:
                return html.escape(_("best"))
            # TRANSLATORS: a choice's value against the best one: "2 people less", "$1 less"
            return inline(_("{amount} less").format(amount=amount(best - value, p.unit)))

        rows = "".join(f"<tr><td>{inline(say(game, a))}</td><td>{against(a, v)}</td></tr>"
                       for a, v in sol.ranking(p.options))
        if p.chance is not None:
            searched = _("every legal line searched and averaged over every Movement card that "
                         "can come up next ({nodes} positions)").format(nodes=sol.nodes)
        else:
            searched = _("every legal line searched ({nodes} positions)").format(nodes=sol.nodes)
        permitted = p.permitted(game)
        if p.allowed is None:
            scope = _("every legal first decision")
        else:
            scope = _("all {n} first decisions the question permits").format(n=len(permitted))
        only = all(sol.values[a] < best - EPS for a in permitted if a != p.answer)
        if only:
            verdict = html.escape(_("the answer is the only best of {scope}").format(scope=scope))
        else:
            # TRANSLATORS: keep the <b> and </b> around the words that say it is not the only best
            verdict = _("<b>the answer is not the only best</b> of {scope}").format(
                scope=html.escape(scope))
        proof = html.escape(_("Proof"))
        tail = html.escape(_("Each choice against the best:"))
        self.proof.value = (f"<div style='background:#fff4d6;padding:4px 8px'><b>{proof}</b>: "
                            f"{html.escape(searched)}; {verdict}. {tail}<table>{rows}</table>"
                            f"</div>")


def ring_choices(fig: Any, game: Any, options: tuple[str, ...]) -> None:
    """Mark the puzzle's choices on its figure the game's way (its entry's ``puzzle_marks``:
    on a Freedom map only their destinations are ringed); a game without marks keeps its
    figure as it is."""
    from ..core.registry import find

    entry = find(game)
    if entry is not None and entry.puzzle_marks is not None:
        entry.puzzle_marks(fig, game, options)
