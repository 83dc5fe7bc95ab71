"""Click-to-redraw and load times of the Freedom app in a real browser (Voila + Chromium).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_ui_latency.py [--rounds N] [--loads N] [--bar]

Starts Voila on a free local port (serving a temporary copy of ``notebooks/``), opens
``play_freedom.ipynb`` in Debian's Chromium at 1366x768 and plays the notebook's game (seed
2024, Player 1 human, Player 2 the heuristic bot) for ``--rounds`` rounds the way the
whole-game browser test does (:mod:`tests.ui_browser.test_voila_whole_games`): every human
decision a click, a movement or delivery on the map, anything else with its button. The time of
a click is from the mouse press to the page showing the engine's new state (map traces and
title, side panel, prompt, step count), so it includes the kernel, the messages and plotly's
drawing. Then it loads a save file of the game through *Load game* ``--loads`` times (two saves
of the same game, in turn), each time until the page shows the loaded game.

With ``--bar`` the evaluation bar is switched on first, so every click also starts an
evaluation (in a worker process); issue 13's target is latency within 10% of a run without it.

Targets (issue 10): median under 250 ms for buttons and 300 ms for map clicks; a load under 1 s.
Prints one JSON object: per kind of click, n / median / max in ms.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "ui_browser"))

import conftest as browser_env  # noqa: E402  (the browser tests' servers and pages)
import test_voila_whole_games as whole  # noqa: E402
import uihelp  # noqa: E402

from freight_freedom import Freedom  # noqa: E402
from freight_freedom.freedom.bots import HeuristicBot  # noqa: E402

VIEWPORT = {"width": 1366, "height": 768}


def _summary(times: dict[str, list[float]]) -> dict[str, dict[str, int]]:
    return {what: {"n": len(ms), "median_ms": round(statistics.median(ms)),
                   "max_ms": round(max(ms))} for what, ms in times.items() if ms}


def measure_loads(app: uihelp.AppPage, player: Any, loads: int, work: Path) -> list[float]:
    """Load two saves of the played game in turn; ms from choosing the file to the page
    showing the loaded game."""
    game = player.game
    earlier = game.copy()
    for _ in range(min(10, len(earlier.history))):
        earlier.undo()
    saves = []
    for name, g in (("now", game), ("earlier", earlier)):
        path = work / f"bench-{name}.json"
        path.write_text(g.to_json())
        saves.append((path, g))
    times = []
    for i in range(loads):
        path, g = saves[(i + 1) % 2]
        app.tab("Save / load")
        page = app.page
        with page.expect_file_chooser() as chooser:
            page.locator("button.widget-upload", has_text="Load game").first.click()
        oracle = whole.Oracle(g)
        want = oracle.expected(g, None)
        started = time.perf_counter()
        chooser.value.set_files(str(path))
        page.wait_for_function(whole.MATCH_JS, arg=want, timeout=30_000, polling=25)
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="rounds of play to time")
    parser.add_argument("--loads", type=int, default=6, help="save files to load")
    parser.add_argument("--bar", action="store_true", help="switch the evaluation bar on")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-ui-") as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "notebooks", work / "notebooks")
        server = browser_env.start_server(
            "voila", ["voila", str(work / "notebooks"), "--no-browser",
                      "--Voila.ip=127.0.0.1", "--Voila.open_browser=False"],
            work / "home", work / "notebooks", "/")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=browser_env.CHROMIUM,
                                             args=browser_env.CHROMIUM_ARGS)
                bp = browser_env.new_page(browser, "bench-ui")
                bp.page.set_viewport_size(VIEWPORT)
                started = time.perf_counter()
                app = uihelp.open_voila_app(bp, server, uihelp.PLAY_FREEDOM, Freedom)
                first_draw = (time.perf_counter() - started) * 1000
                if args.bar:
                    toggle = app.part("evalbar-toggle").locator("input")
                    toggle.evaluate("box => box.click()")
                    uihelp.wait_until(lambda: toggle.is_checked(), 10, "the bar's toggle")
                game = app.saved_game()
                player = whole.Player(app, game, {0}, HeuristicBot(), whole.Oracle(game))
                player.check(what="start")
                whole.TIMES.clear()
                player.play_to(lambda g: g.round > args.rounds)
                times = dict(whole.TIMES)
                times["load a saved game"] = measure_loads(app, player, args.loads, work)
                result = {"bar": args.bar, "first draw ms": round(first_draw),
                          "clicks": player.clicks,
                          "steps": len(player.game.history), **_summary(times)}
                print(json.dumps(result, indent=1))
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
