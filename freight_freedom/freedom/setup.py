"""Set-up: the nine steps of the rulebook, in order, with the difficulty options [FR-SETUP-1..9].

All chance (role deal, Slave Market deck, period decks, the Opposition cards chosen) comes from the
game's own seeded RNG, in a fixed order, so the same seed gives the same set-up everywhere. Set-up
draws from the stream ``Rng(seed, "setup")`` and play from its own ``Rng(seed, "play")``, so a
set-up option that draws less (chosen roles) does not shift the dice of the game. Rules version
``freedom-1`` (for old saves) drew both from one unscrambled stream
(:attr:`.Rules.separate_rng_streams` false).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.event import Event
from ..core.frozen import FrozenDict, freeze
from ..core.rng import Rng
from ..core.say import say
from .context import Ctx
from .events import (
    CatchersPlaced,
    DecksShuffled,
    LanternTaken,
    MarketBuilt,
    PeoplePlaced,
    RolesDealt,
    SupportLaidOut,
    VictoryConditions,
)
from .phase_lantern import refill
from .state import (
    CURRENT_RULES,
    EASIER_START_MONEY,
    START_MONEY,
    TOTAL_PEOPLE,
    FreedomState,
    MarketCardInPlay,
    Rules,
)
from .text import Series, colour_words, player


def new_state(
    ctx: Ctx, options: Mapping[str, Any], seed: int, *, rules: Rules = CURRENT_RULES
) -> tuple[FreedomState, list[Event]]:
    """Build the state after set-up and the set-up events, under ``rules``: the rulebook's
    set-up steps in order (FR-SETUP-1..9), each drawing from the one set-up stream in turn."""
    players = int(options["players"])
    rng = Rng(seed, "setup") if rules.separate_rng_streams else Rng.legacy(seed)
    st = FreedomState(players=players, difficulty=str(options["difficulty"]), rng=rng,
                      options=dict(options), rules=rules)
    ev: list[Event] = [
        _deal_roles(ctx, st, options, rng),
        _place_people(ctx, st, options),
        _build_market(ctx, st, rng),
        _shuffle_decks(ctx, st, rng),
    ]
    # 5. The Queue: five cards from Period 1, at most one Opposition card.
    st.queue = [None] * 5
    refill(ctx, st, ev, "FR-SETUP-5")
    ev += [_lay_out_tokens(ctx, st, options), _place_catchers(ctx, st)]
    # 8. Victory Conditions card.
    side = ctx.victory_side(st)
    ev.append(VictoryConditions(say("Victory Conditions ({side} side): free {freed} people; the "
                                    "Slaves Lost track holds {lost}.", side=st.difficulty,
                                    freed=side.freed, lost=side.lost), side.freed, side.lost))
    # 9. Lead Player.
    st.lead = 0
    ev.append(LanternTaken(say("{who} is the Lead Player and takes the Lantern. Round 1 begins "
                               "with the Slave Catcher phase.", who=player(0)), 0))
    if rules.separate_rng_streams:
        st.rng = Rng(seed, "play")
    return st, ev


def _deal_roles(ctx: Ctx, st: FreedomState, options: Mapping[str, Any], rng: Rng) -> Event:
    """1. Roles (chosen, or dealt at random) and each player's starting money."""
    players = st.players
    roles = options.get("roles")
    chosen = roles is not None
    if roles is None:
        names = list(ctx.roles)
        rng.shuffle(names)
        roles = names[:players]
    st.roles = list(roles)
    st.sides = [1] * players
    start = EASIER_START_MONEY if options.get("easier_money") else START_MONEY
    st.money = [start] * players
    st.held = [[] for _ in range(players)]
    st.reserve = [None] * players
    dealt = Series(say("{who} {role}", who=player(i), role=r) for i, r in enumerate(st.roles))
    if chosen:
        words = say("Roles chosen: {roles}. Each player takes ${money}.", roles=dealt,
                    money=start)
    else:
        words = say("Roles dealt at random: {roles}. Each player takes ${money}.", roles=dealt,
                    money=start)
    return RolesDealt(words, tuple(st.roles), start)


def _place_people(ctx: Ctx, st: FreedomState, options: Mapping[str, Any]) -> Event:
    """2. People on the light plantation spaces (or as the difficulty options say)."""
    st.people = {s: 0 for s in ctx.map_spaces}
    st.freed_at = {c: 0 for c in ctx.board.canada}
    centre = ctx.board.plantations[1]
    for p in ctx.board.plantations:
        sp = ctx.board.spaces[p]
        n = sp.light_slots
        if options.get("harder_full_plantations"):
            n = sp.capacity or 0
        if options.get("easier_empty_centre") and p == centre:
            n = 0
        st.people[p] = n
    st.supply = TOTAL_PEOPLE - sum(st.people.values())
    # (each say() apart: Babel finds no words inside another say()'s facts)
    placed = Series(say("{space} {n}", space=ctx.name(p), n=st.people[p])
                    for p in ctx.board.plantations)
    return PeoplePlaced(say("People are placed on the plantations: {plantations}.",
                            plantations=placed),
                        FrozenDict({p: st.people[p] for p in ctx.board.plantations}))


def _build_market(ctx: Ctx, st: FreedomState, rng: Rng) -> Event:
    """3. The Slave Market deck of 8 for this player count; three cards face up and filled."""
    eligible = sorted(m.id for m in ctx.market_cards.values() if st.players in m.players)
    rng.shuffle(eligible)
    deck, unused = eligible[:8], eligible[8:]
    st.market_unused = sorted(unused) + sorted(
        m for m in ctx.market_cards if m not in eligible)
    st.market_deck = deck
    for _ in range(3):
        cid = st.market_deck.pop()
        n = min(ctx.market_cards[cid].people, st.supply)
        st.supply -= n
        st.market.append(MarketCardInPlay(cid, n))
    return MarketBuilt(say("The Slave Market deck of 8 is built; the three face-up cards hold "
                           "{counts} people (bottom to top).",
                           counts=Series(c.people for c in st.market)),
                       freeze([c.to_dict() for c in st.market]))


def _shuffle_decks(ctx: Ctx, st: FreedomState, rng: Rng) -> Event:
    """4. The three period decks, each shuffled with its Opposition cards."""
    cards = ctx.cards
    used: set[str] = set()
    st.decks = []
    for period in (1, 2, 3):
        general = [c.id for c in cards.deck(period, st.players)]
        opposition = sorted(c.id for c in cards.opposition(period, st.players))
        rng.shuffle(opposition)
        k = int(cards.opposition_per_period[st.players][period])
        d = sorted(general) + opposition[:k]
        rng.shuffle(d)
        st.decks.append(d)
        used.update(d)
    st.removed_cards = sorted(c.id for c in cards.cards if c.id not in used)
    decks = Series(say("Period {period} {n} cards", period=i + 1, n=len(d))
                   for i, d in enumerate(st.decks))
    return DecksShuffled(say("The three period decks are shuffled with their Opposition cards: "
                             "{decks}.", decks=decks), tuple(len(d) for d in st.decks))


def _lay_out_tokens(ctx: Ctx, st: FreedomState, options: Mapping[str, Any]) -> Event:
    """6. Tokens on the token board for this player count (and the harder extra Support)."""
    harder = bool(options.get("harder_extra_support"))
    for cs in ctx.tokens.conductor:
        st.stacks[cs.id] = cs.count(st.players)
    for fs in ctx.tokens.fundraising:
        st.stacks[fs.id] = fs.count(st.players)
    st.stack_size = dict(st.stacks)
    st.support_left = [ctx.tokens.support_count(st.players, p, harder=harder)
                       for p in (1, 2, 3)]
    st.support_bought = [0, 0, 0]
    support = Series(say("Period {period} {n}", period=i + 1, n=n)
                     for i, n in enumerate(st.support_left))
    return SupportLaidOut(say("Tokens are laid out by period; Support tokens: {support}.",
                              support=support), tuple(st.support_left))


def _place_catchers(ctx: Ctx, st: FreedomState) -> Event:
    """7. Slave Catchers on their starting spaces."""
    st.catchers = {c: cp.start for c, cp in ctx.board.catchers.items()}
    places = Series(say("{colour} {space}", colour=colour_words(c), space=ctx.name(s))
                    for c, s in st.catchers.items())
    return CatchersPlaced(say("The Slave Catchers start at {places}.", places=places),
                          FrozenDict(st.catchers))
