"""A conformance check anyone can run on a game (in the spirit of PettingZoo's ``api_test``).

``api_test(make_game)`` plays seeded random games and checks the promises of the public API at
every step: legal actions print and parse back, ``legal_actions()`` is empty exactly when the game
is over, an illegal or wrong-seat action raises and changes nothing, undo/redo and save/load
reproduce the game exactly, copies are independent, ``round`` and ``phase`` say where the game
stands, each seat's ``observation`` is plain data, each seat's ``view`` is a frozen value that
:func:`~.seat_view.to_plain` makes JSON-ready and that hides what the seat may not know, and a
``determinized`` copy is a possible world with the same observation, view and choices (the same
seed giving the same world). It raises
``AssertionError`` naming what broke; it returns the number of decisions checked.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from .action import Action
from .bot import RandomBot
from .errors import IllegalAction, OptionError
from .game import Game
from .plain import check_plain
from .seat_view import to_plain


def _wrong_seat(game: Game[Any], action: Action, seats: int) -> Action | None:
    for seat in range(seats):
        if seat != action.seat:
            return Action(seat, action.kind, action.args)
    return None


def api_test(
    make_game: Callable[[int], Game[Any]],
    *,
    games: int = 3,
    seats: int = 2,
    deep_every: int = 25,
    seed: int = 0,
) -> int:
    """Check the API contract over ``games`` random playouts of ``make_game(seed)``.

    Expensive checks (undo/redo, save/load, copy) run every ``deep_every`` decisions.
    """
    decisions = 0
    for g in range(games):
        game = make_game(seed + g)
        bot = RandomBot(seed + g)
        step = 0
        while True:
            actions = game.legal_actions()
            over = game.is_over
            assert (actions == []) == over, "legal_actions() must be [] iff the game is over"
            if game.is_over:
                assert game.to_move is None and game.outcome is not None
                break
            assert game.to_move is not None and game.prompt.seat == game.to_move
            assert isinstance(game.round, int) and isinstance(game.phase, str)
            assert len(set(actions)) == len(actions), "legal actions must be distinct"
            for a in actions:
                assert a.seat == game.to_move, f"{a} is offered to the wrong seat"
                assert Action.parse(str(a)) == a, f"{a} does not parse back"
            if step % deep_every == 0:
                _deep_checks(game, actions, seats)
            game.apply(bot.choose(game))
            step += 1
            decisions += 1
        before = game.to_json()
        try:
            game.apply(Action(0, "pass"))
        except IllegalAction:
            pass
        else:
            raise AssertionError("an action after the end must raise IllegalAction")
        assert game.to_json() == before
        assert type(game).from_json(before).digest() == game.digest()
    return decisions


def _deep_checks(game: Game[Any], actions: list[Action], seats: int) -> None:
    saved = game.to_json()
    wrong = _wrong_seat(game, actions[0], seats)
    if wrong is not None:
        try:
            game.apply(wrong)
        except IllegalAction as exc:
            assert exc.rule, "an IllegalAction must name a rule"
        else:
            raise AssertionError(f"wrong-seat action {wrong} was accepted")
        assert game.to_json() == saved, "a rejected action changed the game"
    bogus = Action(actions[0].seat, "no_such_action_kind")
    try:
        game.apply(bogus)
    except IllegalAction:
        pass
    else:
        raise AssertionError("an unknown action kind was accepted")
    assert game.to_json() == saved
    # undo/redo round trip
    if game.history:
        digest = game.digest()
        game.undo()
        game.redo()
        assert game.digest() == digest and game.to_json() == saved, "undo+redo changed the game"
    # save/load
    loaded = type(game).from_json(saved)
    assert loaded.digest() == game.digest() and loaded.legal_actions() == actions
    assert [str(e) for e in loaded.log] == [str(e) for e in game.log], "replayed log differs"
    _view_checks(game, actions, seats)
    assert game.to_json() == saved, "a view or a determinized copy changed the game"
    # copies are independent
    twin = game.copy()
    twin.apply(actions[-1])
    assert game.to_json() == saved, "applying to a copy changed the original"


def _view_checks(game: Game[Any], actions: list[Action], seats: int) -> None:
    """Observations are plain data; a determinized copy keeps what the seat sees."""
    seat = game.to_move
    assert seat is not None
    for other in range(seats):
        check_plain(game.observation(other), f"observation({other})")
    try:
        game.observation(seats)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"observation({seats}) of a {seats}-seat game must raise")
    world = game.determinized(seat, 12345)
    assert type(world) is type(game) and world is not game
    assert world.observation(seat) == game.observation(seat), \
        "a determinized copy must look the same to its seat"
    assert world.to_move == seat and world.legal_actions() == actions, \
        "a determinized copy must offer the same choices"
    assert game.determinized(seat, 12345).digest() == world.digest(), \
        "the same seed must give the same determinized world"
    world.apply_unchecked(actions[0])
    _seat_view_checks(game, seat, seats)


def _seat_view_checks(game: Game[Any], seat: int, seats: int) -> None:
    """Every seat's view (and a spectator's) is frozen and plain once through ``to_plain``; it
    is the same in two determinized worlds (nothing hidden from the seat is in it); a seat or
    a ``since`` that is not the game's is refused and changes nothing."""
    saved = game.to_json()
    since = len(game.log)  # (a determinized copy has no last step to undo: compare from here)
    for viewer in (None, *range(seats)):
        view = game.view(viewer, since=since)
        fields = dataclasses.fields(view) if dataclasses.is_dataclass(view) else ()
        assert fields, f"view({viewer}) must be a dataclass instance with fields"
        try:
            setattr(view, fields[0].name, None)
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError(f"view({viewer}) must be frozen")
        plain = to_plain(view)
        check_plain(plain, f"view({viewer})")
        assert json.loads(json.dumps(plain)) == plain, f"view({viewer}) is not JSON-ready"
    mine = to_plain(game.view(seat, since=since))
    for world_seed in (1, 2):
        world = game.determinized(seat, world_seed)
        assert to_plain(world.view(seat, since=since)) == mine, \
            f"view({seat}) shows something hidden from that seat (a determinized copy differs)"
    for bad in (seats, -1, True, "0"):
        try:
            game.view(bad)  # type: ignore[arg-type]
        except (IllegalAction, OptionError):
            pass
        else:
            raise AssertionError(f"view({bad!r}) of a {seats}-seat game must raise")
    try:
        game.view(seat, since=since + 1)
    except (IllegalAction, OptionError):
        pass
    else:
        raise AssertionError("a view since a position past the log must raise")
    assert game.to_json() == saved, "a view changed the game"
