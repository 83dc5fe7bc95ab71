"""A game in another distribution is found through the ``freight_freedom.games`` entry points
(installed metadata is faked here: the checkout need not be reinstalled); a broken plug-in is
left out with a warning and never hides the package's own games."""

from __future__ import annotations

import importlib.metadata as md

import pytest
from ferry_entry import ENTRY

from freight_freedom.core import registry


def _points(*points: md.EntryPoint) -> object:
    def entry_points(group: str | None = None) -> list[md.EntryPoint]:
        return list(points) if group == registry.GROUP else []
    return entry_points


def test_an_installed_plug_in_is_found_after_the_built_in_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    builtin = [md.EntryPoint(t.split(".")[1], t, registry.GROUP) for t in registry.BUILTIN]
    plugin = md.EntryPoint("ferry", "ferry_entry:ENTRY", registry.GROUP)
    monkeypatch.setattr(md, "entry_points", _points(plugin, *builtin))
    monkeypatch.setattr(registry, "GAMES", registry._Games())
    assert registry.names() == ("freedom", "slowfreight", "ferry")
    assert registry.find("ferry-race") is ENTRY


def test_a_broken_plug_in_is_left_out_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = md.EntryPoint("broken", "no_such_module_here:ENTRY", registry.GROUP)
    monkeypatch.setattr(md, "entry_points", _points(broken))
    monkeypatch.setattr(registry, "GAMES", registry._Games())
    with pytest.warns(RuntimeWarning, match="'broken'"):
        assert registry.names() == ("freedom", "slowfreight")
