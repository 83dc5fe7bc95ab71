"""The public API promises for Freedom: conformance, bad input, saves, determinism, views."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fr_helpers import new_game, start_move, to_action

from freight_freedom import Action, Freedom, IllegalAction, SaveFileError
from freight_freedom.core.conformance import api_test
from freight_freedom.freedom.bots import HeuristicBot


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance(players: int) -> None:
    assert api_test(lambda s: Freedom(players=players, seed=s), games=2, seats=players,
                    deep_every=40) > 0


def test_illegal_action_names_rule_and_changes_nothing() -> None:
    g = new_game(2)
    before = g.to_json()
    for bad, rule in (("0:pass", "FR-CATCH-1"), ("1:roll", "FR-ROUND-2"),
                      ("0:move nashville memphis", "FR-MOVE-1")):
        with pytest.raises(IllegalAction) as err:
            g.apply(bad)
        assert err.value.rule == rule, (bad, err.value.rule)
        assert g.to_json() == before
    with pytest.raises(IllegalAction):
        g.apply(42)  # type: ignore[arg-type]
    assert g.to_json() == before


def test_after_the_end_nothing_is_legal() -> None:
    g = new_game(1)
    while not g.is_over:
        a = g.legal_actions()
        g.apply(next((x for x in a if x.kind in ("pass", "end", "done")), a[0]))
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply("0:roll")
    assert err.value.rule == "FR-WIN-3"
    with pytest.raises(IllegalAction):
        g.scenario("set_money", seat=0, amount=1)
    assert g.to_json() == before and g.to_move is None
    assert "game is over" in str(g.prompt)


def test_scenarios_reject_bad_params_and_change_nothing() -> None:
    g = new_game(2)
    before = g.to_json()
    bad = [
        ("fix_roll", {"catcher": "green", "direction": "east", "spaces": 1}),
        ("fix_roll", {"catcher": "red", "direction": "north", "spaces": 1}),
        ("fix_roll", {"catcher": "red", "direction": "east", "spaces": 4}),
        ("place_people", {"space": "atlantis", "count": 1}),
        ("place_people", {"space": "ripley", "count": 2}),
        ("place_people", {"space": "ripley", "count": 0}),
        ("place_catcher", {"colour": "red", "space": "boston"}),
        ("set_money", {"seat": 5, "amount": 1}),
        ("set_money", {"seat": 0, "amount": -1}),
        ("stack_queue", {"cards": ["no_such_card"]}),
        ("stack_period_deck", {"period": 4, "cards": []}),
        ("stack_period_deck", {"period": 2, "cards": ["ripley_ohio"]}),
        ("no_such_scenario", {}),
        ("fix_roll", {"catcher": "red"}),
    ]
    for name, params in bad:
        with pytest.raises(IllegalAction):
            g.scenario(name, **params)
        assert g.to_json() == before, name


def test_tampered_truncated_and_unknown_version_saves_refused() -> None:
    g = new_game(2)
    to_action(g)
    text = g.to_json()
    assert Freedom.from_json(text).digest() == g.digest()
    data = json.loads(text)
    with pytest.raises(SaveFileError) as err:
        Freedom.from_json(text[: len(text) // 2])
    assert err.value.field == "file"
    tampered = dict(data, history=data["history"][:-1])
    with pytest.raises(SaveFileError) as err:
        Freedom.from_json(json.dumps(tampered))
    assert err.value.field == "digest"
    with pytest.raises(SaveFileError) as err:
        Freedom.from_json(json.dumps(dict(data, rules_version="freedom-99")))
    assert err.value.field == "rules_version"
    with pytest.raises(SaveFileError) as err:
        Freedom.from_json(json.dumps(dict(data, options=dict(data["options"], players=5))))
    assert err.value.field == "options.players"
    with pytest.raises(SaveFileError) as err:
        Freedom.from_json(json.dumps(dict(data, history=[*data["history"], "0:fly"])))
    assert err.value.field.startswith("history[")


def _play_heuristic(seed: int, players: int) -> Freedom:
    g = Freedom(players=players, seed=seed)
    bot = HeuristicBot()
    while not g.is_over:
        g.apply(bot.choose(g))
    return g


def test_determinism_in_a_fresh_process() -> None:
    g = _play_heuristic(11, 3)
    code = ("from freight_freedom import Freedom\n"
            "from freight_freedom.freedom.bots import HeuristicBot\n"
            "g = Freedom(players=3, seed=11); b = HeuristicBot()\n"
            "while not g.is_over: g.apply(b.choose(g))\n"
            "import sys; sys.stdout.write(g.to_json())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == g.to_json()


def test_undo_redo_and_copy_independence() -> None:
    g = new_game(2)
    g.scenario("place_people", space="memphis", count=1)
    start_move(g)
    saved = g.to_json()
    g.apply("0:move memphis nashville")
    after = g.to_json()
    g.undo()
    assert g.to_json() == saved
    g.redo()
    assert g.to_json() == after
    twin = g.copy()
    twin.apply(twin.legal_actions()[-1])
    assert g.to_json() == after
    with pytest.raises(IllegalAction):
        g.redo()


def test_observation_hides_deck_order_and_determinized_reshuffles() -> None:
    g = new_game(3)
    obs = g.observation(1)
    assert obs["decks"][1] == sorted(g.state.decks[1]) and obs["rng"] is None
    assert obs["market_deck"] == sorted(g.state.market_deck)
    d = g.determinized(1, seed=99)
    assert sorted(d.state.decks[1]) == sorted(g.state.decks[1])
    assert d.state.decks[1] != g.state.decks[1]
    assert d.state.queue == g.state.queue and g.to_json() == new_game(3).to_json()
    with pytest.raises(ValueError):
        g.observation(7)
    d.apply(d.legal_actions()[0])
    with pytest.raises(IllegalAction):
        d.to_json()


def test_actions_print_parse_and_describe() -> None:
    g = new_game(2)
    g.scenario("place_people", space="cincinnati", count=1)
    g.scenario("place_catcher", colour="red", space="alton")
    start_move(g)
    a = next(a for a in g.legal_actions() if a.kind == "move")
    assert Action.parse(str(a)) == a
    assert str(a).startswith("0:move ")
    assert "moves a person from" in g.describe(a)
    assert "Freedom - round 1/8, Action phase" in str(g)
    assert g.round == 1 and g.phase == "Action"
    assert "[rule FR-MOVE-1]" in str(g.prompt)


def test_fuzzed_illegal_actions_always_explained_and_harmless() -> None:
    from freight_freedom.core.rng import Rng

    pool: set[Action] = set()
    for s in range(6):
        g = Freedom(players=1 + s % 4, seed=s)
        rng = Rng(s)
        while not g.is_over:
            acts = g.legal_actions()
            pool.update(acts)
            g.apply(rng.choice(acts))
    pool |= {Action(0, "move", ("atlantis", "x")), Action(0, "card", (9,)),
             Action(0, "buy", ("zz",)), Action(0, "move", (1, 2)), Action(0, "card", ("x",))}
    candidates = sorted(pool, key=str)
    g = Freedom(players=2, seed=4)
    rng = Rng(99)
    while not g.is_over:
        seat = g.to_move
        assert seat is not None
        before = g.to_json()
        for _ in range(8):
            a = rng.choice(candidates)
            a = Action(seat, a.kind, a.args)
            if g.is_legal(a):
                continue
            with pytest.raises(IllegalAction) as err:
                g.apply(a)
            assert err.value.rule.startswith("FR-") and err.value.reason
        assert g.to_json() == before
        g.apply(rng.choice(g.legal_actions()))
