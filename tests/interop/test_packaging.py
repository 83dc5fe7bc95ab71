"""The adapters are optional extras: ``import freight_freedom`` (and the action spaces and
observation vectors, which need nothing) imports none of OpenSpiel, PettingZoo, Gymnasium or
numpy; pyproject declares the extras and the ``dev`` extra pulls them in."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_core_imports_none_of_the_extras() -> None:
    code = (
        "import sys, freight_freedom as ff;"
        "ff.SlowFreight(players=2, seed=1); ff.Freedom(players=2, seed=1);"
        "import freight_freedom.analysis, freight_freedom.core.action_space;"
        "import freight_freedom.interop, freight_freedom.interop.features;"
        "g = ff.Freedom(players=2, seed=1);"
        "from freight_freedom.core.action_space import action_space;"
        "from freight_freedom.interop.features import features;"
        "action_space(g).legal_ids(g); features(g, 0);"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'numpy'});"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT)
    assert out.stdout.strip() == ""


def test_pyproject_declares_the_extras_and_dev_installs_them() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert any(d.startswith("open_spiel") for d in extras["openspiel"])
    names = {d.split(">")[0].split("=")[0] for d in extras["rl"]}
    assert {"gymnasium", "pettingzoo", "numpy"} <= names
    dev_self = next(d for d in extras["dev"] if d.startswith("freight-freedom["))
    assert "openspiel" in dev_self and "rl" in dev_self
