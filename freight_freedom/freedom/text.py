"""A plain-text board of a Freedom game: what ``str(game)`` prints (and the HTML fallback shows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .context import Ctx
from .state import PHASE_NAMES, QUEUE_PRICES

if TYPE_CHECKING:
    from .cards import Effect
    from .game import Freedom


def render_text(game: Freedom) -> str:
    """Round and phase, tracks, players, Queue, Slave Market, catchers and occupied spaces."""
    ctx = game.ctx
    st = game.state
    side = ctx.victory_side(st)
    lines = [
        f"Freedom - round {st.round}/8, {PHASE_NAMES[st.turn_ctx.phase]} phase, Period "
        f"{st.period}, Lead Player {st.lead + 1}",
        f"Freed {st.freed}/{side.freed}   Lost {st.lost}/{side.lost}   Support "
        f"{sum(st.support_bought)}/{sum(st.support_bought) + sum(st.support_left)}   "
        f"Supply {st.supply}",
    ]
    for seat in range(st.players):
        held = ", ".join(h.stack + (" (grey)" if h.grey else "") for h in st.held[seat]) or "-"
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
        f"{c.card}={c.people}" for c in st.market) + f"; deck {len(st.market_deck)}")
    lines.append("Slave Catchers: " + ", ".join(
        f"{c} at {ctx.name(s)}" for c, s in st.catchers.items()))
    occupied = [f"{ctx.name(s)} {n}" for s, n in st.people.items() if n]
    lines.append("People: " + (", ".join(occupied) or "none on the map"))
    lines.append(str(game.prompt))
    return "\n".join(lines)


# ---------------------------------------------------------------------- words for choices
ROMAN = {1: "I", 2: "II", 3: "III"}


def plural(n: int, one: str, many: str) -> str:
    """``1 person`` / ``3 people``."""
    return f"{n} {one if n == 1 else many}"


def region_words(region: str, *, cities_only: bool = False) -> str:
    if region == "south":
        return "green southern cities" if cities_only else "green southern spaces"
    return "blue northern cities"


def token_words(ctx: Ctx, stack: str, *, cities_only: bool = False) -> str:
    """A token in words, with the period column it comes from (two columns can hold the same
    token): ``"Period I Conductor token: 2 people x 1 space"``."""
    period = ROMAN.get(ctx.stack_period.get(stack, 0), "?")
    if ctx.stack_kind.get(stack) == "conductor":
        cs = ctx.conductor(stack)
        return (f"Period {period} Conductor token: {plural(cs.people, 'person', 'people')} x "
                f"{plural(cs.spaces, 'space', 'spaces')}")
    fs = ctx.fundraising(stack)
    return (f"Period {period} Fundraising token: ${fs.per_person} per person in the "
            f"{region_words(fs.region, cities_only=cities_only)}")


#: Role effects in words, by kind (``{n}``: the effect's amount or count, ``{people}`` and
#: ``{cards}``: that many, in words); :func:`effect_words` words the two kinds with places
ROLE_EFFECT_WORDS = {
    "money": "gain ${n}",
    "money_each": "every player gains ${n}",
    "catcher_cut": "the next Slave Catcher that would capture someone in this Action phase "
                   "stays put",
    "market_remove_each": "take {people} off each Slave Market card",
    "safe_turn": "moves trigger no Slave Catchers for the rest of the turn",
    "queue_remove": "remove {cards} from the Abolitionist Queue without effect",
    "card_discount": "Abolitionist cards cost you ${n} less",
    "conductor_discount": "Conductor tokens cost you ${n} less",
    "fundraising_bonus": "your Fundraising tokens raise ${n} more",
}


def effect_words(ctx: Ctx, effect: Effect) -> str:
    """One Role effect in words: ``"gain $1"``, ``"move 2 people up to 1 space each"``."""
    k = effect.kind
    n = int(effect.get("amount", effect.get("count", effect.get("people", 0))) or 0)
    people = plural(n, "person", "people")
    if k == "move":
        spaces = int(effect.get("spaces", 0))
        safe = " (no Slave Catchers triggered)" if effect.get("safe") else ""
        return f"move up to {people} up to {plural(spaces, 'space', 'spaces')} each{safe}"
    if k == "move_to":
        return (f"move up to {people} from the plantations straight to "
                f"{ctx.name(str(effect.get('destination')))}")
    words = ROLE_EFFECT_WORDS.get(k)
    if words is None:
        return k.replace("_", " ")
    return words.format(n=n, people=people, cards=plural(n, "card", "cards"))


def benefit_words(ctx: Ctx, role: str, side: int) -> str:
    """The Benefit of a Role card's side, active and passive parts: ``"gain $1; Abolitionist
    cards cost you $1 less (always)"``; ``"none"`` when the side has neither."""
    rs = ctx.roles[role].side(side)
    parts = [effect_words(ctx, e) for e in rs.benefit]
    text = ", then ".join(parts)
    always = "; ".join(effect_words(ctx, e) for e in rs.passive)
    if always:
        text = f"{text}; always: {always}" if text else f"always: {always}"
    return text or "none"
