"""Which English words a Spanish screen still shows: words of the English catalog that no Spanish
text uses.

The English vocabulary is every word of the template's texts (``msgid``); the Spanish one every
word of the Spanish catalog's translations (``msgstr``). A word of the first that is not in the
second, and is not part of a name the catalog keeps as it is (a person, a place: an entry whose
translation is its English) or of a place's name on the map, is English that a Spanish reader
should not meet. Short words
(one or two letters) are left out: "a", "I", "no" are words of both languages.

>>> sorted(english_left("Jugador 1 mueve a una persona de Atlanta a Richmond."))
[]
>>> sorted(english_left("Jugador 1 moves a person"))
['moves', 'person']
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages import pofile

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "freight_freedom" / "locale" / "es" / "LC_MESSAGES" / "freight_freedom.po"
WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")
#: placeholders and markup in catalog texts, not words
_QUOTED = re.compile(r"«[^»\s]+(?:\s[^»\s]+){0,2}»")
_FILE_NAME = re.compile(r"\S+\.(?:json|csv|md|ipynb|po)\b")
_NOT_WORDS = re.compile(r"\{[^}]*\}|<[^>]*>|&\w+;")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(_NOT_WORDS.sub(" ", text))}


@cache
def vocabularies() -> tuple[frozenset[str], frozenset[str]]:
    """(English words only English texts use, Spanish words) of the shipped catalog."""
    with CATALOG.open("rb") as handle:
        catalog = pofile.read_po(handle)
    english: set[str] = set()
    spanish: set[str] = set()
    kept: set[str] = set()  # names the catalog keeps as they are
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english |= _words(text)
        for text in strings:
            spanish |= _words(text)
        if ids[0] in strings:
            kept |= _words(ids[0])
    return frozenset(english - spanish - kept), frozenset(spanish)


@cache
def place_words() -> frozenset[str]:
    """The words of the map's place names (a space, a state, a label on the map): a place may
    keep its own name on a Spanish screen ("Black Belt" where "Cinturón Negro" does not fit),
    and "English", the language menu's name of English."""
    from freight_freedom.data_words import data_messages

    names = {text for text, where, _ in data_messages()
             if "/map" in str(where) and len(text.split()) <= 4 and "." not in text}
    return frozenset(set().union(*(_words(n) for n in names)) | {"english"})


def english_left(text: str, allowed: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """The English-only words of the catalog that ``text`` shows (lower case), but the names
    of places (:func:`place_words`) and ``allowed``."""
    english, _ = vocabularies()
    text = _FILE_NAME.sub(" ", text)  # a file's name is not words (freedom-seed7-step3.json)
    text = _QUOTED.sub(" ", text)  # a word quoted is named, not used (the printed «Trams»)
    return (_words(text) & english) - place_words() - {w.lower() for w in allowed}
