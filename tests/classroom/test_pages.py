"""The classroom's pages driven without a browser: build the widgets, press their buttons with
``.click()``, and check what they show against the store (SQLite file per test)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from freight_freedom.classroom.pages import (
    NOTEBOOKS,
    ProjectorPage,
    StudentPage,
    TeacherPage,
    student_page,
    teacher_page,
)
from freight_freedom.classroom.pages.common import DB_ENV, EXPORT_ENV, STALE, qr_svg
from freight_freedom.classroom.remote import link_of
from freight_freedom.lessons import lesson

ROOT = Path(__file__).resolve().parents[2]
FREE_TEXT_STEP = 14  # Freedom lesson: "The Slave Market", a typed answer ("3 / three ...")
CHOICE_STEP = 11  # "A General card", multiple choice


def tree(widget: Any) -> list[Any]:
    """``widget`` and everything under it (children, tabs, boxes)."""
    out = [widget]
    for child in getattr(widget, "children", ()) or ():
        out += tree(child)
    return out


def page_text(widget: Any) -> str:
    """Every synced value of a page's widgets, as the browser receives them (JSON)."""
    states = []
    for w in tree(widget):
        state = w.get_state()
        state.pop("layout", None)
        state.pop("style", None)
        states.append(json.dumps(state, default=str))
    return "\n".join(states)


def teacher(db: tuple[str, str, str]) -> TeacherPage:
    page = TeacherPage(db[0], live=False)
    assert page.login(db[2])
    return page


def student(db: tuple[str, str, str], name: str) -> StudentPage:
    page = StudentPage(db[0], live=False)
    page.code.value = db[1]
    page.name.value = name
    page.join_button.click()
    assert page.me is not None and page.me.name == name, page.join_message.value
    return page


def test_the_teacher_page_shows_nothing_before_the_pin(db: tuple[str, str, str]) -> None:
    page = TeacherPage(db[0], live=False)
    assert page.main.children == () and page.room is None
    page.pin.value = "999999" if db[2] != "999999" else "888888"
    page.login_button.click()
    assert "not the PIN" in page.login_message.value
    assert page.main.children == () and page.pin.value == ""
    page.pin.value = db[2]
    page.login_button.click()
    assert page.room is not None and page.room.is_teacher
    assert page.login_box.layout.display == "none"
    assert db[1] in page.header.value and "student.ipynb?code=" in page.header.value
    assert db[2] not in page_text(page.widget)  # the PIN is not kept in the page


def test_pin_attempts_are_limited_on_the_teacher_page(db: tuple[str, str, str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from freight_freedom.classroom import room as room_module

    now = [1000.0]
    monkeypatch.setattr(room_module, "PIN_GUARD", room_module.PinGuard(lambda: now[0]))
    page = TeacherPage(db[0], live=False)
    wrong = "999999" if db[2] != "999999" else "888888"
    for _ in range(room_module.PIN_TRIES):
        assert not page.login(wrong)
    assert not page.login(db[2])  # even the right PIN waits out the minute
    assert "5 wrong PINs" in page.login_message.value and "wait" in page.login_message.value
    now[0] += room_module.PIN_LOCKOUT + 1
    assert page.login(db[2])


def test_the_teacher_paces_students_answer_and_the_tally_follows(
        db: tuple[str, str, str]) -> None:
    t = teacher(db)
    ana, ben, cy = (student(db, n) for n in ("Ana", "Ben", "Cy"))
    assert "Wait for your teacher" in ana.slide_view.value
    t.start_button.click()
    t.step_pick.value = FREE_TEXT_STEP
    question = lesson("freedom").steps[FREE_TEXT_STEP].question
    assert question is not None
    for page in (ana, ben, cy):
        page.refresh()
        assert page.slide is not None and page.slide.step == FREE_TEXT_STEP
        assert page.answer_box.layout.display == ""
    # the key is only on the teacher's page before the reveal
    assert question.key_text() in t.slide.value
    for page in (ana, ben, cy):
        text = page_text(page.widget)
        assert question.key_text() not in text and question.why not in text
    ana.answer_text.value = "three"
    ana.answer_button.click()
    assert "Right" in ana.feedback.value
    ben.answer_text.value = "five"
    ben.answer_button.click()
    assert "Not quite" in ben.feedback.value
    assert question.key_text() not in page_text(ben.widget)
    t.refresh()
    assert "Answered: 2 of 3" in t.tally.value and "still thinking: Cy" in t.tally.value
    assert "Right at the first try: <b>1</b> (Ana)" in t.tally.value
    assert "&ldquo;five&rdquo; &times;1" in t.tally.value
    t.reveal_button.click()
    assert t.reveal_button.disabled
    cy.refresh()
    # the students read one answer, the first accepted, not the teacher's list of them
    assert "<b>Answer:</b> 3<br>" in cy.slide_view.value and cy.answer_button.disabled
    assert question.key_text() not in cy.slide_view.value
    assert question.key_text() in t.slide.value
    cy.answer_text.value = "3"
    assert "revealed" in cy.answer("3")
    t.next_button.click()
    ana.refresh()
    assert ana.slide is not None and ana.slide.step == FREE_TEXT_STEP + 1
    assert ana.answer_box.layout.display == "none"
    t.back_button.click()
    assert t.teacher.lesson.now().step == FREE_TEXT_STEP  # type: ignore[union-attr]


def test_a_choice_question_is_answered_by_its_option(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    ana = student(db, "Ana")
    t.start()
    t.go(CHOICE_STEP)
    ana.refresh()
    question = lesson("freedom").steps[CHOICE_STEP].question
    assert question is not None
    assert [label for label, _ in ana.choices.options] == list(question.options)
    assert question.why not in page_text(ana.widget)
    ana.answer_button.click()
    assert "choose one of the answers" in ana.errors.text
    ana.choices.value = question.options.index(question.key_text())
    ana.answer_button.click()
    assert "Right" in ana.feedback.value
    assert t.teacher.lesson.tally().first_right == ("Ana",)


def test_a_refreshed_student_page_rejoins_from_what_the_browser_kept(
        db: tuple[str, str, str]) -> None:
    t = teacher(db)
    t.start()
    table = t.teacher.new_table("freedom", players=2, seed=3)
    ana = student(db, "Ana")
    ana.refresh(force=True)
    assert (table.code, 0) in [v for _, v in ana.seat_pick.options]
    ana.seat_pick.value = (table.code, 1)
    ana.seat_button.click()
    assert ana.seat is not None and ana.seat[:2] == (table.code, 1)
    kept = ana.store.keep
    assert json.loads(kept)["code"] == db[1]
    # the page is reloaded: a new kernel, the browser hands back what it kept
    again = StudentPage(db[0], live=False)
    again.store.stored = kept
    again.store.loaded = True
    assert again.me is not None and again.me.name == "Ana"
    assert again.join_box.layout.display == "none"
    assert again.seat is not None and again.seat[:2] == (table.code, 1)
    assert "Player 2" in page_text(again.play_area)
    # a token of nothing in this class: the page asks to join again, and forgets it
    other = StudentPage(db[0], live=False)
    other.store.stored = json.dumps({"code": db[1], "token": "x" * 32})
    other.store.loaded = True
    assert other.me is None and other.store.keep == ""


def _beat(page: StudentPage, times: int = 1) -> None:
    """The browser's heartbeat, as the page's Heartbeat widget sends it."""
    for _ in range(times):
        page.heartbeat.beat += 1


def test_a_browser_store_whose_set_up_failed_is_made_again(db: tuple[str, str, str]) -> None:
    """A slow device can drop a widget's set-up (anywidget gives a model 2 s): the store never
    says what the browser kept nor confirms the token. The page makes it again after
    STORE_PATIENCE heartbeats, asking for the same token, at most STORE_TRIES times."""
    from freight_freedom.classroom.pages.student import STORE_PATIENCE, STORE_TRIES

    ana = student(db, "Ana")
    first, page = ana.store, ana.widget.children
    assert first.asked == 1 and not first.settled and json.loads(first.keep)["code"] == db[1]
    _beat(ana, STORE_PATIENCE - 1)
    assert ana.store is first  # not yet: a page may take a beat to show
    _beat(ana)
    second = ana.store
    assert second is not first and ana.store_box.children == (second,)
    assert first.comm is None  # closed
    # the page's own list is the same: the browser draws nothing else again (the table app)
    assert ana.widget.children == page
    assert (second.keep, second.asked, second.written) == (first.keep, first.asked, 0)
    # the new one shows: it reads what the browser kept and writes the token (the ESM's part)
    second.stored, second.loaded, second.written = "", True, second.asked
    assert second.settled
    _beat(ana, 3 * STORE_PATIENCE)
    assert ana.store is second  # a confirmed store is kept
    # a store that never shows is made again at most STORE_TRIES times
    ana.store.save(ana.store.keep)
    for _ in range((STORE_TRIES + 2) * STORE_PATIENCE):
        _beat(ana)
    assert len(ana.store_box.children) == 1 and ana._store_tries == STORE_TRIES


def test_a_refreshed_page_rejoins_through_a_remade_store(db: tuple[str, str, str]) -> None:
    """The refreshed page's first store never answered; the one made after it reads the token
    the browser kept, and the page rejoins as Ana without the teacher."""
    from freight_freedom.classroom.pages.student import STORE_PATIENCE

    ana = student(db, "Ana")
    kept = ana.store.keep
    again = StudentPage(db[0], live=False)
    _beat(again, STORE_PATIENCE)
    assert again.me is None and again.store.asked == 0  # nothing to write: only to read
    again.store.stored, again.store.loaded = kept, True
    assert again.me is not None and again.me.name == "Ana"
    assert again.join_box.layout.display == "none"


def test_joining_refuses_a_bad_code_or_a_taken_name(db: tuple[str, str, str]) -> None:
    student(db, "Ana")
    page = StudentPage(db[0], live=False)
    page.code.value = "ZZZZZZ"
    page.name.value = "Ben"
    page.join_button.click()
    assert "no class has the code" in page.join_message.value and page.me is None
    page.code.value = db[1]
    page.name.value = "Ana"
    page.join_button.click()
    assert "already joined" in page.join_message.value and page.me is None


def test_the_teacher_opens_tables_assigns_and_frees_seats(db: tuple[str, str, str],
                                                          tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    t = teacher(db)
    ana, ben = student(db, "Ana"), student(db, "Ben")
    t.tabs.selected_index = 2
    t.newgame.fields["players"].value = 3
    assert len(t.seat_roles) == 3
    t.refresh()
    t.seat_roles[2].value = "heuristic"
    t.seat_people[0].value = ana.me.id  # type: ignore[union-attr]
    t.newgame.seed.value = "5"
    t.newgame.button.click()
    assert not t.errors.text, t.errors.text
    (table,) = t.teacher.tables()
    assert [s.kind for s in table.seats()] == ["student", "open", "bot"]
    assert table.game.seed == 5
    assert table.code in t.table_message.value
    t.refresh()
    assert table.code in t.table_list.value and "Ana (not taken yet)" in t.table_list.value
    # Ben sees only the open seat; Ana her own
    ben.refresh(force=True)
    assert [v for _, v in ben.seat_pick.options] == [(table.code, 1)]
    ana.refresh(force=True)
    assert [v for _, v in ana.seat_pick.options] == [(table.code, 0), (table.code, 1)]
    assert ana.take_seat((table.code, 0)) == 0
    assert ben.take_seat((table.code, 0)) == -1 and "Ana holds" in ben.seat_message.value
    (app,) = ana.play_area.children  # the play app, bound to her seat of this table
    assert (link_of(app).table.code, link_of(app).seat) == (table.code, 0)
    t.refresh()
    assert "Ana" in t.table_list.value and "(not taken yet)" not in t.table_list.value
    t.free_pick.value = (table.code, 0)
    t.free_button.click()
    assert table.seats()[0].kind == "open"
    # export: downloads, and files in the export folder
    monkeypatch.setenv(EXPORT_ENV, str(tmp_path / "out"))
    t.tabs.selected_index = 3
    t.export_button.click()
    assert "answers.csv" in t.export_links.value and "results.csv" in t.export_links.value
    assert (tmp_path / "out" / "results.csv").read_text().count(table.code) == 1
    assert list((tmp_path / "out" / "games").glob(f"{table.code}-freedom.json"))


def test_a_student_at_a_table_in_play_sees_the_table_first(db: tuple[str, str, str]) -> None:
    """The seat's play app comes before the lesson while the game goes on (a line at the top
    says where the lesson is, and that a question waits); the lesson comes first again once
    the game is over. The seats on offer name the game by its title."""
    t = teacher(db)
    t.start()
    t.go(FREE_TEXT_STEP)
    table = t.teacher.new_table("slowfreight", players=2, seed=3, track_supply=9,
                                bots={1: "greedy"})
    ana = student(db, "Ana")
    assert [label for label, _ in ana.seat_pick.options] == [
        f"Table {table.code} (Slow Freight) · Player 1"]
    assert not ana.table_first and ana.lesson_note.layout.display == "none"
    ana.take_seat((table.code, 0))
    order = {w: int(w.layout.order) for w in (ana.table_box, ana.lesson_note, ana.lesson_row)}
    assert order[ana.lesson_note] < order[ana.table_box] < order[ana.lesson_row]
    assert ana.lesson_note.layout.display == ""
    assert f"step {FREE_TEXT_STEP + 1}" in ana.lesson_note.value
    assert "a question is waiting" in ana.lesson_note.value
    t.reveal()
    ana.refresh()
    assert "step" in ana.lesson_note.value and "question" not in ana.lesson_note.value
    link = link_of(ana.play_area.children[0])
    while not table.game.is_over:  # the game to its end (Player 1 by the table's own bot)
        game = table.game
        if game.to_move == 0:
            t.teacher.table(table.code).play(game.legal_actions()[0], seat=0, step=table.step)
        else:
            table.play_bots(max_moves=1)
    link.sync()
    ana.refresh()
    assert not ana.table_first and ana.lesson_note.layout.display == "none"
    assert int(ana.lesson_row.layout.order) < int(ana.table_box.layout.order)
    link.stop()


def test_a_bad_table_option_is_shown_and_nothing_is_opened(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    t.tabs.selected_index = 2
    t.newgame.seed.value = "not a number"
    t.newgame.button.click()
    assert "seed" in t.newgame.error.value
    assert t.teacher.tables() == []


def test_the_projector_shows_how_to_join_and_never_the_key(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    p = ProjectorPage(db[0], live=False)
    assert db[1] in p.join.value and "<svg" in p.join.value
    assert "student.ipynb" in p.join.value
    t.start()
    t.go(FREE_TEXT_STEP)
    p.refresh()
    question = lesson("freedom").steps[FREE_TEXT_STEP].question
    assert question is not None
    assert question.prompt[:30] in p.slide.value
    assert question.key_text() not in page_text(p.widget)
    assert p.board.figure is not None
    # the lesson has started: the step takes the screen, the join panel is one line
    assert "font-size:96px" not in p.join.value and db[1] in p.join.value
    t.reveal()
    p.refresh()
    assert "<b>Answer:</b> 3<br>" in p.slide.value and question.key_text() not in p.slide.value
    table = t.teacher.new_table("freedom", players=2, seed=1, bots={1: "random"})
    p.refresh()
    assert (f"table {table.code} (Freedom: The Underground Railroad)", table.code) in \
        p.choose.options
    p.choose.value = table.code
    assert f"Table {table.code}" in p.table.value and p.lesson_box.layout.display == "none"
    # the table's board takes the screen: the join panel is one line, the code still on it
    assert "font-size:96px" not in p.join.value and db[1] in p.join.value
    assert p.widget.children.index(p.table_board) < p.widget.children.index(p.table)
    t.tabs.selected_index = 2
    t.refresh()
    assert "Freedom: The Underground Railroad" in t.table_list.value
    p.show_join.value = False
    assert p.join.layout.display == "none"


def test_the_board_changes_once_the_browser_has_drawn_it(db: tuple[str, str, str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from freight_freedom.classroom.pages import common

    t = teacher(db)
    t.start()
    p = ProjectorPage(db[0], live=False)
    assert p.board.shown == ("freedom", 0) and len(p.board.figure.data) > 0
    t.go(5)
    p.refresh()
    assert p.board.shown == ("freedom", 0)  # the browser has not drawn the page yet
    monkeypatch.setattr(common, "SETTLE", 0.0)
    p.heartbeat.beat += 1
    p.refresh()
    expected = lesson("freedom").game_at(5).figure()
    assert p.board.shown == ("freedom", 5)
    assert len(p.board.figure.data) == len(expected.data)


def test_the_board_sends_each_step_in_as_few_redraws_as_it_takes() -> None:
    """Every change of the board's figure redraws the whole map in every student's browser:
    a step whose board is the same sends nothing, a step with the same traces sends one update
    (its highlight ring added or taken away: one more); and the figure is then exactly the one
    drawn fresh for that step (a class of 26 waited seconds for the next step's text while the
    browsers redrew the map three times a step)."""
    from freight_freedom.classroom.pages.common import LessonBoard

    board = LessonBoard(640)
    sent: list[str] = []
    def counting(name: str) -> Any:
        send = getattr(board.figure, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            sent.append(name)
            return send(*args, **kwargs)

        return counted

    for name in ("_send_addTraces_msg", "_send_deleteTraces_msg", "_send_relayout_msg",
                 "_send_restyle_msg", "_send_update_msg"):
        setattr(board.figure, name, counting(name))
    the = lesson("freedom")
    before = board._figure("freedom", 0).to_plotly_json()
    for step in [*range(len(the.steps)), 3, 14, 0]:
        sent.clear()
        board._change(board._figure("freedom", step))
        fresh = board._figure("freedom", step).to_plotly_json()
        shown = board.figure.to_plotly_json()
        for trace in shown["data"]:
            trace.pop("uid", None)
        assert shown == fresh, f"step {step + 1}: the board differs from a fresh one"
        if fresh == before:
            assert sent == [], f"step {step + 1}: the same board sent {sent}"
        else:
            # one update, and the ring added or deleted: never everything deleted and added
            assert 1 <= len(sent) <= 2 and len(set(sent)) == len(sent), (step, sent)
            assert not {"_send_addTraces_msg", "_send_deleteTraces_msg"} <= set(sent), sent
        before = fresh


def test_the_pages_follow_the_store_live_from_their_thread(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    t.start()
    ana = StudentPage(db[0], live=True)
    ana.join(db[1], "Ana")
    try:
        assert ana.live is not None and ana.live.running
        began = time.monotonic()
        t.go(3)
        while (ana.slide is None or ana.slide.step != 3) and time.monotonic() - began < 5:
            time.sleep(0.02)
        seen = time.monotonic() - began
        assert ana.slide is not None and ana.slide.step == 3
        assert seen < 1.5, f"the student page saw the step after {seen:.2f} s"
    finally:
        ana.close()
    assert not ana.live.running


def test_a_page_no_browser_shows_any_more_stops_following_the_store(
        db: tuple[str, str, str]) -> None:
    now = [0.0]
    t = teacher(db)
    t.start()
    ana = student(db, "Ana")
    ana.heartbeat.clock = lambda: now[0]
    assert ana.live is not None and ana.heartbeat.alive  # loading: no beat yet
    ana.heartbeat.beat += 1
    now[0] = STALE - 1
    t.go(2)
    ana.live.step()
    assert ana.slide is not None and ana.slide.step == 2 and ana.live.ticks == 1
    now[0] = STALE + 1  # the tab was closed or reloaded: no beat for a minute
    t.go(3)
    ana.live.step()
    assert ana.slide.step == 2 and ana.live.ticks == 1
    ana.heartbeat.beat += 1  # the laptop woke up: the page follows again
    ana.live.step()
    assert ana.slide is not None and ana.slide.step == 3


def test_a_page_opened_without_a_class_says_how_to_start_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DB_ENV, raising=False)
    for make in (teacher_page, student_page):
        widget = make()
        assert isinstance(widget, widgets.HTML)
        assert "freight-freedom classroom" in widget.value


def test_the_notebooks_are_the_ones_the_package_writes() -> None:
    from freight_freedom.classroom.pages import notebook_json

    for name in NOTEBOOKS:
        path = ROOT / "notebooks" / "classroom" / f"{name}.ipynb"
        assert path.read_text(encoding="utf-8") == notebook_json(name), path


def test_the_qr_code_is_an_svg_of_the_link() -> None:
    svg = qr_svg("http://192.168.1.20:8866/voila/render/student.ipynb?code=K7QX2M")
    assert svg.startswith("<svg") and "path" in svg
