"""plotly's first widget no longer waits for ``rfc3987_syntax``'s grammars, and "iri" checks
still work (the real module is imported when first used)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

SCRIPT = """
import sys, time
import freight_freedom.ui  # installs the stand-in
import plotly.graph_objects as go
go.FigureWidget  # imports plotly.io, nbformat, jsonschema and its format checkers
assert "lark" not in sys.modules, "rfc3987_syntax's grammars were built at import"
import jsonschema
checker = jsonschema.FormatChecker()
schema = {"type": "string", "format": "iri"}
jsonschema.validate("https://example.org/caf\\u00e9", schema, format_checker=checker)
try:
    jsonschema.validate("not an iri", schema, format_checker=checker)
except jsonschema.ValidationError:
    pass
else:
    raise AssertionError("an invalid IRI was accepted")
assert "lark" in sys.modules  # the real checker ran
print("ok")
"""


def test_the_slow_checker_is_imported_only_when_used() -> None:
    if importlib.util.find_spec("rfc3987_syntax") is None:
        pytest.skip("rfc3987_syntax is not installed here: nothing to defer")
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
