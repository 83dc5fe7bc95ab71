"""The bots a seat can be given in the app, taken from the analysis bot registry.

One registry (:mod:`freight_freedom.core.registry`) knows every game's bots; the app offers the
quick ones (``app_bots``: search bots think for seconds per move, too slow to answer a click).
A bot whose module is missing (an engine still being written) is left out, not an error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.bot import Bot, RandomBot
from ..core.i18n import N_

#: the bots' names (the seat drop-down's values, and its words in English; shown in the
#: reader's language through the catalog)
LABELS = {
    "random": N_("Random bot"),
    "greedy": N_("Greedy bot"),
    "heuristic": N_("Heuristic bot"),
    "small-fast": N_("Small-fast bot"),
    "big-slow": N_("Big-slow bot"),
    "montecarlo": N_("Monte Carlo bot"),
}


def registry_bots(game_name: str, names: Sequence[str] | None = None
                  ) -> dict[str, Callable[[int], Bot]]:
    """Label -> factory(seed) for the registry bots ``names`` of ``game_name`` that import
    (default: the game's ``app_bots``)."""
    from ..core.registry import game_entry

    game = game_entry(game_name)
    out: dict[str, Callable[[int], Bot]] = {"Random bot": lambda seed: RandomBot(seed)}
    for name in game.app_bots if names is None else names:
        entry = game.bot(name)
        if entry is None or name == "random":
            continue
        try:
            entry.bot_class()
        except ImportError:
            continue
        out[LABELS.get(name, name)] = _factory(game_name, name)
    return out


def _factory(game_name: str, name: str) -> Callable[[int], Bot]:
    from ..analysis import bots as registry

    def make(seed: int) -> Bot:
        return registry.make_bot(game_name, name, seat=0, seed=seed)

    return make
