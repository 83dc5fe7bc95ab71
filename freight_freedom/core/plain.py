"""Plain JSON data from untrusted sources: one loader and one checker, both bounded.

Save files and scenario parameters come from users. :func:`load_json` parses text and
:func:`check_plain` checks Python values; both refuse, with a :class:`PlainDataError` naming the
place (``history[3].params.cards[0]``), what would otherwise escape as a bare ``RecursionError``,
``ValueError`` (integers of thousands of digits), ``TypeError`` (a set, an object) or a silently
wrong value (``NaN``, ``1e999``, a key given twice). Callers turn the error into their own
(:class:`~.errors.SaveFileError`, :class:`~.errors.IllegalAction`).
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 16
"""Containers nest at most this deep (a save needs 5 levels)."""
INT_LIMIT = 2**63
"""Integers lie in ``(-INT_LIMIT, INT_LIMIT)``."""
_MAX_DIGITS = len(str(INT_LIMIT))


class PlainDataError(ValueError):
    """Data that is not plain, bounded JSON: ``where`` names the place, ``reason`` says why."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}")


class _Refused:
    """A value the parser met but must not hand on; :func:`check_plain` reports it in place."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


class _DuplicateKeys(dict[str, Any]):
    __slots__ = ("duplicate",)
    duplicate: str


def _parse_int(text: str) -> int | _Refused:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        return _Refused(f"an integer of {len(text)} digits is too large")
    return int(text)


def _parse_float(text: str) -> float | _Refused:
    if len(text) > 400:
        return _Refused("a number written with more than 400 characters")
    value = float(text)
    return value if math.isfinite(value) else _Refused(f"{text[:20]} is not a finite number")


def _parse_constant(text: str) -> _Refused:
    return _Refused(f"{text} is not JSON")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) == len(pairs):
        return data
    seen: set[str] = set()
    bad = _DuplicateKeys(data)
    bad.duplicate = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
    return bad


def load_json(text: str, where: str = "file") -> Any:
    """Parse JSON text and :func:`check_plain` the result; raises :class:`PlainDataError`."""
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant, object_pairs_hook=_pairs)
    except RecursionError:
        raise PlainDataError(where, f"nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        raise PlainDataError(
            where, f"not valid JSON (truncated?): {exc.msg} at {exc.pos}") from None
    check_plain(data, where)
    return data


def check_plain(value: Any, where: str = "") -> None:
    """Raise :class:`PlainDataError` unless ``value`` is bounded plain JSON data.

    Allowed: ``None``, bools, integers in ``(-2**63, 2**63)``, finite floats, strings, lists and
    tuples, dicts with string keys; at most :data:`MAX_DEPTH` containers deep. Iterative, so no
    input can exhaust the stack.
    """
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    while stack:
        item, path, depth = stack.pop()
        if item is None or isinstance(item, (bool, str)):
            continue
        if isinstance(item, int):
            if not -INT_LIMIT < item < INT_LIMIT:
                raise PlainDataError(path, f"an integer of {item.bit_length()} bits is too large")
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                raise PlainDataError(path, f"{item} is not a finite number")
            continue
        if isinstance(item, _Refused):
            raise PlainDataError(path, item.reason)
        if isinstance(item, (list, tuple, dict)) and depth >= MAX_DEPTH:
            raise PlainDataError(path, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(item, _DuplicateKeys):
            raise PlainDataError(path, f"the key {item.duplicate[:40]!r} is given twice")
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise PlainDataError(path, f"a key of type {type(key).__name__} (keys are "
                                               "strings)")
                stack.append((sub, f"{path}.{key[:40]}" if path else key[:40], depth + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((sub, f"{path}[{i}]", depth + 1) for i, sub in enumerate(item))
        else:
            raise PlainDataError(path, f"a {type(item).__name__} is not JSON data")
