"""What a student reads on a lesson's screen: the engine's texts and the legal actions in the
game's on-screen words (``GameUI.words``: no rule codes), a rule ID only in a tooltip, the
verdict box, a space's name, and the lesson's outline for a page without a kernel.
"""

from __future__ import annotations

import html
import re
from typing import Any

from .model import Lesson
from .questions import Graded
from .text import inline

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


def rule_tooltip(rule: str) -> str:
    """A ``title`` attribute naming a rule ID (for the teacher), or nothing for a set-up."""
    if not _RULE_ID.fullmatch(rule):
        return " title='set up by the teacher'" if rule == "SCENARIO" else ""
    return f" title='rule {html.escape(rule, quote=True)}'"


def verdict_html(graded: Graded) -> str:
    return status_box("#e3f4e1" if graded.ok else "#fdecea", inline(graded.text))


def outline_html(lesson: Lesson) -> str:
    """The lesson's parts, minutes, objectives and step titles as static HTML (no kernel)."""
    rows = []
    for i, part in enumerate(lesson.parts):
        titles = "; ".join(inline(lesson.steps[j].title) for j in lesson.steps_of(i))
        rows.append(f"<tr><td>{i + 1}. {inline(part.title)}</td><td>{part.minutes} min</td>"
                    f"<td style='text-align:left'>{inline(part.objective)}</td>"
                    f"<td style='text-align:left'>{titles}</td></tr>")
    return (f"<div class='ff-lesson-outline'><b>{inline(lesson.title)}</b> "
            f"({lesson.minutes} minutes; run the notebook to step through it)"
            "<table><tr><th>Part</th><th>Time</th><th>Objective</th><th>Steps</th></tr>"
            + "".join(rows) + "</table></div>")


def space_name(game: Any, space: str) -> str:
    try:
        return str(game.ctx.name(space))
    except Exception:  # noqa: BLE001 - Slow Freight has no map
        return space
