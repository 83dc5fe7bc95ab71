"""What a student reads: the engine's texts without rule codes, and a rule's text a click away.

The engines write each event and refusal with its rule ID (``FR-ACT-1``, ``[SF-RULING-7]``): the
log and the tests need them. On screen a student reads words: :func:`rule_free` takes the codes
out of a text (:func:`~.rule_words.rule_details` shows a rule as a small "the rule" link that
opens, no page change, to the rule's own words, its ID kept in the tooltip for the teacher).
"""

from __future__ import annotations

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
