"""The evaluation bar and the Hint button in the play app (in-process, no browser)."""

from __future__ import annotations

import time

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.ui.app import GameApp
from freight_freedom.ui.evalbar import EvalBar


def _app(game: object, *, background: bool = False) -> GameApp:
    app = GameApp(game)  # type: ignore[arg-type]
    bar = app.evalbar
    bar.background = background
    bar.rollouts, bar.hint_rollouts, bar.n_jobs, bar.processes = 12, 6, 1, False
    return app


def test_bar_is_off_until_toggled_and_placed_after_the_choices() -> None:
    app = _app(SlowFreight(players=2, seed=1))
    bar = app.evalbar
    children = list(app.column.children)
    # after the choices (and Undo / Redo): the keyboard reaches the game's choices first
    assert children.index(bar.widget) > children.index(app.actions.widget)
    assert bar.bar.value == "" and bar.advice is None and not bar.thinking
    bar.toggle.value = True
    assert bar.advice is not None and "Chance of winning" in bar.bar.value
    assert "greedy bot" in bar.note.value and bar.status.value == ""
    assert bar.advice.step == 0
    app.actions.press(app.game.legal_actions()[0])  # a move: the bar follows the position
    assert bar.advice.step == len(app.game.history)
    bar.toggle.value = False
    assert bar.bar.value == "" and bar.advice is None


def test_hint_shows_three_and_marks_their_buttons() -> None:
    app = _app(SlowFreight(players=3, seed=5))
    bar = app.evalbar
    bar.hint_button.click()
    assert bar.hint is not None
    best = [a.action for a in bar.hint.best(3)]
    assert len(best) == 3 and bar.hints.value.count("<li>") == 3
    marked = [a for a, b in app.actions.buttons.items() if b.button_style == "success"]
    assert set(marked) <= set(best) and marked
    assert all(app.actions.buttons[a].tooltip.startswith("Hint ") for a in marked)
    app.actions.press(best[0])  # a move clears the hint and its marks
    assert bar.hints.value == "" and bar.hint is None
    assert not any(b.button_style == "success" for b in app.actions.buttons.values())


def test_freedom_bar_and_chart() -> None:
    app = _app(Freedom(players=2, seed=2))
    bar = app.evalbar
    bar.toggle.value = True
    assert "Chance of victory" in bar.bar.value and "time ran out" in bar.bar.value
    for _ in range(3):
        app.actions.press(app.game.legal_actions()[0])
    bar.ask_chart()
    assert len(bar.chart.children) == 1 and not bar.errors


def test_background_work_never_blocks_and_stale_answers_are_dropped() -> None:
    app = _app(SlowFreight(players=2, seed=9), background=True)
    bar = app.evalbar
    bar.rollouts = 400  # long enough to be overtaken by the next move
    started = time.perf_counter()
    bar.toggle.value = True
    assert time.perf_counter() - started < 0.5  # the toggle returns at once
    assert "thinking" in bar.status.value and bar.thinking
    app.actions.press(app.game.legal_actions()[0])  # the position changes: cancel the old one
    bar.rollouts = 12
    bar.update(app.game, force=True)
    bar.wait()
    assert not bar.thinking and not bar.errors and bar.status.value == ""
    assert bar.advice is not None and bar.advice.step == len(app.game.history)


def test_a_game_the_advisor_does_not_know_hides_the_bar(race: object) -> None:
    app = GameApp(race)  # type: ignore[arg-type]
    assert app.evalbar.widget.layout.display == "none"


def test_evalbar_standalone_defaults() -> None:
    bar = EvalBar(lambda: SlowFreight(players=2, seed=1))
    assert bar.n_jobs >= 1 and bar.toggle.value is False


def test_freedom_hint_numbers_the_best_moves_on_the_map() -> None:
    """A Hint at a movement decision numbers its map moves 1-3 at their destinations; the next
    move clears them."""
    from freight_freedom.freedom import view

    game = Freedom(players=1, seed=2)
    app = _app(game)
    while not any(a.kind == "move" for a in game.legal_actions()):  # buy and play a token
        legal = game.legal_actions()
        wanted = [a for a in legal if a.kind == "play"] or [
            a for a in legal if a.kind not in ("end", "done", "pass", "stop")] or legal
        app.actions.press(wanted[0])
    bar = app.evalbar
    bar.hint_button.click()
    assert bar.hint is not None
    best = [a.action for a in bar.hint.best(3)]
    fig = app.figure
    hints = next(t for t in fig.data if t.name == view.HINTS)
    moves = [a for a in best if view.ends(game, a)[1] is not None]
    assert moves, best
    numbered = [t for t in hints.text if t]
    assert numbered == [str(best.index(a) + 1) for a in moves]
    for rank, action in zip(numbered, moves, strict=True):
        dest = view.geometry(game.ctx.board).xy[view.ends(game, action)[1]]
        k = list(hints.text).index(rank)
        assert (hints.x[k], hints.y[k]) == dest
    app.actions.press(game.legal_actions()[0])
    assert not [t for t in next(t for t in app.figure.data if t.name == view.HINTS).text or ()
                if t]


def test_a_click_cancels_the_evaluation_at_once_and_a_refused_one_restarts_it() -> None:
    """The bar's work stops when a click arrives (before the click is played), and an illegal
    click, which changes nothing, leaves the bar evaluating the same position again."""
    import pytest

    from freight_freedom.core import IllegalAction

    app = _app(SlowFreight(players=2, seed=3), background=True)
    bar = app.evalbar
    bar.settle = 5.0  # the evaluation waits: it is still under way when the click comes
    bar.toggle.value = True
    generation = bar._generation
    assert bar.thinking
    with pytest.raises(IllegalAction):
        app.play("0:take 9 t9")
    assert bar._generation > generation + 1 and bar.thinking  # cancelled, then started again
    app.actions.press(app.game.legal_actions()[0])
    bar.settle = 0.0
    bar.update(app.game, force=True)
    bar.wait()
    assert bar.advice is not None and bar.advice.step == len(app.game.history)


def test_the_bar_s_evaluations_and_only_they_run_at_lowered_priority(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Bar, hint and chart ask ``advise`` for background work (lowered priority); ``advise``
    itself defaults to normal priority, for a person's own call."""
    import inspect

    from freight_freedom.analysis.advise import advise
    from freight_freedom.ui import evalbar

    assert inspect.signature(advise).parameters["background"].default is False
    seen: list[bool] = []

    def spy(real: object) -> object:
        def call(*args: object, **kwargs: object) -> object:
            seen.append(bool(kwargs.get("background")))
            return real(*args, **kwargs)  # type: ignore[operator]
        return call

    monkeypatch.setattr(evalbar, "advise", spy(evalbar.advise))
    monkeypatch.setattr(evalbar, "trajectory", spy(evalbar.trajectory))
    app = _app(SlowFreight(players=2, seed=1))
    bar = app.evalbar
    bar.toggle.value = True
    bar.hint_button.click()
    app.actions.press(app.game.legal_actions()[0])
    bar.ask_chart()
    assert len(seen) >= 3 and all(seen)


def test_the_registry_says_which_game_is_won_together() -> None:
    """The bar's kind comes from the registry (Freedom is cooperative), not from whether the
    advisor happened to count endings."""
    from freight_freedom.analysis.advise import Advice, Estimate, Figures
    from freight_freedom.core.registry import GAMES
    from freight_freedom.ui.evalbar import bar_html, cooperative

    assert GAMES["freedom"].cooperative and not GAMES["slowfreight"].cooperative
    est = Estimate(0.4, 0.3, 0.5, 10)
    team = Advice("freedom", 0, 3, 10, "random", Figures((est,), (est,)))
    seats = Advice("slowfreight", 0, 3, 10, "random", Figures((est, est), (est, est)))
    assert cooperative(team) and not cooperative(seats)
    assert "Chance of victory: 40%" in bar_html(team)
    assert "Chance of winning:" in bar_html(seats) and "P2 40%" in bar_html(seats)
