"""simulate on Freedom: the key figures, per-round trajectories, reproducibility, and plots."""

from __future__ import annotations

import pandas as pd

from freight_freedom.analysis import round_trajectories, simulate, sweep, win_rate
from freight_freedom.freedom.game import Freedom


def test_freedom_rows_and_trajectories_are_sane() -> None:
    df = simulate("freedom", 8, bot="heuristic", players=2, seed=1, progress=False)
    assert set(df["rules_version"]) == {Freedom.rules_version}
    assert set(df["bot"]) == {"heuristic"}
    for column in ("won", "reason", "round", "freed", "lost", "support_bought", "money_total",
                   "roles_played", "freed_r8", "lost_r8", "support_r8"):
        assert column in df.columns
    assert df["round"].between(1, 8).all()
    won = (df["freed"] >= df["freed_target"]) & (df["support_bought"] == df["support_total"])
    assert (df["won"] == won).all()
    freed = df[[f"freed_r{r}" for r in range(1, 9)]].to_numpy()
    lost = df[[f"lost_r{r}" for r in range(1, 9)]].to_numpy()
    assert (freed[:, 1:] >= freed[:, :-1]).all() and (lost[:, 1:] >= lost[:, :-1]).all()
    assert (freed[:, -1] == df["freed"]).all() and (lost[:, -1] == df["lost"]).all()
    assert df["roles_played"].str.count(",").eq(1).all()
    assert df["freed"].mean() > 5  # the heuristic bot frees people; a random bot frees none


def test_freedom_same_result_whatever_n_jobs() -> None:
    one = simulate("freedom", 12, bot="random", players=3, seed=2, progress=False)
    two = simulate("freedom", 12, bot="random", players=3, seed=2, n_jobs=2, batch_size=2,
                   progress=False)
    pd.testing.assert_frame_equal(one, two)


def test_freedom_sweep_and_plots() -> None:
    df = sweep("freedom", {"difficulty": ["regular", "challenging"]}, 4, bot="heuristic",
               players=2, progress=False)
    assert df.groupby("difficulty").size().to_dict() == {"challenging": 4, "regular": 4}
    fig = win_rate(df, by="difficulty")
    assert list(fig.data[0].x) == ["challenging", "regular"]
    fig = round_trajectories(df, by="difficulty")
    assert len(fig.data) == 4  # freed and lost, for each difficulty
    assert all(list(trace.x) == list(range(1, 9)) for trace in fig.data)


def test_lost_games_name_their_loss_condition_and_the_queue_luck_is_counted() -> None:
    from freight_freedom.analysis import simulate
    from freight_freedom.freedom.records import LOSS_BOTH, LOSS_FREED, LOSS_SUPPORT, LOSS_TRACK

    df = simulate("freedom", 12, bot="heuristic", seed=1, players=2, progress=False)
    assert (df.loc[df["won"], "lost_by"] == "").all()
    lost = df[~df["won"]]
    assert len(lost) and set(lost["lost_by"]) <= {LOSS_TRACK, LOSS_FREED, LOSS_SUPPORT, LOSS_BOTH}
    short = lost["lost_by"] == LOSS_FREED
    assert (lost.loc[short, "freed"] < lost.loc[short, "freed_target"]).all()
    assert (df["opposition_fired"] >= 0).all() and df["opposition_fired"].sum() > 0
    rnd = simulate("freedom", 6, bot="random", seed=2, players=2, progress=False)
    track = rnd["lost_by"] == LOSS_TRACK
    assert (rnd.loc[track, "lost"] >= rnd.loc[track, "lost_limit"]).all()


def test_market_bots_differ_from_the_heuristic_only_in_the_market() -> None:
    from freight_freedom import Freedom
    from freight_freedom.analysis.bots import make_bot
    from freight_freedom.freedom.bots import HeuristicBot

    game = Freedom(players=2, seed=3)
    base = HeuristicBot()
    fullest = make_bot("freedom", "market-fullest", seat=0, seed=1)
    rand = make_bot("freedom", "market-random", seat=0, seed=1)
    seen = 0
    while not game.is_over:
        actions = game.legal_actions()
        choice = base.choose(game)
        if all(a.kind == "deliver" for a in actions) and len(actions) > 1:
            seen += 1
            assert fullest.choose(game) in actions and rand.choose(game) in actions
        else:
            assert fullest.choose(game) == choice
        game.apply(choice)
    assert seen
