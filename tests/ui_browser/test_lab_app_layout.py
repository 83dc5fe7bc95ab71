"""The Freedom app in JupyterLab on a classroom laptop (1366x768): map and decision side by side.

JupyterLab's menus, tabs and status bar leave about 650 px of height for the notebook, and its
file browser takes about 250 px of width. With the file browser open and closed, the map is seen
whole in the notebook panel and the decision column (prompt and choices) stands beside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_lab_notebooks import all_ran, kernel_idle
from uihelp import PLAY_FREEDOM, budget_ms, wait_stable, wait_until

pytestmark = pytest.mark.ui

RECTS_JS = """() => {
    const box = s => { const e = document.querySelector(s);
        if (!e) return null; const r = e.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; };
    return {panel: box('.jp-NotebookPanel .jp-WindowedPanel-outer')
                   || box('.jp-NotebookPanel .jp-Notebook'),  // the scrolled area
            map: box('.jp-NotebookPanel .ff-app .ff-figure .js-plotly-plot'),
            prompt: box('.jp-NotebookPanel .ff-app .ff-prompt'),
            actions: box('.jp-NotebookPanel .ff-app .ff-actions')};
}"""


@pytest.fixture(scope="module")
def lab_app(browser: Any, lab_server: Any, open_page: Any) -> Iterator[Any]:
    bp = open_page(browser, "lab-play-freedom")
    page = bp.page
    page.set_default_timeout(budget_ms(60_000))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{lab_server.url}/lab/workspaces/{bp.name}/tree/{PLAY_FREEDOM}?reset",
              timeout=budget_ms(90_000))
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=budget_ms(90_000))
    wait_until(lambda: kernel_idle(lab_server.url, PLAY_FREEDOM), 90, "the kernel")
    lab_server.remember_children()
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Run All Cells$")).click()
    wait_until(lambda: all_ran(page), 180, "the notebook to run")
    page.locator(".jp-NotebookPanel .ff-app .ff-figure .js-plotly-plot .main-svg").first.wait_for(
        timeout=budget_ms(60_000))
    yield bp
    bp.page.context.close()


@pytest.mark.parametrize("file_browser", [True, False])
def test_map_and_decision_side_by_side_on_a_laptop_in_lab(lab_app: Any,
                                                          file_browser: bool) -> None:
    page = lab_app.page
    sidebar = page.locator("#jp-left-stack")
    if sidebar.is_visible() != file_browser:
        page.locator(".jp-NotebookPanel .jp-Cell").first.click()
        page.keyboard.press("Control+b")  # View > Show Left Sidebar
        wait_until(lambda: sidebar.is_visible() == file_browser, 10, "the left sidebar")
    page.locator(".jp-NotebookPanel .ff-app .ff-figure").first.evaluate(
        "e => e.scrollIntoView({block: 'start'})")
    # the map's container rules follow the new width: read the layout once it has settled
    r = wait_stable(page, RECTS_JS, "the map and the decision column")
    lab_app.screenshot(f"lab-1366x768-{'file-browser' if file_browser else 'no-sidebar'}")
    panel, map_, prompt, actions = r["panel"], r["map"], r["prompt"], r["actions"]
    assert map_["top"] >= panel["top"] - 1 and map_["bottom"] <= panel["bottom"] + 1, (
        f"the map is not seen whole in the notebook: {r}")
    for part in (prompt, actions):
        assert part["left"] >= map_["right"] - 1, f"the decision is not beside the map: {r}"
        assert panel["top"] - 1 <= part["top"] < panel["bottom"], f"the decision is hidden: {r}"
    assert map_["width"] >= 0.79 * 780, f"the map is drawn too small to read: {r}"
