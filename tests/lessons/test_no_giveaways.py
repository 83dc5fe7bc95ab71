"""Questions that test, not show: nothing on a step's page gives its question's answer before the
class has answered.

For each question of each lesson, every part of the page a student can read before answering is
checked: the step's narrative, its history note, "What happened", its rule chips (each opened),
the question itself with its choices, a try-it task with its chips and choices, and the board's
visible labels (the figure's title and its text labels). The question's own rule chips come only
with its verdict, so they are never on the page before the answer (checked too).

What counts as giving the answer away, by the kind of key:

- a choice: the key option's words in a part of the page that names none of the other options
  (a rule listing all five phases does not single out the right one; a chip reading "An
  Opposition card has ..." under "which kind of card works against the players" does);
- a number: the number with the thing the question counts ("3 people", "three people", "2
  tokens"), or "scores 2", "2 each"; a number of 10 or more anywhere but in the board's turn
  counter (a 1 or a 2 alone is on every page);
- a place on the map: its name in a part of the page that names no other place.

The question's explanation (``why``) and a prediction's ``reveal`` are on no part of the page
either.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from freight_freedom.lessons import LESSONS, Choice, FreeText, MapClick, lesson
from freight_freedom.lessons.questions import NUMBER_WORDS
from freight_freedom.lessons.widget import LessonWidget

WORD_OF = {digits: word for word, digits in NUMBER_WORDS.items()
           if word not in ("none", "nobody")}


def flat(text: str) -> str:
    """Lower case, tags, Markdown and punctuation gone, one space between words."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = re.sub(r"[*_`’'“”\"()\[\];:,.!?/·]", " ", text.replace("<br>", " ")).lower()
    return " ".join(text.split())


def phrase(option: str) -> str:
    """An option's words without a leading article: "An Auto Carrier" -> "auto carrier"."""
    return re.sub(r"^(?:a|an|the) ", "", flat(option))


def chips(value: str) -> list[str]:
    """Each rule chip of an HTML value (label and opened body) as its own part."""
    return re.findall(r"<details\b.*?</details>", value, flags=re.S)


def page_parts(w: LessonWidget) -> list[tuple[str, str]]:
    """``(where, words)`` for each part of the step's page a student can read before answering."""
    parts: list[tuple[str, str]] = []
    for name in ("title", "narrative", "history", "events", "q_prompt", "t_task", "t_prompt"):
        value = getattr(w, name).value
        bodies = chips(value)
        parts += [(f"{name} rule chip", flat(c)) for c in bodies]
        rest = value
        for c in bodies:
            rest = rest.replace(c, " ")
        parts.append((name, flat(rest)))
    parts += [("step rule chip", flat(c)) for c in chips(w.cites.value)]
    parts.append(("choices", flat(" | ".join(str(o) for o in w.q_choices.options))))
    parts.append(("try-it choices", flat(" | ".join(str(lab) for lab, _v in
                                                    w.t_actions.options))))
    fig = w.figure
    labels = [str(fig.layout.title.text or "")]
    labels += [str(a.text) for a in fig.layout.annotations]
    for trace in fig.data:
        text = getattr(trace, "text", None)
        mode = str(getattr(trace, "mode", "") or "")
        if text is not None and (not mode or "text" in mode):
            labels += [str(t) for t in ([text] if isinstance(text, str) else text)]
    parts.append(("board labels", flat(" | ".join(labels))))
    return [(where, words) for where, words in parts if words]


def number_key(q: Any) -> int | None:
    key = q.options[q.key] if isinstance(q, Choice) else q.accept[0] if isinstance(
        q, FreeText) else ""
    return int(key) if re.fullmatch(r"\d+", key.strip()) else None


def gives_number(n: int, prompt: str, words: str) -> bool:
    said = rf"(?:{n}|{WORD_OF.get(str(n), str(n))})"
    counted = re.search(r"how many ([a-z]+)", flat(prompt))
    patterns = [rf"\bscores? {said}\b", rf"\b{said} each\b"]
    if counted:
        patterns.append(rf"\b{said} {counted.group(1)}\b")
    if n >= 10:  # anywhere, but the board's turn counter ("Turn 25") counts turns, not points
        patterns.append(rf"(?<![\d$])(?<!turn ){n}(?!\d)")
    return any(re.search(p, words) for p in patterns)


def giveaways(q: Any, parts: list[tuple[str, str]], places: list[str]) -> list[str]:
    found = []
    n = number_key(q)
    if n is not None:
        return [f"{where}: {words!r}" for where, words in parts if gives_number(n, q.prompt, words)]
    if isinstance(q, Choice):
        keys = [phrase(q.options[q.key])]
        rivals = [phrase(o) for i, o in enumerate(q.options) if i != q.key]
    elif isinstance(q, MapClick):
        keys = [phrase(a) for a in q.accept]
        rivals = [p for p in places if p not in keys and not any(p in k for k in keys)]
    else:
        keys, rivals = [phrase(a) for a in q.accept], []
    for where, words in parts:
        if where == "choices":
            continue
        if any(re.search(rf"\b{re.escape(k)}\b", words) for k in keys) and not any(
                re.search(rf"\b{re.escape(r)}\b", words) for r in rivals):
            found.append(f"{where}: {words!r}")
    return found


@pytest.mark.parametrize("name", LESSONS)
def test_no_question_is_answered_on_its_own_page(name: str) -> None:
    w = LessonWidget(lesson(name))
    ctx = getattr(w.game, "ctx", None)
    places = sorted({flat(s.name) for s in ctx.board.spaces.values()}) if ctx else []
    asked = 0
    for i, step in enumerate(w.lesson.steps):
        q = step.question
        if q is None:
            continue
        w.go(i)
        asked += 1
        parts = page_parts(w)
        assert giveaways(q, parts, places) == [], (step.title, q.prompt)
        page = " ".join(words for _where, words in parts)
        assert flat(q.why) not in page, step.title
        if step.reveal:
            assert flat(step.reveal) not in page, step.title
        # the question's rule chips wait for the verdict
        for rule in q.rules:
            assert f"title='rule {rule}'" not in w.q_prompt.value, (step.title, rule)
        w.submit(q.options[q.key] if isinstance(q, Choice) else q.accept[0])
        assert all(f"title='rule {rule}'" in w.q_feedback.value for rule in q.rules)
    assert asked >= 8


def test_the_check_finds_the_cases_the_issue_names() -> None:
    """The exit ticket's Opposition chip and a shown Mixed train would have been caught."""
    w = LessonWidget(lesson("freedom"))
    i = next(i for i, s in enumerate(w.lesson.steps)
             if s.question is not None and "works against the players" in s.question.prompt)
    w.go(i)
    q = w.lesson.steps[i].question
    from freight_freedom.lessons.text import citations

    chip = [("question rule chip", flat(c)) for c in chips(citations(q.rules))]  # type: ignore[union-attr]
    assert giveaways(q, chip, [])
    number = FreeText("How many people will go to the track?", why="w", hint="h",
                      accept=("3",))
    assert giveaways(number, [("narrative", flat("Three people go to the track."))], [])
    assert not giveaways(number, [("narrative", flat("Player 3 ends the turn."))], [])
    place = MapClick("Where?", why="w", hint="h", spaces=("ripley",), accept=("Ripley",))
    assert giveaways(place, [("narrative", "the catcher stops at ripley")], ["ripley",
                                                                             "cincinnati"])
    assert not giveaways(place, [("narrative", "people at cincinnati and ripley")],
                         ["ripley", "cincinnati"])
