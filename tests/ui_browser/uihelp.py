"""Driving a game app in a real page, and checking it against the engine.

:class:`AppPage` finds the app's pieces the way a user does: buttons by their visible label
(the engine's own ``describe(action)`` text), drop-downs by their option text, tabs by title,
the figure as the page's ``.js-plotly-plot`` (its traces read from plotly.js, ``gd.data``).

The oracle is the engine itself: :meth:`AppPage.saved_game` presses *Save game* and decodes
the download link (a ``data:`` URL with the save file) into a game in this test process, so
every check compares the page with what the engine says of that very game: the legal actions
offered, the figure a fresh ``figure_for(game)`` draws, the log's newest line.
"""

from __future__ import annotations

import ast
import base64
import json
import math
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat

from freight_freedom.ui.adapter import TwoStep, game_view, ui_for
from freight_freedom.ui.display import figure_for


def screen(game: Any, text: str) -> str:
    """An engine text (a prompt, an action's description, an event) as the app shows it: in
    the game's on-screen words (no rule codes; Slow Freight's trains by name)."""
    return ui_for(game).words(text)

ROOT = Path(__file__).resolve().parents[2]
#: Screenshots and save files of the browser tests (gitignored).
ARTIFACTS = ROOT / "test-artifacts" / "ui_browser"

#: The notebooks the browser tests open.
PLAY_FREEDOM = "play_freedom.ipynb"
PLAY_SLOW_FREIGHT = "play_slow_freight.ipynb"
WALKTHROUGH = "freedom_walkthrough.ipynb"

STEPS = re.compile(r"(?:seed|semilla) (\d+) · (\d+) (?:steps|pasos?)")  # English or Spanish
FIGURE_TIMEOUT = 20.0
ACTION_TIMEOUT = 60_000  # ms: an action may make the bots play a whole phase
#: the most a budget is stretched on a busy machine (beyond it, something is wrong)
MAX_SLOWDOWN = 6.0


# ----------------------------------------------------------------------------- budgets
def slowdown() -> float:
    """How many times slower than idle this machine runs now: the 1-minute load average per
    core, at least 1 and at most :data:`MAX_SLOWDOWN`.

    Every wait of the browser tests is a condition with a budget (never a fixed sleep); the
    budgets are what an idle machine needs with room to spare, stretched by this factor when
    other work shares the cores, so a busy laptop is slower but still green.
    ``FREIGHT_FREEDOM_TEST_SLOWDOWN`` sets a floor (a machine known to be slow).
    """
    try:
        per_core = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:  # no load average on this system
        per_core = 1.0
    try:
        floor = float(os.environ.get("FREIGHT_FREEDOM_TEST_SLOWDOWN", "1"))
    except ValueError:
        floor = 1.0
    return min(MAX_SLOWDOWN, max(1.0, floor, per_core))


def budget(seconds: float) -> float:
    """``seconds`` (an idle machine's budget) stretched by the machine's load (:func:`slowdown`)."""
    return seconds * slowdown()


def budget_ms(ms: float) -> int:
    """:func:`budget` in milliseconds, for Playwright's ``timeout=`` arguments."""
    return int(ms * slowdown())


def wait_until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll ``check`` until it returns a truthy value; fail with ``what`` after ``timeout`` s
    (an idle machine's budget, stretched by :func:`budget`)."""
    allowed = budget(timeout)
    deadline = time.monotonic() + allowed
    last: Any = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(0.2)
    raise AssertionError(f"timed out after {allowed:.0f} s (budget {timeout:.0f} s, load factor "
                         f"{allowed / timeout:.1f}) waiting for {what} (last: {last!r})")


def wait_stable(page: Any, js: str, what: str, timeout: float = 10.0, reads: int = 4) -> Any:
    """Wait until the page's ``js`` (an expression of the layout: boxes, sizes) reads the same
    ``reads`` times in a row, 150 ms apart (a resize or relayout has settled); returns it."""
    allowed = budget(timeout)
    deadline = time.monotonic() + allowed
    seen: list[str] = []
    while time.monotonic() < deadline:
        seen.append(json.dumps(page.evaluate(js)))
        if len(seen) >= reads and len(set(seen[-reads:])) == 1:
            return json.loads(seen[-1])
        time.sleep(0.15)
    raise AssertionError(f"timed out after {allowed:.0f} s waiting for {what} to settle "
                         f"(last: {seen[-reads:]})")


# ----------------------------------------------------------------------------- the figure
def plot_data(page: Any, index: int = 0) -> list[dict[str, Any]]:
    """The traces of the ``index``-th plotly plot in the page, as plotly.js holds them."""
    raw = page.evaluate("""i => {
        const gd = document.querySelectorAll('.js-plotly-plot')[i];
        if (!gd || !gd.data) return null;
        const arr = v => (v === undefined || v === null) ? null
            : (typeof v === 'string' ? v : Array.from(v));
        return JSON.stringify(gd.data.map(t => ({
            name: t.name, x: arr(t.x) || [], y: arr(t.y) || [], text: arr(t.text)})));
    }""", index)
    assert raw is not None, "no plotly plot with data in the page"
    return list(json.loads(raw))


def trace(data: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """The trace called ``name``."""
    for t in data:
        if t["name"] == name:
            return t
    raise AssertionError(f"no trace named {name!r} among {[t['name'] for t in data]}")


def drawn_points(page: Any, trace_name: str, index: int = 0) -> int:
    """How many SVG markers plotly drew for the trace ``trace_name`` (what the user sees)."""
    return int(page.evaluate("""([name, i]) => {
        const gd = document.querySelectorAll('.js-plotly-plot')[i];
        const k = gd._fullData.findIndex(t => t.name === name);
        const cd = gd.calcdata[k];
        const node = cd && cd[0] && cd[0].node3 && cd[0].node3.node();
        return node ? node.querySelectorAll('path.point').length : -1;
    }""", [trace_name, index]))


def drawn_texts(page: Any, trace_name: str, index: int = 0) -> list[str]:
    """The texts plotly drew (SVG ``<text>`` of the trace's points), in point order."""
    return [str(t) for t in page.evaluate("""([name, i]) => {
        const gd = document.querySelectorAll('.js-plotly-plot')[i];
        const k = gd._fullData.findIndex(t => t.name === name);
        const cd = gd.calcdata[k];
        const node = cd && cd[0] && cd[0].node3 && cd[0].node3.node();
        if (!node) return [];
        return [...node.querySelectorAll('.textpoint text')].map(t => t.textContent)
            .filter(t => t.trim() !== '');
    }""", [trace_name, index])]


#: The space plotly's hover names under the pointer (its ``customdata``) is ``sid``.
HOVERED_JS = """sid => {
    const gd = document.querySelector('.ff-app .ff-figure .js-plotly-plot');
    const h = gd && gd._hoverdata && gd._hoverdata[0];
    return h && ['spaces', 'targets', 'catchers'].includes(h.data.name) && h.customdata === sid;
}"""

def point_on_screen(page: Any, x: float, y: float, index: int = 0) -> tuple[float, float]:
    """Viewport coordinates of the data point (x, y) of the ``index``-th plot (drawn scaled
    when the app shrinks the map to its board: ``transform: scale``)."""
    pos = page.evaluate("""([x, y, i]) => {
        const gd = document.querySelectorAll('.js-plotly-plot')[i];
        const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
        const r = gd.getBoundingClientRect();
        const s = r.width / gd._fullLayout.width;
        return [r.left + s * (xa._offset + xa.l2p(x)), r.top + s * (ya._offset + ya.l2p(y))];
    }""", [x, y, index])
    return float(pos[0]), float(pos[1])


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(p, q) for p, q in zip(a, b, strict=True))
    return bool(a == b)


def expected_traces(game: Any) -> list[dict[str, Any]]:
    """The traces (name, x, y, text) of the engine's own figure of ``game``."""
    out = []
    for t in figure_for(game).data:
        text = t.text
        out.append({"name": t.name, "x": list(t.x or ()), "y": list(t.y or ()),
                    "text": list(text) if isinstance(text, (list, tuple)) else text})
    return out


def figure_differences(page_traces: list[dict[str, Any]],
                       want: list[dict[str, Any]]) -> list[str]:
    """What differs between the page's traces and the engine's (empty when they agree)."""
    diffs = []
    if [t["name"] for t in page_traces] != [t["name"] for t in want]:
        return [f"trace names {[t['name'] for t in page_traces]} != {[t['name'] for t in want]}"]
    for got, exp in zip(page_traces, want, strict=True):
        if str(exp["name"]).startswith("recent "):
            continue  # "what just happened" arrows: the app's view of the last turn, not state
        for key in ("x", "y", "text"):
            g, e = got[key], exp[key]
            if e is None or (g is None and e == []):
                continue
            if not _same(g, e):
                diffs.append(f"{exp['name']}.{key}: page {str(g)[:160]} != engine {str(e)[:160]}")
    return diffs


# ----------------------------------------------------------------------------- the app
def _two_step(game: Any) -> dict[str, TwoStep]:
    return dict(ui_for(game).two_step)


class AppPage:
    """One game app in a page (Voila), driven through its visible widgets."""

    def __init__(self, bp: Any, game_cls: type, lang: str = "en") -> None:
        self.bp = bp
        self.page = bp.page
        self.game_cls = game_cls
        #: the language the app's words are in (its buttons and tabs are found by their words)
        self.lang = lang

    def word(self, english: str) -> str:
        """The app's word ``english`` (a button's, a tab's) as the page says it."""
        from freight_freedom.core.i18n import _, using

        with using(self.lang):
            return _(english)

    # ---- reading
    def body(self) -> str:
        return str(self.page.inner_text("body"))

    def part(self, name: str) -> Any:
        """The app's part with the stable CSS class ``ff-<name>`` (see ``ui/app.py``)."""
        return self.page.locator(f".ff-app .ff-{name}").first

    def title(self) -> str:
        return str(self.part("title").inner_text())

    def seed(self) -> int:
        match = STEPS.search(self.title())
        assert match, f"the app's title has no seed and steps: {self.title()!r}"
        return int(match.group(1))

    def steps(self) -> int:
        """The app's step count (its title says ``seed S · N steps``)."""
        match = STEPS.search(self.title())
        assert match, f"the app's title has no seed and steps: {self.title()!r}"
        return int(match.group(2))

    def prompt(self) -> str:
        """The prompt box text (``Round r · phase`` and ``Player n (who): ...``)."""
        return str(self.part("prompt").inner_text())

    def alert(self) -> str:
        """The text of the app's error box (``role=alert``), or ``""`` when none is shown."""
        loc = self.page.locator(".ff-app .ff-errors [role=alert]")
        return str(loc.first.inner_text()) if loc.count() else ""

    def notice(self) -> str:
        """Whatever the error/notice area shows now (an error or a neutral notice)."""
        return str(self.part("errors").inner_text()).strip()

    def figure(self) -> list[dict[str, Any]]:
        return plot_data(self.page)

    def log_lines(self) -> list[str]:
        """The event texts of the Log tab, newest first."""
        return [text for _num, _rule, text in self.log_rows()]

    def log_rows(self) -> list[tuple[str, str, str]]:
        """The Log tab's event rows (number, rule ID, text), newest first. A row shows its
        event in words and a "rule" link opening to the rule's text; the rule's ID is the
        link's tooltip (``title='rule FR-ACT-1'``)."""
        rows = self.page.locator(".ff-app .ff-log table tbody tr")
        cells = rows.evaluate_all(
            "rs => rs.filter(r => r.cells.length >= 3).map(r => {"
            "  const d = r.cells[2].querySelector('details');"
            "  return [r.cells[0].textContent.trim(),"
            "          d ? (d.title || '').replace(/^rule /, '') : '',"
            "          r.cells[1].textContent.trim()]; })")
        return [(str(n), str(r), str(t)) for n, r, t in cells]

    # ---- tabs, buttons, drop-downs
    def tab(self, title: str) -> None:
        self.page.locator(".ff-app .ff-tabs .lm-TabBar-tab",
                          has_text=re.compile("^" + re.escape(self.word(title)) + "$")
                          ).first.click()

    def button(self, label: str) -> Any:
        """The visible widget button labelled exactly ``label``."""
        return self.page.locator("button.widget-button:visible").filter(
            has_text=re.compile("^" + re.escape(self.word(label)) + "$"))

    def stepper(self, label: str) -> Any:
        """The stepper's button ``label`` (Play one move, Bots to my turn, Next phase, ...)."""
        return self.page.locator(".ff-app .ff-stepper button.widget-button").filter(
            has_text=re.compile("^" + re.escape(self.word(label)) + "$")).first

    def stepper_status(self) -> str:
        """The stepper's last report (``N moves; why it stopped``)."""
        return str(self.page.locator(".ff-app .ff-stepper .widget-html").first.inner_text())

    def auto_answer(self) -> Any:
        """The stepper's "bots answer automatically" check box (its ``<input>``)."""
        return self.page.locator(".ff-app .ff-stepper input[type=checkbox]").first

    def seat_select(self, seat: int) -> Any:
        """The seats drop-down (``<select>``) of ``seat`` (0-based)."""
        return self.page.locator(".ff-app .ff-seats select").nth(seat)

    def seat_labels(self) -> list[str]:
        return [str(v) for v in self.page.locator(".ff-app .ff-seats select").evaluate_all(
            "ss => ss.map(s => s.options[s.selectedIndex].textContent.replace(/\\u00a0/g, ' '))")]

    def offered(self) -> list[str]:
        """The labels of the buttons the panel shows now (two-step groups: see :meth:`offers`)."""
        labels = self.page.locator("button.widget-button:visible").all_inner_texts()
        return [s.strip() for s in labels]

    def two_step_row(self, kind: str) -> Any:
        """The two drop-downs of ``kind`` ("From ... to ...", "Card ... onto train ...")."""
        from freight_freedom.core.i18n import using

        with using(self.lang):  # the group's heading, as the app words it
            title = ui_for(self.game_cls.__new__(self.game_cls)).kind_title(kind)
        return self.page.locator(".ff-app .ff-actions .widget-vbox").filter(
            has=self.page.locator("b", has_text=re.compile("^" + re.escape(title) + "$"))
        ).filter(has=self.page.locator("select"))

    def first_choices(self, kind: str) -> list[str]:
        """The options of ``kind``'s first drop-down (ipywidgets' option values are exact)."""
        row = self.two_step_row(kind)
        if not row.count():
            return []
        return [str(v) for v in row.first.locator("select").first.locator("option")
                .evaluate_all("os => os.map(o => o.value)")]

    def offers(self, game: Any, action: Any) -> bool:
        """Whether the page offers ``action``: a button with its label, or its first choice in
        its kind's two-step drop-downs."""
        steps = _two_step(game)
        if action.kind in steps:
            split = steps[action.kind].split(game_view(game), action)
            return split.first_label in self.first_choices(action.kind)
        return screen(game, game.describe(action)) in self.offered()

    def choose(self, label: str) -> None:
        """Press the button labelled ``label``."""
        btn = self.button(label)
        assert btn.count(), f"no button offers {label!r}"
        btn.first.click()

    def wait_choices_of(self, game: Any) -> None:
        """Wait until the action panel offers ``game``'s choices: its buttons are new widgets,
        drawn a little after the map and the title, and a press on a button of the position
        before is refused by the app (a double click, or a click sent as the game moved on)."""
        steps = _two_step(game)
        want = sorted(str(a) for a in game.legal_actions() if a.kind not in steps)
        self.page.wait_for_function(
            """([want, doIt]) => { const got = [...document.querySelectorAll(
                   '.ff-app .ff-actions button.widget-button')]
                   .filter(b => b.innerText.trim() !== doIt).map(b => b.title).sort();
                 return JSON.stringify(got) === JSON.stringify(want); }""",
            arg=[want, self.word("Do it")], timeout=budget_ms(20_000), polling=50)

    def choose_action(self, game: Any, action: Any) -> None:
        """Choose ``action`` of ``game`` as a user would, once the panel offers ``game``'s
        choices: its button, or its two drop-downs (first and second choice by their words)
        and "Do it"."""
        self.wait_choices_of(game)
        steps = _two_step(game)
        if action.kind not in steps:
            self.choose(screen(game, game.describe(action)))
            return
        split = steps[action.kind].split(game_view(game), action)
        row = self.two_step_row(action.kind)
        wait_until(lambda: row.count() > 0, 20, f"the drop-downs for {action}")
        selects = row.first.locator("select")
        selects.nth(0).select_option(value=split.first_label)
        # the second list is refilled by the kernel after the first changed
        wait_until(lambda: split.second_label in [str(v) for v in selects.nth(1).locator(
            "option").evaluate_all("os => os.map(o => o.value)")], 20,
            f"{split.second_label!r} among the choices after {split.first_label!r}")
        selects.nth(1).select_option(value=split.second_label)
        do_it = self.word("Do it")
        wait_until(lambda: row.first.locator("button", has_text=do_it).get_attribute(
            "title") == str(action), 20, f"'Do it' to name {action}")
        row.first.locator("button", has_text=do_it).click()

    def act(self, label: str, timeout: float = ACTION_TIMEOUT) -> int:
        """Press the button ``label`` and wait until the app counted the step(s); returns the
        new count."""
        before = self.steps()
        self.choose(label)
        return self.wait_steps_change(before, timeout)

    def act_on(self, game: Any, action: Any, timeout: float = ACTION_TIMEOUT) -> int:
        """Choose ``action`` (:meth:`choose_action`) and wait until the app counted it."""
        before = self.steps()
        self.choose_action(game, action)
        return self.wait_steps_change(before, timeout)

    def wait_steps_change(self, before: int, timeout: float = ACTION_TIMEOUT) -> int:
        self.page.wait_for_function(
            """before => { const t = document.querySelector('.ff-app .ff-title');
                           const m = t && t.innerText.match(
                               /(?:seed|semilla) \\d+ · (\\d+) (?:steps|pasos?)/);
                           return m && Number(m[1]) !== before; }""",
            arg=before, timeout=budget_ms(timeout))
        return self.steps()

    # ---- the engine's view of the page's game
    def playing(self) -> bool:
        """Whether the bots' answer is being played back (the playback banner is shown)."""
        return bool(self.part("playback").is_visible())

    def wait_idle(self, timeout: float = FIGURE_TIMEOUT) -> int:
        """Wait until no bot answer is being played back; returns the step count then."""
        wait_until(lambda: not self.playing(), timeout, "the bots' playback to end")
        return self.steps()

    def saved_game(self) -> Any:
        """The game shown in the page, via *Save game* and its download link (then back to Log).

        The link's ``download`` name carries the saved game's step count; the link is read
        once the title shows that same count, so neither a link made before the last redraw
        nor a title ahead of the save can be taken for the game saved.
        """
        self.tab("Save / load")
        self.button("Save game").first.click()

        def fresh_link() -> Any:
            link = self.page.locator("a[download]").filter(
                has_text=f"step{self.steps()}.json").first
            return link if link.count() and link.is_visible() else None

        href = str(wait_until(fresh_link, 20, "the save link of the game shown")
                   .get_attribute("href"))
        self.tab("Log")
        prefix = "data:application/json;base64,"
        assert href.startswith(prefix), href[:80]
        text = base64.b64decode(href[len(prefix):]).decode("utf-8")
        # kept as an artifact: the game a failing test saw can be loaded and replayed
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"{self.bp.name}-last-save.json").write_text(text)
        return self.game_cls.from_json(text)

    def save_text(self) -> str:
        return str(self.saved_game().to_json())

    def upload(self, path: Path) -> None:
        """Load ``path`` through the *Load game* file input, as a user picking that file."""
        self.tab("Save / load")
        # ipywidgets 8 keeps the <input type=file> out of the DOM and clicks it from the
        # button, so the file goes in through the browser's file chooser, as for a user
        with self.page.expect_file_chooser() as chooser:
            self.page.locator("button.widget-upload", has_text="Load game").first.click()
        chooser.value.set_files(str(path))

    def wait_figure_matches(self, game: Any, timeout: float = FIGURE_TIMEOUT) -> None:
        """Wait until the page's figure shows exactly what the engine draws for ``game``."""
        want = expected_traces(game)

        def check() -> bool:
            return not figure_differences(self.figure(), want)

        try:
            wait_until(check, timeout, "the page's figure to match the engine's")
        except AssertionError:
            diffs = figure_differences(self.figure(), want)
            raise AssertionError("figure in the page differs from the engine's:\n  "
                                 + "\n  ".join(diffs[:12])) from None

    def wait_log_top(self, text: str, timeout: float = FIGURE_TIMEOUT) -> None:
        wait_until(lambda: (self.log_lines() or [""])[0] == text, timeout,
                   f"the log's newest line to read {text!r}")

    def wait_log_matches(self, game: Any, timeout: float = FIGURE_TIMEOUT) -> None:
        """Wait until the Log tab lists the engine's events of ``game``, newest first."""
        words = ui_for(game).words  # the log says each event in the game's on-screen words
        want = [words(e.text) for e in reversed(game.log)][:200]
        try:
            wait_until(lambda: self.log_lines() == want, timeout, "the log to match the engine's")
        except AssertionError:
            got = self.log_lines()
            first = next((i for i, (g, w) in enumerate(zip(got, want, strict=False)) if g != w),
                         min(len(got), len(want)))
            raise AssertionError(
                f"log in the page ({len(got)} lines) differs from the engine's ({len(want)}) "
                f"at line {first}: page {got[first:first + 3]} engine {want[first:first + 3]}"
            ) from None


#: the notebooks' sources, read from the repository: the copy JupyterLab serves may be
#: mid-autosave (empty) when read
REPO_NOTEBOOKS = ROOT / "notebooks"
#: calls whose value, as a cell's last expression, is shown as a plotly figure
FIGURE_CALLS = {"figure", "win_rate", "round_trajectories", "score_distribution",
                "length_distribution", "win_rates_plot"}
APP_CALLS = {"app", "show"}  # show(lesson): the lesson widget draws its board as a FigureWidget
APP_NAMES = {"game", "app"}


def expected_outputs(path: Path) -> tuple[int, int]:
    """(figures, apps) the notebook shows, from the last expression of each code cell."""
    nb = nbformat.read(path, as_version=4)
    figures = apps = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        try:
            body = ast.parse(cell.source).body
        except SyntaxError:
            continue
        if not body or not isinstance(body[-1], ast.Expr):
            continue
        value = body[-1].value
        if isinstance(value, ast.Name) and value.id in APP_NAMES:
            apps += 1
        elif isinstance(value, ast.Call):
            func = value.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            figures += name in FIGURE_CALLS
            apps += name in APP_CALLS
    return figures, apps


def assert_cells_ran_cleanly(page: Any) -> None:
    """After Run All in JupyterLab: widgets loaded, no traceback, no widget that failed."""
    wait_until(lambda: page.locator(".jp-OutputArea-output:has-text('Loading widget')")
               .count() == 0, 30, "every widget to load")
    errors = page.locator(".jp-OutputArea-output[data-mime-type="
                          "'application/vnd.jupyter.stderr']").all_inner_texts()
    tracebacks = [e for e in errors if "Traceback" in e or "Error" in e]
    assert not tracebacks, "cells raised:\n" + "\n---\n".join(t[:800] for t in tracebacks)
    assert "Error displaying widget" not in page.inner_text(".jp-NotebookPanel")


def open_voila_app(bp: Any, voila_server: Any, notebook: str, game_cls: Any,
                   lang: str = "en") -> AppPage:
    """Open ``notebook`` in Voila in the browser page ``bp`` and wait until its app is drawn
    (figure and stepper buttons present); the caller closes ``bp.page.context``. Another
    ``lang`` than English opens it with ``?lang=``, as a student's link would."""
    page = bp.page
    query = "" if lang == "en" else f"?lang={lang}"
    page.goto(f"{voila_server.url}/voila/render/{notebook}{query}", timeout=budget_ms(90_000))
    page.wait_for_selector(".ff-app .ff-figure .js-plotly-plot .main-svg",
                           timeout=budget_ms(90_000))
    page.locator(".ff-app .ff-stepper button").first.wait_for(timeout=budget_ms(30_000))
    voila_server.remember_children()
    return AppPage(bp, game_cls, lang)


def assert_no_js_errors(app: AppPage) -> None:
    """No console error or uncaught exception in the page (beyond the documented filter)."""
    assert app.bp.js_errors() == [], "JavaScript errors in the page:\n" + "\n".join(
        app.bp.js_errors())


#: delays the first import of a module of ``SIZE`` bytes by ``DELAY`` ms (anywidget imports a
#: widget's module text through a Blob URL); counts the delays in ``window.__ffSlowed``
_SLOW_MODULE = """
(() => {
  const size = SIZE;
  let left = 1;
  const original = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => {
    if (left > 0 && blob instanceof Blob && blob.size === size) {
      left -= 1;
      window.__ffSlowed = (window.__ffSlowed || 0) + 1;
      return original(new Blob(["await new Promise((r) => setTimeout(r, DELAY));\\n", blob],
                               { type: "text/javascript" }));
    }
    return original(blob);
  };
})();
"""


#: an init script: the size of every module text the page imports through a Blob URL
#: (anywidget's modules, plotly's widget code when it comes from the kernel), in
#: ``window.__ffBlobSizes``
BLOB_SIZES = """
(() => {
  window.__ffBlobSizes = [];
  const original = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => {
    if (blob instanceof Blob) window.__ffBlobSizes.push(blob.size);
    return original(blob);
  };
})();
"""


def slow_figure_module(delay_ms: int) -> str:
    """An init script (``context.add_init_script``) that makes the page's first plotly figure
    take ``delay_ms`` to set up, as on a busy device: anywidget drops a model not set up within
    2 s unless the page stretches that limit (the package's Voila page and the lite site do)."""
    import plotly.graph_objects as go

    from freight_freedom.ui import plotly_bundle

    plotly_bundle.install()
    size = len(go.FigureWidget()._esm.encode())  # every FigureWidget sends the same module
    return _SLOW_MODULE.replace("SIZE", str(size)).replace("DELAY", str(delay_ms))


#: what a student must never read on a lesson's or a puzzle's page: rule codes, internal ids,
#: code (attribute paths, snake_case names, backticks, keyword arguments)
CODE = re.compile(
    r"\b(?:FR|SF)-|\bt\d+\b|\btrain\d|\bc\d_|\bSCENARIO\b|\bclock\d"
    r"|\b(?!e\.g\b|i\.e\b)[a-z_]+\.[a-z_]+\b|`|\b[a-z]+_[a-z_]+\b|\w=")
