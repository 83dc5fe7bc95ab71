"""The Freedom walkthrough in JupyterLab, in headless Chromium: Run All, then look at it.

A teacher opens ``notebooks/freedom_walkthrough.ipynb`` in JupyterLab and runs every cell. After
that, every code cell has run without an error, every widget is displayed (no "Error displaying
widget", no widget stuck "Loading"), and the route maps are in the page as plotly plots with
data. JupyterLab serves a temporary copy of the notebooks, so its autosave cannot write outputs
into the repository.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from uihelp import (
    ARTIFACTS,
    REPO_NOTEBOOKS,
    WALKTHROUGH,
    assert_cells_ran_cleanly,
    budget_ms,
    expected_outputs,
    wait_until,
)

pytestmark = pytest.mark.ui

RUN_ALL_TIMEOUT = 180.0  # s: the whole walkthrough, bots and scenario set-ups included




@pytest.fixture(scope="module")
def lab(browser: Any, lab_server: Any, open_page: Any) -> Iterator[Any]:
    bp = open_page(browser, "lab-walkthrough")
    bp.page.set_default_timeout(budget_ms(60_000))
    yield bp
    bp.page.context.close()


def kernel_idle(url: str, name: str) -> bool:
    """True when the server has a session for notebook ``name`` whose kernel is idle."""
    try:
        with urllib.request.urlopen(f"{url}/api/sessions", timeout=5) as response:
            sessions = json.load(response)
    except OSError:
        return False
    return any(s.get("path", "").endswith(name) and s.get("kernel")
               and s["kernel"].get("execution_state") == "idle" for s in sessions)


def code_prompts(page: Any) -> list[str]:
    return [s.strip() for s in page.locator(
        ".jp-CodeCell .jp-InputArea-prompt").all_inner_texts()]


def test_walkthrough_runs_with_widgets_and_figures(lab: Any, lab_server: Any,
                                                    lab_notebook_dir: Any,
                                                    final_screenshot: Any) -> None:
    final_screenshot(lab)
    page = lab.page
    # a workspace of its own, reset: notebooks other tests opened must not reopen here
    page.goto(f"{lab_server.url}/lab/workspaces/walkthrough/tree/{WALKTHROUGH}?reset",
              timeout=budget_ms(90_000))
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=budget_ms(90_000))
    # the toolbar says "idle" before the kernel even starts: ask the server instead
    wait_until(lambda: kernel_idle(lab_server.url, WALKTHROUGH), 90, "the notebook's kernel")
    page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']"
                 ).first.wait_for()
    lab_server.remember_children()
    lab.screenshot("opened")

    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Run All Cells$")).click()

    cells = len(code_prompts(page))
    assert cells > 0

    def all_ran() -> bool:
        prompts = code_prompts(page)
        return bool(prompts) and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts)

    wait_until(all_ran, RUN_ALL_TIMEOUT, f"all {cells} code cells to run")
    # widgets and plots render after the kernel replied; then no traceback, no failed widget
    assert_cells_ran_cleanly(page)
    lab.screenshot("ran-all")

    figures, apps = expected_outputs(REPO_NOTEBOOKS / WALKTHROUGH)
    plots = page.evaluate("""() => [...document.querySelectorAll('.js-plotly-plot')].map(gd => {
        const r = gd.getBoundingClientRect();
        return {w: r.width, h: r.height,
                points: (gd.data || []).reduce((n, t) => n + ((t.x && t.x.length) || 0), 0)};
    })""")
    for i in range(len(plots)):  # one picture per map, to look at
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator(".js-plotly-plot").nth(i).screenshot(
            path=str(ARTIFACTS / f"lab-walkthrough-plot-{i + 1}.png"))
    assert len(plots) >= max(1, figures + apps), (
        f"{len(plots)} plotly plots in the page, expected at least {figures + apps} "
        f"({lab_notebook_dir.label(WALKTHROUGH)})")
    # every plot has a size and data (a blank figure is a real failure)
    blank = [p for p in plots if p["w"] < 100 or p["h"] < 100 or p["points"] == 0]
    assert not blank, f"blank or collapsed plots: {blank}"
    if apps:
        buttons = page.locator(".jp-OutputArea-output .widget-button:visible").count()
        assert buttons > 0, f"{apps} cells show the app, but no widget button is visible"
    assert lab.js_errors() == [], "JavaScript errors in JupyterLab:\n" + "\n".join(
        lab.js_errors())
