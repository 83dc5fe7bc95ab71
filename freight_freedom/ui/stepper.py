"""The stepper: let the bots play up to the next human decision, phase or round.

A teacher walks a class through the rules phase by phase: with every seat set to a bot, "Next
phase" plays until the phase name changes and the board is redrawn there. With human seats, the
stepper stops as soon as a human must decide (it never decides for a human, except on the
explicit "Play one move" button, which uses the seat's bot or the first bot of the game).

Bots play back at a pace a class can follow: one decision every :data:`DEFAULT_PACE` seconds
(the "Bot pace" drop-down; ``FREIGHT_FREEDOM_BOT_PACE`` sets the default), the board redrawn
after each with a one-line summary, and "Skip" plays the rest at once. The steps are scheduled
on the kernel's asyncio loop (``call_later``), so the kernel keeps answering clicks between
them; a click on anything else stops the playback where it is. Without a running loop (a plain
script, the tests) or at pace 0 the bots play at once, as before.

The stepping itself is :func:`advance`, a plain function of a game and the seats, so notebooks
and tests can use it without widgets.
"""

from __future__ import annotations

import asyncio
import html
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..core.bot import Bot
from ..core.game import Game
from ..core.i18n import N_, _, ngettext
from .seats import Seats

MAX_STEPS = 5000

UNTIL = {
    "decision": N_("the next human decision"),
    "phase": N_("the next phase"),
    "round": N_("the end of the round"),
    "end": N_("the end of the game"),
}

#: seconds between two bot decisions when played back (a class can follow ~0.6 s a move)
DEFAULT_PACE = 0.6
PACES = [(N_("at once"), 0.0), (N_("fast (0.3 s a move)"), 0.3),
         (N_("class pace (0.6 s a move)"), 0.6), (N_("slow (1.2 s a move)"), 1.2),
         (N_("very slow (2 s a move)"), 2.0)]
#: the stepper's buttons: key -> (words, tooltip)
BUTTONS = {
    "one": (N_("Play one move"), N_("the seat to move lets its bot (or a bot) decide once")),
    "decision": (N_("Bots to my turn"), N_("bots play until a human seat must decide")),
    "phase": (N_("Next phase"), N_("bots play until the phase changes")),
    "round": (N_("End of round"), N_("bots play until the round changes")),
}


def default_pace() -> float:
    """:data:`DEFAULT_PACE`, or the ``FREIGHT_FREEDOM_BOT_PACE`` environment variable (seconds)."""
    try:
        return max(0.0, float(os.environ.get("FREIGHT_FREEDOM_BOT_PACE", DEFAULT_PACE)))
    except ValueError:
        return DEFAULT_PACE


def _marker(game: Game[Any], until: str) -> Any:
    if until == "phase":
        return (game.round, game.phase)
    if until == "round":
        return game.round
    return None


def next_bot(game: Game[Any], seats: Seats, until: str, start: Any,
             steps: int, max_steps: int = MAX_STEPS) -> tuple[Bot | None, str]:
    """The bot that decides next, or ``None`` and why the bots stop here, in words."""
    if game.is_over:
        return None, _("the game is over")
    if until in ("phase", "round") and steps and _marker(game, until) != start:
        return None, _("reached {where}").format(where=_(UNTIL[until]))
    seat = game.to_move
    assert seat is not None
    bot = seats.bot(seat)
    if bot is None:
        return None, _("Player {n} (human) decides now").format(n=seat + 1)
    if steps >= max_steps:
        return None, _("stopped after {n} decisions").format(n=max_steps)
    return bot, ""


def advance(game: Game[Any], seats: Seats, until: str = "decision",
            max_steps: int = MAX_STEPS) -> tuple[int, str]:
    """Let the bot seats play until ``until`` (see :data:`UNTIL`) or a human must decide.

    Returns the number of decisions made and why it stopped, in words.
    """
    if until not in UNTIL:
        raise ValueError(f"until must be one of {sorted(UNTIL)}, not {until!r}")
    start = _marker(game, until)
    steps = 0
    while True:
        bot, reason = next_bot(game, seats, until, start, steps, max_steps)
        if bot is None:
            return steps, reason
        game.apply(bot.choose(game))
        steps += 1


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


@dataclass
class _Run:
    """A playback under way: what it plays to, how far it got, what to call at the end."""

    game: Game[Any]
    until: str
    start: Any
    done: Callable[[int, str], None]
    steps: int = 0
    handle: asyncio.TimerHandle | None = None


class Stepper:
    """Buttons for :func:`advance`, played back at the chosen pace.

    ``after(steps, reason)`` redraws the app when the stepper buttons' bots stop;
    ``redraw(summary)`` after each decision of a paced playback (``summary`` is one line: who
    did what) and, with ``""``, at the end of a paced answer to a human move.
    """

    def __init__(
        self,
        get_game: Callable[[], Game[Any]],
        seats: Seats,
        after: Callable[[int, str], None],
        guard: Callable[[Any], Any],
        fallback_bot: Callable[[], Bot] | None = None,
        describe: Callable[[Game[Any], Any], str] | None = None,
        redraw: Callable[[str], None] | None = None,
        pace: float | None = None,
    ) -> None:
        self.get_game = get_game
        self.seats = seats
        self.after = after
        self.guard = guard
        self.fallback_bot = fallback_bot
        self.describe = describe or (lambda _g, action: str(action))
        self.redraw = redraw or (lambda _line: None)
        self.buttons: dict[str, widgets.Button] = {}
        for key in BUTTONS:
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.on_click(guard(lambda _b, k=key: self.step(k)))
            self.buttons[key] = button
        self.auto = widgets.Checkbox(value=True, indent=False,
                                     layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML()
        value = default_pace() if pace is None else max(0.0, float(pace))
        self._paces = PACES if value in dict(PACES).values() else [*PACES, ("", value)]
        self.pace = widgets.Dropdown(options=self._pace_options(), value=value,
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto"))
        self.widget = widgets.HBox([*self.buttons.values(), self.auto, self.status, self.pace],
                                   layout=widgets.Layout(flex_flow="row wrap",
                                                         align_items="center"))
        # shown in the app's decision column while the bots play back: who did what, and Skip
        self.summary = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        self.skip_button = widgets.Button(icon="forward",
                                          layout=widgets.Layout(width="auto",
                                                                flex="0 0 auto"))
        self.skip_button.on_click(guard(lambda _b: self.skip()))
        self.banner = widgets.HBox([self.summary, self.skip_button],
                                   layout=widgets.Layout(align_items="center", display="none"))
        self._run: _Run | None = None
        self.relabel()

    def _pace_options(self) -> list[tuple[str, float]]:
        return [(_(label) if label else _("{seconds} s a move").format(seconds=f"{v:g}"), v)
                for label, v in self._paces]

    def relabel(self) -> None:
        """Put the stepper's words in the current language."""
        for key, (text, tip) in BUTTONS.items():
            self.buttons[key].description = _(text)
            self.buttons[key].tooltip = _(tip)
        self.auto.description = _("bots answer automatically")
        self.pace.description = _("Bot pace")
        self.pace.tooltip = _("Seconds between two bot moves when they play back")
        options = self._pace_options()
        if list(self.pace.options) != options:
            value = self.pace.value
            self.pace.options = options
            self.pace.value = value
        self.skip_button.description = _("Skip")
        self.skip_button.tooltip = _("Let the bots finish at once")

    # ------------------------------------------------------------------ buttons
    def step(self, key: str) -> tuple[int, str]:
        """Press the stepper button ``key`` (``one``, ``decision``, ``phase`` or ``round``).

        Returns the decisions made and why the bots stopped; for a paced playback that is
        ``(0, "playing back ...")`` and the report comes when it ends.
        """
        self.stop()
        game = self.get_game()
        if key == "one":
            steps, reason = self._one(game)
            self._report(steps, reason)
            return steps, reason
        return self.play(key)

    def autoplay(self) -> tuple[int, str]:
        """After a human move: let bot seats answer until a human decides (if ``auto`` is on).

        Only when some seat is human; with only bots, play goes on by the stepper buttons.
        The answer is played back at the chosen pace (see :meth:`play`), without the report.
        """
        self.stop()
        if not self.auto.value or not self.seats.any_human():
            return 0, ""
        return self.play("decision", report=False)

    def play(self, until: str, report: bool = True) -> tuple[int, str]:
        """Let the bots play to ``until``: at once, or paced on the kernel's event loop."""
        if until not in UNTIL:
            raise ValueError(f"until must be one of {sorted(UNTIL)}, not {until!r}")
        self.stop()
        game = self.get_game()
        loop = _running_loop() if self.pace.value > 0 else None
        if loop is None:
            steps, reason = advance(game, self.seats, until)
            if report:
                self._report(steps, reason)
            return steps, reason
        run = _Run(game, until, _marker(game, until),
                   self._report if report else (lambda _s, _r: self.redraw("")))
        bot, reason = next_bot(game, self.seats, until, run.start, 0)
        if bot is None:
            if report:
                self._report(0, reason)
            return 0, reason
        self._run = run
        self._show(_("Bots play to {where}...").format(where=_(UNTIL[until])))
        run.handle = loop.call_later(float(self.pace.value), self.guard(self._tick))
        return 0, _("playing back to {where}").format(where=_(UNTIL[until]))

    @property
    def playing(self) -> bool:
        """Whether a paced playback is under way."""
        return self._run is not None

    def skip(self) -> tuple[int, str]:
        """Play the rest of the playback at once (the Skip button)."""
        run = self._run
        if run is None:
            return 0, _("nothing to skip")
        self._cancel()
        while True:
            bot, reason = next_bot(run.game, self.seats, run.until, run.start, run.steps)
            if bot is None or run.game is not self.get_game():
                break
            run.game.apply(bot.choose(run.game))
            run.steps += 1
        self._finish(run, reason)
        return run.steps, reason

    def settle(self) -> None:
        """Bring a playback to rest before the game is read whole (a save).

        The bots' answer up to a human's next decision is finished at once (as Skip): it is
        short and would be played anyway. A run that may last a round or a whole game (a
        stepper button with only bots, or to a phase or round) stops where it is.
        """
        run = self._run
        if run is None:
            return
        if run.until == "decision" and self.seats.any_human():
            self.skip()
        else:
            self.stop()

    def stop(self) -> None:
        """Stop a playback where it is (the student did something else)."""
        if self._run is not None:
            self._cancel()
            self._hide()

    # ------------------------------------------------------------------ internals
    def _tick(self) -> None:
        run = self._run
        if run is None:
            return
        run.handle = None
        game = self.get_game()
        if game is not run.game:  # another game was loaded meanwhile
            self._cancel()
            self._hide()
            return
        bot, reason = next_bot(game, self.seats, run.until, run.start, run.steps)
        if bot is None:
            self._finish(run, reason)
            return
        seat = game.to_move
        action = bot.choose(game)
        label = self.describe(game, action)
        game.apply(action)
        run.steps += 1
        number = seat + 1 if seat is not None else "?"
        line = label if label.startswith(f"Player {number}") else _(
            "Player {n}: {move}").format(n=number, move=label)
        line += f" \u2014 {self.seats.labels()[seat or 0]}"
        self._show(line, run.steps)
        self.redraw(line)
        bot, reason = next_bot(game, self.seats, run.until, run.start, run.steps)
        if bot is None:
            self._finish(run, reason)
            return
        loop = _running_loop()
        if loop is None:  # cannot happen on the kernel's loop; finish rather than hang
            self.skip()
            return
        run.handle = loop.call_later(float(self.pace.value), self.guard(self._tick))

    def _finish(self, run: _Run, reason: str) -> None:
        self._run = None
        self._hide()
        run.done(run.steps, reason)

    def _cancel(self) -> None:
        run, self._run = self._run, None
        if run is not None and run.handle is not None:
            run.handle.cancel()

    def _show(self, line: str, steps: int = 0) -> None:
        words = html.escape(_("(bot move {n})").format(n=steps))
        count = f" <span style='color:#666'>{words}</span>" if steps else ""
        self.summary.value = (f"<div role='status' aria-live='polite' style='font-size:13px'>"
                              f"&#9654; {html.escape(line)}{count}</div>")
        self.banner.layout.display = ""

    def _hide(self) -> None:
        self.banner.layout.display = "none"
        self.summary.value = ""

    def _report(self, steps: int, reason: str) -> None:
        words = ngettext("{n} moves; {reason}", "{n} moves; {reason}", steps).format(
            n=steps, reason=reason)
        self.status.value = f"<span style='color:#555'>{words}</span>"
        self.after(steps, reason)

    def _one(self, game: Game[Any]) -> tuple[int, str]:
        if game.is_over:
            return 0, _("the game is over")
        seat = game.to_move
        assert seat is not None
        bot = self.seats.bot(seat) or (self.fallback_bot() if self.fallback_bot else None)
        if bot is None:
            return 0, _("no bot available")
        game.apply(bot.choose(game))
        return 1, _("{bot} played for Player {n}").format(bot=getattr(bot, "name", _("bot")),
                                                          n=seat + 1)
