"""What one seat sees of a Slow Freight table, as one frozen value (``game.view(seat)``).

The figure (:mod:`.view`), the app's panels and tables are drawn from this and never read the
engine's state or its save-format dict. Only the order of the Freight deck and of the Movement
deck is hidden in Slow Freight (SF-RULING-22): the view has their sizes and contents (counts by
kind, Movement cards sorted), never their order; there are no hands. ``game.view()`` is a
spectator's view, ``game.view(seat)`` a player's: the table is the same, the ``viewer`` differs.

>>> from freight_freedom import SlowFreight
>>> vm = SlowFreight(players=3, seed=7).view()
>>> vm.turn, len(vm.players), len(vm.face_up), vm.winners
(1, 3, 3, None)
>>> vm.to_move, len(vm.choices) > 0
(0, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.action import Action
from ..core.errors import IllegalAction
from ..core.frozen import FrozenDict, freeze
from ..core.i18n import _
from ..core.say import shown
from ..core.seat_view import Choice, EventView, event_view, recent_events
from .components import KIND_NAMES
from .moves import BringLoco, MoveTrain, StopTaking, Take
from .observation import public_table
from .scoring import reason_words
from .text import train_name, train_words

if TYPE_CHECKING:
    from .game import SlowFreight

_DIGITS = re.compile(r"\d+$")


def card_kind(name: str | None) -> str:
    """``"tank4"`` -> ``"tank"`` (the kind of a Freight card from its name)."""
    return "" if name is None else _DIGITS.sub("", name)


@dataclass(frozen=True, slots=True)
class TrainView:
    """A train: its Freight cars (card names), type once formed, Extra Locomotive and Track;
    ``name`` is what the screen calls it ("train C"), ``words`` its cars in words."""

    id: str
    type: str | None
    cars: tuple[str, ...]
    counts: Mapping[str, int]
    xloco: str | None
    track: int
    moving: bool
    name: str = ""
    words: str = ""

    @property
    def car_kinds(self) -> tuple[str, ...]:
        """``("auto", "auto", "tank")``: the kind of each car, in order."""
        return tuple(card_kind(c) for c in self.cars)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's score so far, its trains on the way and its delivered trains and chips."""

    seat: int
    score: int
    trains: tuple[TrainView, ...]
    delivered: tuple[TrainView, ...]
    bonus_chips: tuple[tuple[str, int], ...]
    car_points: int


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One seat's final score by source (penalties negative), shown once the game is over."""

    seat: int
    delivered: int
    bonus_chips: int
    biggest_train: int
    penalties: int
    total: int


@dataclass(frozen=True, slots=True)
class SlowFreightView:
    """The table at one moment, as seat ``viewer`` sees it (``None``: a spectator).

    ``seat`` is the seat whose turn it is, ``to_move`` the same or ``None`` once the game is
    over; ``winners`` is ``None`` while the game goes on. ``face_up_kinds`` names each face-up
    card's kind in words; ``freight_deck_counts`` and ``movement_deck_cards`` are the decks'
    contents (public), never their order. ``choices`` are the legal choices of the player to
    move, ``unavailable`` the usual choices not offered with the rules' reason, ``events`` the
    last turn's; ``final`` and ``end_reason`` the score table once the game is over.
    ``table`` is the same public table in the save format's words (no deck order, no RNG):
    what ``game.observation(seat)`` gives learning agents (:func:`.observation.public_table`).
    """

    face_up: tuple[str | None, ...]
    clocks_drawn: int
    clocks_total: int
    bonus_chips: Mapping[str, tuple[int, ...]]
    biggest_chips: frozenset[str]
    players: tuple[PlayerView, ...]
    turn: int
    seat: int
    to_move: int | None
    freight_deck: int
    movement_deck: int
    track_supply: int | None
    winners: tuple[int, ...] | None
    viewer: int | None = None
    face_up_kinds: tuple[str | None, ...] = ()
    freight_deck_counts: Mapping[str, int] = FrozenDict()
    movement_deck_cards: tuple[str, ...] = ()
    prompt: str = ""
    prompt_rule: str = ""
    choices: tuple[Choice, ...] = ()
    unavailable: tuple[str, ...] = ()
    events: tuple[EventView, ...] = ()
    final: tuple[ScoreRow, ...] = ()
    end_reason: str = ""
    table: Mapping[str, Any] = FrozenDict()


def _train(t: Mapping[str, Any], words: str) -> TrainView:
    return TrainView(str(t["id"]), t["type"], tuple(t["cars"]), FrozenDict(t["counts"]),
                     t["xloco"], int(t["track"]), bool(t["moving"]), train_name(str(t["id"])),
                     words)


def view_of(game: SlowFreight, seat: int | None = None,
            since: int | None = None) -> SlowFreightView:
    """The view of ``game`` for ``seat`` (``None``: a spectator), with the events logged from
    ``game.log[since]`` on (``None``: the last step's)."""
    st = game.state
    data = public_table(st)
    scores = game.scores()
    outcome = game.outcome
    comps = st.comps
    words = {t.name: train_words(t) for p in st.players for t in (*p.trains, *p.delivered)}
    prompt = game.prompt
    return SlowFreightView(
        face_up=tuple(data["face_up"]),
        clocks_drawn=len(data["clocks_drawn"]),
        clocks_total=int(data["clocks_in_game"]),
        bonus_chips=FrozenDict({k: tuple(v) for k, v in data["bonus_chips"].items()}),
        biggest_chips=frozenset(data["biggest_chips"]),
        players=tuple(PlayerView(
            seat=int(p["seat"]), score=scores[int(p["seat"])],
            trains=tuple(_train(t, words[t["id"]]) for t in p["trains"]),
            delivered=tuple(_train(t, words[t["id"]]) for t in p["delivered"]),
            bonus_chips=tuple((str(k), int(v)) for k, v in p["bonus_chips"]),
            car_points=int(p["car_points"])) for p in data["players"]),
        turn=int(data["turn"]),
        seat=int(data["seat"]),
        to_move=game.to_move,
        freight_deck=int(data["freight_deck"]["size"]),
        movement_deck=int(data["movement_deck"]["size"]),
        track_supply=data["track_supply"],
        winners=None if outcome is None else tuple(outcome.winners),
        viewer=seat,
        face_up_kinds=tuple(None if c is None else shown(KIND_NAMES[comps.card_kind[c]])
                            for c in st.face_up),
        freight_deck_counts=FrozenDict(data["freight_deck"]["counts"]),
        movement_deck_cards=tuple(data["movement_deck"]["cards"]),
        prompt=prompt.text, prompt_rule=prompt.rule,
        choices=tuple(Choice(a, game.describe(a)) for a in game.legal_actions()),
        unavailable=tuple(unavailable(game)),
        events=tuple(event_view(e) for e in recent_events(game, since)),
        final=() if outcome is None else tuple(
            ScoreRow(b.seat, b.delivered, b.bonus_chips, b.biggest_train,
                     b.locomotive_penalty + b.car_penalty, b.total) for b in outcome.breakdown),
        end_reason="" if outcome is None else reason_words(str(outcome.reason)),
        table=freeze(data),
    )


def unavailable(game: SlowFreight) -> list[str]:
    """The usual choices of this turn that are not legal now, each with the engine's reason.

    At the start of a turn: bringing a Locomotive (the supply may be empty), each face-up card no
    train can take (with each train's reason) and moving a bare Locomotive. Inside a take-cards
    turn: stopping, when a train must first become valid. Reasons come from ``game.check``.
    """
    st = game.state
    seat = game.to_move
    if seat is None:
        return []
    out: list[str] = []

    def why(action: Action) -> str | None:
        if game.is_legal(action):
            return None
        try:
            game.check(action)
        except IllegalAction as err:
            return str(err.reason)  # (in the app's words: no rule codes, trains by name)
        return None  # pragma: no cover - check raises for every illegal action

    if st.taken:
        reason = why(StopTaking(seat).action())
        return [_("Stop taking cards: {reason}").format(reason=reason)] if reason else []
    reason = why(BringLoco(seat).action())
    if reason:
        out.append(_("New Locomotive: {reason}").format(reason=reason))
    trains = st.players[seat].trains
    for slot, card in enumerate(st.face_up):
        if card is None or not trains:
            continue
        reasons = [why(Take(seat, slot, t.name).action()) for t in trains]
        if all(reasons):
            what = shown(KIND_NAMES[st.comps.card_kind[card]])
            text = "; ".join(dict.fromkeys(r for r in reasons if r))
            out.append(_("Face-up {kind} (card {n} of {slots}): {reasons}").format(
                kind=what, n=slot + 1, slots=len(st.face_up), reasons=text))
    for t in trains:
        reason = why(MoveTrain(seat, t.name).action())
        if reason:
            out.append(_("Move {train}: {reason}").format(train=train_name(t.name),
                                                          reason=reason))
    return out
