"""Words for cards and trains, and the table as text: the teaching narrative's pieces (an
action's words are its verb's, :func:`.verbs.describe_action`).

The engine's words name a train by its id (``t3``: the notation, the log and the saves keep
it); on screen the app names each train by a letter a student can say (:func:`train_name`,
"train C").

Every function here writes its words in the current language (:func:`~..core.i18n.using`):
English unless a reader chose another. The event texts the log keeps are written in English
(:func:`~..core.event.later` words, rendered under the source language).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.i18n import SOURCE, _, language, ngettext, using
from ..core.say import Say, listing, say, shown
from .components import KIND_NAMES, TYPE_NAMES, Components
from .state import SlowFreightState, Train
from .trains import CODES, NCARS, TYPE_OF, counts_of

#: the names trains go by on screen, in the order they come into play: a letter a student can
#: say ("train C") where the notation and the saves keep the id (``t3``)
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def train_letters(tid: str) -> str | None:
    """``"t3"`` -> ``"C"`` (``"AA"`` after Z); ``None`` for a text that is no train id."""
    match = re.fullmatch(r"t(\d+)", tid)
    if match is None:
        return None
    n, letters = int(match.group(1)), ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = _LETTERS[rest] + letters
    return letters


def train_name(tid: str, *, start: bool = False) -> str:
    """``"t3"`` -> ``"train C"`` (``"train AA"`` after Z; ``"Train C"`` to ``start`` a
    sentence); another text is returned as it is.

    >>> train_name("t1"), train_name("t27"), train_name("t2", start=True)
    ('train A', 'train AA', 'Train B')
    """
    letters = train_letters(tid)
    if letters is None:
        return tid
    if start:
        # TRANSLATORS: a train as the screen names it, at the start of a sentence: "Train C"
        return _("Train {letters}").format(letters=letters)
    # TRANSLATORS: a train as the screen names it: "train C" (the log keeps its id, t3)
    return _("train {letters}").format(letters=letters)


def train_word() -> tuple[str, str]:
    """The word :func:`train_name` puts before a train's letters, in the current language, as
    it is and to start a sentence: ``("train", "Train")``."""
    return (_("train {letters}").format(letters="").strip(),
            _("Train {letters}").format(letters="").strip())


def card_words(comps: Components, cards: Sequence[int]) -> Say:
    """``"Coal, Tank and Auto Carrier"`` for a list of Freight card ids, as words rendered when
    shown (``"nothing"`` for none)."""
    kinds = comps.card_kind
    return kind_words([kinds[c] for c in cards])


def kind_words(kinds: Sequence[int]) -> Say:
    """:func:`card_words` of cards of these ``kinds`` (AUTO, TANK, COAL, XLOCO)."""
    if not kinds:
        return say("nothing")
    return listing([KIND_NAMES[k] for k in kinds])


def card_list(comps: Components, cards: Sequence[int]) -> str:
    """:func:`card_words` written now: ``"Coal, Tank and Auto Carrier"``."""
    return str(card_words(comps, cards))


def cars_words(code: int) -> str:
    """``"2 Coal cars"``, ``"Mixed Freight: 1 Auto Carrier, 1 Tank, 1 Coal"``, ``"no cars"``."""
    n = NCARS[code]
    kind = TYPE_OF[code]
    if n == 0:
        return _("no cars")
    if 0 <= kind < 3:
        return ngettext("{n} {kind} car", "{n} {kind} cars", n).format(
            n=n, kind=shown(TYPE_NAMES[kind]))
    # TRANSLATORS: how many cars of one kind a Mixed train has: "2 Coal" (in "Mixed Freight: 1
    # Auto Carrier, 2 Coal")
    parts = ", ".join(_("{n} {kind}").format(n=x, kind=shown(KIND_NAMES[k]))
                      for k, x in enumerate(counts_of(code)) if x)
    if kind < 0:  # only during a take-cards turn with train_check="end_of_turn" (SF-RULING-25)
        return _("unfinished: {cars}").format(cars=parts)
    return _("Mixed Freight: {cars}").format(cars=parts)


_CARS_WORDS: dict[str, tuple[str, ...]] = {}
""":func:`cars_words` of every code, by language (written once per language)."""


def _all_cars_words() -> tuple[str, ...]:
    lang = language()
    found = _CARS_WORDS.get(lang)
    if found is None:
        found = _CARS_WORDS[lang] = tuple(cars_words(code) for code in range(CODES))
    return found


with using(SOURCE):
    CARS_WORDS = _all_cars_words()
"""The English :func:`cars_words` of every code."""


def train_words(train: Train) -> str:
    """The train's cars in words, with ``" + Extra Locomotive"`` when it has one."""
    return code_words(train.code, train.xloco)


def code_words(code: int, xloco: int | None) -> str:
    """:func:`train_words` of a train with car code ``code`` and Extra Locomotive ``xloco``
    (``None``: none), from those facts alone (for words written later)."""
    text = _all_cars_words()[code]
    if xloco is None:
        return text
    # TRANSLATORS: a train's cars and its Extra Locomotive: "2 Coal cars + Extra Locomotive"
    return _("{cars} + Extra Locomotive").format(cars=text)


def board_text(state: SlowFreightState) -> str:
    """A plain-text picture of the table (the ``str`` of a game)."""
    comps = state.comps
    face = ", ".join("-" if c is None else shown(KIND_NAMES[comps.card_kind[c]])
                     for c in state.face_up)
    supply = _("unlimited") if state.track_supply is None else str(state.track_supply)
    head = (_("Slow Freight, turn {turn} (game over)") if state.over
            else _("Slow Freight, turn {turn}, Player {n} to play"))
    lines = [
        head.format(turn=state.turn, n=state.seat + 1),
        _("Face up: {cards} | Freight deck {deck} | Locomotives {locos} | Track {track} | "
          "Clocks {clocks}/{total} | Movement deck {movement}, discards {discards}").format(
            cards=face, deck=len(state.freight_deck), locos=len(state.loco_supply),
            track=supply, clocks=len(state.clocks_drawn), total=state.clocks_in_game,
            movement=len(state.movement_deck), discards=len(state.discard)),
    ]
    final = state.outcome.scores if state.outcome is not None else None
    for p in state.players:
        chips = sum(v for _seat, v in p.bonus_chips)
        # after the end, the final score (penalties and biggest-train awards in: SF-SCORE-8)
        points = final[p.seat] if final is not None else p.car_points + chips
        line = (_("Player {n}: {points} points (final), {delivered} delivered") if final
                else _("Player {n}: {points} points, {delivered} delivered"))
        lines.append(line.format(n=p.seat + 1, points=points, delivered=len(p.delivered)))
        for t in p.trains:
            line = (_("{train}: {cars}; track {track}, moving") if t.moving
                    else _("{train}: {cars}; track {track}"))
            lines.append("  " + line.format(train=t.name, cars=train_words(t), track=t.track))
    return "\n".join(lines)
