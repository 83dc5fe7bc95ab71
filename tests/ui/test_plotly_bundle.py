"""FigureWidgets share one copy of plotly's widget code, and Voila draws stored figures as
widgets (``freight_freedom.ui.plotly_bundle``, ``freight_freedom.ui.display``).

The browser side (one import of the bundle per page, no "r.setData is not a function" and no
"[anywidget] Failed to initialize model.") is checked by ``tests/ui_browser/test_voila_lesson.py``.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
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
    assert len(first._esm) < 5000 < len(code)
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


#: a model as anywidget hands it to ``initialize`` (get/set/on/off), plotly's factory stood in by
#: one that records what its FigureModel would apply; updates arrive before plotly's code does
NODE_CHECK = """
const shim = await import("data:text/javascript;base64," + process.argv[2]);
const listeners = {};
const state = {_py2js_update: null, _widget_data: [{x: [1]}]};
const model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; for (const cb of listeners[`change:${k}`] ?? []) cb(); },
  on: (e, cb) => { (listeners[e] ??= []).push(cb); },
  off: (e, cb) => { listeners[e] = (listeners[e] ?? []).filter((f) => f !== cb); },
};
const applied = [];
const plotlyFactory = () => ({
  initialize({ model }) {
    model.on("change:_py2js_update", () => {
      const msg = model.get("_py2js_update");
      if (msg !== null) applied.push(msg.n);
    });
  },
  render({ el }) { el.rendered = applied.slice(); },
});
const widget = await shim.default();
const started = Date.now();
widget.initialize({ model });
const initialized = Date.now() - started;
for (const n of [1, 2]) { model.set("_py2js_update", { n }); model.set("_py2js_update", null); }
const slot = globalThis[Symbol.for("freight_freedom.plotly_widget")];
slot.resolve(plotlyFactory);
const el = {};
await widget.render({ model, el });
model.set("_py2js_update", { n: 3 });
console.log(JSON.stringify({ initialized, rendered: el.rendered, applied }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run the module")
def test_a_figure_is_ready_at_once_and_gets_the_updates_sent_before_plotly_arrived(
        tmp_path: Path) -> None:
    script = tmp_path / "check.mjs"
    script.write_text(NODE_CHECK, encoding="utf-8")
    encoded = base64.b64encode(plotly_bundle.SHARED_ESM.encode()).decode()
    out = subprocess.run(["node", str(script), encoded], capture_output=True, text=True,
                         check=True, timeout=60)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["initialized"] < 100  # ms: anywidget allows 2 s
    assert result["rendered"] == [1, 2]  # the two early updates, in order, before drawing
    assert result["applied"] == [1, 2, 3]  # and the later ones as they come
