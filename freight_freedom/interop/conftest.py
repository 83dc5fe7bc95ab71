"""The doctests of an adapter are collected only where its extra is installed."""

from __future__ import annotations

import importlib.util

collect_ignore = [module for module, needs in (("openspiel.py", "pyspiel"),
                                               ("pettingzoo.py", "pettingzoo"))
                  if importlib.util.find_spec(needs) is None]
