"""Where the seconds of a first visit to the browser-only site go (JupyterLite, headless Chromium).

    .venv/bin/python benchmarks/bench_lite.py [--site build/lite] [--runs 3] [PAGE ...]

Serves the built site (``python3 dev.py lite``) on 127.0.0.1 and opens each page in a fresh
browser context (an empty cache: a first visit), as a student follows a link. An app link of the
site's first page (``...&app``) runs by itself (``lite/freight-freedom-app-mode``); a notebook
page without it is run with Run > Run All Cells, as the student must there. For each page it
reports, from the page's open:

- ``drawn``: the app's map (or, for a lesson, a cell's output) is on screen;
- ``pyodide``: Pyodide's runtime (``pyodide.asm.wasm``) has arrived, ``wheels``: the last
  Python wheel has arrived (the kernel is starting), and ``kernel idle``: a notebook page's
  kernel is ready (Run All is pressed then);
- the megabytes downloaded (uncompressed), the largest downloads and where the page's plotly.js
  came from: ``site`` (the app mode imports the site's copy of plotly's widget code while
  Python starts), ``kernel`` (no script of its own: the FigureWidgets' one copy per page comes
  from the kernel, see ``freight_freedom/ui/plotly_bundle.py``) or ``jupyterlab-plotly`` (its
  chunk, which the site no longer serves). The time between the last wheel and the drawn
  page is Python's own start (imports, the notebook's cells, the first drawing).

Medians of ``--runs`` visits; ``--json FILE`` writes every run. Pages default to the two play
apps as the first page links them; names are paths of the site
(``notebooks/index.html?path=play_freedom.ipynb`` is the notebook with its code).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("FREIGHT_FREEDOM_CHROMIUM", "/usr/bin/chromium")
PAGES = ("notebooks/index.html?path=play_freedom.ipynb&app",
         "notebooks/index.html?path=play_slow_freight.ipynb&app")
#: what "drawn" means on each kind of page: the app's figure, else a lesson's outputs
DRAWN = {
    "play_": ".ff-app .ff-figure .js-plotly-plot .main-svg",
    "": ".jp-OutputArea-output",
}
TIMEOUT_MS = 240_000


def _build_module() -> Any:
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _selector(page_path: str) -> str:
    name = Path(page_path.split("path=")[-1].split("&")[0]).name
    return next(sel for prefix, sel in DRAWN.items() if name.startswith(prefix))


def plotly_source(done: list[tuple[str, float, int]]) -> str:
    """Where the page's plotly.js came from (see the module's docstring)."""
    scripts = [url.split("?")[0] for url, _, size in done
               if "plotly" in url and url.split("?")[0].endswith(".js") and size > 1_000_000]
    if any("/freight-freedom-app-mode/" in url for url in scripts):
        return "site"
    return "jupyterlab-plotly" if scripts else "kernel"


def visit(browser: Any, base: str, site: Path, page_path: str) -> dict[str, Any]:
    """One first visit of ``page_path``: milestones (s from the open) and downloads (sized by
    the served file: the kernel's worker's downloads report no body size)."""
    context = browser.new_context(viewport={"width": 1500, "height": 1300})
    page = context.new_page()
    done: list[tuple[str, float, int]] = []  # (url, seconds from open, bytes)
    errors: list[str] = []
    started = time.monotonic()

    def finished(request: Any) -> None:
        at = time.monotonic() - started
        path = request.url.removeprefix(base + "/").split("?")[0]
        served = site / path
        size = served.stat().st_size if path and served.is_file() else 0
        done.append((request.url.removeprefix(base + "/"), at, size))

    page.on("requestfinished", finished)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{base}/{page_path}", timeout=TIMEOUT_MS)
        loaded = time.monotonic() - started
        kernel = None
        if page_path.startswith("notebooks/") and "&app" not in page_path:  # Run All
            page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=TIMEOUT_MS)
            # Run All pressed before the kernel is ready does nothing: wait for it, as a student
            # waits for the kernel indicator
            page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
                timeout=TIMEOUT_MS)
            kernel = round(time.monotonic() - started, 2)
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        elif "&app" in page_path:  # the app mode says when the kernel is idle and it runs
            page.locator(".ff-app-banner[data-state='running']").wait_for(timeout=TIMEOUT_MS)
            kernel = round(time.monotonic() - started, 2)
        page.wait_for_selector(_selector(page_path), timeout=TIMEOUT_MS)
        drawn = time.monotonic() - started
    finally:
        time.sleep(0.5)  # late downloads (a lazily loaded bundle) still count
        context.close()

    def last(pred: Any) -> float | None:
        times = [at for url, at, _ in done if pred(url)]
        return round(max(times), 2) if times else None

    largest = sorted(done, key=lambda item: -item[2])[:6]
    return {
        "page": page_path,
        "loaded_s": round(loaded, 2),
        "kernel_s": kernel,
        "pyodide_s": last(lambda u: u.endswith("pyodide.asm.wasm")),
        "wheels_s": last(lambda u: u.endswith(".whl")),
        "drawn_s": round(drawn, 2),
        "downloads": len(done),
        "mb": round(sum(size for _, _, size in done) / 1e6, 1),
        "plotly_js": plotly_source(done),
        "largest": [(url, round(size / 1e6, 2)) for url, _, size in largest],
        "errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=list(PAGES))
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", type=Path, help="write every run to this file")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        sys.exit(f"no site in {args.site}: build it with `python3 dev.py lite`")
    from playwright.sync_api import sync_playwright

    httpd = _build_module().server(args.site, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    runs: list[dict[str, Any]] = []
    load = os.getloadavg()[0]
    print(f"site {args.site}, {args.runs} first visits a page, load average {load:.1f} "
          f"on {os.cpu_count()} cores")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        try:
            for page_path in args.pages:
                mine = [visit(browser, base, args.site, page_path) for _ in range(args.runs)]
                runs.extend(mine)

                def med(key: str, mine: list[dict[str, Any]] = mine) -> str:
                    values = [r[key] for r in mine if r[key] is not None]
                    return f"{statistics.median(values):5.1f}" if values else "    -"

                print(f"{page_path}: drawn {med('drawn_s')} s (all: "
                      f"{', '.join(str(r['drawn_s']) for r in mine)}); page {med('loaded_s')} s, "
                      f"pyodide {med('pyodide_s')} s, wheels {med('wheels_s')} s, "
                      f"kernel idle {med('kernel_s')} s; "
                      f"{mine[0]['mb']} MB in {mine[0]['downloads']} downloads, plotly.js "
                      f"from the {mine[0]['plotly_js']}")
                print("    largest: " + ", ".join(f"{u} {mb} MB" for u, mb in mine[0]["largest"]))
                for error in {e for r in mine for e in r["errors"]}:
                    print(f"    console error: {error[:200]}")
        finally:
            browser.close()
            httpd.shutdown()
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1) + "\n")


if __name__ == "__main__":
    main()
