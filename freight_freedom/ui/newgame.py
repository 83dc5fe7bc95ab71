"""Start a new game with options (players, seed, difficulty, roles ...).

The options a game offers are described by its ``GameUI.options`` (:class:`OptionSpec`); a game
without a list gets a form derived from its current options. The new game is made with the
game's own constructor, so an out-of-range choice raises the game's
:class:`~freight_freedom.core.errors.OptionError`, which the app shows; the current game stays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.errors import OptionError
from ..core.game import Game
from .adapter import OptionSpec


def specs_from_options(options: Mapping[str, Any]) -> list[OptionSpec]:
    """A fallback form: one field per current option, typed by its value."""
    specs = []
    for name, value in sorted(options.items()):
        if isinstance(value, bool):
            specs.append(OptionSpec(name, name, "bool", value))
        elif isinstance(value, int):
            specs.append(OptionSpec(name, name, "int", value, lo=0, hi=10_000))
        elif isinstance(value, str):
            specs.append(OptionSpec(name, name, "choice", value, choices=(value,)))
    return specs


def _widget(spec: OptionSpec, current: Any) -> widgets.Widget:
    value = spec.default if current is None else current
    style = {"description_width": "90px"}
    if spec.kind == "int":
        return widgets.BoundedIntText(value=value, min=spec.lo, max=spec.hi,
                                      description=spec.label, style=style,
                                      layout=widgets.Layout(width="200px"))
    if spec.kind == "bool":
        return widgets.Checkbox(value=bool(value), description=spec.label, indent=False)
    if spec.kind == "multi":
        chosen = tuple(v for v in (value or ()) if v in spec.choices)
        return widgets.SelectMultiple(options=list(spec.choices), value=chosen,
                                      description=spec.label, style=style, rows=6)
    options = list(spec.choices)
    if value not in options:
        options = [value, *options]
    return widgets.Dropdown(options=options, value=value, description=spec.label, style=style)


class NewGame:
    """A form of option fields + seed, and a "New game" button calling ``on_new(game)``."""

    def __init__(
        self,
        get_game: Callable[[], Game[Any]],
        specs: Sequence[OptionSpec],
        on_new: Callable[[Game[Any]], None],
        guard: Callable[[Any], Any],
    ) -> None:
        self.get_game = get_game
        self.on_new = on_new
        game = get_game()
        self.specs = list(specs) or specs_from_options(game.options)
        current = game.options
        self.fields: dict[str, widgets.Widget] = {
            spec.name: _widget(spec, current.get(spec.name)) for spec in self.specs
        }
        self.seed = widgets.Text(value="", placeholder="random", description="seed",
                                 style={"description_width": "90px"},
                                 layout=widgets.Layout(width="200px"))
        self.button = widgets.Button(description="New game", button_style="warning",
                                     icon="refresh")
        self.button.on_click(guard(lambda _b: self.start()))
        self.widget = widgets.VBox([
            widgets.HBox(list(self.fields.values()), layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.seed, self.button]),
        ])

    def values(self) -> dict[str, Any]:
        """The options as the form says (multi-choice fields as tuples; empty ones left out)."""
        out: dict[str, Any] = {}
        for spec in self.specs:
            value = self.fields[spec.name].value
            if spec.kind == "multi":
                if not value:
                    continue
                value = tuple(value)
            out[spec.name] = value
        return out

    def start(self) -> Game[Any]:
        """Make the new game (raises OptionError/ValueError for a bad choice: shown by guard)."""
        text = self.seed.value.strip()
        seed: int | None = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                raise OptionError("seed", f"must be a whole number, not {text!r}") from None
        game = type(self.get_game())(seed=seed, **self.values())
        self.on_new(game)
        return game
