"""The bot seats of a class's tables, played without any page open.

A bot seat must move even when no page of its table is open (the students went back to the
lesson, a laptop slept): ``freight-freedom classroom`` runs a :class:`BotPlayer` thread in its
own process, next to the Voila server, and the teacher's page plays the same way
(:func:`play_due_bots`). Each bot move goes through :meth:`Table.play_bots`, so the command,
the teacher's page and the seats' devices may all try the same step: exactly one move is
stored (the (table, step) key), and the bots are seeded by table and step, so the moves do not
depend on who played them.

Bots keep the class's pace: a bot moves only when the table's last move is at least ``pace``
seconds old (``FREIGHT_FREEDOM_BOT_PACE``, 0.6 s by default, the play app's stepper), so every
device shows the bots' moves one by one.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import TextIO

from ..ui.stepper import default_pace
from .room import Classroom
from .tables import Table

TICK = 0.25
"""Seconds between two looks at the class's tables (a cheap query per table with bots)."""


def play_due_bots(room: Classroom, pace: float | None = None,
                  clock: Callable[[], float] = time.time) -> int:
    """Play one bot move at each table of ``room`` where a bot is to move and the last move is
    at least ``pace`` seconds old (``None``: :func:`~freight_freedom.ui.stepper.default_pace`);
    the number of moves stored. Tables without bot seats cost no query after the first look."""
    wait = default_pace() if pace is None else max(0.0, float(pace))
    made = 0
    for table in room.tables():
        if table.bot_to_move() and _rested(table, wait, clock):
            made += table.play_bots(max_moves=1)
    return made


def _rested(table: Table, pace: float, clock: Callable[[], float]) -> bool:
    if pace <= 0:
        return True
    last = table.last_moved()
    return last is None or clock() - last >= pace


class BotPlayer:
    """A thread that plays the bot seats of every playing table of one class.

    ``url`` and ``code`` as for :class:`Classroom` (no PIN: playing a bot needs none, as on
    every device). Errors (a database restarting) are written once to ``out`` and the thread
    tries again a second later; :meth:`stop` ends it.
    """

    def __init__(self, url: str | os.PathLike[str], code: str | None = None, *,
                 pace: float | None = None, tick: float = TICK,
                 out: TextIO | None = None) -> None:
        self.room = Classroom(url, code=code)
        self.pace = pace
        self.tick = tick
        self.out = out
        self.moves = 0
        self.errors = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"bots of class {self.room.code}",
                                        daemon=True)

    def step(self) -> int:
        """One look at every table (:func:`play_due_bots`); the moves stored."""
        made = play_due_bots(self.room, self.pace)
        self.moves += made
        return made

    def start(self) -> BotPlayer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop the thread (within one tick) and close its database connections."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=self.tick + 30)
        self.room.close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        failing = False
        while not self._stop.is_set():
            try:
                self.step()
            except Exception as exc:  # noqa: BLE001 - the database may be restarting
                self.errors += 1
                if not failing and self.out is not None:
                    print(f"Bots paused ({exc}); trying again.", file=self.out, flush=True)
                failing = True
                self._stop.wait(1.0)
                continue
            if failing and self.out is not None:
                print("Bots playing again.", file=self.out, flush=True)
            failing = False
            self._stop.wait(self.tick)
