"""The JSON Schema of a teacher's lesson file, and the small checker that reads it.

``lesson_file.schema.json`` (beside this module) states the shape of a lesson file once it is
read: the front matter, the parts, the steps and each step's ``setup``, ``question`` and
``show`` blocks. :func:`schema_problems` checks a document against it with the keywords the
schema uses, and says what is wrong in plain words with the path of the value
(``("steps", 2, "question", "right")``); :mod:`.lesson_file` turns the path into a line.

Why not ``jsonschema``: it is the optional ``components`` extra and slow to import (seconds,
with its format checkers), and a lesson file must be checked the same way, with the same words,
in a plain install and in the browser-only site. The tests check the schema against the
draft 2020-12 meta-schema and that ``jsonschema`` agrees with this checker on every test file.

>>> for _, words in schema_problems({"title": 3}, schema()["$defs"]["front_matter"]):
...     print(words)
'game' is missing in the front matter
'title' in the front matter must be text, not the whole number 3
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any, cast

SCHEMA_FILE = "lesson_file.schema.json"
Where = tuple[str | int, ...]
"""Where a value is in the document: keys and list indices."""


@functools.cache
def schema() -> dict[str, Any]:
    """The JSON Schema of a lesson file (draft 2020-12), as shipped in the package."""
    text = (resources.files(__package__) / SCHEMA_FILE).read_text(encoding="utf-8")
    return cast(dict[str, Any], json.loads(text))


_TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number",
               "boolean": "true or false", "array": "a list", "object": "a table",
               "null": "nothing"}
_ANNOTATIONS = {"$schema", "$id", "$comment", "$defs", "title", "description"}


def is_kind(value: Any, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return type(value) is int
    if kind == "number":
        return type(value) in (int, float) and math.isfinite(value)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "array":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    if kind == "null":
        return value is None
    raise ValueError(f"the lesson schema uses type {kind!r}, which this checker does not know")


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, int):
        return f"the whole number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time" if hasattr(value, "isoformat") else type(value).__name__


def _name(where: Where) -> str:
    """``("steps", 2, "question", "options", 1)`` -> ``"item 2 of 'options'"``."""
    if not where:
        return "the file"
    last = where[-1]
    if isinstance(last, int):
        keys = [w for w in where if isinstance(w, str)]
        return f"item {last + 1} of '{keys[-1]}'" if keys else f"item {last + 1}"
    return f"'{last}'"


def schema_problems(data: Any, spec: Mapping[str, Any] | None = None
                    ) -> list[tuple[Where, str]]:
    """Every way ``data`` breaks the lesson schema (or ``spec``), as ``(path, words)``.

    A checker of the keywords the lesson schema uses (``$ref`` to its ``$defs``, ``type``,
    ``properties``, ``required``, ``additionalProperties: false``, ``items``, ``enum``,
    ``pattern``, the ``min``/``max`` bounds); a keyword it does not know raises ValueError, so
    the schema cannot grow beyond what is checked. ``true`` and ``false`` are not numbers, as
    in JSON.
    """
    root = schema() if spec is None else spec
    found: list[tuple[Where, str]] = []
    _check(root, root, data, (), "", found)
    return found


def _check(root: Mapping[str, Any], spec: Mapping[str, Any], value: Any, where: Where,
           block: str, found: list[tuple[Where, str]]) -> None:
    if "$ref" in spec:
        ref = spec["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"the lesson schema refers to {ref!r}; only '#/$defs/...' is known")
        target = root["$defs"][ref.removeprefix("#/$defs/")]
        _check(root, target, value, where, target.get("title", block), found)
        return
    block = spec.get("title", block)
    inside = f" in {block}" if block else ""
    unknown = set(spec) - _ANNOTATIONS - _KEYWORDS
    if unknown:
        raise ValueError(f"the lesson schema uses {sorted(unknown)}, which this checker does "
                         "not know")
    kinds = spec.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(is_kind(value, k) for k in kinds):
            wanted = " or ".join(_TYPE_WORDS[k] for k in kinds)
            found.append((where, f"{_name(where)}{inside} must be {wanted}, not "
                                 f"{_value_words(value)}"))
            return
    if "enum" in spec and not any(type(value) is type(a) and value == a for a in spec["enum"]):
        found.append((where, f"{_name(where)}{inside} must be one of "
                             f"{', '.join(map(str, spec['enum']))}, not {_value_words(value)}"))
    if isinstance(value, str):
        _check_text(spec, value, where, inside, found)
    elif is_kind(value, "number"):
        if "minimum" in spec and value < spec["minimum"]:
            found.append((where, f"{_name(where)}{inside} must be at least {spec['minimum']}, "
                                 f"not {value}"))
        if "maximum" in spec and value > spec["maximum"]:
            found.append((where, f"{_name(where)}{inside} must be at most {spec['maximum']}, "
                                 f"not {value}"))
    elif isinstance(value, list):
        _check_list(root, spec, value, where, block, inside, found)
    elif isinstance(value, dict):
        _check_table(root, spec, value, where, block, inside, found)


def _check_text(spec: Mapping[str, Any], value: str, where: Where, inside: str,
                found: list[tuple[Where, str]]) -> None:
    if "minLength" in spec and len(value) < spec["minLength"]:
        found.append((where, f"{_name(where)}{inside} must not be empty"))
    if "maxLength" in spec and len(value) > spec["maxLength"]:
        found.append((where, f"{_name(where)}{inside} is longer than {spec['maxLength']} "
                             "characters"))
    if "pattern" in spec and not re.search(spec["pattern"], value):
        form = spec.get("description", "the right form")
        found.append((where, f"{_name(where)}{inside}: {value[:40]!r} is not {form}"))


def _check_list(root: Mapping[str, Any], spec: Mapping[str, Any], value: list[Any],
                where: Where, block: str, inside: str, found: list[tuple[Where, str]]) -> None:
    if "minItems" in spec and len(value) < spec["minItems"]:
        least = spec["minItems"]
        found.append((where, f"{_name(where)}{inside} needs at least {least} "
                             f"item{'' if least == 1 else 's'}, not {len(value)}"))
    if "maxItems" in spec and len(value) > spec["maxItems"]:
        most = spec["maxItems"]
        found.append(((*where, most), f"{_name(where)}{inside} may have at most {most} "
                                      f"items, not {len(value)}"))
        value = value[:most]
    if "items" in spec:
        for i, item in enumerate(value):
            _check(root, spec["items"], item, (*where, i), block, found)


def _check_table(root: Mapping[str, Any], spec: Mapping[str, Any], value: dict[str, Any],
                 where: Where, block: str, inside: str, found: list[tuple[Where, str]]) -> None:
    props: Mapping[str, Any] = spec.get("properties", {})
    for key in spec.get("required", ()):
        if key not in value:
            found.append((where, f"'{key}' is missing{inside}"))
    extra = spec.get("additionalProperties", True)
    if extra is not False and extra is not True:
        raise ValueError("the lesson schema's additionalProperties must be true or false")
    for key, item in value.items():
        if key in props:
            _check(root, props[key], item, (*where, key), block, found)
        elif extra is False:
            found.append(((*where, key), f"unknown key '{key}'{inside}; the keys are "
                                         f"{', '.join(props)}"))


_KEYWORDS = {"$ref", "type", "enum", "pattern", "minLength", "maxLength", "minimum", "maximum",
             "minItems", "maxItems", "items", "properties", "required", "additionalProperties"}
