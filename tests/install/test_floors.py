"""The floors pyproject declares are floors that work: the wheel with every runtime extra,
installed under ``floors.txt`` (each dependency at its lowest declared version), plays, teaches,
serves the classroom and runs the analysis and the interop extras.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from .test_wheel import check_classroom_serves, check_notebook_runs, smoke
from .venvs import FLOORS, ROOT, Dists, Install, dists, fresh_install

__all__ = ["dists"]  # the module-scoped fixture, used by name

pytestmark = pytest.mark.timeout(900)

#: every extra a user may install, but the documentation tools
RUNTIME_EXTRAS = "analysis,classroom,lab,components,openspiel,rl,dask"


def _floors() -> dict[str, str]:
    pins = {}
    for line in FLOORS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def _declared() -> dict[str, str]:
    """Each dependency of the package and its runtime extras -> its lowest declared version."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    found: dict[str, str] = {}
    for text in [*project["dependencies"],
                 *(r for extra in RUNTIME_EXTRAS.split(",") for r in extras[extra])]:
        req = Requirement(text)
        if req.name == "freight-freedom":
            continue
        lows = [s.version for s in req.specifier if s.operator == ">="]
        assert len(lows) == 1, f"{text}: give one floor (>=)"
        found[canonicalize_name(req.name)] = lows[0]
    return found


def test_the_floors_file_pins_exactly_the_declared_floors() -> None:
    pins, declared = _floors(), _declared()
    assert {name: Version(pins.get(name, "0")) for name in declared} == {
        name: Version(low) for name, low in declared.items()}
    assert set(pins) - set(declared) == {"psycopg-binary"}  # psycopg[binary]'s other half


@pytest.fixture(scope="module")
def floors(tmp_path_factory: pytest.TempPathFactory, dists: Dists) -> Install:
    return fresh_install(tmp_path_factory, dists, RUNTIME_EXTRAS, constraints=FLOORS)


def test_at_the_floors_the_versions_are_the_floors(floors: Install) -> None:
    listed = json.loads(floors.run(floors.python, "-m", "pip", "list", "--format=json"))
    have = {canonicalize_name(p["name"]): Version(p["version"]) for p in listed}
    assert {name: have.get(name) for name in _floors()} == {
        name: Version(version) for name, version in _floors().items()}


def test_at_the_floors_games_lessons_and_rules_work(floors: Install) -> None:
    smoke(floors)


def test_at_the_floors_the_extras_work(floors: Install) -> None:
    found = json.loads(floors.run(floors.python, Path(__file__).with_name("extras_smoke.py"))
                       .splitlines()[-1])
    assert found["openspiel"] == "freight_freedom_slowfreight"
    assert found["pettingzoo_agents"] == 3 and found["components_actions"] > 0
    assert found["joblib_rows"] == 4 and found["dask_rows"] == 4


def test_at_the_floors_a_notebook_runs_and_the_classroom_serves(floors: Install) -> None:
    check_notebook_runs(floors)
    check_classroom_serves(floors)

