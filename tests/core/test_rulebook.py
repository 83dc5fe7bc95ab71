"""Every rule ID the package cites has its words, read from the package's own rule texts.

The rule texts are package data (``freight_freedom/rules/*.md``), so what a chip shows in a
checkout is what it shows from a wheel, on Binder and in the browser-only site
(``tests/test_install.py`` reads them from an installed wheel).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from freight_freedom.core import registry
from freight_freedom.core.rulebook import NOT_GAME_RULES, cited_ids, rule_text, rule_texts
from freight_freedom.lessons.text import citations
from freight_freedom.ui.rule_words import rule_details

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "freight_freedom"


def _words(rule: str) -> str:
    try:
        return rule_text(rule)
    except KeyError:
        return ""


def test_the_docs_read_the_package_rule_texts() -> None:
    """One source: ``docs/rules`` is the package's folder, not a copy of it."""
    assert (ROOT / "docs" / "rules").resolve() == (PACKAGE / "rules").resolve()
    assert sorted(p.name for p in (PACKAGE / "rules").glob("*.md")) == [
        "freedom.md", "freedom_card_effects.md", "freedom_cards.md", "freedom_components.md",
        "slow_freight.md"]


def test_each_way_a_rule_is_written_is_read() -> None:
    """A table row (FR-SETUP-1), a bold bullet (SF-RULING-7), a heading with its first paragraph
    (FR-MAP-2) and a table row ending in its ID (FR-EFF-MONEY)."""
    texts = rule_texts()
    assert texts["FR-SETUP-1"].startswith("Each player gets one Role card")
    assert texts["SF-RULING-7"].startswith("Trains stay valid while they grow.")
    assert texts["FR-MAP-2"].startswith("Plantations. Three plantation spaces.")
    assert "*certain*" not in texts["FR-TOK-1"] and "*likely*" not in texts["FR-MAP-2"]
    assert texts["FR-EFF-MONEY"] == "The player gains $amount."
    assert len(texts) > 200


def test_every_rule_id_written_in_the_package_has_words() -> None:
    """Events, refusals, prompts, options, lessons, puzzles, card data and notebooks: every ID
    written anywhere in them (a family written ``FR-TOK-*`` is not an ID)."""
    files = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.json"), *(ROOT / "notebooks").rglob(
        "*.ipynb")]
    cited: dict[str, str] = {}
    for path in files:
        for rule in cited_ids(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, str(path.relative_to(ROOT)))
    assert len(cited) > 150
    missing = {rule: where for rule, where in cited.items() if not _words(rule)}
    assert missing == {}


@pytest.mark.parametrize("game", registry.names())
def test_every_rule_met_in_play_has_words(game: str) -> None:
    """Whole random games at every player count: each event's and each prompt's rule, and
    every declared option's rule."""
    entry = registry.game_entry(game)
    cls = entry.game_class()
    met: set[str] = {o.rule for o in entry.option_spec() if o.rule}
    spec = {o.name: o for o in entry.option_spec()}
    low, high = spec["players"].lo or 1, spec["players"].hi or 4
    for players in range(low, high + 1):
        g = cls(players=players, seed=players)
        rng = random.Random(players)
        for _ in range(3000):
            if g.is_over:
                break
            met.add(g.prompt.rule)
            for event in g.apply(rng.choice(g.legal_actions())):
                met.add(event.rule)
    assert {rule for rule in met if not _words(rule)} == set()


def test_a_chip_shows_the_rules_words_and_an_unknown_id_shows_nothing() -> None:
    chip = citations(["SF-RULING-7"])
    assert "Trains stay valid while they grow" in chip and "docs/rules" not in chip
    assert citations(["FR-NO-SUCH-1"]) == ""
    assert "<details" not in rule_details("FR-NO-SUCH-1")  # its ID in a tooltip, no link
    assert "Trains stay valid" in rule_details("SF-RULING-7")
    for rule, words in NOT_GAME_RULES.items():
        assert words in rule_details(rule)
