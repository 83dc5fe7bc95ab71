"""One copy of plotly's widget code per page, however many FigureWidgets the page shows.

A plotly ``FigureWidget`` is an anywidget whose ``_esm`` (its JavaScript, plotly.js included:
4.9 MB) is a synced trait of every instance. anywidget 0.11 imports that text afresh for each
model (a new ``Blob`` module each time), so a page with the map, the evaluation chart and two
stored figures sent 20 MB through the kernel's socket and evaluated plotly.js four times at once;
each model must be ready within anywidget's fixed 2 seconds ("[anywidget] Failed to initialize
model."), which four parallel evaluations on a busy machine do not meet.

Here every FigureWidget's ``_esm`` is a few lines (:data:`SHARED_ESM`) that wait for one shared
copy of plotly's module, and one never-displayed :class:`PlotlyBundle` model per kernel carries
the bundle: its ``initialize`` starts the import and returns at once, so it never meets the 2 s
limit itself. A page (or a JupyterLab window with several kernels) imports the bundle once; the
figures' models each call plotly's widget factory, as before, so each keeps its own state. A
figure's ``initialize`` does not wait for the bundle either (see :data:`SHARED_ESM`): the 2 s
limit is never met by a figure on a slow machine, where it used to leave the map frozen.

:func:`install` applies this when ``plotly.basewidget`` is imported (at once if it already is):
importing it is slow (ipywidgets, anywidget), and a static figure does not need it.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

MODULE = "plotly.basewidget"

#: the page-wide slot for plotly's widget factory: a promise, resolved once, by the bundle's model
#: or by the page itself (the browser-only site's app mode imports the same file from the site
#: while Python starts, ``lite/freight-freedom-app-mode``; it sets ``fromKernel`` to take this
#: model's copy if its own fails). The app mode makes the same slot: keep the two alike.
_SLOT = """\
const slot = (globalThis[Symbol.for("freight_freedom.plotly_widget")] ??= (() => {
  let resolve;
  const loaded = new Promise((r) => { resolve = r; });
  return { loaded, resolve, started: false };
})());
"""

#: the model changes plotly's FigureModel listens to (its ``initialize`` in widgetbundle.js):
#: those that arrive before plotly's code has are played to it once it is there
PY2JS = ("_widget_data", "_widget_layout", "_py2js_addTraces", "_py2js_deleteTraces",
         "_py2js_moveTraces", "_py2js_restyle", "_py2js_relayout", "_py2js_update",
         "_py2js_animate", "_py2js_removeLayoutProps", "_py2js_removeTraceProps")

#: each FigureWidget's module: plotly's own widget object, from the page's one copy of plotly.
#: ``initialize`` returns at once (anywidget rejects a model not ready within 2 s, and the page
#: then stops updating it); plotly's ``initialize`` runs when its code is there, first given the
#: updates that came in the meantime, in order, through a view of the model that answers
#: ``get`` with the value each had then. ``render`` waits for it.
SHARED_ESM = _SLOT + """const KEYS = %s;

export default () => {
  let widget = null;
  let ready = null;
  return {
    initialize(context) {
      const { model } = context;
      const queued = [];
      const recorders = KEYS.map((key) => [key, () => queued.push([key, model.get(key)])]);
      for (const [key, record] of recorders) model.on(`change:${key}`, record);
      ready = slot.loaded.then(async (factory) => {
        const listeners = new Map();
        let replaying = null;
        const view = new Proxy(model, {
          get(target, name) {
            if (name === "on") {
              return (event, callback, ...rest) => {
                if (!listeners.has(event)) listeners.set(event, []);
                listeners.get(event).push(callback);
                return target.on(event, callback, ...rest);
              };
            }
            if (name === "get") {
              return (key) => (replaying && replaying[0] === key ? replaying[1] : target.get(key));
            }
            const value = Reflect.get(target, name, target);
            return typeof value === "function" ? value.bind(target) : value;
          },
        });
        widget = typeof factory === "function" ? factory() : factory;
        await widget.initialize?.({ ...context, model: view });
        for (const [key, record] of recorders) model.off(`change:${key}`, record);
        for (const change of queued) {
          replaying = change;
          for (const callback of listeners.get(`change:${change[0]}`) ?? []) callback();
        }
        replaying = null;
      });
    },
    async render(context) {
      await ready;
      return widget.render(context);
    },
  };
};
""" % ("[" + ", ".join(f'"{k}"' for k in PY2JS) + "]")

#: the bundle's model: imports plotly's module once per page and hands its default to the slot;
#: when the page is loading a copy already, offers its own in case that one fails
BUNDLE_ESM = _SLOT + """\
export default {
  initialize({ model }) {
    if (slot.started) {
      slot.fromKernel?.(model.get("bundle"));
      return;
    }
    slot.started = true;
    const url = URL.createObjectURL(new Blob([model.get("bundle")], { type: "text/javascript" }));
    slot.resolve(import(url).then((module) => {
      URL.revokeObjectURL(url);
      return module.default;
    }));
  },
};
"""

_bundle: Any = None  # this kernel's PlotlyBundle (kept open: a reloaded page needs it again)


def bundle_widget() -> Any:
    """This kernel's :class:`PlotlyBundle` model, made (or made again, if closed) on demand."""
    global _bundle
    if _bundle is None or _bundle.comm is None:
        import anywidget
        import plotly
        import traitlets

        class PlotlyBundle(anywidget.AnyWidget):  # type: ignore[misc]
            """Carries plotly's widget JavaScript to the page once; never displayed."""

            _esm = BUNDLE_ESM
            bundle = traitlets.Unicode("").tag(sync=True)

        code = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_text(
            encoding="utf-8")
        _bundle = PlotlyBundle(bundle=code)
    return _bundle


class _SharedEsm:
    """``BaseFigureWidget._esm``: :data:`SHARED_ESM`; reading it on a new widget (anywidget does,
    in ``__init__``) first makes sure the bundle's model exists."""

    def __get__(self, widget: object, owner: type | None = None) -> str:
        if widget is not None:
            bundle_widget()
        return SHARED_ESM


def patch(basewidget: ModuleType) -> None:
    """Make ``basewidget.BaseFigureWidget`` share one bundle (idempotent)."""
    cls = basewidget.BaseFigureWidget
    if not isinstance(cls.__dict__.get("_esm"), _SharedEsm):
        cls._esm = _SharedEsm()


class _PatchOnImport:
    """A ``sys.meta_path`` finder: finds ``plotly.basewidget`` with the normal machinery and
    patches it once executed. (Not an ``importlib.abc.MetaPathFinder``: importing that module
    costs a first figure ~30 ms, for a base class a finder does not need.)"""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name != MODULE:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            patch(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Share plotly's widget bundle from now on (see the module's docstring); idempotent."""
    module = sys.modules.get(MODULE)
    if module is not None:
        patch(module)
    elif not any(isinstance(f, _PatchOnImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnImport())
