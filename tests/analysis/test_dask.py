"""The same simulate call on a Dask cluster (two local worker processes, loopback only)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from freight_freedom.analysis import simulate, sweep

distributed = pytest.importorskip("distributed")


def test_dask_cluster_gives_the_same_dataframe() -> None:
    kwargs: dict[str, Any] = dict(bot=["greedy", "random"], seed=9, players=2, progress=False)
    local = simulate("slowfreight", 30, **kwargs)
    grid = {"movement_table": ["gentle", "harsh"]}
    local_sweep = sweep("slowfreight", grid, 6, players=2, progress=False)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None,
    ) as cluster, distributed.Client(cluster):
        remote = simulate("slowfreight", 30, backend="dask", batch_size=4, **kwargs)
        remote_sweep = sweep("slowfreight", grid, 6, players=2, backend="dask", progress=False)
    pd.testing.assert_frame_equal(local, remote)
    pd.testing.assert_frame_equal(local_sweep, remote_sweep)
