"""Questions with hidden keys and forgiving matching.

The key of a question lives here, in the package, never in a notebook cell or in a widget's
browser-side state: the widget sends the class's answer to Python and shows only the verdict.
Free text is matched forgivingly (:func:`normalise`): case, spaces, punctuation and accents do
not matter, number words count as numbers ("three" is 3; in Spanish too: "tres", "veintidós",
"treinta y cinco"), "sí" is "yes", and each key lists its synonyms. A key, an option or an
accepted answer is English marked for the catalog: its translation in any language with a
catalog is accepted as well ("Ripley", "east" or "este"), and what the class reads of it is in
the reader's language (:func:`~freight_freedom.core.say.shown`). Signs
and operators always count: for the key ``5 + 3``, ``5 - 3`` and ``5*3`` are wrong, and ``-3`` is
wrong for ``3``. A name spelled nearly right ("cincinati") is forgiven with a "check the
spelling" note (:func:`misspelled`); numbers, signs and operators are never forgiven.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..core.i18n import N_, SOURCE, _, language, languages, using
from ..core.say import shown

NUMBER_WORDS = {
    "zero": "0", "none": "0", "nobody": "0", "one": "1", "two": "2", "three": "3",
    "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
    "eleven": "11", "twelve": "12", "thirteen": "13",
}
_FILLER = {"the", "a", "an", "at", "in", "to", "it", "is", "of", "points", "point", "spaces",
           "space", "people", "person", "dollars", "dollar", "track", "pieces", "each"}


#: Spanish number words (accents dropped): 0 to 29 as words, the tens to 100 ("treinta y
#: cinco" is 35, "ciento veinte" 120)
SPANISH_NUMBERS = {
    "cero": 0, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
    "ocho": 8, "nueve": 9, "diez": 10, "doce": 12, "trece": 13, "catorce": 14,
    "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
    "veinte": 20, "veintiuno": 21, "veintiun": 21, "veintiuna": 21, "veintidos": 22,
    "veintitres": 23, "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26,
    "veintisiete": 27, "veintiocho": 28, "veintinueve": 29, "treinta": 30, "cuarenta": 40,
    "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90, "cien": 100,
    "ciento": 100, "ninguno": 0, "ninguna": 0, "ningun": 0, "nadie": 0,
}
_ENGLISH_TOO = {"once": "11"}
"""Spanish number words that are English words too: numbers only for a reader who is not
reading English (an English "once" stays a word)."""
_SPANISH_ONE = {"un", "una"}
"""Spanish articles that are also the number 1: a filler word ("una persona" is "1", as is
"una"), like English "a", unless nothing else is left of the answer."""
_SPANISH_FILLER = {"el", "la", "los", "las", "lo", "unos", "unas", "de", "del", "al", "en",
                   "es", "son", "personas", "persona", "puntos", "punto", "casillas",
                   "casilla", "dolares", "dolar", "piezas", "pieza", "via", "vias", "cada"}
_YES = {"si": "yes"}
"""Spanish "sí" (its accent is dropped first) is "yes"; "no" is the same word in both."""

OPERATOR_WORDS = {"plus": "+", "minus": "-", "times": "*", "negative": "-", "mas": "+",
                  "menos": "-", "negativo": "-"}
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

    Spanish answers are read the same way: ``"Veintidós"`` -> ``"22"``, ``"treinta y cinco
    personas"`` -> ``"35"``, ``"una"`` -> ``"1"``, ``"Sí"`` -> ``"yes"``, ``"cinco más tres"``
    -> ``"5 + 3"``, and the articles and counted words ("el", "de", "personas") are fillers.
    """
    raw = unicodedata.normalize("NFKD", str(text))
    raw = "".join(ch for ch in raw if not unicodedata.combining(ch)).casefold()
    raw = raw.translate(_DASHES).replace("$", " ").replace("&", " and ")
    raw = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", raw)
    tokens = _TOKEN.findall(raw)
    if language() != SOURCE:
        tokens = [_ENGLISH_TOO.get(w, w) for w in tokens]
    tokens = _spanish_numbers(tokens)
    words = [NUMBER_WORDS.get(w, OPERATOR_WORDS.get(w, _YES.get(w, w))) for w in tokens]
    kept = [w for w in words if w not in _FILLER and w not in _SPANISH_FILLER
            and w not in _SPANISH_ONE]
    if not kept and any(w in _SPANISH_ONE for w in words):
        return "1"  # "una", "una persona"
    return " ".join(kept or words)


def _spanish_numbers(tokens: list[str]) -> list[str]:
    """Spanish number words as digits: "treinta y cinco" -> "35", "ciento veinte" -> "120"
    (a ten, "y" and a unit; "ciento" and what follows up to 99)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        value = SPANISH_NUMBERS.get(tokens[i])
        if value is None:
            out.append(tokens[i])
            i += 1
            continue
        i += 1
        if value in (30, 40, 50, 60, 70, 80, 90) and i + 1 < len(tokens) and \
                tokens[i] == "y" and 1 <= SPANISH_NUMBERS.get(tokens[i + 1], 0) <= 9:
            value += SPANISH_NUMBERS[tokens[i + 1]]
            i += 2
        elif value == 100 and tokens[i - 1] == "ciento" and i < len(tokens):
            rest = _spanish_numbers(tokens[i:i + 3])
            if rest and rest[0].isdigit() and 0 < int(rest[0]) < 100:
                value += int(rest[0])
                consumed = len(tokens[i:i + 3]) - len(rest) + 1
                i += consumed
        out.append(str(value))
    return out


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


#: words a key may be that a student answers in their own language ("east": "este"); a
#: place's, card's or role's name is in the catalog already (the components' names)
ANSWER_WORDS = (
    # TRANSLATORS: an answer a student may type (a direction on the map)
    N_("east"), N_("west"), N_("north"), N_("south"),
    # TRANSLATORS: an answer a student may type (a Slave Catcher's colour: "the red catcher")
    N_("red"), N_("orange"), N_("purple"), N_("black"), N_("brown"),
)


@functools.lru_cache(maxsize=4096)
def _forms(text: str, langs: tuple[str, ...]) -> tuple[str, ...]:
    found = [text]
    for lang in langs:
        if lang == SOURCE:
            continue
        with using(lang):
            said = shown(text)
        if said not in found:
            found.append(said)
    return tuple(found)


def answer_forms(text: str) -> tuple[str, ...]:
    """``text`` (a key, an option or an accepted answer: English marked for the catalog) and
    its translation in every language with a catalog, each once: what counts as saying it."""
    return _forms(text, tuple(languages()))


@dataclass(frozen=True)
class Graded:
    ok: bool
    text: str


@dataclass(frozen=True)
class Question(ABC):
    """Base: ``prompt`` (shown), ``why`` (shown when right), ``hint`` (after a wrong answer,
    pointing at the rule and the board), ``rules`` (cited).

    The texts are the lesson's words as written (English marked for the catalog with ``N_``,
    or a teacher's own words): a screen shows them with
    :func:`~freight_freedom.core.say.shown`, in the reader's language; :meth:`grade` answers
    in the language of the moment (:func:`~freight_freedom.core.i18n.using`).
    """

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
            return Graded(False, _("Give an answer first."))
        if self.matches(answer):
            return Graded(True, _("Right. {why}").format(why=shown(self.why)))
        spelled = self.spelled_as(answer)
        if spelled is not None:
            return Graded(True, _("Right (check the spelling: {spelled}). {why}").format(
                spelled=spelled, why=shown(self.why)))
        return Graded(False, _("Not quite. {hint}").format(hint=shown(self.hint)))

    def spelled_as(self, answer: object) -> str | None:
        """The accepted answer that ``answer`` misspells (:func:`misspelled`), in the reader's
        language when it misspells a translation, else None."""
        given = normalise(answer)
        for accepted in self.spellings():
            forms = answer_forms(accepted)
            if any(misspelled(given, normalise(form)) for form in forms):
                return shown(accepted)
        return None

    def spellings(self) -> tuple[str, ...]:
        """Accepted answers whose names may be forgiven a slip of spelling (none by default)."""
        return ()

    @abstractmethod
    def matches(self, answer: object) -> bool:
        """Whether ``answer`` is right."""

    @abstractmethod
    def key_text(self) -> str:
        """The key in words (for the teacher's reveal only), in the reader's language."""


def _says(given: str, accepted: str) -> bool:
    """Whether normalised ``given`` says ``accepted`` or one of its translations."""
    return any(given == normalise(form) for form in answer_forms(accepted))


@dataclass(frozen=True)
class Choice(Question):
    """Multiple choice: ``options`` shown in order; ``key`` is the index of the right one.

    ``also`` lists other options that are right too, each with why: a prediction asked before
    our ruling is taught accepts the printed rules' answer as well, and says how the two differ.
    An option may be given by its index, its words or its words in any language with a
    catalog (what the reader's screen shows: :meth:`shown_options`).
    """

    options: tuple[str, ...] = ()
    key: int = 0
    also: tuple[tuple[int, str], ...] = ()

    @property
    def kind(self) -> str:
        return "choice"

    def shown_options(self) -> list[str]:
        """The options in the reader's language, in order."""
        return [shown(o) for o in self.options]

    def chosen(self, answer: object) -> int | None:
        """The index of the option ``answer`` gives (its index or its words), else None."""
        if isinstance(answer, int) and not isinstance(answer, bool):
            return answer if 0 <= answer < len(self.options) else None
        given = normalise(answer)
        found = next((i for i, o in enumerate(self.options) if normalise(o) == given), None)
        if found is None:  # the words of an option in another language
            found = next((i for i, o in enumerate(self.options) if _says(given, o)), None)
        return found

    def matches(self, answer: object) -> bool:
        index = self.chosen(answer)
        return index is not None and (index == self.key or index in dict(self.also))

    def grade(self, answer: object) -> Graded:
        index = self.chosen(answer)
        if index is not None and index != self.key and index in dict(self.also):
            return Graded(True, _("Right. {why}").format(why=shown(dict(self.also)[index])))
        return super().grade(answer)

    def key_text(self) -> str:
        return shown(self.options[self.key])


@dataclass(frozen=True)
class FreeText(Question):
    """Free text: right if it matches any of ``accept`` (or its translation) after
    :func:`normalise`."""

    accept: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "text"

    def matches(self, answer: object) -> bool:
        given = normalise(answer)
        return any(_says(given, a) for a in self.accept)

    def spellings(self) -> tuple[str, ...]:
        return self.accept

    def key_text(self) -> str:
        return " / ".join(shown(a) for a in self.accept)


@dataclass(frozen=True)
class MapClick(Question):
    """A click on the map: right if the clicked space id is one of ``spaces``.

    ``accept`` lists spoken names too (a space's name, looked up in the catalog: its
    translation counts), so the question can also be answered in words.
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
        return any(_says(given, a) for a in self.spellings())

    def spellings(self) -> tuple[str, ...]:
        return (*self.accept, *(s.replace("_", " ") for s in self.spaces))

    def key_text(self) -> str:
        return " / ".join(shown(a) for a in self.accept) or " / ".join(self.spaces)
