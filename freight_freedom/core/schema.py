"""Component files checked against a JSON Schema, every problem reported at once.

A game's data files (map, cards, tokens ...) each have a JSON Schema (draft 2020-12) that states
their shape: fields, types, ranges, allowed words. :func:`schema_problems` lists everything the
schema refuses as :class:`~freight_freedom.core.errors.Problem` values naming the file and the
field by its JSON path (``cards[3].effects[0].people``); the game then adds the checks only it
knows (a connected map, counts that fill the box) and :func:`refuse` raises one
:class:`~freight_freedom.core.errors.ComponentError` listing them all.

>>> schema = {"type": "object", "required": ["price"],
...           "properties": {"price": {"type": "integer", "minimum": 1}}}
>>> [str(p) for p in schema_problems("tokens.json", {"price": 0}, schema)]
['tokens.json: price: 0 is less than the minimum of 1']
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .errors import ComponentError, Problem

if TYPE_CHECKING:
    import jsonschema


def json_path(parts: Iterable[object]) -> str:
    """``["cards", 3, "id"]`` -> ``"cards[3].id"``; the empty path is ``"top level"``."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "top level"


def schema_problems(source: str, data: Any, schema: Mapping[str, Any]) -> list[Problem]:
    """Every way ``data`` breaks ``schema``, sorted by field; ``source`` names the file.

    jsonschema is the ``components`` extra. Without it (the browser-only site, which plays the
    packaged components, already checked) a file is refused rather than let through unchecked:
    whatever the checks accept must play.
    """
    try:
        import jsonschema  # noqa: F401 - only whether it is installed
    except ImportError:
        return [Problem(source, "file", "checking a component file needs jsonschema: pip install "
                                        "'freight-freedom[components]'")]
    validator = _strict_validator()(schema)
    found: dict[Problem, None] = {}
    for err in validator.iter_errors(data):
        path = list(err.absolute_path)
        inst = err.instance
        if err.validator == "required" and isinstance(inst, dict):
            for key in err.validator_value:
                if key not in inst:
                    found[Problem(source, json_path([*path, key]), "is missing")] = None
        elif err.validator == "additionalProperties" and isinstance(inst, dict):
            known = set(err.schema.get("properties", {}))
            for key in sorted(set(inst) - known):
                found[Problem(source, json_path([*path, key]), "unknown field")] = None
        else:
            found[Problem(source, json_path(path), _words(err))] = None
    return sorted(found, key=lambda p: (p.where, p.reason))


def _same(a: Any, b: Any) -> bool:
    """JSON equality that tells numbers by type: ``1.0`` is not the integer ``1``, nor ``true``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


@functools.cache
def _strict_validator() -> Any:
    """Draft 2020-12, except that an integer is written as one.

    The standard counts ``1.0`` as an integer and as equal to ``1`` in ``enum``/``const``; the
    game would then index a table with a float and fail in play, long after the check. Here a
    field that must be an integer (``"type": "integer"``, ``"enum": [1, 2, 3]``) refuses
    ``1.0``: whatever the checks accept plays.
    """
    import jsonschema

    base = jsonschema.Draft202012Validator

    def is_integer(_checker: Any, instance: Any) -> bool:
        return type(instance) is int

    def enum(_validator: Any, allowed: Any, instance: Any, _schema: Any) -> Any:
        if not any(_same(instance, a) for a in allowed):
            yield jsonschema.ValidationError(f"{instance!r} is not one of {allowed!r}")

    def const(_validator: Any, wanted: Any, instance: Any, _schema: Any) -> Any:
        if not _same(instance, wanted):
            yield jsonschema.ValidationError(f"{wanted!r} was expected")

    return jsonschema.validators.extend(
        base, validators={"enum": enum, "const": const},
        type_checker=base.TYPE_CHECKER.redefine("integer", is_integer))


def _words(err: jsonschema.ValidationError) -> str:
    if err.validator == "const":
        return f"must be {err.validator_value!r}, not {err.instance!r}"
    if err.validator == "uniqueItems":
        return "lists an item twice"
    if err.validator == "pattern":
        return f"{err.instance!r} is not of the form {err.schema.get('description', 'required')}"
    return str(err.message)


#: Digests (:func:`digest`) of documents already known to satisfy their schema: the data files a
#: game ships, listed in its package (``schema_checked.json``) and re-checked by its tests. Their
#: schema step is skipped, because importing jsonschema with its format checkers can take
#: seconds, and that would delay every new game; a teacher's own files are always checked.
CHECKED: set[str] = set()


def digest(data: Any, schema: Mapping[str, Any]) -> str:
    """A fingerprint of ``data`` together with the schema it was checked against."""
    text = json.dumps([schema, data], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def validate(source: str, data: Any, schema: Mapping[str, Any],
             semantic: Callable[[Any], list[tuple[str, str]]]) -> None:
    """Refuse ``data`` with every problem: the schema's, else the game's own ``(field, reason)``
    checks (run only on data of the right shape, so they need not re-check types)."""
    if not CHECKED or digest(data, schema) not in CHECKED:
        refuse(schema_problems(source, data, schema))
    refuse([Problem(source, where, reason) for where, reason in semantic(data)])


def refuse(problems: Sequence[Problem]) -> None:
    """Raise one :class:`ComponentError` listing ``problems``, if there are any."""
    if problems:
        raise ComponentError(list(problems))
