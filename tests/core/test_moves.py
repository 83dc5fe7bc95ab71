"""Typed readings of actions (``core/moves.py``, ``freedom/moves.py``, ``slowfreight/moves.py``):
every legal action of many seeded games reads as its kind's dataclass and builds back to the same
action; malformed arguments are refused naming the kind's rule; the game is left as it was."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError, dataclass, fields
from typing import Any, ClassVar

import pytest

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.action import Action
from freight_freedom.core.action_space import action_space
from freight_freedom.core.bot import RandomBot
from freight_freedom.core.errors import IllegalAction
from freight_freedom.core.moves import Move, Moves
from freight_freedom.freedom import moves as fm
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.slowfreight import moves as sm

SEEDS = 40
GAMES: dict[str, tuple[type[Any], Moves]] = {
    "freedom": (Freedom, fm.MOVES),
    "slowfreight": (SlowFreight, sm.MOVES),
}


def _play(family: str, seed: int) -> Any:
    """A seeded game, yielded at every decision until it is over."""
    cls, _ = GAMES[family]
    players = 1 + seed % 4 if cls is Freedom else 2 + seed % 3
    game = cls(players=players, seed=seed)
    bot = HeuristicBot() if cls is Freedom and seed % 2 == 0 else RandomBot(seed)
    while not game.is_over:
        yield game
        game.apply(bot.choose(game))


@pytest.mark.parametrize("family", sorted(GAMES))
def test_every_legal_action_round_trips(family: str) -> None:
    """Over many random games, each legal action reads as its kind and builds back, equal and with
    the same notation; every kind of the game comes up."""
    _, moves = GAMES[family]
    seen: set[str] = set()
    count = 0
    for seed in range(SEEDS):
        for game in _play(family, seed):
            for action in game.legal_actions():
                move = moves.read(action)
                assert action.kind == type(move).KIND
                assert move.seat == action.seat
                assert move.action() == action
                assert str(move) == str(action)
                assert type(move).of(action) == move
                assert Action.parse(str(move)) == action
                seen.add(action.kind)
                count += 1
    assert seen == set(moves.kinds), f"kinds never offered: {set(moves.kinds) - seen}"
    assert count > 10_000


@pytest.mark.parametrize("family", sorted(GAMES))
def test_the_action_space_is_built_from_the_typed_kinds(family: str) -> None:
    cls, moves = GAMES[family]
    space = action_space(cls(players=3, seed=1))
    for action_id in range(space.size):
        action = space.action(action_id, 2)
        assert moves.read(action).action() == action


def test_freedom_fields_are_named() -> None:
    """FR-MOVE-1 movement, FR-ACT-5 purchase, FR-ACT-4 token play by name."""
    move = fm.MOVES.read(Action.parse("0:move cincinnati columbus"))
    assert move == fm.MovePerson(0, person_from="cincinnati", to="columbus")
    card = fm.BuyCard.of(Action.parse("1:card 3"))
    assert (card.position, card.index) == (3, 2)
    grey = fm.MOVES.read(Action.parse("0:play c1_2x1 grey"))
    assert grey == fm.PlayToken(0, "c1_2x1", grey=True)
    assert fm.PlayToken(0, "c1_2x1").action() == Action(0, "play", ("c1_2x1",))
    assert fm.MOVES.read(Action.parse("2:catcher red st_louis")) == fm.MoveCatcher(2, "red",
                                                                                   "st_louis")


def test_slowfreight_fields_are_named() -> None:
    """SF-RULING-16 take, SF-RULING-21 train names."""
    assert sm.MOVES.read(Action.parse("1:take 2 t3")) == sm.Take(1, slot=2, train="t3")
    assert sm.MOVES.read(Action.parse("0:move t1")) == sm.MoveTrain(0, train="t1")
    assert sm.MOVES.read(Action.parse("3:loco")) == sm.BringLoco(3)


@pytest.mark.parametrize(("moves", "text", "rule", "words"), [
    (fm.MOVES, "0:move cincinnati", "FR-MOVE-1", "needs 2 arguments"),
    (fm.MOVES, "0:card x", "FR-ACT-5", "position must be a number"),
    (fm.MOVES, "0:buy 3", "FR-PLAN-4", "stack must be a word"),
    (fm.MOVES, "0:play c1_2x1 blue", "FR-ACT-4", "unexpected 'blue'"),
    (fm.MOVES, "0:play c1_2x1 grey grey", "FR-ACT-4", "unexpected"),
    (fm.MOVES, "0:roll 1", "FR-CATCH-1", "unexpected '1'"),
    (fm.MOVES, "0:fly", "FR-ROUND-1", "unknown action 'fly'"),
    (sm.MOVES, "0:take t1 0", "SF-TAKE-1", "names a face-up slot"),
    (sm.MOVES, "0:move", "SF-MOVE-1", "names one train"),
    (sm.MOVES, "0:pass now", "SF-TURN-3", "takes no arguments"),
])
def test_malformed_arguments_name_the_rule(moves: Moves, text: str, rule: str,
                                           words: str) -> None:
    with pytest.raises(IllegalAction) as err:
        moves.read(Action.parse(text))
    assert err.value.rule == rule
    assert words in str(err.value)
    assert moves.get(Action.parse(text)) is None


def test_reading_another_kind_is_refused() -> None:
    with pytest.raises(IllegalAction, match="expected a 'card' action") as err:
        fm.BuyCard.of(Action.parse("0:remove 2"))
    assert err.value.rule == "FR-ACT-5"


@pytest.mark.parametrize("family", sorted(GAMES))
def test_a_malformed_action_leaves_the_game_as_it_was(family: str) -> None:
    cls, _ = GAMES[family]
    game = cls(players=2, seed=4)
    before = game.digest()
    bad = "0:card x" if cls is Freedom else "0:take t1 0"
    with pytest.raises(IllegalAction):
        game.apply(Action.parse(bad))
    assert game.digest() == before


def test_moves_are_frozen_values() -> None:
    move = fm.MovePerson(0, "cincinnati", "columbus")
    with pytest.raises(FrozenInstanceError):
        move.to = "erie"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move
    assert hash(move) == hash(fm.MovePerson(0, "cincinnati", "columbus"))
    assert not hasattr(move, "__dict__")  # slots


@dataclass(frozen=True, slots=True)
class _Count(Move):
    KIND: ClassVar[str] = "count"
    RULE: ClassVar[str] = "TOY-1"
    n: int
    label: str
    loud: bool = False
    soft: bool = False


def test_the_core_mechanism_reads_ints_words_and_flags() -> None:
    moves = Moves("TOY-0", _Count)
    move = moves.read(Action(1, "count", (3, "sheep", "loud", "soft")))
    assert move == _Count(1, 3, "sheep", loud=True, soft=True)
    assert _Count(1, 3, "sheep", soft=True).action() == Action(1, "count", (3, "sheep", "soft"))
    for args in [(3,), ("three", "sheep"), (3, 4), (3, "sheep", "soft", "loud"), (3, "sheep", "x")]:
        with pytest.raises(IllegalAction) as err:
            moves.read(Action(0, "count", args))
        assert err.value.rule == "TOY-1"
        assert "count N LABEL [loud] [soft]" in str(err.value)


def test_a_badly_declared_kind_fails_at_once() -> None:
    @dataclass(frozen=True, slots=True)
    class Floaty(Move):
        KIND: ClassVar[str] = "floaty"
        RULE: ClassVar[str] = "TOY-2"
        x: float

    @dataclass(frozen=True, slots=True)
    class Nameless(Move):
        pass

    with pytest.raises(TypeError, match="int, str or bool"):
        Moves("TOY-0", Floaty)
    with pytest.raises(TypeError, match="needs a KIND and a RULE"):
        Moves("TOY-0", Nameless)
    with pytest.raises(TypeError, match="two kinds"):
        Moves("TOY-0", _Count, _Count)


def test_a_move_builds_one_shared_action_with_its_reading_set() -> None:
    """``m.action()`` twice is the same object, already read as ``m``; a fresh equal move finds
    it too, and ``Kind.action_for`` with the same fields hands out that very action."""
    move = fm.BuyCard(1, position=3)
    action = move.action()
    assert action is move.action() is fm.BuyCard(1, position=3).action()
    assert action is fm.BuyCard.action_for(1, position=3) is fm.BuyCard.action_for(1, 3)
    assert action._typed == move
    assert fm.BuyCard.of(action) is action._typed  # read without parsing again
    assert fm.MOVES.read(action) == move
    assert action == Action(1, "card", (3,)) and str(action) == "1:card 3"
    other = fm.RemoveCard(1, position=3).action()  # same seat and argument, another kind
    assert other != action and other.kind == "remove"


@pytest.mark.parametrize("move", [
    fm.Roll(0), fm.BuyToken(2, stack="c1_1x2"), fm.PlayToken(1, stack="c1_1x2"),
    fm.PlayToken(1, stack="c1_1x2", grey=True), fm.MovePerson(3, person_from="a", to="b"),
    fm.MoveCatcher(0, colour="red", to="cairo"), fm.CallStationMaster(1, other=2),
    _Count(1, 3, "sheep", soft=True),
], ids=str)
def test_a_built_action_reads_back_as_its_move(move: Move) -> None:
    """``Kind.of(m.action()) == m`` for every field type, flags included, through the cache and
    ``action_for`` (same parameters and defaults as the kind)."""
    kind = type(move)
    assert kind.of(move.action()) == move
    assert kind.action_for(*(getattr(move, f.name) for f in fields(move))) is move.action()
    assert Action.parse(str(move.action())) == move.action()


def test_every_offered_freedom_action_comes_with_its_reading() -> None:
    """The rules offer actions built from moves: each legal action of a played game already
    carries its typed reading (except the finishing action of a pending decision, which
    ``decisions/base.py`` still makes by notation)."""
    game = Freedom(players=3, seed=5)
    bot = RandomBot(5)
    unread = set()
    while not game.is_over:
        for action in game.legal_actions():
            if not isinstance(action._typed, fm.MOVES.kinds[action.kind]):
                unread.add(action.kind)
        game.apply(bot.choose(game))
    assert unread <= {"stop", "skip", "decline"}
