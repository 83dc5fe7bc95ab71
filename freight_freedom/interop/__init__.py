"""Adapters to the reference frameworks of game research (optional extras).

- :mod:`.openspiel` (extra ``openspiel``): importing it registers both games as OpenSpiel Python
  games, ``freight_freedom_freedom`` and ``freight_freedom_slowfreight``.
- :mod:`.pettingzoo` (extra ``rl``): ``env("freedom" | "slowfreight", **options)`` gives a
  PettingZoo AEC environment.

Both number actions with the games' fixed action spaces (:mod:`freight_freedom.core.action_space`)
and observe through the per-seat view (:mod:`.features`). Nothing here is imported by
``import freight_freedom``.
"""
