"""simulate/sweep on Slow Freight: the row schema, sane values, and the same result whatever the
number of processes or the batch size."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from freight_freedom.analysis import SimulationError, simulate, sweep
from freight_freedom.analysis.seeds import game_seed
from freight_freedom.core import OptionError
from freight_freedom.core.bot import RandomBot
from freight_freedom.slowfreight.game import SlowFreight

LEADING = ["config", "game_index", "seed", "game", "rules_version", "first_player",
           "movement_table", "players", "track_supply", "bot", "bot_0", "bot_1", "decisions"]


def test_schema_and_values_are_sane() -> None:
    df = simulate("slowfreight", 30, bot="random", seed=11, players=2, progress=False)
    assert list(df.columns[: len(LEADING)]) == LEADING
    assert len(df) == 30 and df["game_index"].tolist() == list(range(30))
    assert df["seed"].tolist() == [game_seed(11, i) for i in range(30)]
    assert set(df["rules_version"]) == {SlowFreight.rules_version}
    assert set(df["players"]) == {2} and set(df["bot"]) == {"random"}
    assert (df["clocks"] == 6).all()  # two players: six Clocks (SF-CLOCK-5)
    assert (df["decisions"] > 0).all() and (df["rounds"] > 0).all()
    assert (df["n_winners"] >= 1).all()
    for seat in (0, 1):
        parts = df[[f"delivered_pts_{seat}", f"bonus_{seat}", f"biggest_{seat}",
                    f"penalty_{seat}"]].sum(axis=1)
        assert (parts == df[f"score_{seat}"]).all()
        assert (df[f"cars_{seat}"] * 2 == df[f"delivered_pts_{seat}"]).all()
        assert (df[f"penalty_{seat}"] <= 0).all()
    best = df[["score_0", "score_1"]].max(axis=1)
    assert (df["win_0"] == (df["score_0"] == best)).all()
    types = df[[f"delivered_{t}" for t in ("auto", "tank", "coal", "mixed")]].sum(axis=1)
    sizes = df[[f"delivered_size{k}" for k in range(1, 6)]].sum(axis=1)
    assert (types == sizes).all() and (types == df["trains_0"] + df["trains_1"]).all()


def test_a_row_replays_from_its_seed() -> None:
    df = simulate("slowfreight", 3, seed=4, players=3, progress=False)
    row = df.iloc[2]
    game = SlowFreight(seed=int(row["seed"]), players=3)
    from freight_freedom.analysis.bots import make_bot
    from freight_freedom.analysis.seeds import bot_seed

    bots = [make_bot("slowfreight", "random", seat=s, seed=bot_seed(game.seed, s))
            for s in range(3)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game))
    assert game.outcome is not None
    assert list(game.outcome.scores) == [row[f"score_{s}"] for s in range(3)]


def test_same_result_whatever_n_jobs_and_batch_size() -> None:
    kwargs = dict(bot=["greedy", "random", "small-fast"], seed=3, players=3, progress=False)
    one = simulate("slowfreight", 40, n_jobs=1, **kwargs)  # type: ignore[arg-type]
    two = simulate("slowfreight", 40, n_jobs=2, batch_size=3, **kwargs)  # type: ignore[arg-type]
    odd = simulate("slowfreight", 40, n_jobs=1, batch_size=7, **kwargs)  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, odd)
    other = simulate("slowfreight", 40, n_jobs=1, **{**kwargs, "seed": 4})  # type: ignore[arg-type]
    assert not one["score_0"].equals(other["score_0"])


def test_bot_instances_and_classes_are_accepted_and_reproducible() -> None:
    a = simulate(SlowFreight, 10, bot=RandomBot(seed=5), players=2, progress=False)
    b = simulate("slow_freight", 10, bot=RandomBot, players=2, progress=False)
    c = simulate("slowfreight", 10, bot="random", players=2, progress=False)
    pd.testing.assert_frame_equal(a, b)
    pd.testing.assert_frame_equal(a, c)


def test_checked_mode_confirms_bots_choose_legal_actions() -> None:
    df = simulate("slowfreight", 12, bot=["greedy", "small-fast", "big-slow"], players=3,
                  checked=True, progress=False)
    assert len(df) == 12


def test_sweep_covers_every_combination() -> None:
    grid: dict[str, list[Any]] = {"players": [2, 3], "movement_table": ["gentle", "harsh"],
            "bot": ["random", "greedy"]}
    df = sweep("slowfreight", grid, 4, seed=2, progress=False)
    counts = df.groupby(["players", "movement_table", "bot"]).size()
    assert len(counts) == 8 and set(counts) == {4}
    assert sorted(df["config"].unique()) == list(range(8))
    # common random numbers: every combination plays the same game seeds
    assert df.groupby("config")["seed"].apply(tuple).nunique() == 1
    assert df["score_2"].isna().sum() == 16  # two-player rows have no seat 2


def test_sweep_with_per_seat_bots_and_fixed_options() -> None:
    df = sweep("slowfreight", {"bot": [["greedy", "random"], ["random", "greedy"]]}, 3,
               players=2, movement_table="harsh", progress=False)
    assert sorted(df["bot"].unique()) == ["greedy/random", "random/greedy"]
    assert set(df["movement_table"]) == {"harsh"}


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: simulate("chess", 2, progress=False), ValueError, "unknown game"),
        (lambda: simulate("slowfreight", 0, progress=False), ValueError, "n_games"),
        (lambda: simulate("slowfreight", 2, players=9, progress=False), OptionError, "players"),
        (lambda: simulate("slowfreight", 2, colour="red", progress=False), OptionError, "colour"),
        (lambda: simulate("slowfreight", 2, bot="best", progress=False), ValueError, "unknown bot"),
        (lambda: simulate("slowfreight", 2, bot=["random"] * 2, players=3, progress=False),
         ValueError, "one per seat"),
        (lambda: simulate("slowfreight", 2, n_jobs=0, progress=False), ValueError, "n_jobs"),
        (lambda: simulate("slowfreight", 2, backend="spark", progress=False), ValueError,
         "backend"),
        (lambda: simulate("slowfreight", 2, backend="dask", progress=False), ValueError,
         "no cluster|there is none"),
        (lambda: sweep("slowfreight", {"players": 3}, 2, progress=False),  # type: ignore[dict-item]
         ValueError,
         "list of values"),
        (lambda: sweep("slowfreight", {"players": [2, 7]}, 2, progress=False), ValueError,
         "combination"),
    ],
)
def test_bad_arguments_fail_early_with_clear_messages(call: object, error: type[Exception],
                                                      match: str) -> None:
    with pytest.raises(error, match=match):
        call()  # type: ignore[operator]


class _Crasher:
    name = "crasher"

    def choose(self, game: object) -> object:
        raise RuntimeError("boom")


def test_a_failing_game_names_its_seed() -> None:
    with pytest.raises(SimulationError, match=r"game 0 \(seed=\d+.*boom"):
        simulate("slowfreight", 2, bot=_Crasher(), players=2, progress=False)


def test_progress_bar_counts_games(capsys: pytest.CaptureFixture[str]) -> None:
    simulate("slowfreight", 5, players=2, progress=True)
    err = capsys.readouterr().err
    assert "5/5" in err


def test_rounds_count_rounds_of_the_table_not_turns() -> None:
    """``turns`` counts every player's turn; ``rounds`` counts rounds of the table (each player
    once), the last one counted even when the last Clock cuts it short."""
    df = simulate("slowfreight", 6, bot="greedy", seed=5, players=3, progress=False)
    for seed, turns, rounds in zip(df["seed"], df["turns"], df["rounds"], strict=True):
        game = SlowFreight(players=3, seed=int(seed))
        from freight_freedom.slowfreight.bots import GreedyBot

        bot = GreedyBot()
        played = 0
        last_turn = game.state.turn
        while not game.is_over:
            game.apply(bot.choose(game))
            if game.is_over or game.state.turn != last_turn:
                played += 1
                last_turn = game.state.turn
        assert turns == played
        assert rounds == -(-played // 3) and 3 * (rounds - 1) < turns <= 3 * rounds
