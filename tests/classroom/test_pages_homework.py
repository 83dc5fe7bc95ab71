"""Homework on the classroom pages (no browser): the teacher starts a student-paced run; each
student's page has its own Back and Next, resumes at its step after a reload; the teacher's
page shows each student's progress; the Runs tab reopens a run with its report; the projector
says it is homework; a bad closing date is said in words and nothing starts."""

from __future__ import annotations

import json

from freight_freedom.classroom.pages import ProjectorPage, StudentPage

from .test_pages import page_text, student, teacher
from .test_runs import TEXT


def test_homework_on_the_pages(db: tuple[str, str, str]) -> None:
    t = teacher(db)
    t.mode_pick.value = "self"
    t.closes_text.value = "2020-01-01"
    t.start()
    assert "passed" in t.lesson_message.value and t.teacher.lesson.runs() == []
    t.closes_text.value = ""
    t.key_pick.value = "tries"
    t.start()
    ana, ben = student(db, "Ana"), student(db, "Ben")
    for page in (ana, ben):
        page.refresh(force=True)
        assert page.own_row.layout.display == "" and page.own_back.disabled
        assert "Traceback" not in page_text(page.widget)
    for _ in range(TEXT):
        ana.own_next.click()
    assert ana.slide is not None and ana.slide.step == TEXT
    assert ana.answer("7") and not ana.slide.right
    assert "2 tries left" in ana.closed_note.value
    assert ana.answer("3")
    assert ana.slide.right and ana.slide.key is not None and ana.answer_button.disabled
    ben.own_next.click()
    t.refresh()
    assert "ff-teacher-progress" in t.tally.value and "Ana" in t.tally.value
    assert f"{TEXT + 1} of" in t.tally.value and t.back_button.disabled
    # Ana reloads her page: she lands on her step
    again = StudentPage(db[0], live=False)
    again.store.stored = ana.store.keep
    again.store.loaded = True
    assert again.slide is not None and again.slide.step == TEXT and again.slide.right
    assert json.loads(ana.store.keep)["code"] == db[1]
    projector = ProjectorPage(db[0], live=False)
    assert "Homework" in projector.slide.value
    # the Runs tab: the run, its progress, a question's tally and the report with its chart
    t.tabs.selected_index = 4
    t.refresh()
    assert "homework" in t.run_pick.options[0][0]
    t.run_step.value = TEXT
    t.report_button.value = True
    assert "ff-report-students" in t.run_view.value and t.run_chart.children
    t.end_run()
    ben.refresh()
    assert ben.slide is not None and ben.slide.closed
    assert "closed" in ben.own_note.value
    t.tabs.selected_index = 3
    t.export()
    assert "gradebook-run-" in t.export_links.value
