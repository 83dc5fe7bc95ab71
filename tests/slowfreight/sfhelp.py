"""Helpers for the Slow Freight tests: build exact situations through scenarios and actions.

Every helper goes through the public API (``apply`` and ``scenario``), so a test set-up is itself
a legal, logged game.
"""

from __future__ import annotations

from typing import Any

from freight_freedom import SlowFreight
from freight_freedom.core import Event
from freight_freedom.slowfreight.checks import check_invariants


def new(players: int = 2, seed: int = 0, **options: Any) -> SlowFreight:
    return SlowFreight(players=players, seed=seed, **options)


def rules(events: list[Event]) -> list[str]:
    return [e.rule for e in events]


def play(game: SlowFreight, *notations: str) -> list[Event]:
    """Apply each action (notation), checking invariants after each; returns all events."""
    out: list[Event] = []
    for text in notations:
        out.extend(game.apply(text))
        check_invariants(game.state, game.options["track_supply"])
    return out


def row(game: SlowFreight, *cards: str | None) -> None:
    """Set the face-up row (kinds like ``"coal"`` or names like ``"auto3"``)."""
    game.scenario("face_up", cards=list(cards))


def draws(game: SlowFreight, *cards: str) -> None:
    """Stack the Movement deck: ``"clock"`` or ``"train4"`` on top, in order."""
    game.scenario("stack_movement", cards=list(cards))


def safe_pass(game: SlowFreight) -> list[Event]:
    """The player to move passes, drawing a Train card (never a Clock)."""
    deck = game.state.movement_deck
    if deck[0] >= game.components.train_cards and len(deck) > 1:
        draws(game, game.components.movement_names[deck[1]])
    return play(game, f"{game.to_move}:pass")


def load(game: SlowFreight, train: str, *kinds: str) -> list[Event]:
    """The player to move takes up to three cards of ``kinds`` onto ``train`` in one turn."""
    assert len(kinds) <= 3
    seat = game.to_move
    fill = [*kinds] + ["auto", "tank", "coal"][: 3 - len(kinds)]
    row(game, *fill)
    out = []
    for slot in range(len(kinds)):
        out.extend(play(game, f"{seat}:take {slot} {train}"))
    if game.to_move == seat and game.state.taken:
        out.extend(play(game, f"{seat}:stop"))
    return out


def draw_clocks(game: SlowFreight, n: int) -> None:
    """Let players pass on drawing Clocks until ``n`` more Clocks are laid out."""
    for _ in range(n):
        draws(game, "clock")
        play(game, f"{game.to_move}:pass")


def train(game: SlowFreight, name: str) -> Any:
    for p in game.state.players:
        for t in (*p.trains, *p.delivered):
            if t.name == name:
                return t
    raise KeyError(name)


def fast_card(game: SlowFreight, cars: int) -> str | None:
    """The Train card in the Movement deck that moves a ``cars``-car train farthest."""
    rows = game.movement_table.rows
    cards = [c for c in game.state.movement_deck if c < game.components.train_cards]
    if not cards:
        return None
    return game.components.movement_names[max(cards, key=lambda c: rows[c][cars - 1])]


def deliver(game: SlowFreight, name: str) -> list[Event]:
    """Move train ``name`` (fastest cards first) until it arrives; other seats pass meanwhile."""
    t = train(game, name)
    out: list[Event] = []
    while t in game.state.players[t.owner].trains:
        if game.to_move == t.owner:
            card = fast_card(game, t.ncars)
            if card is not None:
                draws(game, card)
            out.extend(play(game, f"{t.owner}:move {name}"))
        else:
            safe_pass(game)
    return out
