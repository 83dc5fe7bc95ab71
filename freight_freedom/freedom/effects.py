"""Every effect kind of ``docs/rules/freedom_card_effects.md``, implemented once.

Cards and roles are data; their effects are small dicts ``{"kind": ..., <params>}``. Resolving a
card appends its effects, tagged with the seat and source, to ``state.effects``; the engine runs
them in order with :func:`run_effect`. An effect that needs a decision (which person moves where,
which catcher, which Queue card) pushes a *pending decision* onto ``state.pending`` and the engine
waits for the matching action; the rest of the card waits behind it. Effects of Opposition cards
that hold while the card is in the Queue are not run: :func:`queue_modifiers` reads them.
"""

from __future__ import annotations

from typing import Any

from ..core.event import Event
from .context import Ctx
from .movement import (
    add_lost,
    capture_at,
    catcher_spaces,
    destinations,
    move_catcher,
    stops,
)
from .state import FreedomState

QUEUE_KINDS = frozenset({
    "token_limit", "conductor_cost", "support_cost", "card_cost", "fundraising_cut",
    "pass_income_cut", "catcher_extra",
})
RUN_KINDS = frozenset({
    "money", "money_each", "move", "support_discount", "fundraise", "market_remove",
    "catcher_move", "queue_remove", "cancel_catcher_roll", "reduce_catcher_roll",
    "capture_near_catchers", "catchers_advance", "market_add", "money_loss_each", "lost_add",
    "token_remove", "catcher_cut", "market_remove_each", "move_to", "safe_turn",
})
ALL_KINDS = QUEUE_KINDS | RUN_KINDS
RULE = {
    "money": "FR-EFF-MONEY", "money_each": "FR-EFF-MONEY-EACH", "move": "FR-EFF-MOVE",
    "support_discount": "FR-EFF-SUPPORT", "fundraise": "FR-EFF-FUNDRAISE",
    "market_remove": "FR-EFF-MARKET-REMOVE", "catcher_move": "FR-EFF-CATCHER-MOVE",
    "queue_remove": "FR-EFF-QUEUE-REMOVE", "cancel_catcher_roll": "FR-EFF-CANCEL-ROLL",
    "reduce_catcher_roll": "FR-EFF-REDUCE-ROLL", "capture_near_catchers": "FR-EFF-CAPTURE-NEAR",
    "catchers_advance": "FR-EFF-CATCHERS-ADVANCE", "market_add": "FR-EFF-MARKET-ADD",
    "money_loss_each": "FR-EFF-MONEY-LOSS", "lost_add": "FR-EFF-LOST-ADD",
    "token_remove": "FR-EFF-TOKEN-REMOVE", "catcher_cut": "FR-EFF-ROLE-CATCHER-CUT",
    "market_remove_each": "FR-EFF-ROLE-MARKET-EACH", "move_to": "FR-EFF-ROLE-MOVE-TO",
    "safe_turn": "FR-EFF-ROLE-SAFE-TURN",
}


def effect_dict(effect: Any) -> dict[str, Any]:
    """An effect as a plain dict, from a card's Effect value or a role's dict."""
    if isinstance(effect, dict):
        return dict(effect)
    params = getattr(effect, "params", {})
    return {"kind": effect.kind, **dict(params)}


def queue_effects(
    st: FreedomState, seat: int, effects: Any, source: str, *, front: bool = False
) -> None:
    """Schedule ``effects`` (in order) for ``seat``; ``front`` runs them before anything queued."""
    items = [{**effect_dict(e), "seat": seat, "source": source} for e in effects]
    if front:
        st.effects[:0] = items
    else:
        st.effects.extend(items)


def queue_modifiers(ctx: Ctx, st: FreedomState) -> dict[str, int]:
    """The summed effects of Opposition cards that hold while in the Queue [FR-CARD-7].

    ``token_limit`` is the smallest limit in force (2 when none is).
    """
    mods = {k: 0 for k in QUEUE_KINDS}
    mods["token_limit"] = 2
    for cid in st.queue:
        if cid is None:
            continue
        card = ctx.card_by_id[cid]
        if card.kind != "opposition" or card.trigger != "queue":
            continue
        for e in card.effects:
            d = effect_dict(e)
            k = d["kind"]
            if k == "token_limit":
                mods[k] = min(mods[k], int(d["max"]))
            elif k == "catcher_extra":
                mods[k] += int(d["spaces"])
            elif k in QUEUE_KINDS:
                mods[k] += int(d["delta"])
    return mods


def _name(seat: int) -> str:
    return f"Player {seat + 1}"


def region_people(ctx: Ctx, st: FreedomState, region: str) -> int:
    """People standing in the green southern spaces (with plantations) or blue northern cities.

    With ``fundraising_cities_only`` the plantations do not count [FR-RULING-FUNDRAISING].
    """
    reg = ctx.region
    skip = ctx.plantation_set if st.options.get("fundraising_cities_only") else frozenset()
    return sum(n for s, n in st.people.items() if n and reg[s] == region and s not in skip)


def movable_origins(ctx: Ctx, st: FreedomState, pending: dict[str, Any]) -> list[str]:
    """Spaces holding a person this movement may still move [FR-MOVE-2]."""
    moved = pending["moved"]
    plantation_only = pending.get("origin") == "plantation"
    out = []
    for s in ctx.map_spaces:
        n = st.people[s]
        if n and n > moved.get(s, 0) and (not plantation_only or s in ctx.plantation_set):
            out.append(s)
    return out


def move_options(ctx: Ctx, st: FreedomState, pending: dict[str, Any]) -> list[tuple[str, str]]:
    """Every (origin, destination) the pending movement allows now, in map order."""
    out: list[tuple[str, str]] = []
    to = pending.get("to")
    blocked = catcher_spaces(st)
    for origin in movable_origins(ctx, st, pending):
        if to is not None:
            cap = ctx.capacity[to]
            if to != origin and to not in blocked and (cap is None or st.people[to] < cap):
                out.append((origin, to))
            continue
        for dest in destinations(ctx, st, origin, pending["spaces"], blocked):
            out.append((origin, dest))
    return out


def any_move_option(ctx: Ctx, st: FreedomState, pending: dict[str, Any]) -> bool:
    """Whether the pending movement has at least one legal move (stops at the first found)."""
    to = pending.get("to")
    blocked = catcher_spaces(st)
    people = st.people
    cap = ctx.capacity
    for origin in movable_origins(ctx, st, pending):
        if to is not None:
            c = cap[to]
            if to != origin and to not in blocked and (c is None or people[to] < c):
                return True
            continue
        for dest in ctx.reachable(origin, pending["spaces"], blocked | stops(ctx, st)):
            if dest in blocked:
                continue
            c = cap[dest]
            if c is None or people[dest] < c:
                return True
    return False


def support_price(ctx: Ctx, st: FreedomState) -> int:
    return max(0, int(ctx.tokens.support_price) + queue_modifiers(ctx, st)["support_cost"])


def capture_candidates(ctx: Ctx, st: FreedomState) -> list[str]:
    """Spaces with people nearest a catcher: on its space, else next to it [FR-EFF-CAPTURE-NEAR]."""
    held = catcher_spaces(st)
    on = [s for s in ctx.map_spaces if st.people[s] and s in held]
    if on:
        return on
    near: set[str] = set()
    for c in held:
        near.update(ctx.board.neighbours(c))
    return [s for s in ctx.map_spaces if st.people[s] and s in near and s not in ctx.canada_set]


def run_effect(ctx: Ctx, st: FreedomState, item: dict[str, Any], ev: list[Event]) -> None:
    """Resolve one scheduled effect (see the module docstring)."""
    kind = item["kind"]
    seat = int(item["seat"])
    source = item["source"]
    rule = RULE.get(kind, "FR-EFF")
    who = _name(seat)
    if kind == "money":
        amount = int(item["amount"])
        st.money[seat] += amount
        ev.append(Event(rule, f"{who} gains ${amount} ({source}).",
                        {"seat": seat, "amount": amount}))
    elif kind == "money_each":
        amount = int(item["amount"])
        for s in range(st.players):
            st.money[s] += amount
        ev.append(Event(rule, f"Every player gains ${amount} ({source}).", {"amount": amount}))
    elif kind in ("move", "move_to"):
        pending = {
            "kind": "move", "seat": seat, "left": int(item["people"]),
            "spaces": int(item.get("spaces", 0)), "safe": bool(item.get("safe", kind == "move_to")),
            "origin": item.get("origin", "any"), "moved": {}, "source": source,
            "to": item.get("destination"),
        }
        if any_move_option(ctx, st, pending):
            st.pending.append(pending)
            what = (f"up to {pending['left']} {'person' if pending['left'] == 1 else 'people'} "
                    f"from the plantations to {ctx.name(pending['to'])}"
                    if pending["to"] else
                    f"up to {pending['left']} {'person' if pending['left'] == 1 else 'people'} "
                    f"up to {pending['spaces']} space{'s' if pending['spaces'] != 1 else ''} each")
            ev.append(Event(rule, f"{who} may move {what} ({source}).", {"seat": seat}))
        else:
            ev.append(Event(rule, f"No one can be moved ({source}).", {"seat": seat}))
    elif kind == "support_discount":
        price = max(0, support_price(ctx, st) - int(item["amount"]))
        if st.support_left[st.period - 1] > 0 and st.money[seat] >= price:
            st.pending.append({"kind": "support_offer", "seat": seat, "price": price,
                               "source": source})
        elif st.support_left[st.period - 1] == 0:
            ev.append(Event(rule, f"No Support token is left in the active period ({source}).",
                            {"seat": seat}))
        else:
            ev.append(Event(rule, f"{who} has ${st.money[seat]}: not enough for a Support token "
                            f"at ${price} ({source}).", {"seat": seat}))
    elif kind == "fundraise":
        region = str(item["region"])
        n = region_people(ctx, st, region)
        amount = n * int(item["per_person"])
        st.money[seat] += amount
        where = "southern spaces" if region == "south" else "northern cities"
        people = f"{n} {'person' if n == 1 else 'people'}"
        ev.append(Event(rule, f"{who} raises ${amount} from {people} in the {where} ({source}).",
                        {"seat": seat, "amount": amount}))
    elif kind == "market_remove":
        left = int(item["count"])
        removed = 0
        for card in st.market:
            take = min(left, card["people"])
            card["people"] -= take
            left -= take
            removed += take
        st.supply += removed
        ev.append(Event(rule, f"{removed} {'person is' if removed == 1 else 'people are'} taken "
                        f"off the Slave Market cards ({source}).", {"removed": removed}))
    elif kind == "market_remove_each":
        count = int(item.get("count", 1))
        removed = 0
        for card in st.market:
            take = min(count, card["people"])
            card["people"] -= take
            removed += take
        st.supply += removed
        ev.append(Event(rule, f"{who} takes {removed} {'person' if removed == 1 else 'people'} "
                        f"off the Slave Market cards ({source}).", {"removed": removed}))
    elif kind == "catcher_move":
        st.pending.append({"kind": "catcher_move", "seat": seat, "spaces": int(item["spaces"]),
                           "source": source})
    elif kind == "queue_remove":
        if any(c is not None for c in st.queue):
            st.pending.append({"kind": "queue_remove", "seat": seat, "left": int(item["count"]),
                               "source": source})
    elif kind in ("cancel_catcher_roll", "reduce_catcher_roll"):
        roll = st.last_roll
        if roll is None or roll.get("catcher") is None:
            ev.append(Event(rule, f"{source} has nothing to change.", {}))
        elif kind == "cancel_catcher_roll":
            roll["spaces"] = 0
            roll["cancelled"] = True
            ev.append(Event(rule, f"{who} plays {source}: the {roll['catcher']} Slave Catcher does "
                            "not move this round.", {"seat": seat}))
        else:
            by = int(item["by"])
            roll["spaces"] = max(0, int(roll["spaces"]) - by)
            ev.append(Event(rule, f"{who} plays {source}: the {roll['catcher']} Slave Catcher "
                            f"moves {by} fewer.", {"seat": seat, "by": by}))
    elif kind == "capture_near_catchers":
        st.pending.append({"kind": "capture_choice", "seat": seat, "left": int(item["count"]),
                           "source": source})
        settle_capture_choice(ctx, st, ev)
    elif kind == "catchers_advance":
        spaces = int(item["spaces"])
        for colour in ctx.paths:
            if st.phase == "over":
                return
            advance_catcher(ctx, st, colour, spaces, ev, source)
    elif kind == "market_add":
        count = min(int(item["count"]), st.supply)
        if st.market and count:
            st.market[0]["people"] += count
            st.supply -= count
            ev.append(Event(rule, f"{count} people are added to the bottom Slave Market card "
                            f"({source}).", {"count": count}))
        else:
            ev.append(Event(rule, f"No one is added to the Slave Market ({source}).", {}))
    elif kind == "money_loss_each":
        amount = int(item["amount"])
        for s in range(st.players):
            st.money[s] -= min(st.money[s], amount)
        ev.append(Event(rule, f"Every player loses up to ${amount} ({source}).",
                        {"amount": amount}))
    elif kind == "lost_add":
        count = min(int(item["count"]), st.supply)
        st.supply -= count
        add_lost(ctx, st, count, ev, rule)
    elif kind == "token_remove":
        for _ in range(int(item["count"])):
            stacks = [cs for cs in ctx.tokens.conductor
                      if cs.period == st.period and st.stacks[cs.id] > 1]
            if not stacks:
                break
            cs = min(stacks, key=lambda c: (c.cost, c.id))
            st.stacks[cs.id] -= 1
            st.tokens_removed.append(cs.id)
            ev.append(Event(rule, f"A Conductor token ({token_label(cs)}) leaves the game "
                            f"({source}).", {"stack": cs.id}))
    elif kind == "catcher_cut":
        st.cut_armed = True
        ev.append(Event(rule, "The Station Master watches the roads: the next Slave Catcher that "
                        "would capture someone in this Action Phase stays put.", {"seat": seat}))
    elif kind == "safe_turn":
        st.safe_turn = True
        ev.append(Event(rule, f"For the rest of Player {st.turn + 1}'s turn, moves trigger no "
                        f"Slave Catchers ({source}).", {"seat": seat}))
    else:
        raise ValueError(f"effect kind {kind!r} cannot be run")


def token_label(cs: Any) -> str:
    return f"{cs.people} x {cs.spaces}, ${cs.cost}"


def advance_catcher(
    ctx: Ctx, st: FreedomState, colour: str, spaces: int, ev: list[Event], source: str
) -> None:
    """Move a catcher up to ``spaces`` toward the nearest person on its path (west wins ties)."""
    here = st.catchers[colour]
    idx = ctx.path_index[colour]
    i = idx[here]
    best: tuple[int, int] | None = None
    for s, j in idx.items():
        if st.people[s] and s != here:
            key = (abs(j - i), j)
            if best is None or key < best:
                best = key
    if best is None:
        ev.append(Event("FR-EFF-CATCHERS-ADVANCE", f"The {colour} Slave Catcher sees no one on "
                        f"its path ({source}).", {"colour": colour}))
        return
    j = best[1]
    step = min(spaces, abs(j - i))
    dest = ctx.paths[colour][i + step if j > i else i - step]
    move_catcher(ctx, st, colour, dest, ev, "FR-EFF-CATCHERS-ADVANCE", f" ({source})")


def settle_capture_choice(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    """Capture automatically while there is no real choice; leave the choice pending otherwise."""
    while st.pending and st.pending[-1]["kind"] == "capture_choice" and st.phase != "over":
        top = st.pending[-1]
        cands = capture_candidates(ctx, st)
        if top["left"] <= 0 or not cands:
            st.pending.pop()
            return
        if len(cands) > 1:
            return
        top["left"] -= 1
        capture_at(ctx, st, cands[0], ev, "FR-EFF-CAPTURE-NEAR", count=1)


def choose_capture(ctx: Ctx, st: FreedomState, space: str, ev: list[Event]) -> None:
    """The players pick which of the equally near people is captured next."""
    top = st.pending[-1]
    top["left"] -= 1
    capture_at(ctx, st, space, ev, "FR-EFF-CAPTURE-NEAR", count=1)
    settle_capture_choice(ctx, st, ev)
