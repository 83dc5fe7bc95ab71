"""Questions with hidden keys and forgiving matching.

The key of a question lives here, in the package, never in a notebook cell or in a widget's
browser-side state: the widget sends the class's answer to Python and shows only the verdict.
Free text is matched forgivingly (:func:`normalise`): case, spaces, punctuation and accents do
not matter, number words count as numbers ("three" is 3), and each key lists its synonyms. Signs
and operators always count: for the key ``5 + 3``, ``5 - 3`` and ``5*3`` are wrong, and ``-3`` is
wrong for ``3``. A name spelled nearly right ("cincinati") is forgiven with a "check the
spelling" note (:func:`misspelled`); numbers, signs and operators are never forgiven.
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from dataclasses import dataclass

NUMBER_WORDS = {
    "zero": "0", "none": "0", "nobody": "0", "one": "1", "two": "2", "three": "3",
    "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
    "eleven": "11", "twelve": "12", "thirteen": "13",
}
_FILLER = {"the", "a", "an", "at", "in", "to", "it", "is", "of", "points", "point", "spaces",
           "space", "people", "person", "dollars", "dollar", "track", "pieces", "each"}


OPERATOR_WORDS = {"plus": "+", "minus": "-", "times": "*", "negative": "-"}
_DASHES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u00d7": "*",
                         "\u00f7": "/"})
_TOKEN = re.compile(r"[0-9]+(?:\.[0-9]+)?|[a-z]+|[-+*/=<>%^]")


def normalise(text: object) -> str:
    """``"  Cincinnati, Ohio! "`` -> ``"cincinnati ohio"``; ``"Three"`` -> ``"3"``;
    ``"5+3"`` -> ``"5 + 3"``; ``"-3"`` -> ``"- 3"``.

    Accents are dropped, case folded, punctuation becomes space, number words become digits
    and a few filler words ("the", "people", "points") are left out. Signs and operators
    (``+ - * / = < > % ^``, and the words plus, minus, times) stay, each as a word of its own:
    they change what an answer says. A hyphen inside a word ("Station-Master") is a space.
    """
    raw = unicodedata.normalize("NFKD", str(text))
    raw = "".join(ch for ch in raw if not unicodedata.combining(ch)).casefold()
    raw = raw.translate(_DASHES).replace("$", " ").replace("&", " and ")
    raw = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", raw)
    words = [NUMBER_WORDS.get(w, OPERATOR_WORDS.get(w, w)) for w in _TOKEN.findall(raw)]
    kept = [w for w in words if w not in _FILLER]
    return " ".join(kept or words)


def _edits(a: str, b: str) -> int:
    """Insertions, deletions, substitutions and swaps of neighbours turning ``a`` into ``b``."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


def misspelled(given: str, key: str) -> bool:
    """Whether normalised ``given`` is normalised ``key`` with a name spelled nearly right.

    Word by word: numbers, signs and operators must be exactly the key's; a name (letters
    only, 4 letters or more) may be one slip away (two from 8 letters on: a letter missing,
    added, changed or two swapped) if it starts with the key's letter. So "cincinati" is
    Cincinnati, but "iowa" is not "ohio" and "13" is never "31".
    """
    got, want = given.split(), key.split()
    if len(got) != len(want) or got == want:
        return False
    for g, w in zip(got, want, strict=True):
        if g == w:
            continue
        if not (g.isalpha() and w.isalpha()) or len(w) < 4 or g[0] != w[0]:
            return False
        if _edits(g, w) > (1 if len(w) < 8 else 2):
            return False
    return True


@dataclass(frozen=True)
class Graded:
    ok: bool
    text: str


@dataclass(frozen=True)
class Question(ABC):
    """Base: ``prompt`` (shown), ``why`` (shown when right), ``hint`` (after a wrong answer,
    pointing at the rule and the board), ``rules`` (cited)."""

    prompt: str
    why: str
    hint: str
    rules: tuple[str, ...] = ()

    @property
    @abstractmethod
    def kind(self) -> str:
        """What the widget shows for it: ``"choice"``, ``"text"`` or ``"map"``."""

    def grade(self, answer: object) -> Graded:
        if answer is None or (isinstance(answer, str) and not answer.strip()):
            return Graded(False, "Give an answer first.")
        if self.matches(answer):
            return Graded(True, "Right. " + self.why)
        spelled = self.spelled_as(answer)
        if spelled is not None:
            return Graded(True, f"Right (check the spelling: {spelled}). {self.why}")
        return Graded(False, "Not quite. " + self.hint)

    def spelled_as(self, answer: object) -> str | None:
        """The accepted answer that ``answer`` misspells (:func:`misspelled`), else None."""
        given = normalise(answer)
        return next((a for a in self.spellings() if misspelled(given, normalise(a))), None)

    def spellings(self) -> tuple[str, ...]:
        """Accepted answers whose names may be forgiven a slip of spelling (none by default)."""
        return ()

    @abstractmethod
    def matches(self, answer: object) -> bool:
        """Whether ``answer`` is right."""

    @abstractmethod
    def key_text(self) -> str:
        """The key in words (for the teacher's reveal only)."""


@dataclass(frozen=True)
class Choice(Question):
    """Multiple choice: ``options`` shown in order; ``key`` is the index of the right one.

    ``also`` lists other options that are right too, each with why: a prediction asked before
    our ruling is taught accepts the printed rules' answer as well, and says how the two differ.
    """

    options: tuple[str, ...] = ()
    key: int = 0
    also: tuple[tuple[int, str], ...] = ()

    @property
    def kind(self) -> str:
        return "choice"

    def chosen(self, answer: object) -> int | None:
        """The index of the option ``answer`` gives (its index or its words), else None."""
        if isinstance(answer, int) and not isinstance(answer, bool):
            return answer if 0 <= answer < len(self.options) else None
        given = normalise(answer)
        return next((i for i, o in enumerate(self.options) if normalise(o) == given), None)

    def matches(self, answer: object) -> bool:
        index = self.chosen(answer)
        return index is not None and (index == self.key or index in dict(self.also))

    def grade(self, answer: object) -> Graded:
        index = self.chosen(answer)
        if index is not None and index != self.key and index in dict(self.also):
            return Graded(True, "Right. " + dict(self.also)[index])
        return super().grade(answer)

    def key_text(self) -> str:
        return self.options[self.key]


@dataclass(frozen=True)
class FreeText(Question):
    """Free text: right if it matches any of ``accept`` after :func:`normalise`."""

    accept: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "text"

    def matches(self, answer: object) -> bool:
        given = normalise(answer)
        return any(given == normalise(a) for a in self.accept)

    def spellings(self) -> tuple[str, ...]:
        return self.accept

    def key_text(self) -> str:
        return " / ".join(self.accept)


@dataclass(frozen=True)
class MapClick(Question):
    """A click on the map: right if the clicked space id is one of ``spaces``.

    ``accept`` lists spoken names too, so the question can also be answered in words.
    """

    spaces: tuple[str, ...] = ()
    accept: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "map"

    def matches(self, answer: object) -> bool:
        if answer in self.spaces:
            return True
        given = normalise(answer)
        return any(given == normalise(a) for a in self.spellings())

    def spellings(self) -> tuple[str, ...]:
        return (*self.accept, *(s.replace("_", " ") for s in self.spaces))

    def key_text(self) -> str:
        return " / ".join(self.accept or self.spaces)
