"""Whole games played in Voila through clicks, the page checked against the engine after each.

Issue 10: the Freedom map once fell behind the game for good (title stuck at "Round 1 - Slave
Market" in round 2, catchers not moving, every marker plotly's default blue, old rings left, and
a click on the ringed Montreal moved someone New York -> Philadelphia). These tests play complete
games the way a student does and after *every* click compare what the page shows with the
engine's own account of the same game:

- the map: every trace's points, texts, colours and click ids as plotly.js holds them
  (``gd.data``), the map title (``gd.layout.title.text``), and what plotly drew (one marker per
  space with the right fill, the catcher diamonds, the destination rings, the people counts);
- the side panel (its text against :meth:`freight_freedom.freedom.app.FreedomUI.side_html`),
  the app's step count and the prompt;
- the console: no error, no uncaught exception;
- the words (issue 19): no visible text of the app (its column, panels, open tab and the map's
  drawn text) shows a rule code (``FR-ACT-1``, ``SCENARIO``; a rule's text is a click away) or
  an internal id (Slow Freight's ``t3``, a token stack ``c1_1x2``, ``new_york``, ``[0, 0, 0]``,
  the notation ``0:move``).

The engine's account is a *mirror* game in this process: same options and seed, the same
actions applied. A human seat's decision is chosen by a bot on the mirror (Freedom's
``HeuristicBot``, Slow Freight's ``GreedyBot``) and made in the page as a student would: a
movement or delivery by clicking the map (the origin first when there is one, then the ringed
destination, at the point's screen position), anything else with its button (found by the
action it carries) or its drop-down. When the app's bot seats answer (the step count jumps by
more than one), the mirror is taken from the app's *Save game* file, after checking that it
starts with the mirror's history and the action just made.

A map click is made as a student makes it: the pointer rests on the point until plotly's hover
names it, and not within plotly's double-click delay of the previous press (plotly takes two
presses 300 ms apart, anywhere, for a double click: the second click was then lost, or after
the double click's axis reset landed on a neighbouring space, New York -> Philadelphia).

Games: Freedom seed 2024 (the notebook's game, the sequence of issue 10 and on to the end), a
new game with Player 1 a bot and Player 2 human, a new game with two humans for two rounds then
both seats bots stepped phase by phase to the end; and a whole Slow Freight game of three.
The time from a click to the page showing the new state is measured and written to
``test-artifacts/ui_browser/whole-games-timing.json``.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from uihelp import (
    ARTIFACTS,
    HOVERED_JS,
    PLAY_FREEDOM,
    PLAY_SLOW_FREIGHT,
    AppPage,
    assert_no_js_errors,
    budget,
    budget_ms,
    open_voila_app,
    point_on_screen,
    wait_until,
)

from freight_freedom import Freedom, SlowFreight
from freight_freedom.core.i18n import _, ngettext
from freight_freedom.freedom import view
from freight_freedom.freedom.app import FreedomUI
from freight_freedom.freedom.bots import HeuristicBot
from freight_freedom.slowfreight.bots import GreedyBot
from freight_freedom.ui.adapter import Selection, game_view, ui_for

pytestmark = pytest.mark.ui

#: ms: a click answered by the kernel and drawn (bots may play a whole phase in between)
REDRAW_TIMEOUT = 30_000
BOT = "Heuristic bot"
TIMES: dict[str, list[float]] = {}


# ----------------------------------------------------------------------------- the page's view
#: One reading of everything the checks compare, taken in the page in one go.
SNAPSHOT_JS = r"""
() => {
    const app = document.querySelector('.ff-app');
    const gd = app && app.querySelector('.ff-figure .js-plotly-plot');
    const text = sel => {
        const e = app && app.querySelector(sel); return e ? e.textContent : null; };
    const arr = v => (v === undefined || v === null) ? null
        : (typeof v === 'string' || typeof v === 'number') ? v : Array.from(v);
    const out = {title: text('.ff-title'), prompt: text('.ff-prompt'),
                 side: text('.ff-side .widget-html-content'),
                 note: text('.ff-map-note'), map_title: null, traces: [], drawn: {}};
    if (!gd || !gd.data || !gd._fullLayout) return out;
    out.map_title = gd.layout.title ? (gd.layout.title.text ?? null) : null;
    out.traces = gd.data.filter(t => !String(t.name).startsWith('recent '))
      .map(t => ({name: t.name, x: arr(t.x) || [], y: arr(t.y) || [],
        text: arr(t.text), customdata: arr(t.customdata),
        color: t.marker ? arr(t.marker.color) : null}));
    (gd.calcdata || []).forEach((cd, k) => {
        const name = gd._fullData[k] && gd._fullData[k].name;
        const node = cd && cd[0] && cd[0].node3 && cd[0].node3.node();
        if (!node) { out.drawn[name] = {points: 0, fills: [], texts: []}; return; }
        const points = [...node.querySelectorAll('path.point')];
        out.drawn[name] = {points: points.length,
            // an open symbol (the catchers' diamonds) is drawn by its outline
            fills: points.map(p => (p.style.fill && p.style.fill !== 'none')
                ? p.style.fill : p.style.stroke),
            texts: [...node.querySelectorAll('.textpoint text')].map(t => t.textContent)
                .filter(t => t.trim() !== '')};
    });
    return out;
}
"""

#: A press now is a single click for plotly (not the second of a double click).
SINGLE_CLICK_JS = """() => {
    const gd = document.querySelector('.ff-app .ff-figure .js-plotly-plot');
    const delay = gd._context ? gd._context.doubleClickDelay : 300;
    return !gd._mouseDownTime || Date.now() - gd._mouseDownTime > delay + 20;
}"""

#: True when the page shows ``want`` (numbers compared with a tolerance).
MATCH_JS = "want => { const got = (" + SNAPSHOT_JS + r""")();
    const same = (a, b) => {
        if (typeof a === 'number' && typeof b === 'number')
            return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
        if (Array.isArray(a) && Array.isArray(b))
            return a.length === b.length && a.every((v, i) => same(v, b[i]));
        if (a && b && typeof a === 'object' && typeof b === 'object')
            return Object.keys(b).every(k => same(a[k], b[k]));
        return a === b;
    };
    const side = document.createElement('div');
    side.innerHTML = want.side_html;
    if (want.side_html && got.side !== side.textContent) return false;
    if (!got.title || !got.title.includes(want.steps)) return false;
    if (!got.prompt || !got.prompt.includes(want.prompt)) return false;
    if (want.note !== null && !(got.note || '').includes(want.note)) return false;
    if (got.map_title !== want.map_title) return false;
    if (got.traces.length !== want.traces.length) return false;
    for (let i = 0; i < want.traces.length; i++)
        if (!same(got.traces[i], want.traces[i])) return false;
    for (const [name, d] of Object.entries(want.drawn))
        if (!same(got.drawn[name], d)) return false;
    return true;
}"""


#: What a student never reads: rule codes and internal ids (see the module docstring).
DEVELOPER_WORDS = re.compile(
    r"\b(?:FR|SF)-[A-Z]+(?:-[A-Z0-9]+)*\b|\bSCENARIO\b"  # rule codes
    r"|\bt\d+\b|\btrain\d|\bclock\d|\bc\d_\w+|\bmarket_\d"  # trains, cards, stacks
    r"|\b[a-z]+_[a-z_]+\b"  # snake_case ids (new_york, buy_support)
    r"|\[\d+(?:, \d+)*\]|\b\d+:[a-z]+\b"  # raw lists, the action notation
)

#: The text a reader sees in the app now: what is rendered (closed ``<details>``, hidden tabs
#: and tooltips are not) and the text the map or table draws.
VISIBLE_TEXT_JS = r"""() => {
    const app = document.querySelector('.ff-app');
    if (!app) return '';
    const drawn = [...app.querySelectorAll('.ff-figure svg text')].map(t => t.textContent);
    return app.innerText + '\n' + drawn.join('\n');
}"""


def assert_plain_words(app: AppPage, what: str) -> None:
    """No rule code or internal id in what the app shows now."""
    text = app.page.evaluate(VISIBLE_TEXT_JS)
    assert text.strip(), "the app shows no text"
    bad = sorted({m.group(0) for m in DEVELOPER_WORDS.finditer(text)})
    if bad:
        where = [text[max(0, m.start() - 60):m.end() + 20].replace("\n", " | ")
                 for m in DEVELOPER_WORDS.finditer(text)][:4]
        app.bp.screenshot("developer-words")
        raise AssertionError(f"after {what} the page shows {bad}: {where}")


def _rgb(colour: Any) -> str | None:
    """``#rrggbb`` or ``white`` as the browser writes a fill (``rgb(r, g, b)``)."""
    if colour == "white":
        return "rgb(255, 255, 255)"
    if isinstance(colour, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return f"rgb({r}, {g}, {b})"
    return None


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float)):
        return value
    return [_plain(v) for v in value]


class Oracle:
    """The engine's account of what the page must show for a game (and a picked origin)."""

    def __init__(self, game: Any) -> None:
        self.ui = ui_for(game)
        self.fig = self.ui.build_figure(game)  # built once per game, as the app does

    def expected(self, game: Any, origin: str | None = None) -> dict[str, Any]:
        self.ui.update_figure(self.fig, game_view(game), Selection(origin=origin))
        traces = []
        for t in self.fig.data:
            if str(t.name).startswith("recent "):
                continue  # "what just happened" arrows: the app's view of the turn, not state
            marker = getattr(t, "marker", None)
            row: dict[str, Any] = {"name": t.name, "x": _plain(t.x) or [],
                                   "y": _plain(t.y) or []}
            for key, value in (("text", t.text), ("customdata", t.customdata),
                               ("color", marker.color if marker is not None else None)):
                if value is not None:
                    row[key] = _plain(value)
            traces.append(row)
        drawn: dict[str, Any] = {}
        if isinstance(game, Freedom):
            by_name = {t["name"]: t for t in traces}
            spaces, catchers = by_name[view.SPACES], by_name[view.CATCHERS]
            drawn[view.SPACES] = {"points": len(spaces["x"]),
                                  "fills": [_rgb(c) for c in spaces["color"]],
                                  "texts": [t for t in spaces["text"] if t.strip()]}
            drawn[view.CATCHERS] = {"points": len(catchers["x"]),
                                    "fills": [_rgb(c) for c in catchers["color"]]}
            drawn[view.TARGETS] = {"points": len(by_name[view.TARGETS]["x"])}
        title = self.fig.layout.title.text
        note = None
        if origin is not None:  # (the words after the origin's name, in the language in use)
            note = _("From {space}: now click one of the ringed destinations.").split(
                "{space}")[-1]
        prompt = _("Game over.") if game.is_over else self.ui.words(game.prompt.text)
        n = len(game.history)
        steps = (_("seed {seed}").format(seed=game.seed) + " · "
                 + ngettext("{n} steps", "{n} steps", n).format(n=n))
        return {"traces": traces, "drawn": drawn, "map_title": title,
                "side_html": self.ui.side_html(game_view(game)) or "", "note": note,
                "steps": steps, "prompt": prompt}


def differences(page: Any, want: dict[str, Any]) -> list[str]:
    """What the page shows that differs from ``want`` (for the failure message)."""
    got = page.evaluate(SNAPSHOT_JS)
    side = page.evaluate("h => { const d = document.createElement('div'); d.innerHTML = h;"
                         " return d.textContent; }", want["side_html"])
    out = []
    if want["side_html"] and got["side"] != side:
        out.append(f"side panel: page {got['side']!r:.300} != engine {side!r:.300}")
    for key in ("steps", "prompt"):
        where = "title" if key == "steps" else "prompt"
        if want[key] not in (got[where] or ""):
            out.append(f"{where}: page {got[where]!r:.200} lacks {want[key]!r:.200}")
    if want["note"] is not None and want["note"] not in (got["note"] or ""):
        out.append(f"map note: page {got['note']!r:.200} lacks {want['note']!r}")
    if got["map_title"] != want["map_title"]:
        out.append(f"map title: page {got['map_title']!r} != engine {want['map_title']!r}")
    if [t["name"] for t in got["traces"]] != [t["name"] for t in want["traces"]]:
        out.append("trace names differ")
        return out
    for g, w in zip(got["traces"], want["traces"], strict=True):
        for key, value in w.items():
            if key != "name" and not _same(g.get(key), value):
                out.append(f"{w['name']}.{key}: page {str(g.get(key))[:200]} "
                           f"!= engine {str(value)[:200]}")
    for name, d in want["drawn"].items():
        for key, value in d.items():
            if got["drawn"].get(name, {}).get(key) != value:
                shown = got["drawn"].get(name, {}).get(key)
                out.append(f"drawn {name}.{key}: page {str(shown)[:200]} != {str(value)[:200]}")
    return out


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-9 * max(1.0, abs(a))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(p, q) for p, q in zip(a, b, strict=True))
    return bool(a == b)


# ----------------------------------------------------------------------------- playing
@dataclass
class Player:
    """Plays the page's game through clicks, keeping the mirror game and checking the page."""

    app: AppPage
    game: Any
    humans: set[int]
    chooser: Any
    oracle: Oracle
    clicks: dict[str, int] = field(default_factory=dict)
    trail: list[str] = field(default_factory=list)

    def count(self, how: str) -> None:
        self.clicks[how] = self.clicks.get(how, 0) + 1

    def check(self, origin: str | None = None, started: float | None = None,
              what: str = "") -> None:
        """Wait until the page shows the mirror game; fail with what differs."""
        want = self.oracle.expected(self.game, origin)
        try:
            self.app.page.wait_for_function(MATCH_JS, arg=want, timeout=budget_ms(REDRAW_TIMEOUT),
                                            polling=25)
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: report what differs
            diffs = differences(self.app.page, want)
            self.app.bp.screenshot("desync")
            page_game = self.app.saved_game()
            n = len(self.game.history)
            raise AssertionError(
                f"after {what or 'the last click'} (steps {n}, seed {self.game.seed}; the "
                f"last clicks: {self.trail[-6:]}) the page differs from the engine:\n  "
                + "\n  ".join(diffs[:15])
                + f"\n  the page's game ends {[str(a) for a in page_game.history[n - 3:]]}"
                f", the engine's {[str(a) for a in self.game.history[n - 3:]]}") from None
        if started is not None:
            TIMES.setdefault(what, []).append((time.perf_counter() - started) * 1000)
        assert_no_js_errors(self.app)
        assert_plain_words(self.app, what or "the last click")

    # ---- one decision
    def decide(self) -> None:
        """The human seat to move makes the decision the chooser picks on the mirror."""
        game = self.game
        action = self.chooser.choose(game)
        plan = click_plan(game, action)
        steps = len(game.history)
        self.trail.append(f"{action}" + (" (map)" if plan else " (button)"))
        if plan:
            origin = None
            for trace_name, sid, picks in plan[:-1]:
                self.click_space(trace_name, sid)
                self.count("map: origin")
                origin = picks
                self.check(origin=origin, what="map origin click")
            trace_name, sid, _ = plan[-1]
            started = self.click_space(trace_name, sid)
            self.count("map: " + action.kind)
        else:
            started = time.perf_counter()
            self.press(action)
            self.count("button: " + action.kind)
        after = game.copy()
        after.apply(action)
        if after.is_over or after.to_move in self.humans:
            self.game = after  # no bot answers: the page must show exactly this
            self.check(started=started, what="map click" if plan else "button")
            return
        # the bots answer in the same kernel call: take their moves from the save
        self.app.wait_steps_change(steps, timeout=REDRAW_TIMEOUT)
        saved = self.app.saved_game()
        assert saved.history[:steps + 1] == (*game.history, action), (
            f"the page played {saved.history[steps:steps + 1]} for {action}")
        self.game = saved
        self.check(started=started, what="click answered by bots")

    def press(self, action: Any) -> None:
        """Press ``action``'s button (it carries the action as its tooltip), or choose it in
        its kind's two drop-downs (origin then destination, card then train) and "Do it"."""
        page = self.app.page
        self.app.wait_choices_of(self.game)
        button = page.locator(".ff-app .ff-actions button.widget-button"
                              f"[title={json.dumps(str(action))}]")
        if button.count():
            button.first.click()
            return
        self.app.choose_action(self.game, action)

    def click_space(self, trace_name: str, sid: str) -> float:
        """A real mouse click on the point of ``trace_name`` that carries ``sid``, where the
        page draws it."""
        page = self.app.page
        # plotly takes a press within its doubleClickDelay of the previous one for a double
        # click (whatever the place), and the click is then lost. The app sets that delay to
        # 1 ms (no double clicks on the map), so quick origin-then-destination clicks count;
        # the test waits for the page's own delay (a regression shows as waits of 300 ms),
        # then for plotly's hover to name the point (the map may still move: the note above
        # it comes and goes), placing the pointer again until it does.
        page.wait_for_function(SINGLE_CLICK_JS, timeout=budget_ms(5_000), polling=25)
        deadline = time.monotonic() + budget(10)
        while True:
            trace = next(t for t in page.evaluate(SNAPSHOT_JS)["traces"]
                         if t["name"] == trace_name)
            index = trace["customdata"].index(sid)
            page.locator(".ff-app .js-plotly-plot").first.scroll_into_view_if_needed()
            x, y = point_on_screen(page, trace["x"][index], trace["y"][index])
            page.mouse.move(x, y)
            try:
                page.wait_for_function(HOVERED_JS, arg=sid, timeout=500, polling=25)
                break
            except Exception:  # noqa: BLE001 - playwright's TimeoutError
                if time.monotonic() > deadline:
                    hovered = page.evaluate("""() => (document.querySelector(
                        '.ff-app .ff-figure .js-plotly-plot')._hoverdata || [])
                        .map(h => [h.data.name, h.customdata ?? null])""")
                    raise AssertionError(
                        f"the point of {sid} drawn at ({x:.0f}, {y:.0f}) is not the one under "
                        f"the pointer: plotly hovers {hovered}") from None
        started = time.perf_counter()
        page.mouse.click(x, y)
        return started

    def play_to(self, stop: Any) -> None:
        """Decide for the human seats until ``stop(game)`` or the game ends."""
        while not self.game.is_over and not stop(self.game):
            if self.game.to_move not in self.humans:  # a bot opens the game
                self.stepper("Bots to my turn")
                continue
            self.decide()

    # ---- seats and stepper
    def set_seat(self, seat: int, label: str) -> None:
        """Choose ``label`` in the seat's drop-down; a bot now to move answers at once."""
        steps = self.app.steps()
        self.app.seat_select(seat).select_option(label=label)
        self.humans = {i for i in self.humans if i != seat} | (
            {seat} if label == "Human" else set())
        game = self.game
        if not game.is_over and game.to_move not in self.humans and self.humans:
            self.app.wait_steps_change(steps, timeout=REDRAW_TIMEOUT)
            saved = self.app.saved_game()
            assert saved.history[:steps] == game.history
            self.game = saved
        wait_until(lambda: self.app.seat_labels()[seat] == label, 10, f"seat {seat + 1}")
        self.check(what="seat change")

    def stepper(self, label: str) -> None:
        steps = self.app.steps()
        started = time.perf_counter()
        self.app.stepper(label).click()
        self.count("stepper: " + label)
        self.app.wait_steps_change(steps, timeout=REDRAW_TIMEOUT)
        saved = self.app.saved_game()
        assert saved.history[:steps] == self.game.history
        self.game = saved
        self.check(started=started, what="stepper")


def click_plan(game: Freedom | SlowFreight,
               action: Any) -> list[tuple[str, str, str | None]] | None:
    """The map clicks that make ``action`` (trace, space, origin picked after), or None when
    it is not made on the map. Movements click the origin first, then the ringed destination;
    a plan is kept only if the app's click rule turns exactly those clicks into ``action``."""
    if not isinstance(game, Freedom):
        return None
    board = game.view_model().board
    spaces = [a for a in action.args if isinstance(a, str) and a in board.spaces]
    if not spaces:
        return None
    sequence = [spaces[0], spaces[-1]] if len(spaces) >= 2 else [spaces[-1]]
    selection = Selection()
    plan: list[tuple[str, str, str | None]] = []
    for k, sid in enumerate(sequence):
        trace = view.TARGETS if sid in view.targets(game, selection.origin) else view.SPACES
        result = FreedomUI().click(game_view(game), trace, sid, selection)
        if k == len(sequence) - 1:
            return [*plan, (trace, sid, None)] if result.action == action else None
        if result.action is not None or result.selection.origin != sid:
            return None
        selection = result.selection
        plan.append((trace, sid, sid))
    return None


def new_game(app: AppPage, seed: int) -> None:
    """Start a new game with ``seed`` (the other options as the form shows them)."""
    app.tab("New game")
    seed_box = app.page.locator(".ff-app .ff-tabs .widget-inline-hbox").filter(
        has=app.page.locator("label.widget-label", has_text=re.compile("^seed$"))
    ).first.locator("input")
    seed_box.fill(str(seed))
    seed_box.press("Tab")
    app.page.locator(".ff-app .ff-tabs button.widget-button", has_text="New game").first.click()
    wait_until(lambda: app.seed() == seed and app.steps() == 0, 30, f"new game seed {seed}")
    app.tab("Log")


def report(name: str, player: Player) -> None:
    summary = {what: {"n": len(ms), "median_ms": round(statistics.median(ms)),
                      "max_ms": round(max(ms))} for what, ms in TIMES.items() if ms}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "whole-games-timing.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    old[name] = {"clicks": player.clicks, "steps": len(player.game.history),
                 "outcome": str(player.game.outcome), "timing": summary}
    path.write_text(json.dumps(old, indent=1))
    print(name, json.dumps(old[name]))
    TIMES.clear()


# ----------------------------------------------------------------------------- Freedom
@pytest.fixture(scope="module")
def freedom(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-whole-freedom")
    yield open_voila_app(bp, voila_server, PLAY_FREEDOM, Freedom)
    bp.page.context.close()


@pytest.fixture
def _shots(freedom: AppPage, final_screenshot: Any) -> None:
    final_screenshot(freedom.bp)


def _start(app: AppPage, seed: int) -> Player:
    game = app.saved_game()
    assert game.seed == seed and game.history == (), (game.seed, game.history)
    player = Player(app, game, {0}, HeuristicBot(), Oracle(game))
    player.check(what="start")
    return player


@pytest.mark.usefixtures("_shots")
def test_freedom_seed_2024_human_against_a_bot_to_the_end(freedom: AppPage) -> None:
    """The notebook's game (issue 10's sequence: roll, tokens, Benefit, map moves, a card,
    end of turn, Slave Market deliveries), then rounds 2-8, every decision a click."""
    player = _start(freedom, 2024)
    assert freedom.seat_labels() == ["Human", BOT]
    player.play_to(lambda g: g.round == 2)
    kinds = {a.kind for a in player.game.history}
    assert {"roll", "buy", "benefit", "move", "play", "card", "end", "deliver"} <= kinds, kinds
    assert player.clicks.get("map: deliver", 0) >= 2, player.clicks
    freedom.bp.screenshot("round-2")
    player.play_to(lambda g: g.round == 5)
    freedom.page.set_viewport_size({"width": 1366, "height": 768})
    freedom.bp.screenshot("round-5-at-1366x768")
    freedom.page.set_viewport_size({"width": 1500, "height": 1300})
    player.play_to(lambda g: False)
    assert player.game.is_over
    assert "Game over." in freedom.prompt()
    assert freedom.saved_game().digest() == player.game.digest()
    report("freedom-2024", player)


@pytest.mark.usefixtures("_shots")
def test_freedom_bot_first_human_second_then_rounds_stepped_to_the_end(
        freedom: AppPage) -> None:
    """New game (seed 7); Player 1 a bot, Player 2 human: the bot opens at the seat change and
    the human plays two rounds by clicks; then both seats are bots and "End of round" plays the
    rest, a round a click. (Every decision of a whole game by clicks is the first test's; this
    one adds the second seat, a bot opening, and the round stepper, at a third of its cost.)"""
    new_game(freedom, 7)
    player = _start(freedom, 7)
    player.set_seat(1, "Human")
    player.set_seat(0, BOT)
    assert player.humans == {1}
    player.play_to(lambda g: g.round == 3)
    assert player.clicks, "the human seat made no decision"
    player.set_seat(1, BOT)
    assert player.humans == set()
    rounds = 0
    while not player.game.is_over:
        before = player.game.round
        player.stepper("End of round")
        assert player.game.is_over or player.game.round == before + 1, (before, player.game.round)
        rounds += 1
    assert rounds <= 6, rounds
    assert "Game over." in freedom.prompt()
    assert freedom.saved_game().digest() == player.game.digest()
    report("freedom-7", player)


@pytest.mark.usefixtures("_shots")
def test_freedom_two_humans_then_bots_stepped_to_the_end(freedom: AppPage) -> None:
    """New game (seed 11): both seats human for two rounds, then both bots, phase by phase."""
    new_game(freedom, 11)
    player = _start(freedom, 11)
    player.set_seat(0, "Human")
    player.set_seat(1, "Human")
    assert player.humans == {0, 1}
    player.play_to(lambda g: g.round == 3)
    player.set_seat(0, BOT)
    player.set_seat(1, BOT)
    assert player.humans == set()
    while not player.game.is_over:
        player.stepper("Next phase")
    assert "Game over." in freedom.prompt()
    report("freedom-11", player)


# ----------------------------------------------------------------------------- Slow Freight
@pytest.fixture(scope="module")
def slow_freight(browser: Any, voila_server: Any, open_page: Any) -> Iterator[AppPage]:
    bp = open_page(browser, "voila-whole-slow-freight")
    yield open_voila_app(bp, voila_server, PLAY_SLOW_FREIGHT, SlowFreight)
    bp.page.context.close()


def test_slow_freight_human_against_two_bots_to_the_end(slow_freight: AppPage,
                                                         final_screenshot: Any) -> None:
    final_screenshot(slow_freight.bp)
    game = slow_freight.saved_game()
    assert game.history == ()
    player = Player(slow_freight, game, {0}, GreedyBot(1), Oracle(game))
    player.check(what="start")
    player.play_to(lambda g: False)
    assert player.game.is_over
    assert "Game over." in slow_freight.prompt()
    assert slow_freight.saved_game().digest() == player.game.digest()
    report("slow-freight-2024", player)
