"""The check every scenario passes before it reaches a game (:meth:`.game.Game.scenario`): its
parameters are plain JSON data and fit the game's declared signature (``Game.SCENARIOS``), or
it is refused with :class:`~.errors.IllegalAction` and the game is left as it was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .action import show
from .errors import IllegalAction
from .plain import PlainDataError, check_plain


def check_scenario(game: str, scenarios: Mapping[str, Mapping[str, str]], name: object,
                   params: Mapping[str, Any], rule: str) -> None:
    """Refuse, with :class:`IllegalAction` under ``rule``, a scenario ``name`` of the game
    called ``game`` whose parameters are not plain JSON data or do not fit its signature in
    ``scenarios`` (name -> parameter -> kind; an empty table declares no signatures)."""
    if not isinstance(name, str):
        raise IllegalAction(f"a scenario name is a string, not {show(name)}", rule=rule)
    try:
        check_plain(dict(params), "")
    except PlainDataError as exc:
        raise IllegalAction(f"scenario {name!r} parameter {exc.where}: {exc.reason}",
                            rule=rule) from None
    if not scenarios:
        return
    signature = scenarios.get(name)
    if signature is None:
        raise IllegalAction(f"{game} has no scenario {show(name)}; its "
                            f"scenarios are {sorted(scenarios)}", rule=rule)
    missing = [p for p in signature if p not in params]
    unknown = sorted(set(params) - set(signature))
    if missing or unknown:
        raise IllegalAction(
            f"scenario {name!r} takes {list(signature)}"
            f"{'; missing ' + str(missing) if missing else ''}"
            f"{'; unknown ' + str(unknown) if unknown else ''}", rule=rule)
    for param, kind in signature.items():
        if not _fits(params[param], kind):
            raise IllegalAction(f"scenario {name!r} parameter {param!r} must be {kind}, "
                                f"not {show(params[param])}", rule=rule)


def _fits(value: Any, kind: str) -> bool:
    """Whether ``value`` is of a declared scenario parameter kind (bools are not ints)."""
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind in ("list[str]", "list[str?]"):
        nullable = kind.endswith("?]")
        return isinstance(value, (list, tuple)) and all(
            isinstance(v, str) or (nullable and v is None) for v in value)
    raise ValueError(f"unknown scenario parameter kind {kind!r}")  # pragma: no cover
