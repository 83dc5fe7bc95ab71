"""Pending decisions inside a card, token or role effect: their legal actions and resolution.

A pending decision is a dict on ``state.pending`` (top = last) with a ``kind`` and the ``seat``
deciding. Kinds: ``move`` (people to move under a token, card or role), ``catcher_move``,
``queue_remove``, ``support_offer``, ``capture_choice`` and ``reaction`` (a Reserve card that may
answer the Slave Catcher roll, see :mod:`.phase_catcher`).
"""

from __future__ import annotations

from typing import Any

from ..core.action import Action
from ..core.event import Event
from . import phase_catcher
from .actions import act
from .context import Ctx
from .effects import any_move_option, capture_candidates, choose_capture, move_options
from .movement import move_catcher, move_person
from .phase_planning import buy_support
from .state import FreedomState


def catcher_targets(ctx: Ctx, st: FreedomState, spaces: int) -> list[tuple[str, str]]:
    """Every (colour, space) a card may move a catcher to: up to ``spaces`` along its path."""
    out = []
    for colour, path in ctx.paths.items():
        i = ctx.path_index[colour][st.catchers[colour]]
        for j in range(max(0, i - spaces), min(len(path), i + spaces + 1)):
            if j != i:
                out.append((colour, path[j]))
    return out


def legal(ctx: Ctx, st: FreedomState, pending: dict[str, Any]) -> list[Action]:
    seat = int(pending["seat"])
    kind = pending["kind"]
    if kind == "move":
        out = [act(seat, "move", a, b) for a, b in move_options(ctx, st, pending)]
        out.append(act(seat, "stop"))
        return out
    if kind == "catcher_move":
        out = [act(seat, "catcher", c, s) for c, s in catcher_targets(ctx, st, pending["spaces"])]
        out.append(act(seat, "skip"))
        return out
    if kind == "queue_remove":
        out = [act(seat, "remove", i + 1) for i, c in enumerate(st.queue) if c is not None]
        out.append(act(seat, "stop"))
        return out
    if kind == "support_offer":
        return [act(seat, "buy_support"), act(seat, "decline")]
    if kind == "capture_choice":
        return [act(seat, "capture", s) for s in capture_candidates(ctx, st)]
    if kind == "reaction":
        return phase_catcher.legal_reaction(ctx, st, pending)
    raise ValueError(f"unknown pending decision {kind!r}")


def apply(ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
    pending = st.pending[-1]
    kind = pending["kind"]
    seat = action.seat
    if kind == "reaction":
        phase_catcher.apply_reaction(ctx, st, action, ev)
        return
    if action.kind in ("stop", "skip", "decline"):
        st.pending.pop()
        what = {"move": "stops moving people", "catcher_move": "leaves the Slave Catchers",
                "queue_remove": "stops removing cards",
                "support_offer": "declines the Support token"}[kind]
        rule = {"move": "FR-MOVE-1", "catcher_move": "FR-EFF-CATCHER-MOVE",
                "queue_remove": "FR-EFF-QUEUE-REMOVE", "support_offer": "FR-EFF-SUPPORT"}[kind]
        ev.append(Event(rule, f"Player {seat + 1} {what} ({pending['source']}).",
                        {"seat": seat}))
        return
    if kind == "move":
        origin, dest = str(action.args[0]), str(action.args[1])
        pending["left"] -= 1
        move_person(ctx, st, seat, origin, dest, safe=bool(pending["safe"]), ev=ev,
                    moved=pending["moved"])
        if st.phase != "over" and st.pending and st.pending[-1] is pending and (
                pending["left"] <= 0 or not any_move_option(ctx, st, pending)):
            st.pending.pop()
    elif kind == "catcher_move":
        st.pending.pop()
        colour, dest = str(action.args[0]), str(action.args[1])
        move_catcher(ctx, st, colour, dest, ev, "FR-EFF-CATCHER-MOVE", f" ({pending['source']})")
    elif kind == "queue_remove":
        pos = int(action.args[0]) - 1
        cid = st.queue[pos]
        assert cid is not None
        st.queue[pos] = None
        st.discard.append(cid)
        ev.append(Event("FR-EFF-QUEUE-REMOVE", f"{ctx.card_by_id[cid].name} is removed from the "
                        f"Queue without effect ({pending['source']}).", {"card": cid}))
        pending["left"] -= 1
        if pending["left"] <= 0 or all(c is None for c in st.queue):
            st.pending.pop()
    elif kind == "support_offer":
        st.pending.pop()
        buy_support(ctx, st, seat, int(pending["price"]), ev, "FR-EFF-SUPPORT")
    elif kind == "capture_choice":
        choose_capture(ctx, st, str(action.args[0]), ev)
    else:  # pragma: no cover
        raise ValueError(f"unknown pending decision {kind!r}")
