"""Per-game seeds derived from one master seed, so results never depend on how work is split.

A simulation of ``n`` games with master seed ``s`` plays game ``i`` with ``game_seed(s, i)`` and
gives the bot in seat ``k`` of that game ``bot_seed(game_seed(s, i), k)``. Each seed is a hash of
its position alone, not a draw from a shared stream, so game ``i`` is the same game whether it runs
first or last, alone or in a batch of 500, in this process or on a Dask worker.

>>> game_seed(7, 0) == game_seed(7, 0)
True
>>> game_seed(7, 0) != game_seed(7, 1) != game_seed(8, 0)
True
>>> 0 <= bot_seed(game_seed(7, 0), 2) < 2**63
True
"""

from __future__ import annotations

import hashlib

SEED_LIMIT = 2**63
"""Game seeds are ints in ``[0, 2**63)`` (what :class:`~freight_freedom.core.Game` accepts)."""


def derive_seed(master: int, *path: int | str) -> int:
    """A seed in ``[0, 2**63)`` for the position ``path`` under ``master`` (BLAKE2b, stable)."""
    if isinstance(master, bool) or not isinstance(master, int):
        raise TypeError(f"a master seed is an int, not {master!r}")
    text = "/".join([str(master), *map(str, path)])
    digest = hashlib.blake2b(text.encode(), digest_size=8, person=b"ff-seeds").digest()
    return int.from_bytes(digest, "big") % SEED_LIMIT


def game_seed(master: int, index: int) -> int:
    """The seed of game number ``index`` (0-based) of a run with master seed ``master``."""
    return derive_seed(master, "game", index)


def game_seeds(master: int, n_games: int) -> list[int]:
    """The seeds of games ``0 .. n_games - 1``."""
    return [game_seed(master, i) for i in range(n_games)]


def bot_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the bot playing ``seat`` in the game seeded ``seed_of_game``."""
    return derive_seed(seed_of_game, "bot", seat)
