"""Words for cards and trains, and the table as text: the teaching narrative's pieces (an
action's words are its verb's, :func:`.verbs.describe_action`).

The engine's words name a train by its id (``t3``: the notation, the log and the saves keep
it); on screen the app names each train by a letter a student can say (:func:`train_name`,
"train C").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .components import KIND_NAMES, TYPE_NAMES, Components
from .state import SlowFreightState, Train
from .trains import CODES, NCARS, TYPE_OF, counts_of

#: the names trains go by on screen, in the order they come into play: a letter a student can
#: say ("train C") where the notation and the saves keep the id (``t3``)
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def train_name(tid: str, *, start: bool = False) -> str:
    """``"t3"`` -> ``"train C"`` (``"train AA"`` after Z; ``"Train C"`` to ``start`` a
    sentence); another text is returned as it is.

    >>> train_name("t1"), train_name("t27"), train_name("t2", start=True)
    ('train A', 'train AA', 'Train B')
    """
    match = re.fullmatch(r"t(\d+)", tid)
    if match is None:
        return tid
    n, letters = int(match.group(1)), ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = _LETTERS[rest] + letters
    return f"{'Train' if start else 'train'} {letters}"


def card_list(comps: Components, cards: Sequence[int]) -> str:
    """``"Coal, Tank and Auto Carrier"`` for a list of Freight card ids."""
    words = [KIND_NAMES[comps.card_kind[c]] for c in cards]
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def cars_words(code: int) -> str:
    """``"2 Coal cars"``, ``"Mixed Freight: 1 Auto Carrier, 1 Tank, 1 Coal"``, ``"no cars"``."""
    n = NCARS[code]
    kind = TYPE_OF[code]
    if n == 0:
        return "no cars"
    if 0 <= kind < 3:
        return f"{n} {TYPE_NAMES[kind]} car{'s' if n > 1 else ''}"
    parts = [f"{x} {KIND_NAMES[k]}" for k, x in enumerate(counts_of(code)) if x]
    if kind < 0:  # only during a take-cards turn with train_check="end_of_turn" (SF-RULING-25)
        return "unfinished: " + ", ".join(parts)
    return "Mixed Freight: " + ", ".join(parts)


CARS_WORDS = tuple(cars_words(code) for code in range(CODES))


def train_words(train: Train) -> str:
    """The train's cars in words, with ``" + Extra Locomotive"`` when it has one."""
    return code_words(train.code, train.xloco)


def code_words(code: int, xloco: int | None) -> str:
    """:func:`train_words` of a train with car code ``code`` and Extra Locomotive ``xloco``
    (``None``: none), from those facts alone (for words written later)."""
    text = CARS_WORDS[code]
    return text if xloco is None else text + " + Extra Locomotive"


def board_text(state: SlowFreightState) -> str:
    """A plain-text picture of the table (the ``str`` of a game)."""
    comps = state.comps
    face = ", ".join("-" if c is None else KIND_NAMES[comps.card_kind[c]] for c in state.face_up)
    supply = "unlimited" if state.track_supply is None else str(state.track_supply)
    lines = [
        f"Slow Freight, turn {state.turn}"
        + (" (game over)" if state.over else f", Player {state.seat + 1} to play"),
        f"Face up: {face} | Freight deck {len(state.freight_deck)} | "
        f"Locomotives {len(state.loco_supply)} | Track {supply} | "
        f"Clocks {len(state.clocks_drawn)}/{state.clocks_in_game} | "
        f"Movement deck {len(state.movement_deck)}, discards {len(state.discard)}",
    ]
    final = state.outcome.scores if state.outcome is not None else None
    for p in state.players:
        chips = sum(v for _, v in p.bonus_chips)
        # after the end, the final score (penalties and biggest-train awards in: SF-SCORE-8)
        points = final[p.seat] if final is not None else p.car_points + chips
        lines.append(f"Player {p.seat + 1}: {points} points{' (final)' if final else ''}, "
                     f"{len(p.delivered)} delivered")
        for t in p.trains:
            moving = ", moving" if t.moving else ""
            lines.append(f"  {t.name}: {train_words(t)}; track {t.track}{moving}")
    return "\n".join(lines)
