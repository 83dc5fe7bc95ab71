"""The words of the components' data files that reach a student's screen, for the catalog.

The names, rules texts and history notes of Freedom's cards, map spaces and Role cards, and the
kinds of Slow Freight's Freight cards, live in the games' JSON files, not in the code, so no
``_()`` marks them. :func:`data_messages` lists them for ``freight-freedom translations
extract`` (:func:`~.translations.marked`), each with the place in its file and a word for the
translator; the screens show them through :func:`~.core.say.shown` or as the string facts of
:func:`~.core.say.say` words, which look them up in the catalog as they are held here.

The strings are the ones the code holds when it shows them: a space's ``name`` (``ctx.name``),
its ``state`` and ``note`` (the map's hover text, a lesson's history note), a card's ``name``,
``year`` (a decade: ``"1830s"``), ``text`` and ``note``, a Role's ``name``, ``history`` and
Special Ability ``text``, the map's own short labels (``"Black Belt"``, ``"Washington DC"``, as
:mod:`.freedom.drawing.labels` writes them and ``map_layout.json`` stores them, a label's line
break read as a space and a Canada space's number left off), and the names the Slow Freight code
gives the kinds of its ``cards.json`` (:data:`.slowfreight.components.KIND_NAMES`). Ids, numbers
and colours used as codes are not words.

The files are read through the package (:mod:`importlib.resources`), so the list is the same
from a wheel as from the repository.

>>> words = {text for text, _, _ in data_messages()}
>>> {"Fugitive Slave Act", "New Orleans", "Station Master", "Auto Carrier"} <= words
True
>>> next(iter(data_messages()))[1]
Where(file='freight_freedom/freedom/data/cards.json', line=28)
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

__all__ = ["Where", "data_messages"]

#: The packages whose ``data`` folders hold the games' component files.
FREEDOM = "freight_freedom.freedom"
SLOWFREIGHT = "freight_freedom.slowfreight"

_CANADA_NUMBER = re.compile(r"^\d+\. ")


class Where(NamedTuple):
    """Where a text is in the package: its file (from the repository's root, as the catalog
    names the code's files) and line. A ``(file, line)`` pair, as Babel takes a location;
    ``str()`` gives ``"file:line"``."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class _File:
    """One packaged JSON file: its data and the line of each string, found in file order."""

    def __init__(self, package: str, name: str) -> None:
        self.path = f"{package.replace('.', '/')}/data/{name}"
        self.text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
        self.data: Any = json.loads(self.text)
        self._breaks = [i for i, ch in enumerate(self.text) if ch == "\n"]
        self._at = 0

    def where(self, value: str) -> Where:
        """The place of ``value``, the first at or after the last one found (the texts are asked
        for in the order the file holds them); else its first place; else line 1."""
        for start in (self._at, 0):
            for encoded in (json.dumps(value, ensure_ascii=False), json.dumps(value)):
                found = self.text.find(encoded, start)
                if found >= 0:
                    self._at = found + len(encoded)
                    return Where(self.path, bisect_right(self._breaks, found) + 1)
        return Where(self.path, 1)


Message = tuple[str, Where, str]


def _cards() -> Iterator[Message]:
    f = _File(FREEDOM, "cards.json")
    for card in f.data["cards"]:
        name = card["name"]
        yield name, f.where(name), "Freedom: the name of an Abolitionist card"
        year = card["year"]
        if not year.isdigit():
            yield year, f.where(year), "Freedom: a card's date, a decade (\"the 1830s\")"
        yield card["text"], f.where(card["text"]), "Freedom: what a card does (its rules text)"
        yield card["note"], f.where(card["note"]), (
            f"Freedom: the history note of the card {name!r}; keep every fact, name and date")


def _spaces() -> Iterator[Message]:
    f = _File(FREEDOM, "map.json")
    board = f.data
    for space in board["spaces"]:
        name, kind = space["name"], space["kind"]
        place = {"plantation": "a plantation area", "city": "a city",
                 "canada": "a landing place in Canada"}.get(kind, "a place")
        yield name, f.where(name), f"Freedom: a space of the map, {place}"
        yield space["state"], f.where(space["state"]), (
            f"Freedom: the state or province of the map's {name}, shown after its name")
        yield space["note"], f.where(space["note"]), (
            f"Freedom: the history note of the map's {name}; keep every fact, name and date")
    yield from _labels({s["id"]: s["name"] for s in board["spaces"]})


def _labels(names: dict[str, str]) -> Iterator[Message]:
    """The map's short labels that are not a space's name (a plantation area without
    "Plantations", "Washington DC")."""
    f = _File(FREEDOM, "map_layout.json")
    for label in f.data["geometry"]["labels"]:
        stored = label["text"]
        short = _CANADA_NUMBER.sub("", stored.replace("<br>", " "))
        name = names.get(label["sid"], "")
        if short != name:
            yield short, f.where(stored), (
                f"Freedom: the map's short label of {name}, drawn beside its marker; keep it short")


def _roles() -> Iterator[Message]:
    f = _File(FREEDOM, "roles.json")
    for role in f.data["roles"]:
        name = role["name"]
        yield name, f.where(name), "Freedom: the name of a Role card (a player's role)"
        if role.get("history"):
            yield role["history"], f.where(role["history"]), (
                f"Freedom: the history note of the Role {name!r}; keep every fact and name")
        text = role["special"]["text"]
        yield text, f.where(text), f"Freedom: the Special Ability of the Role {name!r}"


def _periods() -> Iterator[Message]:
    f = _File(FREEDOM, "tokens.json")
    for period in f.data["periods"]:
        yield period["name"], f.where(period["name"]), (
            "Freedom: a period column of the token board")


def _freight() -> Iterator[Message]:
    from .slowfreight.components import KIND_KEYS, KIND_NAMES, TYPE_KEYS, TYPE_NAMES

    f = _File(SLOWFREIGHT, "cards.json")
    freight = dict(zip(KIND_KEYS, KIND_NAMES, strict=True))
    types = dict(zip(TYPE_KEYS, TYPE_NAMES, strict=True))
    for key in f.data["freight"]:
        yield freight[key], f.where(key), (
            f"Slow Freight: a kind of Freight card, a freight car ({key!r} in cards.json)")
    for key in f.data["bonus_chips"]:
        if types[key] not in freight.values():
            yield types[key], f.where(key), (
                f"Slow Freight: a kind of train, named on its Bonus chips ({key!r} in cards.json)")


@cache
def _messages() -> tuple[Message, ...]:
    return (*_cards(), *_spaces(), *_roles(), *_periods(), *_freight())


def data_messages() -> Iterator[Message]:
    """Every text of the packaged component files that a student reads, as ``(English text,
    where, comment for the translator)``, in file order (a text used in several places comes
    once for each)."""
    return iter(_messages())
