"""Words rendered when shown (core.say), events read in the reader's language, and where the
language comes from: a game's ``lang``, ``using``, ``FREIGHT_FREEDOM_LANG`` or Voila's ``?lang=``.
"""

from __future__ import annotations

import pickle

import pytest

from freight_freedom import Freedom, OptionError, SlowFreight
from freight_freedom.core import i18n
from freight_freedom.core.event import Event, Note, raw_text
from freight_freedom.core.game import Prompt
from freight_freedom.core.i18n import _, language, using
from freight_freedom.core.say import listing, say, say_n, shown


def test_words_render_in_the_language_in_use() -> None:
    words = say("{who}: {game}", who=say("Player {n}", n=2), game="Game")
    assert str(words) == "Player 2: Game"
    with using("es"):
        assert str(words) == "Jugador 2: Partida"  # the nested words and the name, both
        assert words.english() == "Player 2: Game"
    assert str(words) == "Player 2: Game"


def test_counted_words_and_lists() -> None:
    one, many = say_n("{n} steps", "{n} steps", 1), say_n("{n} steps", "{n} steps", 3)
    assert (str(one), str(many)) == ("1 steps", "3 steps")  # the English the app always said
    with using("es"):
        assert (str(one), str(many)) == ("1 paso", "3 pasos")
        assert str(listing(["Boston", "Detroit", "Canada"])).endswith(" y Canada")
    assert str(listing(["Boston", "Detroit", "Canada"])) == "Boston, Detroit and Canada"
    assert str(listing(["Boston"])) == "Boston" and str(listing([])) == ""


def test_a_name_not_in_the_catalog_is_shown_as_it_is() -> None:
    with using("es"):
        assert shown("Frederick Douglass") == "Frederick Douglass"
        assert shown("") == ""  # not the catalog's header
        assert shown("Undo") == "Deshacer"


def test_one_full_stop_after_a_name_that_ends_in_one() -> None:
    assert str(say("{who} reaches {where}.", who="Player 1", where="Washington, D.C.")) == (
        "Player 1 reaches Washington, D.C.")
    assert str(say("{what}...", what="wait")) == "wait..."


def test_an_event_keeps_english_text_and_says_it_in_the_readers_language() -> None:
    event = Note(say("{who}: {what}", who=say("Player {n}", n=1), what="Undo"), "X-1")
    assert raw_text(event) == ""  # nothing written before it is read
    with using("es"):
        assert event.text == "Player 1: Undo"  # the kept text is English, whoever reads first
        assert event.said() == "Jugador 1: Deshacer"
    assert event.said() == "Player 1: Undo"
    assert event == Note("Player 1: Undo", "X-1") and event.to_dict()["text"] == "Player 1: Undo"
    again = pickle.loads(pickle.dumps(event))
    assert again == event


def test_a_plain_event_with_a_fixed_text_is_looked_up() -> None:
    event = Event("X-1", "Undo")
    with using("es"):
        assert event.said() == "Deshacer"
        assert Event("X-1", "not in any catalog").said() == "not in any catalog"
    words = Event("X-1", say("Player {n}", n=3))
    with using("es"):
        assert words.said() == "Jugador 3"
    assert words.text == "Player 3" and pickle.loads(pickle.dumps(words)).said() == "Player 3"


def test_a_games_language_applies_unless_a_reader_chose_one() -> None:
    game = Freedom(players=2, seed=1, lang="es")
    assert game.lang == "es" and game.copy().lang == "es"
    game._prompt = lambda state: Prompt(0, _("Undo"), "X-1")  # type: ignore[method-assign]
    assert game.prompt.text == "Deshacer"
    with using("en"):
        assert game.prompt.text == "Undo"
    assert SlowFreight(players=2, seed=1, lang="es-MX").lang == "es"
    with pytest.raises(OptionError, match="'xx' is not a language"):
        Freedom(players=2, lang="xx")
    # never saved: a game saved in Spanish loads in English with the same digest
    loaded = Freedom.from_json(game.to_json())
    assert loaded.lang is None and loaded.digest() == game.digest()


def test_refusals_and_option_errors_in_the_readers_language() -> None:
    game = Freedom(players=2, seed=1)
    with using("es"), pytest.raises(OptionError) as refused:
        Freedom(players=9)
    assert str(refused.value) == ("opción 'players': debe ser un número entero de 1 a 4, no 9 "
                                  "[regla FR-SETUP-1]")
    with pytest.raises(OptionError, match=r"^option 'players': must be an integer from 1 to 4"):
        Freedom(players=9)
    with using("es"), pytest.raises(ValueError, match="no hay nada que deshacer"):
        game.undo()


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The package's default read again from the environment (and forgotten afterwards)."""
    monkeypatch.setattr(i18n, "_default", None)
    monkeypatch.delenv(i18n.LANG_ENV, raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    return monkeypatch


def test_the_default_language_from_the_environment(environment: pytest.MonkeyPatch) -> None:
    environment.setenv(i18n.LANG_ENV, "es")
    assert language() == "es"


def test_a_voila_pages_lang_parameter(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("QUERY_STRING", "code=ABCD&lang=es-MX")
    assert language() == "es"


def test_an_unknown_language_in_the_environment_is_english(
        environment: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    environment.setenv(i18n.LANG_ENV, "xx")
    assert language() == "en"
    assert "no catalog for the language 'xx'" in caplog.text
