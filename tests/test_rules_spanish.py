"""The rulebooks in Spanish (``freight_freedom/rules/es/``) and the rule lookups that read them.

- Each English rulebook has its Spanish one, with the same file name, the same rule IDs (each
  rule written exactly once, none extra), the same IDs cited in its text, and the same headings
  with the same anchors (a Spanish heading keeps the English anchor with ``{#anchor}``), so a link
  to a rule's section works in both languages.
- Under ``using("es")`` a rule's words (the rule chip of the app and of the lessons) are Spanish,
  the student wordings (:data:`~freight_freedom.ui.rule_words.STUDENT_WORDS`) come from the
  catalog, and none holds code; in English every lookup is what it was; a rule or a language with
  no translation falls back to English.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from freight_freedom.core import rulebook
from freight_freedom.core.i18n import using
from freight_freedom.core.rulebook import (
    ID,
    NOT_GAME_RULES,
    read_rules,
    rule_text,
    rule_texts,
    rulebook_names,
    written_ids,
)
from freight_freedom.ui.rule_words import STUDENT_WORDS, rule_details, student_rule_text

NAMES = rulebook_names()


def _english(name: str) -> str:
    text = rulebook.rulebook(name)
    assert text is not None
    return text


def _spanish(name: str) -> str:
    text = rulebook.rulebook(name, "es")
    assert text is not None, f"rules/es/{name} is missing"
    return text


def _mentions(text: str) -> Counter[str]:
    return Counter(m.group(0) for m in re.finditer(rf"\b{ID}\b(?![-*{{])", text))


def test_every_rulebook_has_its_spanish_one() -> None:
    assert NAMES == ["freedom.md", "freedom_card_effects.md", "freedom_cards.md",
                     "freedom_components.md", "slow_freight.md"]
    for name in NAMES:
        _spanish(name)


@pytest.mark.parametrize("name", NAMES)
def test_each_rule_id_has_exactly_one_spanish_counterpart(name: str) -> None:
    english, spanish = _english(name), _spanish(name)
    written = Counter(written_ids(spanish))
    assert written == Counter(written_ids(english))
    assert set(read_rules(spanish)) == set(read_rules(english))
    rules = set(read_rules(english))
    assert rules and all(written[rule] >= 1 for rule in rules)
    # a rule written twice in English (a notation row pointing at it) is so in Spanish; every
    # other rule exactly once
    assert {r for r, n in written.items() if n > 1} == {
        r for r, n in Counter(written_ids(english)).items() if n > 1}
    # and the text around the rules cites the same IDs as often
    assert _mentions(spanish) == _mentions(english)


@pytest.mark.parametrize("name", NAMES)
def test_the_headings_and_their_anchors_are_the_english_ones(name: str) -> None:
    markdown = pytest.importorskip("markdown")

    def headings(text: str) -> list[tuple[int, str]]:
        md = markdown.Markdown(extensions=["toc", "attr_list", "tables"])
        md.convert(text)
        found: list[tuple[int, str]] = []

        def walk(tokens: list[dict]) -> None:  # type: ignore[type-arg]
            for token in tokens:
                found.append((token["level"], token["id"]))
                walk(token["children"])

        walk(md.toc_tokens)
        return found

    assert headings(_spanish(name)) == headings(_english(name))


def test_every_rule_reads_in_spanish_and_no_rule_reads_the_same_as_in_english() -> None:
    english, spanish = rule_texts("en"), rule_texts("es")
    assert spanish.keys() == english.keys()
    same = {rule for rule, words in spanish.items() if words == english[rule]}
    assert same == set()
    # what the authors' certainty marks were in English are not a rule's words in Spanish either
    assert "*probable*" not in spanish["FR-MAP-2"] and "*seguro*" not in spanish["FR-TOK-1"]
    assert spanish["FR-MAP-2"].startswith("Plantaciones. Tres casillas de plantación.")


def test_a_lookup_under_spanish_reads_the_spanish_rulebook() -> None:
    with using("es"):
        assert rule_text("SF-RULING-7").startswith(
            "Los trenes siguen siendo válidos mientras crecen.")
        assert rule_text("FR-SETUP-1").startswith("Cada jugador recibe una carta de Rol")
        assert rule_text("FR-EFF-MONEY") == "El jugador gana $amount."
        assert rule_texts() == rule_texts("es")
        chip = rule_details("FR-MOVE-3")
        assert "Las ciudades pequeñas admiten 1 persona" in chip and ">la regla<" in chip
        for rule in NOT_GAME_RULES:
            assert rule_text(rule) != NOT_GAME_RULES[rule]
            assert rule_text(rule) in rule_details(rule)


def test_english_lookups_are_unchanged() -> None:
    with using("en"):
        assert rule_texts() == rule_texts("en")
        assert rule_text("SF-RULING-7").startswith("Trains stay valid while they grow.")
        assert rule_text("FR-EFF-MONEY") == "The player gains $amount."
        assert rule_text("SCENARIO") == NOT_GAME_RULES["SCENARIO"]
        for rule, words in STUDENT_WORDS.items():
            assert student_rule_text(rule) == words
    assert rule_texts()["FR-SETUP-1"].startswith("Each player gets one Role card")


@pytest.fixture
def without_spanish_rule(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The Spanish Slow Freight rulebook as if SF-RULING-8 had no translation yet."""
    real = rulebook.rulebook

    def rulebook_without(name: str, lang: str = "en") -> str | None:
        text = real(name, lang)
        if text is not None and lang == "es" and name == "slow_freight.md":
            text = "\n".join(line for line in text.splitlines()
                             if not line.startswith("- **SF-RULING-8"))
        return text

    monkeypatch.setattr(rulebook, "rulebook", rulebook_without)
    rulebook._texts_in.cache_clear()
    rulebook._texts.cache_clear()
    yield "SF-RULING-8"
    monkeypatch.undo()
    rulebook._texts_in.cache_clear()
    rulebook._texts.cache_clear()


def test_a_rule_with_no_translation_falls_back_to_english(without_spanish_rule: str) -> None:
    rule = without_spanish_rule
    with using("es"):
        assert rule_text(rule) == rule_texts("en")[rule]
        assert rule_text(rule).startswith("A pass that draws the last Clock")
        assert rule_text("SF-RULING-7").startswith("Los trenes siguen")  # the others in Spanish


def test_a_language_with_no_rulebooks_reads_english() -> None:
    assert rule_texts("xx") == rule_texts("en")
    assert rule_texts("es_MX") == rule_texts("es")  # a regional language reads the language's


def test_student_words_in_spanish_come_from_the_catalog_without_code() -> None:
    with using("es"):
        for rule, words in STUDENT_WORDS.items():
            spanish = student_rule_text(rule)
            assert spanish and spanish != words, rule
            assert spanish.endswith("."), rule
            assert not re.search(r"\b(?:FR|SF)-[A-Z0-9]|`|\b[a-z]+_[a-z_]+\b", spanish), rule
            assert words.count("**") == spanish.count("**"), rule


def _cited_rules() -> set[str]:
    from freight_freedom.lessons import LESSONS, lesson
    from freight_freedom.lessons.model import all_rules
    from freight_freedom.lessons.puzzles import puzzles

    found = {rule for name in LESSONS for rule in all_rules(lesson(name))}
    return found | {rule for p in puzzles() for rule in p.rules}


def test_every_rule_a_lesson_cites_opens_to_spanish_words_without_code() -> None:
    from freight_freedom.lessons.text import citations

    code = re.compile(r"\b(?:FR|SF)-[A-Z0-9]|`|\b[a-z]+_[a-z_]+\b|\]\(|\w=|\bt\d+\b")
    cited = _cited_rules()
    assert len(cited) > 60
    with using("es"):
        for rule in sorted(cited):
            body = student_rule_text(rule)
            assert body and body != rule_texts("en").get(rule), rule
            assert not code.search(body), (rule, body)
            shown = html.unescape(re.sub(r"<[^>]+>", "", citations([rule])))
            assert body.replace("*", "") in shown.replace("*", ""), rule


def test_the_app_shows_the_rule_in_spanish() -> None:
    """The Spanish reaches the screen: the app's "the rule" under the choices opens to the
    Spanish student words; in English to the English ones."""
    from freight_freedom import Freedom
    from freight_freedom.ui.app import GameApp

    app = GameApp(Freedom(players=2, seed=2024), lang="es")
    assert app.game.prompt.rule == "FR-CATCH-1"
    with using("es"):
        spanish = student_rule_text("FR-CATCH-1")
    assert spanish and spanish.startswith("El Jugador inicial tira los dos dados.")
    assert html.escape(spanish) in app.rule.value
    assert "La regla de esta decisión" in app.rule.value
    english = GameApp(Freedom(players=2, seed=2024), lang="en")
    assert html.escape(STUDENT_WORDS["FR-CATCH-1"]) in english.rule.value


def test_the_spanish_rulebooks_are_package_data() -> None:
    """A wheel carries ``rules/es/*.md`` (pyproject's package-data), so an installed package,
    Binder and the browser-only site read the rules in Spanish too."""
    import tomllib
    from pathlib import Path

    def matches(path: str, pattern: str) -> bool:  # as setuptools globs: "*" stays in a folder
        regex = "".join("(?:.*/)?" if part == "**/" else "[^/]*" if part == "*" else
                        re.escape(part) for part in re.split(r"(\*\*/|\*)", pattern))
        return re.fullmatch(regex, path) is not None

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    patterns = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["freight_freedom"]
    assert matches("rules/freedom.md", "rules/*.md") and not matches("rules/es/x.md", "rules/*.md")
    for name in NAMES:
        assert any(matches(f"rules/es/{name}", p) for p in patterns), (
            f"pyproject.toml's package-data of freight_freedom lacks rules/es/*.md ({patterns})")
