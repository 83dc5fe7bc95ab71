"""Lesson text to HTML: a little Markdown (paragraphs, ``- `` lists, ``**bold**``, ``*italic*``),
every dollar sign as an HTML entity (MathJax would read ``$2 ... $3`` as mathematics), and rule
IDs as small citations that open to the rule's words for a student (:mod:`..ui.rule_words`).
"""

from __future__ import annotations

import html
import re

from ..core.i18n import _
from ..ui.rule_words import student_rule_text

DOLLAR = "&#36;"


def inline(text: str) -> str:
    """Escape, then ``**bold**`` and ``*italic*``; dollars as entities."""
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    return out.replace("$", DOLLAR)


def to_html(text: str) -> str:
    """Paragraphs (blank lines) and ``- `` bullet lists, each line through :func:`inline`."""
    blocks = [b.strip("\n") for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    parts = []
    for block in blocks:
        lines = block.splitlines()
        if all(line.lstrip().startswith("- ") or line.startswith("  ") for line in lines):
            items, current = [], ""
            for line in lines:
                if line.lstrip().startswith("- "):
                    if current:
                        items.append(current)
                    current = line.lstrip()[2:]
                else:
                    current += " " + line.strip()
            items.append(current)
            parts.append("<ul style='margin:4px 0;padding-left:20px'>"
                         + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
        else:
            parts.append("<p style='margin:0 0 8px 0'>" + inline(" ".join(
                line.strip() for line in lines)) + "</p>")
    return "".join(parts)


#: the most characters of a rule's text its chip shows before it is opened
CHIP_WORDS = 32


def chip_label(text: str, limit: int = CHIP_WORDS) -> str:
    """The first words of a rule's text, at most ``limit`` characters (then an ellipsis): what a
    student reads on its chip, in words, not the rule's ID."""
    words = text.split()
    label = ""
    for word in words:
        if len(label) + 1 + len(word) > limit:
            return (label or word[:limit]).rstrip(",;:.") + "…"
        label = f"{label} {word}" if label else word
    return label


def citations(rules: tuple[str, ...] | list[str]) -> str:
    """Small grey rule chips, each labelled with the first words of its rule (the ID only in
    its tooltip, for the teacher); each opens (a click, no page change) to the rule's words for
    a student (:func:`~freight_freedom.ui.rule_words.student_rule_text`: plain sentences, no
    code, no rule IDs).
    An ID without words gets no chip (a test keeps every cited ID worded)."""
    chips = []
    for rule in rules:
        body = student_rule_text(rule)
        if body is None:
            continue
        label = chip_label(body)
        # TRANSLATORS: a rule chip's tooltip, for the teacher: "rule FR-CATCH-3"
        tip = html.escape(_("rule {rule}").format(rule=rule), quote=True)
        chips.append(
            f"<details title='{tip}' "
            "style='display:inline-block;vertical-align:top;margin:0 4px 2px 0'>"
            "<summary style='cursor:pointer;font-size:13px;color:#555;background:#eef;"
            f"border-radius:3px;padding:0 4px;list-style:none'>{inline(label)}</summary>"
            "<div style='font-size:13px;max-width:380px;background:#f7f7fb;padding:4px 6px;"
            f"border-left:3px solid #99c'>{inline(body)}</div></details>")
    if not chips:
        return ""
    # TRANSLATORS: before the rule chips of a lesson's step
    rules_word = html.escape(_("Rules:"))
    return ("<div style='margin-top:4px'><span style='font-size:13px;color:#777'>"
            f"{rules_word} </span>" + "".join(chips) + "</div>")
