"""The evaluation bar and the Hint button in Voila (headless Chromium), on the Slow Freight app.

The bar is computed in a background thread and worker processes of the Voila kernel: the page
stays usable while it says it is thinking, and the answer appears without any further click.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from uihelp import PLAY_SLOW_FREIGHT, AppPage, assert_no_js_errors, open_voila_app, wait_until

from freight_freedom import SlowFreight

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def app(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-evalbar")
    yield open_voila_app(bp, voila_server, PLAY_SLOW_FREIGHT, SlowFreight)
    bp.page.context.close()


def test_bar_and_hint_in_voila(app: AppPage) -> None:
    bar = app.part("evalbar")
    assert bar.is_visible()
    assert "Chance of winning" not in str(bar.inner_text())  # off until ticked
    toggle = app.part("evalbar-toggle").locator("input")
    # the app keeps the keyboard focus on its choices, which scrolls the page while the kernel
    # redraws; click the box itself rather than at a screen position that may move meanwhile
    toggle.evaluate("box => box.click()")
    wait_until(lambda: toggle.is_checked(), 10, "the toggle to be ticked")
    wait_until(lambda: "Chance of winning" in str(app.part("evalbar-bar").inner_text()), 120,
               "the evaluation bar")
    text = str(bar.inner_text())
    assert "P1" in text and "P2" in text and "greedy bot" in text
    app.part("hint").click()
    wait_until(lambda: "Hint" in str(app.part("evalbar-hints").inner_text()), 120, "the hint")
    hints = app.part("evalbar-hints").locator("li")
    assert 1 <= hints.count() <= 3
    wait_until(lambda: "thinking" not in str(app.part("evalbar-status").inner_text()), 60,
               "the bar to finish")
    assert_no_js_errors(app)
