"""Train validity and train types (SF-FORM-2..5, SF-RULING-7), as precomputed lookup tables.

A train's cars are summarised by a *code*: ``auto * 36 + tank * 6 + coal`` (counts 0-5 each).
Every question the engine asks per decision ("may this card go onto this train?", "what type is
it?", "how many cars?") is then a tuple lookup, which keeps legal-move generation cheap.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.i18n import _
from .components import AUTO, COAL, MIXED, TANK

MAX_CARS = 5
STEP = (36, 6, 1)
"""What adding one car of kind AUTO, TANK, COAL adds to a code."""
CODES = 6 * 6 * 6


def counts_of(code: int) -> tuple[int, int, int]:
    return code // 36, (code // 6) % 6, code % 6


def code_of(counts: Iterable[int]) -> int:
    a, t, c = counts
    return a * 36 + t * 6 + c


def train_type(counts: tuple[int, int, int]) -> int | None:
    """The train type (AUTO, TANK, COAL or MIXED) of a valid train, ``None`` if not valid.

    Valid (SF-FORM-2..5): 1-5 cars, and either one kind only, or two cars of different kinds, or
    three to five cars with all three kinds.
    """
    n = sum(counts)
    if not 1 <= n <= MAX_CARS:
        return None
    kinds = sum(1 for x in counts if x)
    if kinds == 1:
        return next(k for k, x in enumerate(counts) if x)
    if n == 2 and kinds == 2:
        return MIXED
    if n >= 3 and kinds == 3:
        return MIXED
    return None


def is_valid(counts: tuple[int, int, int]) -> bool:
    return train_type(counts) is not None


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    kinds: list[int] = []
    ncars: list[int] = []
    nexts: list[tuple[int, int, int]] = []
    for code in range(CODES):
        counts = counts_of(code)
        t = train_type(counts)
        kinds.append(-1 if t is None else t)
        ncars.append(sum(counts))
        row = []
        for kind in (AUTO, TANK, COAL):
            new = list(counts)
            new[kind] += 1
            ok = new[kind] <= MAX_CARS and (code == 0 or t is not None) and is_valid(
                (new[0], new[1], new[2])
            )
            row.append(code + STEP[kind] if ok else -1)
        nexts.append((row[0], row[1], row[2]))
    return tuple(kinds), tuple(ncars), tuple(nexts)


TYPE_OF, NCARS, NEXT = _tables()
"""``TYPE_OF[code]``: train type or -1 (no cars / invalid); ``NCARS[code]``: number of cars;
``NEXT[code][kind]``: the code after adding a car of ``kind``, or -1 if that breaks SF-RULING-7."""

ACCEPTS = (
    *(tuple(NEXT[code][kind] >= 0 for code in range(CODES)) for kind in (AUTO, TANK, COAL)),
    tuple(code > 0 for code in range(CODES)),
)
"""``ACCEPTS[kind][code]``: whether a valid train ``code`` may take a card of ``kind`` under
``train_check="each_card"`` (SF-RULING-7); for the Extra Locomotive (kind 3), whether the train
has cars (SF-RULING-5). :data:`NEXT` as flags, for legal-move generation."""


def add_rejection(code: int, kind: int) -> tuple[str, str] | None:
    """Why a ``kind`` car cannot join a train ``code``: (rule, reason); ``None`` if it can."""
    if NEXT[code][kind] >= 0:
        return None
    counts = counts_of(code)
    n = sum(counts)
    if n >= MAX_CARS:
        return "SF-FORM-2", _("a train holds at most {n} Freight cars").format(n=MAX_CARS)
    new = list(counts)
    new[kind] += 1
    kinds = sum(1 for x in new if x)
    if kinds == 2:
        return "SF-FORM-5", _(
            "a Mixed train of 3-5 cars needs all three kinds; each added car must leave a "
            "valid train [SF-RULING-7]"
        )
    return "SF-RULING-7", _("each added car must leave a valid train")


# ------------------------------------------------------------ end-of-turn check (SF-RULING-25)
EACH_CARD = "each_card"
END_OF_TURN = "end_of_turn"
TRAIN_CHECKS = (EACH_CARD, END_OF_TURN)
"""Values of the option ``train_check``: when a growing train must be valid (SF-RULING-7/25)."""

VALID = -1
"""``MISSING[code]`` of a valid code (or a bare Locomotive): nothing is missing."""
DEAD = -2
"""``MISSING[code]`` of an invalid code that no further car can make valid."""


def _end_of_turn_tables() -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    missing: list[int] = []
    for code in range(CODES):
        counts = counts_of(code)
        n = sum(counts)
        if code == 0 or train_type(counts) is not None:
            missing.append(VALID)
        elif n < MAX_CARS and sum(1 for x in counts if x) == 2:
            # two kinds and 3-4 cars: one car of the third kind makes a valid Mixed train
            missing.append(next(k for k, x in enumerate(counts) if not x))
        else:
            missing.append(DEAD)
    loose: list[tuple[int, int, int]] = []
    for code in range(CODES):
        counts = counts_of(code)
        row = []
        for kind in (AUTO, TANK, COAL):
            new = code + STEP[kind]
            ok = (missing[code] != DEAD and sum(counts) < MAX_CARS
                  and counts[kind] < MAX_CARS and missing[new] != DEAD)
            row.append(new if ok else -1)
        loose.append((row[0], row[1], row[2]))
    return tuple(missing), tuple(loose)


MISSING, LOOSE_NEXT = _end_of_turn_tables()
"""For ``train_check="end_of_turn"`` (SF-RULING-25). ``MISSING[code]``: :data:`VALID`, the car
kind whose one card would make the train valid (3-4 cars of exactly two kinds), or :data:`DEAD`.
``LOOSE_NEXT[code][kind]``: the code after adding a car of ``kind`` if the train stays at most
5 cars and can still be made valid, else -1. Under ``each_card`` no invalid code ever arises."""


def can_finish(need: list[int], avail: list[int]) -> bool:
    """Whether face-up cars ``avail`` (per kind) can repair trains missing ``need`` (per kind).

    Each unfinished train lacks exactly one car of one kind (see :data:`MISSING`), so matching
    per kind is exact; the 3-card limit never binds, since the row is not refilled during a turn
    and every card left in it is one the player may still take (SF-RULING-16).
    """
    return need[0] <= avail[0] and need[1] <= avail[1] and need[2] <= avail[2]
