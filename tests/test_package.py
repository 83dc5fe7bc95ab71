"""Packaging promises: light import, typed package, the README's two commands."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_stays_free_of_plotly_and_ipywidgets() -> None:
    code = (
        "import sys, freight_freedom as ff;"
        "ff.SlowFreight; ff.Freedom;"
        "import freight_freedom.analysis;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'plotly', 'ipywidgets', 'IPython', 'anywidget', 'traitlets'});"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_package_ships_py_typed_and_public_names() -> None:
    import freight_freedom

    assert (Path(freight_freedom.__file__).parent / "py.typed").exists()
    for name in freight_freedom.__all__:
        assert getattr(freight_freedom, name) is not None


def test_readme_names_exactly_the_two_set_up_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^python3 dev\.py (\w+)", readme, flags=re.M)
    assert commands[:2] == ["lab", "test"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python3 dev.py test" in ci
