"""Texts, rules and data of the events of 200 seeded games per game are as recorded: typed events
and typed actions change no word of any log (see ``event_streams.py``)."""

from __future__ import annotations

import json

import pytest
from event_streams import BOTS, EXPECTED, SEEDS, digests


@pytest.mark.parametrize("family", sorted(BOTS))
def test_event_streams_are_as_recorded(family: str) -> None:
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))[family]
    assert len(expected) == SEEDS
    actual = digests(family)
    changed = [seed for seed, (a, e) in enumerate(zip(actual, expected, strict=True)) if a != e]
    assert not changed, f"{family}: the event streams of seeds {changed[:10]} changed"
