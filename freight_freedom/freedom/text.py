"""A plain-text board of a Freedom game: what ``str(game)`` prints (and the HTML fallback shows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .context import context
from .state import PHASE_NAMES, QUEUE_PRICES

if TYPE_CHECKING:
    from .game import Freedom


def render_text(game: Freedom) -> str:
    """Round and phase, tracks, players, Queue, Slave Market, catchers and occupied spaces."""
    ctx = context()
    st = game.state
    side = ctx.victory_side(st)
    lines = [
        f"Freedom - round {st.round}/8, {PHASE_NAMES[st.phase]} phase, Period {st.period}, "
        f"Lead Player {st.lead + 1}",
        f"Freed {st.freed}/{side.freed}   Lost {st.lost}/{side.lost}   Support "
        f"{sum(st.support_bought)}/{sum(st.support_bought) + sum(st.support_left)}   "
        f"Supply {st.supply}",
    ]
    for seat in range(st.players):
        held = ", ".join(s + (" (grey)" if g else "") for s, g in st.held[seat]) or "-"
        rid = st.reserve[seat]
        res = ctx.card_by_id[rid].name if rid else "-"
        lines.append(f"  Player {seat + 1}: {st.roles[seat]} (side {st.sides[seat]}), "
                     f"${st.money[seat]}, tokens {held}, reserve {res}")
    queue = []
    for pos, cid in enumerate(st.queue):
        name = ctx.card_by_id[cid].name if cid else "(empty)"
        queue.append(f"{pos + 1}:{name} ${QUEUE_PRICES[pos]}")
    lines.append("Queue: " + " | ".join(queue))
    lines.append("Slave Market (bottom first): " + ", ".join(
        f"{c['card']}={c['people']}" for c in st.market) + f"; deck {len(st.market_deck)}")
    lines.append("Slave Catchers: " + ", ".join(
        f"{c} at {ctx.name(s)}" for c, s in st.catchers.items()))
    occupied = [f"{ctx.name(s)} {n}" for s, n in st.people.items() if n]
    lines.append("People: " + (", ".join(occupied) or "none on the map"))
    lines.append(str(game.prompt))
    return "\n".join(lines)
