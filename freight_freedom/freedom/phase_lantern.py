"""Phase 5, Lantern: discard from the Queue, slide and refill it, check victory, pass the Lantern.

The rightmost card of the Queue is discarded (the two rightmost with 1-2 players)
[FR-LANT-1, FR-SOLO-2]; an Opposition card with a discard effect sets it off [FR-LANT-2]. The
remaining cards slide right and the gaps are filled from the current period's deck, at most one
new Opposition card per refill; extra Opposition cards drawn are set aside and shuffled back
[FR-LANT-3]. Then victory is checked [FR-WIN-1] and the Lantern passes clockwise [FR-LANT-4].
"""

from __future__ import annotations

from ..core.event import Event, Note, narrating
from ..core.say import say, say_n
from .context import Ctx
from .effect_kinds import queue_effects
from .events import CardDiscarded, LanternPassed, OppositionReshuffled, QueueRefilled
from .state import QUEUE_SIZE, ROUNDS, FreedomState, StepResult
from .text import Series, player
from .victory import check_end_of_round


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    turn = st.turn_ctx
    turn.phase, turn.step = "lantern", "discard"
    turn.lantern_discarded = 0


def discards_per_round(st: FreedomState) -> int:
    return 2 if st.players <= 2 else 1


def refill(ctx: Ctx, st: FreedomState, ev: list[Event], rule: str) -> None:
    """Slide the Queue right and fill the gaps from the current deck [FR-LANT-3]."""
    cards = [c for c in st.queue if c is not None]
    st.queue = [None] * (QUEUE_SIZE - len(cards)) + cards
    deck = st.decks[st.period - 1]
    set_aside: list[str] = []
    new_opposition = 0
    drawn = []
    for pos in range(QUEUE_SIZE - len(cards) - 1, -1, -1):
        while deck:
            cid = deck.pop()
            if ctx.card_by_id[cid].kind == "opposition":
                if new_opposition >= 1:
                    set_aside.append(cid)
                    continue
                new_opposition += 1
            st.queue[pos] = cid
            drawn.append(cid)
            break
    if drawn:
        if narrating(ev):
            names = Series(ctx.card_by_id[c].name for c in drawn)
            ev.append(QueueRefilled(say("The Queue is refilled from the Period {period} deck: "
                                        "{cards}.", period=st.period, cards=names), rule,
                                    tuple(drawn)))
    elif None in st.queue and narrating(ev):
        ev.append(Note(say("The Period {period} deck is empty; the Queue stays short.",
                           period=st.period), rule))
    if set_aside:
        deck.extend(set_aside)
        st.rng.shuffle(deck)
        if narrating(ev):
            ev.append(OppositionReshuffled(say_n(
                "{n} extra Opposition card is shuffled back into the deck.",
                "{n} extra Opposition cards are shuffled back into the deck.", len(set_aside)),
                rule, len(set_aside)))


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    turn = st.turn_ctx
    if turn.step == "discard":
        if turn.lantern_discarded < discards_per_round(st):
            turn.lantern_discarded += 1
            for pos in range(QUEUE_SIZE - 1, -1, -1):
                cid = st.queue[pos]
                if cid is None:
                    continue
                st.queue[pos] = None
                st.discard.append(cid)
                card = ctx.card_by_id[cid]
                if narrating(ev):
                    ev.append(CardDiscarded(say("{card} is discarded from Queue position {pos}.",
                                                card=card.name, pos=pos + 1), "FR-LANT-1", cid))
                if card.kind == "opposition" and card.trigger == "discard":
                    if narrating(ev):
                        ev.append(CardDiscarded(say("{card} takes effect as it is discarded.",
                                                    card=card.name), "FR-LANT-2", cid))
                    queue_effects(st, st.lead, card.effects, card.name)
                break
            return "continue"
        turn.step = "refill"
        return "continue"
    if turn.step == "refill":
        refill(ctx, st, ev, "FR-LANT-3")
        turn.step = "check"
        return "continue"
    # check victory, pass the Lantern; the engine then starts the next round
    if check_end_of_round(ctx, st, ev):
        return "continue"
    st.lead = (st.lead + 1) % st.players
    st.round += 1
    assert st.round <= ROUNDS
    if narrating(ev):
        ev.append(LanternPassed(say("The Lantern passes to {who}. Round {round} begins with the "
                                    "Slave Catcher phase.", who=player(st.lead), round=st.round),
                                st.lead, st.round))
    return "done"
