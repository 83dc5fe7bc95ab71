"""What ``Game.figure()``, ``Game.app()`` and the notebook display hooks delegate to.

- :func:`figure_for` draws the current state as a plotly Figure (route map / table of trains).
- :func:`app_for` returns the play app, cached on the game object so that showing ``game`` twice
  shows one live app (``Game.copy()`` drops the cache: a copy gets its own app).
- :func:`html_summary` is the static face for places without a kernel (GitHub, nbviewer, an
  untrusted notebook): prompt, round and phase, key state and the last log lines, all escaped.
  It imports neither plotly nor ipywidgets.
"""

from __future__ import annotations

import html
from typing import Any

from ..core.game import Game

SUMMARY_LOG_LINES = 6


def figure_for(game: Game[Any]) -> Any:
    """A complete ``plotly.graph_objects.Figure`` of ``game``'s current state.

    Raises ``ValueError`` for a game that has no figure.
    """
    from .adapter import Selection, ui_for

    ui = ui_for(game)
    fig = ui.build_figure(game)
    if fig is None:
        raise ValueError(f"{type(game).__name__} has no figure")
    ui.update_figure(fig, game, Selection())
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
        from .adapter import ui_for

        return list(ui_for(game).summary(game))
    except Exception:  # noqa: BLE001 - a static summary must always render
        return []


def html_summary(game: Game[Any]) -> str:
    """Static HTML: prompt with rule ID, round/phase, key state, last log lines (all escaped)."""
    esc = html.escape
    prompt = game.prompt
    over = f"<b>Game over.</b> {esc(str(game.outcome))}"
    head = over if game.is_over else esc(str(prompt))
    rows = [
        ("Game", f"{type(game).__name__} (seed {game.seed}, {len(game.history)} steps)"),
        ("Round / phase", f"{game.round} / {game.phase}"),
        *_summary_rows(game),
    ]
    table = "".join(
        f"<tr><th style='text-align:left;padding-right:12px'>{esc(str(k))}</th>"
        f"<td style='text-align:left'>{esc(str(v))}</td></tr>"
        for k, v in rows
    )
    log = game.log[-SUMMARY_LOG_LINES:]
    lines = "".join(
        f"<li><code>{esc(e.rule)}</code> {esc(e.text)}</li>" for e in reversed(log)
    )
    return (
        "<div class='freight-freedom-summary' style='font-family:sans-serif;font-size:13px'>"
        f"<div style='border-left:4px solid #0b57d0;padding:2px 8px'>{head}</div>"
        f"<table style='margin:6px 0'>{table}</table>"
        f"<div><b>Latest events</b> (newest first)<ul style='margin:2px 0'>{lines}</ul></div>"
        "</div>"
    )
