"""PuzzleWidget: one puzzle at a time, the board beside its question; the engine grades.

The choices are the puzzle's legal first decisions in words, and on a Freedom map only their
destinations are ringed (the game's entry marks them). An answer is graded by the proof
(:func:`~.puzzles.solve`, run once per puzzle when first answered): "best", "good" or "costs
you N", measured against the best of every decision the question permits, with the reason and
the best line. The teacher's switch shows the proof: the value of every choice, in words, and
how many positions the search visited.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from .map_marks import CSS, scaled_map_css
from .puzzles import EPS, Puzzle, Solution, amount, grade, say, solve
from .text import inline, to_html

COLOURS = {"best": "#e3f4e1", "good": "#fff4d6", "costs": "#fdecea"}


class PuzzleWidget(widgets.VBox):  # type: ignore[misc]
    def __init__(self, puzzles: list[Puzzle]) -> None:
        super().__init__(layout=widgets.Layout(width="100%"))
        self.add_class("ff-puzzle")
        self.puzzles = puzzles
        self.solutions: dict[str, Solution] = {}
        self.picker = widgets.Dropdown(
            options=[(f"{i + 1}. {p.title}", i) for i, p in enumerate(puzzles)],
            description="Puzzle:", layout=widgets.Layout(width="420px"))
        self.picker.observe(lambda _c: self.show(self.picker.value), names="value")
        self.teacher = widgets.ToggleButton(description="Teacher view", icon="eye")
        self.teacher.observe(lambda _c: self._proof(), names="value")
        self.question = widgets.HTML()
        self.choices = widgets.RadioButtons(options=[], value=None,
                                            layout=widgets.Layout(width="auto"))
        self.answer_button = widgets.Button(description="Answer", icon="check",
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

    def show(self, index: int) -> None:
        import plotly.graph_objects as go

        self.index = index
        p = self.puzzle
        game = p.build()
        self.question.value = (f"<h3 style='margin:0 0 6px 0'>{inline(p.title)}</h3>"
                               + to_html(p.question))
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

    def answer(self, action: str | None = None) -> tuple[str, str]:
        action = action or self.choices.value
        if action is None:
            self.feedback.value = "Choose an answer first."
            return "costs", "Choose an answer first."
        verdict, text = grade(self.puzzle, action, self.solution())
        self.feedback.value = (f"<div role='status' style='padding:4px 8px;background:"
                               f"{COLOURS[verdict]}'>{inline(text)}</div>")
        return verdict, text

    def _proof(self) -> None:
        if not self.teacher.value:
            self.proof.value = ""
            return
        sol = self.solution()
        p = self.puzzle
        game = p.build()
        best = sol.values[p.answer]
        rows = "".join(
            f"<tr><td>{inline(say(game, a))}</td><td>"
            f"{'best' if a == p.answer else inline(amount(best - v, p.unit)) + ' less'}</td></tr>"
            for a, v in sol.ranking(p.options))
        how = (" and averaged over every Movement card that can come up next"
               if p.chance is not None else "")
        permitted = p.permitted(game)
        scope = ("every legal first decision" if p.allowed is None
                 else f"all {len(permitted)} first decisions the question permits")
        only = all(sol.values[a] < best - EPS for a in permitted if a != p.answer)
        verdict = (f"the answer is the only best of {scope}" if only
                   else f"<b>the answer is not the only best</b> of {scope}")
        self.proof.value = (f"<div style='background:#fff4d6;padding:4px 8px'><b>Proof</b>: "
                            f"every legal line searched{how} ({sol.nodes} positions); "
                            f"{verdict}. Each choice against the best:<table>{rows}</table>"
                            f"</div>")


def ring_choices(fig: Any, game: Any, options: tuple[str, ...]) -> None:
    """Mark the puzzle's choices on its figure the game's way (its entry's ``puzzle_marks``:
    on a Freedom map only their destinations are ringed); a game without marks keeps its
    figure as it is."""
    from ..core.registry import find

    entry = find(game)
    if entry is not None and entry.puzzle_marks is not None:
        entry.puzzle_marks(fig, game, options)
