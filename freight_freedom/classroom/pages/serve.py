"""``freight-freedom classroom``: open (or create) the class database and serve the three
pages with Voila until Ctrl-C.

The pages learn the database from the server's environment (``FREIGHT_FREEDOM_DB``; Voila's
kernels inherit it), with the class code, the join link and the export folder beside it. By
default only this computer can open the pages (127.0.0.1); ``lan=True`` listens on every
interface so that students' devices on the classroom network can join, and says so.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ...ui.voila_page import TEMPLATE_ARGS, voila_env
from .. import people
from ..bots import BotPlayer
from ..errors import ClassroomError
from ..lifecycle import KEEP_DAYS, delete_expired
from ..notices import RELAY_ENV
from ..relay import Relay
from ..room import Classroom, reset_pin
from ..store import Store, database_url, shown_url
from . import write_notebooks
from .common import CLASS_ENV, DB_ENV, EXPORT_ENV, JOIN_ENV, KEEP_ENV

DB_NAME = "classroom.db"


def default_db() -> Path:
    """The class database when neither ``--db`` nor ``FREIGHT_FREEDOM_DB`` names one: in the
    user's data folder (``~/.local/share/freight-freedom`` on Linux, the platform's own place
    elsewhere), not wherever the command happened to start. The banner prints its path."""
    import platformdirs

    folder = platformdirs.user_data_path("freight-freedom")
    folder.mkdir(parents=True, exist_ok=True)
    return folder / DB_NAME
DEFAULT_PORT = 8866
READY_TIMEOUT = 120.0
CULL_IDLE = 300
"""Seconds after which the server ends a kernel that no browser shows and that sent nothing
(a page that was reloaded or closed: its thread pauses without the page's heartbeat)."""
CHECKOUT_NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks" / "classroom"


@dataclass(frozen=True)
class Plan:
    """What the command will serve: the database, the class, its PIN (when known) and links."""

    url: str
    code: str
    name: str
    pin: str | None
    host: str
    port: int
    notebooks: Path
    export_dir: Path
    base_url: str = "/"
    """The path every page, websocket and static file is served under (``--base-url``): a
    school's proxy forwards ``https://class.example.org/class/`` to it."""
    public_url: str | None = None
    """The address people open (``--public-url``): every printed link, the QR code and the
    join link use it; None: this computer's own address."""
    keep_days: float | None = None
    """Days an unused class is kept (``--keep-days``); the join page says so."""

    def page(self, name: str, host: str | None = None) -> str:
        path = f"voila/render/{name}.ipynb"
        if self.public_url and host is None:
            return f"{self.public_url.rstrip('/')}/{path}"
        return f"http://{host or self.address}:{self.port}{self.base_url}{path}"

    @property
    def local(self) -> str:
        """The server's own root address on this computer (the readiness check's)."""
        return f"http://127.0.0.1:{self.port}{self.base_url}"

    @property
    def address(self) -> str:
        """The address other devices use: this computer's LAN address with ``--lan``."""
        return lan_address() if self.host == "0.0.0.0" else "127.0.0.1"  # noqa: S104

    @property
    def join(self) -> str:
        return self.page("student")


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent), else its name."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        address = str(s.getsockname()[0])
        if not address.startswith("127."):
            return address
    return socket.gethostname()


def base_path(text: str) -> str:
    """``--base-url`` as a path that starts and ends with one ``/`` (``class`` -> ``/class/``)."""
    parts = [part for part in text.strip().split("/") if part]
    if any(not all(c.isalnum() or c in "-_.~" for c in part) for part in parts):
        raise ClassroomError("base_url", f"{text!r}: a path of letters, digits and - _ . ~, "
                                         "such as /class/")
    return "/" + "".join(f"{part}/" for part in parts)


def public_address(text: str) -> str:
    """``--public-url``: an http(s) address with a host, ending in ``/``."""
    parsed = urllib.parse.urlsplit(text.strip())
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise ClassroomError("public_url", f"{text!r}: an address such as "
                                           "https://class.example.org/class/")
    return text.strip().rstrip("/") + "/"


def prepare(db: str | None, *, code: str | None = None, new_pin: bool = False,
            lan: bool = False, port: int = DEFAULT_PORT,
            keep_days: float | None = KEEP_DAYS, out: TextIO | None = None,
            base_url: str = "/", public_url: str | None = None) -> Plan:
    """Open or create the class database and decide what to serve (nothing is started).
    Classes unused for more than ``keep_days`` days are deleted first (``None``: none), and
    ``out`` is told which. ``base_url`` and ``public_url``: see :class:`Plan`."""
    base = base_path(base_url)
    public = public_address(public_url) if public_url else None
    given = db or os.environ.get(DB_ENV, "").strip() or str(default_db())
    url = database_url(given)
    if keep_days is not None:
        store = Store(url)
        try:
            gone = delete_expired(store, keep_days)
        finally:
            store.close()
        for use in gone:
            print(f"Deleted class {use.code} ({use.name}): unused for more than {keep_days:g} "
                  "days (--keep-days).", file=out or sys.stdout, flush=True)
    room = Classroom(url, code=code)
    try:
        pin, the_code, name = room.pin, room.code, room.name
    finally:
        room.close()
    if new_pin:
        pin = reset_pin(url, code=the_code)
    if CHECKOUT_NOTEBOOKS.is_dir():
        notebooks = CHECKOUT_NOTEBOOKS
    else:  # an installed package: the pages' notebooks are written for this run
        notebooks = write_notebooks(Path(tempfile.mkdtemp(prefix="freight-freedom-class-")))
    return Plan(url, the_code, name, pin, "0.0.0.0" if lan else "127.0.0.1",  # noqa: S104
                port, notebooks, Path.cwd() / f"classroom-export-{the_code}", base, public,
                keep_days)


def environment(plan: Plan, relay: Relay | None = None) -> dict[str, str]:
    """The Voila server's environment: what the pages read (``relay``: where the kernels hear
    PostgreSQL's notifications)."""
    env = voila_env()  # finds the package's page template (no CDN links)
    env.update({DB_ENV: plan.url, CLASS_ENV: plan.code, JOIN_ENV: join_base(plan),
                EXPORT_ENV: str(plan.export_dir)})
    if relay is not None:
        env[RELAY_ENV] = relay.address
    if plan.keep_days is not None:
        env[KEEP_ENV] = f"{plan.keep_days:g}"
    return env


def join_base(plan: Plan) -> str:
    """The join link without its code: ``FREIGHT_FREEDOM_JOIN_URL`` when the school set one
    (never overwritten), else the student page at the public (or this computer's) address."""
    return os.environ.get(JOIN_ENV, "").strip() or plan.join


def banner(plan: Plan, log: Path | None = None) -> str:
    """What the command prints once the pages are ready (``log``: where the server's own
    messages go)."""
    if plan.pin is not None:
        pin = f"Teacher's PIN:  {plan.pin}   (shown only now: write it down)"
    else:
        pin = ("Teacher's PIN:  the one printed when this class was created "
               "(forgotten? stop and start again with --new-pin)")
    where = (f"Listening on ALL network interfaces (--lan): devices on this network can open "
             f"the pages at {plan.address}." if plan.host == "0.0.0.0"  # noqa: S104
             else f"Listening on 127.0.0.1 only: students open the pages through "
                  f"{plan.public_url}" if plan.public_url
             else "Listening on 127.0.0.1 only: just this computer can open the pages "
                  "(add --lan for students' devices).")
    return "\n".join([
        "",
        (f"Class {plan.name}, class code {plan.code}" if plan.name != "Class"
         else f"Class code {plan.code}") + f"   (database: {shown_url(plan.url)})",
        pin,
        f"Teacher's page:  {plan.page('teacher')}",
        f"Projector page:  {plan.page('projector')}",
        f"Join link for students:  {join_base(plan)}?code={plan.code}",
        where,
        f"Exports are written to {plan.export_dir}",
        *([f"Server messages are written to {log}"] if log is not None else []),
        "Press Ctrl-C to stop (every answer and move is already in the database).",
        "",
    ])


def voila_command(plan: Plan) -> list[str]:
    return [sys.executable, "-m", "voila", str(plan.notebooks), "--no-browser", *TEMPLATE_ARGS,
            f"--port={plan.port}", f"--Voila.ip={plan.host}", "--Voila.open_browser=False",
            f"--Voila.base_url={plan.base_url}",
            "--Voila.port_retries=0",
            f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
            "--MappingKernelManager.cull_interval=60",
            "--MappingKernelManager.cull_connected=False"]


def _ready(plan: Plan, proc: subprocess.Popen[bytes], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(plan.local, timeout=2) as r:
                if r.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    return False


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM (Voila shuts its kernels down), then SIGKILL if it hangs."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def port_taken(host: str, port: int) -> bool:
    """Whether another program already listens on ``port`` (the server could not bind it)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


def log_file(plan: Plan) -> Path:
    """Where the server's own messages go (Voila's, the kernels' tracebacks): a file in the
    user's log folder, one per class, so the teacher's terminal shows only what a teacher acts
    on."""
    import platformdirs

    folder = platformdirs.user_log_path("freight-freedom")
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"classroom-{plan.code}.log"


class JoinWatcher:
    """A thread that prints one line when a student joins (the teacher's terminal stays
    quiet otherwise); errors reading the database are left to the pages and the log."""

    def __init__(self, plan: Plan, out: TextIO, every: float = 2.0) -> None:
        self._plan, self._out, self._every = plan, out, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="join-watcher", daemon=True)
        self._room: Classroom | None = None
        self._seen: dict[int, str] | None = None

    def start(self) -> JoinWatcher:
        """Note who is in the class now (they joined before: no line), then watch."""
        self._seen = self._students()
        self._thread.start()
        return self

    def _students(self) -> dict[int, str] | None:
        try:
            self._room = self._room or Classroom(self._plan.url, code=self._plan.code)
            return {s.id: s.name for s in people.students(self._room.store,
                                                          self._room.class_id)}
        except Exception:  # a database restarting: try again later
            return None

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self._every):
            now = self._students()
            if now is None:
                continue
            if self._seen is not None:
                for student_id, name in now.items():
                    if student_id not in self._seen:
                        print(f"{time.strftime('%H:%M:%S')}  {name} joined ({len(now)} in the "
                              "class)", file=self._out, flush=True)
            self._seen = now
        if self._room is not None:
            self._room.close()


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def serve(plan: Plan, out: TextIO) -> int:
    """Run Voila on the plan until Ctrl-C (or SIGTERM); 0 when stopped that way. Voila's own
    messages go to :func:`log_file`; the terminal gets the banner and a line per join."""
    if port_taken(plan.host, plan.port):
        print(f"Port {plan.port} is already in use by another program: try another with "
              f"--port (e.g. --port {plan.port + 1}).", file=out, flush=True)
        return 1

    def _terminate(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, _terminate)
    log = log_file(plan)
    # PostgreSQL: one listener for every page of this server (see relay.py)
    relay = Relay(plan.url).start() if plan.url.startswith("postgresql") else None
    with log.open("ab") as sink:
        sink.write(f"\n--- {time.strftime('%Y-%m-%d %H:%M:%S')} starting class "
                   f"{plan.code}\n".encode())
        sink.flush()
        proc = subprocess.Popen(voila_command(plan), env=environment(plan, relay),
                                stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)
    bots: BotPlayer | None = None
    joins: JoinWatcher | None = None
    try:
        # the bot seats of every playing table move from here, whether or not a page is open
        bots = BotPlayer(plan.url, plan.code, out=out).start()
        if not _ready(plan, proc, READY_TIMEOUT):
            _stop(proc)
            print(f"The Voila server did not start (exit status {proc.returncode}). The last "
                  f"lines of its log ({log}):\n{_tail(log)}", file=out, flush=True)
            return 1
        print(banner(plan, log), file=out, flush=True)
        joins = JoinWatcher(plan, out).start()
        return proc.wait()
    except KeyboardInterrupt:
        print("Stopping the classroom ...", file=out, flush=True)
        _stop(proc)
        print(f"Stopped. Everything is kept in {shown_url(plan.url)}; start the same command "
              "again to go on.", file=out, flush=True)
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        for thread in (bots, joins, relay):
            if thread is not None:
                thread.stop()
        _stop(proc)
