"""A whole class in real browser pages: the teacher, the projector and N students, each a page
of its own (its own browser context and Voila kernel), on ``freight-freedom classroom``.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_class_browser.py --students 26
    nice -n 5 env PYTHONPATH=. .venv/bin/python benchmarks/bench_class_browser.py --students 6 \
        --shots test-artifacts/class-browser

The server is started the way the browser tests start it (``tests/ui_browser/conftest.py``:
127.0.0.1, a temporary class database, its watchdog) and stopped at the end, also on Ctrl-C or
a failure. One headless Chromium; one context per device, a few students on a Chromebook
(1366x768 at 90% zoom), the others at 1366x768.

What the class does: every student opens the join link and joins with the class code and a
first name; the teacher logs in with the PIN and paces the Freedom lesson (Start, Next, two
questions answered on the students' pages, some right and some wrong, the tally on the
teacher's page counting every answer, Reveal); the teacher opens tables of three student seats
and a bot from the Tables tab, assigning the students, who take their seats on their pages;
the students play a few moves each by clicking, each only on their own turn; the projector
follows one table.

Measured and printed: the time for every student to be joined and to see the lesson; per
paced step, the time until each student page shows it (p50/p95/max, from the browser's own
clock); per click at a table, the time until each other device of the table shows the move;
pages with an error, console errors, a Voila spinner still up, a turn never offered, students
never seated; the peak memory of the server and its kernels (and of Chromium); the load
average. Every wait has a budget stretched by the load (``uihelp.budget``): a page that
misbehaves is reported, and the run goes on.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui_browser")]

from conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    BrowserPage,
    Server,
    _is_noise,
    start_server,
    stop_all_servers,
)
from pg_server import postgres  # noqa: E402
from test_classroom_pages import LAPTOP, MAP, ZOOM_90, TablePage, pick  # noqa: E402
from uihelp import budget, budget_ms, slowdown  # noqa: E402

from freight_freedom import Freedom  # noqa: E402
from freight_freedom.classroom import Classroom  # noqa: E402
from freight_freedom.lessons import lesson  # noqa: E402
from freight_freedom.lessons.questions import Choice  # noqa: E402

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jia", "Kofi", "Lena",
         "Milo", "Nia", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic", "Wes",
         "Xia", "Yara", "Zed", "Abe", "Bea", "Cal", "Dora", "Emil", "Flo")
#: the paced steps of the Freedom lesson: (what the teacher does, the step); two questions
QUESTIONS = (5, 14)  # a choice and a typed answer
PLAN = (("start", 0), ("next", 1), ("next", 2), ("go", 5), ("reveal", 5), ("next", 6),
        ("go", 14), ("reveal", 14))
BOT = "Heuristic bot"
#: Chromium's niceness here: in a class every page is a laptop of its own, so the 28 renderers
#: (which Chromium starts at niceness 0) must not take the server's cores from it
BROWSER_NICE = 10
#: the most the students are given to join (s), whatever the load
JOIN_LIMIT = 600

#: per page: the first time (the browser's clock, ms) each table step count was on screen, and
#: a named text appeared in an element
WATCH_JS = r"""
() => {
  if (window.__ff) return;
  window.__ff = { steps: {}, seen: {}, looks: [] };
  setInterval(() => {
    const now = Date.now();
    const t = document.querySelector('.ff-app .ff-title');
    const m = t && t.innerText.match(/table \w+ · (\d+) steps/);
    if (m && !(m[1] in window.__ff.steps)) window.__ff.steps[m[1]] = now;
    for (const look of window.__ff.looks) {
      if (look.name in window.__ff.seen) continue;
      const el = document.querySelector(look.selector);
      if (el && el.innerText.includes(look.text)) window.__ff.seen[look.name] = now;
    }
  }, 100);
}
"""
LOOK_JS = """([name, selector, text]) => { window.__ff.looks.push({name, selector, text});
                                          return true; }"""


@dataclass
class Device:
    """One device of the class: its page, its role, what went wrong on it."""

    name: str
    bp: BrowserPage
    chromebook: bool = False
    problems: list[str] = field(default_factory=list)
    seat: tuple[str, int] | None = None  # table code, seat
    app: TablePage | None = None

    @property
    def page(self) -> Any:
        return self.bp.page

    crashed: bool = False

    def crash(self) -> None:
        self.crashed = True
        self.problem("the page crashed")

    def problem(self, what: str) -> None:
        self.problems.append(what)
        print(f"  ! {self.name}: {what}", flush=True)

    def watch(self) -> None:
        self.page.evaluate(WATCH_JS)

    def look(self, name: str, selector: str, text: str) -> None:
        self.page.evaluate(LOOK_JS, [name, selector, text])

    def seen(self) -> dict[str, Any]:
        found = self.page.evaluate("() => window.__ff || {steps: {}, seen: {}}")
        return found if isinstance(found, dict) else {"steps": {}, "seen": {}}


def percentiles(values: list[float]) -> str:
    if not values:
        return "no data"
    ordered = sorted(values)

    def at(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]

    return (f"p50 {statistics.median(ordered):.2f} s, p95 {at(0.95):.2f} s, "
            f"max {ordered[-1]:.2f} s (n={len(ordered)})")


# ----------------------------------------------------------------------------- memory, load
class Sampler:
    """Every 2 s: the resident memory of the server's process tree (Voila, its kernels, the
    command) and of Chromium's, and the load average; the peaks, and the kernels that died."""

    def __init__(self, server_pid: int) -> None:
        import psutil

        self.psutil = psutil
        self.server = psutil.Process(server_pid)
        self.me = psutil.Process()
        self.peak_server = 0
        self.peak_browser = 0
        self.peak_kernel = 0
        self.kernels: dict[int, Any] = {}
        self.loads: list[float] = []
        self.rounds = 0
        self.cpu: dict[int, float] = {}  # CPU seconds of each process of the server's tree
        self.began = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _tree(self, proc: Any) -> list[Any]:
        try:
            return [proc, *proc.children(recursive=True)]
        except self.psutil.Error:
            return []

    @staticmethod
    def _pss(p: Any) -> int:
        try:
            return int(p.memory_full_info().pss)
        except Exception:  # noqa: BLE001 - gone meanwhile
            return 0

    @staticmethod
    def _rss(p: Any) -> int:
        try:
            return int(p.memory_info().rss)
        except Exception:  # noqa: BLE001 - gone meanwhile
            return 0

    def sample(self) -> None:
        tree = self._tree(self.server)
        total = 0
        for p in tree:
            rss = self._rss(p)
            total += rss
            with contextlib.suppress(Exception):
                times = p.cpu_times()
                self.cpu[p.pid] = times.user + times.system
            try:
                if p.pid not in self.kernels and "ipykernel" in " ".join(p.cmdline()):
                    p._ff_cmdline = p.cmdline()
                    self.kernels[p.pid] = p
                if p.pid in self.kernels:
                    self.peak_kernel = max(self.peak_kernel, rss)
            except Exception:  # noqa: BLE001,S110 - gone meanwhile
                pass
        self.peak_server = max(self.peak_server, total)
        self.rounds += 1
        browser = [p for p in self._tree(self.me)[1:] if "chrom" in p.name()]
        for p in browser:  # the students' laptops: here they yield the cores to the server
            with contextlib.suppress(Exception):
                if p.nice() < BROWSER_NICE:
                    p.nice(BROWSER_NICE)
        if self.rounds % 3 == 1:  # proportional set size: the renderers share much memory
            self.peak_browser = max(self.peak_browser, sum(self._pss(p) for p in browser))
        self.loads.append(os.getloadavg()[0])

    def dead_kernels(self) -> list[str]:
        """The kernels that ended while the class ran (their command lines)."""
        dead = []
        for p in self.kernels.values():
            if not p.is_running():
                dead.append(" ".join(getattr(p, "_ff_cmdline", [str(p.pid)]))[-80:])
        return dead

    def _run(self) -> None:
        while not self._stop.wait(2.0):
            with contextlib.suppress(Exception):
                self.sample()

    def start(self) -> Sampler:
        self.sample()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


# ----------------------------------------------------------------------------- pages
def new_device(browser: Any, name: str, chromebook: bool = False) -> Device:
    """A page in a context of its own, recording console errors and uncaught exceptions."""
    viewport, scale = (ZOOM_90, 0.9) if chromebook else (LAPTOP, 1.0)
    context = browser.new_context(viewport=viewport, device_scale_factor=scale)
    context.set_default_timeout(budget_ms(30_000))
    bp = BrowserPage(context.new_page(), f"class-{name}")

    def on_console(msg: Any) -> None:
        if msg.type == "error" and not _is_noise(msg.text, (msg.location or {}).get("url", "")):
            bp.errors.append(f"console.error: {msg.text}")

    bp.page.on("console", on_console)
    bp.page.on("pageerror", lambda exc: bp.errors.append(f"uncaught exception: {exc}"))
    device = Device(name, bp, chromebook)
    bp.page.on("crash", lambda _page: device.crash())
    return device


def attempt(device: Device, what: str, action: Callable[[], Any]) -> Any:
    """Run ``action``: what it returned (True for None); a failure is noted on ``device`` (the
    run goes on) and None returned."""
    try:
        found = action()
        return True if found is None else found
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - reported, not fatal: one page must not end the run
        device.problem(f"{what}: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
        return None


def poll_seen(devices: list[Device], name: str, since_ms: float, timeout: float,
              key: str = "seen") -> dict[str, float | None]:
    """Seconds from ``since_ms`` until each device saw ``name`` (None: not within the budget)."""
    deadline = time.monotonic() + budget(timeout)
    found: dict[str, float | None] = {d.name: None for d in devices}
    while True:
        for d in devices:
            if found[d.name] is None:
                with contextlib.suppress(Exception):
                    at = d.seen()[key].get(name)
                    if at is not None:
                        found[d.name] = (at - since_ms) / 1000
        if all(v is not None for v in found.values()) or time.monotonic() > deadline:
            return found
        time.sleep(0.3)


# ----------------------------------------------------------------------------- the class
class ClassRun:
    def __init__(self, args: argparse.Namespace, server: Server, room: Classroom,
                 browser: Any) -> None:
        self.args = args
        self.server = server
        self.room = room
        self.browser = browser
        self.base = f"{server.url}/voila/render"
        self.rng = random.Random(args.seed)
        self.figures: dict[str, Any] = {}
        self.students: list[Device] = []
        self.teacher: Device | None = None
        self.projector: Device | None = None
        self.step_delays: dict[str, list[float]] = {}
        self.teacher_delays: dict[str, float | None] = {}
        self.move_delays: list[float] = []
        self.moves = 0
        self.join_times: list[float] = []
        self.shots: Path = args.shots

    # -- joining
    def open_all(self) -> None:
        n = self.args.students
        assert self.room.pin is not None
        self.teacher = new_device(self.browser, "teacher")
        self.projector = new_device(self.browser, "projector")
        began = time.monotonic()
        for d in (self.teacher, self.projector):
            page = "teacher" if d is self.teacher else "projector"
            attempt(d, "open", lambda d=d, page=page: d.page.goto(
                f"{self.base}/{page}.ipynb", timeout=budget_ms(120_000)))
        tp = self.teacher.page
        attempt(self.teacher, "log in", lambda: (
            tp.locator(".ff-teacher-pin input").fill(self.room.pin, timeout=budget_ms(90_000)),
            tp.locator(".ff-teacher-login").click(),
            tp.locator(".ff-teacher-start").wait_for(timeout=budget_ms(60_000))))
        self.figures["teacher and projector open (s)"] = round(time.monotonic() - began, 1)
        chromebooks = set(range(0, n, max(1, n // max(1, self.args.chromebooks))))
        chromebooks = set(sorted(chromebooks)[:self.args.chromebooks])
        for i in range(n):
            self.students.append(new_device(self.browser, NAMES[i % len(NAMES)]
                                            + ("" if i < len(NAMES) else str(i)),
                                            chromebook=i in chromebooks))
        # the class opens the link within a minute: one student every --stagger seconds (the
        # navigation is started, not waited for)
        opened: dict[str, float] = {}
        began = time.monotonic()
        for d in self.students:
            opened[d.name] = time.time()
            attempt(d, "open the join link", lambda d=d: d.page.goto(
                f"{self.base}/student.ipynb?code={self.room.code}", wait_until="commit",
                timeout=budget_ms(120_000)))
            time.sleep(self.args.stagger)
        # each types their name as soon as their page offers the form, and presses Join again
        # (as a student would) when the page has not greeted them 20 s later
        joined: dict[str, float] = {}
        pressed: dict[str, list[float]] = {}
        deadline = time.monotonic() + min(budget(150), JOIN_LIMIT)
        while len(joined) < n and time.monotonic() < deadline:
            for d in self.students:
                if d.name in joined or d.crashed:
                    continue
                tries = pressed.setdefault(d.name, [])
                try:
                    if d.page.locator(".ff-student-hello").filter(
                            has_text=f"Hi {d.name}").count():
                        joined[d.name] = time.time() - opened[d.name]
                        continue
                    if len(tries) >= 3 or (tries and time.monotonic() - tries[-1] < budget(20)):
                        continue
                    field = d.page.locator(".ff-student-name input")
                    if field.count() and field.first.is_visible():
                        if tries:
                            said = d.page.locator(".ff-class").first.inner_text()[:160]
                            d.problem(f"pressed Join again: not greeted {budget(20):.0f} s "
                                      f"after the press; the page said {said!r}")
                        field.first.fill(d.name, timeout=budget_ms(10_000))
                        d.page.locator(".ff-student-join").click(timeout=budget_ms(10_000))
                        tries.append(time.monotonic())
                except Exception as exc:  # noqa: BLE001 - a slow page: look again
                    if time.monotonic() > deadline - 1:
                        d.problem(f"join: {type(exc).__name__}")
            time.sleep(0.5)
        self.join_times = list(joined.values())
        self.figures["students joined"] = len(joined)
        self.figures["time for all to join (s, from the first link opened)"] = round(
            time.monotonic() - began, 1)
        self.figures["each student: link opened to joined (s)"] = percentiles(self.join_times)
        for d in self.students:
            if d.name not in joined:
                d.problem("never joined" + (" (Join pressed)" if pressed.get(d.name) else
                                            " (the form never showed)"))
                self.shots.mkdir(parents=True, exist_ok=True)
                attempt(d, "screenshot", lambda d=d: d.page.screenshot(
                    path=str(self.shots / f"never-joined-{d.name}.png")))
        attempt(self.projector, "projector shows the class code", lambda: self.projector.page
                .locator(".ff-class-code").filter(has_text=self.room.code)
                .wait_for(timeout=budget_ms(90_000)))
        for d in (self.teacher, self.projector, *self.students):
            attempt(d, "watcher", d.watch)
        self.server.remember_children()

    # -- the lesson
    def pace(self) -> None:
        assert self.teacher is not None and self.projector is not None
        the = lesson("freedom")
        tp = self.teacher.page
        present = [d for d in self.students if not any("join" in p for p in d.problems)]
        for what, step in PLAN:
            title = the.steps[step].title
            q = the.steps[step].question
            assert what != "go" or q is not None, "the plan goes to questions only"
            # the slide's own line "step N of M" (a title may be in an earlier step's text);
            # the answer box appears on the students' slides only at the reveal
            text = "Answer:" if what == "reveal" else f"step {step + 1} of {len(the.steps)}"
            label = f"{what} {step + 1}"
            for d in [*present, self.projector]:
                attempt(d, "watch", lambda d=d, label=label, text=text: d.look(
                    label, ".ff-student-slide, .ff-projector-slide", text))
            # the teacher's own page (its slide always holds the key: the step line only)
            where, shows = ((".ff-tally", "Revealed") if what == "reveal" else
                            (".ff-teacher-slide", f"step {step + 1} of {len(the.steps)}"))
            attempt(self.teacher, "watch", lambda label=label, w=where, t=shows:
                    self.teacher.look(label, w, t))
            since = time.time() * 1000
            if what == "start":
                attempt(self.teacher, "Start", lambda: tp.locator(".ff-teacher-start").click())
            elif what == "next":
                attempt(self.teacher, "Next", lambda: tp.locator(
                    ".ff-teacher-next:not([disabled])").click(timeout=budget_ms(30_000)))
            elif what == "go":
                option = f"{step + 1}. {title} (question)"
                attempt(self.teacher, "Go to", lambda o=option: tp.locator("select").filter(
                    has_text=o).select_option(label=o, timeout=budget_ms(30_000)))
            else:
                attempt(self.teacher, "Reveal", lambda: tp.locator(
                    ".ff-teacher-reveal:not([disabled])").click(timeout=budget_ms(30_000)))
            seen = poll_seen([self.teacher, *present], label, since, 90)
            mine = seen.pop(self.teacher.name)
            self.teacher_delays[label] = mine
            delays = [v for v in seen.values() if v is not None]
            missing = [n for n, v in seen.items() if v is None]
            for d in present:
                if seen[d.name] is None:
                    d.problem(f"never showed step '{label}'")
            self.step_delays[label] = delays
            print(f"  step {label:<10} teacher's page {mine if mine is None else round(mine, 2)}"
                  f" s; every student page: {percentiles(delays)}"
                  + (f"; missing {missing}" if missing else ""), flush=True)
            if what == "go" and q is not None:
                self.answer(present, step, q)

    def answer(self, present: list[Device], step: int, q: Any) -> None:
        """Every present student answers on their page, about two in three right; the
        teacher's tally must count every answer."""
        assert self.teacher is not None
        right_count = 0
        wrong: dict[str, int] = {}
        for i, d in enumerate(present):
            right = i % 3 != 1
            page = d.page
            if isinstance(q, Choice):
                key = q.options.index(q.key_text()) if q.key_text() in q.options else 0
                text = q.options[key if right else (key + 1) % len(q.options)]
            else:
                text = "three" if right else ["five", "two", "10"][i % 3]
            if attempt(d, f"answer step {step + 1}",
                       lambda page=page, text=text: send(page, q, text)) is not None:
                right_count += right
                if not right:
                    wrong[text] = wrong.get(text, 0) + 1
        began = time.monotonic()
        n = len(present)
        tally = self.teacher.page.locator(".ff-tally")
        ok = attempt(self.teacher, f"tally of step {step + 1}", lambda: tally.filter(
            has_text=f"Answered: {n} of {len(self.students)}").wait_for(
            timeout=budget_ms(60_000)))
        waited = time.monotonic() - began
        stored = len(self.room.lesson.tally(step).answered)
        text = attempt(self.teacher, "read the tally", tally.inner_text) or ""
        m = re.search(r"Right at the first try: (\d+)", text)
        shown_right = int(m.group(1)) if m else None
        self.figures[f"tally step {step + 1}"] = {
            "answered on pages": n, "stored": stored, "right sent": right_count,
            "right on the tally": shown_right, "tally complete after the last answer (s)":
            round(waited, 1) if ok is not None else None}
        print(f"  tally step {step + 1}: {stored} stored of {n} answered, teacher shows "
              f"right={shown_right} (sent {right_count}), complete "
              f"{waited:.1f} s after the last answer", flush=True)
        if shown_right != right_count:
            self.teacher.problem(f"tally of step {step + 1} shows {shown_right} right, "
                                 f"{right_count} were sent")

    # -- tables
    def open_tables(self) -> list[tuple[str, list[Device]]]:
        """The teacher opens tables of up to three students and a bot, assigning them; each
        student takes their seat on their page."""
        assert self.teacher is not None
        tp = self.teacher.page
        attempt(self.teacher, "Tables tab", lambda: tp.locator(
            ".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Tables").click())
        groups = [self.students[i:i + 3] for i in range(0, len(self.students), 3)]
        tables: list[tuple[str, list[Device]]] = []
        began = time.monotonic()
        for group in groups:
            before = {t.code for t in self.room.tables()}
            players = len(group) + 1

            def fill(group: list[Device] = group, players: int = players) -> None:
                box = tp.locator(".widget-inline-hbox").filter(has_text="players").first
                box.locator("input").fill(str(players))
                box.locator("input").press("Enter")
                roles = tp.locator("select").filter(has_text="a student")
                deadline = time.monotonic() + budget(30)
                while roles.count() != players and time.monotonic() < deadline:
                    time.sleep(0.2)
                roles.nth(players - 1).select_option(label=BOT)
                people = tp.locator("select").filter(has_text="free: any student")
                for seat, d in enumerate(group):
                    pick(people.nth(seat), d.name)
                tp.locator(".ff-teacher-open-table").click()

            if attempt(self.teacher, f"open a table for {[d.name for d in group]}", fill) \
                    is None:
                continue
            new = wait_for(lambda before=before: [t for t in self.room.tables()
                                                  if t.code not in before], 60)
            if not new:
                self.teacher.problem(f"no table opened for {[d.name for d in group]}")
                continue
            code = new[0].code
            tables.append((code, group))
            attempt(self.teacher, "table listed", lambda code=code: tp.locator(
                ".ff-teacher-tables").filter(has_text=code).wait_for(timeout=budget_ms(30_000)))
        self.figures["tables opened"] = len(tables)
        self.figures["time to open the tables (s)"] = round(time.monotonic() - began, 1)
        # the students take their seats (kept for them by the teacher)
        began = time.monotonic()
        for code, group in tables:
            for seat, d in enumerate(group):
                d.seat = (code, seat)
                attempt(d, "take the seat", lambda d=d, code=code, seat=seat: (
                    pick(d.page.locator(".ff-student-seats select"), f"Table {code}",
                         f"Player {seat + 1}"),
                    d.page.locator(".ff-student-take").click()))
        for _code, group in tables:
            for d in group:
                if attempt(d, "seat's map", lambda d=d: d.page.wait_for_selector(
                        MAP, timeout=budget_ms(90_000))) is not None:
                    d.app = TablePage(d.bp, Freedom)
        seated = sum(d.app is not None for d in self.students)
        self.figures["students seated"] = seated
        self.figures["time for all to be seated (s)"] = round(time.monotonic() - began, 1)
        for d in self.students:
            if d.app is None:
                d.problem("never seated")
        print(f"  {len(tables)} tables, {seated} of {len(self.students)} students seated",
              flush=True)
        if tables and self.projector is not None:
            code = tables[0][0]
            pp = self.projector.page
            attempt(self.projector, "show a table", lambda: (
                pick(pp.locator("select").filter(has_text="the lesson"), f"table {code}"),
                pp.wait_for_selector(MAP, timeout=budget_ms(90_000))))
            self.projector.seat = (code, -1)
            self.projector.app = TablePage(self.projector.bp, Freedom)
        return tables

    def play(self, tables: list[tuple[str, list[Device]]]) -> None:
        """Each student clicks a legal move on their own turn (every table in turn) until
        every student has made ``--moves`` moves or the budget runs out."""
        assert self.projector is not None
        made = {d.name: 0 for d in self.students}
        pending: list[tuple[str, int, float, list[Device]]] = []  # table, step, click ms, others
        deadline = time.monotonic() + budget(self.args.play_seconds)
        waiting_since: dict[str, float] = {}
        while time.monotonic() < deadline:
            progressed = False
            busy = False
            for code, group in tables:
                table = self.room.table(code)
                game = table.game
                if game.is_over:
                    continue
                mover = next((d for d in group if d.seat == (code, game.to_move)), None)
                if mover is None or mover.app is None:
                    continue  # a bot's turn (played by the server), or a student not seated
                if made[mover.name] >= self.args.moves:
                    continue
                busy = True
                step = table.step
                app = mover.app
                try:
                    app.wait_steps(step, timeout=1.0)
                    actions = game.legal_actions()
                    action = self.rng.choice(actions)
                    others = [d for d in group if d is not mover and d.app is not None]
                    if self.projector.seat and self.projector.seat[0] == code:
                        others.append(self.projector)
                    since = time.time() * 1000
                    app.choose_action(game, action)
                except KeyboardInterrupt:
                    raise
                except Exception as exc:  # noqa: BLE001 - slow page: look again later
                    first = waiting_since.setdefault(mover.name, time.monotonic())
                    if time.monotonic() - first > budget(60):
                        mover.problem(f"its turn at step {step} was not playable for 60 s "
                                      f"({type(exc).__name__}: {str(exc).splitlines()[0]})")
                        made[mover.name] = self.args.moves
                    continue
                waiting_since.pop(mover.name, None)
                made[mover.name] += 1
                self.moves += 1
                progressed = True
                pending.append((code, step + 1, since, others))
                alert = attempt(mover, "alert", app.alert)
                if alert:
                    mover.problem(f"alert after a click: {alert[:160]}")
            if not busy:
                break
            if not progressed:
                time.sleep(0.5)
        # every other device of the table shows each move (or a later step)
        for code, step, since, others in pending:
            for d in others:
                deadline_d = time.monotonic() + budget(30)
                at = None
                while at is None and time.monotonic() < deadline_d:
                    steps = attempt(d, "read steps", lambda d=d: d.seen()["steps"]) or {}
                    later = [v for k, v in steps.items() if int(k) >= step]
                    at = min(later) if later else None
                    if at is None:
                        time.sleep(0.3)
                if at is None:
                    d.problem(f"never showed step {step} of table {code}")
                else:
                    self.move_delays.append((at - since) / 1000)
        self.figures["moves clicked"] = self.moves
        self.figures["students who made all their moves"] = sum(
            v >= self.args.moves for v in made.values())
        print(f"  {self.moves} moves clicked; seen on the table's other devices: "
              f"{percentiles(self.move_delays)}", flush=True)

    def check_pages(self) -> None:
        """Errors shown on any page, console errors, a Voila spinner still up."""
        for d in (self.teacher, self.projector, *self.students):
            if d is None:
                continue
            alerts = attempt(d, "read alerts", lambda d=d: d.page.locator(
                "[role=alert]:visible").all_inner_texts()) or []
            for a in alerts:
                if a.strip():
                    d.problem(f"shows an error: {a.strip()[:200]}")
            spinner = attempt(d, "spinner", lambda d=d: d.page.locator("#loading").is_visible())
            if spinner:
                d.problem("Voila's spinner is still up")
            for e in d.bp.errors:
                d.problem(e[:240])

    def screenshots(self, shots: Path) -> None:
        shots.mkdir(parents=True, exist_ok=True)
        laptop = next((d for d in self.students if not d.chromebook and d.app), None)
        book = next((d for d in self.students if d.chromebook and d.app), None)
        for name, d in (("teacher", self.teacher), ("projector", self.projector),
                        ("student", laptop), ("student-chromebook-90", book)):
            if d is not None:
                attempt(d, "screenshot", lambda d=d, name=name: d.page.screenshot(
                    path=str(shots / f"{name}.png")))
        if self.teacher is not None:  # the tally too
            tp = self.teacher.page
            attempt(self.teacher, "lesson tab", lambda: (
                tp.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Lesson").click(),
                tp.locator(".ff-tally").wait_for(timeout=budget_ms(30_000)),
                tp.screenshot(path=str(shots / "teacher-tally.png"))))


def send(page: Any, q: Any, text: str) -> bool:
    """Answer ``q`` on a student's page: the choice ``text``, or ``text`` typed."""
    if isinstance(q, Choice):
        page.locator(".ff-student-choices label").filter(
            has_text=re.compile("^" + re.escape(text) + "$")).first.click()
    else:
        page.locator(".ff-student-text input").fill(text)
    page.locator(".ff-student-answer").click()
    return True


def wait_for(check: Callable[[], Any], timeout: float) -> Any:
    deadline = time.monotonic() + budget(timeout)
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    return None


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                     headless=True)
        try:
            yield browser
        finally:
            browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=26)
    parser.add_argument("--chromebooks", type=int, default=4,
                        help="students on a Chromebook at 90%% zoom (the rest at 1366x768)")
    parser.add_argument("--moves", type=int, default=3, help="moves each student clicks")
    parser.add_argument("--play-seconds", type=float, default=240,
                        help="the playing budget (stretched by the load)")
    parser.add_argument("--stagger", type=float, default=1.0,
                        help="seconds between two students opening the link")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", action="store_true",
                        help="keep the class on a throw-away PostgreSQL server (Debian's) and "
                        "count its connections every second")
    parser.add_argument("--shots", type=Path, default=ROOT / "test-artifacts" / "class-browser")
    args = parser.parse_args()

    def _terminate(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _terminate)
    os.environ.setdefault("FREIGHT_FREEDOM_BOT_PACE", "0.6")  # the class's pace, as a teacher
    home = Path(tempfile.mkdtemp(prefix="class-browser-"))
    pg = postgres() if args.postgres else None
    db = pg.new_database() if pg is not None else str(home / "class.db")
    room = Classroom(db)
    print(f"{args.students} students, load {os.getloadavg()[0]:.2f} at the start "
          f"(budgets x{slowdown():.1f}); database {db}", flush=True)
    started = time.monotonic()
    server = start_server("classroom", ["freight_freedom", "classroom", "--db", db], home,
                          home, "/")
    connections = Connections(pg.port).start() if pg is not None else None
    print(f"server up in {time.monotonic() - started:.1f} s at {server.url}", flush=True)
    sampler: Sampler | None = None
    run: ClassRun | None = None
    status = 0
    try:
        with chromium() as browser:
            sampler = Sampler(server.proc.pid).start()
            run = ClassRun(args, server, room, browser)
            phases: list[tuple[str, Callable[[], Any]]] = [
                ("joining", run.open_all), ("the lesson", run.pace)]
            for name, phase in phases:
                print(f"-- {name}", flush=True)
                phase()
            print("-- tables", flush=True)
            tables = run.open_tables()
            print("-- playing", flush=True)
            run.play(tables)
            run.check_pages()
            run.screenshots(args.shots)
    except KeyboardInterrupt:
        print("interrupted: stopping the server", flush=True)
        status = 130
    finally:
        if sampler is not None:
            sampler.sample()
            sampler.stop()
        dead = sampler.dead_kernels() if sampler is not None else []
        if connections is not None:
            connections.stop()
        server.stop()
        room.close()
        if pg is not None:
            pg.stop()
    if run is not None and sampler is not None:
        if connections is not None:
            run.figures["PostgreSQL connections (client backends): median, peak"] = (
                connections.median(), connections.peak())
        report(run, sampler, dead, args)
    return status


class Connections:
    """Every second: how many client connections the PostgreSQL server holds (this counter's
    own excluded)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.counts: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Connections:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            while not self._stop.wait(1.0):
                row = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_type "
                                   "= 'client backend' AND pid <> pg_backend_pid()").fetchone()
                self.counts.append(int(row[0]) if row else 0)

    def median(self) -> float:
        return statistics.median(self.counts) if self.counts else 0

    def peak(self) -> int:
        return max(self.counts, default=0)


def report(run: ClassRun, sampler: Sampler, dead: list[int], args: argparse.Namespace) -> None:
    f = run.figures
    mib = 1024 * 1024
    f["peak memory: server and all kernels (MiB)"] = round(sampler.peak_server / mib)
    f["peak memory: largest kernel (MiB)"] = round(sampler.peak_kernel / mib)
    f["kernels seen"] = len(sampler.kernels)
    f["kernels that died"] = dead
    kernel_cpu = sum(v for k, v in sampler.cpu.items() if k in sampler.kernels)
    wall = time.monotonic() - sampler.began
    f["server CPU: all (s), kernels (s), over the run (s), cores busy on average"] = (
        round(sum(sampler.cpu.values())), round(kernel_cpu), round(wall),
        round(sum(sampler.cpu.values()) / wall, 2))
    f["peak memory: Chromium, proportional (MiB)"] = round(sampler.peak_browser / mib)
    loads = sampler.loads or [0.0]
    f["load average (1 min): median, max"] = (round(statistics.median(loads), 2),
                                              round(max(loads), 2))
    f["paced steps (s)"] = {k: f"teacher's page {run.teacher_delays.get(k)}; students "
                            + percentiles(v) for k, v in run.step_delays.items()}
    all_steps = [x for v in run.step_delays.values() for x in v]
    f["every paced step on every student page"] = percentiles(all_steps)
    f["moves seen on the table's other devices"] = percentiles(run.move_delays)
    problems = {d.name: d.problems for d in (run.teacher, run.projector, *run.students)
                if d is not None and d.problems}
    f["pages with problems"] = problems
    print("\n=== a class in real browsers: "
          f"{args.students} students ({args.chromebooks} Chromebooks at 90%), the teacher and "
          "the projector ===")
    for k, v in f.items():
        if isinstance(v, dict):
            print(f"{k}:")
            for k2, v2 in v.items():
                print(f"    {k2}: {v2}")
        else:
            print(f"{k}: {v}")
    args.shots.mkdir(parents=True, exist_ok=True)
    (args.shots / "figures.json").write_text(json.dumps(f, indent=1, default=str))
    print(f"screenshots and figures.json in {args.shots}")


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        stop_all_servers()
