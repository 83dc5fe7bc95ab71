"""The states' fast structural copy (``__deepcopy__``) behaves exactly like a deep copy.

``Game.copy`` and ``determinized`` copy the state for every simulation of a search, so the states
copy their containers and share their immutable values. Over many seeds and positions: a copy
played on the same way as the original reaches the same digest, and playing or mutating the copy
never changes the original.
"""

from __future__ import annotations

import copy

import pytest

from freight_freedom import SlowFreight
from freight_freedom.core.bot import RandomBot
from freight_freedom.freedom.game import Freedom
from freight_freedom.freedom.state import _COPY as FREEDOM_COPY
from freight_freedom.freedom.state import FreedomState
from freight_freedom.slowfreight.state import _COPY as SF_COPY
from freight_freedom.slowfreight.state import _SLOTS as SF_SLOTS

GAMES = [(Freedom, players) for players in (1, 2, 3, 4)] + [
    (SlowFreight, players) for players in (2, 3, 4)]


def _advance(game, bot, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(bot.choose(game))


@pytest.mark.parametrize(("cls", "players"), GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_copy_plays_on_like_the_original(cls, players: int, seed: int) -> None:
    """Copy at several points of a random game; both then play the same actions and agree at
    every step, and the original is untouched by the copy's play."""
    game = cls(players=players, seed=seed)
    bot = RandomBot(seed)
    for stop in (0, 25, 60, 40):
        _advance(game, bot, stop)
        if game.is_over:
            break
        before = game.digest()
        twin = game.copy()
        assert twin.digest() == before
        assert twin.state_dict() == game.state_dict()
        # play the copy on alone: the original does not move
        side = RandomBot(seed + 100)
        _advance(twin, side, 30)
        assert game.digest() == before
        # a fresh copy and the original play the same actions and stay equal
        twin = game.copy()
        probe = game.copy()
        for _ in range(40):
            if probe.is_over:
                break
            action = RandomBot(seed).choose(probe)
            probe.apply(action)
            twin.apply(action)
            assert twin.digest() == probe.digest()
        assert game.digest() == before


@pytest.mark.parametrize(("cls", "players"), GAMES)
def test_mutating_a_copy_leaves_the_original(cls, players: int) -> None:
    """Every container of the copy is its own: changing each one changes nothing in the
    original (the copy is a deep copy in all but its immutable values)."""
    game = cls(players=players, seed=7)
    _advance(game, RandomBot(3), 50)
    before = game.digest()
    twin = game.copy()
    st = twin.state
    if cls is Freedom:
        st.money[0] += 5
        st.people[next(iter(st.people))] += 1
        st.decks[0].append("x")
        st.held[0].append(st.held[0][0] if st.held[0] else None)
        st.queue.reverse()
        st.pending.append(None)
        st.rng.next64()
        st.options["players"] = 9
    else:
        st.freight_deck.append(99)
        st.bonus_chips[0].append(1)
        st.players[0].bonus_chips.append((0, 1))
        for p in st.players:
            for train in p.trains:
                train.cars.append(0)
                train.track += 3
        st.rng.next64()
    assert game.digest() == before


def test_every_field_has_a_copy_rule() -> None:
    """A new state field must be listed (or it falls back to a slow deep copy: still correct,
    but the table should say how to copy it)."""
    assert set(FREEDOM_COPY) == set(FreedomState.__dataclass_fields__)
    assert set(SF_COPY) == set(SF_SLOTS)


def test_copy_keeps_a_train_one_train() -> None:
    """Trains compare by identity (SF-RULING-21): the copy keeps each train a distinct object
    and never shares one with the original."""
    game = SlowFreight(players=3, seed=2)
    _advance(game, RandomBot(2), 80)
    twin = copy.deepcopy(game.state)
    originals = {id(t) for p in game.state.players for t in (*p.trains, *p.delivered)}
    copies = [t for p in twin.players for t in (*p.trains, *p.delivered)]
    assert originals.isdisjoint(id(t) for t in copies)
    assert len({id(t) for t in copies}) == len(copies)
