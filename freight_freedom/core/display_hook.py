"""Where a game's figure, app and notebook views come from, so that the rules never import them.

:meth:`~.game.Game.figure`, :meth:`~.game.Game.app` and the notebook representations ask the
installed display (:func:`installed_display`), which imports it then. The package root installs
:mod:`freight_freedom.ui.display` when it is imported (before any game can exist), so the core
names no module above it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .game import Game


class GameDisplay(Protocol):
    """What draws a game: its figure, its app and its static summary
    (:mod:`freight_freedom.ui.display` is one)."""

    def figure_for(self, game: Game[Any]) -> Any: ...

    def app_for(self, game: Game[Any], **kwargs: Any) -> Any: ...

    def html_summary(self, game: Game[Any]) -> str: ...


_DISPLAY: list[Callable[[], GameDisplay]] = []


def install_display(loader: Callable[[], GameDisplay]) -> None:
    """Say where :meth:`~.game.Game.figure`, :meth:`~.game.Game.app` and the notebook views
    come from: ``loader()`` returns the display, importing it then (the last one installed
    wins)."""
    _DISPLAY[:] = [loader]


def installed_display() -> GameDisplay:
    """The installed display, imported now (``ImportError`` if none is installed)."""
    if not _DISPLAY:
        raise ImportError("no display installed (freight_freedom.core.display_hook)")
    return _DISPLAY[0]()
