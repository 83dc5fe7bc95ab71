"""The browser-only site's pieces that need no browser: which cells a notebook opened as an app
runs, the first page's links, and the app-mode extension's names (``scripts/build_lite.py``,
``lite/freight-freedom-app-mode``). The site itself is tested in a browser by
tests/ui_browser/test_lite.py."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def build_lite() -> ModuleType:
    if "build_lite" not in sys.modules:
        spec = importlib.util.spec_from_file_location("build_lite",
                                                      ROOT / "scripts" / "build_lite.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_lite"] = module
        spec.loader.exec_module(module)
    return sys.modules["build_lite"]


def lite_copy(name: str) -> dict:  # type: ignore[type-arg]
    bl = build_lite()
    return bl.lite_notebook(json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text()),
                            name)


def test_a_lesson_app_runs_up_to_the_code_behind_it() -> None:
    for name in ("freedom_walkthrough", "slow_freight_walkthrough"):
        nb = lite_copy(name)
        end = nb["metadata"]["freight_freedom"]["app_cells"]
        cells = nb["cells"]
        assert "".join(cells[end]["source"]).startswith("---")
        assert cells[0]["source"] == "%pip install freight-freedom"
        shown = "".join("".join(c["source"]) for c in cells[:end])
        assert "show(" in shown and "For the curious" not in shown
        assert "For the curious" in "".join(cells[end]["source"])


def test_a_play_app_runs_every_cell() -> None:
    for name in ("play_freedom", "play_slow_freight"):
        assert "freight_freedom" not in lite_copy(name)["metadata"]


def test_the_first_page_links_each_app_and_holds_the_sites_configuration() -> None:
    bl = build_lite()
    page = bl.landing_page()
    links = re.findall(r'<a href="([^"]+)">', page)
    apps = [name for name, _title, _what in bl.APP_LINKS]
    assert [name for name, _title, _what in bl.APP_LINKS_ES] == apps
    assert links == [*(f"notebooks/index.html?path={n}.ipynb&app" for n in apps),
                     *(f"notebooks/index.html?path={n}.ipynb&amp;app&amp;lang=es" for n in apps),
                     "lab/index.html"]
    assert all(n in bl.RUNS_IN_LITE and (ROOT / "notebooks" / f"{n}.ipynb").exists()
               for n in apps)
    # JupyterLite's pages read the site's root configuration from this page's script
    assert re.search(r'<script id="jupyter-config-data" type="application/json"\s+'
                     r'data-jupyter-lite-root="\.">\{\}</script>', page)


def test_the_app_mode_extension_is_named_as_the_build_serves_it() -> None:
    bl = build_lite()
    folder = ROOT / "lite" / bl.APP_MODE
    package = json.loads((folder / "package.json").read_text())
    assert package["name"] == bl.APP_MODE
    load = package["jupyterlab"]["_build"]["load"]
    script = (folder / load).read_text()
    assert f'scope["{bl.APP_MODE}"]' in script and '"./extension"' in script


def test_the_app_mode_shares_plotly_as_the_kernel_does() -> None:
    """The app mode imports the site's copy of plotly's widget code into the page-wide slot the
    kernel's figures wait on (``freight_freedom.ui.plotly_bundle``): same slot, same plugin id
    as the configuration names, a file named by its content."""
    from freight_freedom.ui import plotly_bundle

    bl = build_lite()
    script = (ROOT / "lite" / bl.APP_MODE / "static" / "remoteEntry.js").read_text()
    key = re.search(r'Symbol\.for\("([^"]+)"\)', plotly_bundle.BUNDLE_ESM)
    assert key and f'Symbol.for("{key.group(1)}")' in script
    assert f'const ID = "{bl.APP_MODE_PLUGIN}"' in script
    assert "slot.fromKernel?.(" in plotly_bundle.BUNDLE_ESM  # a failed site copy is replaced
    name = bl.plotly_widget_name(b"plotly")
    assert re.fullmatch(r"plotly-widget\.[0-9a-f]{16}\.js", name)
    assert name != bl.plotly_widget_name(b"plotly 2")
    settings = bl.lite_config(name)["jupyter-config-data"]["litePluginSettings"]
    assert settings[bl.APP_MODE_PLUGIN] == {"plotlyWidget": name}
