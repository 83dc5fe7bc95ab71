"""Plain words, true history: no sentence a student reads is over 30 words, and the history the
lessons tell is accurate and named.

Sentences are read from the lessons (part titles and goals, step titles, narratives, questions,
options, hints, explanations, reveals, try-it tasks and hints), the puzzles (titles, questions,
explanations), the student wordings of the rules, and Freedom's component texts a student sees:
the cards' effect texts and historical notes, the map spaces' notes, the Role cards' history
and Special Ability texts. A sentence ends at ``.``, ``!`` or ``?`` (a closing quote may follow),
at a paragraph break and at a list item; abbreviations (``e.g.``, ``U.S.``, ``St.``, ``D.C.``,
``Rev.``, initials such as ``Elijah P. Lovejoy``) and decimals do not end one.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from freight_freedom.lessons import LESSONS, lesson
from freight_freedom.lessons.puzzles import puzzles
from freight_freedom.ui.rule_words import STUDENT_WORDS

MOST_WORDS = 30
ABBREVIATIONS = ("e.g.", "i.e.", "U.S.", "D.C.", "St.", "Mt.", "Gen.", "Rev.", "Dr.", "Mr.",
                 "Mrs.", "Jr.", "Sr.", "Ft.", "No.", "vs.", "Col.", "Capt.", "Lt.")
_DOT = "\u2024"  # a dot that ends no sentence
_BREAK = "\u00b6"


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (Markdown marks dropped)."""
    t = re.sub(r"\*\*|(?<!\w)\*|\*(?!\w)", "", text)
    t = re.sub(r"(?:\n\s*)+- |\n\s*\n", f" {_BREAK} ", t)  # list items and paragraphs
    t = " ".join(t.split())
    for abbreviation in ABBREVIATIONS:
        t = t.replace(abbreviation, abbreviation.replace(".", _DOT))
    t = re.sub(r"\b([A-Z])\.(?=\s[A-Z])", rf"\1{_DOT}", t)  # initials
    t = re.sub(r"(\d)\.(\d)", rf"\1{_DOT}\2", t)  # decimals
    parts = re.split(rf"(?<=[.!?])[\"”’)]*\s+|{_BREAK}", t)
    return [p.strip().replace(_DOT, ".") for p in parts if p.strip()]


def words(sentence: str) -> int:
    return len(sentence.split())


def test_the_sentence_splitter() -> None:
    assert sentences("The Rev. John Rankin and Elijah P. Lovejoy met in St. Louis, e.g. at 2.5 "
                     "p.m. Then they left! Did they? Yes.") == [
        "The Rev. John Rankin and Elijah P. Lovejoy met in St. Louis, e.g. at 2.5 p.m.",
        "Then they left!", "Did they?", "Yes."]
    assert sentences("It said “forever free.” Then\n\n- one;\n- two") == [
        "It said “forever free.", "Then", "one;", "two"]


def lesson_texts() -> list[tuple[str, str]]:
    found = []
    for name in LESSONS:
        les = lesson(name)
        found += [(f"{name} goal", g) for g in les.goals]
        for part in les.parts:
            found += [(f"{name} part {part.title!r}", t) for t in (part.title, part.objective)]
        for i, step in enumerate(les.steps):
            where = f"{name} step {i + 1} ({step.title})"
            found += [(where, step.title), (where, step.text), (where + " reveal", step.reveal)]
            q, t = step.question, step.try_it
            if q is not None:
                found += [(where + " question", x) for x in (q.prompt, q.why, q.hint)]
                found += [(where + " option", o) for o in getattr(q, "options", ())]
                found += [(where + " also right", x) for _i, x in getattr(q, "also", ())]
            if t is not None:
                found += [(where + " try it", x) for x in (t.task, t.hint)]
    return found


def puzzle_texts() -> list[tuple[str, str]]:
    return [(f"puzzle {p.key}", x) for p in puzzles() for x in (p.title, p.question, p.why)]


def component_texts() -> list[tuple[str, str]]:
    data = resources.files("freight_freedom.freedom") / "data"
    cards = json.loads((data / "cards.json").read_text("utf-8"))["cards"]
    spaces = json.loads((data / "map.json").read_text("utf-8"))["spaces"]
    roles = json.loads((data / "roles.json").read_text("utf-8"))["roles"]
    found = [(f"card {c['id']} {field}", c[field]) for c in cards for field in ("text", "note")]
    found += [(f"space {s['id']} note", s["note"]) for s in spaces]
    found += [(f"role {r['name']} {field}", text) for r in roles
              for field, text in (("history", r["history"]), ("special", r["special"]["text"]))]
    return found


SOURCES = {
    "lessons": lesson_texts,
    "puzzles": puzzle_texts,
    "rule words": lambda: [(rule, text) for rule, text in STUDENT_WORDS.items()],
    "cards, spaces and roles": component_texts,
}


@pytest.mark.parametrize("source", SOURCES)
def test_no_sentence_is_over_30_words(source: str) -> None:
    texts = SOURCES[source]()
    assert texts
    long = [(where, words(s), s) for where, text in texts for s in sentences(text)
            if words(s) > MOST_WORDS]
    assert long == []


# ---------------------------------------------------------------------------- history
def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_slave_market_step_names_the_domestic_slave_trade() -> None:
    """The market is not only "sending back" captured people: most people on its cards come
    from the supply, and the mechanism stands for the domestic slave trade (about a million
    people forcibly moved from the Upper South to the Deep South, 1790-1860, most by sale).
    The Slaves Lost track is said in the game's terms only, with no invented numbers."""
    les = lesson("freedom")
    market = next(i for i, s in enumerate(les.steps) if s.title == "The Slave Market")
    text = _flat(les.steps[market].text)
    for words_ in ("domestic slave trade", "1790", "1860", "about a million", "Upper South",
                   "forcibly moved", "sold"):
        assert words_ in text, words_
    after = _flat(les.steps[market + 1].text)
    assert "from the supply" in after and "captured at Ripley" in after
    assert "failed to help" in after and "lost to the game" in after
    lost = [s for s in sentences(after) if "Slaves Lost track counts" in s]
    assert lost and not re.search(r"\d", lost[0])
    assert "sends people back" not in " ".join(s.title for s in les.steps)


def test_each_lesson_credits_its_games_designer() -> None:
    assert "by Alan R. Moon" in _flat(lesson("slowfreight").steps[0].text)
    assert "by Brian Mayer" in _flat(lesson("freedom").steps[0].text)


def test_rokeby_is_in_ferrisburgh_and_canada_is_named_for_its_time() -> None:
    """Rowland T. Robinson's Rokeby is in Ferrisburgh, Vermont (with the h); Ontario was Upper
    Canada, Canada West from 1841 (the St. Catharines card says so)."""
    texts = dict(component_texts())
    rokeby = [where for where, text in texts.items() if "Rokeby" in text]
    assert rokeby and all("Ferrisburgh" in texts[w] for w in rokeby)
    card = texts["card st_catharines note"]
    assert "Canada West (Upper Canada until 1841" in card
    for where, text in texts.items():
        assert "Canada West" not in text or "1841" in text, where
