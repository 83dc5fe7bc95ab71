"""The versioned JSON save format shared by both games.

A save holds what reproduces the game (game name, rules version, options, seed and the history of
actions and scenarios) plus a SHA-256 digest of the resulting state. Loading validates every field,
replays the history through the normal legality checks and compares digests, so a truncated,
malformed or tampered file is refused with a :class:`SaveFileError` naming the field. JSON only:
nothing in a file is ever executed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar

from .action import Action, Scenario, Step, show
from .errors import ActionParseError, IllegalAction, OptionError, SaveFileError
from .plain import INT_LIMIT, MAX_BYTES, PlainDataError, load_json
from .registry import same_game

if TYPE_CHECKING:
    from .game import Game

FORMAT = "freight-freedom-save"
FORMAT_VERSION = 1
__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_BYTES", "dump", "load"]
G = TypeVar("G", bound="Game[Any]")


def _step_to_json(step: Step) -> Any:
    return str(step) if isinstance(step, Action) else step.to_dict()


def dump(game: Game[Any]) -> str:
    data = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "rules_version": game.rules_version,
        "options": dict(game.options),
        "seed": game.seed,
        "history": [_step_to_json(s) for s in game.history],
        "digest": game.digest(),
        "is_over": game.is_over,
    }
    if game.components_digest is not None:
        data["components"] = game.components_digest
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=True) + "\n"


def _components_mismatch(saved: str | None, given: str | None) -> str:
    if saved is None:
        return (f"the game was played with the packaged components, not the set given "
                f"(digest {given})")
    if given is None:
        return (f"the game was played with another component set (digest {saved}); "
                "load it with components=<that folder or Components set>")
    return f"the game was played with component set {saved}, not {given}"


def _parse_step(i: int, raw: Any) -> Step:
    where = f"history[{i}]"
    if isinstance(raw, str):
        try:
            return Action.parse(raw)
        except ActionParseError as exc:
            raise SaveFileError(where, str(exc)) from None
    if isinstance(raw, dict) and set(raw) == {"scenario", "params"}:
        name, params = raw["scenario"], raw["params"]
        if not isinstance(name, str) or not isinstance(params, dict):
            raise SaveFileError(where, "a scenario needs a name and a params object")
        return Scenario(name, tuple(sorted(params.items())))
    raise SaveFileError(where, "expected an action string or a scenario object, "
                               f"got {type(raw).__name__} {show(raw, 80)}")


def load(cls: type[G], text: str | bytes, **settings: Any) -> G:
    """The game a save file records; ``settings`` (e.g. ``components=``) go to the constructor."""
    if not isinstance(text, (str, bytes)):
        raise SaveFileError("file", "a save file is JSON text")
    try:
        data = load_json(text, "file")  # the package's one bounded JSON loader
    except PlainDataError as exc:
        # name the top-level field at fault ("history", not "file.history[3]")
        field = exc.where.removeprefix("file.") if exc.where.startswith("file.") else exc.where
        raise SaveFileError(field, exc.reason) from None
    options, seed, history, version, digest = _checked_fields(cls, data)
    try:
        game = cls(seed=seed, rules_version=version, **settings, **options)
    except OptionError as exc:
        raise SaveFileError(f"options.{exc.option}", exc.reason) from None
    if game.components_digest != digest:
        raise SaveFileError("components", _components_mismatch(digest, game.components_digest))
    _replay(game, history)
    if game.digest() != data["digest"]:
        raise SaveFileError("digest", "the replayed state does not match: the file was altered")
    if game.is_over != data["is_over"]:
        raise SaveFileError("is_over", "does not match the replayed game")
    return game


def _checked_fields(cls: type[G], data: Any) -> tuple[dict[str, Any], int, list[Any], str,
                                                       str | None]:
    """The save's fields, each checked for its exact type and meaning (a :class:`SaveFileError`
    naming the first field at fault): options, seed, history, rules version, components digest."""
    if not isinstance(data, dict):
        raise SaveFileError("file", "the top level must be a JSON object")
    expected = {"format", "format_version", "game", "rules_version", "options", "seed",
                "history", "digest", "is_over"}
    missing = expected - set(data)
    if missing:
        raise SaveFileError(sorted(missing)[0], "missing")
    extra = set(data) - expected - {"components"}
    if extra:
        raise SaveFileError(sorted(extra)[0], "unknown field")
    if data["format"] != FORMAT:
        raise SaveFileError("format", f"expected {FORMAT!r}, got {show(data['format'])}")
    # exact types: true == 1 == 1.0 in Python, but a save says what it means
    if type(data["format_version"]) is not int or data["format_version"] != FORMAT_VERSION:
        raise SaveFileError("format_version",
                            f"unsupported version {show(data['format_version'])}; "
                            f"this release reads version {FORMAT_VERSION}")
    if not same_game(data["game"], cls.name):  # any name of the game (registry aliases)
        raise SaveFileError("game", f"this is a {show(data['game'])} save, not {cls.name!r}")
    version = data["rules_version"]
    if not isinstance(version, str) or version not in cls.supported_rules_versions:
        raise SaveFileError(
            "rules_version",
            f"unknown rules version {show(version)}; "
            f"this release plays {sorted(cls.supported_rules_versions)}",
        )
    options, seed, history = data["options"], data["seed"], data["history"]
    if not isinstance(options, dict):
        raise SaveFileError("options", "must be an object")
    if "components" in options:
        raise SaveFileError("options.components", "the component set is not an option: the "
                            "file records its digest in the field 'components'")
    digest = data.get("components")
    if digest is not None and not isinstance(digest, str):
        raise SaveFileError("components", f"must be a digest string, not {show(digest)}")
    if "seed" in options:
        raise SaveFileError("options.seed", "the seed is its own field, not an option")
    if type(seed) is not int or not 0 <= seed < INT_LIMIT:
        raise SaveFileError("seed", f"must be an integer in [0, 2**63), not {show(seed)}")
    if not isinstance(history, list):
        raise SaveFileError("history", "must be a list")
    if not isinstance(data["digest"], str):
        raise SaveFileError("digest", "must be a string")
    if type(data["is_over"]) is not bool:
        raise SaveFileError("is_over", f"must be true or false, not {show(data['is_over'])}")
    return options, seed, history, version, digest


def _replay(game: Game[Any], history: list[Any]) -> None:
    """Play the recorded steps (actions and teacher scenarios) through the rules."""
    for i, raw in enumerate(history):
        step = _parse_step(i, raw)
        try:
            if isinstance(step, Action):
                game.apply(step)
            else:
                game.scenario(step.name, **dict(step.params))
        except IllegalAction as exc:
            raise SaveFileError(f"history[{i}]", f"cannot be replayed: {exc}") from None
