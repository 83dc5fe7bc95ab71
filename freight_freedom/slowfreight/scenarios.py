"""Teacher set-ups (SF-RULING-24): stack a deck or set the face-up row, as logged steps.

``game.scenario("stack_freight", cards=["coal", "xloco"])`` puts a Coal card and then an Extra
Locomotive on top of the Freight deck. Cards are named by kind (``auto``, ``tank``, ``coal``,
``xloco``; ``clock`` for the Movement deck's Clock) or exactly (``auto7``, ``train3``, ``clock1``).
Every scenario checks everything before it changes anything, and raises
:class:`~freight_freedom.core.IllegalAction` with the reason when the cards are not available.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import Event, IllegalAction
from ..core.event import later
from ..core.i18n import _
from ..core.say import shown
from .components import KIND_KEYS, KIND_NAMES, XLOCO
from .state import SlowFreightState

RULE = "SF-RULING-24"


def _cards_param(params: Mapping[str, Any], *, allow_none: bool = False) -> list[str | None]:
    if set(params) != {"cards"}:
        raise IllegalAction(f"this scenario takes one parameter, cards, not {sorted(params)}",
                            rule=RULE)
    cards = params["cards"]
    if not isinstance(cards, list) or not all(
        isinstance(c, str) or (allow_none and c is None) for c in cards
    ):
        raise IllegalAction("cards must be a list of card names", rule=RULE)
    if not any(c is not None for c in cards) and not allow_none:
        raise IllegalAction("cards must name at least one card (an empty stack changes nothing)",
                            rule=RULE)
    return list(cards)


def _pick(pool: list[int], specs: list[str], matches: Callable[[str, int], bool],
          where: str) -> list[int]:
    """The first card of ``pool`` (top first) matching each spec in turn, without repeats."""
    left = list(pool)
    chosen = []
    for spec in specs:
        card = next((c for c in left if matches(spec, c)), None)
        if card is None:
            raise IllegalAction(f"no card {spec!r} is left in {where}", rule=RULE)
        left.remove(card)
        chosen.append(card)
    return chosen


def _freight_matcher(state: SlowFreightState) -> Callable[[str, int], bool]:
    names = state.comps.card_names
    kinds = state.comps.card_kind

    def matches(spec: str, card: int) -> bool:
        if spec in KIND_KEYS:
            return kinds[card] == KIND_KEYS.index(spec)
        return names[card] == spec

    return matches


def _kinds(state: SlowFreightState, cards: Sequence[int | None]) -> tuple[int | None, ...]:
    """The cards' kinds (``None``: an empty place), for :func:`_kinds_words`."""
    kinds = state.comps.card_kind
    return tuple([None if c is None else kinds[c] for c in cards])


def _kinds_words(kinds: tuple[int | None, ...]) -> str:
    """The cards by kind, as a student reads them: ``"Tank, Coal, an empty place"`` (in the
    current language)."""
    return ", ".join(_("an empty place") if k is None else shown(KIND_NAMES[k]) for k in kinds)


def _movement(state: SlowFreightState, card: int) -> tuple[int, ...] | None:
    """What a Movement card shows, for :func:`_movement_words`: a Train card's row of the
    movement table, ``None`` for a Clock."""
    return None if card >= state.comps.train_cards else state.table.rows[card]


def _movement_words(row: tuple[int, ...] | None) -> str:
    """A Movement card by what it shows: ``"a Clock"``, ``"a Train card showing 6, 5, 4, 3, 3"``
    (in the current language)."""
    if row is None:
        return _("a Clock")
    return _("a Train card showing {numbers}").format(numbers=", ".join(str(n) for n in row))


def _freight_stacked(kinds: tuple[int | None, ...]) -> str:
    return _("The teacher stacked the Freight deck, top card first: {cards}").format(
        cards=_kinds_words(kinds))


def _movement_stacked(rows: tuple[tuple[int, ...] | None, ...]) -> str:
    return _("The teacher stacked the Movement deck, top card first: {cards}").format(
        cards="; ".join(_movement_words(row) for row in rows))


def _row_set(kinds: tuple[int | None, ...]) -> str:
    return _("The teacher set the face-up row to: {cards}").format(cards=_kinds_words(kinds))


def _check_freight_names(state: SlowFreightState, specs: list[str]) -> None:
    for spec in specs:
        if spec not in KIND_KEYS and spec not in state.comps.card_names:
            raise IllegalAction(f"unknown Freight card {spec!r}; use a kind {list(KIND_KEYS)} "
                                "or a card name like 'auto7'", rule=RULE)


def stack_freight(state: SlowFreightState, params: Mapping[str, Any]) -> list[Event]:
    """Put the named Freight cards on top of the deck, in the order given."""
    specs = [c for c in _cards_param(params) if c is not None]
    _check_freight_names(state, specs)
    chosen = _pick(state.freight_deck, specs, _freight_matcher(state), "the Freight deck")
    rest = [c for c in state.freight_deck if c not in chosen]
    state.freight_deck[:] = chosen + rest
    names = [state.comps.card_names[c] for c in chosen]
    return [Event(RULE, later(_freight_stacked, _kinds(state, chosen)), {"cards": names})]


def stack_movement(state: SlowFreightState, params: Mapping[str, Any]) -> list[Event]:
    """Put the named Movement cards on top of the Movement deck, in the order given."""
    specs = [c for c in _cards_param(params) if c is not None]
    mnames = state.comps.movement_names
    for spec in specs:
        if spec != "clock" and spec not in mnames:
            raise IllegalAction(f"unknown Movement card {spec!r}; use 'clock' or a name like "
                                "'train3'", rule=RULE)
    train_cards = state.comps.train_cards

    def matches(spec: str, card: int) -> bool:
        return card >= train_cards if spec == "clock" else mnames[card] == spec

    try:
        chosen = _pick(state.movement_deck, specs, matches, "the Movement deck")
    except IllegalAction as exc:
        raise IllegalAction(exc.reason + " (only one Clock is in the deck at a time, SF-CLOCK-1; "
                            "drawn cards wait in the discard pile)", rule=RULE) from None
    rest = [c for c in state.movement_deck if c not in chosen]
    state.movement_deck[:] = chosen + rest
    names = [mnames[c] for c in chosen]
    rows = tuple(_movement(state, c) for c in chosen)
    return [Event(RULE, later(_movement_stacked, rows), {"cards": names})]


def face_up(state: SlowFreightState, params: Mapping[str, Any]) -> list[Event]:
    """Set the face-up row (``None`` for an empty slot); the old row goes under the deck."""
    specs = _cards_param(params, allow_none=True)
    slots = len(state.face_up)
    if len(specs) != slots:
        raise IllegalAction(f"face_up needs {slots} entries (null for an empty slot)", rule=RULE)
    if state.taken:
        raise IllegalAction("the face-up row can only be set between turns", rule=RULE)
    wanted = [c for c in specs if c is not None]
    _check_freight_names(state, wanted)
    pool = state.freight_deck + [c for c in state.face_up if c is not None]
    chosen = _pick(pool, wanted, _freight_matcher(state), "the Freight deck or the face-up row")
    kinds = state.comps.card_kind
    if sum(1 for c in chosen if kinds[c] == XLOCO) >= 2:
        raise IllegalAction("two or more face-up Extra Locomotives cannot stand (SF-TAKE-3)",
                            rule=RULE)
    rest = [c for c in pool if c not in chosen]
    if rest and None in specs:
        raise IllegalAction("a face-up slot can only be empty once the Freight deck has run out "
                            "(SF-RULING-1)", rule=RULE)
    picks = iter(chosen)
    state.freight_deck[:] = rest
    state.face_up = [None if spec is None else next(picks) for spec in specs]
    names = [None if c is None else state.comps.card_names[c] for c in state.face_up]
    return [Event(RULE, later(_row_set, _kinds(state, state.face_up)), {"face_up": names})]


SCENARIOS: dict[str, Callable[[SlowFreightState, Mapping[str, Any]], list[Event]]] = {
    "stack_freight": stack_freight,
    "stack_movement": stack_movement,
    "face_up": face_up,
}


def run_scenario(state: SlowFreightState, name: str, params: Mapping[str, Any]) -> list[Event]:
    """Dispatch a scenario by name; unknown names and finished games are refused."""
    if state.over:
        raise IllegalAction("the game is over", rule="SF-END-1")
    handler = SCENARIOS.get(name)
    if handler is None:
        raise IllegalAction(f"no scenario {name!r}; Slow Freight has {sorted(SCENARIOS)}",
                            rule=RULE)
    return handler(state, params)
