"""Building the sdist and wheel once per file and installing them into fresh venvs outside the
checkout, as a new user does (``pip install "freight-freedom[EXTRA]"``).

Each venv is made in a temporary folder with no access to the checkout's ``.venv``; pip reads the
registries (and this machine's wheel cache) as a user's would. The commands a test runs start in
an empty folder, so nothing is found next to the source tree by accident.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SMOKE = Path(__file__).with_name("smoke.py")
FLOORS = ROOT / "tests" / "install" / "floors.txt"


def run(*cmd: str | Path, cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 600) -> str:
    """Run a command; on failure, fail the test with its output."""
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert proc.returncode == 0, (f"{' '.join(map(str, cmd))} exited {proc.returncode}\n"
                                  f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return proc.stdout


@dataclass(frozen=True)
class Dists:
    wheel: Path
    sdist: Path
    seconds: float


@dataclass(frozen=True)
class Install:
    """A fresh venv with the wheel and one extra, and an empty folder to run commands from."""

    bin: Path
    empty: Path
    seconds: float

    @property
    def python(self) -> Path:
        return self.bin / "python"

    def env(self) -> dict[str, str]:
        """The user's environment: no PYTHONPATH, Jupyter's folders of this test only."""
        keep = {k: v for k, v in os.environ.items()
                if not k.startswith(("PYTHON", "JUPYTER", "VIRTUAL_ENV", "FREIGHT_FREEDOM"))}
        home = self.empty.parent / "home"
        home.mkdir(exist_ok=True)
        return {**keep, "HOME": str(home), "PATH": f"{self.bin}{os.pathsep}{keep['PATH']}",
                "JUPYTER_PLATFORM_DIRS": "1"}

    def run(self, *cmd: str | Path, timeout: float = 600) -> str:
        return run(*cmd, cwd=self.empty, env=self.env(), timeout=timeout)


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    """``python -m build`` (the sdist, then the wheel built from it), checked by twine."""
    out = tmp_path_factory.mktemp("dist")
    start = time.monotonic()
    run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=ROOT)
    seconds = time.monotonic() - start
    (wheel,) = out.glob("freight_freedom-*.whl")
    (sdist,) = out.glob("freight_freedom-*.tar.gz")
    run(sys.executable, "-m", "twine", "check", "--strict", wheel, sdist, cwd=out)
    return Dists(wheel, sdist, seconds)


def fresh_install(tmp_path_factory: pytest.TempPathFactory, dists: Dists, extra: str,
                  constraints: Path | None = None) -> Install:
    """A new venv outside the checkout with ``wheel[extra]`` (under ``constraints``)."""
    folder = tmp_path_factory.mktemp(f"venv-{extra.replace(',', '-')}")
    start = time.monotonic()
    venv.EnvBuilder(with_pip=True).create(folder / "venv")
    bin_dir = folder / "venv" / "bin"
    pins = ["-c", str(constraints)] if constraints else []
    run(bin_dir / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        f"{dists.wheel}[{extra}]", *pins, cwd=folder)
    empty = folder / "empty"
    empty.mkdir()
    return Install(bin_dir, empty, time.monotonic() - start)
