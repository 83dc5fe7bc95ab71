"""The evaluation bar, the Hint button and the chart of the bar over the game.

:class:`EvalBar` shows :func:`~freight_freedom.analysis.advise.advise`'s answer for the position
of the app's game: Freedom's chance of victory (and of each way of losing), Slow Freight's chance
of winning for every seat, each with its 95% interval and what it assumes ("if everyone plays
like the heuristic bot from here"). "Hint" scores the candidate moves and shows the best three
with their effect, marking their buttons in the action panel. "Over the game" draws the bar at
positions spread over the history ("where did we lose it?").

It never blocks the app: every evaluation runs in a background thread, the rollouts themselves in
worker processes (every core but the kernel's; in the thread where there are none) at a lowered
priority (``advise(..., background=True)``), so a click is never slowed. Each is
tagged with the position it is about, and a new position cancels the stale one, so an answer is
only ever shown for the position on screen. While it works, the bar says so ("thinking (bar)...
40/100"). The bar is off until its toggle is ticked.
``background=False`` runs everything at once, in the caller's thread (tests, notebooks).
"""

from __future__ import annotations

import contextvars
import html
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..analysis.advise import Advice, Cancelled, advise
from ..analysis.trajectory import trajectory, trajectory_figure
from ..core.i18n import N_, _, ngettext
from ..core.registry import find
from .words import rule_free

COLOURS = ("#1b7837", "#b2182b", "#2166ac", "#e08214")
HINT_STYLE = "success"
#: rollouts per batch in the app: a click cancels the evaluation of the position it leaves, and
#: the batches already handed to the worker (a few tens of ms each) are all that still run
APP_CHUNK = 5
#: what the bar is busy with, in words (``thinking (bar)...``)
WORK = {"bar": N_("bar"), "hint": N_("hint"), "chart": N_("chart")}


def cooperative(advice: Advice) -> bool:
    """Whether the advised game is won or lost together (the registry says so)."""
    entry = find(advice.game)
    return entry is not None and entry.cooperative


def bar_html(advice: Advice) -> str:
    """The bar itself: one green bar (a cooperative game: Freedom) or one segment per seat
    (Slow Freight)."""
    fig = advice.figures
    if cooperative(advice):  # the team's chance of victory
        v = fig.win[0]
        pct = 100 * v.mean
        lo, hi = 100 * v.low, 100 * v.high
        lost = ", ".join(f"{name} {100 * e.mean:.0f}%" for name, e in fig.endings.items()
                         if name != "victory")
        head = _("Chance of victory: {pct}%").format(pct=f"{pct:.0f}")
        said = _("{chance} from here").format(chance=chance_words(v.mean))
        detail = _("(95%: {low}-{high}%; lose by {ways})").format(
            low=f"{lo:.0f}", high=f"{hi:.0f}", ways=lost)
        meter = html.escape(_("Chance of victory"), quote=True)
        return (
            f"<div style='font-size:13px'><b>{head}</b>, "
            f"{said} <span style='color:#666'>{detail}</span></div>"
            f"<div role='meter' aria-label='{meter}' aria-valuemin='0' "
            f"aria-valuemax='100' aria-valuenow='{pct:.0f}' style='position:relative;"
            "height:14px;background:#f3d9d9;border:1px solid #999;border-radius:3px'>"
            f"<div style='position:absolute;left:0;top:0;bottom:0;width:{pct:.1f}%;"
            f"background:{COLOURS[0]}'></div>"
            f"<div style='position:absolute;left:{lo:.1f}%;width:{max(0.5, hi - lo):.1f}%;"
            "top:5px;height:4px;background:rgba(255,255,255,.6)'></div></div>"
        )
    parts = []
    labels = []
    for seat, v in enumerate(fig.win):
        colour = COLOURS[seat % len(COLOURS)]
        title = html.escape(_("Player {n}: {chance}").format(n=seat + 1, chance=v.percent()),
                            quote=True)
        short = _("P{n} {pct}%").format(n=seat + 1, pct=f"{100 * v.mean:.0f}")
        detail = _("({low}-{high}%, score {score})").format(
            low=f"{100 * v.low:.0f}", high=f"{100 * v.high:.0f}",
            score=f"{advice.score[seat].mean:.0f}")
        parts.append(f"<div title='{title}' style='width:"
                     f"{100 * v.mean:.1f}%;background:{colour}'></div>")
        labels.append(f"<span style='color:{colour}'><b>{short}</b>"
                      f" <span style='color:#666'>{detail}</span></span>")
    head = _("Chance of winning:")
    img = html.escape(_("Chances of winning by player"), quote=True)
    return (
        f"<div style='font-size:13px'><b>{head}</b> {' &middot; '.join(labels)}"
        f"</div><div role='img' aria-label='{img}' style='display:flex;"
        f"height:14px;border:1px solid #999;border-radius:3px'>{''.join(parts)}</div>"
    )


def chance_words(p: float, what: str | None = None) -> str:
    """An estimated chance as a student says it: ``0.68`` -> ``"about 7 in 10 games won"``.

    >>> chance_words(0.68), chance_words(0.02), chance_words(0.97)
    ('about 7 in 10 games won', 'fewer than 1 in 20 games won', 'almost every game won')
    """
    what = _("won") if what is None else what
    if p < 0.05:
        return _("fewer than 1 in 20 games {what}").format(what=what)
    if p > 0.95:
        return _("almost every game {what}").format(what=what)
    return _("about {n} in 10 games {what}").format(n=max(1, min(9, round(10 * p))), what=what)


def hints_html(advice: Advice, k: int = 3, words: Callable[[str], str] = rule_free) -> str:
    """The best ``k`` moves, each with its estimate in words ("about 7 in 10 games won from
    here") and, in grey, the percentage and its change against the position now."""
    seat = advice.seat
    now = advice.win[seat]
    if not advice.actions:
        return "<i>" + html.escape(_("No choice to hint at.")) + "</i>"
    won = _("won") if cooperative(advice) else _("won by Player {n}").format(n=seat + 1)
    rows = []
    for choice in advice.best(k):
        v = choice.figures.win[seat]
        delta = 100 * (v.mean - now.mean)
        points = f"{abs(delta):.0f}"
        change = (_("about the same as now") if abs(delta) < 1
                  else _("{n} points better than now").format(n=points) if delta > 0
                  else _("{n} points worse than now").format(n=points))
        said = _("{chance} from here").format(chance=chance_words(v.mean, won))
        rows.append(f"<li><b>{html.escape(words(choice.label))}</b>: "
                    f"{said} <span style='color:#666'>"
                    f"({v.percent()}, {change})</span></li>")
    considered = len(advice.actions)
    compared = (_("the only choice") if considered == 1
                else _("{n} choices compared").format(n=considered))
    head = _("Hint")
    rest = ngettext("(best first; {compared} on {n} imagined games each):",
                    "(best first; {compared} on {n} imagined games each):",
                    advice.actions[0].figures.rollouts).format(
        compared=compared, n=advice.actions[0].figures.rollouts)
    return (f"<div style='font-size:13px'><b>{head}</b> {rest}"
            f"<ol style='margin:2px 0;padding-left:20px'>{''.join(rows)}"
            "</ol></div>")


def _can_fork() -> bool:
    import sys

    return sys.platform != "emscripten"


def default_jobs() -> int:
    """Worker processes for the bar: every core but one (the kernel's), at least one."""
    import os

    return max(1, (os.cpu_count() or 1) - 1) if _can_fork() else 1


class EvalBar:
    """The bar, its toggle, the Hint button and the chart; ``update(game)`` after each move.

    ``panel``: the app's :class:`~freight_freedom.ui.action_panel.ActionPanel`, whose buttons of
    hinted moves are marked; ``on_hint(actions)``: shows the best moves elsewhere (the app
    numbers them on the map). ``rollouts``: per position; ``hint_rollouts``: per candidate move;
    ``hint_actions``: candidate moves compared (the rollout policy's own choice and a sample).
    ``settle``: seconds a new position waits before it is evaluated (the click is drawn first).
    ``words``: the game's on-screen words, for the hinted moves.
    """

    def __init__(self, get_game: Callable[[], Any], *, panel: Any = None,
                 on_hint: Callable[[list[Any]], None] | None = None, rollouts: int = 100,
                 hint_rollouts: int = 40, hint_actions: int = 8, n_jobs: int | None = None,
                 background: bool = True, seed: int = 0, settle: float = 0.3,
                 words: Callable[[str], str] = rule_free,
                 within: Callable[[Callable[..., Any]], Callable[..., Any]] = lambda f: f,
                 ) -> None:
        self.words = words
        self.get_game = get_game
        self.panel = panel
        self.on_hint = on_hint
        self.rollouts = rollouts
        self.hint_rollouts = hint_rollouts
        self.hint_actions = hint_actions
        # worker processes leave the kernel's own core free, so a click is never slowed; where
        # there are none (JupyterLite) the rollouts run in the background thread
        self.n_jobs = default_jobs() if n_jobs is None else n_jobs
        self.processes = n_jobs is None and _can_fork()
        self.background = background
        self.settle = settle
        self.seed = seed
        self.advice: Advice | None = None
        self.hint: Advice | None = None
        self.errors: list[BaseException] = []
        self._lock = threading.Lock()
        self._generation = 0
        self._position: tuple[int, tuple[Any, ...]] | None = None
        self._threads: list[threading.Thread] = []
        self._marked: list[Any] = []
        self._busy: set[tuple[int, object]] = set()

        self.toggle = widgets.Checkbox(value=False, indent=False,
                                       layout=widgets.Layout(width="auto"))
        self.hint_button = widgets.Button(icon="lightbulb-o", layout=widgets.Layout(width="auto"))
        self.chart_button = widgets.Button(icon="line-chart", layout=widgets.Layout(width="auto"))
        self.relabel()
        self.status = widgets.HTML()
        self.bar = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.note = widgets.HTML()
        self.hints = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.chart = widgets.Box(layout=widgets.Layout(width="100%"))
        # ``within``: the app's language for what the clicks write (the threads inherit it)
        self.toggle.observe(within(lambda _c: self.update(self.get_game(), force=True)),
                            names="value")
        self.hint_button.on_click(within(lambda _b: self.ask_hint()))
        self.chart_button.on_click(within(lambda _b: self.ask_chart()))
        row = widgets.HBox([self.toggle, self.hint_button, self.chart_button, self.status],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.widget = widgets.VBox([row, self.bar, self.note, self.hints, self.chart],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class("ff-evalbar")
        self.bar.add_class("ff-evalbar-bar")
        self.status.add_class("ff-evalbar-status")
        self.hints.add_class("ff-evalbar-hints")
        self.hint_button.add_class("ff-hint")
        self.toggle.add_class("ff-evalbar-toggle")

    def relabel(self) -> None:
        """Put the toggle's and the buttons' words in the current language."""
        self.toggle.description = _("Evaluation bar")
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("Show the 3 most promising choices")
        self.chart_button.description = _("Over the game")
        self.chart_button.tooltip = _("The bar at positions spread over the game")

    def cancel(self) -> None:
        """A click arrived: stop the evaluation under way at once (the worker finishes only the
        batch it holds), before the click is even played; the next :meth:`update` starts
        again."""
        self._new_generation()
        self._position = None

    def _settle(self, cancel: Callable[[], bool]) -> None:
        """Wait ``settle`` seconds before evaluating a new position (in the background only):
        the click's redraw is sent and drawn first, and a quick run of moves (bots answering)
        starts no evaluation of a position already gone."""
        if not self.background:
            return
        deadline = time.monotonic() + self.settle
        while time.monotonic() < deadline:
            if cancel():
                raise Cancelled
            time.sleep(0.02)

    # ------------------------------------------------------------------ state
    @property
    def thinking(self) -> bool:
        return any(t.is_alive() for t in self._threads)

    def wait(self, timeout: float = 60.0) -> None:
        """Wait for the evaluations under way (tests and notebooks)."""
        for thread in list(self._threads):
            thread.join(timeout)

    def _key(self, game: Any) -> tuple[int, tuple[Any, ...]]:
        return (id(game), tuple(game.history))

    def _new_generation(self) -> int:
        with self._lock:
            self._generation += 1
            return self._generation

    def _current(self, generation: int) -> bool:
        return generation == self._generation

    def _run(self, generation: int, work: Callable[[Callable[[], bool]], Any],
             done: Callable[[Any], None], what: str) -> None:
        """Run ``work(cancel)`` (in a thread unless ``background=False``), then ``done(result)``
        if the position has not changed meanwhile."""
        def cancel() -> bool:
            return not self._current(generation)

        def body() -> None:
            try:
                result = work(cancel)
            except Cancelled:
                return
            except Exception as exc:  # noqa: BLE001 - shown, never raised into the kernel
                self.errors.append(exc)
                if self._current(generation):
                    failed = _("{what} failed: {error}").format(what=_(WORK[what]),
                                                               error=str(exc))
                    self.status.value = (f"<span style='color:#b00'>{html.escape(failed)}"
                                         "</span>")
                return
            finally:
                with self._lock:
                    self._busy.discard(token)
            if self._current(generation):
                done(result)
                with self._lock:
                    idle = not any(g == generation for g, _ in self._busy)
                if idle:
                    self.status.value = ""

        token = (generation, object())
        with self._lock:
            self._busy.add(token)
        self.status.value = "<i>" + _("thinking ({what})...").format(what=_(WORK[what])) + "</i>"
        if not self.background:
            body()
            return
        self._threads = [t for t in self._threads if t.is_alive()]
        # the thread writes in the language of the app that asked (a copy of its context)
        thread = threading.Thread(target=contextvars.copy_context().run, args=(body,),
                                  name=f"evalbar-{what}", daemon=True)
        self._threads.append(thread)
        thread.start()

    def _progress(self, generation: int, what: str) -> Callable[[int, int], None]:
        def show(done: int, total: int) -> None:
            if self._current(generation) and done < total:
                words = _("thinking ({what})... {done}/{total}").format(
                    what=_(WORK[what]), done=done, total=total)
                self.status.value = f"<i>{words}</i>"
        return show

    # ------------------------------------------------------------------ actions
    def update(self, game: Any, *, force: bool = False) -> None:
        """The position changed (or may have): cancel stale work, start the new evaluation."""
        key = self._key(game)
        if key == self._position and not force:
            return
        if find(game) is None:  # a game the advisor does not know (a test game): no bar
            self.widget.layout.display = "none"
            return
        self.widget.layout.display = ""
        self._position = key
        generation = self._new_generation()
        self.hint = None
        self.hints.value = ""
        self.chart.children = ()
        self._unmark()
        self.hint_button.disabled = game.is_over
        if not self.toggle.value or game.is_over:
            self.advice = None
            self.bar.value = self.note.value = self.status.value = ""
            if game.is_over and self.toggle.value:
                over = html.escape(str(game.outcome))
                self.bar.value = f"<div style='font-size:13px'>{over}</div>"
            return
        position = game.copy()

        def work(cancel: Callable[[], bool]) -> Advice:
            self._settle(cancel)
            return advise(position, rollouts=self.rollouts, seed=self.seed, n_jobs=self.n_jobs,
                          chunk=APP_CHUNK, background=True,
                          processes=self.processes, cancel=cancel,
                          progress=self._progress(generation, "bar"))

        def done(advice: Advice) -> None:
            self.advice = advice
            self.bar.value = bar_html(advice)
            self.note.value = (f"<div style='font-size:13px;color:#555'>If "
                               f"{html.escape(advice.assumption)}.</div>")

        self._run(generation, work, done, "bar")

    def ask_hint(self) -> None:
        """Score the candidate moves of the position on screen; show and mark the best 3."""
        game = self.get_game()
        if game.is_over:
            self.hints.value = "<i>" + html.escape(_("The game is over.")) + "</i>"
            return
        generation = self._generation
        position = game.copy()

        def work(cancel: Callable[[], bool]) -> Advice:
            return advise(position, rollouts=self.hint_rollouts, seed=self.seed,
                          n_jobs=self.n_jobs, processes=self.processes,
                          actions=self.hint_actions, cancel=cancel, chunk=APP_CHUNK,
                          background=True, progress=self._progress(generation, "hint"))

        def done(advice: Advice) -> None:
            self.hint = advice
            self.hints.value = hints_html(advice, words=self.words)
            best = [a.action for a in advice.best(3)]
            self._mark(best)
            if self.on_hint is not None:
                self.on_hint(best)

        self._run(generation, work, done, "hint")

    def ask_chart(self) -> None:
        """Draw the bar over the game so far (positions spread over the history)."""
        game = self.get_game()
        generation = self._generation
        snapshot = game.copy()

        def work(cancel: Callable[[], bool]) -> Any:
            points = trajectory(snapshot, points=16, rollouts=max(20, self.rollouts // 3),
                                seed=self.seed, n_jobs=self.n_jobs, processes=self.processes,
                                cancel=cancel, background=True)
            return trajectory_figure(points)

        def done(fig: Any) -> None:
            import plotly.graph_objects as go

            self.figure = go.FigureWidget(fig)
            self.chart.children = (self.figure,)

        self._run(generation, work, done, "chart")

    # ------------------------------------------------------------------ marking
    def _mark(self, actions: list[Any]) -> None:
        self._unmark()
        buttons = getattr(self.panel, "buttons", {}) if self.panel is not None else {}
        for rank, action in enumerate(actions, 1):
            button = buttons.get(action)
            if button is not None:
                self._marked.append((button, button.button_style, button.tooltip))
                button.button_style = HINT_STYLE
                button.tooltip = _("Hint {rank}: {choice}").format(rank=rank,
                                                                  choice=button.tooltip)

    def _unmark(self) -> None:
        for button, style, tooltip in self._marked:
            button.button_style = style
            button.tooltip = tooltip
        self._marked = []
