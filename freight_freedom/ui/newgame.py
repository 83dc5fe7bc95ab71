"""Start a new game with options (players, seed, difficulty, roles ...).

The form is drawn from the game's declared options (:class:`~freight_freedom.core.options.Option`,
listed in :mod:`freight_freedom.core.registry`): one field per option with its ``label``; a game
not in the registry gets a form derived from its current options. The new game is made with the
game's own constructor, so an out-of-range choice raises the game's
:class:`~freight_freedom.core.errors.OptionError`, which the app shows; the current game stays.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.errors import OptionError
from ..core.game import Game
from ..core.i18n import _
from ..core.options import Option
from ..core.registry import find
from ..core.say import shown


def specs_from_options(options: Mapping[str, Any]) -> list[Option]:
    """A fallback form: one field per current option, typed by its value."""
    specs = []
    for name, value in sorted(options.items()):
        if isinstance(value, bool):
            specs.append(Option(name, "bool", value))
        elif isinstance(value, int):
            specs.append(Option(name, "int", value, lo=0, hi=10_000))
        elif isinstance(value, str):
            specs.append(Option(name, "choice", value, choices=(value,)))
    return specs


def form_specs(game: Game[Any]) -> list[Option]:
    """The options the New game form offers for ``game``: its declared ones, else a fallback."""
    entry = find(game)
    if entry is None:
        return specs_from_options(game.options)
    return [o for o in entry.option_spec() if o.in_form]


RANDOM = "random"


def with_random(choices: Sequence[Any]) -> list[Any]:
    """A per-seat drop-down's options: :data:`RANDOM`, then ``choices`` (:func:`in_words`)."""
    return in_words([RANDOM, *choices])


def in_words(values: Sequence[Any]) -> list[Any]:
    """A drop-down's options in the current language: plain values when every one reads as
    itself (English, or names the catalog does not have); else (label, value) pairs throughout,
    as a drop-down wants them (:data:`RANDOM` in words, a role or a table by its name in the
    catalog, the value unchanged)."""
    labels = [_("random") if v == RANDOM else shown(str(v)) for v in values]
    if all(label == str(v) for label, v in zip(labels, values, strict=True)):
        return list(values)
    return list(zip(labels, values, strict=True))


class _PerSeat(widgets.HBox):  # type: ignore[misc]
    """One drop-down per seat (``random`` or one of the choices); ``value`` is the tuple."""

    def __init__(self, spec: Option, value: tuple[Any, ...]) -> None:
        self.spec = spec
        self.dropdowns = [
            widgets.Dropdown(options=self._options(),
                             value=value[seat] if seat < len(value) else RANDOM,
                             # the label's own width: "rol del Jugador 1" is longer than
                             # "Player 1 role", and a cut label says nothing
                             style={"description_width": "initial"},
                             layout=widgets.Layout(width="auto", margin="2px 8px 2px 0"))
            for seat in range(spec.hi or 4)]
        super().__init__(self.dropdowns, layout=widgets.Layout(flex_flow="row wrap"))
        self.relabel()

    def _options(self) -> list[Any]:
        return with_random(self.spec.choices)

    def relabel(self) -> None:
        """Put the drop-downs' words in the current language (their values kept)."""
        options = self._options()
        for seat, dropdown in enumerate(self.dropdowns):
            dropdown.description = _("Player {n} {option}").format(n=seat + 1,
                                                                  option=self.spec.title)
            if list(dropdown.options) != options:
                value = dropdown.value
                dropdown.options = options
                dropdown.value = value

    @property
    def value(self) -> tuple[Any, ...]:
        return tuple(d.value for d in self.dropdowns)

    def show(self, players: int) -> None:
        """Offer a drop-down for each of ``players`` seats only (the others are not played)."""
        for seat, dropdown in enumerate(self.dropdowns):
            dropdown.layout.display = "" if seat < players else "none"


def _widget(spec: Option, current: Any) -> widgets.Widget:
    value = spec.default if current is None else current
    style = {"description_width": "90px"}
    if spec.kind == "int":
        return widgets.BoundedIntText(value=value, min=spec.lo, max=spec.hi,
                                      description=spec.title, style=style,
                                      layout=widgets.Layout(width="200px"))
    if spec.kind == "bool":
        return widgets.Checkbox(value=bool(value), description=spec.title, indent=False)
    if spec.kind == "per_seat":
        return _PerSeat(spec, tuple(value or ()))
    # a choice; a seat is chosen from every seat there can be, then the named choices
    options = [*range(spec.hi), *spec.choices] if spec.kind == "seat" else list(spec.choices)
    if value not in options:
        options = [value, *options]
    return widgets.Dropdown(options=in_words(options), value=value, description=spec.title,
                            style=style)


class NewGame:
    """A form of option fields + seed, and a "New game" button calling ``on_new(game)``."""

    def __init__(
        self,
        get_game: Callable[[], Game[Any]],
        on_new: Callable[[Game[Any]], None],
        guard: Callable[[Any], Any],
        specs: Sequence[Option] | None = None,
    ) -> None:
        self.get_game = get_game
        self.on_new = on_new
        game = get_game()
        self.specs = form_specs(game) if specs is None else list(specs)
        current = game.options
        self.fields: dict[str, widgets.Widget] = {
            spec.name: _widget(spec, current.get(spec.name)) for spec in self.specs
        }
        players = self.fields.get("players")
        if players is not None:  # one per-seat drop-down for each seat the game will have
            seat_fields = [f for f in self.fields.values() if isinstance(f, _PerSeat)]

            def show_seats(_change: object = None) -> None:
                for field in seat_fields:
                    field.show(int(players.value))

            players.observe(show_seats, names="value")
            show_seats()
        self.seed = widgets.Text(value="", style={"description_width": "90px"},
                                 layout=widgets.Layout(width="200px"))
        self.button = widgets.Button(button_style="warning", icon="refresh")
        self.button.on_click(guard(lambda _b: self._start_from_button()))
        #: why the last press made no game, right next to the button
        self.error = widgets.HTML(layout=widgets.Layout(margin="0 0 0 8px"))
        self.error.add_class("ff-newgame-error")
        self.widget = widgets.VBox([
            widgets.HBox(list(self.fields.values()), layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.seed, self.button, self.error],
                         layout=widgets.Layout(align_items="center")),
        ])
        self.relabel()

    def relabel(self) -> None:
        """Put the form's own words in the current language (the options' titles are the
        game's)."""
        self.seed.placeholder = _("random")
        self.seed.description = _("seed")
        self.button.description = _("New game")
        for spec, field in zip(self.specs, self.fields.values(), strict=True):
            if isinstance(field, _PerSeat):
                field.relabel()
                continue
            field.description = spec.title
            if isinstance(field, widgets.Dropdown):
                options = in_words(field._options_values)
                if list(field.options) != options:
                    value = field.value
                    field.options = options
                    field.value = value

    def _start_from_button(self) -> None:
        self.error.value = ""
        try:
            self.start()
        except OptionError as exc:
            self.error.value = (f"<span role='alert' style='color:#b00020'>"
                                f"{html.escape(str(exc))}</span>")

    def values(self) -> dict[str, Any]:
        """The options as the form says (per-seat fields as tuples, left out when all random)."""
        out: dict[str, Any] = {}
        for spec in self.specs:
            value = self.fields[spec.name].value
            if spec.kind == "per_seat":
                players = int(out.get("players", self.get_game().options.get("players", 1)))
                chosen = tuple(value)[:players]
                if all(v == RANDOM for v in chosen):
                    continue  # the game deals them
                if RANDOM in chosen:
                    raise OptionError(spec.name, _(
                        "choose a {option} for every player, or leave every player on random")
                        .format(option=spec.title))
                value = chosen
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
                raise OptionError("seed", _("must be a whole number, not {text}").format(
                    text=repr(text))) from None
        game = type(self.get_game())(seed=seed, **self.values())
        self.on_new(game)
        return game
