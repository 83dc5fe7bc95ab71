"""What ``Game.figure()``, ``Game.app()`` and the notebook display hooks delegate to.

- :func:`figure_for` draws the current state as a plotly Figure (route map / table of trains).
- :func:`app_for` returns the play app, cached on the game object so that showing ``game`` twice
  shows one live app (``Game.copy()`` drops the cache: a copy gets its own app).
- :func:`html_summary` is the static face for places without a kernel (GitHub, nbviewer, an
  untrusted notebook): prompt, round and phase, key state and the last log lines, all escaped.
  It imports neither plotly nor ipywidgets.
- :func:`figures_as_widgets` draws the notebooks' stored figures as FigureWidgets where
  plotly's mimetype renderer is wrong or absent: Voila and the browser-only site (called when
  the package is imported there, see :func:`widgets_draw_figures_here`).
"""

from __future__ import annotations

import html
import os
import sys
from typing import Any

from ..core.game import Game
from ..core.i18n import _
from ..core.say import shown

SUMMARY_LOG_LINES = 6


def figure_for(game: Game[Any]) -> Any:
    """A complete ``plotly.graph_objects.Figure`` of ``game``'s current state.

    Raises ``ValueError`` for a game that has no figure.
    """
    from .adapter import Selection, game_view, ui_for

    ui = ui_for(game)
    fig = ui.build_figure(game)
    if fig is None:
        raise ValueError(f"{type(game).__name__} has no figure")
    ui.update_figure(fig, game_view(game), Selection())
    return fig


def app_for(game: Game[Any], **kwargs: Any) -> Any:
    """The :class:`~freight_freedom.ui.app.GameApp` of ``game`` (cached on the game).

    Keyword arguments (``seats=["Human", "Random bot"]``) apply when the app is first made.
    """
    cached = game.__dict__.get("_app")
    if cached is not None and cached.game is game and not kwargs:
        return cached
    from .app import GameApp

    app = GameApp(game, **kwargs)
    game.__dict__["_app"] = app
    return app


def _summary_rows(game: Game[Any]) -> list[tuple[str, str]]:
    try:
        from .adapter import game_view, ui_for

        return list(ui_for(game).summary(game_view(game)))
    except Exception:  # noqa: BLE001 - a static summary must always render
        return []


def html_summary(game: Game[Any]) -> str:
    """Static HTML: prompt with rule ID, round/phase, key state, last log lines (all escaped)."""
    esc = html.escape
    prompt = game.prompt
    over = "<b>" + esc(_("Game over.")) + f"</b> {esc(str(game.outcome))}"
    head = over if game.is_over else esc(str(prompt))
    rows = [
        (_("Game"), _("{game} (seed {seed}, {n} steps)").format(
            game=type(game).__name__, seed=game.seed, n=len(game.history))),
        (_("Round / phase"), f"{game.round} / {shown(game.phase)}"),
        *_summary_rows(game),
    ]
    table = "".join(
        f"<tr><th style='text-align:left;padding-right:12px'>{esc(str(k))}</th>"
        f"<td style='text-align:left'>{esc(str(v))}</td></tr>"
        for k, v in rows
    )
    latest, newest = _("Latest events"), _("(newest first)")
    log = game.log[-SUMMARY_LOG_LINES:]
    lines = "".join(
        f"<li><code>{esc(e.rule)}</code> {esc(e.said())}</li>" for e in reversed(log)
    )
    return (
        "<div class='freight-freedom-summary' style='font-family:sans-serif;font-size:13px'>"
        f"<div style='border-left:4px solid #0b57d0;padding:2px 8px'>{head}</div>"
        f"<table style='margin:6px 0'>{table}</table>"
        f"<div><b>{esc(latest)}</b> {esc(newest)}<ul style='margin:2px 0'>{lines}</ul></div>"
        "</div>"
    )


#: what Voila puts in its kernels' environment (voila/handler.py, voila/notebook_renderer.py)
VOILA_ENV = "VOILA_KERNEL_ID"


def in_voila() -> bool:
    """True in a kernel that Voila started for a page (it sets ``VOILA_KERNEL_ID`` there, and
    ``SERVER_SOFTWARE`` to ``voila/<version>``)."""
    return VOILA_ENV in os.environ or os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def in_browser() -> bool:
    """True in the browser-only site's kernel (Pyodide: Python compiled to WebAssembly)."""
    return sys.platform == "emscripten"


def widgets_draw_figures_here() -> bool:
    """Whether this kernel's page draws plotly's mimetype with FigureWidgets instead (see
    :func:`figures_as_widgets`): in Voila and in the browser-only site."""
    return in_voila() or in_browser()


def figures_as_widgets() -> None:
    """Show ``plotly_mimetype`` figures as FigureWidgets, not as plotly's mimetype.

    The notebooks store their figures as ``application/vnd.plotly.v1+json`` (data, not a 5 MB
    script). JupyterLab draws that with jupyterlab-plotly's renderer, which, once the plot has a
    size, caches a PNG of it with ``model.setData(...)``. Two places need another way:

    - Voila 0.5 renders a page's outputs from the plain JSON it embeds
      (``<script type="application/vnd.voila.cell-output+json">``), a model without
      ``setData``: the page threw "r.setData is not a function" whenever the plot was drawn after
      the page was shown (plotly.js loads asynchronously, hence intermittent).
    - The browser-only site does not serve jupyterlab-plotly: its 4.8 MB chunk (plotly.js again)
      was loaded by every page, beside the copy the apps' FigureWidgets bring.

    A FigureWidget draws through the widget manager, which the apps on those pages load anyway
    (one copy of plotly.js per page, see :mod:`.plotly_bundle`). Nothing is stored there, so the
    notebooks' files are unchanged. Safe to call twice.
    """
    import plotly.io as pio
    from plotly.io._base_renderers import MimetypeRenderer

    class FigureWidgetRenderer(MimetypeRenderer):  # type: ignore[misc]
        """A figure as a plotly FigureWidget's view (the widget lives in ipywidgets' registry)."""

        def __init__(self) -> None:  # no options (plotly's repr lists the __init__ arguments)
            super().__init__()

        def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, Any]:
            import plotly.graph_objects as go

            bundle = go.FigureWidget(fig_dict)._repr_mimebundle_()
            return dict(bundle[0] if isinstance(bundle, tuple) else bundle)

    if type(pio.renderers["plotly_mimetype"]).__name__ != FigureWidgetRenderer.__name__:
        pio.renderers["plotly_mimetype"] = FigureWidgetRenderer()
