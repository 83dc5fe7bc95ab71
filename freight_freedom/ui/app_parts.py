"""Parts of :class:`~freight_freedom.ui.app.GameApp` kept out of its module: the decision
column's buttons (Undo / Undo my turn / Redo, the way back from a past position, the language
menu), the app's own words on them in the reader's language (:func:`relabel`), and the note over
the choices when someone else decides (:func:`choices_note`).

Every text here is the app's own (``core/i18n.py``): the games' words come through their views.
The app calls :func:`relabel` when it is built and, from its refresh, whenever the language its
words are in has changed (the language menu).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..core.game import Game
from ..core.i18n import N_, _, language, languages

if TYPE_CHECKING:
    from .app import GameApp

#: the tabs under the board, in order (English: the keys tests and notebooks use)
TAB_TITLES = [N_("Moves"), N_("Log"), N_("State"), N_("Save / load"), N_("New game")]


def make_decision_parts(app: GameApp, guard: Callable[..., Any]) -> None:
    """The title, Undo / Undo my turn / Redo, the language menu, the prompt and its rule, and
    the texts around the map (the map note, the side panel, what is not possible, what just
    happened), with the board row that will hold the map and the column."""
    app.title = widgets.HTML()
    app.undo_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
    app.undo_turn_button = widgets.Button(icon="fast-backward",
                                          layout=widgets.Layout(width="auto"))
    app.redo_button = widgets.Button(icon="repeat", layout=widgets.Layout(width="auto"))
    app.undo_button.on_click(guard(lambda _b: app.undo()))
    app.undo_turn_button.on_click(guard(lambda _b: app.undo_my_turn()))
    app.redo_button.on_click(guard(lambda _b: app.redo()))
    # the language of the app's words: switching redraws them at once (the refresh relabels)
    app.language_menu = widgets.Dropdown(
        options=[(name, code) for code, name in languages().items()], value=language(),
        style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
    app.language_menu.add_class("ff-language")
    app.language_menu.observe(guard(app.choose_language), names="value")
    # the prompt is announced to screen readers whenever it changes
    app.prompt = widgets.HTML(layout=widgets.Layout(width="100%"))
    # the rule of the pending decision, its text a click away (after the choices in the
    # tab order: the choices come first)
    app.rule = widgets.HTML(layout=widgets.Layout(width="100%"))

    app.figure = None
    # what a click on the map did or why it did nothing, shown beside the map
    app.map_note = widgets.HTML(layout=widgets.Layout(min_height="0"))
    app.side = widgets.HTML(layout=widgets.Layout(width="100%", overflow="visible"))
    # the usual choices that are not offered now, each with the engine's reason
    app.unavailable = widgets.HTML(layout=widgets.Layout(width="100%"))
    # what the last decision and the bots' replies did, in words (also drawn on the map)
    app.recent = widgets.HTML(layout=widgets.Layout(width="100%"))
    # wraps: on a narrow page the decision column moves below the map instead of over it
    app.board = widgets.HBox(layout=widgets.Layout(width="100%", align_items="flex-start",
                                                   flex_flow="row wrap"))


def make_view_banner(app: GameApp, guard: Callable[..., Any]) -> None:
    """While a past position is shown: what it is, and the way back."""
    app.view_note = widgets.HTML()
    app.present_button = widgets.Button(icon="step-forward", button_style="warning",
                                        layout=widgets.Layout(width="auto"))
    app.present_button.on_click(guard(lambda _b: app.view_step(None)))
    app.view_banner = widgets.HBox(
        [app.view_note, app.present_button],
        layout=widgets.Layout(display="none", align_items="center", flex_flow="row wrap"))


def relabel(app: GameApp) -> None:
    """Put the app's own words (buttons, tooltips, tabs, menus) in the current language."""
    app.undo_button.description = _("Undo")
    app.undo_button.tooltip = _("Take back the last decision (one step)")
    app.undo_turn_button.description = _("Undo my turn")
    app.undo_turn_button.tooltip = _(
        "Back to your previous decision, taking back the bots' replies too")
    app.redo_button.description = _("Redo")
    app.redo_button.tooltip = _("Apply again the last step taken back")
    app.present_button.description = _("Back to the present")
    app.present_button.tooltip = _("Show the game as it is now and play on")
    app.language_menu.description = _("Language")
    app.language_menu.tooltip = _("The language of the app's words")
    titles = tuple(_(title) for title in TAB_TITLES[:len(app.tabs.children)])
    if tuple(app.tabs.titles) != titles:
        app.tabs.titles = titles
    app.seats_label.value = "<b>" + html.escape(_("Seats:")) + "</b>&nbsp;"
    for part in (app.seats, app.stepper, app.saveload, app.newgame, app.evalbar, app.moves):
        part.relabel()
    app.labelled = language()


def choices_note(app: GameApp, game: Game[Any]) -> tuple[str, bool]:
    """The note over the choices when this device does not decide now, and whether the choices
    are hidden meanwhile: another device of a shared table, a bot answering (nothing to press
    meanwhile), or a bot seat the student may still choose for. ``("", False)`` otherwise."""
    seat = game.to_move
    if seat is None:
        return "", False
    if app.table is not None and seat != app.table.seat:  # another device decides
        return _("Waiting for Player {n} ({who}) to choose.").format(
            n=seat + 1, who=app.table.who(seat)), True
    if app.seats.is_human(seat):
        return "", False
    if app.stepper.playing:
        return _("Player {n} (a bot) is choosing; press Skip to see its moves at "
                 "once.").format(n=seat + 1), True
    return _("Player {n} is played by a bot: use the stepper, or choose for it "
             "here.").format(n=seat + 1), False
