"""A heuristic cooperative bot for Freedom.

:class:`HeuristicBot` plays the way a sensible first-time group does: take the free Fundraising
tokens while the South is full, buy Support whenever it can, buy Conductor tokens when it has
spare money, move people north toward Canada by the shortest route while never stepping next to
a Slave Catcher that would capture them, buy Abolitionist cards that help (and Opposition cards
it can afford to clear), pass for income when nothing useful is left, and deliver people to the
plantation with the most room. It reads only the public table and chooses from
``legal_actions()``, so it cannot break a rule. It is deterministic (no randomness of its own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..core.action import Action
from ..core.bot import DecidingBot
from ..core.game import Game
from .context import Ctx
from .decisions import Move
from .effect_kinds import effect_dict
from .movement import room
from .moves import (
    MOVES,
    BuyCard,
    BuyToken,
    ChooseCapture,
    Deliver,
    MoveCatcher,
    MovePerson,
    PlayToken,
    RemoveCard,
    Stop,
)
from .prices import card_price
from .state import FreedomState

if TYPE_CHECKING:
    from .game import Freedom

GOOD_CARD_KINDS = frozenset({
    "money", "money_each", "move", "support_discount", "fundraise", "market_remove",
    "queue_remove", "cancel_catcher_roll", "reduce_catcher_roll", "catcher_move",
})


class HeuristicBot(DecidingBot):
    """Rule-of-thumb play for every seat (see the module docstring)."""

    name = "heuristic"

    def decide(self, game: Game[Any], actions: list[Action]) -> Action:
        st: FreedomState = game.state
        ctx: Ctx = cast("Freedom", game).ctx
        if st.pending and isinstance(st.pending[-1], Move):
            # the commonest decision, with the most choices: scored without grouping them
            return self._on_move(ctx, st, actions, {})
        kinds: dict[str, list[Action]] = {}
        for a in actions:
            kinds.setdefault(a.kind, []).append(a)
        if st.pending:
            return self._pending(ctx, st, actions, kinds)
        if st.turn_ctx.phase == "planning":
            return self._planning(ctx, st, kinds)
        if st.turn_ctx.phase == "action":
            return self._action(ctx, st, kinds)
        if st.turn_ctx.phase == "market":
            return max(actions, key=lambda a: (room(ctx, st, Deliver.of(a).plantation), str(a)))
        return actions[0]

    # ------------------------------------------------------------------ pending decisions
    def _pending(
        self, ctx: Ctx, st: FreedomState, actions: list[Action], kinds: dict[str, list[Action]]
    ) -> Action:
        """One small rule of thumb per decision kind (see :mod:`.decisions`)."""
        chooser = getattr(self, f"_on_{st.pending[-1].kind}", None)
        return chooser(ctx, st, actions, kinds) if chooser is not None else actions[0]

    def _on_move(self, ctx: Ctx, st: FreedomState, actions: list[Action],
                 kinds: dict[str, list[Action]]) -> Action:
        best, score = None, 0.0
        danger = catcher_danger(ctx, st)
        safe = _safe_move(st)
        dest_score: dict[str, float] = {}
        to_canada = ctx.canada_distance
        stop = None
        read = MOVES.read
        for a in actions:
            move = read(a)
            if not isinstance(move, MovePerson):
                stop = a
                continue
            dest = move.to
            ds = dest_score.get(dest)
            if ds is None:
                ds = dest_score[dest] = dest_value(ctx, st, dest, danger, safe)
            s = ds + to_canada[move.person_from]
            if s > score:
                best, score = a, s
        if best is not None:
            return best
        assert stop is not None and isinstance(read(stop), Stop)
        return stop

    def _on_reaction(self, ctx: Ctx, st: FreedomState, actions: list[Action],
                     kinds: dict[str, list[Action]]) -> Action:
        roll = st.last_roll
        colour = roll.catcher if roll is not None else None
        if roll is not None and colour and roll.spaces > 0:
            dest = ctx.step_along(colour, st.catchers[colour], roll.direction, roll.spaces)
            if st.people[dest] > 0:
                return kinds["reserve"][0]
        return kinds["decline"][0]

    def _on_catcher_move(self, ctx: Ctx, st: FreedomState, actions: list[Action],
                         kinds: dict[str, list[Action]]) -> Action:
        def catcher_score(a: Action) -> tuple[int, int]:
            move = MoveCatcher.of(a)
            return (-st.people[move.to], nearest_person(ctx, st, move.colour, move.to))

        best = max(kinds.get("catcher", []), key=catcher_score, default=None)
        return best if best is not None else kinds["skip"][0]

    def _on_queue_remove(self, ctx: Ctx, st: FreedomState, actions: list[Action],
                         kinds: dict[str, list[Action]]) -> Action:
        for a in kinds.get("remove", []):
            cid = st.queue[RemoveCard.of(a).index]
            if cid is not None and ctx.card_by_id[cid].kind == "opposition":
                return a
        return kinds["stop"][0]

    def _on_support_offer(self, ctx: Ctx, st: FreedomState, actions: list[Action],
                          kinds: dict[str, list[Action]]) -> Action:
        return kinds["buy_support"][0]

    def _on_capture_choice(self, ctx: Ctx, st: FreedomState, actions: list[Action],
                           kinds: dict[str, list[Action]]) -> Action:
        return min(actions, key=lambda a: (-ctx.canada_distance[ChooseCapture.of(a).space], str(a)))

    # ------------------------------------------------------------------ planning
    def _planning(self, ctx: Ctx, st: FreedomState, kinds: dict[str, list[Action]]) -> Action:
        seat = st.turn_ctx.seat
        if "special" in kinds and sum(c.people for c in st.market) >= 3:
            return kinds["special"][0]
        if "support" in kinds:
            return kinds["support"][0]
        buys = kinds.get("buy", [])
        fund = [a for a in buys if ctx.stack_kind[BuyToken.of(a).stack] == "fundraising"]
        held_fund = sum(1 for h in st.held[seat] if ctx.stack_kind[h.stack] == "fundraising")
        rich = st.money[seat] >= 16
        if fund and held_fund == 0 and not rich and st.round < 8:
            return fund[-1]
        held_cond = sum(1 for h in st.held[seat] if ctx.stack_kind[h.stack] == "conductor")
        cond = [a for a in buys if ctx.stack_kind[BuyToken.of(a).stack] == "conductor"]
        if cond and held_cond < 2 + int(rich):
            def value(a: Action) -> tuple[int, int]:
                cs = ctx.conductor(BuyToken.of(a).stack)
                return (cs.people * cs.spaces * 10 - cs.cost, cs.period)

            return max(cond, key=value)
        return kinds["done"][0]

    # ------------------------------------------------------------------ action phase
    def _action(self, ctx: Ctx, st: FreedomState, kinds: dict[str, list[Action]]) -> Action:
        seat = st.turn_ctx.seat
        role = ctx.roles[st.roles[seat]]
        plays = kinds.get("play", [])
        fund = [a for a in plays if ctx.stack_kind[PlayToken.of(a).stack] == "fundraising"]
        if fund:
            return fund[0]
        cond = [a for a in plays if ctx.stack_kind[PlayToken.of(a).stack] == "conductor"]
        if cond:
            return cond[0]
        if "special" in kinds and self._special_worth(ctx, st, seat):
            return kinds["special"][0]
        if "benefit" in kinds:
            side = role.side(st.sides[seat])
            only_money = all(e.kind == "money" for e in side.benefit)
            gain = sum(int(e.get("amount", 0)) for e in side.benefit)
            if st.turn_ctx.did_something or not only_money or gain >= 3:
                return kinds["benefit"][0]
        card = self._card(ctx, st, seat, kinds.get("card", []))
        if card is not None:
            return card
        if "reserve" in kinds:
            return kinds["reserve"][0]
        if "pass" in kinds:
            return kinds["pass"][0]
        return kinds["end"][0]

    def _special_worth(self, ctx: Ctx, st: FreedomState, seat: int) -> bool:
        name = st.roles[seat]
        if name == "Preacher":
            return any(c is not None and ctx.card_by_id[c].kind == "opposition"
                       for c in st.queue)
        if name == "Shepherd":
            return room(ctx, st, "new_york") >= 2 and "new_york" not in st.catchers.values()
        if name == "Conductor":
            return st.round >= 3
        return True

    def _card(self, ctx: Ctx, st: FreedomState, seat: int, cards: list[Action]) -> Action | None:
        """The best affordable Queue card, keeping money for Support when it is close."""
        best, best_key = None, None
        for a in cards:
            pos = BuyCard.of(a).index
            cid = st.queue[pos]
            assert cid is not None
            card = ctx.card_by_id[cid]
            price = card_price(ctx, st, seat, pos)
            if card.kind == "opposition":
                worth = 3 if card.trigger == "queue" else 0
            else:
                worth = sum(2 for e in card.effects if effect_dict(e)["kind"] in GOOD_CARD_KINDS)
                worth += sum(int(effect_dict(e).get("amount", 0)) for e in card.effects
                             if effect_dict(e)["kind"] == "money")
            if worth <= price - 1 or worth <= 0:
                continue
            key = (worth - price, -pos)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best


def nearest_person(ctx: Ctx, st: FreedomState, colour: str, space: str) -> int:
    """Path distance from ``space`` to the nearest person on the catcher's path (99 if none)."""
    idx = ctx.path_index[colour]
    i = idx[space]
    dists = [abs(j - i) for s, j in idx.items() if st.people[s]]
    return min(dists, default=99)


def catcher_danger(ctx: Ctx, st: FreedomState) -> dict[str, float]:
    """Penalty for standing on a space next to a catcher on its own path."""
    danger: dict[str, float] = {}
    for colour, here in st.catchers.items():
        path = ctx.paths[colour]
        i = ctx.path_index[colour][here]
        for j in (i - 1, i + 1):
            if 0 <= j < len(path):
                danger[path[j]] = danger.get(path[j], 0.0) + 0.6
    return danger


def _safe_move(st: FreedomState) -> bool:
    """Whether the move being made now triggers no Slave Catcher."""
    top = st.pending[-1] if st.pending else None
    return bool((isinstance(top, Move) and top.safe) or st.turn_ctx.safe_turn)


def dest_value(ctx: Ctx, st: FreedomState, dest: str, danger: dict[str, float],
               safe: bool | None = None) -> float:
    """Value of a destination, minus the origin's distance to Canada (added by the caller).

    ``safe`` (whether the move triggers no catcher) is worked out from ``st`` unless given.
    """
    if dest in ctx.canada_set:
        return 100.0
    dist = ctx.canada_distance[dest]
    # progress toward Canada, finishing the people nearest to it first; gold; safety
    value = -1.1 * dist + 1.5 + 0.3 * ctx.money[dest] - danger.get(dest, 0.0)
    if safe is None:
        safe = _safe_move(st)
    if safe:
        return value
    for colour in ctx.triggers[dest]:
        here = st.catchers[colour]
        nxt = ctx.step_toward(colour, here, dest)
        if nxt == dest:
            return -1000.0  # the catcher would step onto the person
        if nxt != here and st.people[nxt] > 0:
            value -= 2.0 * st.people[nxt]
    return value
