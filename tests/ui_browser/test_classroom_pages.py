"""A class in real browser pages: ``freight-freedom classroom`` serves the teacher's, the
students' and the projector's pages (Voila, a temporary SQLite database); the teacher, the
projector and three students each have a browser context of their own (their own storage, as
their own laptops; Cy's is a Chromebook at 90% zoom).

One server and one set of devices serve the whole module:

- the lesson: the teacher logs in with the PIN, the students join with the class code and their
  first name (the page's heading then names the class and what it does), the teacher steps to
  a question, the students answer on their pages, the tally
  appears on the teacher's page by itself, the key is nowhere in the students' pages until the
  reveal and then on all of them, and a reloaded student page rejoins without typing anything;
  the teacher opens a table from the Tables tab and Ana takes a seat from her page, the seats on
  offer on her first screen at 1366x768 and at 900 px wide;
- words, not codes: the teacher paces every step of the Freedom lesson; at each, Ben's and Cy's
  pages and the projector show no rule code or internal id and nothing about a Next button or
  rule chips they do not have, in what they show (the wrong answer's hint, with the question's
  rules under it, and the revealed answer, one answer, too);
- a table: Ben and Cy take the two seats of a Freedom table on their pages and play a few
  turns by clicking, each page seeing the other's moves (rule FR-ROUND-2: only the seat to move
  is offered choices), the projector showing the table live; Cy's page is reloaded mid-game and
  rejoins her seat from what her browser kept;
- screenshots of every page at 1366x768 and at a Chromebook's 90% zoom, and of a seat's page
  and the projector's at 900 px wide, go to test-artifacts/ui_browser/.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import BrowserPage, Server, classroom_server, new_page, start_server
from uihelp import ARTIFACTS, AppPage, budget, budget_ms, wait_stable, wait_until

from freight_freedom import Freedom
from freight_freedom.classroom import Classroom, Table
from freight_freedom.classroom.pages.student import STORAGE_KEY
from freight_freedom.classroom.pages.words import plain, rule_chips, shown_answer
from freight_freedom.lessons import Choice, lesson

pytestmark = pytest.mark.ui

STEP = 14  # the Freedom lesson's "The Slave Market": a typed answer
QUESTION = lesson("freedom").steps[STEP].question
LAPTOP = {"width": 1366, "height": 768}
#: Chrome at 90% zoom on a 1366x768 screen: a wider CSS viewport drawn at 0.9 px per CSS px
ZOOM_90 = {"width": round(1366 / 0.9), "height": round(768 / 0.9)}
STUDENTS = ("Ana", "Ben", "Cy")
#: Voila's own request on leaving a page (a reload): its kernel shutdown is refused for want of
#: an XSRF token (voila-dashboards/voila#1458, open). Accepted only on a reloaded page; the
#: command culls such kernels instead.
RELOAD_NOISE = re.compile(r"status of 403 .*\(at http://127\.0\.0\.1:\d+/voila/api/"
                          r"shutdown/[0-9a-f-]{36}\)")
#: seen once, under a full suite's load, on a student's page that had loaded itself again after
#: the server's restart: plotly.js's newPlot met a trace without data ("Cannot use 'in'
#: operator to search for 'line' in undefined"); the page's board was drawn and played on
#: afterwards, and the test checks that. Not yet explained (a second reload while the server
#: started? a figure message before its data?): see the session notes
SELF_RELOAD_PLOT = re.compile(r"Cannot use 'in' operator to search for 'line' in undefined")
TABLE_STEPS = re.compile(r"table \w+ · (\d+) steps")
MAP = ".ff-app .ff-figure .js-plotly-plot .main-svg"
#: what a student never reads (on the students' pages and the projector): rule codes, the
#: lessons' set-ups, Slow Freight's trains and Movement cards by id, card and space ids,
#: attribute paths and parameter names
DEVELOPER_WORDS = re.compile(
    r"\b(?:FR|SF)-|\bSCENARIO\b|\bt\d+\b|\btrain\d|\bclock\d|\bc\d_"
    r"|\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z_]{2,}\b")
#: what is not true on a student's page or the projector: only the teacher has Next, and no row
#: of rule chips is shown (the rules come under a verdict, in words)
NOT_THERE = re.compile(r"press Next|rule chip", re.IGNORECASE)
#: what a reader sees: the page's rendered text (closed ``<details>`` and tooltips are not) and
#: the text the boards draw
VISIBLE_TEXT_JS = r"""() => document.body.innerText + '\n' + [...document.querySelectorAll(
    'svg text')].map(t => t.textContent).join('\n')"""
#: the page's heading (the notebook's title until the student has joined)
HEADING_JS = "() => (document.querySelector('h1') || {innerText: ''}).innerText.trim()"
#: scroll every scrolled box of the page back to its top (Voila scrolls inside the page)
TO_TOP = "() => document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; })"
FIGURE_BOX = """() => { const r = document.querySelector('.ff-app .ff-figure')
                                .getBoundingClientRect(); return [r.x, r.width, r.height]; }"""


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Classroom]]:
    """The command's server on a fresh class database; the class (the teacher's object)."""
    with classroom_server("classroom", tmp_path_factory.mktemp("classroom-home")) as started:
        yield started


def open_as(browser: Any, name: str, url: str, viewport: dict[str, int] = LAPTOP,
            scale: float = 1.0) -> BrowserPage:
    """A page in a context of its own (its own localStorage, as a laptop of its own), at
    ``viewport``, recording console errors and uncaught exceptions (minus KNOWN_NOISE).
    Returns once the page has loaded (Voila has run its notebook); the caller waits for the
    widgets it needs. (Pages opened all at once drew their widgets at the same moment, and on
    a loaded machine anywidget's two-second limit to set up a model passed: "Failed to
    initialize model", and that widget heard nothing from its kernel.)"""
    bp = new_page(browser, name, viewport, scale)
    bp.page.goto(url, timeout=budget_ms(90_000))
    return bp


def join(bp: BrowserPage, name: str) -> None:
    page = bp.page
    page.locator(".ff-student-name input").fill(name, timeout=budget_ms(90_000))
    page.locator(".ff-student-join").click()
    page.locator(".ff-student-hello").filter(has_text=name).wait_for(timeout=budget_ms(30_000))


def assert_words(bp: BrowserPage, where: str) -> str:
    """No developer word in what ``bp`` shows (the join link's address aside), nothing about
    a Next button or rule chips; its visible text."""
    text = re.sub(r"https?://\S+", "", str(bp.page.evaluate(VISIBLE_TEXT_JS)))
    assert text.strip(), f"{bp.name} shows no text"
    for pattern in (DEVELOPER_WORDS, NOT_THERE):
        bad = [text[max(0, m.start() - 60):m.end() + 30].replace("\n", " | ")
               for m in pattern.finditer(text)]
        assert not bad, f"{bp.name} at {where} shows {bad[:4]}"
    return text


def in_view(bp: BrowserPage, selector: str) -> bool:
    """Whether the element is wholly on the page's first screen (scrolled to the top)."""
    bp.page.evaluate(TO_TOP)
    box = bp.page.locator(selector).bounding_box()
    view = bp.page.viewport_size
    return box is not None and view is not None and box["y"] >= 0 and \
        box["y"] + box["height"] <= view["height"] and box["x"] + box["width"] <= view["width"]


def student_text(bp: BrowserPage) -> str:
    """Everything the student's browser holds of the page: its HTML (hidden parts too)."""
    return str(bp.page.content())


def pick(select: Any, *parts: str) -> None:
    """Choose the option of a drop-down whose text holds every one of ``parts``."""
    def found() -> str | None:
        texts = [str(t) for t in select.locator("option").all_inner_texts()]
        # ipywidgets may draw a label's spaces as no-break spaces
        return next((t for t in texts if all(p in t.replace("\u00a0", " ") for p in parts)),
                    None)

    select.select_option(label=wait_until(found, 30, f"an option with {parts}"))


def kept(bp: BrowserPage) -> dict[str, Any]:
    """What the student's browser keeps to rejoin (its localStorage entry)."""
    raw = bp.page.evaluate(f"() => localStorage.getItem('{STORAGE_KEY}')")
    found = json.loads(raw) if raw else {}
    assert isinstance(found, dict)
    return found


def assert_clean(devices: dict[str, BrowserPage], reloaded: set[str],
                 seated: dict[str, str] | None = None) -> None:
    """No console error or uncaught exception on any page but Voila's own on a reloaded page
    (RELOAD_NOISE); anywidget's "Failed to initialize model" counts (the package's Voila page
    stretches its two seconds, test_classroom_slow_widget.py). Each student's browser comes to
    keep their token, and their seat's token for ``seated`` (name -> table code).
    """
    for name, bp in devices.items():
        if name in STUDENTS:
            def keeps(bp: BrowserPage = bp, name: str = name) -> bool:
                found = kept(bp)
                return isinstance(found.get("token"), str) and (
                    not seated or name not in seated or seated[name] in found.get("seats", {}))

            wait_until(keeps, 75, f"{name}'s browser to keep the token (and seat): {kept(bp)}")
        if name in reloaded:
            bp.errors[:] = [e for e in bp.errors if not RELOAD_NOISE.search(e)]
        assert not bp.errors, f"{bp.name}: {bp.errors}"


@pytest.fixture(scope="module")
def devices(browser: Any, classroom: tuple[Server, Classroom]) -> Iterator[dict[str, BrowserPage]]:
    """The class's devices: the teacher's page (logged in with the PIN), the projector's and
    three students' (joined), each in a browser context of its own."""
    server, room = classroom
    assert room.pin is not None
    base = f"{server.url}/voila/render"
    opened: dict[str, BrowserPage] = {}
    try:
        opened["teacher"] = open_as(browser, "class-teacher", f"{base}/teacher.ipynb")
        opened["projector"] = open_as(browser, "class-projector", f"{base}/projector.ipynb")
        for name in STUDENTS:  # Cy's laptop is a Chromebook at 90% zoom
            opened[name] = open_as(browser, f"class-student-{name}",
                                   f"{base}/student.ipynb?code={room.code}",
                                   *((ZOOM_90, 0.9) if name == "Cy" else ()))
        tp = opened["teacher"].page
        tp.locator(".ff-teacher-pin input").fill(room.pin, timeout=budget_ms(90_000))
        tp.locator(".ff-teacher-login").click()
        tp.locator(".ff-teacher-start").wait_for()
        opened["projector"].page.locator(".ff-class-code").filter(has_text=room.code).wait_for(
            timeout=budget_ms(90_000))
        for name in STUDENTS:
            join(opened[name], name)
        server.remember_children()
        yield opened
    finally:
        for bp in opened.values():
            bp.page.context.close()


def test_a_class_runs_on_separate_devices(classroom: tuple[Server, Classroom],
                                          devices: dict[str, BrowserPage],
                                          final_screenshot: Any) -> None:
    server, room = classroom
    assert QUESTION is not None
    key, why = QUESTION.key_text(), QUESTION.why
    for bp in devices.values():
        final_screenshot(bp)
    teacher, projector = devices["teacher"], devices["projector"]
    students = {name: devices[name] for name in STUDENTS}
    tp = teacher.page
    teacher.screenshot("teacher logged in")
    assert projector.page.locator(".ff-projector-join svg").count() == 1
    projector.screenshot("projector before the lesson")
    students["Ana"].screenshot("student joined, waiting")
    # once joined, the heading says the class and what it does (not "join the class")
    for bp in students.values():
        wait_until(lambda bp=bp: bp.page.evaluate(HEADING_JS) ==
                   f"Class {room.code}: waiting for the lesson", 30,
                   f"{bp.name}'s heading to name the class: {bp.page.evaluate(HEADING_JS)!r}")

    # the teacher starts the lesson and goes to the question; every page follows
    tp.locator(".ff-teacher-start").click()
    tp.locator(".ff-teacher-next:not([disabled])").wait_for()
    wait_until(lambda: students["Ben"].page.evaluate(HEADING_JS) ==
               f"Class {room.code} · Freedom: The Underground Railroad", 30,
               "Ben's heading to name the lesson")
    option = f"{STEP + 1}. {lesson('freedom').steps[STEP].title} (question)"
    tp.locator("select").filter(has_text=option).select_option(label=option)
    title = lesson("freedom").steps[STEP].title
    for bp in students.values():
        bp.page.locator(".ff-student-slide").filter(has_text=title).wait_for()
        text = student_text(bp)
        assert key not in text and why not in text, f"{bp.name} holds the key before the reveal"
    projector.page.locator(".ff-projector-slide").filter(has_text=title).wait_for()
    assert key not in projector.page.content()
    tp.locator(".ff-teacher-slide").filter(has_text=key).wait_for()

    for name, typed in zip(STUDENTS, ("three", "five", "3"), strict=True):
        page = students[name].page
        page.locator(".ff-student-text input").fill(typed)
        page.locator(".ff-student-answer").click()
        verdict = "Right" if typed != "five" else "Not quite"
        page.locator(".ff-student-feedback").filter(has_text=verdict).wait_for()
    students["Ben"].screenshot("student answered wrong")
    tally = tp.locator(".ff-tally")
    tally.filter(has_text="Answered: 3 of 3").wait_for()
    assert re.search(r"Right at the first try: 2 \((Ana, Cy)\)", tally.inner_text())
    assert "“five” ×1" in tally.inner_text()
    teacher.screenshot("teacher tally")
    for bp in students.values():
        assert key not in student_text(bp), f"{bp.name} holds the key before the reveal"

    tp.locator(".ff-teacher-reveal").click()
    # one answer, the first accepted, in words: not the list ("3 / three people / three")
    shown = f"Answer: {shown_answer(QUESTION, 'freedom', STEP)}"
    for bp in students.values():
        bp.page.locator(".ff-student-slide").filter(has_text=shown).wait_for()
        assert key not in bp.page.locator(".ff-student-slide").inner_text()
    projector.page.locator(".ff-projector-slide").filter(has_text=shown).wait_for()
    students["Cy"].screenshot("student after the reveal, 90 percent")
    projector.screenshot("projector after the reveal")

    # Ben's page is reloaded: a new kernel rejoins him from what his browser kept
    ben = students["Ben"].page
    ben.reload()
    ben.locator(".ff-student-hello").filter(has_text="Ben").wait_for(timeout=budget_ms(90_000))
    ben.locator(".ff-student-slide").filter(has_text=shown).wait_for()
    assert len({s.name for s in room.students()}) == 3  # nobody joined twice

    # the teacher opens a table; Ana takes a seat from her page
    tp.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Tables").click()
    tables_before = {t.code for t in room.tables()}
    tp.locator(".ff-teacher-open-table").click()
    (table,) = wait_until(lambda: [t for t in room.tables() if t.code not in tables_before],
                          30, "the table the teacher opened")
    tp.locator(".ff-teacher-tables").filter(has_text=table.code).wait_for()
    teacher.screenshot("teacher tables")
    ana = students["Ana"].page
    # the seats on offer are on her first screen, on a laptop and at 900 px wide (not below the
    # lesson's board)
    ana.locator(".ff-student-seats select").filter(has_text=table.code).wait_for()
    for width in (1366, 900):
        ana.set_viewport_size({"width": width, "height": 768})
        wait_until(lambda: in_view(students["Ana"], ".ff-student-seats select") and in_view(
            students["Ana"], ".ff-student-take"), 10, f"the seats on Ana's first screen at {width}")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ana.screenshot(path=str(ARTIFACTS / f"classroom-student-seats-{width}x768.png"))
    ana.set_viewport_size(LAPTOP)
    pick(ana.locator(".ff-student-seats select"), f"Table {table.code}", "Player 1")
    ana.locator(".ff-student-take").click()
    # her seat's play app: the table's note under its title and the map drawn
    ana.locator(".ff-app .ff-table-note").filter(has_text=table.code).wait_for(
        timeout=budget_ms(60_000))
    ana.wait_for_selector(MAP, timeout=budget_ms(60_000))
    assert table.seats()[0].name == "Ana"
    students["Ana"].screenshot("student seated")
    wait_until(lambda: students["Ana"].page.evaluate(HEADING_JS) ==
               f"Class {room.code} · Table {table.code}: Freedom", 30,
               "Ana's heading to name her table")

    # the teacher's and the projector's pages laid out as at a Chromebook's 90% zoom (the same
    # CSS viewport; Cy's own page is drawn at 0.9 throughout)
    for name in ("teacher", "projector"):
        bp = devices[name]
        bp.page.set_viewport_size(ZOOM_90)
        bp.page.locator(".ff-class").first.wait_for()
        bp.screenshot(f"{name} at 90 percent")
        bp.page.set_viewport_size(LAPTOP)
    assert_clean(devices, {"Ben"}, {"Ana": table.code})


def test_every_step_of_the_lesson_is_in_words_on_the_students_pages(
        classroom: tuple[Server, Classroom], devices: dict[str, BrowserPage]) -> None:
    """The teacher paces the whole Freedom lesson from the first step with Next. At every step
    Ben's and Cy's pages and the projector show it with no rule code or internal id, and say
    nothing about a Next button or rule chips they do not have; at each question Ben answers
    wrong (the hint, and the question's rules under it, in words), then the teacher reveals
    the answer: one answer, in words."""
    _server, room = classroom
    the = lesson("freedom")
    n = len(the.steps)
    teacher = devices["teacher"]
    tp = teacher.page
    tp.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Lesson").click()
    first = f"1. {the.steps[0].title}" + (" (question)" if the.steps[0].question else "")
    tp.locator("select").filter(has_text=first).select_option(label=first)
    readers = {name: devices[name] for name in ("Ben", "Cy", "projector")}
    where_slide = {"Ben": ".ff-student-slide", "Cy": ".ff-student-slide",
                   "projector": ".ff-projector-slide"}
    ben = devices["Ben"]
    for i, step in enumerate(the.steps):
        at = f"step {i + 1} of {n}"
        tp.locator(".ff-teacher-slide").filter(has_text=at).wait_for()
        for name, bp in readers.items():
            bp.page.locator(where_slide[name]).filter(has_text=at).wait_for()
            assert_words(bp, at)
        q = step.question
        if q is not None:
            if isinstance(q, Choice):
                wrong = next(k for k in range(len(q.options)) if not q.matches(k))
                choice = ben.page.locator(".ff-student-choices label").filter(
                    has_text=re.compile("^" + re.escape(plain(q.options[wrong], "freedom")) + "$"))
                choice.first.click()
            else:
                ben.page.locator(".ff-student-text input").fill("zzz")
            ben.page.locator(".ff-student-answer").click()
            ben.page.locator(".ff-student-feedback").filter(has_text="Not quite").wait_for()
            verdict = ben.page.locator(".ff-student-feedback").inner_text()
            if rule_chips(q.rules, "freedom"):
                assert "Rules:" in verdict, f"{at}: no rules under the hint: {verdict!r}"
            assert_words(ben, f"{at}, the verdict")
            if i == 3:
                ben.screenshot("student hint in words")
            tp.locator(".ff-teacher-reveal").click()
            answer = shown_answer(q, "freedom", i)
            for name, bp in readers.items():
                slide = bp.page.locator(where_slide[name]).filter(has_text=f"Answer: {answer}")
                slide.wait_for()
                if q.key_text() != answer:  # several accepted: one is shown, not the list
                    assert q.key_text() not in slide.inner_text(), f"{name} at {at}"
                assert_words(bp, f"{at}, revealed")
        if i + 1 < n:
            tp.locator(".ff-teacher-next:not([disabled])").click()
    ben.screenshot("student at the lesson's end")
    devices["projector"].screenshot("projector at the lesson's end")
    assert_clean({name: devices[name] for name in ("teacher", "Ben", "Cy", "projector")},
                 set())


# ----------------------------------------------------------------------------- a table
class TablePage(AppPage):
    """A seat's (or the projector's) play app in a classroom page: its title counts the
    table's steps."""

    def steps(self) -> int:
        match = TABLE_STEPS.search(self.title())
        assert match, f"the title names no table and steps: {self.title()!r}"
        return int(match.group(1))

    def wait_steps(self, steps: int, timeout: float = 20.0) -> float:
        """Wait until the page shows ``steps`` steps; the seconds it took."""
        began = time.monotonic()
        self.page.wait_for_function(
            """n => { const t = document.querySelector('.ff-app .ff-title');
                      const m = t && t.innerText.match(/table \\w+ · (\\d+) steps/);
                      return m && Number(m[1]) === n; }""",
            arg=steps, timeout=budget_ms(timeout * 1000))
        return time.monotonic() - began

    def action_buttons(self) -> list[str]:
        return [s.strip() for s in self.page.locator(
            ".ff-app .ff-actions button.widget-button:visible").all_inner_texts()]


@pytest.fixture(scope="module")
def seated(classroom: tuple[Server, Classroom],
           devices: dict[str, BrowserPage]) -> dict[str, Any]:
    """A 2-player Freedom table the teacher opened; Ben (Player 1) and Cy (Player 2) took its
    seats from their pages, and the projector shows it. The seats' and the projector's play
    apps, and the table."""
    _server, room = classroom
    table = room.new_table("freedom", players=2, seed=1)
    for seat, name in enumerate(("Ben", "Cy")):
        page = devices[name].page
        pick(page.locator(".ff-student-seats select"), f"Table {table.code}",
             f"Player {seat + 1}")
        page.locator(".ff-student-take").click()
    for name in ("Ben", "Cy"):
        devices[name].page.wait_for_selector(MAP, timeout=budget_ms(60_000))
    projector = devices["projector"].page
    pick(projector.locator("select").filter(has_text="the lesson"), f"table {table.code}")
    projector.locator(".ff-projector-table").filter(has_text=f"Table {table.code}").wait_for()
    projector.wait_for_selector(MAP, timeout=budget_ms(60_000))  # the spectator app
    assert [s.name for s in table.seats()] == ["Ben", "Cy"]
    return {"table": table, 0: TablePage(devices["Ben"], Freedom),
            1: TablePage(devices["Cy"], Freedom),
            "projector": TablePage(devices["projector"], Freedom)}


def play_by_clicking(seated: dict[str, Any], until_step: int) -> list[float]:
    """The seat to move clicks its first choice until the table is at ``until_step``; every
    page is checked to show each move. Returns the seconds the other seat's page took."""
    table: Table = seated["table"]
    seen = []
    while table.step < until_step:
        game = table.game
        mover, other = seated[game.to_move], seated[1 - game.to_move]
        step = table.step
        mover.wait_steps(step)
        other.wait_steps(step)
        # FR-ROUND-2: the other seat's page offers no choice and says who decides
        waiting = f"Waiting for Player {game.to_move + 1}"
        wait_until(lambda o=other, w=waiting: o.action_buttons() == [] and (
            w in o.part("actions").inner_text()), 10, f"{other.bp.name}'s page: {waiting}")
        action = game.legal_actions()[0]
        wait_until(lambda m=mover, a=action, g=game: m.offers(g, a), 10,
                   f"{mover.bp.name}'s page to offer {action}")
        mover.choose_action(game, action)
        seen.append(other.wait_steps(step + 1))
        seated["projector"].wait_steps(step + 1)
        assert table.game.history == (*game.history, action)
        assert not mover.alert(), mover.alert()
    return seen


def test_two_students_play_a_table_each_from_their_own_page(
        seated: dict[str, Any], devices: dict[str, BrowserPage], final_screenshot: Any) -> None:
    for name in ("Ben", "Cy", "projector"):
        final_screenshot(devices[name])
    ben, cy, projector = seated[0], seated[1], seated["projector"]
    for page in (ben, cy):
        # what would act for another seat is not there, and one line says why
        assert "Everyone chooses on their own device" in page.part("table-note").inner_text()
        assert not page.button("Undo").count() and not page.button("Save game").count()
        assert "Save / load" not in page.body() and "seed" not in page.title()
    assert "Player 1 (you, Ben)" in ben.prompt() and "Player 1 (Ben)" in cy.prompt()
    assert "public information only" in projector.part("table-note").inner_text()
    seen = play_by_clicking(seated, 4)  # Ben rolls and buys; Cy's turn to buy
    assert seated["table"].game.to_move == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "classroom-table-seen.txt").write_text(
        "seconds from a click to the other page showing the move: "
        + ", ".join(f"{s:.2f}" for s in seen) + "\n")
    assert max(seen) < budget(5.0), seen

    # Cy's page is reloaded mid-game: a new kernel rejoins her seat with the token her
    # browser kept
    cy.page.reload(timeout=budget_ms(90_000))
    cy.page.wait_for_selector(MAP, timeout=budget_ms(90_000))
    cy.wait_steps(4)
    assert "Player 2 (you, Cy)" in cy.prompt()
    assert cy.action_buttons() or cy.page.locator(".ff-app .ff-actions select").count()
    play_by_clicking(seated, 8)
    for page in (ben, cy, projector):
        page.wait_steps(8)
    wait_until(lambda: "What just happened" in projector.part("recent").inner_text(), 10,
               "the projector to say what just happened")
    code = seated["table"].code
    assert_clean({n: devices[n] for n in ("Ben", "Cy", "projector")}, {"Ben", "Cy"},
                 {"Ben": code, "Cy": code})


@pytest.mark.parametrize("width,height", [(1366, 768), (900, 768)])
def test_screenshots_of_a_seat_and_of_the_projector(seated: dict[str, Any], width: int,
                                                    height: int) -> None:
    """A seat's page and the projector's page at a laptop's 1366x768 and at 900 px wide, and
    Cy's seat on her Chromebook at 90%: opened at the top, the seat's table comes before the
    lesson and the projector's board before the table's summary, so at 1366 px the map starts
    on the first screen; the prompt and the line about the table are there (pictures:
    artifacts)."""
    for name in (0, "projector", 1):
        page = seated[name]
        if name != 1:
            page.page.set_viewport_size({"width": width, "height": height})
        wait_until(lambda p=page: p.part("prompt").is_visible(), 10, "the prompt")
        wait_stable(page.page, FIGURE_BOX, "the map's size after the resize")
        page.page.evaluate(TO_TOP)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shown = {0: "seat", 1: "seat-chromebook-90", "projector": "projector"}[name]
        page.page.screenshot(path=str(ARTIFACTS / f"classroom-{shown}-{width}x{height}.png"))
        box = page.part("table-note").bounding_box()
        assert box is not None and box["width"] > 200
        figure = page.page.locator(".ff-app .ff-figure").bounding_box()
        view = page.page.viewport_size
        assert figure is not None and figure["x"] + figure["width"] <= view["width"] + 1
        if width >= 1366:  # narrower, the play app puts its prompt above the map
            assert figure["y"] < view["height"] * 0.6, f"{shown}: the map starts below the fold"
        if name != 1:
            page.page.set_viewport_size(LAPTOP)


def test_the_server_stopped_and_started_again_loses_nothing(
        classroom: tuple[Server, Classroom], devices: dict[str, BrowserPage],
        seated: dict[str, Any]) -> None:
    """The class's server is stopped mid-class and started again on the same database and
    address: no stored move or answer is lost, the pages notice, say so in words and load
    again by themselves once the server answers, the students' pages rejoin from what their
    browsers kept (Ana as herself, Ben and Cy at their seats, at the same step), the projector
    shows the table again, and the table plays on."""
    server, room = classroom
    table: Table = seated["table"]
    steps = table.step
    answered = room.lesson.tally(STEP).answered
    home, port = server.log.parent, int(server.url.rsplit(":", 1)[1])
    pages = ("Ana", "Ben", "Cy", "projector")
    # each page's kernel on the stopped server (Voila's page config names it): what the open
    # pages log about those kernels while no server answers, or once they are gone (404), is
    # expected, and may reach the test only during a later call (Playwright's events wait for
    # one); every other error counts
    old_kernels = {devices[name].page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
        ".kernelId") for name in pages}
    assert all(old_kernels) and len(old_kernels) == len(pages), old_kernels
    for name in pages:  # gone with the page when it loads again
        devices[name].page.evaluate("window.__ffBefore = true")
    server.stop()
    for name in pages:
        devices[name].page.locator(".ff-connection-lost").filter(
            has_text="connection to the class server was lost").wait_for(
            timeout=budget_ms(30_000))
    again = start_server("classroom-again", ["freight_freedom", "classroom", "--db",
                                             str(home / "class.db")], home, home, "/", port=port)
    try:
        assert room.table(table.code).step == steps
        assert room.lesson.tally(STEP).answered == answered

        def reload(name: str) -> None:
            """The page loads again by itself (the template's script), once the server
            answers."""
            devices[name].page.wait_for_function("() => !window.__ffBefore",
                                                 timeout=budget_ms(90_000))
            devices[name].page.wait_for_load_state(timeout=budget_ms(90_000))
            devices[name].errors.clear()  # what it logged while it had no server

        for seat, name in enumerate(("Ben", "Cy")):
            page: TablePage = seated[seat]
            reload(name)
            page.page.wait_for_selector(MAP, timeout=budget_ms(90_000))
            page.wait_steps(steps)
            assert f"You play Player {seat + 1}" in page.part("table-note").inner_text(), name
        reload("Ana")
        devices["Ana"].page.locator(".ff-student-hello").filter(has_text="Ana").wait_for(
            timeout=budget_ms(90_000))
        reload("projector")
        projector = devices["projector"].page
        pick(projector.locator("select").filter(has_text="the lesson"), f"table {table.code}")
        projector.wait_for_selector(MAP, timeout=budget_ms(60_000))
        seated["projector"].wait_steps(steps)
        play_by_clicking(seated, steps + 2)
        assert len({s.name for s in room.students()}) == 3  # nobody joined twice
        for name in pages:
            errors = devices[name].errors
            errors[:] = [e for e in errors if not any(k in e for k in old_kernels)
                         and not SELF_RELOAD_PLOT.search(e)]
        assert_clean({n: devices[n] for n in pages}, set(pages),
                     {"Ben": table.code, "Cy": table.code})
    finally:
        again.stop()
