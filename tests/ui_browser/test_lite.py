"""The JupyterLite site (``python3 dev.py lite``): both play apps run in the browser alone.

The site is built once per session into ``build/lite/`` (reused when its ``.inputs`` hash
matches the sources: see ``scripts/build_lite.py``) and served on 127.0.0.1 by a static server.
Each play notebook is opened as a student does, from the link on the site's first page (the
app mode, ``lite/freight-freedom-app-mode``: no menu, no code, it runs by itself), and played
for a few turns by clicking the app's choices; a lesson opened the same way runs and shows only
the lesson. The index and the lessons are also opened as notebooks (with their code) in the
Notebook interface, and run with Run All. The page must
make no request outside 127.0.0.1 (the site is self-contained: no CDN, no PyPI) and log no
console error. Without npm (the build fetches Pyodide from the npm registry) the tests are
skipped with the reason, except under ``CI=true``.

Every wait is a condition (the kernel idle, every cell run or one failed, the app's step count,
its bot playback over), never a fixed time; the budgets are an idle machine's, stretched by the
machine's load (:func:`uihelp.budget_ms`), so a busy laptop is slower but still green. Run All is
pressed only once the kernel is idle, and pressed again if no cell started: a menu clicked while
the notebook was still starting did nothing, and the test then waited for cells that never ran.

The times measured (page open to rendered app, seconds per click) are printed with ``-s`` and
written to ``test-artifacts/ui_browser/lite-timings.json``; they are reported, not asserted.
Where a first visit's seconds go: ``benchmarks/bench_lite.py``.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from conftest import unavailable
from english_left import english_left
from uihelp import (
    ARTIFACTS,
    BLOB_SIZES,
    PLAY_FREEDOM,
    PLAY_SLOW_FREIGHT,
    REPO_NOTEBOOKS,
    ROOT,
    AppPage,
    assert_cells_ran_cleanly,
    budget_ms,
    expected_outputs,
    slow_figure_module,
    wait_until,
)

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.rulebook import rule_text
from freight_freedom.lessons import lesson

pytestmark = pytest.mark.ui

BUILD_TIMEOUT = 900  # s: a first build creates the tools environment and downloads ~30 MB
#: ms on an idle machine, stretched by the load (:func:`uihelp.budget_ms`)
KERNEL_TIMEOUT = 90_000  # page open to an idle Pyodide kernel (about 10 s idle)
APP_TIMEOUT = 120_000  # Run All to the drawn app, or to every cell run (about 10-20 s idle)
RUN_STARTED_TIMEOUT = 15_000  # Run All pressed to its first cell queued or running
CLICKS = 4
TIMINGS: dict[str, Any] = {}
#: the site's copy of plotly's widget code, imported by the app mode while Python starts
PLOTLY_WIDGET = re.compile(r"/extensions/freight-freedom-app-mode/static/plotly-widget\.\w+\.js$")


def _build_module() -> ModuleType:
    """``scripts/build_lite.py`` (``scripts`` is not a package)."""
    name = "build_lite"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "build_lite.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def lite_url() -> Iterator[str]:
    """The site, built if its sources changed, served on a free port of 127.0.0.1."""
    build = _build_module()
    stamp = build.OUT / ".inputs"
    fresh = stamp.exists() and stamp.read_text().strip() == build.inputs_digest()
    if not fresh:
        if shutil.which("npm") is None:
            unavailable("npm is missing: the JupyterLite build fetches Pyodide from the npm "
                        "registry (install Node.js and npm)")
        started = time.monotonic()
        subprocess.run([sys.executable, str(ROOT / "dev.py"), "lite"], cwd=ROOT, check=True,
                       timeout=BUILD_TIMEOUT)
        TIMINGS["build_s"] = round(time.monotonic() - started, 1)
    TIMINGS["site_mb"] = round(build.size_mb(build.OUT), 1)
    httpd = build.server(build.OUT, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "lite-timings.json").write_text(json.dumps(TIMINGS, indent=1) + "\n")
        print("\nJupyterLite timings:", json.dumps(TIMINGS))


#: the app is at rest: no bot playback under way, and the human's choices are offered
APP_IDLE_JS = """() => {
    const app = document.querySelector('.ff-app');
    if (!app) return false;
    const playback = app.querySelector('.ff-playback');
    const playing = playback && playback.offsetParent !== null;
    const choices = [...app.querySelectorAll('.ff-actions button.widget-button')]
        .filter(b => b.offsetParent !== null && b.textContent.trim() !== 'Do it');
    return !playing && choices.length > 0;
}"""


def _wait_app_idle(app: AppPage) -> None:
    """Wait until the bots' moves have played back and the human is asked again."""
    app.page.wait_for_function(APP_IDLE_JS, timeout=budget_ms(60_000))


def _click_first_choice(app: AppPage) -> float:
    """Click the first choice the action panel offers; seconds until the app counted it."""
    # the bots answer at a class's pace (0.6 s a move): wait for the human's next choice
    _wait_app_idle(app)
    buttons = app.page.locator(".ff-app .ff-actions button.widget-button:visible").filter(
        has_not_text="Do it")
    before = app.steps()
    started = time.monotonic()
    buttons.first.click()
    app.wait_steps_change(before, budget_ms(60_000))
    return time.monotonic() - started


#: every code cell ran, or one failed and the kernel stopped (Run All stops at an error: the
#: test then reports the error instead of waiting for cells that never run)
ALL_RAN_JS = """() => {
    const nb = document.querySelector('.jp-Notebook');
    if (!nb) return false;
    const prompts = [...nb.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
    const ran = prompts.length && prompts.every(e => /\\[\\d+\\]/.test(e.textContent));
    const idle = document.querySelector(".jp-Notebook-ExecutionIndicator[data-status='idle']");
    const failed = nb.querySelector(".jp-OutputArea-output[data-mime-type="
                                    + "'application/vnd.jupyter.stderr']");
    return Boolean(ran || (idle && failed && !prompts.some(e => /\\[\\*\\]/.test(e.textContent))));
}"""
#: Run All took: a code cell is queued, running or done
RUN_STARTED_JS = """() => [...document.querySelectorAll(
    '.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')]
    .some(e => /\\[(\\*|\\d+)\\]/.test(e.textContent))"""
KERNEL_IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
#: plots drawn with data (plotly.js's own view of them)
DRAWN_PLOTS_JS = """() => [...document.querySelectorAll('.jp-Notebook .js-plotly-plot')]
    .filter(p => (p._fullData || []).length > 0).length"""


class _Site:
    """One notebook of the site open in a page: Run All once its kernel is idle, and what the
    page asked for."""

    def __init__(self, bp: Any, url: str, notebook: str) -> None:
        self.bp, self.page, self.outside, self.requested = bp, bp.page, [], []
        self.page.context.on("request", self._on_request)
        self.url = url
        self.started = time.monotonic()
        self.page.goto(f"{url}/notebooks/index.html?path={notebook}",
                       timeout=budget_ms(30_000))
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=budget_ms(30_000))
        self.page.locator(KERNEL_IDLE).first.wait_for(timeout=budget_ms(KERNEL_TIMEOUT))
        self.run_all()

    def run_all(self, attempts: int = 3) -> None:
        """Run > Run All Cells, pressed again if no cell started (the first press can come
        before the notebook's commands are ready, and then does nothing). A dialog of the
        site's own (seen once, on a busy machine, over the first notebook opened) is closed
        and named in the failure if Run All still never starts."""
        dialogs: list[str] = []
        for attempt in range(attempts):
            try:
                self._close_dialogs(dialogs)
                self.page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(
                    timeout=budget_ms(20_000))
                self.page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(
                    timeout=budget_ms(20_000))
                self.page.wait_for_function(RUN_STARTED_JS,
                                            timeout=budget_ms(RUN_STARTED_TIMEOUT))
                return
            except Exception as exc:  # noqa: BLE001 - playwright's TimeoutError: press again
                self.page.keyboard.press("Escape")  # a menu left open
                if attempt == attempts - 1:
                    raise AssertionError(f"Run All never started; dialogs seen: {dialogs}") from exc

    def _close_dialogs(self, seen: list[str]) -> None:
        """Close any open dialog (Escape), keeping its words for the failure message."""
        for text in self.page.eval_on_selector_all(
                ".jp-Dialog", "ds => ds.map(d => d.innerText.slice(0, 300))"):
            seen.append(" ".join(text.split()))
            self.page.keyboard.press("Escape")

    def _on_request(self, request: Any) -> None:
        self.requested.append(request.url)
        if not request.url.startswith((self.url + "/", "data:", "blob:")):
            self.outside.append(request.url)

    def wait_all_ran(self, timeout_ms: int = APP_TIMEOUT) -> None:
        """Every code cell ran (or one failed: :func:`assert_cells_ran_cleanly` then says
        which) and the kernel is idle."""
        self.page.wait_for_function(ALL_RAN_JS, timeout=budget_ms(timeout_ms))
        self.page.locator(KERNEL_IDLE).first.wait_for(timeout=budget_ms(60_000))

    def assert_clean(self) -> None:
        assert self.outside == [], f"requests outside 127.0.0.1: {self.outside[:10]}"
        assert self.bp.js_errors() == [], "console errors:\n" + "\n".join(self.bp.js_errors())


@pytest.mark.parametrize("notebook", ["index.ipynb", "freedom_walkthrough.ipynb",
                                      "slow_freight_walkthrough.ipynb"])
def test_index_and_lessons_run_in_the_browser_alone(lite_url: str, browser: Any,
                                                    open_page: Any, notebook: str) -> None:
    bp = open_page(browser, f"lite-{notebook.removesuffix('.ipynb')}")
    try:
        site = _Site(bp, lite_url, notebook)
        site.wait_all_ran()
        bp.screenshot("ran")
        assert_cells_ran_cleanly(site.page)
        # every figure the cells show is drawn, with data: the site has no jupyterlab-plotly,
        # its figures are FigureWidgets (see freight_freedom.ui.display.figures_as_widgets)
        figures, apps = expected_outputs(REPO_NOTEBOOKS / notebook)
        wait_until(lambda: site.page.evaluate(DRAWN_PLOTS_JS) >= figures + apps, 60,
                   f"{figures} figure(s) and {apps} app(s) of {notebook} drawn")
        site.assert_clean()
    finally:
        bp.page.context.close()


class _AppLink(_Site):
    """A notebook opened from the site's first page as an app (``lite/freight-freedom-app-mode``):
    the link is clicked, and nothing else is touched until the app is there (no menu, no Run
    All)."""

    def __init__(self, bp: Any, url: str, notebook: str, title: str, lang: str = "") -> None:
        self.bp, self.page, self.outside, self.requested = bp, bp.page, [], []
        self.page.context.on("request", self._on_request)
        self.url = url
        self.page.goto(f"{url}/", timeout=budget_ms(30_000))
        link = self.page.get_by_role("link", name=title, exact=True)
        assert link.get_attribute("href") == f"notebooks/index.html?path={notebook}&app" + (
            f"&lang={lang}" if lang else "")
        self.started = time.monotonic()
        link.click()
        self.page.locator(".ff-app-banner[data-state='done'], .ff-app-banner[data-state="
                          "'failed']").wait_for(timeout=budget_ms(KERNEL_TIMEOUT + APP_TIMEOUT))
        self.ran = time.monotonic() - self.started

    def assert_app_only(self) -> None:
        """The app ran by itself and shows no code, menu or toolbar."""
        banner = self.page.locator(".ff-app-banner")
        assert banner.get_attribute("data-state") == "done", banner.inner_text()
        assert_cells_ran_cleanly(self.page)
        for hidden in (".jp-CodeCell .jp-InputArea", ".lm-MenuBar", ".jp-NotebookPanel-toolbar"):
            assert not any(e.is_visible() for e in self.page.locator(hidden).all()), hidden

    def assert_not_a_notebook(self) -> None:
        """Keys and double clicks beside the app do nothing: JupyterLab's notebook shortcuts
        (x cut the app's cell, a added one, Enter or a double click opened a text's source)
        do not reach the app page."""
        page = self.page
        cells = page.locator(".jp-Notebook .jp-Cell").count()
        text = page.locator(".jp-Notebook .jp-MarkdownCell").first
        text.click()  # a student clicks beside the app, then types
        for key in ("x", "d", "d", "a", "b", "m", "Enter"):
            page.keyboard.press(key)
        text.dblclick()
        time.sleep(0.5)  # a shortcut acts at once; give it the time to show
        assert page.locator(".jp-Notebook .jp-Cell").count() == cells
        assert page.locator(".ff-app").count() == 1
        editors = page.locator(".jp-Notebook .jp-MarkdownCell .cm-editor")
        assert not any(e.is_visible() for e in editors.all())


@pytest.mark.parametrize(("notebook", "title"),
                         [("freedom_walkthrough.ipynb", "Lesson: Freedom, one round on the board")])
def test_a_lesson_opens_as_an_app_from_the_first_page(lite_url: str, browser: Any,
                                                      open_page: Any, notebook: str,
                                                      title: str) -> None:
    """The lesson runs by itself; the code behind it (after its ``---`` cell) neither shows
    nor runs. Its board's module is made to take 4 s to set up (a busy laptop): the site
    stretches anywidget's 2 s limit (``lite/freight-freedom-app-mode``), so the board is drawn and
    follows the lesson's steps (without the stretch the board was never drawn: checked when this was
    written)."""
    bp = open_page(browser, f"lite-app-{notebook.removesuffix('.ipynb')}")
    bp.page.context.add_init_script(slow_figure_module(4000))
    try:
        site = _AppLink(bp, lite_url, notebook, title)
        site.assert_app_only()
        page = site.page
        page.locator(".ff-lesson").first.wait_for(timeout=budget_ms(30_000))
        assert page.evaluate("() => window.__ffSlowed") == 1  # the board's module was slow
        board = page.locator(".ff-lesson-board .js-plotly-plot .gtitle")
        wait_until(lambda: "Slave Catcher phase" in (board.text_content() or ""), 30,
                   "the first step's board")
        steps = len(lesson("freedom").steps)
        for index in range(1, 6):  # to step 6, the first in the Planning phase
            page.locator(".ff-lesson-next").click()
            page.locator(".ff-lesson-header").filter(
                has_text=f"{index + 1} of {steps} in all").wait_for()
        wait_until(lambda: "Planning phase" in (board.text_content() or ""), 30,
                   f"the board of step 6 (last: {board.text_content()!r})")
        # a rule chip opens to the rule's words, read from the rule texts inside the wheel
        chip = page.locator(".ff-lesson details[title^='rule ']").first
        rule = (chip.get_attribute("title") or "").removeprefix("rule ")
        chip.locator("summary").click()
        words = " ".join(chip.locator("div").inner_text().split())
        assert words == " ".join(rule_text(rule).replace("*", "").split()), (rule, words)
        assert "docs/rules" not in page.locator(".ff-lesson").first.inner_text()
        shown = page.locator(".jp-Notebook .jp-Cell:visible")
        hidden = site.page.locator(".jp-Notebook .jp-Cell.ff-app-hidden")
        assert shown.count() >= 2 and hidden.count() >= 3
        assert "For the curious" not in site.page.locator(".jp-Notebook").inner_text()
        prompts = [p.text_content() or "" for p in
                   hidden.locator(".jp-InputArea-prompt").all()]
        assert prompts and not any(re.search(r"\[(\*|\d+)\]", p) for p in prompts), prompts
        bp.screenshot("lesson-app")
        TIMINGS[f"app:{notebook.removesuffix('.ipynb')}"] = {"open_to_ran_s": round(site.ran, 1)}
        site.assert_clean()
    finally:
        bp.page.context.close()


def test_a_play_app_opens_in_spanish_from_the_first_page(lite_url: str, browser: Any,
                                                          open_page: Any) -> None:
    """The first page's Spanish link opens the app with ``&lang=es``: the app's words are
    Spanish (the package reads the language the page asked for), no English left in it."""
    bp = open_page(browser, "lite-app-spanish")
    try:
        site = _AppLink(bp, lite_url, PLAY_SLOW_FREIGHT, "Jugar a Slow Freight", lang="es")
        site.assert_app_only()
        app = AppPage(bp, SlowFreight, "es")
        app.part("prompt").wait_for(timeout=budget_ms(30_000))
        text = bp.page.locator(".ff-app").first.inner_text()
        assert "Deshacer" in text and "Jugador 1" in app.prompt(), text[:300]
        banner = bp.page.locator(".ff-app-banner").inner_text()
        assert "Listo." in banner and "Todos los juegos y lecciones" in banner, banner
        assert not english_left(text), sorted(english_left(text))
        bp.screenshot("spanish-app")
        site.assert_clean()
    finally:
        bp.page.context.close()


@pytest.mark.parametrize(("notebook", "game_cls", "title"),
                         [(PLAY_FREEDOM, Freedom, "Play Freedom: The Underground Railroad"),
                          (PLAY_SLOW_FREIGHT, SlowFreight, "Play Slow Freight")])
def test_play_app_runs_in_the_browser_alone(lite_url: str, browser: Any, open_page: Any,
                                            notebook: str, game_cls: type, title: str) -> None:
    """Opened from the site's first page as an app (no menu touched), then played by clicks."""
    name = notebook.removesuffix(".ipynb")
    bp = open_page(browser, f"lite-{name}")
    bp.page.context.add_init_script(BLOB_SIZES)
    try:
        site = _AppLink(bp, lite_url, notebook, title)
        page = site.page
        page.wait_for_selector(".ff-app .ff-figure .js-plotly-plot .main-svg",
                               timeout=budget_ms(APP_TIMEOUT))
        # plotly came from the site, imported while Python started, not from the kernel
        assert any(PLOTLY_WIDGET.search(url) for url in site.requested)
        assert max(page.evaluate("() => window.__ffBlobSizes")) < 1_000_000
        page.locator(".ff-app .ff-actions button.widget-button").first.wait_for(
            timeout=budget_ms(60_000))
        opened = time.monotonic() - site.started
        site.assert_app_only()  # every cell ran: a click now is answered at once
        site.assert_not_a_notebook()
        bp.screenshot("app")
        app = AppPage(bp, game_cls)
        latencies = [_click_first_choice(app) for _ in range(CLICKS)]
        # the bots' answer to the last click plays back move by move: the save is taken at rest
        _wait_app_idle(app)
        bp.screenshot(f"after-{CLICKS}-clicks")
        game = app.saved_game()  # the page's game, decoded here: the engine agrees with it
        assert len(game.history) == app.steps() >= CLICKS
        TIMINGS[name] = {"open_to_app_s": round(opened, 1),
                         "click_median_s": round(statistics.median(latencies), 2),
                         "clicks_s": [round(t, 2) for t in latencies]}
        site.assert_clean()
    finally:
        bp.page.context.close()


def test_a_play_app_draws_with_the_kernels_plotly_when_the_sites_copy_fails(
        lite_url: str, browser: Any, open_page: Any) -> None:
    """The site's copy of plotly's widget code does not arrive (a school filter, a broken
    cache): the app mode takes the copy the kernel sends, and the map is drawn all the same."""
    bp = open_page(browser, "lite-plotly-from-the-kernel")
    bp.page.context.add_init_script(BLOB_SIZES)
    bp.page.context.route(PLOTLY_WIDGET, lambda route: route.abort())
    warnings: list[str] = []
    bp.page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    try:
        site = _AppLink(bp, lite_url, PLAY_SLOW_FREIGHT, "Play Slow Freight")
        page = site.page
        page.wait_for_selector(".ff-app .ff-figure .js-plotly-plot .main-svg",
                               timeout=budget_ms(APP_TIMEOUT))
        site.assert_app_only()
        assert any(PLOTLY_WIDGET.search(url) for url in site.requested)
        assert max(page.evaluate("() => window.__ffBlobSizes")) > 1_000_000  # the kernel's
        assert any("plotly comes from the kernel" in w for w in warnings), warnings[-10:]
        bp.screenshot("drawn")
    finally:
        bp.page.context.close()
