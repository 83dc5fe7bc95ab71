"""Slow Freight's hooks for the shared app (:class:`~freight_freedom.ui.adapter.GameUI`).

The table figure is :mod:`.view`; clicks on it choose nothing (every decision is a button or a
drop-down); the inspector shows one row per train and one per player; the static summary lists
the scores and the clocks. Imported only by the rendering path.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..ui.adapter import GameUI, OptionSpec
from ..ui.bots import registry_bots
from . import view
from .trains import TRAIN_CHECKS


def tables(game: Any) -> dict[str, pd.DataFrame]:
    """Players, trains on the way and delivered trains, as tables for the state inspector."""
    data = game.state_dict()
    scores = list(game.scores())
    players = pd.DataFrame([
        {"player": p["seat"] + 1, "points": scores[p["seat"]],
         "trains on the way": len(p["trains"]), "delivered": len(p["delivered"]),
         "car points": p["car_points"],
         "bonus chips": ", ".join(f"{t} {v}" for t, v in p["bonus_chips"]) or "-"}
        for p in data["players"]
    ]).set_index("player")
    trains = []
    for p in data["players"]:
        for status, group in (("on the way", p["trains"]), ("delivered", p["delivered"])):
            for t in group:
                trains.append({
                    "player": p["seat"] + 1, "train": t["id"], "status": status,
                    "type": view.KIND_NAME.get(t["type"] or "", "-"),
                    "auto": t["counts"]["auto"], "tank": t["counts"]["tank"],
                    "coal": t["counts"]["coal"], "extra loco": "yes" if t["xloco"] else "",
                    "track": t["track"], "moving": "yes" if t["moving"] else "",
                })
    table = pd.DataFrame([{
        "face-up cards": ", ".join(c or "-" for c in data["face_up"]),
        "clocks drawn": f"{len(data['clocks_drawn'])} of {data['clocks_in_game']}",
        "freight deck": len(data["freight_deck"]),
        "movement deck": len(data["movement_deck"]),
        "track supply": data["track_supply"],
        "bonus chips left": "; ".join(f"{k}: {v}" for k, v in data["bonus_chips"].items()),
    }]).T.rename(columns={0: "value"})
    return {"Table": table, "Players": players,
            "Trains": pd.DataFrame(trains) if trains else pd.DataFrame({"train": []})}


def summary(game: Any) -> list[tuple[str, str]]:
    data = game.state_dict()
    scores = list(game.scores())
    rows = [(f"Player {i + 1}", f"{s} points, {len(data['players'][i]['trains'])} trains on the "
             f"way, {len(data['players'][i]['delivered'])} delivered")
            for i, s in enumerate(scores)]
    rows.append(("Clocks", f"{len(data['clocks_drawn'])} of {data['clocks_in_game']}"))
    rows.append(("Face-up cards", ", ".join(c or "-" for c in data["face_up"])))
    return rows


def game_ui() -> GameUI:
    from .components import load_movement_tables

    return GameUI(
        title="Slow Freight",
        build_figure=view.figure,
        update_figure=view.update,
        tables=tables,
        summary=summary,
        bots=lambda: registry_bots("slowfreight", ["greedy", "small-fast", "big-slow"]),
        options=(
            OptionSpec("players", "players", "int", 2, lo=2, hi=4),
            OptionSpec("movement_table", "movement", "choice", "standard",
                       choices=tuple(load_movement_tables())),
            OptionSpec("first_player", "first player", "choice", 0,
                       choices=(0, 1, 2, 3, "random")),
            OptionSpec("train_check", "train check", "choice", "each_card",
                       choices=TRAIN_CHECKS),
        ),
    )
