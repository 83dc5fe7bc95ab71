"""The verbs of Freedom, one action kind per unit, found by name.

==================  ==================================================  ==================
verb                what the player does                                module
==================  ==================================================  ==================
``roll``            roll the Slave Catcher and Movement dice            :mod:`.roll`
``support``         buy a Support token (Planning)                      :mod:`.tokens`
``buy``             buy a Conductor or Fundraising token (Planning)     :mod:`.tokens`
``special``         use the Role card's Special Ability                 :mod:`.special`
``call``            ask the Station Master to use it now                :mod:`.special`
``done``            finish the Planning turn                            :mod:`.done`
``benefit``         take the Role Benefit (Action)                      :mod:`.benefit`
``play``            play a held token (Action)                          :mod:`.play`
``card``            buy a Queue card (Action)                           :mod:`.card`
``reserve``         play the Reserve card                               :mod:`.reserve`
``pass`` ``end``    pass for income, or end the turn (Action)           :mod:`.turn_end`
``deliver``         choose where the Slave Market sends a person        :mod:`.deliver`
others              a pending decision's choices (words only)           :mod:`.choices`
==================  ==================================================  ==================

Every verb is a :class:`~.base.Verb` (a core :class:`~...core.verb.Verb`) that owns its legal
actions, apply, words and the reason an action is not legal (see :mod:`.base`); :data:`VERBS` is
Freedom's core :class:`~...core.verb.Verbs` table. A phase lists the verbs it offers
(:func:`named`); :func:`apply`, :func:`describe` and :func:`why_not` look the verb up by the
action's kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.i18n import _
from ..context import Ctx
from ..moves import MOVES
from ..state import FreedomState
from . import benefit, card, choices, deliver, done, play, reserve, roll, special, tokens, turn_end
from .base import VERBS, Verb

if TYPE_CHECKING:
    from ...core.event import Event
    from ..game import Freedom

__all__ = [
    "VERBS", "Verb", "apply", "benefit", "card", "choices", "deliver", "describe", "done", "named",
    "offered", "offers_any", "play", "reserve", "roll", "special", "tokens", "turn_end", "why_not",
]


def named(*kinds: str) -> tuple[Verb, ...]:
    """The verbs of ``kinds``, in that order: what a phase offers."""
    return VERBS.named(*kinds)


def offered(ctx: Ctx, st: FreedomState, seat: int, verbs: tuple[Verb, ...]) -> list[Action]:
    """The legal actions of ``verbs`` for ``seat``, verb by verb in order (what a core
    :meth:`~...core.phase.Phase.offered` lists for a phase's own verbs)."""
    out: list[Action] = []
    for verb in verbs:
        verb.offer(ctx, st, seat, out)
    return out


def offers_any(ctx: Ctx, st: FreedomState, seat: int, verbs: tuple[Verb, ...]) -> bool:
    """Whether any of ``verbs`` offers ``seat`` an action now: :func:`offered` that stops at
    the first verb with one (a phase asks this before every decision)."""
    out: list[Action] = []
    for verb in verbs:
        verb.offer(ctx, st, seat, out)
        if out:
            return True
    return False


def apply(ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
    """Carry out a legal phase action by its verb."""
    VERBS[action.kind].apply(ctx, st, action, ev)


def describe(game: Freedom, action: Action) -> str:
    """``action`` in words: the pending decision's words for it, else its verb's, else
    "Player N kind"."""
    st = game.state
    who = _("Player {n}").format(n=action.seat + 1)
    top = st.pending[-1] if st.pending else None
    words = top.describe(game.ctx, st, action, who) if top is not None else None
    verb = VERBS.get(action.kind)
    if words is None and verb is not None:
        move = MOVES.get(action)
        if move is not None:
            words = verb.words(game, move, who)
        if words is None and 0 <= action.seat < st.players:
            words = verb.seat_words(game, action.seat, who)
    return words if words is not None else _("{who} {kind}").format(who=who, kind=action.kind)


def why_not(ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
    """Rule and reason ``action`` is not legal now: its verb's, else the pending decision's,
    else ``None`` (the game's general reason)."""
    verb = VERBS.get(action.kind)
    reason = verb.explain(ctx, st, action) if verb is not None else None
    if reason is None and st.pending:
        reason = st.pending[-1].why_not(ctx, st, action)
    return reason
