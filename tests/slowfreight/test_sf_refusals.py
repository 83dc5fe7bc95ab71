"""Every refusal of Slow Freight keeps its rule and words (SF-TURN-3, SF-TAKE-1, SF-MOVE-1,
SF-FORM-1, SF-FORM-2, SF-FORM-5, SF-FORM-6, SF-ARRIVE-1, SF-RULING-1, SF-RULING-2, SF-RULING-5,
SF-RULING-6, SF-RULING-16, SF-RULING-25, SF-XLOCO-4): the reasons, now given by each verb and
phase, read as recorded in ``golden/sf_refusals.json`` at the positions where it records them,
and random games give no reason it does not record."""

from __future__ import annotations

import json

from sf_refusals import GOLDEN, distinct, refusals


def test_every_recorded_refusal_is_given_word_for_word() -> None:
    golden = json.loads(GOLDEN.read_text())
    found = refusals()
    by_place = {(row[0], row[1], row[2]): (row[3], row[4]) for row in found}
    for number, step, action, rule, reason in golden:
        assert by_place.get((number, step, action)) == (rule, reason), (number, step, action)
    assert distinct(found) == golden
