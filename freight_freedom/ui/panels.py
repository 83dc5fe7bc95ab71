"""The texts of the app's decision column, as escaped HTML: each a function of the game shown
or its view (computed once per refresh), its :class:`~.adapter.GameUI` (the game's words) and,
where it matters, the selection.

:class:`~freight_freedom.ui.app.GameApp` sets them in :meth:`~freight_freedom.ui.app.GameApp.
refresh`; they read the game and change nothing.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from ..core.game import Game
from ..core.i18n import _, ngettext
from ..core.say import shown
from .adapter import GameUI, Selection


def note_html(text: str) -> str:
    """One short note (what a click on the map did, or why it did nothing)."""
    return (f"<div role='status' style='padding:2px 8px;background:#fff4d6;"
            f"border-left:4px solid #f9a825'>{html.escape(text)}</div>")


def title_html(ui: GameUI, caption: str, steps: int) -> str:
    """The title line: the game's name, ``caption`` (already escaped: the seed, or the table's
    caption) and the number of steps played."""
    count = html.escape(ngettext("{n} steps", "{n} steps", steps).format(n=steps))
    return (f"<b style='font-size:16px'>{html.escape(ui.title)}</b> "
            f"<span style='color:#666'>{caption} &middot; {count}</span>&nbsp;")


def viewing_html(viewing: int, steps: int) -> str:
    """The banner over a past position shown from the move list (read-only)."""
    head = _("Viewing step {step} of {steps}").format(step=viewing, steps=steps)
    rest = _("(read-only): the board as it was then.")
    return ("<div role='status' style='padding:4px 8px;background:#fde7e9;"
            f"border-left:5px solid #b3261e'><b>{html.escape(head)}</b> "
            f"{html.escape(rest)}</div>")


def words_html(ui: GameUI, view: Any) -> str:
    """The board in words (the game's summary rows of ``view``), one click away for every
    reader."""
    try:
        rows = ui.summary(view)
    except Exception:  # noqa: BLE001 - a summary must never break the app
        rows = []
    if not rows:
        return ""
    items = "".join(f"<dt style='font-weight:bold'>{html.escape(str(k))}</dt>"
                    f"<dd style='margin:0 0 3px 12px'>{html.escape(str(v))}</dd>"
                    for k, v in rows)
    head = html.escape(_("The board in words"))
    more = html.escape(_("Every table of the state: the State tab below."))
    return (f"<details style='font-size:13px;margin:4px 0'><summary><b>{head}"
            "</b></summary><dl style='margin:2px 0'>"
            f"{items}</dl><span style='color:#555'>{more}</span></details>")


def unavailable_html(ui: GameUI, game: Game[Any], view: Any) -> str:
    """Why a choice a student may look for is not offered now (e.g. Support: not enough
    money), in the engine's own words (``view`` is ``game``'s)."""
    if game.is_over:
        return ""
    reasons = ui.unavailable(view)
    if not reasons:
        return ""
    items = "".join(f"<li>{html.escape(ui.words(r))}</li>" for r in reasons)
    head = html.escape(_("Not possible now:"))
    return (f"<div style='font-size:13px;color:#555;margin:2px 0'><b>{head}</b>"
            f"<ul style='margin:0;padding-left:18px'>{items}</ul></div>")


def recent_html(ui: GameUI, game: Game[Any], selection: Selection,
                title: str | None = None, limit: int = 8) -> str:
    """The events since the human's last decision (bots' replies included), newest last,
    under ``title`` (escaped here; default "What just happened")."""
    title = html.escape(_("What just happened") if title is None else title)
    since = selection.since
    log = game.log
    if since is None or since >= len(log):
        return ""
    events = list(log[since:])
    shown = events[-limit:]
    more = len(events) - len(shown)
    items = "".join(f"<li>{html.escape(ui.words(e.said()))}</li>" for e in shown)
    earlier = ngettext("{n} earlier events: see the Log tab",
                       "{n} earlier events: see the Log tab", more).format(n=more)
    head = f"<li><i>{html.escape(earlier)}</i></li>" if more else ""
    return ("<details open style='font-size:13px;margin:4px 0'><summary><b>"
            f"{title}</b>{ui.recent_note}</summary>"
            f"<ul style='margin:2px 0 0 0;padding-left:18px'>{head}{items}</ul></details>")


def prompt_html(ui: GameUI, game: Game[Any], who: Callable[[int], str]) -> str:
    """Whose decision it is and what to decide, in words; ``who(seat)`` says who plays a seat
    ("human", a bot's name, a classmate's). The rule's text is a click away under the choices
    (:attr:`~freight_freedom.ui.app.GameApp.rule`)."""
    prompt = game.prompt
    where = html.escape(counted(ui.turn_word, game.round))
    if game.is_over:
        where += " &middot; " + html.escape(_("game over"))
    elif ui.turn_word == "Round":
        where += " &middot; " + html.escape(_("{phase} phase").format(phase=shown(game.phase)))
    if game.is_over:
        over = html.escape(_("Game over."))
        body = f"<b>{over}</b> {html.escape(ui.words(ui.outcome(game)))}"
        colour = "#555"
    else:
        seat = prompt.seat if prompt.seat is not None else game.to_move
        player = "" if seat is None else _("Player {n} ({who})").format(n=seat + 1, who=who(seat))
        body = f"<b>{html.escape(player)}:</b> {html.escape(ui.words(prompt.text))}"
        colour = "#0b57d0"
    label = html.escape(_("Decision"), quote=True)
    return (
        f"<div role='status' aria-live='polite' aria-label='{label}' "
        f"style='border-left:5px solid {colour};padding:4px 10px;background:#f6f8fc'>"
        f"<span style='color:#666'>{where}</span><br>{body}</div>"
    )


def counted(word: str, number: object) -> str:
    """"Round 3" / "Turn 3" in the app's language (another game's word as it is)."""
    if word == "Round":
        return _("Round {n}").format(n=number)
    if word == "Turn":
        return _("Turn {n}").format(n=number)
    return f"{word} {number}"
