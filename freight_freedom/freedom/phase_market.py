"""Phase 4, Slave Market: the people on the bottom Slave Market card go to the plantations.

The players choose, person by person, a plantation with an open space [FR-MKT-PHASE-1]; the
decision is the Lead Player's to enter [FR-RULING-MARKET-CHOOSER] and is skipped when only one
plantation has room. When no plantation has room the rest go to the Slaves Lost track, and one
more person than the track holds loses the game at once [FR-MKT-PHASE-2, FR-LOSE-1]. The emptied
card leaves, the others slide down and a new card is drawn and filled from the supply
[FR-MKT-PHASE-3]; when the deck is empty no card is drawn, which is the game's timer. The slide
starts the capture cycle again at the new bottom card [FR-RULING-CAPTURE-CYCLE].
"""

from __future__ import annotations

from ..core.event import Event, Note, narrating
from ..core.say import say, say_n
from . import capture_cycle
from .context import Ctx
from .events import MarketAdvanced, MarketCount
from .movement import add_lost
from .state import FreedomState, MarketCardInPlay, StepResult
from .verbs import named
from .verbs.deliver import deliver, open_plantations

#: The verbs of the phase: the Lead Player chooses each plantation [FR-RULING-MARKET-CHOOSER].
OFFERED = named("deliver")


def start(ctx: Ctx, st: FreedomState, ev: list[Event]) -> None:
    st.turn_ctx.phase, st.turn_ctx.step = "market", "deliver"
    n = st.market[0].people if st.market else 0
    if narrating(ev):
        ev.append(MarketCount(say_n("Round {round}: Slave Market phase: {n} person on the "
                                    "bottom card.", "Round {round}: Slave Market phase: {n} "
                                    "people on the bottom card.", n, round=st.round),
                              "FR-MKT-PHASE-1", n))


def step(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    if not st.market:
        if narrating(ev):
            ev.append(Note(say("No Slave Market card is left to deliver."), "FR-MKT-PHASE-3"))
        return finish(ctx, st, ev)
    while st.market[0].people > 0:
        spots = open_plantations(ctx, st)
        if not spots:
            n = st.market[0].people
            st.market[0] = st.market[0].with_people(0)
            if narrating(ev):
                ev.append(MarketCount(say_n("No plantation has room for {n} more person.",
                                            "No plantation has room for {n} more people.", n),
                                      "FR-MKT-PHASE-2", n))
            add_lost(ctx, st, n, ev, "FR-MKT-PHASE-2")
            if st.turn_ctx.phase == "over":
                return "continue"
            break
        if len(spots) > 1:
            return "decide"
        deliver(ctx, st, spots[0], ev)
    return finish(ctx, st, ev)


def finish(ctx: Ctx, st: FreedomState, ev: list[Event]) -> StepResult:
    if st.market:
        done = st.market.pop(0)
        st.market_done.append(done.card)
        capture_cycle.restart(st, "slide")
        if st.market_deck:
            cid = st.market_deck.pop()
            n = min(ctx.market_cards[cid].people, st.supply)
            st.supply -= n
            st.market.append(MarketCardInPlay(cid, n))
            if narrating(ev):
                ev.append(MarketAdvanced(say_n(
                    "The emptied Slave Market card is removed and the others slide down; a new "
                    "card is drawn with {n} person.", "The emptied Slave Market card is removed "
                    "and the others slide down; a new card is drawn with {n} people.", n),
                    len(st.market_deck)))
        elif narrating(ev):
            ev.append(MarketAdvanced(say("The emptied Slave Market card is removed and the "
                                         "others slide down; the Slave Market deck is empty."),
                                     len(st.market_deck)))
    return "done"
