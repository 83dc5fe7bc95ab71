"""The optional extras at work from an installed wheel (``tests/install/test_floors.py`` runs it
at the declared floors): OpenSpiel and PettingZoo, corrected components, the what-if analysis
on joblib's and on Dask's workers. Prints one JSON line of what it found.
"""

from __future__ import annotations

import json
import tempfile


def main() -> None:
    import pyspiel

    import freight_freedom.interop.openspiel  # noqa: F401 - registers the games
    from freight_freedom import Freedom
    from freight_freedom.analysis import simulate
    from freight_freedom.cli import main as cli
    from freight_freedom.interop.pettingzoo import env

    found: dict[str, object] = {}
    game = pyspiel.load_game("freight_freedom_slowfreight", {"players": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    found["openspiel"] = game.get_type().short_name
    pz = env("slowfreight", players=3)
    pz.reset(seed=1)
    found["pettingzoo_agents"] = len(pz.agents)
    folder = tempfile.mkdtemp()
    assert cli(["components", "export", f"{folder}/mine"]) == 0
    copy = Freedom(players=2, components=f"{folder}/mine")  # checked with jsonschema and SciPy
    found["components_actions"] = len(copy.legal_actions())
    found["joblib_rows"] = len(simulate("freedom", 4, players=2, seed=1, n_jobs=2,
                                        progress=False))
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            Client(cluster):
        found["dask_rows"] = len(simulate("slowfreight", 4, players=2, seed=1, n_jobs=2,
                                          backend="dask", progress=False))
    print(json.dumps(found))


if __name__ == "__main__":
    main()
