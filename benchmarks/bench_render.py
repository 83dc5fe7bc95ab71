"""Render timings: figure build, and the in-place update of the app after one action.

    .venv/bin/python benchmarks/bench_render.py [--runs N]

For each game, on positions reached by bots from fixed seeds, it reports the median of N runs of
- ``build``: ``game.figure()``-equivalent (``figure_for``), a complete plotly Figure;
- ``update``: the app's ``refresh()`` after an action (FigureWidget ``batch_update`` of the
  map plus the prompt, action panel, side panel and log), i.e. the server-side work between a
  click and the message to the browser;
- ``figure update``: the figure part alone (the target: under 50 ms for the Freedom map).
Browser-side drawing time is not included (it depends on the client).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.ui.adapter import Selection, ui_for
from freight_freedom.ui.display import app_for, figure_for


def _ms(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def bench(name: str, make: Any, warm_steps: int, runs: int) -> dict[str, float]:
    game = make()
    bot = RandomBot(1)
    for _ in range(warm_steps):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    figure_for(game)  # imports and caches out of the timings
    build = [_ms(lambda: figure_for(game)) for _ in range(runs)]
    app = app_for(game, seats=["Human"] * int(game.options.get("players", 1)))
    ui = ui_for(game)
    refresh, fig_update = [], []
    for _ in range(runs):
        if game.is_over:
            break
        action = bot.choose(game)
        game.apply(action)
        refresh.append(_ms(app.refresh))

        def figure_only() -> None:
            with app.figure.batch_update():
                ui.update_figure(app.figure, app.view, Selection())

        fig_update.append(_ms(figure_only))
    result = {"build": statistics.median(build), "update": statistics.median(refresh),
              "figure update": statistics.median(fig_update)}
    print(f"{name:28s} " + "  ".join(f"{k} {v:7.1f} ms" for k, v in result.items()))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    print(f"median of {args.runs} runs")
    bench("Slow Freight, 3 players", lambda: SlowFreight(players=3, seed=1), 40, args.runs)
    result = bench("Freedom map, 2 players", lambda: Freedom(players=2, seed=1), 60, args.runs)
    verdict = "OK" if result["figure update"] < 50 else "OVER"
    print(f"Freedom map update target < 50 ms: {verdict}")


if __name__ == "__main__":
    main()
