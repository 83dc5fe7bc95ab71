"""What one seat sees of a Freedom table, as one frozen value (``game.view(seat)``).

The route map (:mod:`.view`), the app's side panels, the inspector's tables and the summary
are drawn from this and never read the engine's state: one place says what the engine shows
and what each number means. It holds everything a screen shows (the map, the tracks, the
Slave Market, money, roles and their texts, held tokens, the Abolitionist Queue and its prices,
the token board, whose turn it is, the prompt, the legal choices in words, the last turn's
events) and nothing hidden: Freedom has no hidden hands, only the order of the period decks,
of the Slave Market deck and the future dice are secret, and none of them is here (deck sizes
are). ``game.view()`` is a spectator's view; in this cooperative game it shows the same table.
Its words (prompt, choices, events, prices, the players' and the Queue's texts, the components'
names) are in the reader's language (``game.view()`` under :func:`~..core.i18n.using`); the
ids (space ids, stack ids, a card's ``kind``, ``phase``) are not words and never change.

>>> from freight_freedom import Freedom
>>> vm = Freedom(players=2, seed=1, roles=("Conductor", "Preacher")).view()
>>> vm.round, vm.phase, vm.period, vm.lead
(1, 'Slave Catcher', 1, 0)
>>> vm.freed, vm.lost, len(vm.market)
(0, 0, 3)
>>> vm.players[1].role, vm.players[1].money
('Preacher', 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.frozen import FrozenDict, freeze
from ..core.i18n import N_, _, ngettext
from ..core.say import shown
from ..core.seat_view import STATIC, Choice, EventView, event_view, recent_events
from .board import Board
from .moves import MOVES, ChooseCapture, Deliver, MoveCatcher, MovePerson
from .state import PHASE_NAMES, QUEUE_PRICES

if TYPE_CHECKING:
    from ..core.action import Action
    from .context import Ctx
    from .game import Freedom
    from .state import FreedomState

ROMAN = {1: "I", 2: "II", 3: "III"}
#: a Queue card's kind in words (marked: shown through ``_()``)
KIND_WORDS = {"general": N_("General: resolves at once"), "reserve": N_("Reserve: kept for later"),
              "opposition": N_("Opposition")}
#: when a Role's Special Ability is used (marked: shown through ``_()``)
SPECIAL_WHEN = {"planning": N_("in your Planning turn"), "action": N_("in your Action turn"),
                "other_turn": N_("in another player's Action turn")}


@dataclass(frozen=True, slots=True)
class MarketCardView:
    """A Slave Market card on display and the people waiting on it."""

    card: str
    people: int


@dataclass(frozen=True, slots=True)
class QueueCardView:
    """An Abolitionist card in the Queue (1-based ``position``; the right end leaves next) with
    the price the seat the prices are for would pay: ``price_words`` names the Opposition
    surcharge or role discount in it; ``price`` is ``None`` for a card that cannot be bought.
    The words (name, year, text, note, price) are in the reader's language; ``kind`` is the
    card's kind (``"general"``, ``"reserve"``, ``"opposition"``: :data:`KIND_WORDS`)."""

    position: int
    name: str
    year: str
    kind: str
    text: str
    note: str
    printed: int
    price: int | None
    price_words: str


@dataclass(frozen=True, slots=True)
class CardView:
    """A card in words (a Reserve card held by a player)."""

    name: str
    year: str
    text: str


@dataclass(frozen=True, slots=True)
class HeldTokenView:
    """A token a player holds: in words with its period, and whether it is the grey token."""

    words: str
    kind: str
    grey: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's Role card (side, Benefit, Special Ability, history note), money, held tokens and
    Reserve card."""

    seat: int
    role: str
    side: int
    money: int
    benefit: str
    special: str
    special_used: bool
    special_when: str
    history: str
    tokens: tuple[HeldTokenView, ...]
    reserve: CardView | None


@dataclass(frozen=True, slots=True)
class StackView:
    """A stack of the Token Board: its period column, the token in words (``Conductor 4 people
    x 1 space``), its price (``$5``, ``free``) and the tokens left (``stack`` is its id, for
    the notation only)."""

    stack: str
    period: int
    kind: str
    price: str
    left: int


@dataclass(frozen=True, slots=True)
class SupportView:
    """The Support tokens of one period column: how many are left and what one costs now."""

    period: int
    left: int
    price: int


@dataclass(frozen=True, slots=True)
class FreedomView:
    """The table of a game of Freedom at one moment, as seat ``viewer`` sees it (``None``: a
    spectator).

    ``people`` counts every space of :attr:`board` (Canada included); ``catchers`` maps each
    Slave Catcher's colour to its space; ``market`` lists the cards on display, next delivery
    first. ``freed``/``freed_target`` and ``lost``/``lost_limit`` are the two tracks and the
    Victory Conditions card's numbers for this game. ``queue`` prices are for ``prices_for``:
    the viewing seat, else the seat deciding now, else the Lead Player. ``choices`` are the
    legal choices of the pending decision (whoever makes it), ``events`` the last turn's.
    ``board`` is the static map (left out of the JSON: every device has the same components).
    ``table`` is the same public table in the save format's words (no deck order, no RNG):
    what ``game.observation(seat)`` gives learning agents (:func:`observation_of`).
    """

    board: Board = field(metadata=STATIC)
    people: Mapping[str, int]
    catchers: Mapping[str, str]
    market: tuple[MarketCardView, ...]
    freed: int
    freed_target: int
    lost: int
    lost_limit: int
    round: int
    phase: str
    period: int
    lead: int
    table: Mapping[str, Any] = FrozenDict()
    viewer: int | None = None
    players: tuple[PlayerView, ...] = ()
    queue: tuple[QueueCardView | None, ...] = ()
    prices_for: int = 0
    stacks: tuple[StackView, ...] = ()
    support: tuple[SupportView, ...] = ()
    support_total: int = 0
    supply: int = 0
    market_deck: int = 0
    difficulty: str = ""
    over: bool = False
    outcome: str = ""
    to_move: int | None = None
    prompt: str = ""
    prompt_rule: str = ""
    choices: tuple[Choice, ...] = ()
    warnings: tuple[str, ...] = ()
    unavailable: tuple[str, ...] = ()
    events: tuple[EventView, ...] = ()

    def catchers_at(self, space: str) -> tuple[str, ...]:
        """Colours of the Slave Catchers standing on ``space``, in catcher order."""
        return tuple(c for c, s in self.catchers.items() if s == space)

    def targets(self, origin: str | None = None) -> tuple[str, ...]:
        """Spaces a click may choose now: the destinations of the legal map choices (from
        ``origin`` only, when one is picked)."""
        out: dict[str, None] = {}
        for c in self.choices:
            if c.dest is not None and (origin is None or c.origin == origin):
                out[c.dest] = None
        return tuple(out)

    def choice(self, action: Action) -> Choice | None:
        """The legal choice of ``action`` (``None`` when it is not legal now)."""
        return next((c for c in self.choices if c.action == action), None)


def table_of(ctx: Ctx, st: FreedomState) -> FreedomView:
    """The public table of state ``st`` alone: map, tracks, market, round (no words, choices
    or events; :func:`view_of` adds them). Cheap: the figure's skeleton needs only this."""
    people = {sid: 0 for sid in ctx.board.spaces}
    people.update(st.people)
    people.update(st.freed_at)
    return FreedomView(
        board=ctx.board,
        people=FrozenDict(people),
        catchers=FrozenDict(st.catchers),
        market=tuple(MarketCardView(c.card, c.people) for c in st.market),
        freed=st.freed,
        freed_target=ctx.freed_target(st),
        lost=st.lost,
        lost_limit=ctx.lost_limit(st),
        round=st.round,
        phase=PHASE_NAMES[st.turn_ctx.phase],
        period=st.period,
        lead=st.lead,
        table=freeze(public_table(st)),
    )


def public_table(st: FreedomState) -> dict[str, Any]:
    """The public table as fresh plain data in the save format's words: the whole state but
    the deck orders and the RNG (Freedom has no hidden hands; the decks' contents are public
    and shown sorted). The view's ``table`` field, frozen."""
    return st.to_dict(hidden=False)


def observation_of(st: FreedomState, seat: int, to_move: int | None) -> dict[str, Any]:
    """``game.observation(seat)``: the view's public table (:func:`public_table`) with the
    observing seat and the seat deciding now. Made straight from the state rather than by
    thawing a whole view, so that a learning agent's step costs no words or choices."""
    data = public_table(st)
    data["seat"] = seat
    data["to_move"] = to_move
    return data


def view_of(game: Freedom, seat: int | None = None, since: int | None = None) -> FreedomView:
    """The view of ``game`` for ``seat`` (``None``: a spectator), with the events logged from
    ``game.log[since]`` on (``None``: the last step's)."""
    from dataclasses import replace

    from .explain import unavailable, warnings
    from .victory import support_total

    ctx, st = game.ctx, game.state
    to_move = game.to_move
    prices_for = seat if seat is not None else to_move if to_move is not None else int(st.lead)
    prompt = game.prompt
    legal = game.legal_actions()
    return replace(
        table_of(ctx, st), viewer=seat,
        players=tuple(_player(ctx, st, s) for s in range(st.players)),
        queue=_queue(ctx, st, prices_for), prices_for=prices_for,
        stacks=_stacks(ctx, st, prices_for),
        support=_support(ctx, st), support_total=support_total(st), supply=st.supply,
        market_deck=len(st.market_deck), difficulty=st.difficulty,
        over=game.is_over, outcome=outcome_words(game), to_move=to_move,
        prompt=prompt.text, prompt_rule=prompt.rule,
        choices=tuple(Choice(a, game.describe(a), *ends(st, a), _catcher(a)) for a in legal),
        warnings=tuple(warnings(game)) if legal else (),
        unavailable=tuple(unavailable(game)) if legal else (),
        events=tuple(event_view(e) for e in recent_events(game, since)),
    )


def ends(st: FreedomState, action: Action) -> tuple[str | None, str | None]:
    """Where a map choice starts and ends: ``(origin, destination)`` space ids of ``action``.

    A person's movement goes from its first space to its last; a Slave Catcher's from where it
    stands; an action naming one space (a delivery, a capture) has no origin; ``(None, None)``
    for an action that is not made on the map. The click handler, the rings and the two-step
    drop-downs all read the result (:attr:`Choice.origin`, :attr:`Choice.dest`), so they agree
    on what each choice means.
    """
    match MOVES.get(action):
        case MovePerson(person_from=origin, to=dest):
            return origin, dest
        case MoveCatcher(colour=colour, to=dest):
            return st.catchers.get(colour), dest
        case ChooseCapture(space=dest) | Deliver(plantation=dest):
            return None, dest
    return None, None


def _catcher(action: Action) -> str | None:
    """The colour of the Slave Catcher a catcher move moves."""
    move = MOVES.get(action)
    return move.colour if isinstance(move, MoveCatcher) else None


def stack_words(ctx: Ctx, stack: str) -> tuple[str, str]:
    """A token stack in words and its price: ``("Conductor 4 people x 1 space", "$5")``, in the
    reader's language."""
    kind = ctx.stack_kind.get(stack)
    if kind == "conductor":
        c = ctx.conductor(stack)
        return (_("Conductor {people} x {spaces}").format(
            people=ngettext("{n} person", "{n} people", c.people).format(n=c.people),
            spaces=ngettext("{n} space", "{n} spaces", c.spaces).format(n=c.spaces)),
            f"${c.cost}")
    if kind == "fundraising":
        f = ctx.fundraising(stack)
        words = (_("Fundraising ${amount}/person in the south") if f.region == "south" else
                 _("Fundraising ${amount}/person in the north") if f.region == "north" else
                 _("Fundraising ${amount}/person in the {region}"))
        return words.format(amount=f.per_person, region=f.region), _("free")
    return stack, ""


def _player(ctx: Ctx, st: FreedomState, seat: int) -> PlayerView:
    from .text import benefit_words, token_words

    name = st.roles[seat]
    role = ctx.roles[name]
    side = int(st.sides[seat])
    cities_only = bool(st.options.get("fundraising_cities_only"))
    reserve = st.reserve[seat]
    card = ctx.card_by_id[reserve] if reserve else None
    when = SPECIAL_WHEN.get(role.special_phase)
    return PlayerView(
        seat=seat, role=shown(name), side=side, money=int(st.money[seat]),
        benefit=benefit_words(ctx, name, side), special=shown(role.special_text),
        special_used=side == 2, special_when=_(when) if when else "",
        history=shown(role.history),
        tokens=tuple(HeldTokenView(token_words(ctx, h.stack, cities_only=cities_only),
                                   stack_words(ctx, h.stack)[0], h.grey)
                     for h in st.held[seat]),
        reserve=None if card is None else CardView(shown(card.name), shown(card.year),
                                                   shown(card.text)))


def _queue(ctx: Ctx, st: FreedomState, seat: int) -> tuple[QueueCardView | None, ...]:
    from .prices import queue_prices

    prices = queue_prices(ctx, st, seat)
    out: list[QueueCardView | None] = []
    for i, cid in enumerate(st.queue):
        if cid is None:
            out.append(None)
            continue
        card = ctx.card_by_id[cid]
        price: int | None = None
        words = _("cannot be bought")
        if card.purchasable:
            price, words = prices[i].total, prices[i].words()
        out.append(QueueCardView(i + 1, shown(card.name), shown(card.year), card.kind,
                                 shown(card.text), shown(card.note), QUEUE_PRICES[i], price,
                                 words))
    return tuple(out)


def _stacks(ctx: Ctx, st: FreedomState, seat: int) -> tuple[StackView, ...]:
    return tuple(StackView(stack, ctx.stack_period.get(stack, 0), *stack_words(ctx, stack),
                           left=int(left)) for stack, left in st.stacks.items())


def _support(ctx: Ctx, st: FreedomState) -> tuple[SupportView, ...]:
    from .prices import support_price

    price = support_price(ctx, st)
    return tuple(SupportView(p + 1, int(n), price) for p, n in enumerate(st.support_left))


def outcome_words(game: Freedom) -> str:
    """How the game ended, with the optional score (rulebook, FR-SCORE-1) taken apart: what
    each point is for, so "score 16" means something to the class; ``""`` while it goes on."""
    out = game.outcome
    if out is None:
        return ""
    sc = out.score
    freed, lost = out.freed, out.lost
    met = sc.condition_points // 10
    cards = sc.market_points // 5
    from .victory import reason_words

    reason = reason_words(out.reason)
    head = (_("The players won in round {round}: {reason}.") if out.won
            else _("The players lost in round {round}: {reason}.")).format(round=out.round,
                                                                           reason=reason)
    facts = _("{freed} of {target} people reached freedom in Canada; {lost} of {limit} spaces "
              "of the Slaves Lost track are filled; {bought} of {total} Support tokens were "
              "bought.").format(freed=freed, target=out.freed_target, lost=lost,
                                limit=out.lost_limit, bought=out.support_bought,
                                total=out.support_total)
    conditions = ngettext("{points} for {n} victory condition met (10 each)",
                          "{points} for {n} victory conditions met (10 each)", met).format(
        points=sc.condition_points, n=met)
    market = ngettext("{points} for {n} Slave Market card left (5 each)",
                      "{points} for {n} Slave Market cards left (5 each)", cards).format(
        points=sc.market_points, n=cards)
    score = _("Score {total} (the rulebook's optional score, to compare games): {freed_points} "
              "for {freed} people freed (2 each), {lost_points} for {lost} people lost (-1 "
              "each), {conditions} and {market}.").format(
        total=sc.total, freed_points=sc.freed_points, freed=freed, lost_points=sc.lost_points,
        lost=lost, conditions=conditions, market=market)
    return f"{head} {facts} {score}"
