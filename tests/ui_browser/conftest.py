"""Fixtures of the real-browser tests: Voila and JupyterLab servers, headless Chromium, artifacts.

What a user sees is checked in a real browser: Debian's Chromium (``/usr/bin/chromium``) driven
by the Python ``playwright`` package (``playwright install`` cannot download browsers here, so
the system browser is used through ``executable_path``).

- **Servers** (:func:`voila_server`, :func:`lab_server`) are started once per session (a
  second start of either is an error: they are shared) on a free port of 127.0.0.1, each with
  its own temporary Jupyter config, runtime, data and settings directories, serving a
  temporary *copy* of the notebooks of its own (JupyterLab saves into its copy; the
  repository's notebooks must stay free of outputs and widget state, and Voila never sees a
  file JupyterLab is writing). The summary line says how long each took to start.
- **Stopping** whatever happens: at the end of the session SIGTERM to the server's process
  group (the server then shuts its kernels down), then SIGKILL to whatever of the server and
  its kernels (which run in sessions of their own) is left; the same at pytest's exit
  (``pytest_unconfigure``, ``atexit``) for any server still running, and SIGTERM to pytest is
  an interrupt like Ctrl-C (tests/conftest.py). If pytest itself is killed (SIGKILL, a
  timeout's ``os._exit``), each server's watchdog (``watched.py``) stops it.
- **Notebooks** (:func:`notebook_dir`, :func:`lab_notebook_dir`): the real
  ``notebooks/*.ipynb`` when they exist; for a notebook not written yet, a small stand-in
  generated with nbformat that shows the same app, so the harness works before the notebooks
  land (the test id then says ``scratch``).
- **Browser** (:func:`browser`): one Chromium for the session. When it is missing or cannot be
  launched the tests are *skipped* with the reason, except under ``CI=true`` where they *fail*
  (the browser suite must never be skipped silently in CI).
- **Budgets**: every wait is for a condition, with a budget stretched by the machine's load
  (``budget()`` in uihelp.py), never a fixed sleep.
- **Pages** (:class:`BrowserPage`): a page with the console errors and uncaught exceptions it
  produced, filtered only for the narrow, documented noise in :data:`KNOWN_NOISE`.
- **Artifacts**: screenshots in ``test-artifacts/ui_browser/`` (gitignored), one per scenario
  step and one at the end of every test, on success and on failure.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from uihelp import ARTIFACTS, PLAY_FREEDOM, PLAY_SLOW_FREIGHT, ROOT, WALKTHROUGH, budget, budget_ms

from freight_freedom.ui.voila_page import TEMPLATE_ARGS, voila_env

NOTEBOOKS = ROOT / "notebooks"
#: Debian's Chromium; the variable lets the skip/fail path be tried (point it at nothing)
CHROMIUM = os.environ.get("FREIGHT_FREEDOM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1500, "height": 1300}
SERVER_START_TIMEOUT = 90.0


#: Console errors that are not ours, each matched narrowly (message, message regex, source-URL
#: regex). Anything else logged as an error, and every uncaught page exception, fails the test.
#: None today: Voila's "lab" template linked Font Awesome from a CDN (two failed requests on
#: this machine, which has no internet); every Voila server now uses the package's template
#: without them (freight_freedom/ui/voila_page.py), so such a request fails a test.
KNOWN_NOISE: list[tuple[str, str, str]] = []


# ----------------------------------------------------------------------------- skip or fail
def unavailable(reason: str) -> None:
    """Skip with ``reason``; under ``CI=true`` fail instead (the suite must run in CI)."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run under CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


# ----------------------------------------------------------------------------- notebooks
def _code(source: str) -> Any:
    import nbformat

    return nbformat.v4.new_code_cell(source)


def _scratch_cells(name: str) -> list[Any]:
    """Stand-ins for notebooks not written yet: the same app, laid out the same way."""
    import nbformat

    md = nbformat.v4.new_markdown_cell
    if name == PLAY_FREEDOM:
        return [
            md("# Play Freedom (scratch stand-in)"),
            _code("from freight_freedom import Freedom\n"
                  "game = Freedom(players=2, seed=1)\n"
                  "game.app(seats=['Human', 'Heuristic bot'])"),
        ]
    if name == PLAY_SLOW_FREIGHT:
        return [
            md("# Play Slow Freight (scratch stand-in)"),
            _code("from freight_freedom import SlowFreight\n"
                  "game = SlowFreight(players=2, seed=7)\n"
                  "game.app(seats=['Human', 'Greedy bot'])"),
        ]
    if name == WALKTHROUGH:
        return [
            md("# Freedom walkthrough (scratch stand-in)"),
            _code("from freight_freedom import Freedom\ngame = Freedom(players=2, seed=3)\n"
                  "game.figure()"),
            _code("game.apply(game.legal_actions()[0])\ngame.figure()"),
            _code("game"),
        ]
    raise ValueError(name)


@dataclass(frozen=True)
class Notebooks:
    """The directory the servers serve, and which notebooks in it are scratch stand-ins."""

    root: Path
    scratch: frozenset[str]

    def label(self, name: str) -> str:
        return f"{name} (scratch stand-in)" if name in self.scratch else name


def copy_notebooks(root: Path) -> Notebooks:
    """Copy ``notebooks/`` into ``root``, completed with stand-ins for missing notebooks."""
    import nbformat

    if NOTEBOOKS.is_dir():
        shutil.copytree(NOTEBOOKS, root, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    scratch = set()
    for name in (PLAY_FREEDOM, PLAY_SLOW_FREIGHT, WALKTHROUGH):
        if not (root / name).exists():
            nb = nbformat.v4.new_notebook()
            nb.cells = _scratch_cells(name)
            nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                         "language": "python"}
            nbformat.write(nb, root / name)
            scratch.add(name)
    return Notebooks(root, frozenset(scratch))


@pytest.fixture(scope="session")
def notebook_dir(tmp_path_factory: pytest.TempPathFactory) -> Notebooks:
    """The copy of the notebooks Voila serves (Voila only reads it)."""
    return copy_notebooks(tmp_path_factory.mktemp("voila-notebooks"))


@pytest.fixture(scope="session")
def lab_notebook_dir(tmp_path_factory: pytest.TempPathFactory) -> Notebooks:
    """JupyterLab's own copy: its saves write here, where no other server reads or writes."""
    return copy_notebooks(tmp_path_factory.mktemp("lab-notebooks"))


# ----------------------------------------------------------------------------- servers
def free_port() -> int:
    """A free TCP port on 127.0.0.1 (asked of the OS)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: the servers this run started and has not stopped yet; stopped at the end whatever happens
RUNNING: list[Server] = []
#: (server name, seconds to ready) of every start this session: one of each, shared
STARTS: list[tuple[str, float]] = []
WATCHED = Path(__file__).with_name("watched.py")


@dataclass
class Server:
    """A Jupyter server subprocess in its own process group, with its log file.

    ``lifeline`` is the write end of the pipe its watchdog (``watched.py``) reads: the server
    stops itself when this test run is gone, however it ended.
    """

    name: str
    proc: subprocess.Popen[bytes]
    url: str
    log: Path
    lifeline: int
    kernels: list[Any] = field(default_factory=list)

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def remember_children(self) -> None:
        """Note the server's descendants (kernels run in their own sessions) for stop()."""
        try:
            import psutil

            known = {p.pid for p in self.kernels}
            self.kernels += [child for child in psutil.Process(self.proc.pid).children(
                recursive=True) if child.pid not in known]
        except Exception:  # noqa: BLE001 - best effort; stop() still stops the server
            pass

    def stop(self) -> None:
        """SIGTERM the process group, wait, then SIGKILL the group and any kernel left over."""
        self.remember_children()
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=15)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        for kernel in self.kernels:
            # psutil.Process remembers the start time: a reused pid is never killed
            with contextlib.suppress(Exception):
                kernel.kill()
        with contextlib.suppress(OSError):
            os.close(self.lifeline)
        if self in RUNNING:
            RUNNING.remove(self)


def stop_all_servers() -> None:
    """Stop every server still running (the run is ending: normally, by a signal, or failing)."""
    for server in list(RUNNING):
        with contextlib.suppress(Exception):
            server.stop()


atexit.register(stop_all_servers)


def pytest_unconfigure(config: pytest.Config) -> None:
    stop_all_servers()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say how many servers this session started and how long each took to be ready."""
    if STARTS:
        terminalreporter.write_line("browser-test servers started: " + ", ".join(
            f"{name} in {seconds:.1f} s" for name, seconds in STARTS))


def _wait_ready(server: Server, probe: str) -> None:
    allowed = budget(SERVER_START_TIMEOUT)
    deadline = time.monotonic() + allowed
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(f"{server.name} exited with {server.proc.returncode}:\n"
                               f"{server.log_tail()}")
        try:
            with urllib.request.urlopen(server.url + probe, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{server.name} not ready after {allowed:.0f} s:\n"
                       f"{server.log_tail()}")


def start_server(name: str, args: list[str], home: Path, cwd: Path, probe: str,
                 port: int | None = None) -> Server:
    """Start ``python -m <args>`` under its watchdog (``watched.py``), with Jupyter dirs under
    ``home``, on ``port`` (a free one when not given: a restart passes the stopped server's, so
    the pages keep their address and their browser storage); wait until ``probe`` is 200. Each
    kind of server starts once a session."""
    port = port or free_port()
    env = voila_env()  # Voila finds the package's page template (no CDN links)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTER_DATA_DIR", "data"), ("IPYTHONDIR", "ipython"),
                     ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
                     ("XDG_STATE_HOME", "state")):  # the classroom command's server log
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    env["PYTHONUNBUFFERED"] = "1"
    # bots answer at once unless a test chooses a pace in the page (the default 0.6 s a bot
    # move would make the whole-game tests wait for every bot decision)
    env.setdefault("FREIGHT_FREEDOM_BOT_PACE", "0")
    # the kernels import this checkout's package (the virtualenv's editable install may point
    # at another checkout: a worktree would otherwise test someone else's code)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env.pop("JUPYTER_TOKEN", None)
    log = home / f"{name}.log"
    if any(started == name for started, _seconds in STARTS):
        raise RuntimeError(f"a second {name} server in one session: the tests share one "
                           "(the session fixture)")
    watch, lifeline = os.pipe()
    cmd = [sys.executable, str(WATCHED), str(watch), *args, f"--port={port}"]
    began = time.monotonic()
    try:
        with log.open("wb") as out:
            proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True,
                                    pass_fds=(watch,))
    except BaseException:
        os.close(lifeline)
        raise
    finally:
        os.close(watch)
    server = Server(name, proc, f"http://127.0.0.1:{port}", log, lifeline)
    RUNNING.append(server)
    try:
        _wait_ready(server, probe)
    except BaseException:
        server.stop()
        raise
    STARTS.append((name, time.monotonic() - began))
    return server


@contextlib.contextmanager
def classroom_server(name: str, home: Path) -> Iterator[tuple[Server, Any]]:
    """``freight-freedom classroom`` on a new class database in ``home``: the server and the
    class (the teacher's ``Classroom`` object); both stopped at the end."""
    from freight_freedom.classroom import Classroom

    room = Classroom(home / "class.db")
    server = start_server(name, ["freight_freedom", "classroom", "--db", str(home / "class.db")],
                          home, home, "/")
    try:
        yield server, room
    finally:
        server.stop()
        room.close()


@pytest.fixture(scope="session")
def voila_server(notebook_dir: Notebooks,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voila serving the notebook directory on 127.0.0.1 (no token, no browser)."""
    home = tmp_path_factory.mktemp("voila-home")
    server = start_server(
        "voila",
        ["voila", str(notebook_dir.root), "--no-browser", *TEMPLATE_ARGS, "--Voila.ip=127.0.0.1",
         "--show_tracebacks=True", "--Voila.open_browser=False"],
        home, notebook_dir.root, "/",
    )
    try:
        yield server
    finally:
        server.stop()


#: JupyterLab user settings for the test session (its own settings directory).
LAB_SETTINGS = {
    # every cell in the DOM: with windowing (Lab 4 default) cells scrolled away are absent,
    # so their outputs could neither be counted nor seen in a screenshot
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    # no "get notified about Jupyter news?" toast over the notebook (and no network calls)
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
}


def write_lab_settings(settings_dir: Path) -> None:
    for plugin, values in LAB_SETTINGS.items():
        path = settings_dir / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


@pytest.fixture(scope="session")
def lab_server(lab_notebook_dir: Notebooks,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab on the notebook directory on 127.0.0.1 (no token, no password)."""
    home = tmp_path_factory.mktemp("lab-home")
    write_lab_settings(home / "lab-settings")
    server = start_server(
        "jupyterlab",
        ["jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
         "--ServerApp.password=", f"--ServerApp.root_dir={lab_notebook_dir.root}",
         "--LabApp.extension_manager=readonly",
         *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
         # no calls home: no news feed, no update check (the machine is offline)
         "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--ServerApp.open_browser=False"],
        home, lab_notebook_dir.root, "/api/status",
    )
    try:
        yield server
    finally:
        server.stop()


# ----------------------------------------------------------------------------- browser
@contextlib.contextmanager
def chromium_session() -> Iterator[Any]:
    """Playwright and one headless Debian Chromium, both stopped at the end (skip/fail when
    unavailable)."""
    if not Path(CHROMIUM).exists():
        unavailable(f"{CHROMIUM} is missing (python3 dev.py test installs it with apt as root)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        unavailable(f"the playwright package is not installed: {exc}")
    manager = sync_playwright()
    playwright = manager.start()
    try:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                  headless=True)
        except Exception as exc:  # noqa: BLE001 - any launch failure is reported the same way
            unavailable(f"playwright cannot launch {CHROMIUM}: {exc}")
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


class _SessionChromium:
    """The run's Playwright and Chromium: started on first use, stopped when the run leaves
    the browser tests (and at its end). Playwright's sync API keeps an event loop running in
    the process while it is open, so a worker that goes on with unit files after the browser
    tests must have stopped it: the apps' bot playback asks ``asyncio.run``, refused under a
    running loop."""

    def __init__(self) -> None:
        self._session: contextlib.ExitStack | None = None
        self._chromium: Any = None

    def get(self) -> Any:
        if self._chromium is None:
            stack = contextlib.ExitStack()
            self._chromium = stack.enter_context(chromium_session())
            self._session = stack
        return self._chromium

    def stop(self) -> None:
        session, self._session, self._chromium = self._session, None, None
        if session is not None:
            session.close()


class _Browser:
    """The ``browser`` fixture's value: the session's Chromium, started again if a browser
    test comes after it was stopped."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_CHROMIUM.get(), name)


_CHROMIUM = _SessionChromium()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Debian Chromium for the browser tests of the session."""
    _CHROMIUM.get()  # unavailable: skipped or failed here, at set-up
    try:
        yield _Browser()
    finally:
        _CHROMIUM.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After the last browser test (its fixtures torn down), stop Chromium and Playwright:
    the worker may go on with unit files."""
    yield
    if nextitem is None or not str(nextitem.path).startswith(str(Path(__file__).parent)):
        _CHROMIUM.stop()


@pytest.fixture(scope="session", autouse=True)
def _fresh_artifacts() -> None:
    """Start each session with an empty screenshot directory (no stale pictures): on two
    workers (both start on browser tests), the first worker's session only, so that neither
    wipes the other's pictures."""
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0":
        shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)


@dataclass
class BrowserPage:
    """A browser page with what it logged: console errors and uncaught exceptions."""

    page: Any
    name: str
    errors: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    shots: int = 0

    def screenshot(self, step: str) -> Path:
        """Save a full-page screenshot ``<name>-<nn>-<step>.png`` in the artifacts directory."""
        self.shots += 1
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{self.name}-{self.shots:02d}-{_slug(step)}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def js_errors(self) -> list[str]:
        return list(self.errors)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:80]


def _is_noise(text: str, url: str) -> str | None:
    for why, message, source in KNOWN_NOISE:
        if re.search(message, text) and re.search(source, url or ""):
            return why
    return None


@pytest.fixture(scope="session")
def open_page() -> Callable[[Any, str], BrowserPage]:
    """``open_page(browser, name)``: a new context and page recording its JavaScript errors."""
    return new_page


def new_page(browser: Any, name: str, viewport: dict[str, int] = VIEWPORT,
             scale: float = 1.0) -> BrowserPage:
    """A new context (its own storage: a device of its own) and page at ``viewport`` that
    records console errors and page exceptions (KNOWN_NOISE apart)."""
    context = browser.new_context(viewport=viewport, device_scale_factor=scale,
                                  accept_downloads=True)
    context.set_default_timeout(budget_ms(30_000))
    page = context.new_page()
    bp = BrowserPage(page, name)

    def on_console(msg: Any) -> None:
        if msg.type != "error":
            return
        url = (msg.location or {}).get("url", "")
        why = _is_noise(msg.text, url)
        line = f"console.error: {msg.text} (at {url})"
        (bp.ignored if why else bp.errors).append(line if not why else f"{line} [{why}]")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: bp.errors.append(f"uncaught exception: {exc}"))
    return bp


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    """Keep each phase's report on the item, so fixtures know whether the test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def final_screenshot(request: pytest.FixtureRequest) -> Iterator[Callable[[BrowserPage], None]]:
    """Register a page; after the test a screenshot ``...-end-passed/failed`` is saved of it."""
    pages: list[BrowserPage] = []
    yield pages.append
    report = getattr(request.node, "rep_call", None)
    if report is None:
        outcome = "error"
    elif hasattr(report, "wasxfail"):
        outcome = "xfailed" if report.skipped else "xpassed"
    else:
        outcome = report.outcome
    for bp in pages:
        # a closed or crashed page must not hide the test's own failure
        with contextlib.suppress(Exception):
            bp.screenshot(f"end-{request.node.name}-{outcome}")
