"""Per-seat choice of who decides: a human (the action buttons) or one of the game's bots.

The stepper and the auto-play of :class:`~freight_freedom.ui.app.GameApp` ask :meth:`Seats.bot`
for the bot of a seat; ``None`` means a human decides there. Each bot gets its own seed derived
from the seat, so a replayed session is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.bot import Bot
from ..core.i18n import _
from ..core.say import shown

HUMAN = "Human"


class Seats:
    """One drop-down per seat (``dropdowns``), ``Human`` or a bot name from ``bots``."""

    def __init__(
        self,
        players: int,
        bots: Mapping[str, Callable[[int], Bot]],
        on_change: Callable[[], None] | None = None,
        default: str = HUMAN,
    ) -> None:
        self.factories = dict(bots)
        self._bots: dict[int, tuple[str, Bot]] = {}
        self.on_change = on_change
        self._quiet = False
        choices = [HUMAN, *self.factories]
        self.dropdowns = [
            widgets.Dropdown(
                options=self._options(),
                value=default if default in choices else HUMAN,
                layout=widgets.Layout(width="230px"),
                style={"description_width": "70px"},
            )
            for seat in range(players)
        ]
        self.relabel()
        for dropdown in self.dropdowns:
            dropdown.observe(self._changed, names="value")
        self.widget = widgets.HBox(self.dropdowns, layout=widgets.Layout(flex_flow="row wrap"))

    def _options(self) -> list[Any]:
        """``Human`` in words (the value stays ``"Human"``), then the game's bots (plain
        strings in English, as they were; (label, value) pairs in another language)."""
        human = _("Human")
        if human == HUMAN:
            return [HUMAN, *self.factories]
        return [(human, HUMAN), *((shown(name), name) for name in self.factories)]

    def relabel(self) -> None:
        """Put the drop-downs' words in the current language (the choices kept, quietly)."""
        options = self._options()
        for seat, dropdown in enumerate(self.dropdowns):
            dropdown.description = _("Player {n}").format(n=seat + 1)
            if list(dropdown.options) != options:
                value = dropdown.value
                self._quiet = True
                try:
                    dropdown.options = options
                    dropdown.value = value
                finally:
                    self._quiet = False

    def _changed(self, _change: object) -> None:
        if self.on_change is not None and not self._quiet:
            self.on_change()

    def set(self, seat: int, choice: str) -> None:
        """Make ``seat`` a human (``"Human"``) or the named bot, as the drop-down would."""
        self.dropdowns[seat].value = choice

    def is_human(self, seat: int) -> bool:
        return bool(self.dropdowns[seat].value == HUMAN)

    def any_human(self) -> bool:
        return any(d.value == HUMAN for d in self.dropdowns)

    def bot(self, seat: int) -> Bot | None:
        """The bot playing ``seat`` (created on first use, kept while chosen), or ``None``."""
        choice = self.dropdowns[seat].value
        if choice == HUMAN:
            return None
        cached = self._bots.get(seat)
        if cached is None or cached[0] != choice:
            cached = (choice, self.factories[choice](1000 + seat))
            self._bots[seat] = cached
        return cached[1]

    def labels(self) -> list[str]:
        return [str(d.value) for d in self.dropdowns]

    def choose(self, choices: Sequence[str], *, bots_for_new_seats: bool = False) -> None:
        """Give the seats ``choices`` in order; the seats after them: Player 1 a human, the
        others humans too (hot-seat), or the first bot when ``bots_for_new_seats`` (the
        seats a New game added)."""
        extra = next(iter(self.factories), HUMAN) if bots_for_new_seats else HUMAN
        for seat in range(len(self.dropdowns)):
            choice = choices[seat] if seat < len(choices) else HUMAN if seat == 0 else extra
            if choice != self.labels()[seat]:
                self.set(seat, choice)
