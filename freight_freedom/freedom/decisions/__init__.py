"""The decisions a card, token or role effect waits for, one kind per module.

==================  ======================================================  ====================
kind                what the player chooses                                 module
==================  ======================================================  ====================
``move``            people to move, one at a time, or stop                  :mod:`.move`
``catcher_move``    a Slave Catcher and where along its path, or skip       :mod:`.catcher_move`
``queue_remove``    Queue cards to remove without effect, or stop           :mod:`.queue_remove`
``support_offer``   buy a discounted Support token, or decline              :mod:`.support_offer`
``capture_choice``  which of the people nearest a catcher is captured       :mod:`.capture_choice`
``reaction``        play a Reserve card against the Slave Catcher roll      :mod:`.reaction`
==================  ======================================================  ====================

Every kind is a frozen :class:`~.base.Decision` that owns its legal actions, apply, prompt, the
words for its actions and the reason an action is not legal (see :mod:`.base`).
"""

from __future__ import annotations

from .base import DECISIONS, Decision, plural
from .capture_choice import CaptureChoice, capture_candidates, settle
from .catcher_move import CatcherMove
from .move import Move
from .queue_remove import QueueRemove
from .reaction import Reaction
from .support_offer import SupportOffer

__all__ = [
    "DECISIONS",
    "CaptureChoice",
    "CatcherMove",
    "Decision",
    "Move",
    "QueueRemove",
    "Reaction",
    "SupportOffer",
    "capture_candidates",
    "plural",
    "settle",
]
