"""The JupyterLite site (``python3 dev.py lite``): both play apps run in the browser alone.

The site is built once per session into ``build/lite/`` (reused when its ``.inputs`` hash
matches the sources: see ``scripts/build_lite.py``), served on 127.0.0.1 by a static server,
and each play notebook is opened in the Notebook interface of the site in headless Chromium:
Run All, wait for the app, then play a few turns by clicking the app's choices. The page must
make no request outside 127.0.0.1 (the site is self-contained: no CDN, no PyPI) and log no
console error. Without npm (the build fetches Pyodide from the npm registry) the tests are
skipped with the reason, except under ``CI=true``.

The times measured (page open to rendered app, seconds per click) are printed with ``-s`` and
written to ``test-artifacts/ui_browser/lite-timings.json``; they are reported, not asserted.
"""

from __future__ import annotations

import importlib.util
import json
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
from uihelp import (
    ARTIFACTS,
    PLAY_FREEDOM,
    PLAY_SLOW_FREIGHT,
    ROOT,
    AppPage,
    assert_cells_ran_cleanly,
    wait_until,
)

from freight_freedom import Freedom, SlowFreight

pytestmark = pytest.mark.ui

BUILD_TIMEOUT = 900  # s: a first build creates the tools environment and downloads ~30 MB
APP_TIMEOUT = 240_000  # ms: Pyodide start, install and the first drawing (about 30 s here)
CLICKS = 4
TIMINGS: dict[str, Any] = {}


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


def _click_first_choice(app: AppPage) -> float:
    """Click the first choice the action panel offers; seconds until the app counted it."""
    buttons = app.page.locator(".ff-app .ff-actions button.widget-button:visible").filter(
        has_not_text="Do it")
    # the bots answer at a class's pace (0.6 s a move): wait for the human's next choice
    wait_until(lambda: buttons.count() > 0, 60,
               f"a choice to be offered (prompt: {app.prompt()!r})")
    before = app.steps()
    started = time.monotonic()
    buttons.first.click()
    app.wait_steps_change(before)
    return time.monotonic() - started


class _Site:
    """One notebook of the site open in a page: Run All, and what the page asked for."""

    def __init__(self, bp: Any, url: str, notebook: str) -> None:
        self.bp, self.page, self.outside = bp, bp.page, []
        self.page.context.on("request", self._on_request)
        self.url = url
        self.started = time.monotonic()
        self.page.goto(f"{url}/notebooks/index.html?path={notebook}", timeout=90_000)
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
        self.page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        self.page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()

    def _on_request(self, request: Any) -> None:
        if not request.url.startswith((self.url + "/", "data:", "blob:")):
            self.outside.append(request.url)

    def wait_all_ran(self, timeout_ms: int = APP_TIMEOUT) -> None:
        """Every code cell ran and the kernel is idle."""
        self.page.wait_for_function(
            """() => { const p = [...document.querySelectorAll(
                          '.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')];
                      return p.length && p.every(e => /\\[\\d+\\]/.test(e.textContent)); }""",
            timeout=timeout_ms)
        self.page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
            timeout=60_000)

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
        site.assert_clean()
    finally:
        bp.page.context.close()


@pytest.mark.parametrize(("notebook", "game_cls"),
                         [(PLAY_FREEDOM, Freedom), (PLAY_SLOW_FREIGHT, SlowFreight)])
def test_play_app_runs_in_the_browser_alone(lite_url: str, browser: Any, open_page: Any,
                                            notebook: str, game_cls: type) -> None:
    name = notebook.removesuffix(".ipynb")
    bp = open_page(browser, f"lite-{name}")
    try:
        site = _Site(bp, lite_url, notebook)
        page = site.page
        page.wait_for_selector(".ff-app .ff-figure .js-plotly-plot .main-svg",
                               timeout=APP_TIMEOUT)
        page.locator(".ff-app .ff-actions button.widget-button").first.wait_for(timeout=60_000)
        opened = time.monotonic() - site.started
        site.wait_all_ran(60_000)  # a click now is answered at once
        bp.screenshot("app")
        app = AppPage(bp, game_cls)
        latencies = [_click_first_choice(app) for _ in range(CLICKS)]
        bp.screenshot(f"after-{CLICKS}-clicks")
        game = app.saved_game()  # the page's game, decoded here: the engine agrees with it
        assert len(game.history) == app.steps() >= CLICKS
        TIMINGS[name] = {"open_to_app_s": round(opened, 1),
                         "click_median_s": round(statistics.median(latencies), 2),
                         "clicks_s": [round(t, 2) for t in latencies]}
        site.assert_clean()
    finally:
        bp.page.context.close()
