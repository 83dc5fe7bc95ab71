"""A lesson's texts as a class reads them on the student's page and on the projector.

The lessons are written for the guided lesson in Jupyter (:mod:`freight_freedom.lessons.widget`):
its Next button, the rule chips under its questions. On a student's page nobody presses Next
(the teacher moves the class on) and no row of rule chips is shown, so every text of the lesson
is said here as it is true there:

- rule codes and the game's internal ids become words: the game's own on-screen words
  (:meth:`~freight_freedom.ui.adapter.GameUI.words`: no rule codes, Slow Freight's trains by
  name, its Movement cards by kind);
- a rule the text still names after that ("the rule chip FR-CATCH-3", "what does SF-SCORE-6
  say") becomes "the rule": a small link, right there, that opens to the rule's text in words;
- "Predict before you press Next" becomes "Predict before the answer is shown";
- a revealed answer is one answer, the first the question accepts, in words (the teacher's page
  keeps the whole list of accepted answers).
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from typing import Any

from ...core.i18n import _
from ...core.rulebook import ID as _ID
from ...core.say import shown
from ...lessons.questions import Choice, Question
from ...lessons.text import chip_label, inline, to_html
from ...ui.rule_words import student_rule_text
from ..runs import known_lesson as lesson

#: what the lessons say about the Jupyter lesson's own controls, said as it is true on a
#: classroom page (the teacher moves the class on; the answer is then shown)
LEADS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bbefore you (?:press|click) (?:the )?Next(?: button)?\b"),
     "before the answer is shown"),
)

#: a rule named by its ID, with the words that lead to it ("the rule chip", "our ruling")
_NAMED = re.compile(
    r"(?:\b(?P<lead>[Tt]he rule chips?|rule chips?|[Tt]he rules?|ruling)\s+)?"
    rf"(?P<ids>{_ID}(?:(?:,\s*(?:and\s+)?|\s+and\s+)(?:{_ID}|-[0-9]+))*)\b")
_ONE_ID = re.compile(rf"{_ID}|-[0-9]+")
#: words of a rule's text that are for the developers (parameter names, attribute paths,
#: links to the rule files, action names, codes)
_CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z_]{2,}\b|=|\]\(|\b[A-Z]{3,}\b"
                   rf"|{_ID}|\bSCENARIO\b")
_PARENS = re.compile(r"\s*\([^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
#: where a rule link stands in a text until the text is HTML
_MARK = re.compile("\ue000([0-9]+)\ue001")


@functools.cache
def lesson_words(key: str) -> Callable[[str], str]:
    """The on-screen words of the game of lesson ``key`` (its :class:`GameUI`'s ``words``)."""
    from ...ui.adapter import ui_for

    return ui_for(lesson(key).game_at(0)).words


def plain_rule(rule: str, words: Callable[[str], str] | None = None) -> str | None:
    """The words of ``rule`` for a student (:func:`~...ui.rule_words.student_rule_text`)
    in the game's on-screen ``words``; should a rule's text still hold code (``game.round``,
    ``train_check="each_card"``), the brackets, and then the sentences, that hold it are left
    out. None for a rule without words."""
    text = student_rule_text(rule)
    if text is None:
        return None
    if words is not None:
        text = words(text)
    while True:
        shorter = _PARENS.sub(lambda m: "" if _CODE.search(m.group(0)) else m.group(0), text)
        if shorter == text:
            break
        text = shorter
    kept = [s for s in _SENTENCE.split(text.strip()) if s and not _CODE.search(s)]
    return " ".join(kept) or None


def _ids(found: str) -> list[str]:
    """``"SF-SCORE-1, -2"`` -> ``["SF-SCORE-1", "SF-SCORE-2"]``."""
    out: list[str] = []
    for part in _ONE_ID.findall(found):
        if part.startswith("-") and out:
            part = out[-1].rsplit("-", 1)[0] + part
        out.append(part)
    return out


def _label(match: re.Match[str], text: str, many: bool) -> str:
    lead = match.group("lead") or ""
    if lead == "ruling":
        return _("ruling")
    label = _("the rules") if many or lead.endswith("s") else _("the rule")
    before = text[:match.start()].rstrip()
    if lead[:1] == "T" or not before or before[-1] in ".!?":
        label = label[0].upper() + label[1:]
    return label


def _marked(text: str, key: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """``text`` in the class's words (in the reader's language where the catalog has the
    lesson's text), each rule still named in it replaced by a mark; the marks' labels and
    rules."""
    text = lesson_words(key)(shown(text))
    for pattern, said in LEADS:
        text = pattern.sub(said, text)
    links: list[tuple[str, list[str]]] = []

    def mark(match: re.Match[str]) -> str:
        rules = _ids(match.group("ids"))
        links.append((_label(match, match.string, len(rules) > 1), rules))
        return f"\ue000{len(links) - 1}\ue001"

    return _NAMED.sub(mark, text), links


def rule_link(label: str, rules: list[str], key: str) -> str:
    """``label`` that opens (a click, no page change) to the rules' texts in words; the label
    alone for rules without words."""
    bodies = [b for b in (plain_rule(r, lesson_words(key)) for r in rules) if b]
    if not bodies:
        return html.escape(label)
    body = "<br>".join(inline(b) for b in bodies)
    return ("<details class='ff-rule' style='display:inline-block;vertical-align:top;margin:0'>"
            "<summary style='cursor:pointer;color:#0b57d0;text-decoration:underline'>"
            f"{html.escape(label)}</summary><div style='font-size:0.9em;max-width:32em;"
            "background:#f7f7fb;padding:3px 6px;border-left:3px solid #99c;"
            f"white-space:normal'>{body}</div></details>")


def rule_chips(rules: tuple[str, ...] | list[str], key: str, *, size: int = 13) -> str:
    """The question's rules as the guided lesson shows them under its verdict: small chips
    labelled with each rule's first words, each opening to the rule's words (no rule ID, not
    even in a tooltip); ``""`` when none has words."""
    chips = []
    for rule in rules:
        body = plain_rule(rule, lesson_words(key))
        if body is None:
            continue
        chips.append(
            "<details class='ff-rule' style='display:inline-block;vertical-align:top;"
            "margin:0 4px 2px 0'><summary style='cursor:pointer;color:#444;background:#eef;"
            f"border-radius:3px;padding:0 4px;list-style:none'>{inline(chip_label(body))}"
            "</summary><div style='max-width:380px;background:#f7f7fb;padding:4px 6px;"
            f"border-left:3px solid #99c'>{inline(body)}</div></details>")
    if not chips:
        return ""
    head = html.escape(_("Rules:"))
    return (f"<div class='ff-rules' style='margin:4px 0;font-size:{size}px'><span "
            f"style='color:#666'>{head} </span>" + "".join(chips) + "</div>")


def plain(text: str, key: str) -> str:
    """``text`` of lesson ``key`` as a class reads it, as plain text (a rule it names is
    "the rule"): for widget labels."""
    marked, links = _marked(text, key)
    return _MARK.sub(lambda m: links[int(m.group(1))][0], marked)


def words_html(text: str, key: str, *, block: bool = False) -> str:
    """``text`` of lesson ``key`` as a class reads it, as HTML (:func:`inline`, or paragraphs
    and lists with ``block``); a rule it names is a link that opens to the rule's text."""
    marked, links = _marked(text, key)
    if not block:
        out = inline(marked)
    else:
        out = to_html(marked)
        if links:  # a link's box may not stand in a <p> (the browser would end the <p> there)
            out = out.replace("<p style=", "<div style=").replace("</p>", "</div>")
    return _MARK.sub(lambda m: rule_link(*links[int(m.group(1))], key), out)


def shown_answer(question: Question, key: str, step: int) -> str:
    """The answer a class is shown at the reveal: the right option, or the first answer the
    question accepts (a space of the map by its name), in the class's words."""
    if isinstance(question, Choice):
        return plain(question.key_text(), key)
    accepted: tuple[str, ...] = getattr(question, "accept", ())
    if accepted:
        return plain(accepted[0], key)
    spaces: tuple[str, ...] = getattr(question, "spaces", ())
    if spaces:
        return plain(space_name(key, step, spaces[0]), key)
    return plain(question.key_text(), key)


def space_name(key: str, step: int, space: str) -> str:
    """The name of a map space of lesson ``key``'s board (its id with spaces if it has none)."""
    game: Any = lesson(key).game_at(step)
    try:
        return str(game.ctx.board.space(space).name)
    except Exception:  # noqa: BLE001 - a game without named spaces
        return space.replace("_", " ")


def history_html(key: str, step: int, *, size: int = 13) -> str:
    """The historical note of the step's map space or card (what the guided lesson shows
    under the text), or ``""``."""
    from ...lessons.widget import history_note

    the = lesson(key)
    place = the.steps[step].history
    note = None if place is None else history_note(the.game_at(step), place)
    if not note:
        return ""
    name, text = note
    return (f"<details open class='ff-history' style='font-size:{size}px;background:#f6f1e7;"
            "padding:4px 8px;border-left:4px solid #8d6e63;margin:6px 0'><summary><b>"
            + html.escape(_("History: {name}").format(name=shown(name)))
            + f"</b></summary>{words_html(text, key)}</details>")
