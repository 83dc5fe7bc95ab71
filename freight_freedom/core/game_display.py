"""How a game shows itself: its figure, its app, its notebook representations, its language.

:class:`Displayed` is a base of :class:`~freight_freedom.core.game.Game`. The rules never import
the view: the installed display (:mod:`.display_hook`) is imported only when one of these is
called, so the kernel stays free of plotly and ipywidgets.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any, cast

from .display_hook import installed_display
from .i18n import chosen, language, using

if TYPE_CHECKING:
    from .game import Game


class Displayed:
    """The figure, the app and the notebook faces of a game (a mixin of ``Game``)."""

    lang: str | None

    def _shown(self) -> Game[Any]:
        return cast("Game[Any]", self)

    def speaking(self) -> AbstractContextManager[str]:
        """A block in which words are put in this game's language: the one a reader chose
        (:func:`~.i18n.using`: an app's or a page's language), else the game's ``lang``, else
        the package's. What a game's ``view`` and ``prompt`` run under."""
        if self.lang is None or chosen() is not None:
            return nullcontext(language())
        return using(self.lang)

    def figure(self) -> Any:
        """A plotly Figure of the current state (route map or table of trains)."""
        return installed_display().figure_for(self._shown())

    def app(self, **kwargs: Any) -> Any:
        """The ipywidgets play / walkthrough app bound to this game (cached per game)."""
        return installed_display().app_for(self._shown(), **kwargs)

    def _repr_html_(self) -> str:
        """Static summary for places without a kernel (GitHub, nbviewer, untrusted notebooks)."""
        return installed_display().html_summary(self._shown())

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> dict[str, Any]:
        """The live app in Jupyter, with the text and static HTML views as fallbacks."""
        bundle: dict[str, Any] = {"text/plain": repr(self), "text/html": self._repr_html_()}
        try:
            widget = self.app()
        except ImportError:  # no ipywidgets in this environment: the static views suffice
            return bundle
        widget_bundle = widget._repr_mimebundle_(include=include, exclude=exclude)
        if isinstance(widget_bundle, tuple):
            widget_bundle = widget_bundle[0]
        if widget_bundle:
            bundle.update(widget_bundle)
        return bundle
