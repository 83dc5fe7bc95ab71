"""``move``: move people one at a time under a Conductor token, a card or a role [FR-MOVE-1..7].

A movement offers every (origin, destination) pair its people may take now; each ``move`` moves
one person and the decision stays until its people are used up, nothing is left to move, or the
player stops. A person moves once per token [FR-MOVE-2]; people who were captured on a space no
longer count as moved there. ``to`` fixes the destination (a role's ``move_to``), ``origin``
``"plantation"`` limits where people start, ``safe`` moves trigger no Slave Catcher.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.event import Event
from ...core.i18n import N_, _, ngettext
from ...core.say import shown
from ..context import Ctx
from ..movement import catcher_spaces, move_person, open_destinations, route_blocker, stops
from ..moves import MovePerson, Stop
from ..state import FreedomState
from ..text import Colour, source_words
from .base import Decision


@dataclass(frozen=True)
class Move(Decision, kind="move", rule="FR-MOVE-1",
           finish=(Stop, N_("{who} stops moving people ({source})."))):
    """Up to ``left`` more people, each up to ``spaces`` spaces (or to ``to``)."""

    left: int
    spaces: int
    safe: bool
    origin: str = "any"
    moved: tuple[tuple[str, int], ...] = ()  # people moved onto each space by this movement
    to: str | None = None

    # ------------------------------------------------------------------ rules
    def origins(self, ctx: Ctx, st: FreedomState) -> list[str]:
        """Spaces holding a person this movement may still move [FR-MOVE-2]."""
        people = st.people
        if self.origin == "plantation":
            spaces = [s for s in ctx.map_spaces if s in ctx.plantation_set]
        else:
            spaces = ctx.map_spaces  # type: ignore[assignment]
        if not self.moved:
            return [s for s in spaces if people[s]]
        moved = dict(self.moved)
        return [s for s in spaces if people[s] and people[s] > moved.get(s, 0)]

    def options(self, ctx: Ctx, st: FreedomState) -> Iterator[tuple[str, str]]:
        """Every (origin, destination) allowed now, in map order, found lazily."""
        blocked = catcher_spaces(st)
        to = self.to
        if to is not None:
            cap = ctx.capacity[to]
            if to in blocked or (cap is not None and st.people[to] >= cap):
                return
        for origin in self.origins(ctx, st):
            if to is None:
                yield from ((origin, dest) for dest in
                            open_destinations(ctx, st, origin, self.spaces, blocked))
            elif to != origin:
                yield origin, to

    def choices(self, ctx: Ctx, st: FreedomState) -> list[Action]:
        """The ``move`` actions of :meth:`options`, in the same order, built in one pass."""
        if self.to is not None:
            return [MovePerson.action_for(self.seat, person_from=a, to=b)
                    for a, b in self.options(ctx, st)]
        blocked = catcher_spaces(st)
        canada = stops(ctx, st)
        reach = ctx.board.open_table(self.spaces, blocked, canada)
        people, cap, seat = st.people, ctx.capacity, self.seat
        out: list[Action] = []
        for origin in self.origins(ctx, st):
            row = None
            for dest in reach[origin]:
                c = cap[dest]
                if c is None or people[dest] < c:
                    if row is None:  # only for an origin with somewhere to go
                        row = _ROWS.get((seat, origin)) or _move_row(seat, origin)
                    out.append(row[dest])
        return out

    def exhausted(self, ctx: Ctx, st: FreedomState) -> bool:
        """Whether no person can move now (asked before every decision, so without
        :meth:`options`' generators: the same open table :meth:`choices` reads)."""
        if self.to is not None:
            return next(self.options(ctx, st), None) is None
        reach = ctx.board.open_table(self.spaces, catcher_spaces(st), stops(ctx, st))
        people, cap = st.people, ctx.capacity
        moved = dict(self.moved)
        plantation = self.origin == "plantation"
        # the spaces of origins() one by one, not listed: the first that can move ends the search
        for origin in ctx.map_spaces:
            n = people[origin]
            if not n or n <= moved.get(origin, 0) or (plantation
                                                       and origin not in ctx.plantation_set):
                continue
            for dest in reach[origin]:
                c = cap[dest]
                if c is None or people[dest] < c:
                    return False
        return True

    def choose(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        move = MovePerson.of(action)
        origin, dest = move.person_from, move.to
        moved = dict(self.moved)
        now = _changed(self, left=self.left - 1)
        st.pending[-1] = now
        move_person(ctx, st, self.seat, origin, dest, safe=self.safe, ev=ev, moved=moved)
        if st.turn_ctx.phase == "over" or not st.pending or st.pending[-1] is not now:
            return
        now = _changed(now, moved=tuple(moved.items()))
        st.pending[-1] = now
        if now.left <= 0:
            st.pending.pop()
        # one with people left but nowhere to move them leaves the stack in the engine's next
        # step (engine.advance asks the top decision whether it is exhausted), not asked twice

    # ------------------------------------------------------------------ words
    def prompt(self, ctx: Ctx) -> str:
        people = ngettext("{n} more person", "{n} more people", self.left).format(n=self.left)
        source = shown(source_words(self.source))
        if self.to:
            return _("move up to {people} from the plantations to {dest}, or stop "
                     "({source})").format(people=people, dest=shown(ctx.name(self.to)),
                                          source=source)
        spaces = ngettext("{n} space", "{n} spaces", self.spaces).format(n=self.spaces)
        return _("move up to {people} up to {spaces} each, or stop ({source})").format(
            people=people, spaces=spaces, source=source)

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str]:
        if action.kind != "move":
            return super().why_not(ctx, st, action)
        try:
            move = MovePerson.of(action)
        except IllegalAction:
            move = None
        if move is None or not (move.person_from in ctx.board.spaces
                                and move.to in ctx.board.spaces):
            return "FR-MOVE-1", _("'move' needs two space ids, e.g. move cincinnati columbus")
        origin, dest = move.person_from, move.to
        if st.people.get(origin, 0) == 0:
            return "FR-MOVE-1", _("no one stands at {space}").format(
                space=shown(ctx.name(origin)))
        if st.people[origin] <= dict(self.moved).get(origin, 0):
            return "FR-MOVE-2", _("a person moves once per token")
        if self.origin == "plantation" and origin not in ctx.plantation_set:
            return "FR-EFF-MOVE", _("this movement starts only from the plantations")
        holder = next((c for c, s in st.catchers.items() if s == dest), None)
        if holder is not None:
            return ("FR-RULING-MOVE-ONTO-CATCHER",
                    _("the {colour} Slave Catcher stands at {space}").format(
                        colour=Colour(holder), space=shown(ctx.name(dest))))
        cap = ctx.capacity[dest]
        if cap is not None and st.people[dest] >= cap:
            return "FR-MOVE-3", ngettext("{space} holds {n} person", "{space} holds {n} people",
                                         cap).format(space=shown(ctx.name(dest)), n=cap)
        if self.to is None:
            blocker = route_blocker(ctx, st, origin, dest, self.spaces)
            if blocker is not None:
                colour = next(c for c, s in st.catchers.items() if s == blocker)
                return "FR-MOVE-6", _("cannot pass through the {colour} Slave Catcher at "
                                      "{space}").format(colour=Colour(colour),
                                                        space=shown(ctx.name(blocker)))
            if dest not in open_destinations(ctx, st, origin, self.spaces, catcher_spaces(st)):
                return "FR-MOVE-1", ngettext(
                    "{dest} is more than {n} space from {origin}",
                    "{dest} is more than {n} spaces from {origin}", self.spaces).format(
                    dest=shown(ctx.name(dest)), n=self.spaces, origin=shown(ctx.name(origin)))
        return "FR-MOVE-1", _("this movement goes only to {space}").format(
            space=shown(ctx.name(str(self.to))))

    def to_dict(self) -> dict[str, Any]:
        data = Decision.to_dict(self)
        data["moved"] = dict(self.moved)
        return data



class _MoveRow(dict[str, Action]):
    """``seat:move ORIGIN DEST`` actions by destination, made on first use and then shared."""

    __slots__ = ("origin", "seat")

    def __init__(self, seat: int, origin: str) -> None:
        super().__init__()
        self.seat, self.origin = seat, origin

    def __missing__(self, dest: str) -> Action:
        a = self[dest] = MovePerson.action_for(self.seat, person_from=self.origin, to=dest)
        return a


_ROWS: dict[tuple[int, str], _MoveRow] = {}


def _move_row(seat: int, origin: str) -> _MoveRow:
    row = _ROWS.get((seat, origin))
    if row is None:
        row = _ROWS[(seat, origin)] = _MoveRow(seat, origin)
    return row


def _changed(move: Move, **changes: Any) -> Move:
    """``dataclasses.replace`` for a :class:`Move` (no checks to rerun), without its cost: a move
    is replaced twice per person moved."""
    new = object.__new__(Move)
    new.__dict__.update(move.__dict__)
    new.__dict__.update(changes)
    return new
