"""The public face of SlowFreight: describe, prompt, str, round/phase, bots, and the rules file."""

from __future__ import annotations

import re
from pathlib import Path

from sfhelp import load, new, play, row, safe_pass

from freight_freedom import Action
from freight_freedom.core.bot import Bot, RandomBot, play_out
from freight_freedom.slowfreight import GreedyBot, SlowFreight

ROOT = Path(__file__).resolve().parents[2]


def test_describe_actions_in_words() -> None:
    game = new()
    load(game, "t1", "coal", "coal")
    safe_pass(game)
    assert game.describe("0:move t1") == "Player 1 moves train t1 (2 Coal cars)"
    assert game.describe("0:loco") == "Player 1 brings a Locomotive into play (new train t3)"
    row(game, "tank", "auto", "coal")
    assert game.describe(Action(0, "take", (2, "t1"))) == (
        "Player 1 takes the face-up Coal (face-up card 3 of 3) onto train t1 (2 Coal cars)")
    assert game.describe("0:pass").startswith("Player 1 passes")
    assert game.describe("0:stop") == "Player 1 stops taking cards"


def test_prompt_round_phase_and_text_board() -> None:
    game = new(3)
    assert game.prompt.seat == 0 and game.prompt.rule == "SF-TURN-3"
    play(game, "0:loco")
    assert game.round == 2
    text = str(game)
    assert "Player 2 to play" in text and "t4: no cars" in text
    assert repr(game).startswith("Slow Freight, 3 players, standard movement table, seed ")


def test_legal_actions_order_is_deterministic() -> None:
    game = new()
    load(game, "t1", "coal")
    load(game, "t2", "coal")
    row(game, "coal", "tank", "coal")
    got = [str(a) for a in game.legal_actions()]
    assert got == ["0:loco", "0:take 0 t1", "0:take 1 t1", "0:take 2 t1", "0:move t1", "0:pass"]
    assert all(Action.parse(s) == a for s, a in zip(got, game.legal_actions(), strict=True))


def test_greedy_bot_plays_legal_moves_and_beats_random_on_average() -> None:
    assert isinstance(GreedyBot(), Bot)
    wins = 0
    for seed in range(30):
        game = SlowFreight(players=2, seed=seed, first_player=seed % 2)
        play_out(game, [GreedyBot(seed), RandomBot(seed)])
        out = game.outcome
        assert out is not None
        wins += out.scores[0] > out.scores[1]
    assert wins >= 20


def test_every_rule_id_in_the_rules_file_has_a_test() -> None:
    doc = (ROOT / "docs" / "rules" / "slow_freight.md").read_text()
    ids = sorted(set(re.findall(r"\*\*(SF-[A-Z]+-\d+)", doc)))
    assert len(ids) > 60
    names = "\n".join(
        name for p in Path(__file__).parent.glob("test_*.py")
        for name in re.findall(r"def (test_\w+)", p.read_text())
    )
    missing = [i for i in ids if f"test_{i.lower().replace('-', '_')}_" not in names]
    assert missing == []


def test_every_event_rule_is_documented() -> None:
    doc = (ROOT / "docs" / "rules" / "slow_freight.md").read_text()
    ids = set(re.findall(r"\*\*(SF-[A-Z]+-\d+)", doc))
    seen = set()
    for seed in range(30):
        game = SlowFreight(players=2 + seed % 3, seed=seed)
        play_out(game, RandomBot(seed))
        seen |= {e.rule for e in game.log}
    assert seen <= ids, seen - ids


def test_conformance_with_views_and_determinized_copies() -> None:
    from freight_freedom.core.conformance import api_test

    assert api_test(lambda s: SlowFreight(players=3, seed=s), games=2, seats=3,
                    deep_every=15) > 0
