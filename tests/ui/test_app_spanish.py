"""The shared app in Spanish (``lang="es"``): every word of its own chrome from the catalog, at
build time and after a move, an undo and a redo; the games' own words are another step's."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as widgets
import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.errors import OptionError
from freight_freedom.core.game import Game
from freight_freedom.ui.app import GameApp
from freight_freedom.ui.display import app_for

pytest.importorskip("plotly")

#: the app's chrome widgets (attribute paths) and the Spanish each must show
SPANISH = {
    "undo_button.description": "Deshacer",
    "undo_button.tooltip": "Deshace la última decisión (un paso)",
    "undo_turn_button.description": "Deshacer mi turno",
    "redo_button.description": "Rehacer",
    "redo_button.tooltip": "Vuelve a aplicar el último paso deshecho",
    "present_button.description": "Volver al presente",
    "language_menu.description": "Idioma",
    "seats_label.value": "<b>Quién juega:</b>&nbsp;",
    "stepper.buttons.one.description": "Hacer una jugada",
    "stepper.buttons.decision.description": "Bots hasta mi turno",
    "stepper.buttons.phase.description": "Siguiente fase",
    "stepper.buttons.round.description": "Fin de la ronda",
    "stepper.auto.description": "los bots responden automáticamente",
    "stepper.pace.description": "Ritmo de los bots",
    "stepper.skip_button.description": "Saltar",
    "saveload.save_button.description": "Guardar partida",
    "saveload.upload.description": "Cargar partida",
    "newgame.button.description": "Nueva partida",
    "newgame.seed.description": "semilla",
    "newgame.seed.placeholder": "al azar",
    "evalbar.toggle.description": "Barra de evaluación",
    "evalbar.hint_button.description": "Pista",
    "evalbar.chart_button.description": "A lo largo de la partida",
    "moves.select.description": "Jugadas",
    "moves.back.description": "Volver al presente",
}

#: English chrome that must not be on a Spanish screen (whole widget texts, or in its HTML)
ENGLISH_LABELS = {"Undo", "Undo my turn", "Redo", "Back to the present", "Save game",
                  "Load game", "New game", "Play one move", "Bots to my turn", "Next phase",
                  "End of round", "Skip", "Bot pace", "Evaluation bar", "Hint", "Over the game",
                  "Moves", "Log", "State", "Save / load", "Human", "Language", "seed", "random",
                  "Do it", "bots answer automatically"}
ENGLISH_PHRASES = ["What just happened", "The rule for this decision", "The board in words",
                   "Not possible now", "Seats:", " steps", "Viewing step", "Every table of the",
                   "earlier events", "Choose a line to see", "a save file of this game",
                   "is played by a bot", "press Skip", "No decision pending", "choices in all",
                   "Take back the last decision", "Apply again the last step", "class pace",
                   "Game over.", "game over", "Chance of"]


def attr(app: GameApp, path: str) -> Any:
    obj: Any = app
    for part in path.split("."):
        obj = obj[part] if isinstance(obj, dict) else getattr(obj, part)
    return obj


def texts(widget: Any, seen: set[int] | None = None) -> list[str]:
    """Every text a widget of the app's tree shows: descriptions, tooltips, placeholders,
    option labels, tab titles and HTML values."""
    seen = set() if seen is None else seen
    if id(widget) in seen or not isinstance(widget, widgets.Widget):
        return []
    seen.add(id(widget))
    out = [str(getattr(widget, name)) for name in ("description", "tooltip", "placeholder")
           if getattr(widget, name, None)]
    if isinstance(widget, widgets.HTML):
        out.append(widget.value)
    if isinstance(widget, (widgets.Dropdown, widgets.Select)):
        out += [str(label) for label in widget._options_labels]
    if isinstance(widget, widgets.Tab):
        out += [str(t) for t in widget.titles]
    for child in getattr(widget, "children", ()):
        out += texts(child, seen)
    return out


def visible(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


def check_spanish(app: GameApp) -> None:
    for path, words in SPANISH.items():
        assert attr(app, path) == words, path
    assert tuple(app.tabs.titles) == ("Jugadas", "Registro", "Estado", "Guardar / cargar",
                                      "Nueva partida")
    assert app.seats.dropdowns[0].description == "Jugador 1"
    assert "Humano" in app.seats.dropdowns[0]._options_labels
    assert "ritmo de clase (0,6 s por jugada)" in app.stepper.pace._options_labels
    shown = texts(app)
    whole = {t.strip() for t in shown}
    assert not whole & ENGLISH_LABELS, whole & ENGLISH_LABELS
    words = " | ".join(visible(t) for t in shown)
    for phrase in ENGLISH_PHRASES:
        assert phrase not in words, phrase
    if not app.game.is_over:
        assert "Jugador" in visible(app.prompt.value)
    assert "La regla de esta decisión" in visible(app.rule.value)


def play_undo_redo(app: GameApp) -> None:
    game = app.game
    app.actions.press(game.legal_actions()[0])
    assert len(game.history) == 1 and not app.errors.text
    check_spanish(app)
    assert "1 paso" in visible(app.title.value)
    assert "Lo que acaba de pasar" in visible(app.recent.value)
    app.undo_button.click()
    assert len(game.history) == 0
    check_spanish(app)
    app.redo_button.click()
    assert len(game.history) == 1
    check_spanish(app)
    app.view_step(0)  # a past position from the move list: its banner in Spanish
    assert "Viendo el paso 0 de 1" in visible(app.view_note.value)
    assert "Esta jugada" in visible(app.recent.value) or app.recent.value == ""
    check_spanish(app)
    app.present_button.click()
    app.undo_turn_button.click()
    assert len(game.history) == 0
    app.undo_button.click()  # nothing to undo: the app's error frame in Spanish
    assert "<b>Error:</b>" in app.errors.widget.value


@pytest.mark.parametrize("game", [Freedom(players=2, seed=4), SlowFreight(players=2, seed=5)],
                         ids=["freedom", "slowfreight"])
def test_each_game_app_in_spanish(game: Game[Any]) -> None:
    app = app_for(game, lang="es", seats=["Human", "Human"])
    assert app.lang == "es" and app.language_menu.value == "es"
    assert app.seats.labels() == ["Human", "Human"]  # the values stay: only the labels change
    check_spanish(app)
    play_undo_redo(app)


def test_bot_moves_and_stepper_report_in_spanish() -> None:
    game = SlowFreight(players=2, seed=5)
    app = GameApp(game, lang="es", seats=["Human", "Random bot"], pace=0.0)
    app.actions.press(game.legal_actions()[0])  # the bot answers: a refresh after its move
    assert len(game.history) >= 2
    check_spanish(app)
    app.seats.set(0, "Random bot")
    app.stepper.auto.value = False
    app.stepper.buttons["one"].click()
    status = visible(app.stepper.status.value)
    assert "jugó por el Jugador" in status and "jugada" in status, status
    check_spanish(app)


def test_a_bad_language_is_refused_before_anything_is_built() -> None:
    game = SlowFreight(players=2, seed=5)
    with pytest.raises(OptionError, match="language"):
        GameApp(game, lang="xx")
    with pytest.raises(OptionError):
        game.app(lang="xx")
    assert "_app" not in game.__dict__


def test_the_language_menu_switches_the_words() -> None:
    game = Freedom(players=2, seed=4)
    app = GameApp(game, seats=["Human", "Human"])
    assert app.undo_button.description == "Undo" and app.tabs.titles[0] == "Moves"
    app.language_menu.value = "es"
    assert app.lang == "es"
    check_spanish(app)
    app.actions.press(game.legal_actions()[0])
    check_spanish(app)
    app.language_menu.value = "en"
    assert app.undo_button.description == "Undo" and app.seats.dropdowns[0].options[0] == "Human"
    assert "What just happened" in app.recent.value
    assert app.newgame.seed.placeholder == "random"


def test_the_default_app_stays_english() -> None:
    app = GameApp(Freedom(players=2, seed=4))
    assert app.lang is None
    for path in SPANISH:
        assert attr(app, path) != SPANISH[path], path
    assert list(app.tabs.titles) == ["Moves", "Log", "State", "Save / load", "New game"]
