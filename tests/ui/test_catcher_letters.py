"""The Slave Catchers on the map are told apart by a letter as well as by colour (issue 19).

Each catcher's diamond carries its letter in a ring of its colour on one of its corners; the key
shows every catcher's letter; hovering the letter names the catcher; a click on the letter is a
click on the catcher's space (FR-CATCH-1: the catcher is chosen on the map where it stands).
"""

from __future__ import annotations

from typing import Any

import pytest

from freight_freedom import Freedom
from freight_freedom.freedom import view
from freight_freedom.freedom.drawing.click import click_on
from freight_freedom.ui.adapter import Selection, game_view

pytest.importorskip("plotly")


def trace(fig: Any, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


def _crowded() -> Freedom:
    """A game with two catchers on one space (orange and brown on Cleveland)."""
    game = Freedom(players=2, seed=3)
    colours = list(game.state.catchers)
    game.state.catchers[colours[1]] = game.state.catchers[colours[0]]
    return game


def test_every_catcher_has_its_own_letter_on_its_diamond() -> None:
    game = _crowded()
    fig = view.figure(game)
    geo = view.geometry(game.view_model().board)
    letters = trace(fig, view.CATCHER_TAGS)
    diamonds = trace(fig, view.CATCHERS)
    catchers = game.state.catchers
    assert list(letters.text) == [view.catcher_tag(c) for c in _drawn_order(catchers)]
    assert sorted(letters.text) == sorted({"O", "Br", "R", "P", "Bk"})
    assert list(letters.customdata) == list(diamonds.customdata)  # each letter at its catcher
    assert list(letters.marker.line.color) == list(diamonds.marker.color)
    for x, y, sid, size in zip(letters.x, letters.y, letters.customdata, diamonds.marker.size,
                               strict=True):
        cx, cy = geo.xy[sid]
        # on a corner of its own diamond (0.65 of the marker's size from the centre)
        assert abs(max(abs(x - cx), abs(y - cy)) * geo.px - 0.65 * size) < 1e-6
    spots = {(round(x, 6), round(y, 6)) for x, y in zip(letters.x, letters.y, strict=True)}
    assert len(spots) == len(catchers)  # two catchers on one space: two letters apart
    assert all("Slave Catcher" in h for h in letters.hovertext)


def _drawn_order(catchers: dict[str, str]) -> list[str]:
    by_space: dict[str, list[str]] = {}
    for colour, sid in catchers.items():
        by_space.setdefault(sid, []).append(colour)
    return [c for colours in by_space.values() for c in colours]


def test_the_key_shows_each_catchers_letter_in_its_colour() -> None:
    game = Freedom(players=2, seed=3)
    fig = view.figure(game)
    key = trace(fig, "key catcher letters")
    board = game.view_model().board
    assert list(key.text) == [view.catcher_tag(c) for c in board.catchers]
    assert list(key.marker.line.color) == [view.CATCHER_COLOUR[c] for c in board.catchers]
    assert "Slave Catcher:" in trace(fig, "key labels").text


def test_a_click_on_a_letter_is_a_click_on_its_catchers_space() -> None:
    game = Freedom(players=2, seed=3)
    vm = game_view(game)
    sid = next(iter(game.state.catchers.values()))
    on_letter = click_on(vm, view.CATCHER_TAGS, sid, Selection())
    on_diamond = click_on(vm, view.CATCHERS, sid, Selection())
    assert on_letter == on_diamond


def test_another_component_sets_catcher_gets_two_letters() -> None:
    assert view.catcher_tag("grey") == "Gr"
    assert view.catcher_tag("black") == "Bk" and view.catcher_tag("brown") == "Br"
