"""Observations as numbers: a fixed-length vector of what one seat may know.

Each game declares its encoder in its entry (``features`` and ``feature_size``, see
:class:`~freight_freedom.core.registry.GameEntry`; the encodings are
:class:`~freight_freedom.core.features.Vec`'s). An encoder reads only :meth:`Game.observation`
(the per-seat view, which never holds a deck order or an RNG state), so no hidden information can
reach a vector: two games that differ only in what ``seat`` cannot see give the same vector.
Every part has a length fixed by the components and the number of players, so the length is
declared per game and options (:func:`feature_size`). Pure Python: the frameworks' adapters turn
the list into their own arrays.
"""

from __future__ import annotations

from typing import Any

from ..core import registry
from ..core.errors import IllegalAction
from ..core.game import Game


def _entry(game: Game[Any]) -> registry.GameEntry:
    entry = registry.find(game)
    if entry is None or entry.features is None or entry.feature_size is None:
        raise IllegalAction(f"{type(game).__name__} has no observation encoding",
                            rule="OBSERVATION")
    return entry


def features(game: Game[Any], seat: int, view: dict[str, Any] | None = None) -> list[float]:
    """``seat``'s observation of ``game`` as a vector of :func:`feature_size` floats.

    ``view`` is ``game.observation(seat)`` when the caller already has it (it is not cheap).
    """
    encode = _entry(game).features
    assert encode is not None
    return encode(game, seat, view)


def feature_size(game: Game[Any]) -> int:
    """The length of :func:`features` for this game's components and options."""
    size = _entry(game).feature_size
    assert size is not None
    return size(game)
