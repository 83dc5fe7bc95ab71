"""The wheel as a user installs it: whole, and working outside the checkout, per extra.

``[classroom]`` must be enough for ``freight-freedom classroom``; ``[lab]`` for JupyterLab on the
guided notebooks. Each runs in a fresh venv from an empty folder: a game played, every cited
rule's words read, the notebooks copied and one run top to bottom, the JupyterLab extension
listed, Voila finding the page template with no help from the package's own commands.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

import freight_freedom

from .venvs import SMOKE, Dists, Install, dists, fresh_install

__all__ = ["dists"]  # the module-scoped fixture, used by name

pytestmark = pytest.mark.timeout(900)

#: what the wheel carries beside the code: Jupyter's shared data and the rule texts
WHEEL_DATA = (
    "freight_freedom/rules/freedom.md",
    "freight_freedom/rules/slow_freight.md",
    "freight_freedom/rules/es/freedom.md",
    "freight_freedom/locale/es/LC_MESSAGES/freight_freedom.mo",
    "freight_freedom/lessons/examples/example_freedom_check.md",
    "share/jupyter/voila/templates/freight-freedom/index.html.j2",
    "share/jupyter/labextensions/freight-freedom-app-mode/package.json",
    "share/jupyter/labextensions/freight-freedom-app-mode/static/remoteEntry.js",
    "share/freight-freedom/notebooks/index.ipynb",
    "share/freight-freedom/notebooks/play_freedom.ipynb",
    "dist-info/licenses/LICENSE",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, seconds: float, proc: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the server stopped (status {proc.returncode})"
        try:
            with urllib.request.urlopen(url, timeout=30) as r:
                return str(r.read().decode("utf-8"))
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"nothing at {url} after {seconds} s")


def _stop(proc: subprocess.Popen[bytes]) -> int:
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return -9


def smoke(install: Install) -> dict[str, object]:
    """tests/install/smoke.py in the install: a game of each, every cited rule's words, both
    apps and both lessons."""
    found: dict[str, object] = json.loads(install.run(install.python, SMOKE).splitlines()[-1])
    assert found["in_site_packages"] is True, found  # not the checkout's source
    assert found["version"] == freight_freedom.__version__
    assert found["missing"] == [] and int(str(found["cited"])) > 150, found
    return found


def test_the_dists_carry_everything_and_pass_twine(dists: Dists) -> None:
    names = zipfile.ZipFile(dists.wheel).namelist()
    for wanted in WHEEL_DATA:
        assert any(name.endswith(wanted) for name in names), wanted
    with tarfile.open(dists.sdist) as sdist:
        members = {Path(m).relative_to(Path(m).parts[0]).as_posix()
                   for m in sdist.getnames() if "/" in m}
    for wanted in ("LICENSE", "CHANGELOG.md", "CITATION.cff", "README.md",
                   "freight_freedom/rules/freedom.md", "notebooks/index.ipynb",
                   "lite/freight-freedom-app-mode/package.json", "tests/conftest.py"):
        assert wanted in members, wanted
    assert dists.wheel.name == f"freight_freedom-{freight_freedom.__version__}-py3-none-any.whl"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory, dists: Dists) -> Install:
    return fresh_install(tmp_path_factory, dists, "classroom")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory, dists: Dists) -> Install:
    return fresh_install(tmp_path_factory, dists, "lab")


def test_classroom_extra_plays_and_reads_every_rule(classroom: Install) -> None:
    smoke(classroom)
    assert classroom.run("freight-freedom", "--version").strip() == (
        f"freight-freedom {freight_freedom.__version__}")
    assert "--lan" in classroom.run("freight-freedom", "classroom", "--help")


def check_classroom_serves(install: Install) -> None:
    """``freight-freedom classroom`` from an empty folder: the student page with the package's
    template, the class database made there, Ctrl-C stops it cleanly."""
    port = _free_port()
    proc = subprocess.Popen(
        ["freight-freedom", "classroom", "--port", str(port)], cwd=install.empty,
        env=install.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        page = _get(f"http://127.0.0.1:{port}/voila/render/student.ipynb", 180, proc)
        assert "STRETCH_MS" in page  # the package's page template
    finally:
        status = _stop(proc)
    assert proc.stdout is not None
    output = proc.stdout.read().decode("utf-8", "replace")
    assert status == 0, output
    assert "Join link for students" in output
    kept = install.empty.parent / "home" / ".local" / "share" / "freight-freedom" / "classroom.db"
    assert kept.is_file() and str(kept) in output  # the user's data folder, and said so


def test_classroom_extra_runs_the_classroom_from_an_empty_folder(classroom: Install) -> None:
    check_classroom_serves(classroom)


def test_plain_voila_shows_a_copied_notebook_with_the_page_template(classroom: Install) -> None:
    """``voila play_freedom.ipynb`` with no option and no JUPYTER_PATH: the notebook's metadata
    names the template, the wheel's shared data holds it."""
    classroom.run("freight-freedom", "notebooks", "voila-nb")
    port = _free_port()
    proc = subprocess.Popen(
        ["voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "voila-nb/play_freedom.ipynb"], cwd=classroom.empty, env=classroom.env(),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        page = _get(f"http://127.0.0.1:{port}/", 120, proc)
    finally:
        _stop(proc)
    assert "STRETCH_MS" in page


def check_notebook_runs(install: Install) -> None:
    """``freight-freedom notebooks nb`` copies all seven and the example lesson files; the
    Freedom play app's notebook runs top to bottom in a kernel with no error."""
    said = install.run("freight-freedom", "notebooks", "nb")
    copied = sorted(p.name for p in (install.empty / "nb").iterdir())
    assert "copied 7 notebooks" in said and "index.ipynb" in copied and "what_if.ipynb" in copied
    assert "copied 2 example lesson files" in said
    assert (install.empty / "nb" / "lessons" / "example_freedom_check.md").is_file()
    install.run("jupyter", "nbconvert", "--to", "notebook", "--execute", "--output", "ran.ipynb",
                "nb/play_freedom.ipynb", timeout=300)
    ran = json.loads((install.empty / "nb" / "ran.ipynb").read_text(encoding="utf-8"))
    errors = [o for c in ran["cells"] for o in c.get("outputs", []) if o["output_type"] == "error"]
    assert errors == [] and any(c.get("outputs") for c in ran["cells"])


def test_lab_extra_copies_and_runs_the_notebooks(lab: Install) -> None:
    smoke(lab)
    check_notebook_runs(lab)


def test_lab_extra_lists_the_jupyterlab_extension(lab: Install) -> None:
    proc = subprocess.run(["jupyter", "labextension", "list"], cwd=lab.empty, env=lab.env(),
                          capture_output=True, text=True, timeout=120)
    listing = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout + proc.stderr)  # no colours
    assert re.search(r"freight-freedom-app-mode v\S+ enabled OK \(python, freight-freedom\)",
                     listing), listing
