"""What things cost and pay right now: printed prices with the Queue's Opposition cards and the
Role discounts applied.

Opposition cards with ``trigger: "queue"`` hold while they sit in the Queue [FR-CARD-7];
:func:`queue_modifiers` sums them. The printed numbers come from the data (tokens, roles) and the
rulebook constants of :mod:`.state`.

A Queue card's price is a :class:`QueuePrice` value, made by :func:`queue_prices` alone: the
position's printed price, each change to it with its rule and reason, and the total [FR-ACT-5].
The rules charge its total and every text that shows a price is made from its parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..core.i18n import N_
from ..core.say import shown
from .context import Ctx
from .effect_kinds import KINDS, QUEUE, effect_dict, kinds_for
from .state import PASS_INCOME, QUEUE_PRICES, QUEUE_SIZE, TOKENS_PER_PLANNING, FreedomState

QUEUE_KINDS = kinds_for(QUEUE)


def queue_modifiers(ctx: Ctx, st: FreedomState) -> Mapping[str, int]:
    """The summed effects of Opposition cards that hold while in the Queue [FR-CARD-7].

    ``token_limit`` is the smallest limit in force (the rulebook's limit when none is).
    The mapping is shared, read only: it is kept per component set and Queue contents
    (:attr:`.Ctx.queue_mods`), since the rules ask for it several times a decision.
    """
    queue = tuple(st.queue)
    known = ctx.queue_mods
    mods = known.get(queue)
    if mods is None:
        mods = known[queue] = _queue_modifiers(ctx, queue)
    return mods


def _queue_modifiers(ctx: Ctx, queue: tuple[str | None, ...]) -> dict[str, int]:
    mods = dict.fromkeys(QUEUE_KINDS, 0)
    mods["token_limit"] = TOKENS_PER_PLANNING
    for cid in queue:
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


def support_price(ctx: Ctx, st: FreedomState) -> int:
    """A Support token's price now [FR-PLAN-3, FR-EFF-SUPPORT-COST]."""
    return max(0, int(ctx.tokens.support_price) + queue_modifiers(ctx, st)["support_cost"])


def conductor_discount(ctx: Ctx, st: FreedomState, seat: int) -> int:
    """What ``seat``'s Role takes off every Conductor token's price (the Shepherd) [FR-PLAN-4]."""
    return ctx.passive(st, seat, "conductor_discount")


def conductor_price(
    ctx: Ctx, st: FreedomState, seat: int, stack: str, mods: Mapping[str, int] | None = None,
    discount: int | None = None,
) -> int:
    """Price of a Conductor token for ``seat``: printed cost, Queue surcharges, role discounts.

    ``mods`` and ``discount`` may be passed in when pricing several stacks at once."""
    if discount is None:
        discount = conductor_discount(ctx, st, seat)
    if mods is None:
        mods = queue_modifiers(ctx, st)
    return max(0, ctx.conductor(stack).cost + mods["conductor_cost"] - discount)


def conductor_prices(ctx: Ctx, surcharge: int, discount: int) -> tuple[tuple[str, int, int], ...]:
    """``(stack, period, price)`` of every Conductor stack under a Queue ``surcharge`` and a Role
    ``discount`` (what :func:`conductor_price` charges), made once per pair on the :class:`Ctx`."""
    row = ctx.conductor_rows.get((surcharge, discount))
    if row is None:
        row = ctx.conductor_rows[surcharge, discount] = tuple(
            (cs.id, cs.period, max(0, cs.cost + surcharge - discount))
            for cs in ctx.tokens.conductor)
    return row


def token_limit(ctx: Ctx, st: FreedomState) -> int:
    """Tokens a player may buy in one Planning turn [FR-PLAN-1, FR-EFF-TOKEN-LIMIT]."""
    return min(TOKENS_PER_PLANNING, queue_modifiers(ctx, st)["token_limit"])


@dataclass(frozen=True, slots=True)
class PriceChange:
    """One change to a printed price: ``amount`` dollars (negative: taken off) under ``rule``,
    for ``reason`` (what the player is told: ``"Opposition"``, a Role's name)."""

    amount: int
    rule: str
    reason: str


SURCHARGE_RULE = KINDS["card_cost"].rule
"""Opposition cards in the Queue make Abolitionist cards dearer [FR-EFF-CARD-COST]."""
DISCOUNT_RULE = KINDS["card_discount"].rule
"""A Role side's passive discount on Abolitionist cards (the Preacher's) [FR-ROLE-2]."""


@dataclass(frozen=True, slots=True)
class QueuePrice:
    """What the Queue card at ``position`` (1 = leftmost) costs one seat [FR-ACT-5]: the
    position's printed price (``base``), the changes to it (the Queue's Opposition surcharge,
    the seat's Role discount) and the ``total`` paid, never below $0."""

    position: int
    base: int
    changes: tuple[PriceChange, ...]
    total: int
    RULE: ClassVar[str] = "FR-ACT-5"

    def words(self) -> str:
        """The total, then how the printed price became it: ``"$2 ($2 + $1 Opposition, -$1
        Preacher)"``; just ``"$2"`` when nothing changes it. (The reasons are in the current
        language: the words are made when shown.)"""
        parts = []
        for change in self.changes:
            sign, amount = "+" if change.amount > 0 else "-", abs(change.amount)
            reason = shown(change.reason)
            if change.rule == SURCHARGE_RULE:  # the Queue's surcharge is told on the printed price
                parts.append(f"${self.base} {sign} ${amount} {reason}")
            else:
                parts.append(f"{sign}${amount} {reason}")
        return f"${self.total}" + (f" ({', '.join(parts)})" if parts else "")


_PRICES: dict[tuple[int, int, str], tuple[QueuePrice, ...]] = {}


def queue_prices(ctx: Ctx, st: FreedomState, seat: int) -> tuple[QueuePrice, ...]:
    """The price of every Queue position (0-based index) for ``seat`` now [FR-ACT-5].

    The prices depend only on the Queue's surcharge and the seat's Role discount, so each row is
    made once and shared (the rules ask for it at every decision of the Action phase)."""
    surcharge = queue_modifiers(ctx, st)["card_cost"]
    role = ctx.roles[st.roles[seat]]
    discount = ctx.passive(st, seat, "card_discount")
    key = (surcharge, discount, role.name)
    row = _PRICES.get(key)
    if row is None:
        row = _PRICES[key] = tuple(_queue_price(pos, surcharge, discount, role.name)
                                   for pos in range(QUEUE_SIZE))
    return row


def _queue_price(pos: int, surcharge: int, discount: int, role: str) -> QueuePrice:
    base = QUEUE_PRICES[pos]
    changes = []
    if surcharge:
        changes.append(PriceChange(surcharge, SURCHARGE_RULE, N_("Opposition")))
    if discount:
        changes.append(PriceChange(-discount, DISCOUNT_RULE, role))
    total = max(0, base + sum(change.amount for change in changes))
    return QueuePrice(pos + 1, base, tuple(changes), total)


def card_price(ctx: Ctx, st: FreedomState, seat: int, pos: int) -> int:
    """Price of the Queue card at 0-based ``pos`` for ``seat``: its :class:`QueuePrice`'s total
    [FR-ACT-5]."""
    return queue_prices(ctx, st, seat)[pos].total


def pass_income(ctx: Ctx, st: FreedomState) -> int:
    """Money for passing all actions [FR-ACT-7, FR-EFF-PASS-CUT]."""
    return max(0, PASS_INCOME[st.period] - queue_modifiers(ctx, st)["pass_income_cut"])


def region_people(ctx: Ctx, st: FreedomState, region: str) -> int:
    """People standing in the green southern spaces (with plantations) or blue northern cities:
    what Fundraising pays for.

    With ``fundraising_cities_only`` the plantations do not count [FR-RULING-FUNDRAISING].
    """
    reg = ctx.region
    skip = ctx.plantation_set if st.options.get("fundraising_cities_only") else frozenset()
    return sum(n for s, n in st.people.items() if n and reg[s] == region and s not in skip)
