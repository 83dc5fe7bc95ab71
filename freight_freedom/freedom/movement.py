"""Movement of people and Slave Catchers, captures, and the Slave Market cards they feed.

The rules of a single move live here once, for Conductor tokens, cards and roles alike:

* a person may move to any space within the budget along the routes, but may not pass through a
  space holding a Slave Catcher [FR-MOVE-6], nor end on one [FR-RULING-MOVE-ONTO-CATCHER], and
  needs room at the destination: small cities hold 1, Chicago, Boston and New York 4, plantations
  their printed slots, Canada any number [FR-MOVE-3];
* only the destination counts: it pays its gold circle [FR-MOVE-4] and draws the catchers whose
  path contains it one step toward the person [FR-MOVE-5]; spaces passed through do nothing
  [FR-MOVE-6];
* a person entering Canada is freed [FR-MOVE-7] and stays there: a move ends on entering Canada
  and never passes through it [FR-RULING-CANADA];
* a catcher that moves into a space holding people captures them [FR-MOVE-5], and in the Slave
  Catcher phase only where it stops [FR-CATCH-3]; captured people go onto the Slave Market cards,
  bottom card first, cycling upward [FR-CATCH-4].
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.event import Event, narrating
from ..core.say import Say, say, say_n
from .capture_cycle import next_card
from .context import Ctx
from .events import (
    Captured,
    CatcherCut,
    CatcherMoved,
    CatcherStepped,
    GoldGained,
    PeopleLost,
    PersonFreed,
    PersonMoved,
    TrackFull,
)
from .state import FreedomState, GameResult
from .text import colour_words, player, source_words


def room(ctx: Ctx, st: FreedomState, space: str) -> int:
    """How many more people fit on ``space`` (a large number for Canada)."""
    cap = ctx.capacity[space]
    if cap is None:
        return 1_000
    return cap - st.people[space]


def catcher_spaces(st: FreedomState) -> frozenset[str]:
    return frozenset(st.catchers.values())


def stops(ctx: Ctx, st: FreedomState) -> frozenset[str]:
    """Spaces a person may enter but not pass through: Canada [FR-RULING-CANADA].

    (Rules version ``freedom-1``, kept for old saves, let a move pass through Canada.)
    """
    return ctx.canada_set if st.rules.canada_stops_movement else frozenset()


def open_destinations(
    ctx: Ctx, st: FreedomState, origin: str, spaces: int, blocked: frozenset[str]
) -> Iterator[str]:
    """Legal destinations for one person at ``origin`` moving up to ``spaces`` spaces, lazily.

    In space order of the map (deterministic). Excludes spaces holding a catcher (``blocked``:
    neither passed through nor entered), full spaces and the origin; Canada ends a move
    [FR-RULING-CANADA].
    """
    people = st.people
    cap = ctx.capacity
    for dest in ctx.board.open_destinations(origin, spaces, blocked, stops(ctx, st)):
        c = cap[dest]
        if c is None or people[dest] < c:
            yield dest


def destinations(ctx: Ctx, st: FreedomState, origin: str, spaces: int) -> list[str]:
    """:func:`open_destinations` as a list, with the catchers where they stand now."""
    return list(open_destinations(ctx, st, origin, spaces, catcher_spaces(st)))


def route_blocker(ctx: Ctx, st: FreedomState, origin: str, dest: str, spaces: int) -> str | None:
    """The catcher space that stops ``origin`` -> ``dest`` within ``spaces``, if one does."""
    canada = stops(ctx, st)
    if dest not in ctx.reachable(origin, spaces, canada):
        return None
    blocked = catcher_spaces(st)
    if dest in ctx.reachable(origin, spaces, blocked | canada):
        return None
    candidates = sorted(blocked - {dest, origin}, key=ctx.space_order.__getitem__)
    for space in candidates:
        if dest not in ctx.reachable(origin, spaces, canada | {space}):
            return space
    for space in candidates:  # blocked only by several catchers together: name one on a route
        if space in ctx.reachable(origin, spaces - 1, canada):
            return space
    return candidates[0] if candidates else None


def send_to_market(ctx: Ctx, st: FreedomState, count: int) -> list[int]:
    """Put ``count`` captured people onto the Slave Market cards, cycling upward [FR-CATCH-4].

    Returns the display index each person went to (-1: no card on display, so the person goes to
    the Slaves Lost track [FR-RULING-CAPTURE-NO-MARKET]).
    """
    where = []
    for _ in range(count):
        if st.market:
            i = next_card(st)
            st.market[i] = st.market[i].with_people(st.market[i].people + 1)
            where.append(i)
        else:
            where.append(-1)
    return where


def capture_at(
    ctx: Ctx, st: FreedomState, space: str, ev: list[Event], rule: str, *, count: int | None = None
) -> int:
    """Capture the people on ``space`` (all, or ``count``) onto the Slave Market cards."""
    n = st.people.get(space, 0)
    if count is not None:
        n = min(n, count)
    if n <= 0:
        return 0
    st.people[space] -= n
    where = send_to_market(ctx, st, n)
    to_lost = where.count(-1)
    if narrating(ev):
        ev.append(Captured(_captured_words(ctx, space, n, where), rule, space, n, tuple(where)))
    if to_lost:
        add_lost(ctx, st, to_lost, ev, "FR-RULING-CAPTURE-NO-MARKET")
    return n


_POSITIONS = ("bottom", "middle", "top")
#: The Slave Market cards captured people go onto, by their positions (sorted by name)
_CARDS = {
    ("bottom",): say("the bottom Slave Market card"),
    ("middle",): say("the middle Slave Market card"),
    ("top",): say("the top Slave Market card"),
    ("bottom", "middle"): say("the bottom and middle Slave Market cards"),
    ("bottom", "top"): say("the bottom and top Slave Market cards"),
    ("middle", "top"): say("the middle and top Slave Market cards"),
    ("bottom", "middle", "top"): say("the bottom and middle and top Slave Market cards"),
}


def _captured_words(ctx: Ctx, space: str, n: int, where: list[int]) -> Say:
    """``3 people are captured at Lexington and put on the bottom Slave Market card.``"""
    cards = tuple(sorted({_POSITIONS[i] if i < 3 else str(i) for i in where if i >= 0}))
    name = ctx.name(space)
    if cards:
        on = _CARDS.get(cards)
        if on is None:  # (more than three cards on display: not in the rules)
            on = say_n("the {positions} Slave Market card", "the {positions} Slave Market cards",
                       len(cards), positions=" and ".join(cards))
        return say_n("{n} person is captured at {space} and put on {cards}.",
                     "{n} people are captured at {space} and put on {cards}.", n, space=name,
                     cards=on)
    return say_n("{n} person is captured at {space} (no Slave Market card is on display).",
                 "{n} people are captured at {space} (no Slave Market card is on display).", n,
                 space=name)


def add_lost(ctx: Ctx, st: FreedomState, count: int, ev: list[Event], rule: str) -> None:
    """Put people on the Slaves Lost track; one more than it holds loses at once [FR-LOSE-1].

    The people are counted even past the track's end, so every person stays somewhere.
    """
    if count <= 0:
        return
    limit = ctx.lost_limit(st)
    st.lost += count
    if narrating(ev):
        ev.append(PeopleLost(say_n(
            "{n} person goes to the Slaves Lost track ({held} of {limit}).",
            "{n} people go to the Slaves Lost track ({held} of {limit}).", count,
            held=min(st.lost, limit), limit=limit), rule, count, st.lost))
    if st.lost > limit:
        if narrating(ev):
            ev.append(TrackFull(say("The Slaves Lost track is full ({limit}) and another "
                                    "person must be added: the game is lost.", limit=limit),
                                st.lost))
        st.result = GameResult(won=False, reason=f"Slaves Lost track full in round {st.round}",
                               round=st.round)
        st.turn_ctx.phase = "over"
        st.pending.clear()
        st.effects.clear()


def move_person(
    ctx: Ctx, st: FreedomState, seat: int, origin: str, dest: str, *, safe: bool,
    ev: list[Event], moved: dict[str, int] | None = None, rule: str = "FR-MOVE-1",
) -> None:
    """Move one person from ``origin`` to ``dest`` (already checked legal) and resolve it."""
    st.people[origin] -= 1
    if dest in ctx.canada_set:
        st.freed += 1
        st.freed_at[dest] = st.freed_at.get(dest, 0) + 1
        if narrating(ev):
            ev.append(PersonFreed(say(
                "{who} moves a person from {origin} to {dest}: freed in Canada ({freed} freed).",
                who=player(seat), origin=ctx.name(origin), dest=ctx.name(dest), freed=st.freed),
                origin, dest, st.freed))
    else:
        st.people[dest] += 1
        if moved is not None:
            moved[dest] = moved.get(dest, 0) + 1
        if narrating(ev):
            ev.append(PersonMoved(say("{who} moves a person from {origin} to {dest}.",
                                      who=player(seat), origin=ctx.name(origin),
                                      dest=ctx.name(dest)), rule, origin, dest))
    gold = ctx.money[dest]
    if gold:
        st.money[seat] += gold
        if narrating(ev):
            ev.append(GoldGained(say("{who} gains ${gold} from the gold circle at {space}.",
                                     who=player(seat), gold=gold, space=ctx.name(dest)),
                                 seat, gold))
    if safe or st.turn_ctx.safe_turn or dest in ctx.canada_set:
        return
    for colour in ctx.triggers[dest]:
        if st.turn_ctx.phase == "over":
            return
        react(ctx, st, colour, dest, ev, moved)


def react(
    ctx: Ctx, st: FreedomState, colour: str, target: str, ev: list[Event],
    moved: dict[str, int] | None,
) -> None:
    """The ``colour`` catcher steps one space along its path toward ``target`` [FR-MOVE-5]."""
    here = st.catchers[colour]
    there = ctx.step_toward(colour, here, target)
    if there == here:
        return
    if st.turn_ctx.cut_armed and st.people[there] > 0:
        st.turn_ctx.cut_armed = False
        if narrating(ev):
            ev.append(CatcherCut(say("The {role} cuts the {colour} Slave Catcher's move: it "
                                     "stays at {space}.", role="Station Master",
                                     colour=colour_words(colour), space=ctx.name(here)), colour))
        return
    st.catchers[colour] = there
    n = st.people[there]
    if narrating(ev):
        steps = 1 if ctx.path_index[colour][there] > ctx.path_index[colour][here] else -1
        ev.append(CatcherStepped(_catcher_words(colour, steps, ctx.name(there), "", n), colour,
                                 here, there))
    if n:
        if moved is not None:
            moved.pop(there, None)
        capture_at(ctx, st, there, ev, "FR-MOVE-5")


def move_catcher(
    ctx: Ctx, st: FreedomState, colour: str, dest: str, ev: list[Event], rule: str,
    why: str | Say,
) -> None:
    """Move a catcher along its path to ``dest``; it captures only where it stops [FR-CATCH-3]."""
    here = st.catchers[colour]
    steps = ctx.path_index[colour][dest] - ctx.path_index[colour][here]
    st.catchers[colour] = dest
    n = st.people[dest]
    if narrating(ev):
        ev.append(CatcherMoved(_catcher_words(colour, steps, ctx.name(dest), _why_words(why),
                                              n), rule, colour, here, dest, steps))
    if n:
        capture_at(ctx, st, dest, ev, "FR-CATCH-3")


def _why_words(why: str | Say) -> str | Say:
    """Why a Slave Catcher moves, as words: ``" (the end of its path)"``, ``" (Card Name)"``
    (a plain text of that shape is read as one of them), else nothing."""
    if not why or isinstance(why, Say):
        return why
    if why.startswith(" (") and why.endswith(")"):
        inner = why[2:-1]
        if inner == "the end of its path":
            return say(" (the end of its path)")
        return say(" ({source})", source=source_words(inner))
    return why


def _catcher_words(colour: str, steps: int, dest: str, why: str | Say, n: int) -> Say:
    """``The red Slave Catcher moves 2 spaces west to Louisville and captures 1 person.``:
    ``steps`` along its path (negative: west), ``why`` after the place, ``n`` people captured."""
    hue = colour_words(colour)
    if steps == 0:
        if n:
            return say_n("The {colour} Slave Catcher stays at {dest}{why} and captures {n} person.",
                         "The {colour} Slave Catcher stays at {dest}{why} and captures {n} people.",
                         n, colour=hue, dest=dest, why=why)
        return say("The {colour} Slave Catcher stays at {dest}{why}.", colour=hue, dest=dest,
                   why=why)
    if steps > 0:
        moves = say_n("{n} space east", "{n} spaces east", steps)
    else:
        moves = say_n("{n} space west", "{n} spaces west", -steps)
    if n:
        return say_n("The {colour} Slave Catcher moves {moves} to {dest}{why} and captures {n} "
                     "person.", "The {colour} Slave Catcher moves {moves} to {dest}{why} and "
                     "captures {n} people.", n, colour=hue, moves=moves, dest=dest, why=why)
    return say("The {colour} Slave Catcher moves {moves} to {dest}{why}.", colour=hue,
               moves=moves, dest=dest, why=why)
