"""Immutable copies of plain data, for everything a game hands out (options, event data).

:func:`freeze` turns JSON-like data into a deep, immutable copy: dicts become :class:`FrozenDict`
(a read-only ``dict`` that still compares, prints and serialises as one) and lists become tuples.
Nothing a caller holds can then reach back into a game's state or history.
:func:`thaw` gives fresh mutable lists and dicts again, for code that builds on the data.
"""

from __future__ import annotations

from typing import Any, NoReturn


class FrozenDict(dict[str, Any]):
    """A ``dict`` that cannot be changed: equal to, and JSON-encoded like, a plain dict."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this mapping is read-only (a copy handed out by the game)")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[str, Any]]]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self

    def __repr__(self) -> str:
        return dict.__repr__(self)

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: str(kv[0]))))


_SCALARS = frozenset({str, int, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """A deep immutable copy: dicts to :class:`FrozenDict`, lists, tuples and sets to tuples."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, FrozenDict):
        return value
    if isinstance(value, dict):
        scalars = _SCALARS
        return FrozenDict({k: v if type(v) in scalars else freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return tuple(freeze(v) for v in sorted(value, key=repr))
    return value


def thaw(value: Any) -> Any:
    """A deep mutable copy: mappings to dicts, tuples and lists to lists."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value
