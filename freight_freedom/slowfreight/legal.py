"""The phase of a turn's decision, its legal actions, why another one is not, and the prompt.

A Slow Freight turn (the game's one phase, ``"turn"`` in :attr:`~.game.SlowFreight.phase`) asks
one of three kinds of decision, each a core :class:`~..core.phase.Phase` of :mod:`.verbs`:

=========  ===============================================  ================================
phase      when                                             verbs offered, in order
=========  ===============================================  ================================
``turn``   a turn begins                                    ``loco``, ``take``, ``move``,
                                                            ``pass``
``taking`` a take-cards turn is under way (SF-RULING-16)    ``take``, ``stop``
``xloco``  a train of the seat has an Extra Locomotive      the forced ``move`` of that train
           (SF-XLOCO-4)                                     (:class:`.verbs.ForcedMoveVerb`)
=========  ===============================================  ================================

:func:`phase_of` reads which one from the state (no field records it, so saves keep their
shape). The single source of legality (STYLE.md 3): :func:`legal_actions` lists every legal
action in a fixed order (``loco``, ``take`` by slot then train, ``move`` by train, ``pass``; or,
inside a take-cards turn, ``take``... then ``stop``). :func:`explain_illegal` is only called for
actions not in that list: the phase's verb's reason, else the phase's general one.
"""

from __future__ import annotations

from ..core import Action, Phase, Prompt
from ..core.i18n import N_, _
from .actions import KINDS
from .freight import unfinished
from .scoring import reason_words
from .state import SlowFreightState
from .trains import EACH_CARD
from .verbs import FORCED_MOVE, VERBS, forced_train, must_move, unfinished_text


class _Phase(Phase[None, SlowFreightState]):
    """A phase whose general reason (marked with ``N_``) is said in the reader's language."""

    def refuse(self, ctx: None, state: SlowFreightState, action: Action) -> tuple[str, str]:
        rule, reason = self.refusal or (self.rule, N_("not a legal choice now"))
        return rule, _(reason)


class _ForcedPhase(_Phase):
    """The ``xloco`` phase: its general reason names the train that must move."""

    def refuse(self, ctx: None, state: SlowFreightState, action: Action) -> tuple[str, str]:
        forced = forced_train(state, action.seat)
        return must_move(forced) if forced is not None else super().refuse(ctx, state, action)


TURN = _Phase(
    "turn", "SF-TURN-3", VERBS.named("loco", "take", "move", "pass"),
    ("SF-RULING-16", N_("stop ends a take-cards turn: take a card first")))
"""A turn's first decision; the one kind it does not offer is ``stop`` (SF-RULING-16)."""
TAKING = _Phase(
    "taking", "SF-RULING-16", VERBS.named("take", "stop"),
    ("SF-RULING-16", N_("you are taking cards this turn: take another card or stop")))
"""A take-cards turn under way: another card or stop (SF-RULING-16)."""
XLOCO = _ForcedPhase("xloco", "SF-XLOCO-4", (FORCED_MOVE,))
"""A train with an Extra Locomotive must move this turn, before anything else (SF-XLOCO-4)."""


# each phase's bound offer methods, in order (what Phase.offered calls, without its frame)
_TURN_OFFERS, _TAKING_OFFERS, _XLOCO_OFFERS = (tuple(verb.offer for verb in phase.verbs)
                                               for phase in (TURN, TAKING, XLOCO))


def phase_of(state: SlowFreightState, seat: int) -> Phase[None, SlowFreightState]:
    """The phase of ``seat``'s decision now (``seat`` is the seat to move)."""
    if state.taken:
        return TAKING
    return TURN if forced_train(state, seat) is None else XLOCO


def legal_actions(state: SlowFreightState) -> list[Action]:
    """Every legal action for the seat to move, in the documented order: the offers of the
    verbs of its phase (:func:`phase_of` and :meth:`~.core.phase.Phase.offered`, written out
    here: this runs for every decision)."""
    seat = state.seat
    offers = _TAKING_OFFERS if state.taken else _TURN_OFFERS
    if not state.taken:
        for t in state.players[seat].trains:
            if t.xloco is not None:
                offers = _XLOCO_OFFERS
                break
    out: list[Action] = []
    for offer in offers:
        offer(None, state, seat, out)
    return out


def explain_illegal(state: SlowFreightState, action: Action) -> tuple[str, str]:
    """Rule ID and reason for an action that is not in :func:`legal_actions`."""
    if action.kind not in VERBS:
        return "SF-TURN-3", _("unknown action {kind}; the actions are {kinds}").format(
            kind=repr(action.kind), kinds=", ".join(KINDS))
    return phase_of(state, action.seat).explain(None, state, action)


def prompt(state: SlowFreightState) -> Prompt:
    """The pending decision in words with its rule."""
    if state.over:
        return Prompt(None, _("the game is over: {reason}").format(
            reason=reason_words(state.end_reason)), "SF-END-1")
    seat = state.seat
    phase = phase_of(state, seat)
    if phase is TAKING:
        if state.train_check != EACH_CARD and any(unfinished(state.players[seat])):
            return Prompt(seat, _("take another face-up card ({n} taken): {trains} must become "
                                  "valid first").format(n=state.taken,
                                                        trains=unfinished_text(state, seat)),
                          "SF-RULING-25")
        return Prompt(seat, _("take another face-up card ({n} taken) or stop").format(
            n=state.taken), phase.rule)
    forced = forced_train(state, seat)
    if forced is not None:
        return Prompt(seat, _("move {train}: it has an Extra Locomotive").format(
            train=forced.name), phase.rule)
    return Prompt(seat, _("turn {n}: bring a Locomotive, take cards, move a train or "
                          "pass").format(n=state.turn), phase.rule)
