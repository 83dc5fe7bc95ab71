"""The option ``train_check`` (SF-RULING-25): trains checked after each card or at the turn's end.

``"each_card"`` (the default) is SF-RULING-7 unchanged; ``"end_of_turn"`` lets a take-cards turn
pass through invalid trains as long as every train the player added to is valid when it ends, and
never offers a take that leads into a dead end. An exhaustive oracle (every order of the cards
still face up) checks that the offered takes are exactly the ones with a way to finish.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import sf_golden_games
from sf_golden_games import GAMES, GOLDEN, log_text, record
from sfhelp import load, new, play, row, safe_pass, train

from freight_freedom import SlowFreight
from freight_freedom.core import IllegalAction, OptionError
from freight_freedom.core.bot import RandomBot
from freight_freedom.slowfreight import GreedyBot
from freight_freedom.slowfreight.checks import check_invariants
from freight_freedom.slowfreight.components import XLOCO
from freight_freedom.slowfreight.trains import (
    DEAD,
    LOOSE_NEXT,
    MISSING,
    NCARS,
    STEP,
    TYPE_OF,
    VALID,
    counts_of,
)

EOT = {"train_check": "end_of_turn"}


def _auto_auto(**options: Any) -> SlowFreight:
    """Seat 0's t1 holds Auto+Auto; seat 0 to move, the row is Tank, Coal, Auto."""
    game = new(2, 5, **options)
    load(game, "t1", "auto", "auto")
    safe_pass(game)
    row(game, "tank", "coal", "auto")
    return game


# --------------------------------------------------------------------------- the example
def test_sf_ruling_25_auto_auto_becomes_mixed_4_under_end_of_turn() -> None:
    game = _auto_auto(**EOT)
    play(game, "0:take 0 t1")  # Auto+Auto+Tank: not valid yet
    t1 = train(game, "t1")
    assert TYPE_OF[t1.code] < 0 and game.to_move == 0
    assert "unfinished" in str(game.log[-1]) and "SF-RULING-25" in str(game.log[-1])
    legal = {str(a) for a in game.legal_actions()}
    # the Coal finishes it; the Auto still can (Coal last: 3 Auto + Tank + Coal); no stop
    assert legal == {"0:take 1 t1", "0:take 2 t1"}
    assert game.prompt.rule == "SF-RULING-25"
    play(game, "0:take 1 t1")
    assert counts_of(t1.code) == (2, 1, 1) and TYPE_OF[t1.code] == 3  # Mixed, 4 cars
    assert "0:stop" in {str(a) for a in game.legal_actions()}
    play(game, "0:stop")
    assert game.to_move == 1


def test_sf_ruling_7_auto_auto_cannot_take_tank_under_each_card() -> None:
    for options in ({}, {"train_check": "each_card"}):
        game = _auto_auto(**options)
        assert "0:take 0 t1" not in {str(a) for a in game.legal_actions()}
        with pytest.raises(IllegalAction) as err:
            game.apply("0:take 0 t1")
        assert err.value.rule == "SF-FORM-5" and "SF-RULING-7" in err.value.reason


def test_sf_ruling_25_order_is_free_coal_first_works_too() -> None:
    game = _auto_auto(**EOT)
    play(game, "0:take 1 t1", "0:take 0 t1")
    assert counts_of(train(game, "t1").code) == (2, 1, 1)


# ---------------------------------------------------------------------------- stop refused
def test_sf_ruling_25_stop_refused_while_a_touched_train_is_invalid() -> None:
    game = _auto_auto(**EOT)
    play(game, "0:take 0 t1")
    assert "0:stop" not in {str(a) for a in game.legal_actions()}
    with pytest.raises(IllegalAction) as err:
        game.apply("0:stop")
    assert err.value.rule == "SF-RULING-25" and "t1" in err.value.reason
    assert "Coal" in err.value.reason


def test_sf_ruling_25_no_take_without_a_repair_card() -> None:
    # Row Tank, Tank, Auto: nothing face up can add the Coal that Auto+Auto+Tank would need.
    game = new(2, 5, **EOT)
    load(game, "t1", "auto", "auto")
    safe_pass(game)
    row(game, "tank", "tank", "auto")
    legal = {str(a) for a in game.legal_actions()}
    assert "0:take 0 t1" not in legal and "0:take 1 t1" not in legal
    with pytest.raises(IllegalAction) as err:
        game.apply("0:take 0 t1")
    assert err.value.rule == "SF-RULING-25"


def test_sf_ruling_25_five_car_cap_and_dead_codes() -> None:
    # Four Autos + a Tank would be 5 cars of two kinds: never valid again (SF-FORM-2/5).
    game = new(2, 5, **EOT)
    load(game, "t1", "auto", "auto", "auto")
    safe_pass(game)
    load(game, "t1", "auto")
    safe_pass(game)
    row(game, "tank", "coal", "auto")
    legal = {str(a) for a in game.legal_actions()}
    assert "0:take 0 t1" not in legal and "0:take 1 t1" not in legal and "0:take 2 t1" in legal
    code = train(game, "t1").code
    assert LOOSE_NEXT[code][1] < 0 and MISSING[code + STEP[1]] == DEAD


def test_sf_ruling_25_extra_locomotive_joins_only_a_valid_train() -> None:
    game = new(2, 5, **EOT)
    load(game, "t1", "auto", "auto")
    safe_pass(game)
    row(game, "tank", "coal", "xloco")
    play(game, "0:take 0 t1")
    assert "0:take 2 t1" not in {str(a) for a in game.legal_actions()}
    with pytest.raises(IllegalAction) as err:
        game.apply("0:take 2 t1")
    assert err.value.rule == "SF-RULING-25" and "Extra Locomotive" in err.value.reason
    play(game, "0:take 1 t1")  # now valid (Mixed 4): the Extra Locomotive may close it
    play(game, "0:take 2 t1")
    assert train(game, "t1").xloco is not None and game.to_move == 1


# ------------------------------------------------------------------------ exhaustive oracle
def _finishable(codes: tuple[int, ...], closed: tuple[bool, ...], row_kinds: tuple[int, ...],
                xloco_taken: bool) -> bool:
    """Brute force: can some order of the remaining cards leave every train valid?"""
    if all(TYPE_OF[c] >= 0 or c == 0 for c in codes):
        return True
    return any(_finishable(*after) for after in _successors(codes, closed, row_kinds,
                                                             xloco_taken).values())


def _successors(codes: tuple[int, ...], closed: tuple[bool, ...], row_kinds: tuple[int, ...],
                xloco_taken: bool) -> dict[tuple[int, int], Any]:
    """Every physically possible take (slot, train index) -> the position after it.

    Only the hard limits apply: 5 cars, one Extra Locomotive per train and per turn, Extra
    Locomotives need cars and close the train; validity is NOT checked here.
    """
    out = {}
    for slot, kind in enumerate(row_kinds):
        if kind < 0:
            continue
        rest = tuple(-1 if i == slot else k for i, k in enumerate(row_kinds))
        for i, code in enumerate(codes):
            if closed[i]:
                continue
            if kind == XLOCO:
                if xloco_taken or code == 0:
                    continue
                out[slot, i] = (codes, tuple(c or j == i for j, c in enumerate(closed)), rest,
                                True)
            elif NCARS[code] < 5 and counts_of(code)[kind] < 5:
                new_codes = tuple(c + STEP[kind] if j == i else c for j, c in enumerate(codes))
                out[slot, i] = (new_codes, closed, rest, xloco_taken)
    return out


def _check_against_oracle(game: SlowFreight) -> None:
    state = game.state
    seat = state.seat
    growing = list(state.players[seat].trains)
    kinds = state.comps.card_kind
    row_kinds = tuple(-1 if c is None else kinds[c] for c in state.face_up)
    codes = tuple(t.code for t in growing)
    closed = tuple(t.moving or t.xloco is not None for t in growing)
    expected = {
        f"{seat}:take {slot} {growing[i].name}"
        for (slot, i), after in _successors(codes, closed, row_kinds, state.xloco_taken).items()
        if _finishable(*after)
    }
    legal = {str(a) for a in game.legal_actions()}
    takes = {a for a in legal if ":take " in a}
    forced = any(t.xloco is not None for t in growing) and not state.taken
    if not forced:
        assert takes == expected, (str(game), takes, expected)
    valid_now = all(MISSING[c] == VALID for c in codes)
    assert (f"{seat}:stop" in legal) == (state.taken > 0 and valid_now)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sf_ruling_25_no_dead_ends_in_random_games(players: int) -> None:
    """Every position has a legal action; trains are valid at every turn boundary; the offered
    takes are exactly those an exhaustive search can finish."""
    for seed in range(120):
        game = SlowFreight(players=players, seed=seed, **EOT)
        bot: Any = RandomBot(seed) if seed % 3 else [GreedyBot(seed + i) for i in range(4)]
        steps = 0
        while not game.is_over:
            actions = game.legal_actions()
            assert actions, str(game)
            if game.state.taken == 0 and game.state.xloco_taken is False:
                for p in game.state.players:  # a turn boundary: every train valid
                    assert all(MISSING[t.code] == VALID for t in p.trains)
            if game.state.taken or seed % 4 == 0:
                _check_against_oracle(game)
            seat = game.to_move
            assert seat is not None
            chooser = bot[seat] if isinstance(bot, list) else bot
            game.apply(chooser.choose(game))
            check_invariants(game.state, 48)
            steps += 1
            assert steps < 3_000


def test_sf_ruling_25_end_of_turn_games_do_reach_unfinished_trains() -> None:
    """The random games above really exercise the option (some trains pass through invalid)."""
    seen = 0
    for seed in range(60):
        game = SlowFreight(players=3, seed=seed, **EOT)
        bot = RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game))
            seen += any(MISSING[t.code] >= 0 for p in game.state.players for t in p.trains)
    assert seen > 0


# ------------------------------------------------------------------ default stays the same
@pytest.mark.parametrize("name", sorted(GAMES))
def test_sf_ruling_25_default_keeps_golden_games_byte_identical(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = dict(GAMES[name])
    spec["options"] = {**spec["options"], "train_check": "each_card"}
    monkeypatch.setitem(sf_golden_games.GAMES, name, spec)
    game = record(name)
    assert "train_check" not in game.options
    assert game.to_json() == (GOLDEN / f"{name}.json").read_text()
    assert log_text(game) == (GOLDEN / f"{name}.log").read_text()


def test_sf_ruling_25_end_of_turn_is_saved_and_replays() -> None:
    game = SlowFreight(players=3, seed=4, **EOT)
    bot = RandomBot(4)
    for _ in range(60):
        game.apply(bot.choose(game))
    assert game.options["train_check"] == "end_of_turn"
    assert game.state.to_dict()["train_check"] == "end_of_turn"
    again = SlowFreight.from_json(game.to_json())
    assert again.options == game.options and again.to_json() == game.to_json()
    assert "train_check" not in SlowFreight(seed=4).state.to_dict()


# ----------------------------------------------------------------------- option validation
@pytest.mark.parametrize("value", ["per_turn", "", None, True, 1])
def test_sf_ruling_25_bad_train_check_names_the_option(value: object) -> None:
    with pytest.raises(OptionError) as err:
        SlowFreight(seed=1, train_check=value)
    assert err.value.option == "train_check"
    assert "train_check" in str(err.value)


def test_sf_ruling_25_tables_agree_with_brute_force() -> None:
    for counts in itertools.product(range(6), repeat=3):
        code = counts[0] * 36 + counts[1] * 6 + counts[2]
        n = sum(counts)
        fixable = any(
            TYPE_OF[code + STEP[k]] >= 0 for k in range(3)
            if n < 5 and counts[k] < 5
        )
        if code == 0 or TYPE_OF[code] >= 0:
            assert MISSING[code] == VALID
        elif fixable:
            assert MISSING[code] >= 0 and TYPE_OF[code + STEP[MISSING[code]]] >= 0
        else:
            assert MISSING[code] == DEAD
