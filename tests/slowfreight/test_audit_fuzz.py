"""Audit: fuzzed bad input. Random Action values and random edits of a real save file must be
refused with a clear, rule- or field-naming error, and the game must not change."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sfhelp import new, play, row

from freight_freedom import IllegalAction
from freight_freedom.core import Action
from freight_freedom.core.bot import RandomBot
from freight_freedom.core.errors import SaveFileError
from freight_freedom.slowfreight import SlowFreight


@cache
def _game_at(seed: int, steps: int) -> str:
    game = SlowFreight(players=2 + seed % 3, seed=seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    return game.to_json()


ARGS = st.one_of(st.integers(-3, 40), st.sampled_from(["t1", "t2", "t3", "t0", "t99", "x", "t1.5"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5), steps=st.sampled_from([0, 7, 40, 400]),
       seat=st.integers(0, 5), kind=st.sampled_from(["loco", "take", "stop", "move", "pass", "go"]),
       args=st.lists(ARGS, max_size=3))
def test_sf_turn_3_random_actions_are_refused_cleanly(seed: int, steps: int, seat: int,
                                                       kind: str, args: list[object]) -> None:
    saved = _game_at(seed, steps)
    game = SlowFreight.from_json(saved)
    action = Action(seat, kind, tuple(args))  # type: ignore[arg-type]
    if game.is_legal(action):
        return
    try:
        game.apply(action)
    except IllegalAction as err:
        assert err.rule and err.rule.startswith("SF-"), err
        assert str(err)
    else:
        raise AssertionError(f"{action} was applied although not legal")
    assert game.to_json() == saved


def raw_digest(saved: str) -> str:
    return str(json.loads(saved)["digest"])


EDITS = st.sampled_from([None, 0, 1, -1, 5, "x", "sf-9", True, 2.5, [], {}, [1], "9:pass"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5), steps=st.sampled_from([3, 40, 400]), data=st.data())
def test_random_edits_of_a_save_are_refused_naming_a_field(seed: int, steps: int,
                                                          data: st.DataObject) -> None:
    saved = _game_at(seed, steps)
    raw = json.loads(saved)
    where = data.draw(st.sampled_from(["history", "options", "seed", "digest", "is_over",
                                       "rules_version", "game", "format_version", "drop"]))
    value = data.draw(EDITS)
    if where == "history" and raw["history"]:
        i = data.draw(st.integers(0, len(raw["history"]) - 1))
        how = data.draw(st.sampled_from(["replace", "delete", "swap", "scenario"]))
        if how == "replace":
            raw["history"][i] = value
        elif how == "delete":
            del raw["history"][i]
        elif how == "swap" and i + 1 < len(raw["history"]):
            raw["history"][i], raw["history"][i + 1] = raw["history"][i + 1], raw["history"][i]
        else:
            raw["history"].insert(i, {"scenario": data.draw(st.sampled_from(
                ["face_up", "stack_freight", "stack_movement", "nope"])),
                "params": {"cards": value}})
    elif where == "options":
        raw["options"][data.draw(st.sampled_from(
            ["players", "movement_table", "first_player", "track_supply", "speed"]))] = value
    elif where == "drop":
        del raw[data.draw(st.sampled_from(sorted(raw)))]
    else:
        raw[where] = value
    text = json.dumps(raw)
    if text == json.dumps(json.loads(saved)):
        return
    try:
        game = SlowFreight.from_json(text)
    except SaveFileError as err:
        assert err.field and str(err)
    else:  # an edit that changes nothing the game depends on (a swap of equal or commuting steps,
        # e.g. two cards of one take-cards turn onto different trains): the same game state
        assert game.digest() == raw_digest(saved) and game.is_over == raw["is_over"]


def test_sf_xloco_3_xloco_then_more_cards_onto_other_trains_same_turn() -> None:
    """The Extra Locomotive closes its own train only; other trains still grow this turn, and
    the forced move starts with the player's NEXT turn (SF-XLOCO-2, SF-XLOCO-4)."""
    game = new()
    play(game, "0:loco")
    play(game, "1:pass")
    row(game, "coal", "xloco", "auto")
    play(game, "0:take 0 t1", "0:take 1 t1")
    assert game.to_move == 0 and [str(a) for a in game.legal_actions()] == ["0:take 2 t3",
                                                                           "0:stop"]
    play(game, "0:take 2 t3")
    assert game.to_move == 1
    play(game, "1:pass")
    assert [str(a) for a in game.legal_actions()] == ["0:move t1"]
