"""Build the JupyterLite site (Pyodide kernel, no server) into ``build/lite/``, from clean.

Run by ``python3 dev.py lite`` with the interpreter of ``build/lite-tools/`` (where dev.py has
installed ``lite/requirements-build.txt``); every input comes from the package registries at a
pinned version, and the site fetches nothing from anywhere else:

- Pyodide's core runtime from the npm package ``pyodide`` (the version the kernel is made for);
- the pure-Python wheels the kernel loads (``lite/requirements-pyodide.txt``, from PyPI with
  hashes), the kernel's own wheels and this package's wheel, all written into a new
  ``pyodide-lock.json`` (Pyodide's own lock points at its CDN, and its networkx entry needs numpy
  and matplotlib): nothing else is listed, so nothing else can be asked for;
- the front-end extensions the apps need (ipywidgets, anywidget) from their PyPI wheels;
- the notebooks, rewritten for the browser (:func:`lite_notebook`);
- the site's first page (:func:`landing_page`): the play notebooks and the lessons as apps.
  ``lite/freight-freedom-app-mode`` (one hand-written extension file) makes a notebook opened
  with ``&app`` show its text and outputs only and run by itself, as Voila shows a notebook on a
  server;
  Voici, Voila's own static version, needs a kernel or a JupyterLite this site cannot use
  (voici 0.10: xeus-python from emscripten-forge; voici-core 0.10: jupyterlite-core < 0.8).

``jupyter-lite.json`` names the local Pyodide (``pyodideUrl``) and turns PyPI off
(``disablePyPIFallback``); the build checks both afterwards, and drops source maps.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import html
import http.server
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
OUT = ROOT / "build" / "lite"
WORK = ROOT / "build" / "lite-work"  # staging (rebuilt each time) and a download cache (kept)
CACHE = WORK / "cache"
STAGE = WORK / "stage"

PYODIDE_VERSION = "314.0.6"  # what jupyterlite-pyodide-kernel 0.8.6 is made for
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: loaded with Pyodide itself, in parallel, instead of one after another by the kernel (and the
#: package with what it needs, so that the notebooks' install cell finds it there at once)
PRELOAD = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi",
           "freight-freedom")
#: in the lock, but not loaded with this package at start: neither the apps nor the lessons
#: import it (``Board.graph`` does, for analysis: ``%pip install networkx`` loads it from the
#: site); 3.8 MB that every first visit downloaded and unpacked for nothing
ON_DEMAND = ("networkx",)
#: the wheels the kernel brings (from its labextension's pypi/ folder)
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
APPS = ("lab", "notebooks")
#: the only front-end extensions the site serves (from the tools environment). Not
#: jupyterlab-plotly: its one 4.8 MB chunk (plotly.js) was loaded by every page, beside the copy
#: the apps' FigureWidgets bring; in this site the notebooks' figures are FigureWidgets too
#: (``freight_freedom.ui.display.figures_as_widgets``), so plotly.js loads once a page (an app
#: page imports the site's copy, PLOTLY_WIDGET; a notebook gets the kernel's), and only where
#: something is drawn
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
              "anywidget")
#: the site's own extension (``lite/freight-freedom-app-mode``, one hand-written file): a
#: notebook opened with ``&app`` shows its outputs only and runs by itself, as Voila shows one
#: on a server (JupyterLab loads it too: the wheel installs it, and ``dev.py`` links it into
#: ``.venv``)
APP_MODE = "freight-freedom-app-mode"
APP_MODE_PLUGIN = f"{APP_MODE}:plugin"
#: plotly's widget code (plotly.js inside), the same file the kernel's plotly sends the page; the
#: app mode imports it from the site while Python starts (a second off the first drawing:
#: through the kernel it came after the app was built)
PLOTLY_WIDGET = "plotly/package_data/widgetbundle.js"
#: notebooks that run in the site; the others get a note saying where they run
RUNS_IN_LITE = ("index", "play_freedom", "play_slow_freight", "freedom_walkthrough",
                "slow_freight_walkthrough")
BINDER = "https://mybinder.org/v2/gh/freight-freedom/freight_freedom/HEAD"
INSTALL_CELL = "%pip install freight-freedom"
#: plotly checks only that nbformat is importable before drawing a figure as data; nbformat needs
#: a compiled package that is not on PyPI for WebAssembly, so the browser copy names a stand-in
NBFORMAT_STANDIN = ('pio._renderers.nbformat = type("nbformat", (), {"__version__": "5.10"})'
                    "  # in the browser: plotly asks nbformat only for its version")


def log(text: str) -> None:
    print(f"[lite] {text}", flush=True)


def run(*cmd: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------------- inputs
def pyodide_core(dest: Path) -> None:
    """Pyodide's runtime files from the npm registry (``npm pack``; cached by version)."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", CACHE)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            source = tar.extractfile(member)
            assert source is not None, name
            (dest / name).write_bytes(source.read())


def pinned_wheels() -> list[Path]:
    """The wheels of ``lite/requirements-pyodide.txt`` from PyPI, checked against their hashes."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
        "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
        "--implementation", "py", "--abi", "none", "--dest", folder,
        "-r", LITE / "requirements-pyodide.txt")
    wanted = {}
    for line in (LITE / "requirements-pyodide.txt").read_text().splitlines():
        match = re.match(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if match:
            wanted[match[3]] = f"{match[1]}=={match[2]}"
    found = {sha256(p): p for p in folder.glob("*.whl")}
    missing = [spec for digest, spec in wanted.items() if digest not in found]
    assert not missing, f"not downloaded: {missing}"
    return sorted(found[d] for d in wanted)


def kernel_wheels() -> list[Path]:
    """piplite, pyodide-kernel and the shims, as shipped inside jupyterlite-pyodide-kernel."""
    share = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    wheels = sorted((share / "static" / "pypi").glob("*.whl"))
    picked = [w for w in wheels if w.name.startswith(KERNEL_WHEELS)]
    assert len(picked) == len(KERNEL_WHEELS), f"kernel wheels not found in {share}: {wheels}"
    return picked


def own_wheel() -> Path:
    """This package's wheel, built from a clean copy (no stale files from an old build/lib)."""
    folder = WORK / "own-wheel"
    source = WORK / "own-source"
    for path in (folder, source):
        shutil.rmtree(path, ignore_errors=True)
    source.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    # the package, and what its wheel carries as Jupyter's shared data (the kernel here needs
    # none of that: :func:`slim` drops it)
    for part in ("freight_freedom", "notebooks", "lite/freight-freedom-app-mode"):
        shutil.copytree(ROOT / part, source / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", folder,
        source)
    (wheel,) = folder.glob("freight_freedom-*.whl")
    return wheel


def slim(wheel: Path, dest: Path) -> Path:
    """The wheel without the files the kernel never reads: Jupyter's shared data (front-end
    extensions, templates, notebooks; the site serves its own) and plotly's second copy of its
    JupyterLab extension. A third of plotly's wheel is its extension."""
    out = dest / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        def dropped(name: str) -> bool:
            return name.startswith("plotly/labextension/") or ".data/data/share/" in name

        for item in src.infolist():
            if dropped(item.filename):
                continue
            data = src.read(item)
            if item.filename.endswith(".dist-info/RECORD"):
                data = b"".join(line for line in data.splitlines(keepends=True)
                                if not dropped(line.decode().split(",")[0]))
            dst.writestr(item, data)
    return out


def precompile(wheels: list[Path], pyodide_dir: Path, dest: Path) -> list[Path]:
    """The wheels with ``.pyc`` files, compiled by the site's own Pyodide under Node.js, for
    the modules that starting the kernel and drawing the apps import (scripts/precompile_lite.mjs):
    the browser then skips compiling them (about half of their import time)."""
    site = WORK / "precompile-site"
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            zf.extractall(site)
    run("node", ROOT / "scripts" / "precompile_lite.mjs", pyodide_dir.resolve(), site.resolve())
    report = json.loads((site / "precompile-report.json").read_text())
    log(f"precompiled {report['compiled']} modules")
    assert not report["problems"], report["problems"]
    out = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as src:
            names = src.namelist()
            pycs = []
            for name in names:
                if name.endswith(".py"):
                    folder, _, file = name.rpartition("/")
                    pyc = f"{folder}/__pycache__/{file[:-3]}.cpython-314.pyc".lstrip("/")
                    if (site / pyc).exists():
                        pycs.append(pyc)
            if not pycs:
                out.append(wheel)
                continue
            target = dest / wheel.name
            with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
                for item in src.infolist():
                    dst.writestr(item, src.read(item))
                for pyc in pycs:
                    dst.write(site / pyc, pyc)
            out.append(target)
    return out


# ------------------------------------------------------------------------- the lock
def write_lock(pyodide_dir: Path, wheels: list[Path]) -> list[str]:
    """A pyodide-lock.json listing exactly ``wheels`` (copied beside it), with their hashes and
    the dependencies their metadata declares; fails if one is not among them."""
    from pyodide_lock import PyodideLockSpec
    from pyodide_lock.utils import add_wheels_to_spec

    lock_path = pyodide_dir / "pyodide-lock.json"
    raw = json.loads(lock_path.read_text())
    raw["info"].setdefault("version", PYODIDE_VERSION)  # pyodide-lock 0.1.2 wants it
    raw["packages"] = {}  # Pyodide's own entries point at its CDN
    empty = PyodideLockSpec(**raw)
    local = []
    for wheel in wheels:
        shutil.copy2(wheel, pyodide_dir / wheel.name)
        local.append(pyodide_dir / wheel.name)
    spec = add_wheels_to_spec(empty, local, base_path=pyodide_dir)
    own = spec.packages["freight-freedom"]
    own.depends = [name for name in own.depends if name not in ON_DEMAND]
    spec.to_json(lock_path, indent=1)
    return sorted(spec.packages)


# ------------------------------------------------------------------------- notebooks
def _cell(kind: str, source: str) -> dict[str, object]:
    cell: dict[str, object] = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        cell |= {"execution_count": None, "outputs": []}
    return cell


def lite_notebook(nb: dict, name: str) -> dict:  # type: ignore[type-arg]
    """The browser copy of a notebook: outputs cleared, the Pyodide kernel named, and either an
    install cell first (``RUNS_IN_LITE``) or a note on where it runs. Code that needs pandas (not
    available in the browser) becomes a note showing that code."""
    nb = json.loads(json.dumps(nb))
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                    "language": "python"}
    nb["metadata"].pop("widgets", None)
    cells = []
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            cells.append(cell)
            continue
        cell["outputs"], cell["execution_count"] = [], None
        if name in RUNS_IN_LITE:
            lines = [line for line in source.splitlines() if line.strip() != "import pandas as pd"]
            source = "\n".join(lines)
            if re.search(r"\bpd\.", source):
                cells.append(_cell("markdown", "*In the browser-only site this step is not run:"
                                   " it needs pandas (the full install or Binder has it).*\n\n"
                                   f"```python\n{source}\n```"))
                continue
            source = re.sub(r'^(pio\.renderers\.default = "plotly_mimetype".*)$',
                            lambda m: f"{m[1]}\n{NBFORMAT_STANDIN}", source, flags=re.M)
        cell["source"] = source
        cells.append(cell)
    if name in RUNS_IN_LITE:
        cells.insert(0, _cell("code", INSTALL_CELL))
        end = next((i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                    and "".join(c["source"]).lstrip().startswith(APP_END)), None)
        # the app mode (lite/freight-freedom-app-mode) runs and shows the cells before it
        if end is not None:
            nb["metadata"]["freight_freedom"] = {"app_cells": end}
    else:
        cells.insert(0, _cell("markdown", (
            "> **This notebook needs the full install.** It runs thousands of games and answers "
            "with pandas tables, and pandas is not available in this browser-only site. Open it "
            f"[on Binder]({BINDER}?urlpath=lab%2Ftree%2Fnotebooks%2F{name}.ipynb) or on your "
            "own machine (`python3 dev.py lab`). The games and the lessons run here.")))
    nb["cells"] = cells
    return nb


#: the notebooks the landing page opens as apps (``&app``), with the words of its links
APP_LINKS = (
    ("play_freedom", "Play Freedom: The Underground Railroad",
     "cooperative, 1-4 players, with bots in any seat"),
    ("play_slow_freight", "Play Slow Freight", "competitive, 2-4 players, with bots"),
    ("freedom_walkthrough", "Lesson: Freedom, one round on the board",
     "the rules step by step, with questions"),
    ("slow_freight_walkthrough", "Lesson: Slow Freight, one game on the table",
     "the rules step by step, with questions"),
)
#: a markdown cell starting with this ends what an app shows (the code behind the lesson follows)
APP_END = "---"


#: the same links in Spanish (the apps' words in Spanish; the notebooks' own text stays English)
APP_LINKS_ES = (
    ("play_freedom", "Jugar a Freedom: The Underground Railroad",
     "cooperativo, de 1 a 4 jugadores, con bots en cualquier asiento"),
    ("play_slow_freight", "Jugar a Slow Freight", "competitivo, de 2 a 4 jugadores, con bots"),
    ("freedom_walkthrough", "Lección: Freedom, una ronda en el tablero",
     "las reglas paso a paso, con preguntas"),
    ("slow_freight_walkthrough", "Lección: Slow Freight, una partida en la mesa",
     "las reglas paso a paso, con preguntas"),
)


def app_link(name: str, lang: str = "") -> str:
    return f"notebooks/index.html?path={name}.ipynb&app" + (f"&lang={lang}" if lang else "")


def landing_page() -> str:
    """The site's first page: the games and lessons as apps, and the notebooks with their code
    in JupyterLab."""
    items = "\n".join(
        f'      <li><a href="{app_link(name)}">{title}</a><span>{what}</span></li>'
        for name, title, what in APP_LINKS)
    items_es = "\n".join(
        f'      <li><a href="{html.escape(app_link(name, "es"))}">{title}</a><span>{what}</span>'
        "</li>"
        for name, title, what in APP_LINKS_ES)
    return f"""<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>freight_freedom: two board games in the browser</title>
    <link rel="icon" href="favicon.ico">
    <!-- the site's root configuration, which every page of the site reads from here
         (JupyterLite's own first page holds it too, and then redirects to JupyterLab) -->
    <script id="jupyter-config-data" type="application/json"
            data-jupyter-lite-root=".">{{}}</script>
    <style>
      body {{ font: 17px/1.5 sans-serif; margin: 0 auto; max-width: 760px; padding: 24px;
             color: #1f1f1f; }}
      h1 {{ font-size: 28px; margin: 0 0 8px 0; }}
      h2 {{ font-size: 22px; margin: 24px 0 4px 0; }}
      ul.apps {{ list-style: none; padding: 0; }}
      ul.apps li {{ margin: 0 0 14px 0; }}
      ul.apps a {{ font-size: 20px; font-weight: bold; color: #0b57d0; display: inline-block;
                  padding: 4px 0; }}
      ul.apps span {{ display: block; color: #444; }}
      a:focus-visible {{ outline: 3px solid #0b57d0; outline-offset: 2px; }}
      .note {{ color: #444; font-size: 15px; }}
    </style>
  </head>
  <body>
    <main>
    <h1>freight_freedom: two board games in the browser</h1>
    <p><b>Freedom: The Underground Railroad</b> is a cooperative game: the players are
      abolitionists who help freedom seekers escape slavery on the routes north to Canada.
      <b>Slow Freight</b> is a competitive card game about forming and running freight
      trains. Everything runs in this browser; nothing is installed.</p>
    <ul class="apps">
{items}
    </ul>
    <section lang="es">
    <h2>En español</h2>
    <p>Los juegos y las lecciones, con sus textos en español (el texto de los cuadernos sigue
      en inglés):</p>
    <ul class="apps">
{items_es}
    </ul>
    </section>
    <p class="note">The first visit downloads Python for the browser (about 45 MB; the browser
      keeps it for the next visit): allow half a minute on a school network.</p>
    <p class="note">The same pages as notebooks, with their code, the analysis notebooks and a
      Python console: <a href="lab/index.html">open JupyterLab</a>.</p>
    </main>
  </body>
</html>
"""


def stage_notebooks(dest: Path) -> list[str]:
    dest.mkdir(parents=True, exist_ok=True)
    names = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = lite_notebook(json.loads(path.read_text()), path.stem)
        (dest / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        names.append(path.name)
    return names


# ------------------------------------------------------------------------- the site
def plotly_widget_code(wheels: list[Path]) -> bytes:
    """Plotly's widget code, read from the plotly wheel among ``wheels`` (the kernel's)."""
    (plotly,) = (w for w in wheels if w.name.startswith("plotly-"))
    with zipfile.ZipFile(plotly) as wheel:
        return wheel.read(PLOTLY_WIDGET)


def plotly_widget_name(code: bytes) -> str:
    """The site's copy of plotly's widget code, named by its content (a cached copy is never a
    different plotly's)."""
    return f"plotly-widget.{hashlib.sha256(code).hexdigest()[:16]}.js"


def lite_config(plotly_widget: str) -> dict:  # type: ignore[type-arg]
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "freight_freedom",
            "disabledExtensions": [],
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(PRELOAD)},
                },
                # beside the extension's own file (its static/ folder)
                APP_MODE_PLUGIN: {"plotlyWidget": plotly_widget},
            },
        },
    }


def check_site(out: Path) -> None:
    """What once went wrong must not come back: a CDN for Pyodide, a PyPI fallback, source maps."""
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs", kernel
    assert kernel["disablePyPIFallback"] is True, kernel
    assert (out / "static/pyodide/pyodide.mjs").exists()
    lock = json.loads((out / "static/pyodide/pyodide-lock.json").read_text())
    loaded, todo = set(), list(PRELOAD)
    while todo:  # what Pyodide loads at start: the preloaded packages and their dependencies
        name = todo.pop()
        if name not in loaded:
            loaded.add(name)
            todo.extend(lock["packages"][name]["depends"])
    assert not loaded & set(ON_DEMAND), loaded & set(ON_DEMAND)
    assert set(ON_DEMAND) <= set(lock["packages"]), "an on-demand package left the lock"
    for entry in lock["packages"].values():
        assert "/" not in entry["file_name"], entry
        wheel = out / "static/pyodide" / entry["file_name"]
        assert sha256(wheel) == entry["sha256"], wheel
    name = config["litePluginSettings"][APP_MODE_PLUGIN]["plotlyWidget"]
    copy = out / "extensions" / APP_MODE / "static" / name
    kernels_copy = plotly_widget_code(list((out / "static/pyodide").glob("*.whl")))
    assert copy.read_bytes() == kernels_copy, "the app mode's plotly is the kernel's"
    served = {p.parent.relative_to(out / "extensions").as_posix()
              for p in (out / "extensions").glob("**/package.json")}
    assert served == {*EXTENSIONS, APP_MODE}, served
    assert (out / "index.html").read_text() == landing_page(), "the landing page is ours"
    maps = list(out.rglob("*.map"))
    assert not maps, maps[:5]


def inputs_digest() -> str:
    """A hash of everything the site is built from: a site whose ``.inputs`` file holds it is
    up to date (the browser tests reuse it instead of building again)."""
    digest = hashlib.sha256()
    paths = [ROOT / "pyproject.toml", ROOT / "dev.py", Path(__file__).resolve(),
             *sorted((ROOT / "lite").rglob("*")), *sorted((ROOT / "notebooks").glob("*.ipynb")),
             *sorted(p for p in (ROOT / "freight_freedom").rglob("*")
                     if "__pycache__" not in p.parts and p.suffix != ".pyc")]
    for path in paths:
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def build() -> None:
    log(f"building into {OUT.relative_to(ROOT)} (from clean)")
    digest = inputs_digest()
    for folder in (OUT, STAGE):
        shutil.rmtree(folder, ignore_errors=True)
    STAGE.mkdir(parents=True)
    pyodide_dir = STAGE / "static" / "pyodide"
    pyodide_core(pyodide_dir)
    wheels = [*pinned_wheels(), *kernel_wheels(), own_wheel()]
    slimmed = WORK / "slim"
    shutil.rmtree(slimmed, ignore_errors=True)
    slimmed.mkdir()
    wheels = [slim(w, slimmed) if w.name.startswith(("plotly-", "freight_freedom-")) else w
              for w in wheels]
    compiled = WORK / "compiled"
    shutil.rmtree(compiled, ignore_errors=True)
    compiled.mkdir()
    wheels = precompile(wheels, pyodide_dir, compiled)
    packages = write_lock(pyodide_dir, wheels)
    log(f"pyodide-lock.json: {len(packages)} packages: {', '.join(packages)}")
    notebooks = stage_notebooks(STAGE / "files")
    log(f"notebooks: {', '.join(notebooks)}")
    plotly_widget = plotly_widget_code(wheels)
    (STAGE / "jupyter-lite.json").write_text(
        json.dumps(lite_config(plotly_widget_name(plotly_widget)), indent=1) + "\n")
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    build_config = {"LiteBuildConfig": {
        "ignore_sys_prefix": ["federated_extensions"],
        "federated_extensions": [*(str(share / name) for name in EXTENSIONS),
                                 str(LITE / APP_MODE)]}}
    (STAGE / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1) + "\n")
    jupyter = Path(sys.executable).parent / "jupyter"
    apps = [arg for app in APPS for arg in ("--apps", app)]
    run(jupyter, "lite", "build", "--lite-dir", STAGE, "--output-dir", OUT, "--contents",
        STAGE / "files", *apps, "--no-sourcemaps", "--no-unused-shared-packages", cwd=STAGE)
    for path in OUT.rglob("*.map"):
        path.unlink()
    (OUT / "extensions" / APP_MODE / "static" / plotly_widget_name(plotly_widget)).write_bytes(
        plotly_widget)
    (OUT / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with "_" too
    shutil.copy2(OUT / "static" / "favicons" / "favicon.ico", OUT / "favicon.ico")
    (OUT / "index.html").write_text(landing_page())
    check_site(OUT)
    (OUT / ".inputs").write_text(digest + "\n")
    log(f"done: {OUT.relative_to(ROOT)} is {size_mb(OUT):.1f} MB")


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib's name
        pass


def server(folder: Path = OUT, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A static server for ``folder`` on 127.0.0.1 (``port`` 0: any free port), with the MIME
    type WebAssembly needs; call ``serve_forever()`` (or run it in a thread)."""
    handler = functools.partial(_Handler, directory=str(folder))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="then serve it on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-build", action="store_true", help="serve the site already built")
    args = parser.parse_args()
    if not args.no_build:
        build()
    if args.serve:
        httpd = server(OUT, args.port)
        host, port = httpd.server_address[:2]
        log(f"serving {OUT.relative_to(ROOT)} at http://{host}:{port}/ (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


if __name__ == "__main__":
    main()
