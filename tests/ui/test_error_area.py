"""What a page shows when an action fails: the message in words, never a traceback (it goes to
the log); the box clears once the next action goes through."""

from __future__ import annotations

import logging

import pytest

from freight_freedom.core.errors import IllegalAction
from freight_freedom.ui.errors import ErrorArea


def test_a_bug_shows_words_and_its_traceback_goes_to_the_log(
        caplog: pytest.LogCaptureFixture) -> None:
    area = ErrorArea()

    def broken() -> None:
        raise KeyError("seat")

    with caplog.at_level(logging.ERROR, logger="freight_freedom"):
        area.guard(broken)()
    shown = area.widget.value
    assert "something went wrong (KeyError" in shown and "reload the page" in shown
    assert "Traceback" not in shown and "File " not in shown and "<details" not in shown
    assert "Traceback" in caplog.text and "broken" in caplog.text


def test_bad_input_explains_itself_and_clears_after_the_next_good_action() -> None:
    area = ErrorArea()

    def refused() -> None:
        raise IllegalAction("Richmond is not next to Boston", rule="FR-MOVE-1")

    def shows_its_own(message: str) -> None:
        area.show_error(message)

    area.guard(refused)()
    assert "Richmond is not next to Boston" in area.widget.value
    area.guard(lambda: None)()  # the next action went through
    assert area.widget.value == "" and area.text == ""
    area.guard(shows_its_own)("Could not load save.json")  # an action that reports itself
    assert "Could not load save.json" in area.widget.value
