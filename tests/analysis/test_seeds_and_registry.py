"""Seeds derived from the master seed by position, and the bot registry's names and errors."""

from __future__ import annotations

import pytest

from freight_freedom.analysis import bots, seeds
from freight_freedom.core.bot import RandomBot


def test_game_seeds_depend_only_on_master_and_index() -> None:
    assert seeds.game_seeds(5, 4) == [seeds.game_seed(5, i) for i in range(4)]
    assert seeds.game_seeds(5, 10)[:4] == seeds.game_seeds(5, 4)
    assert len(set(seeds.game_seeds(5, 1000))) == 1000
    assert seeds.game_seeds(5, 3) != seeds.game_seeds(6, 3)
    assert all(0 <= s < 2**63 for s in seeds.game_seeds(0, 100))


def test_bot_seeds_differ_by_seat() -> None:
    base = seeds.game_seed(1, 0)
    assert len({seeds.bot_seed(base, seat) for seat in range(4)}) == 4


def test_game_names_and_aliases() -> None:
    assert bots.game_key("Slow-Freight") == "slowfreight"
    assert bots.game_key("freedom") == "freedom"
    with pytest.raises(ValueError, match="unknown game"):
        bots.game_key("chess")


def test_bot_specs_are_checked_with_clear_messages() -> None:
    bots.check_spec("slowfreight", "montecarlo:4")
    bots.check_spec("slowfreight", "mcts:4")  # the old name still works
    bots.check_spec("freedom", "heuristic")
    with pytest.raises(ValueError, match="unknown bot 'best'"):
        bots.check_spec("slowfreight", "best")
    with pytest.raises(ValueError, match="no strength knob"):
        bots.check_spec("slowfreight", "random:3")
    with pytest.raises(ValueError, match="positive integer"):
        bots.check_spec("slowfreight", "montecarlo:zero")
    with pytest.raises(ValueError, match="not a bot"):
        bots.check_spec("slowfreight", 42)
    with pytest.raises(ValueError, match="one per seat"):
        bots.seat_specs(["random", "random"], 3)


def test_bot_instances_are_copied_and_reseeded_per_game() -> None:
    template = RandomBot(seed=99)
    a = bots.make_bot("slowfreight", template, seat=0, seed=7)
    b = bots.make_bot("slowfreight", template, seat=0, seed=7)
    assert a is not template and b is not template
    assert a.rng.state == b.rng.state == RandomBot(seed=7).rng.state  # type: ignore[attr-defined]
    assert template.rng.state == RandomBot(seed=99).rng.state


def test_labels() -> None:
    assert bots.label("MonteCarlo:16") == "montecarlo:16"
    assert bots.label("MCTS:16") == "montecarlo:16"  # the old name, reported as the new
    assert bots.label(RandomBot(1)) == "random"
    assert bots.label(RandomBot) == "random"
