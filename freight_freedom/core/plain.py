"""Plain JSON data from untrusted sources: one reader, one loader and one checker, all bounded.

Save files, component folders, scenario parameters and command-line values come from users.
:func:`read_bounded` reads a file (never more than :data:`MAX_BYTES`, so a link to
``/dev/zero`` stops at once), :func:`load_json` parses text or bytes and :func:`check_plain`
checks Python values; all three refuse, with a :class:`PlainDataError` naming the
place (``history[3].params.cards[0]``), what would otherwise escape as a bare ``RecursionError``,
``ValueError`` (integers of thousands of digits), ``TypeError`` (a set, an object) or a silently
wrong value (``NaN``, ``1e999``, a key given twice), bytes that are not UTF-8, or a file too large.
Every JSON file the package reads goes through them; callers turn the error into their own
(:class:`~.errors.SaveFileError`, :class:`~.errors.ComponentError`,
:class:`~.errors.IllegalAction`).
"""

from __future__ import annotations

import json
import math
import os
import stat
from typing import Any

MAX_DEPTH = 16
"""Containers nest at most this deep (a save needs 5 levels)."""
INT_LIMIT = 2**63
"""Integers lie in ``(-INT_LIMIT, INT_LIMIT)``."""
_MAX_DIGITS = len(str(INT_LIMIT))
MAX_BYTES = 5_000_000
"""A JSON file (a save, a component file) is at most this many bytes."""


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


def read_bounded(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of the file at ``path``; :class:`PlainDataError` (at ``"file"``) when it
    cannot be read or holds more than ``limit`` bytes. Reads at most ``limit + 1`` bytes,
    so a huge file or a device that never ends costs nothing."""
    try:
        if stat.S_ISFIFO(os.stat(path).st_mode):  # opening a pipe would wait for a writer
            raise PlainDataError("file", "cannot be read (a named pipe, not a file)")
        with open(path, "rb") as file:
            raw = file.read(limit + 1)
    except OSError as exc:
        raise PlainDataError("file", f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > limit:
        raise PlainDataError("file", f"larger than {limit} bytes")
    return raw


def load_json(text: str | bytes, where: str = "file", *, limit: int = MAX_BYTES) -> Any:
    """Parse JSON text (or UTF-8 bytes) and :func:`check_plain` the result.

    Raises :class:`PlainDataError`: for more than ``limit`` bytes (characters), bytes that are
    not UTF-8, text that is not JSON, and anything :func:`check_plain` refuses.
    """
    if len(text) > limit:
        raise PlainDataError(where or "file", f"larger than {limit} bytes")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PlainDataError(where or "file", f"not UTF-8 text ({exc.reason} at byte "
                                                  f"{exc.start})") from None
    if not isinstance(text, str):
        raise PlainDataError(where or "file", f"JSON text is a string, not a "
                                              f"{type(text).__name__}")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant, object_pairs_hook=_pairs)
    except RecursionError:
        raise PlainDataError(where or "file",
                             f"nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        raise PlainDataError(where or "file", f"not valid JSON (truncated?): {exc.msg} at line "
                                              f"{exc.lineno} column {exc.colno}") from None
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
