"""Every choice in words a student knows: no internal ids, no Python reprs, no raw lists.

Many seeded random games of both engines are walked decision by decision; at every decision the
labels the app shows for the legal actions (the same hook the action panel uses), the prompt, every
new log line and at the end the outcome and the "Now playing" summary are checked against a list
of developer words. Labels of different legal actions at one decision must differ: a student
cannot choose between two identical buttons.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.ui.adapter import ui_for

DEVELOPER_WORDS = re.compile(
    r"_\d|market_\d+|slot \d|\[|\]|Outcome\(|<Freedom|<SlowFreight|Player 0\b|\bseat \d"
    r"|\b[a-z]+_[a-z]+\b"  # snake_case ids such as new_york, david_walker, buy_support
)


def _clean(text: str, where: str) -> None:
    bad = DEVELOPER_WORDS.search(text)
    assert bad is None, f"{where} shows developer words {bad.group(0)!r}: {text!r}"


def _walk(game: Any, rng: random.Random, limit: int) -> int:
    ui = ui_for(game)
    seen_log = 0
    decisions = 0
    _clean(repr(game), "the game summary")
    while not game.is_over and decisions < limit:
        legal = game.legal_actions()
        labels = [ui.describe(game, a) for a in legal]
        for label in labels:
            _clean(label, "an action label")
        dupes = {x for x in labels if labels.count(x) > 1}
        assert not dupes, f"identical choices at one decision: {sorted(dupes)}"
        _clean(game.prompt.text, "the prompt")
        for line in ui.unavailable(game):
            _clean(line, "a 'not available' line")
        game.apply(rng.choice(legal))
        decisions += 1
        for event in game.log[seen_log:]:
            _clean(event.text, "a log line")
        seen_log = len(game.log)
    if game.is_over:
        _clean(str(game.outcome), "the outcome")
        _clean(game.prompt.text, "the final prompt")
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
