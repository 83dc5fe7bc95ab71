"""The stepper: let the bots play up to the next human decision, phase or round.

A teacher walks a class through the rules phase by phase: with every seat set to a bot, "Next
phase" plays until the phase name changes and the board is redrawn there. With human seats, the
stepper stops as soon as a human must decide (it never decides for a human, except on the
explicit "Play one move" button, which uses the seat's bot or the first bot of the game).

The stepping itself is :func:`advance`, a plain function of a game and the seats, so notebooks
and tests can use it without widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..core.bot import Bot
from ..core.game import Game
from .seats import Seats

MAX_STEPS = 5000

UNTIL = {
    "decision": "the next human decision",
    "phase": "the next phase",
    "round": "the end of the round",
    "end": "the end of the game",
}


def _marker(game: Game[Any], until: str) -> Any:
    if until == "phase":
        return (getattr(game, "round", None), getattr(game, "phase", None))
    if until == "round":
        return getattr(game, "round", None)
    return None


def advance(game: Game[Any], seats: Seats, until: str = "decision",
            max_steps: int = MAX_STEPS) -> tuple[int, str]:
    """Let the bot seats play until ``until`` (see :data:`UNTIL`) or a human must decide.

    Returns the number of decisions made and why it stopped, in words.
    """
    if until not in UNTIL:
        raise ValueError(f"until must be one of {sorted(UNTIL)}, not {until!r}")
    start = _marker(game, until)
    steps = 0
    while not game.is_over:
        if until in ("phase", "round") and steps and _marker(game, until) != start:
            return steps, f"reached {UNTIL[until]}"
        seat = game.to_move
        assert seat is not None
        bot = seats.bot(seat)
        if bot is None:
            return steps, f"Player {seat + 1} (human) decides now"
        if steps >= max_steps:
            return steps, f"stopped after {max_steps} decisions"
        game.apply(bot.choose(game))
        steps += 1
    return steps, "the game is over"


class Stepper:
    """Buttons for :func:`advance`; ``after(steps, reason)`` redraws the app once afterwards."""

    def __init__(
        self,
        get_game: Callable[[], Game[Any]],
        seats: Seats,
        after: Callable[[int, str], None],
        guard: Callable[[Any], Any],
        fallback_bot: Callable[[], Bot] | None = None,
    ) -> None:
        self.get_game = get_game
        self.seats = seats
        self.after = after
        self.fallback_bot = fallback_bot
        self.buttons: dict[str, widgets.Button] = {}
        labels = {
            "one": ("Play one move", "the seat to move lets its bot (or a bot) decide once"),
            "decision": ("Bots to my turn", "bots play until a human seat must decide"),
            "phase": ("Next phase", "bots play until the phase changes"),
            "round": ("End of round", "bots play until the round changes"),
        }
        for key, (text, tip) in labels.items():
            button = widgets.Button(description=text, tooltip=tip,
                                    layout=widgets.Layout(width="auto"))
            button.on_click(guard(lambda _b, k=key: self.step(k)))
            self.buttons[key] = button
        self.auto = widgets.Checkbox(value=True, description="bots answer automatically",
                                     indent=False, layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML()
        self.widget = widgets.HBox([*self.buttons.values(), self.auto, self.status],
                                   layout=widgets.Layout(flex_flow="row wrap"))

    def step(self, key: str) -> tuple[int, str]:
        """Press the stepper button ``key`` (``one``, ``decision``, ``phase`` or ``round``)."""
        game = self.get_game()
        if key == "one":
            steps, reason = self._one(game)
        else:
            steps, reason = advance(game, self.seats, key)
        self.status.value = f"<span style='color:#555'>{steps} moves; {reason}</span>"
        self.after(steps, reason)
        return steps, reason

    def _one(self, game: Game[Any]) -> tuple[int, str]:
        if game.is_over:
            return 0, "the game is over"
        seat = game.to_move
        assert seat is not None
        bot = self.seats.bot(seat) or (self.fallback_bot() if self.fallback_bot else None)
        if bot is None:
            return 0, "no bot available"
        game.apply(bot.choose(game))
        return 1, f"{getattr(bot, 'name', 'bot')} played for Player {seat + 1}"

    def autoplay(self) -> tuple[int, str]:
        """After a human move: let bot seats answer until a human decides (if ``auto`` is on).

        Only when some seat is human; with only bots, play goes on by the stepper buttons.
        """
        if not self.auto.value or not self.seats.any_human():
            return 0, ""
        return advance(self.get_game(), self.seats, "decision")
