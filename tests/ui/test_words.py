"""Every choice in words a student knows: no internal ids, no Python reprs, no raw lists, no
rule codes.

Many seeded random games of both engines are walked decision by decision; at every decision the
labels the app shows for the legal actions (the same hooks the action panel uses: the game's
``describe``, then its on-screen ``words``), the prompt, every new log line and at the end the
outcome and the "Now playing" summary are checked against a list of developer words (issue 19:
``rule FR-ACT-1``, ``SCENARIO`` and Slow Freight's ``t1``-``t17`` are not for students).
Labels of different legal actions at one decision must differ: a student cannot choose between
two identical buttons.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.ui.adapter import ui_for

DEVELOPER_WORDS = re.compile(
    r"_\d|market_\d+|slot \d|\[|\]|Outcome\(|<Freedom|<SlowFreight|Player 0\b|\bseat \d"
    r"|\b[a-z]+_[a-z]+\b"  # snake_case ids such as new_york, david_walker, buy_support
    r"|\b(?:FR|SF)-[A-Z]|\bSCENARIO\b"  # rule codes (the rule's text is a click away)
    r"|\bt\d+\b|\btrain\d|\bclock\d"  # Slow Freight's train and Movement card ids
)


def _clean(text: str, where: str) -> None:
    bad = DEVELOPER_WORDS.search(text)
    assert bad is None, f"{where} shows developer words {bad.group(0)!r}: {text!r}"


def _walk(game: Any, rng: random.Random, limit: int) -> int:
    ui = ui_for(game)
    seen_log = 0
    decisions = 0
    words = ui.words
    _clean(repr(game), "the game summary")
    while not game.is_over and decisions < limit:
        legal = game.legal_actions()
        labels = [words(ui.describe(game, a)) for a in legal]
        for label in labels:
            _clean(label, "an action label")
        dupes = {x for x in labels if labels.count(x) > 1}
        assert not dupes, f"identical choices at one decision: {sorted(dupes)}"
        _clean(words(game.prompt.text), "the prompt")
        for line in ui.unavailable(game.view()):
            _clean(words(line), "a 'not available' line")
        game.apply(rng.choice(legal))
        decisions += 1
        for event in game.log[seen_log:]:
            _clean(words(event.text), "a log line")
        seen_log = len(game.log)
    if game.is_over:
        _clean(words(ui.outcome(game)), "the outcome")
        _clean(words(game.prompt.text), "the final prompt")
    _clean(repr(game), "the game summary")
    return decisions


@pytest.mark.parametrize("seed", range(6))
def test_freedom_words(seed: int) -> None:
    players = 1 + seed % 4
    game = Freedom(players=players, seed=seed, optional_scoring=bool(seed % 2))
    _walk(game, random.Random(seed), 4000)


@pytest.mark.parametrize("seed", range(8))
def test_slow_freight_words(seed: int) -> None:
    game = SlowFreight(players=2 + seed % 3, seed=seed)
    _walk(game, random.Random(seed), 4000)
    assert game.is_over


def _visible(html_text: str) -> str:
    """The text a reader sees without opening anything: tags, tooltips and the bodies of closed
    ``<details>`` (a rule's text, a click away) taken out."""
    text = re.sub(r"<details\b[^>]*>\s*<summary\b[^>]*>(.*?)</summary>.*?</details>", r" \1 ",
                  html_text, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)


def _play(game: Any) -> Any:
    from freight_freedom.freedom.bots import HeuristicBot
    from freight_freedom.slowfreight.bots import GreedyBot

    bot = HeuristicBot() if isinstance(game, Freedom) else GreedyBot(1)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game


def test_the_prompt_says_what_to_do_in_words_with_the_rule_a_click_away() -> None:
    """FR-CATCH-1 (the first decision): its text opens from "the rule"; no code is read."""
    from freight_freedom.ui.app import GameApp
    from freight_freedom.ui.rule_words import student_rule_text

    app = GameApp(Freedom(players=2, seed=2024))
    shown = app.prompt.value + app.rule.value
    assert app.game.prompt.rule == "FR-CATCH-1"
    assert DEVELOPER_WORDS.search(_visible(shown)) is None, _visible(shown)
    assert "roll" in _visible(app.prompt.value)  # what to do, in words
    assert "The rule for this decision" in _visible(app.rule.value)  # under the choices
    body = student_rule_text("FR-CATCH-1")
    assert body is not None and "roll action" not in body
    assert html.escape(body) in app.rule.value  # the rule in a student's words, as a lesson's
    column = list(app.column.children)  # the choices come first in the tab order
    assert column.index(app.actions.widget) < column.index(app.rule)
    log = app.log_view.html.value
    assert DEVELOPER_WORDS.search(_visible(log)) is None, _visible(log)


def test_game_over_screens_say_turn_or_round_and_explain_the_score() -> None:
    from freight_freedom.ui.app import GameApp

    sf = GameApp(_play(SlowFreight(players=3, seed=2024)))
    seen = _visible(sf.prompt.value)
    assert f"Turn {sf.game.round} · game over" in html.unescape(seen), seen
    assert "phase" not in seen and "Round" not in seen
    assert "max-height" not in sf.side.value  # the final score table is not in a scroll box
    assert "drawn on the map" not in sf.recent.value
    fr = GameApp(_play(Freedom(players=2, seed=2024)))
    seen = html.unescape(_visible(fr.prompt.value))
    score = fr.game.outcome.score
    assert f"Round {fr.game.round} · game over" in seen
    assert "phase" not in fr.figure.layout.title.text and "game over" in fr.figure.layout.title.text
    assert "game over<br>" in fr.side.value
    # FR-SCORE-1: each part of the score is said, with what it counts
    assert f"Score {score.total} (the rulebook's optional score" in seen
    assert f"{score.freed_points} for {fr.game.outcome.freed} people freed (2 each)" in seen


def test_the_state_tab_shows_no_ids_or_raw_lists() -> None:
    """Held tokens (``c1_1x2``), Support left (``[0, 0, 0]``), Slave Market cards, trains and
    Bonus chips are named in words, all through a game."""
    rng = random.Random(5)
    for game in (Freedom(players=2, seed=3), SlowFreight(players=3, seed=3)):
        held = False
        while not game.is_over:
            for name, table in ui_for(game).tables(game.view()).items():
                for row in table.rows:
                    for cell in row:
                        _clean(str(cell), f"the State tab's {name} table")
            if isinstance(game, Freedom):
                held = held or any(game.state.held)
            game.apply(rng.choice(game.legal_actions()))
        assert held or isinstance(game, SlowFreight)
