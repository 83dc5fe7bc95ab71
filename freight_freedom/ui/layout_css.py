"""The app's page styling: its own parts' CSS and the rules that scale the map to the board.

The app's widgets are found by their ``ff-*`` classes (:func:`name_parts` sets them).
:func:`figure_css` is computed from the figure's size when it is built.
"""

from __future__ import annotations

from typing import Any

#: Page styling of the app's own parts (found by their ``ff-*`` classes). When the board is too
#: narrow for the map and the decision column side by side (a 900 px window, JupyterLab with its
#: side bar open), the column goes *above* the map, so the prompt and the choices stay in view.
#: Focus is clearly visible on every control; the tab titles keep a readable contrast.
#: The output cell holding the app (a table cell in JupyterLab, Voila and the browser-only site)
#: aligns it to its top: aligned on its baseline (the default), the app was drawn with its
#: board row above the cell, out of sight and out of reach, the choices included (Slow Freight
#: in Voila at 1366x800, a second after the page opened).
APP_CSS = """<style>
.jp-OutputArea-output:has(> .ff-app) { vertical-align: top; }
.ff-board { container-type: inline-size; }
.ff-figure > * { transform-origin: 0 0; }
.ff-app button:focus-visible, .ff-app select:focus-visible, .ff-app input:focus-visible,
.ff-app summary:focus-visible { outline: 3px solid #0b57d0 !important; outline-offset: 2px; }
.ff-actions button.widget-button { white-space: normal; height: auto; min-height: 28px;
  text-align: left; line-height: 1.3; padding-top: 3px; padding-bottom: 3px; }
.ff-app .ff-tabs .lm-TabBar-tab, .ff-app .ff-tabs .lm-TabBar-tabLabel {
  color: #222 !important; opacity: 1 !important; }
</style>"""


#: the decision column's narrowest width beside the map (px, with its padding)
COLUMN_MIN = 310  # its flex basis and least width, 300 px, and 8 px of padding
#: the smallest scale of the map beside the column (below it, the column goes above the map):
#: 0.8 keeps it beside the column in JupyterLab at 1366 px with the file browser open, the
#: 16 px space names then drawn at 12.8 px
SIDE_BY_SIDE_MIN = 0.8
#: JupyterLab or Voila in a window at most this tall (a 768 px laptop screen: ~650 px for the
#: notebook in JupyterLab, the notebook's title above the app in Voila) draws the map at most
#: at :data:`SHORT_SCREEN_SCALE`, so it is seen whole beside the column; Voila in a window at
#: most :data:`SHORTER_SCREEN` tall at :data:`SIDE_BY_SIDE_MIN` (the names then 12.8 px)
SHORT_SCREEN = 820
SHORT_SCREEN_SCALE = 0.85
SHORTER_SCREEN = 730
#: a figure at least this tall (px: Freedom's map) is capped on a short screen; a shorter one
#: (Slow Freight's table, which grows with the trains) keeps its size and the page scrolls
TALL = 600
#: where the app sits: JupyterLab's notebook panel, Voila's page of rendered cells
NOTEBOOK_PAGES = (".jp-NotebookPanel ", "#rendered_cells ")


def figure_css(width: int, height: int) -> str:
    """Container rules that scale the map to the board's width (``transform: scale``, which
    plotly.js accounts for in hover and click positions) in steps of 0.05. The plot keeps its
    design width inside the shrunk box (plotly would otherwise re-lay it out to the box and the
    scale would apply twice).

    The map keeps its design size when the column fits beside it; on a narrower board (a
    JupyterLab window with its file browser open) it shrinks down to :data:`SIDE_BY_SIDE_MIN`
    to keep the column beside it; narrower still, the column goes above the map, which scales
    to the board's width (a 900 px window, a phone). In JupyterLab on a short screen (its menus
    and tabs take ~120 px of 768) and in Voila (the notebook's title above the app) the map is
    at most :data:`SHORT_SCREEN_SCALE`, so the whole map is seen at once on a 768 px screen.
    """
    rules = []
    side = round(SIDE_BY_SIDE_MIN * width) + COLUMN_MIN
    # too narrow for both: the column's parts become the board's own rows (display: contents),
    # the decision above the map, what describes the board (the last moves, the board in
    # words, the side panel) below it, so the map stays close to the choices
    rules.append(f"@container (max-width: {side - 1}px) {{ "
                 ".ff-column { display: contents !important; } "
                 ".ff-column > * { order: -1; flex: 0 0 100% !important; } "
                 ".ff-column > .ff-recent, .ff-column > .ff-words, .ff-column > .ff-side "
                 "{ order: 1; } }")
    steps = [round(1 - 0.05 * k, 2) for k in range(1, 11)]  # 0.95 ... 0.5
    for scale in steps:  # beside the column
        if scale < SIDE_BY_SIDE_MIN:
            break
        hi = round((scale + 0.05) * width) + COLUMN_MIN - 1
        rules.append("@container " + f"(min-width: {side}px) and (max-width: {hi}px) "
                     + _scaled(scale, width, height, column=True))
    for scale in steps:  # above: the map alone takes the board's width
        hi = round((scale + 0.05) * width) - 1
        rules.append("@container " + f"(max-width: {min(hi, side - 1)}px) "
                     + _scaled(scale, width, height, column=False))
    # a notebook (JupyterLab, Notebook 7) or Voila on a short screen: the cap applies only
    # where the width allows more
    caps = ((SHORT_SCREEN_SCALE, SHORT_SCREEN), (SIDE_BY_SIDE_MIN, SHORTER_SCREEN))
    for cap, screen in caps if height >= TALL else ():
        least = round(cap * width) + COLUMN_MIN
        for within in NOTEBOOK_PAGES:
            if screen == SHORTER_SCREEN and within != "#rendered_cells ":
                continue  # JupyterLab keeps 0.85: its notebook scrolls under fixed menus
            rules.append(f"@media (max-height: {screen}px) {{ @container (min-width: {least}px) "
                         + _scaled(cap, width, height, column=True, within=within) + " }")
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def _scaled(scale: float, width: int, height: int, *, column: bool, within: str = "") -> str:
    """The rule block drawing the map at ``scale`` (``within``: an enclosing selector)."""
    w, h = round(scale * width), round(scale * height)
    extra = f" {within}.ff-column {{ max-height: {h}px !important; }}" if column else ""
    return (f"{{ {within}.ff-figure {{ width: {w}px !important; "
            f"min-width: {w}px !important; height: {h}px !important; overflow: hidden; }} "
            f"{within}.ff-figure > * {{ width: {width}px !important; "
            f"min-width: {width}px !important; height: {height}px !important; "
            f"transform: scale({scale}); }}{extra} }}")


def name_parts(app: Any) -> None:
    """Give ``app``'s parts (a :class:`~freight_freedom.ui.app.GameApp`) the stable ``ff-*``
    classes the page styling and the browser tests find them by (the DOM is otherwise
    anonymous)."""
    for widget, name in [(app, "ff-app"), (app.title, "ff-title"),
                         (app.column, "ff-column"), (app.header, "ff-header"),
                         (app.undo_turn_button, "ff-undo-turn"),
                         (app.prompt, "ff-prompt"), (app.rule, "ff-rule"),
                         (app.errors.widget, "ff-errors"),
                         (app.board, "ff-board"), (app.side, "ff-side"),
                         (app.map_note, "ff-map-note"), (app.recent, "ff-recent"),
                         (app.unavailable, "ff-unavailable"),
                         (app.actions.widget, "ff-actions"),
                         (app.stepper.widget, "ff-stepper"), (app.seats_box, "ff-seats"),
                         (app.stepper.banner, "ff-playback"),
                         (app.view_banner, "ff-viewing"), (app.board_text, "ff-words"),
                         (app.moves.widget, "ff-moves"),
                         (app.log_view.widget, "ff-log"), (app.tabs, "ff-tabs")]:
        widget.add_class(name)
