"""The classroom tests' throw-away PostgreSQL server (tests/classroom/conftest.py), for the
benchmarks that keep a class on PostgreSQL."""

from __future__ import annotations

import glob
import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def postgres(*, durable: bool = False) -> Any:
    """A throw-away PostgreSQL server (Debian's), started; exits with a clear line without
    one. ``durable``: with fsync, as a school's server runs."""
    spec = importlib.util.spec_from_file_location(
        "classroom_conftest", ROOT / "tests" / "classroom" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    bindirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    if not bindirs:
        sys.exit("this benchmark needs Debian's postgresql (apt-get install postgresql)")
    server = module.PostgresServer(Path(bindirs[-1]), durable=durable)
    server.start()
    return server
