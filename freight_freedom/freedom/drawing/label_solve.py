"""The best choice of one name spot per space, solved exactly as a 0-1 program.

:class:`.labels.LabelPlacer` lists every space's possible spots with their costs and which
spots of two spaces touch. Choosing one spot per space so that no two chosen names touch and
every name reads as its own space's, at the least cost, is a weighted independent-set
problem; a local search can miss the one arrangement where every name fits (on the packaged
map, Battle Creek's name fits only with the names around the Detroit River chosen together).
Here it is a 0-1 program solved by HiGHS through SciPy's ``milp``:

- one binary variable per spot that reads as its own space's (:func:`.labels.reads_as_own`);
- each space takes exactly one of its spots;
- two spots that touch are never both taken;
- the least total cost; spot ``k`` costs ``k`` millionths more, so equal arrangements are told
  apart the same way on every run.

When no such arrangement exists (a changed map too crowded somewhere), or SciPy is not
installed (an optional dependency, in the ``components`` extra), there is no exact answer and
the placer's seeded local search names what it can.
"""

from __future__ import annotations

TIE = 1e-6  # spot k costs k * TIE more: one optimum
TIME_LIMIT = 60.0  # s: past it, no exact answer (the packaged map takes a few seconds)


def choose_exact(of_space: list[list[int]], cost: list[float], misread: list[bool],
                 clashes: list[list[int]]) -> list[int] | None:
    """The chosen spot of every space, the least costly arrangement in which every space is
    named, every name reads as its own space's and no two names touch; None when there is no
    such arrangement, none was proven best in :data:`TIME_LIMIT`, or SciPy is not installed.

    ``of_space[s]`` lists the spots of space ``s``, ``cost[k]`` and ``misread[k]`` describe
    spot ``k``, ``clashes[k]`` the spots of other spaces that spot ``k`` touches.
    """
    try:
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_matrix
    except ImportError:
        return None
    own = [[k for k in mine if not misread[k]] for mine in of_space]
    spots = [k for mine in own for k in mine]
    col = {k: c for c, k in enumerate(spots)}
    rows: list[int] = []
    cols: list[int] = []
    for s, mine in enumerate(own):  # exactly one spot of s
        rows += [s] * len(mine)
        cols += [col[k] for k in mine]
    pairs = [(col[i], col[j]) for i in spots for j in clashes[i] if j > i and j in col]
    for r, (i, j) in enumerate(pairs, start=len(own)):  # two touching spots: at most one
        rows += [r, r]
        cols += [i, j]
    matrix = coo_matrix((np.ones(len(rows)), (rows, cols)),
                        shape=(len(own) + len(pairs), len(spots)))
    lower = np.concatenate([np.ones(len(own)), np.zeros(len(pairs))])
    objective = np.array([cost[k] + TIE * k for k in spots])
    result = milp(objective, constraints=LinearConstraint(matrix.tocsr(), lower, 1),
                  integrality=np.ones(len(spots)), bounds=Bounds(0, 1),
                  options={"time_limit": TIME_LIMIT, "mip_rel_gap": 0.0})
    if result.status != 0 or result.x is None:  # 0: an optimum was proven
        return None
    return [next(k for k in mine if result.x[col[k]] > 0.5) for mine in own]
