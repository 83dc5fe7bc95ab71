"""Questions with hidden keys and forgiving matching.

The key of a question lives here, in the package, never in a notebook cell or in a widget's
browser-side state: the widget sends the class's answer to Python and shows only the verdict.
Free text is matched forgivingly (:func:`normalise`): case, spaces, punctuation and accents do
not matter, number words count as numbers ("three" is 3), and each key lists its synonyms.
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


def normalise(text: object) -> str:
    """``"  Cincinnati, Ohio! "`` -> ``"cincinnati ohio"``; ``"Three"`` -> ``"3"``.

    Accents are dropped, case folded, punctuation becomes space, number words become digits
    and a few filler words ("the", "people", "points") are left out.
    """
    raw = unicodedata.normalize("NFKD", str(text))
    raw = "".join(ch for ch in raw if not unicodedata.combining(ch)).casefold()
    raw = raw.replace("$", " ").replace("&", " and ")
    words = re.sub(r"[^0-9a-z.]+", " ", raw).replace(".", " ").split()
    words = [NUMBER_WORDS.get(w, w) for w in words]
    kept = [w for w in words if w not in _FILLER]
    return " ".join(kept or words)


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
        return Graded(False, "Not quite. " + self.hint)

    @abstractmethod
    def matches(self, answer: object) -> bool:
        """Whether ``answer`` is right."""

    @abstractmethod
    def key_text(self) -> str:
        """The key in words (for the teacher's reveal only)."""


@dataclass(frozen=True)
class Choice(Question):
    """Multiple choice: ``options`` shown in order; ``key`` is the index of the right one."""

    options: tuple[str, ...] = ()
    key: int = 0

    @property
    def kind(self) -> str:
        return "choice"

    def matches(self, answer: object) -> bool:
        if isinstance(answer, int) and not isinstance(answer, bool):
            return answer == self.key
        return normalise(answer) == normalise(self.options[self.key])

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
        names = (*self.accept, *(s.replace("_", " ") for s in self.spaces))
        return any(given == normalise(a) for a in names)

    def key_text(self) -> str:
        return " / ".join(self.accept or self.spaces)
