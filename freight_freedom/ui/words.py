"""What a student reads: the engine's texts without rule codes, and a rule's text a click away.

The engines write each event and refusal with its rule ID (``FR-ACT-1``, ``[SF-RULING-7]``): the
log and the tests need them. On screen a student reads words: :func:`rule_free` takes the codes
out of a text, and :func:`rule_details` shows a rule as a small "the rule" link that opens (no
page change) to the rule's own text, its ID kept in the tooltip for the teacher.
"""

from __future__ import annotations

import html
import re

from ..core.rulebook import ID as _ID

#: a rule reference inside a text: ``(rule FR-ACT-1)``, ``[SF-RULING-7]``, ``(SF-FORM-6)``,
#: ``rule FR-CATCH-3``, and the scenario set-ups of the lessons (``SCENARIO``)
_RULE_REF = re.compile(
    rf"\s*[(\[](?:rules? )?(?:{_ID}|SCENARIO)"
    rf"(?:,? (?:and )?(?:{_ID}|-[0-9]+))*[)\]]"  # "(SF-SCORE-1, -2)": rules 1 and 2
    rf"|\s*\brules? {_ID}\b")
_RULE_LEAD = re.compile(rf"(?<=[(\[])(?:rules? )?{_ID},\s*")
"""A rule ID opening a bracket that goes on in words: "(SF-RULING-7, a choice we made)"."""


def rule_free(text: str) -> str:
    """``text`` without the rule references in it (the words around them unchanged).

    >>> rule_free("it has started moving: no more cars (SF-FORM-6)")
    'it has started moving: no more cars'
    >>> rule_free("count its Locomotive and its car (SF-SCORE-1, -2). Then")
    'count its Locomotive and its car. Then'
    >>> rule_free("a tie breaks for the longer train (SF-RULING-7, a choice we made)")
    'a tie breaks for the longer train (a choice we made)'
    """
    return _RULE_LEAD.sub("", _RULE_REF.sub("", text))


def rule_details(rule: str, label: str = "the rule") -> str:
    """A small ``label`` that opens to the rule's words for a student, as a lesson's chip does
    (:func:`~.rule_words.student_rule_text`: no code; the ID only in its tooltip). An ID
    without words (a game outside the package; a test keeps every ID the package cites worded)
    keeps only its tooltip: no link that opens to nothing."""
    from .rule_words import student_rule_text  # it reads rule_free from this module

    esc = html.escape
    found = student_rule_text(rule)
    if found is None:
        return f"<span class='ff-rule' title='rule {esc(rule, quote=True)}'></span>"
    words = found.replace("**", "")  # plain text here: no Markdown marks
    return (f"<details class='ff-rule' title='rule {esc(rule, quote=True)}' "
            "style='display:inline-block;vertical-align:top;margin:0'>"
            "<summary style='cursor:pointer;color:#0b57d0;text-decoration:underline;"
            f"font-size:13px'>{esc(label)}</summary>"
            "<div style='font-size:13px;max-width:32em;background:#f7f7fb;padding:3px 6px;"
            f"border-left:3px solid #99c;white-space:normal'>{esc(words)}</div>"
            "</details>")
