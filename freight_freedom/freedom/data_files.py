"""Reading the game's JSON component files: the packaged ones (``freedom/data``) and a
teacher's own, each refused with a :class:`~freight_freedom.core.errors.ComponentError` naming
the file and the field when it is not one plain, bounded JSON object.

The lowest of the component modules: the map, cards, roles, tokens and schemas all read through
it, and it reads nothing of theirs.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import ComponentError, Problem
from ..core.plain import PlainDataError, load_json, read_bounded

__all__ = ["parse_json", "read_data_file", "read_packaged"]


def _problem(source: str, exc: PlainDataError) -> ComponentError:
    """The loader's refusal as a :class:`ComponentError` naming the file and the field."""
    return ComponentError([Problem(source, exc.where or "top level", exc.reason)])


def read_data_file(path: Path | str) -> dict[str, Any]:
    """Read a JSON component file into a dict, raising :class:`ComponentError` if it is not one.

    The package's one bounded reader and loader (:mod:`~freight_freedom.core.plain`, as for
    saves): a file too large (or a link to a device that never ends), not UTF-8, nested too
    deep, with a huge number or a key given twice is refused, naming the file and field.
    """
    p = Path(path)
    try:
        raw = read_bounded(p)
    except PlainDataError as exc:
        raise _problem(p.name, exc) from None
    return parse_json(raw, p.name)


def parse_json(text: str | bytes, source: str) -> dict[str, Any]:
    """Parse a component file's text; :class:`ComponentError` unless it is one plain, bounded
    JSON object (:func:`~freight_freedom.core.plain.load_json`)."""
    try:
        data = load_json(text, "")
    except PlainDataError as exc:
        raise _problem(source, exc) from None
    if not isinstance(data, dict):
        raise ComponentError([Problem(source, "top level", "must be a JSON object")])
    return data


def read_packaged(filename: str) -> dict[str, Any]:
    """Read one of the JSON files shipped in ``freight_freedom/freedom/data``."""
    resource = resources.files("freight_freedom.freedom").joinpath("data", filename)
    try:
        raw = resource.read_bytes()
    except OSError as exc:
        raise ComponentError([Problem(filename, "file", "is missing from the package data")]
                             ) from exc
    return parse_json(raw, filename)
