"""Slow Freight in Spanish: every event, prompt, choice, refusal and panel a student reads is
put in the reader's language (``using("es")``, ``game.app(lang="es")``), while the English the
log, the saves and the pinned tests read stays as it was.

Random full games (2-4 players, both train checks) are read in Spanish: no event's words may be
its English (unless listed in :data:`SAME_IN_SPANISH`, with the reason), no prompt, choice or
reason may carry an English word (:data:`ENGLISH`), every refusal of the golden record is said
in Spanish, :func:`~freight_freedom.slowfreight.app.screen_words` names trains and Movement
cards in Spanish, and the app shows all of it.
"""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest
from sf_refusals import GOLDEN, refusals

from freight_freedom import Action, IllegalAction, SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.core.i18n import using
from freight_freedom.slowfreight.app import SlowFreightUI, screen_words

#: event texts that may read the same in Spanish as in English, each with its reason (none so
#: far: every event of Slow Freight has words of its own in Spanish)
SAME_IN_SPANISH: dict[str, str] = {}

#: English words that must not be on a Spanish screen (whole words, case as written); the
#: action kinds (loco, take, move, pass, stop) are notation and may appear in a refusal
ENGLISH = re.compile(
    r"\b(?:takes?|train|Train|trains|Player|the|The|moves?|passes|brings|stops?|Locomotive|"
    r"Locomotives|cars?|Track|turn|Turn|points|delivered|Clock|Clocks|card|face-up|"
    r"Auto Carrier|Tank|Coal|Mixed Freight|Freight|Movement|Bonus|wins|game|empty|and|of|"
    r"with|must|cannot|not|you|your)\b")
#: Spanish words of which a Spanish text has at least one
SPANISH = re.compile(r"[áéíóúñ¿¡]|\b(?:el|la|los|las|de|del|un|una|y|en|se|con|por|sin|Boca|"
                     r"tren|Jugador|vagones|carta|cartas|Locomotora|Locomotoras|Reloj|Relojes|"
                     r"turno|pasa|toma|mueve|puntos|gana|Empieza)\b")


def english_words(text: str) -> list[str]:
    """The English words in ``text`` (a card's or train's id, such as ``t3`` or ``train4``, is
    no word; a rule ID and the game's name neither)."""
    text = re.sub(r"\b(?:[A-Z]+-[A-Z]+(?:-[A-Z0-9]+)*|t\d+|train\d+|clock\d+|Slow Freight)\b",
                  " ", text)
    return ENGLISH.findall(text)


def assert_spanish(text: str, where: str) -> None:
    assert not english_words(text), (where, english_words(text), text)
    assert SPANISH.search(text), (where, text)


def random_games(count: int = 15) -> list[SlowFreight]:
    """``count`` finished random games, 2-4 players, some with the end-of-turn train check, a
    random first player or a short Track supply (views checked along the way by the caller)."""
    rng = random.Random(36)
    games = []
    for number in range(count):
        options: dict[str, Any] = {}
        if number % 3 == 0:
            options["train_check"] = "end_of_turn"
        if number % 4 == 1:
            options["track_supply"] = 12  # the supply runs short: SF-RULING-3's words
        if number % 5 == 2:
            options["movement_table"] = "harsh"
        games.append(SlowFreight(players=2 + number % 3, seed=rng.randrange(10_000),
                                 **options))
    return games


def check_view(game: SlowFreight, seat: int) -> None:
    """The view of ``seat`` in Spanish: prompt, choices, reasons, trains in words."""
    view = game.view(seat)
    assert_spanish(view.prompt, "prompt")
    for choice in view.choices:
        assert_spanish(screen_words(choice.words), "choice")
    for line in view.unavailable:
        assert_spanish(screen_words(line), "unavailable")
    for player in view.players:
        for train in player.trains:
            assert not english_words(train.words), train.words
            assert train.name.startswith("tren "), train.name
    for kind in view.face_up_kinds:
        assert kind is None or kind in {"Portavehículos", "Cisterna", "Carbón",
                                        "Locomotora extra"}, kind


def test_random_games_read_in_spanish() -> None:
    """Every event of 15 random games (said() in Spanish), and the seat to move's view at
    every fourth decision, with each seat's view now and then."""
    kinds: set[str] = set()
    for game in random_games():
        bot = RandomBot(game.seed)
        step = 0
        while not game.is_over:
            if step % 4 == 0:
                with using("es"):
                    check_view(game, game.state.seat)
                    if step % 20 == 0:
                        for seat in range(len(game.state.players)):
                            check_view(game, seat)
            game.apply(bot.choose(game))
            step += 1
        with using("es"):
            view = game.view()
            assert_spanish(view.prompt, "prompt at the end")
            assert_spanish(view.end_reason, "end reason")
            assert_spanish(str(game.outcome), "outcome")
            for event in game.log:
                said = event.said()
                kinds.add(type(event).__name__ + ":" + event.rule)
                assert said and "{" not in said, (event.rule, said)
                if said == event.text:
                    assert event.text in SAME_IN_SPANISH, (event.rule, said)
                    continue
                assert_spanish(screen_words(said), event.rule)
        assert all(e.said() == e.text for e in game.log[-5:])  # English again outside
    # the games met the events a student meets most (and the rarer ones of the options)
    for kind in ("CardTaken:SF-TAKE-1", "CardTaken:SF-XLOCO-1", "TrainMoved:SF-MOVE-1",
                 "TrainMoved:SF-XLOCO-5", "TrainMoved:SF-CLOCK-2", "TrainMoved:SF-RULING-3",
                 "MovementCard:SF-TURN-4", "MovementCard:SF-CLOCK-4", "ClockDrawn:SF-CLOCK-3",
                 "TrainArrived:SF-ARRIVE-1", "BonusChip:SF-ARRIVE-3", "Scored:SF-SCORE-1",
                 "Scored:SF-SCORE-2", "Award:SF-SCORE-4", "NoAward:SF-SCORE-7",
                 "RowRefilled:SF-TAKE-2", "RowRefilled:SF-RULING-1", "LocoBrought:SF-TURN-5",
                 "Winners:SF-SCORE-8", "GameEnded:SF-END-1"):
        assert kind in kinds, kind


def test_the_english_text_stays_english_under_spanish() -> None:
    """An event read first in Spanish keeps its English text (saves, log, tests); the view and
    the prompt of a game in English are English again after a Spanish block."""
    game = SlowFreight(players=3, seed=7)
    bot = RandomBot(7)
    for _ in range(30):
        game.apply(bot.choose(game))
    fresh = SlowFreight.from_json(game.to_json())
    with using("es"):
        spanish = [e.said() for e in fresh.log]
    assert [e.text for e in fresh.log] == [e.text for e in game.log]
    assert spanish != [e.text for e in game.log]
    assert fresh.to_json() == game.to_json()
    with using("es"):
        spanish_prompt = game.view().prompt
        assert_spanish(spanish_prompt, "prompt")
    assert game.view().prompt == game.prompt.text != spanish_prompt


def test_every_recorded_refusal_is_said_in_spanish() -> None:
    """The 190 refusals of the golden record, asked again in Spanish: the same rule, each
    reason in Spanish (the English record stays word for word: ``test_sf_refusals``)."""
    golden = json.loads(GOLDEN.read_text())
    with using("es"):
        found = {(row[0], row[1], row[2]): (row[3], row[4]) for row in refusals()}
    for number, step, action, rule, reason in golden:
        spanish_rule, spanish = found[(number, step, action)]
        assert spanish_rule == rule
        assert spanish != reason, reason
        words = [w for w in english_words(str(spanish))
                 if w not in ("take", "move", "pass", "stop")]  # notation: 'take 0 t3'
        assert not words, (spanish, words)


def test_a_teachers_set_up_reads_in_spanish() -> None:
    """The events of the scenarios a lesson sets up (SF-RULING-24), in Spanish when read so."""
    game = SlowFreight(players=2, seed=1)
    events = [*game.scenario("stack_freight", cards=["coal", "xloco"]),
              *game.scenario("stack_movement", cards=["clock", "train3"]),
              *game.scenario("face_up", cards=["tank", "coal", "auto"])]
    english = [e.text for e in events]
    with using("es"):
        spanish = [e.said() for e in events]
    assert spanish == [
        "El docente ordenó el mazo de Carga, empezando por la carta de arriba: Carbón, "
        "Locomotora extra",
        "El docente ordenó el mazo de Movimiento, empezando por la carta de arriba: un Reloj; "
        "una carta de Tren que marca 3, 3, 3, 2, 2",
        "El docente puso en la fila boca arriba: Cisterna, Carbón, Portavehículos"]
    assert english[0] == ("The teacher stacked the Freight deck, top card first: Coal, "
                          "Extra Locomotive")


def test_a_refusal_raised_in_spanish() -> None:
    game = SlowFreight(players=2, seed=3)
    with using("es"), pytest.raises(IllegalAction) as refused:
        game.apply(Action(0, "stop"))
    assert "[regla SF-RULING-16]" in str(refused.value)
    assert_spanish(str(refused.value.reason), "refusal")
    with pytest.raises(IllegalAction, match=r"stop ends a take-cards turn"):
        game.apply(Action(0, "stop"))


def test_screen_words_name_trains_and_cards_in_spanish() -> None:
    text = ("El Jugador 2 mueve el tren t3 (2 vagones de Carbón): train4 marca 3 para 2 "
            "vagones; Tren t27 y t1; clock2 [SF-MOVE-1]")
    with using("es"):
        shown = screen_words(text)
        assert shown == ("El Jugador 2 mueve el tren C (2 vagones de Carbón): una carta de Tren "
                         "marca 3 para 2 vagones; tren AA y tren A; Reloj 2")
        # an English text read in Spanish (a text the catalog lacks) names its trains too
        assert screen_words("moves train t2") == "moves tren B"
    assert screen_words("Player 2 moves t2; train4 is discarded [SF-MOVE-1]") == (
        "Player 2 moves train B; a Train card is discarded")


def visible(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


def test_the_app_shows_spanish() -> None:
    """``game.app(lang="es")``: the prompt, the choices, the two-step take, what just happened,
    why a choice is not offered, the side panel, the board in words, the State tab, the figure
    (title, legend, labels, hover) and the final score table, all in Spanish."""
    pytest.importorskip("plotly")
    game = SlowFreight(players=2, seed=5)
    app = game.app(lang="es", seats=["Human", "Human"])
    bot = RandomBot(11)
    ui = SlowFreightUI()
    checked_take = False
    while not game.is_over:
        assert_spanish(visible(app.prompt.value), "prompt")
        for label in app.actions.labels if hasattr(app.actions, "labels") else ():
            assert_spanish(label, "choice")
        for button in app.actions.buttons.values():
            assert_spanish(button.description, "button")
        row = app.actions.two_step.get("take")
        if row is not None:
            checked_take = True
            assert (row.first.description, row.second.description) == ("Carta", "en el tren")
            for label in row.first._options_labels:
                assert_spanish(label, "first choice of a take")
        for part in (app.recent, app.unavailable, app.side, app.board_text):
            if part.value:
                assert_spanish(visible(part.value), "panel")
        fig = app.figure
        assert_spanish(fig.layout.title.text, "figure title")
        legend = {t.name for t in fig.data if t.showlegend is not False}
        assert legend == {"Locomotora", "Portavehículos", "Cisterna", "Carbón",
                          "Locomotora extra"}, legend
        for trace in fig.data:
            for text in [*(trace.text or ()), *(trace.hovertext or ())]:
                assert not english_words(visible(str(text))), (trace.meta, text)
        app.actions.press(bot.choose(game))
        assert not app.errors.text, app.errors.text
    assert checked_take
    final = visible(app.side.value)
    assert "gana con" in final or "comparten la victoria" in final
    assert_spanish(final, "final table")
    assert_spanish(visible(app.prompt.value), "prompt at the end")
    with using("es"):  # the State tab's tables, as the app draws them (in its language)
        tables = ui.tables(app.view)
    assert set(tables) == {"Mesa", "Jugadores", "Trenes"}
    for name, table in tables.items():
        assert not english_words(" ".join(map(str, table.columns))), (name, table.columns)
    for line in visible(app.log_view.html.value).splitlines():
        assert not english_words(line), line
    app.language_menu.value = "en"  # and back to English: the same game's words
    assert "Player" in visible(app.side.value) or "wins" in visible(app.side.value)
    assert {t.name for t in app.figure.data if t.showlegend is not False} >= {"Locomotive"}
