"""Fixtures of the classroom tests: a database of each kind.

``url`` runs a test on SQLite (a file in the test's temporary directory) and on PostgreSQL:
Debian's server (``dev.py test`` installs it as root), started once per session by
``initdb``/``pg_ctl`` in a temporary directory, as an unprivileged user when the tests run as
root (PostgreSQL refuses root), listening on 127.0.0.1 on a free port only. Each test gets a
fresh schema on it. Where the server is missing the PostgreSQL cases are skipped with the
reason, except under ``CI=true`` where they fail. A watchdog stops the server even if the test
run is killed.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy", reason="the classroom extra is not installed")


#: Debian's PostgreSQL server; the variable lets the skip/fail path be tried (point it at nothing)
INITDB = os.environ.get("FREIGHT_FREEDOM_INITDB", "/usr/lib/postgresql/*/bin/initdb")


def unavailable(reason: str) -> None:
    """Skip with ``reason``; under ``CI=true`` fail instead (PostgreSQL must run in CI)."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL tests cannot run under CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server_user() -> str | None:
    """The unprivileged user to run the server as (``None``: the current user)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


class PostgresServer:
    """A throw-away PostgreSQL server in a temporary directory."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable
        self.user = _server_user()
        if os.geteuid() == 0 and self.user is None:
            raise RuntimeError("running as root and no unprivileged user (postgres, nobody)")
        self.root = Path(tempfile.mkdtemp(prefix="ff-classroom-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.watchdog: subprocess.Popen[bytes] | None = None
        self._names = itertools.count(1)
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)

    def _run(self, *cmd: str) -> subprocess.CompletedProcess[str]:
        kw: dict[str, object] = {}
        if self.user is not None:
            kw = {"user": self.user, "group": pwd.getpwnam(self.user).pw_gid,
                  "extra_groups": []}
        return subprocess.run([str(self.bindir / cmd[0]), *cmd[1:]], capture_output=True,
                              text=True, check=True, cwd=self.root, timeout=120,
                              **kw)  # type: ignore[call-overload]

    def start(self) -> None:
        self._watch()
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--no-sync")
        self._pg_ctl_start()

    def _pg_ctl_start(self) -> None:
        # for the tests no fsync (a stopped server still keeps every committed row; the tests
        # kill clients, never the machine); the benchmark measures a durable server
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} "
                   f"-c unix_socket_directories={self.root} -c max_connections=200")
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-w",
                  "-o", options, "start")

    def _watch(self) -> None:
        """A detached shell that stops the server (SIGQUIT: immediate shutdown) and removes
        the directory once this test process is gone, however it ended."""
        pidfile = self.data / "postmaster.pid"
        script = (f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 1; done; sleep 1; "
                  f"[ -f {pidfile} ] && kill -QUIT $(head -1 {pidfile}) 2>/dev/null; sleep 2; "
                  f"rm -rf {self.root}")
        self.watchdog = subprocess.Popen(["sh", "-c", script], start_new_session=True,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        """Stop the server (fast shutdown: clients are disconnected, committed data kept)."""
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def restart(self) -> None:
        """Stop and start the server again (the same data, the same port)."""
        self.stop()
        self._pg_ctl_start()

    def close(self) -> None:
        self.stop()
        if self.watchdog is not None:
            os.killpg(self.watchdog.pid, signal.SIGTERM)
            self.watchdog.wait()
        shutil.rmtree(self.root, ignore_errors=True)

    def new_database(self) -> str:
        """A fresh, empty database on the server (a schema of its own: as empty as a new
        database, and made at once); its URL."""
        import psycopg

        name = f"class_{next(self._names)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return (f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
                f"?options=-csearch_path%3D{name}")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server (skipped, or failed under CI, where it cannot run)."""
    found = sorted(glob.glob(INITDB))
    if not found:
        unavailable("PostgreSQL's server is not installed (Debian package postgresql: "
                    "`python3 dev.py test` installs it when run as root)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        unavailable("psycopg is not installed (the classroom extra)")
    server = PostgresServer(Path(found[-1]).parent)
    try:
        server.start()
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, RuntimeError,
            OSError) as exc:
        detail = getattr(exc, "stderr", "") or str(exc)
        server.close()
        unavailable(f"PostgreSQL could not start: {detail.strip()[-400:]}")
    yield server
    server.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh classroom database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.db'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def db(tmp_path: Path) -> tuple[str, str, str]:
    """A fresh class: (database path, class code, teacher's PIN)."""
    from freight_freedom.classroom import Classroom

    path = str(tmp_path / "class.db")
    room = Classroom(path)
    assert room.pin is not None
    code, pin = room.code, room.pin
    room.close()
    return path, code, pin
