"""PuzzleWidget: one puzzle at a time, the board beside its question; the engine grades.

The choices are the puzzle's legal first decisions in words. An answer is graded by the proof
(:func:`~.puzzles.solve`, run once per puzzle when first answered): "best", "good" or "costs
you N", with the reason and the best line. The teacher's switch shows the proof: the value of
every choice and how many positions the search visited.
"""

from __future__ import annotations

import ipywidgets as widgets

from .puzzles import Puzzle, Solution, grade, solve
from .text import inline, to_html

COLOURS = {"best": "#e3f4e1", "good": "#fff4d6", "costs": "#fdecea"}


class PuzzleWidget(widgets.VBox):  # type: ignore[misc]
    def __init__(self, puzzles: list[Puzzle]) -> None:
        super().__init__(layout=widgets.Layout(width="100%"))
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
        column = widgets.VBox([self.question, self.choices, self.answer_button, self.feedback,
                               self.proof],
                              layout=widgets.Layout(flex="1 1 320px", min_width="300px",
                                                    max_width="520px", padding="0 0 0 10px"))
        self.children = [widgets.HBox([self.picker, self.teacher]),
                         widgets.HBox([self.board, column],
                                      layout=widgets.Layout(flex_flow="row wrap"))]
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
        self.choices.options = [(game.describe(a), str(a)) for a in game.legal_actions()
                                if str(a) in p.options]
        self.choices.value = None
        self.feedback.value = ""
        self._proof()
        fig = game.figure()
        if fig.layout.width is None:
            fig.layout.width = 780
        widget = go.FigureWidget(fig)
        widget._config = {"displayModeBar": False}
        self.board.outputs = ()
        self.board.layout.width = f"{int(fig.layout.width)}px"
        self.board.children = ()
        self.children[1].children = [widgets.Box([widget]), self.children[1].children[1]]

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
        rows = "".join(f"<tr><td>{inline(a)}</td><td>{v:g}</td></tr>"
                       for a, v in sol.ranking(p.options))
        how = (" and averaged over every Movement card that can come up next"
               if p.chance is not None else "")
        self.proof.value = (f"<div style='background:#fff4d6;padding:4px 8px'><b>Proof</b>: "
                            f"every legal line searched{how} ({sol.nodes} positions). "
                            f"Value of each choice ({inline(p.unit)}):<table>{rows}</table></div>")
