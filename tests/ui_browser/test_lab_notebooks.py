"""The other notebooks in JupyterLab, in headless Chromium: Run All, then look at them.

``slow_freight_walkthrough.ipynb``, ``index.ipynb`` and ``what_if.ipynb`` (the real ones, which
run simulations for up to a minute) are opened in the session's JupyterLab, each in its own
page, and all three are started at once so their kernels run side by side. Then, for each:
every code cell ran, no cell raised (neither in the page nor in the notebook JupyterLab saved),
no widget failed to display, and every plotly figure the kernel sent is a visible plot with
data, at least as many as the notebook's cells show. ``index.ipynb`` ends with a game object,
which must render as the live app (``.ff-app``) offering the engine's legal actions.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from uihelp import (
    ARTIFACTS,
    REPO_NOTEBOOKS,
    assert_cells_ran_cleanly,
    budget_ms,
    expected_outputs,
    screen,
    wait_until,
)

from freight_freedom.ui.adapter import game_view, ui_for

pytestmark = pytest.mark.ui

NOTEBOOKS = ["what_if.ipynb", "slow_freight_walkthrough.ipynb", "index.ipynb"]
RUN_ALL_TIMEOUT = 240.0  # s: what_if runs its simulations (about 20 s alone, more side by side)
PLOT_MIME = "application/vnd.plotly.v1+json"


def kernel_idle(url: str, name: str) -> bool:
    """True when the server has a session for notebook ``name`` whose kernel is idle."""
    try:
        with urllib.request.urlopen(f"{url}/api/sessions", timeout=5) as response:
            sessions = json.load(response)
    except OSError:
        return False
    return any(s.get("path", "").endswith(name) and s.get("kernel")
               and s["kernel"].get("execution_state") == "idle" for s in sessions)


def saved_notebook(path: Path) -> dict[str, Any] | None:
    """The notebook as JupyterLab last saved it, read from its file; ``None`` mid-write.

    Read from the disk, never through the server's contents API: asked for a notebook while a
    save is writing it, the server finds unreadable JSON and "recovers" by moving the file
    aside (``name.invalid``) and putting the save's backup (``.~name``) in its place; two such
    reads during one save leave no file at all, and the page's next save fails with "File Save
    Error for what_if.ipynb: No such file or directory" (its dialog then blocks the page).
    """
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):  # the save is writing it: read again
        return None


def code_prompts(page: Any) -> list[str]:
    return [s.strip() for s in page.locator(
        ".jp-NotebookPanel .jp-CodeCell .jp-InputArea-prompt").all_inner_texts()]


def all_ran(page: Any) -> bool:
    prompts = code_prompts(page)
    return bool(prompts) and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts)


@pytest.fixture(scope="module")
def started(browser: Any, lab_server: Any, open_page: Any) -> Iterator[dict[str, Any]]:
    """Each notebook open in its own page, Run All pressed in all of them (slowest first)."""
    pages: dict[str, Any] = {}
    try:
        # One kernel starts at a time: while a kernel is starting, jupyter_server's
        # GET /api/kernels (which every open JupyterLab page polls) fails with a 500, because
        # the new kernel's manager has no ``last_activity`` yet (list_kernels skips only
        # KeyError/HTTPError; jupyter-server/enterprise_gateway#1395). The pages' console
        # would show that error; so each page's kernel is idle before the next page opens.
        for name in NOTEBOOKS:
            bp = open_page(browser, f"lab-{name.removesuffix('.ipynb')}")
            bp.page.set_default_timeout(budget_ms(60_000))
            pages[name] = bp
            page = bp.page
            # a workspace of its own, reset: no other test's notebooks reopen in this page
            page.goto(f"{lab_server.url}/lab/workspaces/{bp.name}/tree/{name}?reset",
                      timeout=budget_ms(90_000))
            page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=budget_ms(90_000))
            # the toolbar says "idle" before the kernel even starts: ask the server instead
            wait_until(lambda n=name: kernel_idle(lab_server.url, n), 90, f"{name}'s kernel")
            page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']"
                         ).first.wait_for()
            lab_server.remember_children()
        for bp in pages.values():
            page = bp.page
            page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
            page.locator(".lm-Menu-itemLabel",
                         has_text=re.compile("^Run All Cells$")).click()
        yield pages
    finally:
        for bp in pages.values():
            bp.page.context.close()


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_lab_with_its_figures(name: str, started: dict[str, Any],
                                               lab_server: Any, lab_notebook_dir: Any,
                                               final_screenshot: Any) -> None:
    bp = started[name]
    final_screenshot(bp)
    page = bp.page
    cells = len(code_prompts(page))
    assert cells > 0
    # the site's extension is loaded (as `python3 dev.py lab` loads it): anywidget's 2 s limit
    # for a widget to set up is stretched on the page (lite/freight-freedom-app-mode)
    assert page.evaluate("() => String(AbortSignal.timeout).includes('anywidget')")
    wait_until(lambda: all_ran(page), RUN_ALL_TIMEOUT, f"all {cells} code cells of {name} to run")
    wait_until(lambda: kernel_idle(lab_server.url, name), 60, f"{name}'s kernel to be idle")
    # widgets and plots render after the kernel replied; then no traceback, no failed widget
    assert_cells_ran_cleanly(page)
    bp.screenshot("ran-all")

    # in the notebook as the kernel left it (saved by JupyterLab): every cell ran, no error.
    # Saved with the toolbar's button, not Ctrl+S: an app keeps the keyboard focus on its own
    # choices (a drop-down takes the keys), where JupyterLab's shortcuts do not apply
    save = page.locator(".jp-NotebookPanel-toolbar [data-command='docmanager:save']").first
    pressed = [time.monotonic()]
    save.click()

    def saved() -> dict[str, Any] | None:
        nb = saved_notebook(lab_notebook_dir.root / name)
        code = [c for c in nb["cells"] if c["cell_type"] == "code"] if nb else []
        if code and all(c.get("execution_count") for c in code):
            return nb
        if time.monotonic() - pressed[0] > 10:  # a busy server: press again
            pressed[0] = time.monotonic()
            save.click()
        return None

    nb = wait_until(saved, 40, f"{name} saved with every cell run")
    # nothing moved the notebook aside while the page had it open (see saved_notebook)
    assert not list(lab_notebook_dir.root.glob("*.invalid")), "a notebook was moved aside"
    outputs = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    raised = [f"{o['ename']}: {o['evalue']}" for o in outputs if o["output_type"] == "error"]
    assert not raised, f"cells of {name} raised: {raised}"
    sent = sum(1 for o in outputs if PLOT_MIME in o.get("data", {}))

    figures, apps = expected_outputs(REPO_NOTEBOOKS / name)
    assert sent >= figures, f"{name}: the kernel sent {sent} figures, the cells show {figures}"
    plots = page.evaluate("""() => [...document.querySelectorAll(
            '.jp-NotebookPanel .js-plotly-plot')].map(gd => {
        const r = gd.getBoundingClientRect();
        return {w: r.width, h: r.height,
                traces: (gd.data || []).length,
                // as plotly.js decoded them (plotly.py may send x/y as typed binary data)
                points: (gd._fullData || []).reduce((n, t) => n + (t._length || 0), 0)};
    })""")
    stem = name.removesuffix(".ipynb")
    for i in range(len(plots)):  # one picture per plot, to look at
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator(".jp-NotebookPanel .js-plotly-plot").nth(i).screenshot(
            path=str(ARTIFACTS / f"lab-{stem}-plot-{i + 1}.png"))
    assert len(plots) == sent + apps, (
        f"{name}: {len(plots)} plotly plots in the page; the kernel sent {sent} figures and "
        f"the notebook shows {apps} app(s)")
    blank = [p for p in plots if p["w"] < 100 or p["h"] < 100 or p["points"] == 0]
    assert not blank, f"blank or collapsed plots: {blank}"
    assert bp.js_errors() == [], "JavaScript errors in JupyterLab:\n" + "\n".join(
        bp.js_errors())


def test_index_shows_the_live_app_of_its_game(started: dict[str, Any], lab_server: Any) -> None:
    """The cell ``game`` of index.ipynb shows the app, offering the engine's legal actions."""
    from freight_freedom import SlowFreight

    bp = started["index.ipynb"]
    page = bp.page
    wait_until(lambda: all_ran(page), RUN_ALL_TIMEOUT, "index.ipynb to run")
    app = page.locator(".jp-OutputArea-output .ff-app").first
    app.wait_for(state="visible", timeout=budget_ms(30_000))
    app.locator(".ff-figure .js-plotly-plot .main-svg").first.wait_for(timeout=budget_ms(30_000))
    app.scroll_into_view_if_needed()
    bp.screenshot("index-app")
    # the notebook's game: SlowFreight(players=3, seed=7) after "0:take 0 t1"
    game = SlowFreight(players=3, seed=7)
    game.apply("0:take 0 t1")
    assert "seed 7 · 1 steps" in app.locator(".ff-title").inner_text()
    assert screen(game, game.prompt.text) in app.locator(".ff-prompt").inner_text()
    labels = {s.strip() for s in app.locator(".ff-actions button.widget-button:visible")
              .all_inner_texts()}
    # two-step groups (a take: the card, then the train): the first drop-down's options
    options = {str(o) for o in app.locator(".ff-actions select option").evaluate_all(
        "os => os.map(o => o.value)")}
    steps, shown = ui_for(game).two_step, game_view(game)
    missing = [screen(game, game.describe(a)) for a in game.legal_actions()
               if (steps[a.kind].split(shown, a).first_label not in options if a.kind in steps
                   else screen(game, game.describe(a)) not in labels)]
    assert not missing, f"legal actions not offered by the app: {missing}"
    assert app.locator(".ff-stepper button").count() >= 4
