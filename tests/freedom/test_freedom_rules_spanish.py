"""Freedom's rules speak Spanish: the events the rules modules make (set-up, phases, movement,
captures, effects, Support, victory, scenarios), their prompts and their refusals.

The events keep their English text (saves, the log, the pinned event streams read it) and are
said in the reader's language when shown (``event.said()`` under ``using("es")``). The pinned
event streams (``tests/core/test_event_streams.py``, the golden games of
``test_engine_golden.py``) check that the English did not change.
"""

from __future__ import annotations

import pickle
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fr_helpers import new_game, roll, start_move

from freight_freedom import IllegalAction
from freight_freedom.core.event import Event
from freight_freedom.core.i18n import using
from freight_freedom.core.rng import Rng
from freight_freedom.core.say import Say, shown
from freight_freedom.freedom import events as kinds
from freight_freedom.freedom.context import context
from freight_freedom.freedom.game import Freedom

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "freight_freedom" / "locale" / "freight_freedom.pot"
#: The modules of the rules whose events this test holds to Spanish (the verbs and decisions
#: say theirs in their own words, held by their own tests)
RULES_MODULES = ("movement", "effects", "phase_action", "phase_catcher", "phase_lantern",
                 "phase_market", "phase_planning", "setup", "victory", "support", "game",
                 "text")
#: Kinds of event that only the rules modules make: each must come as words, never as a text
RULES_KINDS = (
    kinds.PersonMoved, kinds.PersonFreed, kinds.GoldGained, kinds.CatcherCut,
    kinds.CatcherStepped, kinds.CatcherMoved, kinds.Captured, kinds.PeopleLost, kinds.TrackFull,
    kinds.PhaseBegins, kinds.PeriodBegins, kinds.SupportBought, kinds.MarketCount,
    kinds.MarketAdvanced, kinds.QueueRefilled, kinds.OppositionReshuffled, kinds.LanternPassed,
    kinds.MoneyChanged, kinds.EveryoneMoney, kinds.MarketRemoved, kinds.MarketAdded,
    kinds.RollReduced, kinds.TokenRemoved, kinds.CatcherIdle, kinds.RoundTotals,
    kinds.RolesDealt, kinds.PeoplePlaced, kinds.MarketBuilt, kinds.DecksShuffled,
    kinds.SupportLaidOut, kinds.CatchersPlaced, kinds.VictoryConditions, kinds.LanternTaken,
)
#: English the Spanish may say as it is: none of the rules' events is only names (a card's,
#: a space's) or numbers, so the list is empty; a template added here must be one whose every
#: word is a name (say why next to it).
SAME_IN_SPANISH: frozenset[str] = frozenset()

OPTIONS: tuple[dict[str, Any], ...] = (
    {}, {"difficulty": "challenging"}, {"easier_triples": True, "easier_money": True},
    {"harder_full_plantations": True, "harder_extra_support": True},
    {"easier_empty_centre": True, "fundraising_cities_only": True})


@cache
def rules_templates() -> frozenset[str]:
    """The templates (msgid, singular) the rules modules mark, as the catalog's template lists
    them with their places."""
    from babel.messages import pofile

    places = {f"freight_freedom/freedom/{name}.py" for name in RULES_MODULES}
    with TEMPLATE.open("rb") as handle:
        catalog = pofile.read_po(handle)
    found = set()
    for message in catalog:
        if message.id and {where for where, _ in message.locations} & places:
            found.add(message.id if isinstance(message.id, str) else message.id[0])
    return frozenset(found)


def words_of(event: Event) -> object:
    """The words an event was made with (``None`` for a fixed text)."""
    return event._words_of()


@cache
def random_games() -> tuple[Freedom, ...]:
    """15 random full games: 1 to 4 players, each difficulty and variant, chosen choices."""
    games = []
    for i in range(15):
        game = Freedom(players=1 + i % 4, seed=500 + 37 * i, **OPTIONS[i % len(OPTIONS)])
        rng = Rng(i)
        while not game.is_over:
            game.apply_unchecked(rng.choice(game.legal_actions()))
        games.append(game)
    return tuple(games)


def test_every_event_of_random_games_is_said_in_spanish() -> None:
    """Under ``using("es")`` every event is said without error; every event of the rules is
    Spanish (not its English), and the English text is the same before and after."""
    templates = rules_templates()
    checked = 0
    for game in random_games():
        english = [event.text for event in game.log]
        with using("es"):
            said = [event.said() for event in game.log]  # every event, the rules' or not
            prompt = game.prompt.text
        assert [event.text for event in game.log] == english  # the kept text is untouched
        assert prompt.startswith("la partida terminó: ") and prompt != game.prompt.text
        for event, text, spanish in zip(game.log, english, said, strict=True):
            assert spanish and "{" not in spanish, (event.rule, spanish)
            words = words_of(event)
            if isinstance(event, RULES_KINDS):
                assert isinstance(words, Say) and words.template in templates, (event.rule, text)
            if isinstance(words, Say) and words.template in templates:
                checked += 1
                if words.template not in SAME_IN_SPANISH:
                    assert spanish != text, (event.rule, text)
    assert checked > 1000


def test_events_of_the_rules_pickle_as_they_were() -> None:
    """A pickled event of the rules (words with a Colour, a Series) is equal to itself, in
    English. (A typed event pickles its English text, not its words: ``Happened.__reduce__``.)"""
    events = [event for event in random_games()[0].log if isinstance(event, RULES_KINDS)]
    again = pickle.loads(pickle.dumps(events))
    assert again == events and [e.text for e in again] == [e.text for e in events]
    words = [words_of(event) for event in events]
    assert pickle.loads(pickle.dumps(words)) == words
    with using("es"):
        assert [str(w) for w in pickle.loads(pickle.dumps(words))] == [str(w) for w in words]


def test_common_events_in_spanish() -> None:
    ctx = context()
    game = new_game(2, seed=1, roles=("Conductor", "Preacher"))
    with using("es"):
        said = {type(e).__name__: e.said() for e in game.log}
    assert said["LanternTaken"] == ("Jugador 1 es el Jugador inicial y toma el Farol. La ronda 1 "
                                    "empieza con la fase de los Cazadores de esclavos.")
    assert said["RolesDealt"] == (f"Roles elegidos: Jugador 1 ({shown_es('Conductor')}), "
                                  f"Jugador 2 ({shown_es('Preacher')}). Cada jugador toma $8.")
    assert said["CatchersPlaced"].startswith(
        "Posiciones iniciales de los Cazadores de esclavos: naranja en ")

    game.scenario("place_people", space="lexington", count=1)
    events = roll(game, "red", "east", 1)  # Louisville -> Lexington: a capture
    lexington = shown_es(ctx.name("lexington"))
    with using("es"):
        said = {type(e).__name__: e.said() for e in events}
        assert game.log[-len(events) - 2].said() == f"Se coloca 1 persona en {lexington}."
    assert said["CatcherMoved"] == (f"El Cazador de esclavos rojo se mueve 1 casilla al este "
                                    f"hasta {lexington} y captura a 1 persona.")
    assert said["Captured"] == (f"1 persona es capturada en {lexington} y colocada en la carta "
                                "inferior del Mercado de esclavos.")
    assert said["PhaseBegins"] == ("Ronda 1: fase de Planificación, empezando por el Jugador 1.")
    assert events[-1].text == "Round 1: Planning phase, from Player 1."  # the English as before

    game = new_game(2)
    game.scenario("place_people", space="detroit", count=1)
    game.scenario("place_catcher", colour="orange", space="milwaukee")
    start_move(game, "c1_2x1")
    with using("es"):
        freed = [e.said() for e in game.apply("0:move detroit canada_amherstburg")]
    where = shown_es(ctx.name("detroit")), shown_es(ctx.name("canada_amherstburg"))
    assert freed[0] == (f"Jugador 1 mueve a una persona de {where[0]} a {where[1]}: queda libre "
                        "en Canadá (liberadas: 1).")


def shown_es(name: str) -> str:
    with using("es"):
        return shown(name)


def test_prompts_and_the_outcome_in_spanish() -> None:
    game = new_game(2, seed=1)
    with using("es"):
        assert game.prompt.text == "ronda 1: tira los dados del Cazador de esclavos y de Movimiento"
    assert game.prompt.text == "round 1: roll the Slave Catcher and Movement dice"
    roll(game)
    with using("es"):
        assert game.prompt.text.endswith("o termina de planificar")
    lost = random_games()[1]
    with using("es"):
        words = str(lost.outcome)
    assert words.startswith(("Perdida en la ronda ", "Ganada en la ronda ")), words
    assert "Lost in round" in str(lost.outcome) or "Won in round" in str(lost.outcome)


def test_a_refusal_is_said_in_the_readers_language() -> None:
    game = new_game(2)
    with using("es"), pytest.raises(IllegalAction) as spanish:
        game.scenario("set_money", seat=5, amount=3)
    with pytest.raises(IllegalAction) as english:
        game.scenario("set_money", seat=5, amount=3)
    assert str(spanish.value) == "seat debe ser de 0 a 1 [regla SCENARIO]"
    assert str(english.value) == "seat must be 0 to 1 [rule SCENARIO]"
    assert spanish.value.rule == english.value.rule == "SCENARIO"
    game.scenario("place_people", space="cincinnati", count=1)
    with using("es"), pytest.raises(IllegalAction) as spanish:
        game.scenario("place_people", space="cincinnati", count=1)
    assert str(spanish.value) == f"{shown_es('Cincinnati')} admite 1 (FR-MOVE-3) [regla SCENARIO]"


def test_every_event_of_a_move_is_given_words() -> None:
    """A move's events are words (never a bare text): the words write one full stop after a
    name ending in one ("Washington, D.C."), so the game need not tidy its texts afterwards."""
    import random

    from freight_freedom.core.event import raw_text

    bare = set()
    for seed in range(40):
        game = Freedom(players=1 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            bare |= {type(e).__name__ for e in game.apply(rng.choice(game.legal_actions()))
                     if raw_text(e)}
    assert bare == set()
