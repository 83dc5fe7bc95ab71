"""The package's Voila page template (freight_freedom/ui/voila_page.py): Voila's lab page
without the two Font Awesome links to a CDN, found by every Voila server the package starts."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from freight_freedom.ui.voila_page import (
    DATA_DIR,
    TEMPLATE,
    TEMPLATE_ARGS,
    voila_command,
    voila_env,
)

HERE = DATA_DIR / "voila" / "templates" / TEMPLATE


def test_the_template_extends_voilas_lab_page_and_drops_exactly_its_cdn_links() -> None:
    """The links it removes are the lab template's own, character for character (if Voila
    changes them, this says so before a classroom sees a failed request)."""
    from jupyter_core.paths import jupyter_path

    assert json.loads((HERE / "conf.json").read_text()) == {"base_template": "lab"}
    ours = (HERE / "index.html.j2").read_text()
    assert "{%- extends 'lab/index.html.j2' -%}" in ours
    lab = next(Path(p) / "lab" / "index.html.j2" for p in jupyter_path("voila", "templates")
               if (Path(p) / "lab" / "index.html.j2").exists())
    links = re.findall(r'<link rel="stylesheet" href="https://[^"]+" type="text/css" />',
                       lab.read_text())
    assert links and all(f"replace('{link}', '')" in ours for link in links), links


def test_voila_finds_it_through_jupyter_path() -> None:
    from voila.paths import collect_template_paths

    env = voila_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(":") == [str(DATA_DIR), "/elsewhere"]
    assert voila_env({})["JUPYTER_PATH"] == str(DATA_DIR)
    assert [f"--template={TEMPLATE}"] == TEMPLATE_ARGS
    paths = collect_template_paths(["voila", "nbconvert"], TEMPLATE, prune=True,
                                   root_dirs=[str(DATA_DIR), *_roots()])
    assert paths[0] == str(HERE)  # ours first, then lab's and base's
    assert any(p.endswith("/voila/templates/lab") for p in paths)


def _roots() -> list[str]:
    from jupyter_core.paths import jupyter_path

    return jupyter_path()


def test_the_script_stretches_the_limit_anywidget_still_has() -> None:
    """The page's script stretches anywidget's own ``AbortSignal.timeout(2000)``: the bundle
    Voila serves must still set its models' limit that way (if anywidget changes it, this says
    so; the browser test ``test_classroom_slow_widget.py`` checks the effect)."""
    import anywidget

    ours = (HERE / "index.html.j2").read_text()
    assert "ms === 2000 && /anywidget/.test(new Error().stack" in ours
    static = Path(anywidget.__file__).parent / "labextension" / "static"
    bundles = [p.read_text() for p in static.glob("*.js")]
    limit = re.compile(r'AbortSignal\.timeout\(2000\)\.addEventListener\("abort", function\(\) '
                       r'\{\s*resolvers\.reject\(new Error\("\[anywidget\] Failed to initialize '
                       r'model\."\)\);')
    assert any(limit.search(text) for text in bundles)


def test_the_projector_lesson_command_runs_voila_with_the_template() -> None:
    """`python3 dev.py voila NOTEBOOK` (the teaching guide's launch): this Python's Voila, the
    template, then the notebook and options as given."""
    import sys

    argv, env = voila_command(["notebooks/freedom_walkthrough.ipynb", "--port=8870"])
    assert argv == [sys.executable, "-m", "voila", *TEMPLATE_ARGS,
                    "notebooks/freedom_walkthrough.ipynb", "--port=8870"]
    assert env["JUPYTER_PATH"].split(os.pathsep)[0] == str(DATA_DIR)
