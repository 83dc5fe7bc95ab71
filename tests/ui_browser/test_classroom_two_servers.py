"""One class on two classroom servers: one PostgreSQL database, Debian's nginx in front with
sticky sessions over https, the students spread over both servers, and one server killed.

Two ``freight-freedom classroom --class CODE`` commands serve the same class from one
PostgreSQL database; nginx sends each browser to the server of its first page (a cookie of its
own) and, when a server does not answer, to the other. In Chromium, over https only:

- a teacher (on server B) paces the lesson: every student's page, on either server, shows each
  new step within 1 s at the 95th percentile (measured from the moment the step is in the store to
  the step on the student's screen, by this computer's one clock; the budget is stretched by
  the machine's load, as every budget of the browser tests);
- a student on A and a student on B sit at one table: the move played on A reaches B's page
  within 1 s;
- server A is killed (SIGKILL: the command, Voila and its kernels, as when its machine dies):
  no answer or move the store acknowledged is lost; the pages of A's students say in words
  that the connection was lost, load again through the proxy onto B and rejoin by themselves
  (their name, their seat, the step the class is on), and they answer and play again.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.util
import os
import re
import signal
import statistics
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import BrowserPage, Server, free_port, start_server, unavailable
from test_classroom_proxy import (
    NGINX,
    PREFIX,
    UNVERIFIED,
    Proxy,
    _TrustingBrowser,
    banner_line,
    nginx,
)
from uihelp import AppPage, budget, budget_ms, wait_stable, wait_until

from freight_freedom.classroom import Classroom
from freight_freedom.lessons import lesson

pytestmark = pytest.mark.ui

LAPTOP = {"width": 1366, "height": 768}
MAP = ".ff-app .ff-figure .js-plotly-plot .main-svg"
QUESTION = 14  # the Freedom lesson's "The Slave Market": a typed answer, "three"
P95_MS = 1000.0


def _postgres_server_class() -> Any:
    """The classroom tests' throw-away PostgreSQL server (tests/classroom/conftest.py)."""
    path = Path(__file__).resolve().parents[1] / "classroom" / "conftest.py"
    spec = importlib.util.spec_from_file_location("classroom_pg_conftest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PostgresServer


@dataclass
class TwoServers:
    proxy: Proxy
    servers: dict[str, Server]
    ports: dict[str, int]
    url: str
    code: str
    pin: str
    join: str

    def route_for(self, name: str, taken: set[str]) -> str:
        """A sticky-session cookie value that nginx sends to server ``name``."""
        want = f"127.0.0.1:{self.ports[name]}"
        for n in range(500):
            key = f"k{n}"
            if key in taken:
                continue
            request = urllib.request.Request(f"{self.proxy.url}voila/static/",
                                             headers={"Cookie": f"ffroute={key}"})
            try:
                with urllib.request.urlopen(request, timeout=10, context=UNVERIFIED) as r:
                    served = r.headers.get("X-Class-Server", "")
            except urllib.error.HTTPError as exc:
                served = exc.headers.get("X-Class-Server", "")
            if served == want:
                taken.add(key)
                return key
        raise AssertionError(f"no cookie routes to server {name} ({want})")


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TwoServers]:
    if not Path(NGINX).exists():
        unavailable(f"nginx is missing ({NGINX}): python3 dev.py test installs it")
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        unavailable("PostgreSQL's server is not installed (Debian package postgresql)")
    pg = _postgres_server_class()(Path(found[-1]).parent)
    pg.start()
    try:
        url = pg.new_database()
        room = Classroom(url)  # the class both servers serve: its PIN is shown only now
        code, pin = room.code, room.pin
        room.close()
        ports = {"A": free_port(), "B": free_port()}
        with nginx(tmp_path_factory.mktemp("nginx-two"), [ports["A"], ports["B"]]) as proxy:
            servers: dict[str, Server] = {}
            try:
                for name in ("A", "B"):
                    home = tmp_path_factory.mktemp(f"classroom-{name}")
                    servers[name] = start_server(
                        f"classroom-server-{name}",
                        ["freight_freedom", "classroom", "--db", url, "--class", code,
                         "--base-url", PREFIX, "--public-url", proxy.url],
                        home, home, PREFIX, port=ports[name])
                banner = wait_until(
                    lambda: "Join link for students:" in servers["B"].log_tail(20_000)
                    and servers["B"].log_tail(20_000), 30, "server B's banner")
                assert "postgres@" in banner and pin not in banner  # the PIN: once, at creation
                yield TwoServers(proxy, servers, ports, url, code, pin,
                                 banner_line(banner, "Join link for students:"))
            finally:
                for server in servers.values():
                    server.stop()
    finally:
        pg.close()


def kill(server: Server) -> None:
    """SIGKILL the command, its Voila server and every kernel (a machine that died)."""
    server.remember_children()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.proc.pid, signal.SIGKILL)
    for kernel in server.kernels:
        with contextlib.suppress(Exception):
            kernel.kill()
    server.proc.wait(timeout=10)


def open_routed(browser: Any, name: str, url: str, route: str, public: str) -> BrowserPage:
    """A page in a context of its own whose sticky-session cookie is ``route``."""
    from conftest import new_page

    bp = new_page(_TrustingBrowser(browser), name, LAPTOP)
    bp.page.context.add_cookies([{"name": "ffroute", "value": route, "url": public,
                                  "secure": True, "httpOnly": True}])
    bp.page.on("pageerror", lambda exc: bp.errors.append(f"page error: {exc}"))
    bp.page.goto(url, timeout=budget_ms(120_000))
    return bp


#: marks in the page the time (the browser's clock, ms since the epoch) it first shows ``text``
#: in the elements of ``selector``; read back as ``window.__ffSeen``
WATCH = """([selector, text]) => {
  window.__ffSeen = null;
  const shown = () => [...document.querySelectorAll(selector)].some(
    (el) => el.innerText.includes(text));
  const mark = () => { window.__ffSeen = performance.timeOrigin + performance.now(); };
  if (shown()) { mark(); return; }
  const watcher = new MutationObserver(() => {
    if (shown()) { mark(); watcher.disconnect(); }
  });
  watcher.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


#: what the page's plotly boards hold, in short (to see them settle)
BOARDS = """[...document.querySelectorAll('.js-plotly-plot')].map((gd) => (gd.data || []).map(
    (t) => [t.name, (t.x || []).length, String(t.text || '').length]))"""


def reach(pages: list[BrowserPage], selector: str, text: str, act: Any,
          stored: Any = None) -> list[float]:
    """Milliseconds from ``act()`` (the teacher's click, say) to ``text`` on each page; given
    ``stored`` (what returns the store's time of the change, in seconds since the epoch),
    from that time instead."""
    for bp in pages:
        # as in class, where a step stays up for a while: each page has drawn the step
        # before, its board too (its kernel draws the board after the step's words, and a
        # new step waits for that), so that the time measured is the new step's alone
        wait_stable(bp.page, BOARDS, f"the boards on {bp.name}", reads=8)
        bp.page.evaluate(WATCH, [selector, text])
    began = time.time() * 1000
    act()
    seen: list[float] = []
    for bp in pages:
        at = wait_until(lambda bp=bp: bp.page.evaluate("window.__ffSeen"), 30,
                        f"{text!r} on {bp.name}")
        seen.append(float(at))
    if stored is not None:
        began = float(stored()) * 1000
    return [at - began for at in seen]


def pace_stored(room: Classroom) -> Any:
    """When the class's lesson step last changed in the store (the teacher's kernel's clock,
    this computer's)."""
    from sqlalchemy import select

    from freight_freedom.classroom import schema

    def stored() -> float:
        with room.store.read() as conn:
            return float(conn.execute(select(schema.pace.c.updated).where(
                schema.pace.c.class_id == room.class_id)).scalar_one())
    return stored


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def join(bp: BrowserPage, name: str) -> None:
    page = bp.page
    page.locator(".ff-student-name input").fill(name, timeout=budget_ms(120_000))
    page.locator(".ff-student-join").click()
    page.locator(".ff-student-hello").filter(has_text=name).wait_for()


def test_one_class_on_two_servers_survives_losing_one(
        browser: Any, two: TwoServers, final_screenshot: Any) -> None:
    public = two.proxy.url
    taken: set[str] = set()
    routes = {who: two.route_for(server, taken)
              for who, server in (("Teacher", "B"), ("Ana", "A"), ("Ben", "A"),
                                  ("Cleo", "B"), ("Dev", "B"))}
    pages: dict[str, BrowserPage] = {}
    room = Classroom(two.url, code=two.code, pin=two.pin)
    try:
        teacher = open_routed(browser, "two-teacher", f"{public}voila/render/teacher.ipynb",
                              routes["Teacher"], public)
        pages["Teacher"] = teacher
        final_screenshot(teacher)
        tp = teacher.page
        tp.locator(".ff-teacher-pin input").fill(two.pin, timeout=budget_ms(120_000))
        tp.locator(".ff-teacher-login").click()
        tp.locator(".ff-teacher-start").wait_for()
        names = ("Ana", "Ben", "Cleo", "Dev")
        for name in names:
            pages[name] = open_routed(browser, f"two-{name.lower()}", two.join, routes[name],
                                      public)
            final_screenshot(pages[name])
            join(pages[name], name)
        students = [pages[n] for n in names]
        on_a = [pages["Ana"], pages["Ben"]]
        assert {s.name for s in room.students()} == set(names)

        # the lesson, paced from B: each step on every page, whichever server it is on, from
        # the moment the step is in the store (the teacher's own page may be busy drawing)
        tp.locator(".ff-teacher-start").click()
        tp.locator(".ff-teacher-next:not([disabled])").wait_for()
        the = lesson("freedom")
        lags: list[float] = []
        for step in range(1, 9):
            lags += reach(students, ".ff-student-slide", the.steps[step].title,
                          lambda: tp.locator(".ff-teacher-next").click(), pace_stored(room))
            tp.locator(".ff-teacher-next:not([disabled])").wait_for()
        option = f"{QUESTION + 1}. {the.steps[QUESTION].title} (question)"
        lags += reach(students, ".ff-student-slide", the.steps[QUESTION].title,
                      lambda: tp.locator("select").filter(has_text=option)
                      .select_option(label=option), pace_stored(room))
        print("paced steps, ms from the store to each page:", sorted(round(x) for x in lags))
        # 1 s on an idle machine; stretched while other work shares the two cores
        assert p95(lags) < budget(P95_MS), sorted(round(x) for x in lags)

        # Ana (on A) and Cleo (on B) answer; the store acknowledged both
        for name in ("Ana", "Cleo"):
            sp = pages[name].page
            sp.locator(".ff-student-text input").fill("three")
            sp.locator(".ff-student-answer").click()
            sp.locator(".ff-student-feedback").filter(has_text="Right").wait_for()
        assert set(room.lesson.tally(QUESTION).first_right) == {"Ana", "Cleo"}

        # a table: Ana (on A) and Cleo (on B) take its two seats; Ana's move reaches Cleo
        tp.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Tables").click()
        tp.locator(".ff-teacher-open-table").click()
        (table,) = wait_until(room.tables, 30, "the table the teacher opened")
        game = table.game
        first = game.to_move
        for name, seat in (("Ana", first), ("Cleo", 1 - first)):
            sp = pages[name].page
            seats = sp.locator(".ff-student-seats select")
            want = (f"Table {table.code}", f"Player {seat + 1}")

            def offered(seats: Any = seats, want: tuple[str, str] = want) -> str | None:
                texts = [t.replace("\u00a0", " ")
                         for t in seats.locator("option").all_inner_texts()]
                return next((t for t in texts if all(w in t for w in want)), None)

            seats.select_option(label=wait_until(offered, 30, f"the seat {want}"))
            sp.locator(".ff-student-take").click()
            sp.wait_for_selector(MAP, timeout=budget_ms(90_000))
        action = game.legal_actions()[0]
        moved = reach([pages["Cleo"]], ".ff-app .ff-title", "· 1 steps",
                      lambda: AppPage(pages["Ana"], type(game)).choose_action(game, action))
        wait_until(lambda: table.step >= 1, 20, "the store to hold Ana's move")
        assert moved[0] < budget(P95_MS * 2), moved  # one sample: the move's own budget
        acknowledged = (table.step, [str(a) for a in table.game.history])
        answers = room.lesson.tally(QUESTION)

        # server A dies with its kernels: nothing acknowledged is lost, A's pages come back
        for bp in on_a:  # gone with the page when it loads again
            bp.page.evaluate("window.__ffBefore = true")
        kill(two.servers["A"])
        for bp in on_a:
            bp.page.locator(".ff-connection-lost").wait_for(timeout=budget_ms(30_000))
            bp.screenshot("the connection was lost")
        for bp in on_a:  # a new page: loaded again through the proxy
            bp.page.wait_for_function("() => !window.__ffBefore", timeout=budget_ms(90_000))
        for bp, name in zip(on_a, ("Ana", "Ben"), strict=True):
            bp.page.locator(".ff-student-hello").filter(has_text=name).wait_for(
                timeout=budget_ms(120_000))
            bp.page.locator(".ff-student-slide").filter(
                has_text=the.steps[QUESTION].title).wait_for(timeout=budget_ms(30_000))
        # Ana's seat came back with her, on B, where the table is
        pages["Ana"].page.wait_for_selector(MAP, timeout=budget_ms(90_000))
        assert (table.step, [str(a) for a in table.game.history]) == acknowledged
        after = room.lesson.tally(QUESTION)
        assert (after.first_right, after.answered) == (answers.first_right, answers.answered)
        assert pages["Ana"].page.locator(".ff-connection-lost").count() == 0

        # on B alone now: Ben (once on A) answers, and the next step reaches everyone
        sp = pages["Ben"].page
        sp.locator(".ff-student-text input").fill("three")
        sp.locator(".ff-student-answer").click()
        sp.locator(".ff-student-feedback").filter(has_text="Right").wait_for()
        assert "Ben" in room.lesson.tally(QUESTION).first_right
        tp.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Lesson").click()
        later = reach(students, ".ff-student-slide", the.steps[QUESTION + 1].title,
                      lambda: tp.locator(".ff-teacher-next").click())
        assert max(later) < budget(P95_MS * 2), later
        pages["Ana"].screenshot("back on server B")
        for bp in pages.values():
            problems = [e for e in bp.errors if "websocket" not in e.lower()
                        and "Failed to fetch" not in e]
            assert not [e for e in problems if "Traceback" in e], problems
        assert not re.search(r"Traceback", "".join(
            bp.page.inner_text("body") for bp in pages.values()))
    finally:
        room.close()
        for bp in pages.values():
            with contextlib.suppress(Exception):
                bp.page.context.close()
