"""What a student reads on a lesson's screen: the engine's texts and the legal actions in the
game's on-screen words (``GameUI.words``: no rule codes), a rule ID only in a tooltip, the
verdict box, a space's name, a history note, the teacher's view, and the lesson's outline for a
page without a kernel; and the language a lesson's or a puzzle's widget speaks (:func:`speaking`).
"""

from __future__ import annotations

import functools
import html
import re
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from ..core.i18n import _, check_language, chosen, using
from ..core.say import shown
from .model import Lesson, Step
from .questions import Choice, Graded
from .text import inline

F = TypeVar("F", bound=Callable[..., Any])


def speaking(method: F) -> F:
    """Run ``method`` in the widget's language (its ``lang``): what it draws and answers."""

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with using(self.lang):
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


def widget_language(lang: str | None) -> str | None:
    """The language a lesson or puzzle widget is drawn in: ``lang`` if given, else the one the
    :func:`~freight_freedom.core.i18n.using` block it is made in chose, else ``None`` (the
    package's)."""
    if lang is None:
        lang = chosen()
    return None if lang is None else check_language(lang)

_RULE_ID = re.compile(r"(?:FR|SF)-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def screen_words(game: Any, text: str) -> str:
    """An engine text as a student reads it on ``game``'s screen: the game's own on-screen
    words (no rule codes; Slow Freight's trains by their letters, its Movement cards by kind),
    as a sentence (a capital letter first)."""
    from ..ui.adapter import ui_for

    words = str(ui_for(game).words(str(text)))
    return words[:1].upper() + words[1:]


def action_words(game: Any, action: Any) -> str:
    """A legal action (an action or its notation) in words, as the game's app labels it."""
    from ..ui.adapter import ui_for

    if isinstance(action, str):
        action = next((a for a in game.legal_actions() if str(a) == action), action)
    ui = ui_for(game)
    return str(ui.words(ui.describe(game, action)))


def status_box(colour: str, text: str) -> str:
    return (f"<div role='status' style='padding:4px 8px;margin:4px 0;background:{colour};"
            f"border-radius:3px'>{text}</div>")


def event_words(game: Any, event: Any) -> str:
    """An event of ``game``'s log as a student reads it, in the language of the moment (its
    ``said()`` words; an event without them, its text)."""
    said = getattr(event, "said", None)
    return screen_words(game, said() if callable(said) else event.text)


def rule_tooltip(rule: str) -> str:
    """A ``title`` attribute naming a rule ID (for the teacher), or nothing for a set-up."""
    if not _RULE_ID.fullmatch(rule):
        if rule != "SCENARIO":
            return ""
        # TRANSLATORS: the tooltip of an event the teacher's set-up made
        tip = _("set up by the teacher")
    else:
        tip = _("rule {rule}").format(rule=rule)
    return " title='" + html.escape(tip, quote=True) + "'"


def verdict_html(graded: Graded) -> str:
    return status_box("#e3f4e1" if graded.ok else "#fdecea", inline(graded.text))


def outline_html(lesson: Lesson) -> str:
    """The lesson's parts, minutes, objectives and step titles as static HTML (no kernel), in
    the language of the moment."""
    rows = []
    for i, part in enumerate(lesson.parts):
        titles = "; ".join(inline(shown(lesson.steps[j].title)) for j in lesson.steps_of(i))
        minutes = html.escape(_("{minutes} min").format(minutes=part.minutes))
        rows.append(f"<tr><td>{i + 1}. {inline(shown(part.title))}</td><td>{minutes}</td>"
                    f"<td style='text-align:left'>{inline(shown(part.objective))}</td>"
                    f"<td style='text-align:left'>{titles}</td></tr>")
    how = _("({n} minutes; run the notebook to step through it)").format(n=lesson.minutes)
    heads = "".join(f"<th>{html.escape(word)}</th>" for word in (
        _("Part"), _("Time"), _("Objective"), _("Steps")))
    return (f"<div class='ff-lesson-outline'><b>{inline(shown(lesson.title))}</b> "
            f"{html.escape(how)}<table><tr>{heads}</tr>" + "".join(rows) + "</table></div>")


def space_name(game: Any, space: str) -> str:
    """A map space's name in the language of the moment (its id when the game has no map)."""
    try:
        return shown(str(game.ctx.name(space)))
    except Exception:  # noqa: BLE001 - Slow Freight has no map
        return space


def history_note(game: Any, key: str) -> tuple[str, str] | None:
    """``(name, note)`` of a map space or a card of Freedom, or None, in the language of the
    moment (the components' names and notes are in the catalog)."""
    ctx = getattr(game, "ctx", None)
    if ctx is None:
        return None
    try:
        space = ctx.board.space(key)
        return shown(str(space.name)), shown(str(space.note))
    except Exception:  # noqa: BLE001 - not a space: try the cards
        pass
    try:
        card = ctx.cards.by_id(key)
        return shown(str(card.name)), shown(str(card.note))
    except Exception:  # noqa: BLE001
        return None


def teacher_html(step: Step, answers: list[str], results: dict[int, bool]) -> str:
    """The teacher's view of ``step``: the key and why, the printed rules' answers too, the
    class's ``answers`` tallied, what Check looks for, and how many of the questions and tasks
    answered so far (``results``) were right."""
    rows = []

    def row(label: str, words: str) -> str:
        return f"<b>{html.escape(label)}</b> {words}"

    q = step.question
    if q is not None:
        tally = ", ".join(f"{html.escape(a)} &times;{n}" for a, n in
                          Counter(answers).most_common())
        rows.append(row(_("Key:"), inline(q.key_text())))
        rows.append(row(_("Why:"), inline(shown(q.why))))
        if isinstance(q, Choice):
            rows += [row(_("Also right:"), f"{inline(shown(q.options[k]))}. {inline(shown(why))}")
                     for k, why in q.also]
        rows.append(row(_("Answers given:"), tally or html.escape(_("none yet"))))
    if step.try_it is not None:
        rows.append(row(_("What Check looks for:"), inline(shown(step.try_it.hint))))
    rows.append(row(_("Class so far:"), html.escape(_(
        "{done} of {n} questions and tasks answered right").format(
            done=sum(results.values()), n=len(results)))))
    return status_box("#fff4d6", "<br>".join(rows))
