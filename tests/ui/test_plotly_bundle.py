"""FigureWidgets share one copy of plotly's widget code, and Voila draws stored figures as
widgets (``freight_freedom.ui.plotly_bundle``, ``freight_freedom.ui.display``).

The browser side (one import of the bundle per page, no "r.setData is not a function" and no
"[anywidget] Failed to initialize model.") is checked by ``tests/ui_browser/test_voila_lesson.py``.
"""

from __future__ import annotations

from pathlib import Path

import plotly
import plotly.graph_objects as go
import plotly.io as pio
import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.ui import display, plotly_bundle

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
PLOTLY_MIME = "application/vnd.plotly.v1+json"


def test_each_figure_widget_sends_a_few_lines_and_one_model_sends_the_bundle() -> None:
    code = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_text(
        encoding="utf-8")
    first = go.FigureWidget(Freedom(players=2, seed=1).figure())
    second = go.FigureWidget(SlowFreight(players=3, seed=7).figure())
    assert first._esm == second._esm == plotly_bundle.SHARED_ESM
    assert len(first._esm) < 1000 < len(code)
    holder = plotly_bundle.bundle_widget()
    assert holder.bundle == code
    assert plotly_bundle.bundle_widget() is holder  # one per kernel while it is open
    # the figures still carry their own data: only the code is shared
    assert first.data[0].type and second.data
    holder.close()
    assert plotly_bundle.bundle_widget() is not holder  # closed: the next widget makes another


def test_the_install_is_idempotent_and_keeps_the_shared_module() -> None:
    import plotly.basewidget as basewidget

    plotly_bundle.install()
    plotly_bundle.install()
    assert basewidget.BaseFigureWidget._esm == plotly_bundle.SHARED_ESM


def test_outside_voila_the_stored_figure_renderer_is_plotly_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(display.VOILA_ENV, raising=False)
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    assert not display.in_voila()
    monkeypatch.setenv("SERVER_SOFTWARE", "TornadoServer/6")
    assert not display.in_voila()
    assert display.widgets_draw_figures_here() is display.in_browser() is False
    monkeypatch.setattr(display.sys, "platform", "emscripten")  # the browser-only site
    assert display.widgets_draw_figures_here()


def test_in_voila_stored_figures_are_drawn_as_figure_widgets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    assert display.in_voila()
    before = pio.renderers["plotly_mimetype"]
    try:
        display.figures_as_widgets()
        display.figures_as_widgets()  # twice: still one replacement
        fig = Freedom(players=2, seed=1).figure()
        bundle = pio.renderers._build_mime_bundle(fig.to_dict(), "plotly_mimetype")
        assert WIDGET_MIME in bundle and PLOTLY_MIME not in bundle
        assert "FigureWidgetRenderer" in repr(pio.renderers["plotly_mimetype"])
    finally:
        pio.renderers["plotly_mimetype"] = before
    bundle = pio.renderers._build_mime_bundle(fig.to_dict(), "plotly_mimetype")
    assert PLOTLY_MIME in bundle
