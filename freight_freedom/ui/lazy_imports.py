"""Defer a dependency's slow import that every first plot or app would otherwise wait for.

plotly's widget and renderers import ``nbformat``, which imports ``jsonschema``, whose format
checkers import ``rfc3987_syntax`` (when installed, as ``jsonschema[format-nongpl]`` does for
Jupyter) at once; that module compiles about 40 Lark grammars when imported: ~1.2 s of CPU before
the first app appears, for a check ("iri" formats) that no notebook schema uses. Upstream:
python-jsonschema/jsonschema#1428. :func:`defer_rfc3987_syntax` puts a stand-in module in its
place that imports the real one the first time anything of it is used, so validation with it
still works, only later.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any

NAME = "rfc3987_syntax"


def _real() -> types.ModuleType:
    """The real module (imported now, replacing the stand-in)."""
    if isinstance(sys.modules.get(NAME), _Deferred):
        del sys.modules[NAME]
    return importlib.import_module(NAME)


def _is_valid_syntax(*args: Any, **kwargs: Any) -> Any:
    """``rfc3987_syntax.is_valid_syntax``, imported at its first call (jsonschema takes this
    name when it is imported, and calls it only to check an "iri" format)."""
    return _real().is_valid_syntax(*args, **kwargs)


class _Deferred(types.ModuleType):
    """Stands for ``rfc3987_syntax`` until one of its names is used; then it is the real one."""

    is_valid_syntax = staticmethod(_is_valid_syntax)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        return getattr(_real(), attr)


def defer_rfc3987_syntax() -> bool:
    """Install the stand-in unless the module is already imported or not installed; whether it
    was installed."""
    if NAME in sys.modules or importlib.util.find_spec(NAME) is None:
        return False
    sys.modules[NAME] = _Deferred(NAME)
    return True
