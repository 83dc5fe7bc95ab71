"""Helpers that games use to validate their keyword options with clear errors."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .action import show
from .errors import OptionError


def int_option(
    options: dict[str, Any], name: str, default: int, lo: int, hi: int, *, rule: str = ""
) -> int:
    """Pop ``name`` from ``options``: an int in ``[lo, hi]``."""
    value = options.pop(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise OptionError(name, f"must be an integer from {lo} to {hi}, not {show(value)}",
                          rule=rule)
    return value


def choice_option(
    options: dict[str, Any], name: str, default: Any, choices: Collection[Any], *, rule: str = ""
) -> Any:
    """Pop ``name`` from ``options``: one of ``choices``."""
    value = options.pop(name, default)
    if isinstance(value, bool) and not any(isinstance(c, bool) for c in choices):
        raise OptionError(name, f"must be one of {sorted(map(str, choices))}, not {show(value)}")
    try:
        ok = value in choices
    except TypeError:
        ok = False
    if not ok:
        raise OptionError(name, f"must be one of {sorted(map(str, choices))}, not {show(value)}",
                          rule=rule)
    return value


def bool_option(options: dict[str, Any], name: str, default: bool, *, rule: str = "") -> bool:
    value = options.pop(name, default)
    if not isinstance(value, bool):
        raise OptionError(name, f"must be true or false, not {show(value)}", rule=rule)
    return value


def no_unknown_options(options: dict[str, Any], known: Collection[str]) -> None:
    """Raise for the first option left over after the game popped the ones it knows."""
    if options:
        name = sorted(options)[0]
        raise OptionError(name, f"unknown option; known options are {sorted(known)}")
