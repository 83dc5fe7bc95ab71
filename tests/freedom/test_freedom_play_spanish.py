"""Freedom's play screens in Spanish: what the verbs, the decisions, the view, the app's panels and
the map put on a student's screen, read ``with using("es")``.

Positions come from random games of 2, 3 and 4 players that pass through every phase and every
kind of pending decision (moving people, a Slave Catcher's move, the Slave Market's deliveries,
a Queue removal, a discounted Support token, a capture, a Reserve card against the roll). At
each, the view's prompt (a pending decision's), the choices' words and the events the verbs and
decisions made are Spanish and hold none of a list of English words, once the components' names
(which the data's own catalog translates, or keeps as they are) are taken out; the refusal of
an illegal action is Spanish too. The same moves played under Spanish log the same English
texts (``event.text``). The Freedom app (``lang="es"``, headless) draws its panels, tables and
the map's hover texts, key and titles in Spanish, and back in English from the language menu.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from freight_freedom import Freedom
from freight_freedom.core.action import Action
from freight_freedom.core.errors import IllegalAction
from freight_freedom.core.i18n import using
from freight_freedom.core.say import shown
from freight_freedom.freedom.text import Colour

#: English words no Spanish screen of these files may show (whole words, names taken out; the
#: action notation's verbs, "move" or "buy", stay English in every language)
ENGLISH = re.compile(
    r"\b(the|Player|moves|buys|plays|takes|chooses|choose|token|tokens|card|cards|person|"
    r"people|from|Queue|Catchers?|space|spaces|or|and|with|to|Benefit|Ability|round|phase|"
    r"Period|Support|Reserve|free|lost|money|grey|Opposition|income|turn|each|more|stops|"
    r"declines|cannot|enough|you|your|leaves|removes|passes|ends|rolls|keeps|Freed|Lost|"
    r"click|here|of|at|in|on)\b")
#: Spanish words every Spanish sentence of these screens holds at least one of
SPANISH = re.compile(r"\b(de|del|la|las|el|los|una|un|por|en|Jugador|no|y|o|a|al|su|se|es|que|con|"
                     r"para)\b")

#: the kinds of events the verbs and decisions make (the phases' and effects' are another
#: area's: tests/freedom/test_freedom_rules_spanish.py)
MY_EVENTS = {"RoleUsed", "CardBought", "ReserveCard", "CardResolved", "PersonDelivered",
             "TokenPlayed", "FundsRaised", "WalkerRolled", "CatcherRolled", "CatcherExtra",
             "Passed", "TokenBought"}
#: the rules of the events the decisions and the Planning/Action verbs make as SeatActs
MY_SEAT_RULES = {"FR-PLAN-1", "FR-ACT-1", "FR-CARD-6", "FR-MOVE-1", "FR-EFF-CATCHER-MOVE",
                 "FR-EFF-QUEUE-REMOVE", "FR-EFF-SUPPORT"}

GAMES = [(1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 4)]  # (seed, players): every decision kind


def names(game: Freedom) -> list[str]:
    """Every component's words a screen shows (spaces, states, notes, cards, roles, colours) in
    the current language, longest first: what the data's catalog says, not these files."""
    ctx = game.ctx
    out: set[str] = set()
    for s in ctx.board.spaces.values():
        out |= {s.name, s.state, s.note}
        if s.kind == "plantation":
            out.add(s.name.replace(" Plantations", ""))
    for card in ctx.cards.cards:
        out |= {card.name, card.text, card.note, card.year}
    for role in ctx.roles.values():
        out |= {role.name, role.special_text, role.history}
    words = {shown(w) for w in out if w} | {str(Colour(c)) for c in ctx.paths}
    return sorted(words, key=len, reverse=True)


def english_in(text: str, taken_out: list[str]) -> list[str]:
    """The English words of :data:`ENGLISH` in ``text`` once the names are taken out."""
    for name in taken_out:
        text = text.replace(name, " ")
    return ENGLISH.findall(text)


def assert_spanish(text: str, taken_out: list[str], what: str) -> None:
    assert text, what
    found = english_in(text, taken_out)
    assert not found, f"{what}: English {found} in {text!r}"
    rest = text
    for name in taken_out:
        rest = rest.replace(name, " ")
    assert SPANISH.search(rest), f"{what}: no Spanish in {text!r}"


def mine(event: Any) -> bool:
    kind = type(event).__name__
    return kind in MY_EVENTS or (kind == "SeatActs" and event.rule in MY_SEAT_RULES) or (
        kind == "CardDiscarded" and event.rule == "FR-EFF-QUEUE-REMOVE") or (
        kind == "Note" and event.rule == "FR-OPT-2")


def positions(seed: int, players: int) -> Iterator[Freedom]:
    """The positions of a random game that keeps doing things (it buys, plays and moves more
    often than it passes or stops), to its end; the game itself, position after position."""
    game = Freedom(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        legal = game.legal_actions()
        busy = [a for a in legal if a.kind not in ("pass", "end", "done", "stop", "skip",
                                                   "decline")]
        game.apply(rng.choice(busy if busy and rng.random() < 0.8 else legal))
    yield game


#: actions tried at every position checked: the illegal ones are refused in Spanish
TRIES: list[tuple[str, tuple[int | str, ...]]] = [
    ("card", (9,)), ("card", (1,)), ("buy", ("nope",)), ("buy", ("c3_3x2",)),
    ("play", ("nope",)), ("move", ("nowhere", "elsewhere")), ("move", ("cincinnati", "columbus")),
    ("pass", ()), ("end", ()), ("benefit", ()), ("special", ()), ("support", ()),
    ("reserve", ()), ("remove", (1,)), ("catcher", ("red", "cairo")), ("buy_support", ()),
    ("capture", ("cairo",)), ("deliver", ("boston",)), ("roll", ())]


def check_refusals(game: Freedom, taken_out: list[str], seen: set[str]) -> None:
    seat = game.to_move
    assert seat is not None
    for kind, args in TRIES:
        action = Action(seat, kind, args)
        if game.is_legal(action):
            continue
        with using("es"), pytest.raises(IllegalAction) as err:
            game.check(action)
        reason = err.value.reason
        assert_spanish(reason, taken_out, f"refusal of {action}")
        assert "regla" in str(err.value)
        seen.add(err.value.rule)


@pytest.mark.parametrize(("seed", "players"), GAMES, ids=[f"{p}p-seed{s}" for s, p in GAMES])
def test_views_choices_events_and_refusals_are_spanish(seed: int, players: int) -> None:
    checked: dict[tuple[str, str], int] = {}
    rules: set[str] = set()
    taken_out: list[str] = []
    for game in positions(seed, players):
        if not taken_out:
            with using("es"):
                taken_out = names(game)
        st = game.state
        key = (st.turn_ctx.phase, st.pending[-1].kind if st.pending else "-")
        if checked.get(key, 0) >= 3 and not game.is_over:
            continue  # a few positions of each phase and decision kind
        checked[key] = checked.get(key, 0) + 1
        seat = game.to_move
        with using("es"):
            view = game.view(seat)
        if game.is_over:
            assert view.outcome and view.outcome.startswith("Los jugadores")
            assert_spanish(view.outcome, taken_out, "outcome")
            continue
        if st.pending:  # the decisions' own prompts (the phases' are game.py's)
            assert_spanish(view.prompt, taken_out, f"prompt of {key}")
        for choice in view.choices:
            assert_spanish(choice.words, taken_out, f"choice {choice.action}")
            assert choice.words.startswith("Jugador "), choice.words
        recent = [e for e in game.log[-40:] if mine(e)]
        with using("es"):
            for event in recent:
                assert_spanish(event.said(), taken_out, f"event {type(event).__name__}")
        for reason in view.unavailable:
            assert_spanish(reason, taken_out, "a choice not offered now")
        for card in view.queue:  # "$3", "$3 ($2 + $1 Oposición)", "no se puede comprar"
            if card is not None:
                assert not english_in(card.price_words, taken_out), card.price_words
        for player in view.players:
            if player.special_when:
                assert_spanish(player.special_when, taken_out, "when the Special Ability is used")
        check_refusals(game, taken_out, rules)
    kinds = {kind for _phase, kind in checked}
    assert kinds >= {"-", "move"}, kinds
    assert {"FR-ACT-5", "FR-PLAN-2"} & rules or {"FR-MOVE-1"} & rules, rules


def test_every_decision_kind_and_phase_was_seen() -> None:
    """The games above reach every kind of decision and every phase with a decision."""
    kinds: set[str] = set()
    phases: set[str] = set()
    for seed, players in GAMES:
        for game in positions(seed, players):
            st = game.state
            phases.add(st.turn_ctx.phase)
            if st.pending:
                kinds.add(st.pending[-1].kind)
    assert kinds == {"move", "catcher_move", "queue_remove", "support_offer", "capture_choice",
                     "reaction"}
    assert phases >= {"catcher", "planning", "action", "market"}


def test_the_same_moves_under_spanish_log_the_same_english() -> None:
    """Events are kept in English whoever's language they are made under (saves, replays)."""
    english = Freedom(players=3, seed=2)
    rng = random.Random(2)
    actions = []
    for _ in range(150):
        if english.is_over:
            break
        action = rng.choice(english.legal_actions())
        actions.append(action)
        english.apply(action)
    spanish = Freedom(players=3, seed=2)
    with using("es"):
        for action in actions:
            spanish.apply(action)
        said = [e.said() for e in spanish.log]
    assert [e.text for e in spanish.log] == [e.text for e in english.log]
    assert said != [e.text for e in english.log]
    assert any(text.startswith("Jugador ") for text in said)


def test_words_of_each_verb_and_decision_in_spanish() -> None:
    """A few exact Spanish texts: a choice, a prompt with its source, a refusal, an event."""
    game = Freedom(players=2, seed=4, roles=("Conductor", "Preacher"))
    with using("es"):
        assert game.describe(Action(0, "roll", ())) == (
            "Jugador 1 tira los dados del Cazador de esclavos y de Movimiento")
        events = game.apply("0:roll")
        assert events[0].said().startswith("Jugador 1 saca ")
        assert events[0].text.startswith("Player 1 rolls ")
    while game.phase != "Planning":
        game.apply(game.legal_actions()[0])
    with using("es"), pytest.raises(IllegalAction) as err:
        game.check(Action(game.to_move or 0, "buy", ("c3_3x2",)))
    assert err.value.reason == "el Período 3 aún no está activo"
    with using("es"), pytest.raises(IllegalAction) as err:
        game.check(Action(game.to_move or 0, "buy", ("nope",)))
    assert err.value.reason == "pila de fichas desconocida: 'nope'"
    seat = game.to_move or 0
    game.apply(Action(seat, "buy", ("c1_2x1",)))
    with using("es"):
        assert game.log[-1].said() == (f"Jugador {seat + 1} compra una ficha de Conductor "
                                       "(2 personas x 1 casilla, $2) por $2.")


def visible(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


def figure_texts(fig: Any) -> list[str]:
    out = [visible(str(fig.layout.title.text))]
    for trace in fig.data:
        if trace.name in ("key labels", "panel titles"):
            out += [visible(t) for t in trace.text]
        if trace.hovertext is not None and not isinstance(trace.hovertext, str):
            out += [visible(str(t)) for t in trace.hovertext if t]
    return out


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_freedom_app_draws_in_spanish() -> None:
    pytest.importorskip("plotly")
    from freight_freedom.ui.display import app_for

    game = Freedom(players=3, seed=3)
    rng = random.Random(3)
    while game.state.turn_ctx.phase != "action" or any(
            a.kind == "move" for a in game.legal_actions()) or not game.state.held[
            game.to_move or 0]:
        game.apply(rng.choice(game.legal_actions()))
        if game.is_over:  # pragma: no cover - the seed reaches an Action turn with a token
            pytest.fail("no Action turn with a held token")
    app = app_for(game, lang="es", seats=["Human"] * 3)
    with using("es"):
        taken_out = names(game)
    texts = figure_texts(app.figure)
    assert len(texts) > 60
    for text in texts:
        if text.strip():
            assert not english_in(text, taken_out), text
    keys = [t for tr in app.figure.data if tr.name == "key labels" for t in tr.text]
    assert keys[0] == "personas (número)"
    side = visible(app.side.value)
    assert "Fila abolicionista" in side and "Tablero de fichas" in side and "Beneficio:" in side
    assert not english_in(side, taken_out), english_in(side, taken_out)
    with using("es"):
        tables = app.ui.tables(app.view)
        summary = app.ui.summary(app.view)
        steps = app.ui.two_step
    assert "Resumen" in tables and "Fila abolicionista" in tables
    for table in tables.values():
        for column in table.columns:
            assert not english_in(str(column), taken_out), column
    for label, value in summary:
        assert not english_in(f"{label} {value}", taken_out), (label, value)
    assert steps["move"].first == "Desde" and "haz clic" in steps["move"].hint
    # a click on a space no choice starts or ends at (as the browser's click comes: through
    # the app's guard, in its language): the message in Spanish
    legal = {c.dest for c in app.view.choices} | {c.origin for c in app.view.choices}
    space = next(s for s in game.ctx.board.spaces if s not in legal)
    app.errors.guard(app.click_figure)("spaces", space)
    note = visible(app.map_note.value)
    assert "no es una opción válida ahora" in note, note
    # the play's first choice applied: the events of the verbs are in the app's Spanish log
    app.actions.press(game.legal_actions()[0])
    assert not app.errors.text
    # and the language menu draws the map's words in English again
    app.language_menu.value = "en"
    keys = [t for tr in app.figure.data if tr.name == "key labels" for t in tr.text]
    assert keys[0] == "people (count)"
    assert "Abolitionist Queue" in visible(app.side.value)
    hover = next(tr for tr in app.figure.data if tr.name == "key catcher letters").hovertext
    assert hover[0].endswith(" Slave Catcher")
