"""Puzzle marks on Freedom's map: ring only the destinations of a puzzle's choices."""

from __future__ import annotations

from typing import Any


def ring_choices(fig: Any, game: Any, options: tuple[str, ...]) -> None:
    """On a Freedom map, ring only the destinations of the puzzle's choices (the figure rings
    every legal destination of the position, about 30 of them at the start of a turn)."""
    from ...core.i18n import _
    from ...core.say import shown
    from ...ui.figure_names import names_on_top
    from .. import view

    keep = {view.ends(game, a)[1] for a in game.legal_actions() if str(a) in options}
    board = game.ctx.board
    for trace in fig.data:
        if trace.name == view.TARGETS:
            points = [(x, y, d) for x, y, d in zip(trace.x, trace.y, trace.customdata,
                                                   strict=True)
                      if d in keep]
            trace.x = [x for x, _y, _d in points]
            trace.y = [y for _x, y, _d in points]
            trace.customdata = [d for _x, _y, d in points]
            trace.hovertext = [_("one of the choices: {space}").format(
                space=shown(board.spaces[d].name)) for _x, _y, d in points]
    names_on_top(fig)
