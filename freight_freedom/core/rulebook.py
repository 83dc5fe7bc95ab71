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
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

#: a rule ID: ``FR-ACT-1``, ``SF-RULING-7``, ``FR-EFF-MONEY``, ``FR-CARD-RESERVE``
ID = r"(?:FR|SF)-[A-Z0-9]+(?:-[A-Z0-9]+)*"

NOT_GAME_RULES = {
    "SCENARIO": "The lesson set this position up on purpose, to show one rule at work.",
    "OBSERVATION": "What one seat may see of the game, as numbers for a learning program.",
}
"""IDs that events and refusals carry for changes made from outside the game's rules."""

_ROW = re.compile(rf"^\|\s*({ID})\s*\|\s*(.+?)\s*\|\s*$")
_ITEM = re.compile(rf"^- \*\*({ID})\b\s*(.*?)\*\*\s*(.*)$")
_HEADING = re.compile(rf"^#+\s+({ID})\s+(.*?)\s*$")
_TRAILING = re.compile(rf"^\|.*\|\s*([^|]+?)\s*\(({ID})\)\s*\|\s*$")
#: how sure the reconstruction of a component is, for its authors: ``(*certain*)``,
#: ``(*likely*: two sources ...)``; not part of a rule's words
_CERTAINTY = re.compile(r"\s*\(\*(?:certain|likely|assumed)\*[^)]*\)")


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


@cache
def rule_texts() -> dict[str, str]:
    """Every rule ID of both games -> its words (plain text, Markdown emphasis kept)."""
    folder = resources.files("freight_freedom") / "rules"
    found: dict[str, str] = {}
    cited: dict[str, str] = {}
    for name in sorted(p.name for p in folder.iterdir() if p.name.endswith(".md")):
        _read((folder / name).read_text(encoding="utf-8"), found, cited)
    return {rule: _clean(text) for rule, text in {**cited, **found}.items()}


def rule_text(rule: str) -> str:
    """The words of ``rule`` (a rule ID, or one of :data:`NOT_GAME_RULES`).

    Raises ``KeyError`` for an ID with no words: a test checks that every ID the package cites
    has them, so no chip a student opens is ever empty.
    """
    if rule in NOT_GAME_RULES:
        return NOT_GAME_RULES[rule]
    return rule_texts()[rule]


def cited_ids(text: str) -> set[str]:
    """The rule IDs cited in ``text``; a family written as ``FR-TOK-*`` is not an ID."""
    return {m.group(0) for m in re.finditer(rf"\b{ID}\b(?![-*{{])", text)}
