"""The action vocabulary of Freedom and a cache of action values.

Every decision is one :class:`~freight_freedom.core.action.Action`; the notation is
``SEAT:VERB ARGS`` with space ids and stack ids as words, e.g. ``0:move cincinnati columbus``.

========================  ================================================================
``roll``                  the Lead Player rolls both dice (Slave Catcher phase)
``reserve`` / ``decline`` play (or not) a Reserve card that reacts to the roll
``support``               buy a Support token from the active period column (Planning)
``buy STACK``             buy a Conductor or Fundraising token (Planning)
``special``               use your Role card's Special Ability (then it turns to side II)
``done``                  finish your Planning turn
``benefit``               take your Role card's Benefit (Action phase, once per turn)
``call SEAT``             ask the Station Master (SEAT) to use the Special Ability now
``play STACK``            play a held token (up to 2 per turn)
``card POS``              buy the Queue card at position POS (1 = leftmost)
``reserve``               play your Reserve card
``pass``                  pass all actions and take the period's income
``end``                   end your Action turn
``move FROM TO``          move one person (during a movement)
``stop``                  stop a movement or a Queue removal early
``catcher COLOUR SPACE``  move a Slave Catcher there (card effect); ``skip`` to decline
``remove POS``            remove the Queue card at POS without effect
``buy_support``           accept a discounted Support token; ``decline`` to refuse
``capture SPACE``         choose which person near a catcher is captured
``deliver PLANTATION``    deliver the next person of the bottom Slave Market card there
========================  ================================================================
"""

from __future__ import annotations

from ..core.action import Action, Arg

_CACHE: dict[tuple[int, str, tuple[Arg, ...]], Action] = {}


def act(seat: int, kind: str, *args: Arg) -> Action:
    """The (shared, immutable) action value ``seat:kind args``."""
    key = (seat, kind, args)
    a = _CACHE.get(key)
    if a is None:
        a = Action(seat, kind, args)
        if len(_CACHE) < 100_000:
            _CACHE[key] = a
    return a
