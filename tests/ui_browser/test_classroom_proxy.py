"""The classroom behind a school's proxy: Debian's nginx with a self-signed certificate in front
of ``freight-freedom classroom --base-url /class/ --public-url https://127.0.0.1:<port>/class/``
(TLS, websockets, a path prefix), and a teacher and a student in Chromium over https only.

The teacher logs in with the PIN the command printed, starts the Freedom lesson, goes to a
question and opens a table; the student opens the join link the command printed (it names the
public address), joins, answers the question (the teacher's tally and the store count it),
takes a seat and plays a move (the store's table step advances). No page logs a JavaScript
error, every websocket the pages open goes through the proxy (``wss://.../class/``, answered
101 in nginx's access log), and the server sends no absolute address to the browser (the pages
use relative addresses, so the proxy's ``X-Forwarded-*`` headers are not needed by them).

nginx runs as this test's own process on 127.0.0.1 only, with every file it writes (pid, logs,
temporary files) in a temporary folder, and is stopped at the end. docs/deploy.md gives the
same configuration for a school's server. Without nginx the test is skipped (``python3 dev.py
test`` installs it as root); under ``CI=true`` it fails instead, as the other browser tests do.
"""

from __future__ import annotations

import contextlib
import datetime
import ipaddress
import os
import re
import shutil
import signal
import ssl
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import BrowserPage, Server, free_port, new_page, start_server, unavailable
from uihelp import AppPage, budget_ms, wait_until

from freight_freedom.classroom import Classroom
from freight_freedom.lessons import lesson

pytestmark = pytest.mark.ui

#: Debian's nginx; the variable lets the skip/fail path be tried (point it at nothing)
NGINX = (os.environ.get("FREIGHT_FREEDOM_NGINX") or shutil.which("nginx")
         or "/usr/sbin/nginx")
PREFIX = "/class/"
STEP = 14  # the Freedom lesson's "The Slave Market": a typed answer (as test_classroom_pages)
LAPTOP = {"width": 1366, "height": 768}
MAP = ".ff-app .ff-figure .js-plotly-plot .main-svg"

#: the proxy's configuration; docs/deploy.md shows the same ``http`` block for a school
NGINX_CONF = """\
# written by tests/ui_browser/test_classroom_proxy.py: every path is in its temporary folder
{user}worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
lock_file {tmp}/nginx.lock;
error_log {tmp}/error.log info;

events {{
    worker_connections 512;
}}

http {{
    access_log {tmp}/access.log;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
{other_temp_paths}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
{upstream}

    server {{
        listen 127.0.0.1:{port} ssl;
        server_name 127.0.0.1 localhost;

        ssl_certificate     {tmp}/cert.pem;
        ssl_certificate_key {tmp}/key.pem;

        location / {{
            return 404;
        }}

        location /class/ {{
            proxy_pass http://classroom/class/;
{location_extra}            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            # as the browser sent it: $host drops the port, and the server then refuses every
            # websocket (its Origin, with the port, is not the Host it received: 403)
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 3600s;
            proxy_send_timeout 3600s;
        }}
    }}
}}
"""


# ----------------------------------------------------------------------------- the certificate
def self_signed(folder: Path) -> None:
    """A self-signed certificate for 127.0.0.1 and localhost (``cert.pem``, ``key.pem``): with
    the ``cryptography`` package when it is there, else with the openssl command."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        openssl = shutil.which("openssl")
        if openssl is None:
            unavailable("neither the cryptography package nor the openssl command is there to "
                        "make the proxy's certificate")
            return
        subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert),
                        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                       check=True, capture_output=True)
        return
    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name)
        .public_key(private.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([
            x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]),
            critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(private, hashes.SHA256()))
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(private.private_bytes(serialization.Encoding.PEM,
                                          serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    key.chmod(0o600)


# ----------------------------------------------------------------------------- nginx
#: one classroom server behind the proxy
ONE_SERVER = """\
    upstream classroom {{
        server 127.0.0.1:{port};
    }}
"""

#: several classroom servers of one class (one PostgreSQL database) behind the proxy, with
#: sticky sessions: a browser keeps the server of its first page, because a page's websocket
#: must reach the kernel that its server started. The key is a cookie nginx sets itself (a
#: school's browsers may all come from one address, so ``ip_hash`` would send them all to one
#: server). When a server does not answer, its browsers go to another (``proxy_next_upstream``
#: is ``error timeout`` by default).
STICKY_SERVERS = """\
    map $cookie_ffroute $ff_route {{
        ""      $request_id;
        default $cookie_ffroute;
    }}
    upstream classroom {{
        hash $ff_route consistent;
{servers}
    }}
"""
STICKY_LOCATION = """\
            add_header Set-Cookie
                "ffroute=$ff_route; Path=/class/; Secure; HttpOnly; SameSite=Lax" always;
            add_header X-Class-Server $upstream_addr always;
"""


def nginx_conf(tmp: Path, port: int, upstream: int | list[int]) -> str:
    """The proxy's nginx.conf: https on 127.0.0.1:``port`` only, ``/class/`` to the classroom
    on 127.0.0.1:``upstream`` (a list: several servers with sticky sessions). As root, the
    workers run as root too (nginx's default "nobody" could not write its temporary files in
    this test's private folder)."""
    built = subprocess.run([NGINX, "-V"], capture_output=True, text=True).stderr
    others = "".join(f"    {kind}_temp_path {tmp}/{kind};\n"
                     for kind in ("fastcgi", "uwsgi", "scgi")
                     if f"--without-http_{kind}_module" not in built)
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    if isinstance(upstream, int):
        block, extra = ONE_SERVER.format(port=upstream), ""
    else:
        servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=30s;"
                            for p in upstream)
        block, extra = STICKY_SERVERS.format(servers=servers), STICKY_LOCATION
    return NGINX_CONF.format(tmp=tmp, port=port, upstream=block, location_extra=extra,
                             other_temp_paths=others, user="user root;\n" if root else "")


#: an https context that takes the self-signed certificate (the test's own probes only)
UNVERIFIED = ssl._create_unverified_context()  # noqa: S323 - our own self-signed certificate


def fetch(url: str) -> tuple[int, str]:
    """GET ``url`` through the proxy: (status, body); an HTTP error's status too."""
    try:
        with urllib.request.urlopen(url, timeout=10, context=UNVERIFIED) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


@dataclass
class Proxy:
    """nginx in front of the classroom: its process, its folder and its public address."""

    proc: subprocess.Popen[bytes]
    folder: Path
    port: int

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}{PREFIX}"

    def log(self, name: str) -> str:
        try:
            return (self.folder / name).read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        """SIGQUIT (nginx finishes its requests and exits), then SIGTERM, then SIGKILL."""
        for sig, wait in ((signal.SIGQUIT, 10), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            if self.proc.poll() is not None:
                return
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=wait)


@contextlib.contextmanager
def nginx(folder: Path, upstream: int | list[int]) -> Iterator[Proxy]:
    """nginx (its master process in the foreground: ``daemon off``) on a free port of
    127.0.0.1, proxying ``/class/`` to 127.0.0.1:``upstream`` (or to several servers, with
    sticky sessions); stopped at the end."""
    self_signed(folder)
    port = free_port()
    conf = folder / "nginx.conf"
    conf.write_text(nginx_conf(folder, port, upstream))
    tested = subprocess.run([NGINX, "-t", "-q", "-p", str(folder), "-e", str(folder / "error.log"),
                             "-c", str(conf)], capture_output=True, text=True)
    assert tested.returncode == 0, f"nginx -t: {tested.stderr}\n{conf.read_text()}"
    with (folder / "nginx.out").open("wb") as out:
        proc = subprocess.Popen([NGINX, "-p", str(folder), "-e", str(folder / "error.log"),
                                 "-c", str(conf)], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    proxy = Proxy(proc, folder, port)
    watchdog: subprocess.Popen[bytes] | None = None
    try:
        def answers() -> bool:  # outside /class/: nginx's own 404, over TLS
            assert proc.poll() is None, f"nginx exited: {proxy.log('error.log')[-2000:]}"
            with contextlib.suppress(OSError):
                return fetch(f"https://127.0.0.1:{port}/")[0] == 404
            return False

        # a detached shell stops nginx once this test process is gone, however it ended (nginx
        # removes its pid file when it exits: after a normal stop there is nothing to stop)
        pidfile = folder / "nginx.pid"
        watchdog = subprocess.Popen(
            ["sh", "-c", f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 1; done; "
                         f"[ -f {pidfile} ] && kill -QUIT $(cat {pidfile}) 2>/dev/null"],
            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(answers, 20, "nginx to answer over https")
        yield proxy
    finally:
        proxy.stop()
        if watchdog is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(watchdog.pid, signal.SIGTERM)
            watchdog.wait()


# ----------------------------------------------------------------------------- the class
@dataclass
class School:
    """The classroom behind the proxy: what the command printed, and the two servers."""

    server: Server
    proxy: Proxy
    db: Path
    pin: str
    code: str
    join: str
    banner: str


def banner_line(log: str, label: str) -> str:
    match = re.search(rf"^{re.escape(label)}\s+(\S+)", log, re.MULTILINE)
    assert match, f"the command printed no {label!r}:\n{log[-3000:]}"
    return match.group(1)


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[School]:
    """nginx over https on a free port, and ``freight-freedom classroom --base-url /class/
    --public-url https://127.0.0.1:<that port>/class/`` on a new class database behind it."""
    if not Path(NGINX).exists():
        unavailable(f"nginx is missing ({NGINX}): python3 dev.py test installs Debian's nginx "
                    "with apt as root")
    home = tmp_path_factory.mktemp("classroom-proxy-home")
    upstream = free_port()
    with nginx(tmp_path_factory.mktemp("nginx"), upstream) as proxy:
        db = home / "class.db"
        # (the server's own log file, named in its banner, is in home/state: start_server)
        server = start_server(
            "classroom-proxy",
            ["freight_freedom", "classroom", "--db", str(db), "--base-url", PREFIX,
             "--public-url", proxy.url], home, home, PREFIX, port=upstream)
        try:
            banner = wait_until(lambda: "Join link for students:" in server.log_tail(20_000)
                                and server.log_tail(20_000), 30, "the command's banner")
            yield School(server, proxy, db, banner_line(banner, "Teacher's PIN:"),
                         re.search(r"(?i)class code (\w+)", banner).group(1),  # type: ignore[union-attr]
                         banner_line(banner, "Join link for students:"), banner)
        finally:
            server.stop()


class _TrustingBrowser:
    """The session's Chromium, whose new contexts take the proxy's self-signed certificate
    (``ignore_https_errors``): a school's real certificate needs no such thing."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        return self.browser.new_context(ignore_https_errors=True, **options)


def open_https(browser: Any, name: str, url: str, sockets: list[str]) -> BrowserPage:
    """A page in a context of its own over https, recording its console errors and uncaught
    exceptions (conftest's ``new_page``), every websocket it opens (in ``sockets``) and a
    websocket's failure or a failed request (as errors)."""
    bp = new_page(_TrustingBrowser(browser), name, LAPTOP)
    page = bp.page

    def on_socket(ws: Any) -> None:
        sockets.append(ws.url)
        ws.on("socketerror", lambda error: bp.errors.append(f"websocket {ws.url}: {error}"))

    page.on("websocket", on_socket)
    page.on("requestfailed", lambda request: bp.errors.append(
        f"request failed: {request.url} ({request.failure})"))

    def on_response(response: Any) -> None:
        if response.status >= 400:
            bp.errors.append(f"status {response.status}: {response.url}")

    page.on("response", on_response)
    page.goto(url, timeout=budget_ms(90_000))
    return bp


@pytest.fixture
def opened() -> Iterator[list[BrowserPage]]:
    """The test's pages (it adds them), their contexts closed after the final screenshots."""
    pages: list[BrowserPage] = []
    yield pages
    for bp in pages:
        with contextlib.suppress(Exception):
            bp.page.context.close()


def test_a_class_behind_nginx_over_https_under_a_path(
        browser: Any, school: School, opened: list[BrowserPage], final_screenshot: Any) -> None:
    public = school.proxy.url
    # every link the command printed names the public address
    assert school.join.startswith(f"{public}voila/render/student.ipynb?code="), school.banner
    for label in ("Teacher's page:", "Projector page:"):
        assert banner_line(school.banner, label).startswith(public), school.banner
    # the prefix without its slash is sent on to the prefix (nginx's own redirect)
    assert fetch(public.rstrip("/"))[0] == 200
    # nothing but the proxy's https address reaches the pages: no absolute address of the
    # server in what it sends (the pages are addressed relative to where the browser is)
    status, html = fetch(f"{public}voila/render/student.ipynb?code={school.code}")
    assert status == 200, html[:2000]
    assert '"baseUrl": "/class/"' in html
    assert "://127.0.0.1" not in html and "://localhost" not in html, re.findall(
        r".{60}://(?:127\.0\.0\.1|localhost).{60}", html)[:5]
    assert not re.search(r"wss?://", html), re.findall(r".{60}wss?://.{60}", html)[:5]

    room = Classroom(school.db, code=school.code, pin=school.pin)
    sockets: list[str] = []
    try:
        teacher = open_https(browser, "proxy-teacher", f"{public}voila/render/teacher.ipynb",
                             sockets)
        opened.append(teacher)
        final_screenshot(teacher)
        tp = teacher.page
        tp.locator(".ff-teacher-pin input").fill(school.pin, timeout=budget_ms(90_000))
        tp.locator(".ff-teacher-login").click()
        tp.locator(".ff-teacher-start").wait_for()
        assert str(tp.locator(f"a[href^='{public}voila/render/student.ipynb']").first
                   .get_attribute("href")).startswith(public)

        student = open_https(browser, "proxy-student", school.join, sockets)
        opened.append(student)
        final_screenshot(student)
        sp = student.page
        sp.locator(".ff-student-name input").fill("Ana", timeout=budget_ms(90_000))
        sp.locator(".ff-student-join").click()
        sp.locator(".ff-student-hello").filter(has_text="Ana").wait_for()

        # the lesson: the teacher goes to a question, the student answers it
        tp.locator(".ff-teacher-start").click()
        tp.locator(".ff-teacher-next:not([disabled])").wait_for()
        title = lesson("freedom").steps[STEP].title
        option = f"{STEP + 1}. {title} (question)"
        tp.locator("select").filter(has_text=option).select_option(label=option)
        sp.locator(".ff-student-slide").filter(has_text=title).wait_for()
        sp.locator(".ff-student-text input").fill("three")
        sp.locator(".ff-student-answer").click()
        sp.locator(".ff-student-feedback").filter(has_text="Right").wait_for()
        tp.locator(".ff-tally").filter(has_text="Answered: 1 of 1").wait_for()
        tally = room.lesson.tally(STEP)
        assert (tally.answered, tally.first_right) == (("Ana",), ("Ana",)), tally

        # a table: the teacher opens it, the student takes the seat to move and moves
        tp.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Tables").click()
        tp.locator(".ff-teacher-open-table").click()
        (table,) = wait_until(room.tables, 30, "the table the teacher opened")
        tp.locator(".ff-teacher-tables").filter(has_text=table.code).wait_for()
        game = table.game
        seat = game.to_move
        seats = sp.locator(".ff-student-seats select")
        want = (f"Table {table.code}", f"Player {seat + 1}")

        def offered() -> str | None:
            texts = [t.replace("\u00a0", " ") for t in seats.locator("option").all_inner_texts()]
            return next((t for t in texts if all(w in t for w in want)), None)

        seats.select_option(label=wait_until(offered, 30, f"the seat {want}"))
        sp.locator(".ff-student-take").click()
        sp.wait_for_selector(MAP, timeout=budget_ms(60_000))
        assert table.seats()[seat].name == "Ana"
        action = game.legal_actions()[0]
        AppPage(student, type(game)).choose_action(game, action)
        wait_until(lambda: table.step >= 1, 20, f"the store to hold Ana's {action}")
        assert table.game.history[0] == action
        sp.wait_for_function(
            """() => { const t = document.querySelector('.ff-app .ff-title');
                       const m = t && t.innerText.match(/table \\w+ · (\\d+) steps/);
                       return m && Number(m[1]) >= 1; }""", timeout=budget_ms(20_000))
        student.screenshot("student over https behind nginx")

        # no page logged an error; every websocket went through the proxy's https address
        for bp in opened:
            assert not bp.errors, f"{bp.name}: {bp.errors}"
        assert sockets, "the pages opened no websocket"
        wss = f"wss://127.0.0.1:{school.proxy.port}{PREFIX}api/kernels/"
        assert all(url.startswith(wss) for url in sockets), sockets
        # Voila's own messages: in the command's output, or in the log file the banner names
        voila_log = school.server.log_tail(200_000)
        named = re.search(r"^Server messages are written to (.+)$", school.banner, re.MULTILINE)
        if named:
            voila_log = Path(named.group(1).strip()).read_text(errors="replace")
            voila_log = voila_log[voila_log.rfind(f"starting class {school.code}"):]
        assert "Blocking Cross Origin WebSocket" not in voila_log, voila_log[-3000:]

        # nginx logs a websocket when it ends: the student leaves (her picture is taken)
        student.page.context.close()
        channels = re.compile(r'"GET /class/api/kernels/\S+/channels\S* HTTP/1\.1" 101 ')
        wait_until(lambda: channels.search(school.proxy.log("access.log")), 20,
                   "nginx to log the student's websocket, switched to (101)")
        problems = [line for line in school.proxy.log("error.log").splitlines()
                    if re.search(r"\[(error|crit|alert|emerg)\]", line)]
        assert not problems, problems
    finally:
        room.close()
