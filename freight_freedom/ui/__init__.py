"""Shared ipywidgets pieces of the play and walkthrough apps, used by both games.

Nothing in :mod:`freight_freedom` imports this package at start-up: the games reach it lazily
through ``Game.figure()``, ``Game.app()`` and the notebook display hooks, so the rules stay
importable where there is no display (workers, the command line).

One file per concern: :mod:`.app` assembles the pieces (:mod:`.action_panel`, :mod:`.log_view`,
:mod:`.inspector`, :mod:`.stepper`, :mod:`.seats`, :mod:`.saveload`, :mod:`.newgame`,
:mod:`.errors`); :mod:`.adapter` has :class:`~.adapter.GameUI`, the base class each game's UI
subclasses (loaded lazily through the registry); :mod:`.display` is what ``Game`` delegates to.
"""

from .lazy_imports import defer_rfc3987_syntax
from .plotly_bundle import install as _share_plotly_bundle

defer_rfc3987_syntax()  # plotly's first widget would otherwise wait ~1.2 s (see the module)

_share_plotly_bundle()  # one copy of plotly's widget code per page, not one per figure
