"""What one simulated game contributes to a result table: plain numbers and short strings.

Every row has the same leading columns, whatever the game:

- ``config``: index of the option combination in a sweep (0 for :func:`simulate`);
- ``game_index``: the game's position in the run, ``seed``: the game's own seed;
- ``game``, ``rules_version``: what was played, under which rules (stamped, as in save files);
- the game's options, one column each (``players``, ``difficulty``, ``movement_table``...);
  non-scalar options as compact JSON text so they can be grouped on;
- ``bot``: the bot name (``"greedy"``; ``"montecarlo:8/random"`` when seats differ), ``bot_<seat>``;
- ``decisions``: atomic decisions made.

Then the game's key figures (:func:`figures`: its entry's ``figures``, each game's own in its
package's ``records`` module; a game without one: its outcome, flattened). Per-round trajectories
come from a :func:`tracker` that watches the game while it is played (its entry's ``tracker``).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any, Protocol

from ..core import registry

__all__ = ["Tracker", "figures", "flatten", "reads_log", "tracker"]

_MOVED = frozenset({"LOSS_BOTH", "LOSS_FREED", "LOSS_SUPPORT", "LOSS_TRACK"})


def __getattr__(name: str) -> Any:
    """Freedom's loss conditions, at the path they had before they moved to Freedom's own package
    (:mod:`freight_freedom.freedom.records`): notebooks written against it still run, warned."""
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    from ..freedom import records

    warnings.warn(f"{name} moved to freight_freedom.freedom.records; import it from there",
                  DeprecationWarning, stacklevel=2)
    return getattr(records, name)


def _cell(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return ",".join(str(_cell(v)) for v in value)
    return str(value)


def flatten(prefix: str, value: Any) -> dict[str, Any]:
    """Flatten a dataclass/dict/sequence into ``prefix_field`` cells (sequences by position)."""
    out: dict[str, Any] = {}
    if is_dataclass(value) and not isinstance(value, type):
        items: list[tuple[Any, Any]] = [(f.name, getattr(value, f.name)) for f in fields(value)]
    elif isinstance(value, dict):
        items = list(value.items())
    else:
        return {prefix: _cell(value)}
    for name, item in items:
        key = f"{prefix}_{name}" if prefix else str(name)
        if isinstance(item, (list, tuple)) and all(
            x is None or isinstance(x, (bool, int, float)) for x in item
        ):
            out[key] = _cell(item)
        else:
            out.update(flatten(key, item))
    return out


def reads_log(key: str) -> bool:
    """Whether the figures or tracker of game ``key`` read the event log (its entry's
    ``reads_log``), so a simulation keeps the log on."""
    entry = registry.find(key)
    return entry is not None and entry.reads_log


def figures(game_name: str, game: Any) -> dict[str, Any]:
    """The key figures of a finished game: its entry's ``figures``, else its outcome flattened."""
    entry = registry.find(game_name)
    if entry is None or not entry.figures:
        return flatten("", game.outcome)
    return entry.figures(game)


class Tracker(Protocol):
    """Watches one game as it is played and adds per-round columns to its row."""

    def step(self, game: Any) -> None: ...

    def columns(self, game: Any) -> dict[str, Any]: ...


def tracker(game_name: str) -> Tracker | None:
    """A fresh tracker for one game of ``game_name``, or None when it has nothing to track."""
    entry = registry.find(game_name)
    if entry is None or not entry.tracker:
        return None
    return entry.tracker()
