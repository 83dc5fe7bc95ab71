#!/usr/bin/env python3
"""Set up and run freight_freedom on a fresh machine with only Python 3.11+.

    python3 dev.py lab     open JupyterLab on the guided notebooks
    python3 dev.py test    run the whole test suite (ruff, mypy, pytest incl. notebooks and browser)
                           (extra arguments go to pytest: `-m ui` runs only the browser tests;
                           `--load` runs pytest with one busy process per core beside it)
    python3 dev.py lite    build the JupyterLite site (runs in the browser, no server) into
                           build/lite/; `--serve` then serves it on http://127.0.0.1:8000/
                           (`--serve --no-build` serves the last build)
    python3 dev.py classroom   run a class: the teacher's, students' and projector's pages
                           (arguments as `freight-freedom classroom`: --db, --lan, --port ...)
    python3 dev.py voila NOTEBOOK   one notebook as a page (a lesson on the projector), with
                           the package's Voila page (freight_freedom/ui/voila_page.py)

Each command first makes sure a virtual environment ``.venv`` exists with the package and what
the command needs (``lab``: the ``lab`` extra, JupyterLab and the notebooks' needs; the others:
the ``dev`` extra, every tool of the test suite), re-installing only when ``pyproject.toml``
changed, so the second run starts at once. Extra arguments after ``test`` go to pytest (e.g.
``-m ui``, ``-k slow``).
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".freight-freedom-installed"


def _run(*cmd: str | Path, **kw: object) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)  # type: ignore[call-overload]


#: what each command needs installed; ``dev`` holds ``lab`` and everything else
EXTRAS_HOLD = {"dev": {"dev", "lab"}, "lab": {"lab"}}


def ensure_venv(extra: str = "dev") -> None:
    """Create .venv and install the package with ``extra`` (``lab``: JupyterLab and the guided
    notebooks' needs; ``dev``: the whole test suite's) when missing or outdated."""
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be started by an older python3
        sys.exit(f"freight_freedom needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    have, _, installed = (STAMP.read_text().partition("\n") if STAMP.exists() else ("", "", ""))
    if PY.exists() and have == want and extra in EXTRAS_HOLD.get(installed or "dev", set()):
        copy_shared_data()
        return
    if not PY.exists():
        print("Creating the virtual environment .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    _run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(PY, "-m", "pip", "install", "--quiet", "-e", f".[{extra}]")
    STAMP.write_text(f"{want}\n{extra}")
    copy_shared_data()


def _apt_install(package: str, for_what: str) -> None:
    """``apt-get install package`` when we may (root + apt); else say what is skipped."""
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if not (is_root and shutil.which("apt-get")):
        print(f"{package} missing and not root: {for_what} will be skipped.", flush=True)
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        _run("apt-get", "update", "-qq", env=env)
        _run("apt-get", "install", "-y", "-qq", package, env=env)
    except subprocess.CalledProcessError:
        print(f"Could not install {package}; {for_what} will report why.", flush=True)


def ensure_chromium() -> None:
    """Install Debian's Chromium for the browser tests when missing."""
    if not Path("/usr/bin/chromium").exists():
        _apt_install("chromium", "the browser tests")


def ensure_postgresql() -> None:
    """Install Debian's PostgreSQL server for the classroom tests when missing. The tests start
    their own server in a temporary directory; none is left running."""
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        _apt_install("postgresql", "the classroom's PostgreSQL tests")


def ensure_nginx() -> None:
    """Install Debian's nginx for the test of the classroom behind a school's proxy (TLS, a
    path prefix) when missing; the test starts its own server on 127.0.0.1 and stops it."""
    if not (Path("/usr/sbin/nginx").exists() or shutil.which("nginx")):
        _apt_install("nginx-light", "the classroom's proxy test")


LITE_TOOLS = ROOT / "build" / "lite-tools"
LITE_PY = LITE_TOOLS / ("Scripts" if os.name == "nt" else "bin") / (
    "python.exe" if os.name == "nt" else "python")
#: the front-end extensions the site serves, at the versions of the wheels its kernel loads
LITE_EXTENSIONS = ("jupyterlab-widgets", "anywidget", "plotly")


def ensure_lite_tools() -> Path:
    """A separate environment with the pinned site-building tools (lite/requirements-*.txt)."""
    pins = (ROOT / "lite" / "requirements-pyodide.txt").read_text()
    build_reqs = ROOT / "lite" / "requirements-build.txt"
    want = hashlib.sha256(build_reqs.read_bytes() + pins.encode()).hexdigest()
    stamp = LITE_TOOLS / ".installed"
    if LITE_PY.exists() and stamp.exists() and stamp.read_text() == want:
        return LITE_PY
    if shutil.which("npm") is None:
        sys.exit("dev.py lite needs npm (Node.js) to fetch Pyodide from the npm registry")
    print("Creating the site-building environment build/lite-tools ...", flush=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(LITE_TOOLS)
    _run(LITE_PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(LITE_PY, "-m", "pip", "install", "--quiet", "-r", build_reqs)
    extensions = [line.split()[0] for line in pins.splitlines()
                  if line.split("==")[0] in LITE_EXTENSIONS]
    _run(LITE_PY, "-m", "pip", "install", "--quiet", "--no-deps", *extensions)
    stamp.write_text(want)
    return LITE_PY


def cmd_lite(args: list[str]) -> None:
    python = ensure_lite_tools()
    _run(python, ROOT / "scripts" / "build_lite.py", *args)


#: Jupyter's shared data of the package (pyproject's ``data-files``), copied into ``.venv`` on
#: every command, since an editable install leaves it out: a checkout's plain ``jupyter lab``
#: and ``voila`` then find what an installed wheel gives them (copies, not links: Voila's file
#: handler refuses a file whose real path is outside its folder). The site's extension stretches
#: anywidget's 2 s limit for a widget to set up on every JupyterLab page (a plotly board that
#: missed it never updated again on a slow laptop; its app mode acts only on the site's ``&app``
#: links, so Voila, which loads it too, is not changed by it); the Voila page template does the
#: same on Voila's pages.
SHARED_DATA = {
    "labextensions/freight-freedom-app-mode": ROOT / "lite" / "freight-freedom-app-mode",
    "voila/templates/freight-freedom": ROOT / "freight_freedom" / "ui" / "jupyter_data"
    / "voila" / "templates" / "freight-freedom",
}


def copy_shared_data() -> None:
    """Copy :data:`SHARED_DATA` into ``.venv/share/jupyter`` (replacing an older copy)."""
    for where, source in SHARED_DATA.items():
        copy = VENV / "share" / "jupyter" / where
        if copy.is_symlink() or copy.is_file():
            copy.unlink()
        elif copy.is_dir():
            shutil.rmtree(copy)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, copy)


def cmd_lab(args: list[str]) -> None:
    ensure_venv("lab")
    jupyter = BIN / "jupyter"
    target = "notebooks" if (ROOT / "notebooks").is_dir() else "."
    extra = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    os.execv(str(jupyter), [str(jupyter), "lab", "--notebook-dir", str(ROOT / target),
                            *extra, *args])


def cmd_test(args: list[str]) -> None:
    ensure_venv()
    ensure_chromium()
    ensure_postgresql()
    ensure_nginx()
    _run(BIN / "ruff", "check", "freight_freedom", "tests", "benchmarks", "scripts", "dev.py")
    _run(BIN / "mypy")
    # tests/ and notebooks/ (pyproject testpaths); notebooks run top to bottom under nbval
    nbval = ["--nbval", "--nbval-current-env", "--nbval-sanitize-with", "notebooks/sanitize.cfg"]
    args = [*_workers(args), *args]
    if "--load" in args:  # as on a busy laptop: scripts/test_under_load.py runs pytest
        args = [a for a in args if a != "--load"]
        _run(PY, ROOT / "scripts" / "test_under_load.py", *nbval, "--timeout=900", *args)
        return
    _run(PY, "-m", "pytest", *nbval, "--timeout=900", *args)


def _workers(args: list[str]) -> list[str]:
    """pytest-xdist options for the whole suite on two workers (one runs the browser tests,
    the other everything else; tests/conftest.py groups them); none when the caller chose
    files, a worker count or fewer cores."""
    chose_files = any(not a.startswith("-") and Path(a.split("::")[0]).exists() for a in args)
    chose_workers = any(a == "no:xdist" or a.startswith(("-n", "--numprocesses", "--dist"))
                        for a in args)
    if chose_files or chose_workers or (os.cpu_count() or 1) < 2:
        return []
    return ["-n", "2", "--dist", "loadscope", "--no-loadscope-reorder"]


def cmd_classroom(args: list[str]) -> None:
    ensure_venv()
    os.execv(str(PY), [str(PY), "-m", "freight_freedom", "classroom", *args])


def cmd_voila(args: list[str]) -> None:
    ensure_venv()
    os.execv(str(PY), [str(PY), "-m", "freight_freedom.ui.voila_page", *args])


def main() -> None:
    commands = {"lab": cmd_lab, "test": cmd_test, "lite": cmd_lite, "classroom": cmd_classroom,
                "voila": cmd_voila}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    try:
        commands[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)


if __name__ == "__main__":
    main()
