"""Shared helpers for the Freedom engine tests: build games and walk them to exact situations."""

from __future__ import annotations

from typing import Any

from freight_freedom.core.event import Event
from freight_freedom.freedom.context import context
from freight_freedom.freedom.game import Freedom

ROLES = ("Conductor", "Preacher", "Shepherd", "Agent")


def new_game(players: int = 2, seed: int = 3, roles: Any = "default", **options: Any) -> Freedom:
    if roles == "default":
        roles = ROLES[:players]
    return Freedom(players=players, seed=seed, roles=roles, **options)


# The component values a rule test reads instead of pinning them (a teacher may change the data).
def card_param(card: str, name: str) -> int:
    """The ``name`` parameter of the first effect of card ``card`` (e.g. its ``amount``)."""
    return int(dict(context().card_by_id[card].effects[0].params)[name])


def passive(role: str, kind: str, side: int = 1) -> int:
    """A Role side's passive amount of ``kind`` (e.g. ``card_discount``)."""
    return context().roles[role].side(side).passive_amount(kind)


def special_param(role: str, name: str) -> int:
    """The ``name`` parameter of a Role's Special Ability effect."""
    return int(context().roles[role].special[0][name])


def per_person(stack: str) -> int:
    """Dollars a Fundraising token pays per person in its region."""
    return context().fundraising(stack).per_person


def rules_of(events: list[Event] | tuple[Event, ...]) -> list[str]:
    return [e.rule for e in events]


def texts(events: list[Event] | tuple[Event, ...]) -> str:
    return "\n".join(e.text for e in events)


def do(game: Freedom, *texts_: str) -> list[Event]:
    out: list[Event] = []
    for t in texts_:
        out.extend(game.apply(t))
    return out


def roll(
    game: Freedom, catcher: str = "walk", direction: str = "east", spaces: int = 1
) -> list[Event]:
    """Fix and make the Slave Catcher roll of the current round."""
    assert game.phase == "Slave Catcher", game.prompt
    game.scenario("fix_roll", catcher=catcher, direction=direction, spaces=spaces)
    return game.apply(f"{game.state.lead}:roll")


def finish_planning(game: Freedom, buys: dict[int, list[str]] | None = None) -> None:
    """Let every player buy the given actions (``"buy c1_2x1"``, ``"support"``) and be done."""
    buys = buys or {}
    done: set[int] = set()
    while game.phase == "Planning":
        seat = game.to_move
        assert seat is not None
        if seat not in done:
            done.add(seat)
            for b in buys.get(seat, []):
                game.apply(f"{seat}:{b}")
                if game.phase != "Planning" or game.to_move != seat:
                    break
            else:
                game.apply(f"{seat}:done")
            continue
        game.apply(f"{seat}:done")


def to_action(game: Freedom, buys: dict[int, list[str]] | None = None) -> None:
    """From the Slave Catcher phase (no catcher moves) to the Lead Player's Action turn."""
    roll(game)
    finish_planning(game, buys)
    assert game.phase == "Action", game.prompt


def end_turns_until(game: Freedom, phase: str) -> None:
    """End (or pass) Action turns until ``phase`` is reached."""
    while game.phase == "Action" and game.phase != phase:
        seat = game.to_move
        kinds = {a.kind: a for a in game.legal_actions()}
        if "stop" in kinds:
            game.apply(kinds["stop"])
        elif "end" in kinds:
            game.apply(kinds["end"])
        else:
            game.apply(kinds["pass"])
        assert seat is not None


def start_move(game: Freedom, stack: str = "c1_2x1", seat: int = 0) -> list[Event]:
    """Give ``seat`` a Conductor token in Planning and play it first thing in the Action phase."""
    game.scenario("set_money", seat=seat, amount=20)
    to_action(game, {seat: [f"buy {stack}"]})
    assert game.to_move == seat
    return game.apply(f"{seat}:play {stack}")


def invariant_errors(game: Freedom) -> list[str]:
    """Every invariant of the property tests; an empty list when all hold."""
    from freight_freedom.freedom.context import context

    ctx = context()
    st = game.state
    errs = []
    on_map = sum(st.people.values())
    on_market = sum(c.people for c in st.market)
    total = on_map + on_market + st.supply + st.lost + st.freed
    if total != 96:
        errs.append(f"people: {on_map} map + {on_market} market + {st.supply} supply + "
                    f"{st.lost} lost + {st.freed} freed = {total}")
    if sum(st.freed_at.values()) != st.freed:
        errs.append("freed_at does not add up to freed")
    for s, n in st.people.items():
        cap = ctx.capacity[s]
        if n < 0 or (cap is not None and n > cap):
            errs.append(f"{s} holds {n} (capacity {cap})")
    for c, s in st.catchers.items():
        if s not in ctx.path_index[c]:
            errs.append(f"{c} catcher off its path at {s}")
    if any(m < 0 for m in st.money):
        errs.append(f"negative money {st.money}")
    cards = [c for c in st.queue if c is not None] + [c for d in st.decks for c in d]
    cards += st.discard + st.removed_cards + [c for c in st.reserve if c is not None]
    if sorted(cards) != sorted(c.id for c in ctx.cards.cards):
        errs.append("Abolitionist cards are lost or duplicated")
    markets = [c.card for c in st.market] + st.market_deck + st.market_done + st.market_unused
    if sorted(markets) != sorted(ctx.market_cards):
        errs.append("Slave Market cards are lost or duplicated")
    for stack, size in st.stack_size.items():
        held = sum(1 for seat in st.held for h in seat if h.stack == stack)
        gone = st.tokens_spent.count(stack) + st.tokens_removed.count(stack)
        if st.stacks[stack] + held + gone != size or st.stacks[stack] < 0:
            errs.append(f"token stack {stack} does not add up")
    total_support = sum(st.support_left) + sum(st.support_bought)
    if min(st.support_left) < 0 or total_support != sum(
            ctx.tokens.support_count(st.players, p, harder=bool(st.options.get(
                "harder_extra_support"))) for p in (1, 2, 3)):
        errs.append("Support tokens do not add up")
    if not 1 <= st.round <= 8:
        errs.append(f"round {st.round}")
    if st.lost > ctx.lost_limit(st) and not (st.result and "Lost" in st.result.reason):
        errs.append("Slaves Lost beyond the track without losing")
    return errs
