"""The rules' own words, by rule ID, from the rule texts shipped inside the package.

The rule texts are Markdown files in ``freight_freedom/rules/`` (``docs/rules`` is a link to that
folder, so the docs site and the package read one source). They are package data, read with
:mod:`importlib.resources`, so a wheel, Binder and the browser-only site have every rule's words,
not only a checkout.

A rule is written in one of four ways, all read here:

- a table row whose first cell is the ID: ``| FR-SETUP-1 | Each player gets ... |``;
- a bullet opening with the ID in bold: ``- **SF-RULING-7 Ties.** A tie breaks ...`` (its
  indented lines go on with it);
- a heading with the ID: ``### FR-MAP-2 Plantations`` and the paragraph under it;
- a table row that ends with the ID in brackets:
  ``| `money` | ... | The player gains ... (FR-EFF-MONEY) |``.

A few IDs are not rules of a game but name where a change came from; they have words too
(:data:`NOT_GAME_RULES`).

A rule's words are in the reader's language (:func:`~.i18n.language`): a translated rulebook is
a folder named by the language beside the English files (``rules/es/freedom.md``), with the same
file names, rule IDs, headings and anchors (a heading's anchor is kept with an explicit
``{#anchor}``, which is not part of the rule's words). A rule, or a language, with no
translation is read in English.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from .i18n import N_, SOURCE, _, language

#: a rule ID: ``FR-ACT-1``, ``SF-RULING-7``, ``FR-EFF-MONEY``, ``FR-CARD-RESERVE``
ID = r"(?:FR|SF)-[A-Z0-9]+(?:-[A-Z0-9]+)*"

NOT_GAME_RULES = {
    # TRANSLATORS: what a rule chip says for a position a lesson set up outside the rules
    "SCENARIO": N_("The lesson set this position up on purpose, to show one rule at work."),
    # TRANSLATORS: what a rule chip says for the numbers a learning program is given
    "OBSERVATION": N_("What one seat may see of the game, as numbers for a learning program."),
}
"""IDs that events and refusals carry for changes made from outside the game's rules (in
English: :func:`rule_text` gives them in the reader's language)."""

_ROW = re.compile(rf"^\|\s*({ID})\s*\|\s*(.+?)\s*\|\s*$")
_ITEM = re.compile(rf"^- \*\*({ID})\b\s*(.*?)\*\*\s*(.*)$")
#: a heading's explicit anchor (``{#fr-map-2-plantations}``): a translation keeps the English one
_ANCHOR = r"(?:\s*\{#[^}]*\})?"
_HEADING = re.compile(rf"^#+\s+({ID})\s+(.*?){_ANCHOR}\s*$")
_TRAILING = re.compile(rf"^\|.*\|\s*([^|]+?)\s*\(({ID})\)\s*\|\s*$")
#: how sure the reconstruction of a component is, for its authors: ``(*certain*)``,
#: ``(*likely*: two sources ...)``, in Spanish ``(*seguro*)``, ``(*probable*: ...)``; not part of
#: a rule's words
_CERTAINTY = re.compile(
    r"\s*\(\*(?:certain|likely|assumed|seguro|probable|supuesto)\*[^)]*\)")


def _clean(text: str) -> str:
    text = _CERTAINTY.sub("", text).replace("\\|", "|").replace("`", "")
    return " ".join(text.split())


def _read(text: str, found: dict[str, str], cited: dict[str, str]) -> None:
    """Add the rules written in one Markdown file to ``found`` (the first wording of an ID),
    and to ``cited`` the rows that only end with an ID: a table of effect kinds defines its
    IDs that way, but a notation table (``| s:move TRAIN | move one of your trains
    (SF-MOVE-1) |``) only points at a rule written out elsewhere, which wins."""
    current: str | None = None  # a bullet or heading whose words go on in the next lines
    under_heading = False  # ``current`` is a heading: its first paragraph is its words
    in_paragraph = False
    for line in text.splitlines():
        row, item, head = _ROW.match(line), _ITEM.match(line), _HEADING.match(line)
        trailing = None if row else _TRAILING.match(line)
        if row or item or head or trailing:
            current, under_heading, in_paragraph = None, False, False
        if row:
            found.setdefault(row.group(1), row.group(2))
        elif trailing:
            cited.setdefault(trailing.group(2), trailing.group(1))
        elif item or head:
            rule = (item or head).group(1)  # type: ignore[union-attr]
            if rule in found:
                continue
            current, under_heading = rule, bool(head)
            found[rule] = (" ".join(x for x in item.group(2, 3) if x) if item
                           else head.group(2).rstrip(".") + ".")  # type: ignore[union-attr]
        elif current and under_heading:
            words = line.strip()
            if words and not words.startswith(("<!--", "|", "#", "---")):
                found[current] += " " + words
                in_paragraph = True
            elif in_paragraph or words.startswith(("|", "#")):
                current = None
        elif current and line.startswith("  ") and line.strip():
            found[current] += " " + line.strip()
        else:
            current = None


def _folder(lang: str) -> Traversable | None:
    """The folder of the rulebooks in ``lang`` (the English ones are ``rules`` itself);
    ``None`` when there is no rulebook in that language."""
    folder = resources.files("freight_freedom") / "rules"
    if lang != SOURCE:
        if not re.fullmatch(r"[A-Za-z]{2,3}(?:_[A-Za-z0-9]+)?", lang):  # a language code only
            return None
        folder = folder / lang
    return folder if folder.is_dir() else None


def rulebook_names() -> list[str]:
    """The file names of the English rulebooks (``freedom.md``, ...): a translation has the
    same names."""
    folder = _folder(SOURCE)
    assert folder is not None
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".md"))


def rulebook(name: str, lang: str = SOURCE) -> str | None:
    """The Markdown of the rulebook ``name`` in ``lang`` (``None`` if it is not translated)."""
    folder = _folder(lang)
    if folder is None or not (folder / name).is_file():
        return None
    return (folder / name).read_text(encoding="utf-8")


def written_ids(text: str) -> list[str]:
    """The rule IDs a rulebook's Markdown ``text`` writes a rule for, one per line that writes
    one (a table row, a bold bullet, a heading, a row ending in its ID), in order: a translation
    writes the same."""
    found = []
    for line in text.splitlines():
        match = _ROW.match(line) or _ITEM.match(line) or _HEADING.match(line)
        if match:
            found.append(match.group(1))
        elif trailing := _TRAILING.match(line):
            found.append(trailing.group(2))
    return found


def read_rules(text: str) -> dict[str, str]:
    """The rules written in one rulebook's Markdown ``text``: rule ID -> words."""
    found: dict[str, str] = {}
    cited: dict[str, str] = {}
    _read(text, found, cited)
    return {rule: _clean(words) for rule, words in {**cited, **found}.items()}


@cache
def _texts_in(lang: str) -> dict[str, str]:
    """Every rule ID written in the rulebooks of ``lang`` -> its words (only those)."""
    found: dict[str, str] = {}
    cited: dict[str, str] = {}
    for name in rulebook_names():
        text = rulebook(name, lang)
        if text is not None:
            _read(text, found, cited)
    return {rule: _clean(text) for rule, text in {**cited, **found}.items()}


@cache
def _texts(lang: str) -> dict[str, str]:
    english = _texts_in(SOURCE)
    if lang == SOURCE:
        return english
    # a regional language (es_MX) reads its own rulebooks, else the language's (es), else English
    own = {**_texts_in(lang.split("_")[0]), **_texts_in(lang)}
    return {rule: own.get(rule, words) for rule, words in english.items()}


def rule_texts(lang: str | None = None) -> dict[str, str]:
    """Every rule ID of both games -> its words (plain text, Markdown emphasis kept), in
    ``lang`` (default: the language words are put in now), each rule with no translation in
    English. The IDs are the same in every language."""
    return _texts(language() if lang is None else lang)


def rule_text(rule: str) -> str:
    """The words of ``rule`` (a rule ID, or one of :data:`NOT_GAME_RULES`), in the reader's
    language.

    Raises ``KeyError`` for an ID with no words: a test checks that every ID the package cites
    has them, so no chip a student opens is ever empty.
    """
    if rule in NOT_GAME_RULES:
        return _(NOT_GAME_RULES[rule])
    return rule_texts()[rule]


def cited_ids(text: str) -> set[str]:
    """The rule IDs cited in ``text``; a family written as ``FR-TOK-*`` is not an ID."""
    return {m.group(0) for m in re.finditer(rf"\b{ID}\b(?![-*{{])", text)}
