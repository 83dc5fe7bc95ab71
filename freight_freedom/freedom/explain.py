"""Why a choice would change nothing, and why a usual choice is not offered now.

Both answers come from the engine itself, never from a second copy of the rules:

- :func:`wasted_effect` buys the card on a copy of the state and compares: if nothing but the
  purchase itself changed (money paid, the card gone from the Queue) and no decision follows, the
  card's effect would be wasted, and the engine's own words for what happened say why
  ("Player 1 has $6: a Support token costs $8 (David Walker)"), in the reader's language.
- :func:`unavailable` lists the usual choices of the pending decision that are not legal, each
  with the reason :meth:`~freight_freedom.core.game.Game.check` gives when they are tried.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ..core.action import Action
from ..core.errors import IllegalAction
from ..core.i18n import _
from ..core.say import shown
from .moves import (
    MOVES,
    BuyCard,
    BuySupport,
    BuyToken,
    PassTurn,
    PlayToken,
    TakeBenefit,
    UseSpecial,
)
from .prices import card_price
from .state import QUEUE_SIZE
from .text import token_words

if TYPE_CHECKING:
    from .game import Freedom

#: what buying a card changes by itself (the rest is the card's effect)
_PURCHASE_FIELDS = frozenset({"money", "queue", "discard", "card_bought", "did_something",
                              "effects"})


def wasted_effect(game: Freedom, action: Action) -> str | None:
    """Why buying this General card now would change nothing, or ``None`` if it would.

    Only legal ``card`` actions of General cards are judged: a Reserve card is kept for later
    and buying an Opposition card is worth it for taking it out of the Queue.
    """
    st = game.state
    move = MOVES.get(action)
    if not isinstance(move, BuyCard) or not game.is_legal(action):
        return None
    ctx = game.ctx
    pos = move.index
    cid = st.queue[pos]
    if cid is None or ctx.card_by_id[cid].kind != "general":
        return None
    after = copy.deepcopy(st)
    events = game.narrated_apply(after, action)
    if after.pending:
        return None  # a decision follows: the effect is live
    before_d, after_d = st.to_dict(), after.to_dict()
    for name, value in before_d.items():
        if name not in _PURCHASE_FIELDS and after_d[name] != value:
            return None
    money = list(after.money)
    money[action.seat] += card_price(ctx, st, action.seat, pos)
    if money != st.money:
        return None
    queue = list(st.queue)
    queue[pos] = None
    if after.queue != queue:
        return None
    said = [e.said().rstrip(".") for e in events if e.rule not in ("FR-ACT-5",)]
    return "; ".join(said) if said else _("it would change nothing now")


def _candidates(game: Freedom) -> list[tuple[str, Action]]:
    """The usual choices of the decision pending now, each with a short name."""
    st = game.state
    seat = game.to_move
    if seat is None or st.pending:
        return []
    ctx = game.ctx
    cities_only = bool(st.options.get("fundraising_cities_only"))
    out: list[tuple[str, Action]] = []
    if st.turn_ctx.phase == "planning":
        out.append((_("Support token"), BuySupport(seat).action()))
        for stack, period in ctx.stack_period.items():
            if period <= st.period:
                out.append((token_words(ctx, stack, cities_only=cities_only),
                            BuyToken(seat, stack=stack).action()))
    elif st.turn_ctx.phase == "action":
        role = ctx.roles[st.roles[seat]]
        if role.side(st.sides[seat]).benefit:
            out.append((_("{role} Benefit").format(role=shown(role.name)),
                        TakeBenefit(seat).action()))
        if role.special_phase == "action" and st.sides[seat] == 1:
            out.append((_("{role} Special Ability").format(role=shown(role.name)),
                        UseSpecial(seat).action()))
        seen: set[str] = set()
        for token in st.held[seat]:
            stack = token.stack
            if stack not in seen:
                seen.add(stack)
                out.append((_("play the {token}").format(
                    token=token_words(ctx, stack, cities_only=cities_only)),
                    PlayToken(seat, stack=stack).action()))
        for pos in range(QUEUE_SIZE):
            cid = st.queue[pos]
            if cid is not None:
                out.append((_("{card} (Queue position {n})").format(
                    card=shown(ctx.card_by_id[cid].name), n=pos + 1),
                    BuyCard(seat, position=pos + 1).action()))
        out.append((_("Pass for income"), PassTurn(seat).action()))
    return out


def unavailable(game: Freedom) -> list[str]:
    """The usual choices of the pending decision that are not legal now, with the reason.

    E.g. ``"Support token: not enough money: a Support token costs $10, you have $8"``. The
    reasons are the engine's own (what :meth:`check` raises when the action is tried).
    """
    by_reason: dict[str, list[str]] = {}
    for name, action in _candidates(game):
        if game.is_legal(action):
            continue
        try:
            game.check(action)
        except IllegalAction as err:
            by_reason.setdefault(_reason(err), []).append(name)
    return [_("{choices}: {reason}").format(choices=_and(names), reason=reason)
            for reason, names in by_reason.items()]


def _and(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the end of a list: "Boston, Detroit and Canada"
    return _("{rest} and {last}").format(rest="; ".join(names[:-1]), last=names[-1])


def _reason(err: IllegalAction) -> str:
    reason = getattr(err, "reason", None)
    return str(reason if reason is not None else err)


def warnings(game: Freedom) -> list[str]:
    """A line for each card that can be bought now but whose effect would be wasted."""
    st = game.state
    out = []
    for action in game.legal_actions():
        move = MOVES.read(action)
        if isinstance(move, BuyCard):
            why = wasted_effect(game, action)
            if why:
                cid = st.queue[move.index]
                name = shown(game.ctx.card_by_id[str(cid)].name)
                out.append(_("{card} would have no effect now: {why}").format(card=name,
                                                                             why=why))
    return out


def explain(game: Any) -> dict[str, list[str]]:
    """Both lists at once, for a view that shows them together."""
    return {"unavailable": unavailable(game), "warnings": warnings(game)}
