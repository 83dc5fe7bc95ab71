"""Packaging promises: light import, typed package, the README's two commands."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_stays_free_of_plotly_and_ipywidgets() -> None:
    code = (
        "import sys, freight_freedom as ff;"
        "ff.SlowFreight; ff.Freedom;"
        "import freight_freedom.analysis;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'plotly', 'ipywidgets', 'IPython', 'anywidget', 'traitlets'});"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_package_ships_py_typed_and_public_names() -> None:
    import freight_freedom

    assert (Path(freight_freedom.__file__).parent / "py.typed").exists()
    for name in freight_freedom.__all__:
        assert getattr(freight_freedom, name) is not None


def test_readme_names_exactly_the_two_set_up_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^python3 dev\.py (\w+)", readme, flags=re.M)
    assert commands[:2] == ["lab", "test"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python3 dev.py test" in ci


def test_the_main_job_command_starts_jupyterlab_on_the_notebooks(tmp_path: Path) -> None:
    """`python3 dev.py lab` (the README's first command) serves JupyterLab, even as root."""
    import os
    import signal
    import socket
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"),
           "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"), "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    log = tmp_path / "lab.log"
    proc = subprocess.Popen(
        [sys.executable, "dev.py", "lab", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log.open("wb"),
        start_new_session=True)
    status = None
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2):
                    status = 200
            except urllib.error.HTTPError as exc:
                status = exc.code  # 403 without the token: the server is up
            except OSError:
                time.sleep(0.5)
                continue
            break
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert status in (200, 403), log.read_text()[-2000:]
