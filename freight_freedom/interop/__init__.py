"""Adapters to the reference frameworks of game research (optional extras).

- :mod:`.openspiel` (extra ``openspiel``): importing it registers every registered game as an
  OpenSpiel Python game, ``freight_freedom_<key>`` (``freight_freedom_freedom``, ...).
- :mod:`.pettingzoo` (extra ``rl``): ``env(key, **options)`` gives a PettingZoo AEC
  environment of any registered game.

The games are read from their entries (:mod:`freight_freedom.core.registry`): a game with an
action space and an observation encoding there is taken, with no list of games here.

Both number actions with the games' fixed action spaces (:mod:`freight_freedom.core.action_space`)
and observe through the per-seat view (:mod:`.features`). Nothing here is imported by
``import freight_freedom``.
"""
