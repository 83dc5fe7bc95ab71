"""``freight-freedom classroom``: the database opened or created, the PIN, the class code and
the join link printed, the three pages served (HTTP 200) and a clean stop on Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from freight_freedom.classroom import Classroom
from freight_freedom.classroom.errors import ClassroomError
from freight_freedom.classroom.pages import serve
from freight_freedom.classroom.pages.common import DB_ENV

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check: Callable[[], object], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"no {what} after {seconds} s"
        time.sleep(0.1)


def read_until(proc: subprocess.Popen[str], pattern: str, seconds: float) -> str:
    """The command's output up to the line matching ``pattern``."""
    assert proc.stdout is not None
    seen = ""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            break
        seen += line
        if re.search(pattern, line):
            return seen
    raise AssertionError(f"no {pattern!r} after {seconds} s; output:\n{seen}")


@pytest.mark.timeout(300)
def test_the_command_serves_the_three_pages_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "class.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"), "FREIGHT_FREEDOM_BOT_PACE": "0.1",
        "XDG_STATE_HOME": str(tmp_path / "state")}  # the server's log goes there
    env.pop(DB_ENV, None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "freight_freedom", "classroom", "--db", str(db),
         "--port", str(port)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        out = read_until(proc, "Press Ctrl-C", 150)
        pin = re.search(r"Teacher's PIN:\s+(\d{6})", out)
        code = re.search(r"(?i)class code ([A-Z0-9]{6})", out)
        assert pin and code, out
        assert f"/voila/render/student.ipynb?code={code[1]}" in out
        assert "127.0.0.1 only" in out and "Server messages are written to" in out
        assert "Traceback" not in out and "[Voila]" not in out  # Voila's messages: in the log
        teacher = Classroom(db, pin=pin[1])
        assert teacher.code == code[1]  # the printed PIN opens the class
        # no page is open: the command's own thread plays the bots (FR-ROUND-2: in turn)
        table = teacher.new_table("freedom", players=2, seed=3, bots={0: "heuristic"})
        token = table.claim(1, teacher.join("Ana"))
        read_until(proc, r"Ana joined \(1 in the class\)", 30)  # one line per join, no more
        wait_for(lambda: table.game.to_move == 1, 60, "the bot's first turn to be stored")
        assert table.step > 0 and {r.by for r in table.log()} == {"the heuristic bot"}
        while (game := table.game).to_move == 1:
            table.play(game.legal_actions()[0], seat=1, step=table.step, token=token)
        answered = table.step
        wait_for(lambda: table.step > answered, 60, "the bot to answer Ana's turn")
        assert {(r.seat, r.by) for r in table.log(since=answered)} == {(0, "the heuristic bot")}
        teacher.close()
        for page in ("teacher", "student", "projector"):
            url = f"http://127.0.0.1:{port}/voila/render/{page}.ipynb"
            with urllib.request.urlopen(url, timeout=120) as response:
                assert response.status == 200
                body = response.read().decode()
            assert "widget-view+json" in body, page  # the page's widgets, not an error
        os.kill(proc.pid, signal.SIGINT)  # Ctrl-C
        assert proc.wait(timeout=60) == 0
        assert proc.stdout is not None
        assert "Stopped. Everything is kept" in proc.stdout.read()
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_a_second_start_keeps_the_class_and_new_pin_replaces_the_pin(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(DB_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the user's data folder
    first = serve.prepare(None)
    db = tmp_path / "data" / "freight-freedom" / serve.DB_NAME
    assert first.pin is not None and db.exists() and not (tmp_path / serve.DB_NAME).exists()
    assert str(db) in serve.banner(first)  # the banner says where the class is kept
    again = serve.prepare(None)
    assert again.code == first.code and again.pin is None
    assert "the one printed when this class was created" in serve.banner(again)
    renewed = serve.prepare(None, new_pin=True)
    assert renewed.pin is not None and renewed.code == first.code
    assert Classroom(db, pin=renewed.pin).is_teacher
    monkeypatch.setenv(DB_ENV, str(tmp_path / "other.db"))
    assert serve.prepare(None).code != first.code  # the variable names another database


def test_lan_listens_everywhere_and_says_so(tmp_path: Path) -> None:
    plan = serve.prepare(str(tmp_path / "c.db"), lan=True, port=9123)
    assert plan.host == "0.0.0.0"
    text = serve.banner(plan)
    assert "ALL network interfaces" in text and f"{plan.code}" in text
    assert "--Voila.ip=0.0.0.0" in serve.voila_command(plan)
    env = serve.environment(plan)
    assert env[DB_ENV] == plan.url and env["FREIGHT_FREEDOM_CLASS"] == plan.code


def test_a_port_in_use_is_named_before_voila_starts(tmp_path: Path) -> None:
    """Another program on the port: one clear line, exit status 1, no server started."""
    import io

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        plan = serve.prepare(str(tmp_path / "c.db"), port=port)
        out = io.StringIO()
        assert serve.serve(plan, out) == 1
    assert f"Port {port} is already in use" in out.getvalue()
    assert f"--port {port + 1}" in out.getvalue()


def test_without_voila_the_command_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util
    import io

    from freight_freedom.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "voila" else real(name, *a))
    err = io.StringIO()
    assert main(["classroom"], stdout=io.StringIO(), stderr=err) == 2
    assert "needs voila: pip install 'freight-freedom[classroom]'" in err.getvalue()


def test_the_banner_and_errors_never_show_the_database_password() -> None:
    """A database that cannot be reached: one line naming the host and what to check, exit
    status 2, no traceback and no password."""
    import io

    from freight_freedom.cli import main

    err = io.StringIO()
    status = main(["classroom", "--db", "postgresql://ff:secret-pw@127.0.0.1:9/none"],
                  stdout=io.StringIO(), stderr=err)
    said = err.getvalue()
    assert status == 2 and said.count("\n") == 1, said
    assert "cannot reach the database at 127.0.0.1:9" in said and "check that the server" in said
    assert "secret-pw" not in said and "Traceback" not in said
    plan = serve.Plan("postgresql://ff:secret-pw@db.school:5432/class", "ABCDEF", "7B", None,
                      "127.0.0.1", 8866, Path("."), Path("."))
    assert "secret-pw" not in serve.banner(plan) and "ff:***@db.school" in serve.banner(plan)


def test_old_classes_are_deleted_on_start_and_the_command_says_so(tmp_path: Path) -> None:
    import io

    from freight_freedom.classroom import lifecycle

    url = f"sqlite:///{tmp_path / 'c.db'}"
    old = Classroom(url)
    with old.store.write() as conn:  # created (and last used) 400 days ago
        conn.execute(lifecycle.schema.classes.update().values(
            created=time.time() - 400 * lifecycle.SECONDS_A_DAY))
    out = io.StringIO()
    plan = serve.prepare(url, keep_days=365, out=out)
    assert f"Deleted class {old.code}" in out.getvalue() and "--keep-days" in out.getvalue()
    assert plan.code != old.code  # a new class was made in the emptied database


def test_the_delete_command_asks_then_deletes(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from freight_freedom.cli import main

    url = f"sqlite:///{tmp_path / 'c.db'}"
    room = Classroom(url)
    room.join("Ana")
    monkeypatch.setattr("builtins.input", lambda _prompt: "nope")
    out = io.StringIO()
    assert main(["classroom", "delete", "--code", room.code, "--db", url], stdout=out) == 1
    assert "Nothing deleted" in out.getvalue()
    assert Classroom(url, code=room.code).code == room.code
    monkeypatch.setattr("builtins.input", lambda _prompt: room.code.lower())
    out = io.StringIO()
    assert main(["classroom", "delete", "--code", room.code, "--db", url], stdout=out) == 0
    assert "Deleted class" in out.getvalue() and "1 student and" in out.getvalue()
    err = io.StringIO()
    assert main(["classroom", "delete", "--code", room.code, "--db", url, "--yes"],
                stdout=io.StringIO(), stderr=err) == 2
    assert "no class has the code" in err.getvalue()


def test_behind_a_proxy_the_pages_live_under_the_base_url_and_links_are_public(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--base-url /class/`` serves every page under the prefix; ``--public-url`` is what the
    banner, the join link (and so the QR code) say; a join link the school set is kept."""
    monkeypatch.delenv(serve.JOIN_ENV, raising=False)
    plan = serve.prepare(str(tmp_path / "c.db"), base_url="class", port=8123,
                         public_url="https://class.example.org/class")
    assert plan.base_url == "/class/" and plan.local == "http://127.0.0.1:8123/class/"
    text = serve.banner(plan)
    for page in ("teacher", "projector"):
        assert f"https://class.example.org/class/voila/render/{page}.ipynb" in text
    assert (f"https://class.example.org/class/voila/render/student.ipynb?code={plan.code}"
            in text) and "127.0.0.1:" not in text.split("Listening")[0]
    assert "--Voila.base_url=/class/" in serve.voila_command(plan)
    assert serve.environment(plan)[serve.JOIN_ENV].startswith("https://class.example.org/")
    monkeypatch.setenv(serve.JOIN_ENV, "https://school.example/j")
    assert serve.environment(plan)[serve.JOIN_ENV] == "https://school.example/j"
    assert "https://school.example/j?code=" in serve.banner(plan)
    for bad in ({"base_url": "/a b/"}, {"public_url": "class.example.org"},
                {"public_url": "ftp://x/"}):
        with pytest.raises(ClassroomError):
            serve.prepare(str(tmp_path / "c.db"), **bad)  # type: ignore[arg-type]


@pytest.mark.timeout(300)
def test_the_command_serves_under_a_base_url(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    env.pop(DB_ENV, None)
    env.pop(serve.JOIN_ENV, None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "freight_freedom", "classroom", "--db", str(tmp_path / "c.db"),
         "--port", str(port), "--base-url", "/class/"], cwd=tmp_path, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        out = read_until(proc, "Press Ctrl-C", 150)
        assert f"http://127.0.0.1:{port}/class/voila/render/student.ipynb?code=" in out
        url = f"http://127.0.0.1:{port}/class/voila/render/student.ipynb"
        with urllib.request.urlopen(url, timeout=120) as response:
            body = response.read().decode()
        assert "widget-view+json" in body  # the page's widgets, not an error
        assert '"baseUrl": "/class/"' in body  # its scripts and websockets under the prefix
        os.kill(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
