"""``play STACK [grey]``: play a held Conductor or Fundraising token, up to 2 per Action turn
[FR-ACT-4].

A Conductor token starts a movement (its people and spaces) [FR-MOVE-1]; a Fundraising token pays
for the people standing in its region [FR-EFF-FUNDRAISE]. ``play STACK`` spends an ordinary token
of the stack if the player holds one (else the grey one); ``play STACK grey`` plays the grey one,
which returns to the token board [FR-RULING-GREY-CHOICE].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.event import Event, narrating
from ...core.i18n import _
from ...core.moves import Move
from ...core.say import say, say_n
from ..context import Ctx
from ..effect_kinds import queue_effects
from ..events import FundsRaised, TokenPlayed
from ..moves import PlayToken
from ..prices import queue_modifiers, region_people
from ..state import TOKENS_PER_TURN, FreedomState
from ..text import token_label, token_words
from .base import Verb

if TYPE_CHECKING:
    from ..game import Freedom


def play_token(
    ctx: Ctx, st: FreedomState, seat: int, stack: str, ev: list[Event], *, grey: bool = False
) -> None:
    """Play a held token: a Conductor token starts a movement, a Fundraising token pays."""
    held = st.held[seat]
    entries = [i for i, h in enumerate(held) if h.stack == stack]
    idx = next((i for i in entries if held[i].grey == grey), entries[0])
    grey = held.pop(idx).grey
    st.turn_ctx.tokens_played += 1
    who = say("Player {n}", n=seat + 1)
    if ctx.stack_kind[stack] == "conductor":
        cs = ctx.conductor(stack)
        if grey:
            st.stacks[stack] += 1
        else:
            st.tokens_spent.append(stack)
        if narrating(ev):
            label = token_label(cs.people, cs.spaces, cs.cost)
            words = (say("{who} plays a Conductor token ({label}). The grey token returns to "
                         "the token board.", who=who, label=label) if grey
                     else say("{who} plays a Conductor token ({label}).", who=who, label=label))
            ev.append(TokenPlayed(words, seat, stack, grey))
        queue_effects(st, seat, [{"kind": "move", "people": cs.people, "spaces": cs.spaces,
                                  "safe": False, "origin": "any"}],
                      f"Conductor token {cs.label}", front=True)
    else:
        fs = ctx.fundraising(stack)
        st.tokens_spent.append(stack)
        n = region_people(ctx, st, fs.region)
        role = ctx.roles[st.roles[seat]]
        bonus = role.side(st.sides[seat]).passive_amount("fundraising_bonus")
        cut = queue_modifiers(ctx, st)["fundraising_cut"]
        amount = max(0, n * fs.per_person + bonus - cut)
        st.money[seat] += amount
        if narrating(ev):
            if fs.region != "south":
                where = say("blue northern cities")
            elif st.options.get("fundraising_cities_only"):
                where = say("green southern cities")
            else:
                where = say("green southern spaces")
            ev.append(FundsRaised(say_n(
                "{who} plays a Fundraising token: {n} person in the {where} raises "
                "${amount}{bonus}{cut}.",
                "{who} plays a Fundraising token: {n} people in the {where} raise "
                "${amount}{bonus}{cut}.", n, who=who, where=where, amount=amount,
                bonus=say(" (+${bonus} {role})", bonus=bonus, role=role.name) if bonus else "",
                cut=say(" (-${cut} Opposition)", cut=cut) if cut else ""), seat, amount, n))


class PlayVerb(Verb, move=PlayToken, phases=("action",)):
    """One ``play`` per held stack (and ``play STACK grey`` when both kinds are held)."""

    def offer(self, ctx: Ctx, st: FreedomState, seat: int, out: list[Action]) -> None:
        if st.turn_ctx.tokens_played >= TOKENS_PER_TURN:
            return
        held = st.held[seat]
        if not held:
            return
        seen = set()
        greys = {h.stack for h in held if h.grey}
        for token in held:
            stack = token.stack
            if stack not in seen:
                seen.add(stack)
                out.append(PlayToken.action_for(seat, stack=stack))
                # both held: the player chooses [FR-RULING-GREY-CHOICE]
                if stack in greys and any(h.stack == stack and not h.grey for h in held):
                    out.append(PlayToken.action_for(seat, stack=stack, grey=True))

    def apply(self, ctx: Ctx, st: FreedomState, action: Action, ev: list[Event]) -> None:
        st.turn_ctx.did_something = True
        move = PlayToken.of(action)
        play_token(ctx, st, action.seat, move.stack, ev, grey=move.grey)

    def words(self, game: Freedom, move: Move, who: str) -> str | None:
        assert isinstance(move, PlayToken)
        ctx = game.ctx
        if move.stack not in ctx.stack_kind:
            return None
        cities_only = bool(game.state.options.get("fundraising_cities_only"))
        words = token_words(ctx, move.stack, cities_only=cities_only)
        if move.grey:
            return _("{who} plays a {token} (the grey token: back to the Token Board)").format(
                who=who, token=words)
        return _("{who} plays a {token}").format(who=who, token=words)

    def why_not(self, ctx: Ctx, st: FreedomState, action: Action) -> tuple[str, str] | None:
        if st.turn_ctx.tokens_played >= TOKENS_PER_TURN:
            return "FR-ACT-4", _("at most {n} tokens per turn").format(n=TOKENS_PER_TURN)
        return "FR-ACT-4", _("you hold no token of that stack")
