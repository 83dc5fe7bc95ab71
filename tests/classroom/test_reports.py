"""Lesson reports (freight_freedom.classroom.reports) against a small class counted by hand.

The class: Ana, Ben, Cai, Dee and Eve (who never answers), four questions at steps 1, 3, 4 and
6 (nobody answers the one at step 4), up to three tries each, and wrong answers that are one
answer once normalised ("Cincinnati" / " cincinnati!", "Mississippi" / "mississippi.").
"""

from __future__ import annotations

import io
import math
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from freight_freedom.classroom.csv_cells import BOM, pseudonym
from freight_freedom.classroom.reports import (
    AnswerRecord,
    Mark,
    Report,
    WrongAnswer,
    build_report,
    column_header,
    gradebook_csv,
    gradebook_rows,
    question_chart,
    short_prompt,
    student_chart,
)
from freight_freedom.lessons import Choice, FreeText, Question, lesson

ROSTER = ["Ana", "Ben", "Cai", "Dee", "Eve"]
QUESTIONS: dict[int, Question] = {
    1: FreeText(prompt="In which town did John **Rankin** live?", why="", hint="",
                accept=("Ripley",)),
    3: Choice(prompt="Predict before you press Next: how many tokens may a player take?",
              why="", hint="", options=("1", "2", "3"), key=1),
    4: FreeText(prompt="How many points?", why="", hint="", accept=("7",)),
    6: FreeText(prompt="The boat leaves Ripley. Which river does it cross?", why="", hint="",
                accept=("Ohio River", "Ohio")),
}


def R(student: str, step: int, attempt: int, answer: str, correct: bool,
      at: float) -> AnswerRecord:
    return AnswerRecord(student, step, attempt, answer, correct, at)


RECORDS = [
    # step 1 (Q1, key Ripley); Cai's try is listed before Ben's earlier one on purpose
    R("Ana", 1, 1, "Ripley", True, 10),
    R("Cai", 1, 1, "cincinnati", False, 12),
    R("Ben", 1, 1, "Cincinnati", False, 11),
    R("Dee", 1, 1, "Dayton", False, 13),
    R("Ben", 1, 2, " cincinnati!", False, 20),
    R("Cai", 1, 2, "Dayton", False, 21),
    R("Dee", 1, 2, "ripley", True, 22),
    R("Ben", 1, 3, "Ripley", True, 30),
    # step 2 asks no question: left out
    R("Ana", 2, 1, "whatever", True, 5),
    # step 3 (Q2, key "2")
    R("Ana", 3, 1, "3", False, 40),
    R("Ana", 3, 2, "2", True, 41),
    R("Ben", 3, 1, "2", True, 42),
    R("Dee", 3, 1, "3", False, 43),
    R("Dee", 3, 2, "1", False, 44),
    R("Dee", 3, 3, "3", False, 45),
    # step 4 (Q3): nobody answered
    # step 6 (Q4, key Ohio River)
    R("Ana", 6, 1, "the Ohio", True, 50),
    R("Ben", 6, 1, "Mississippi", False, 51),
    R("Cai", 6, 1, "Ohio River", True, 52),
    R("Dee", 6, 1, "mississippi.", False, 53),
    R("Dee", 6, 2, "Ohio", True, 54),
]

# hand counts: (answered, right at the first try, right in the end, tries)
STUDENTS = {
    "Ana": (3, 2, 3, 4),  # Q1 first; Q2 second try; Q4 first
    "Ben": (3, 1, 2, 5),  # Q1 third try; Q2 first; Q4 wrong
    "Cai": (2, 1, 1, 3),  # Q1 wrong twice; Q4 first
    "Dee": (3, 0, 2, 7),  # Q1 second try; Q2 wrong three times; Q4 second try
    "Eve": (0, 0, 0, 0),
}
# step: (number, answered, right first, right in the end, common wrong answers)
QUESTION_COUNTS = {
    1: (1, 4, 1, 3, (WrongAnswer("Cincinnati", 2, 3), WrongAnswer("Dayton", 2, 2))),
    3: (2, 3, 1, 2, (WrongAnswer("3", 2, 3), WrongAnswer("1", 1, 1))),
    4: (3, 0, 0, 0, ()),
    6: (4, 4, 2, 3, (WrongAnswer("Mississippi", 2, 2),)),
}
# gradebook cells in question order (None: not answered), and the totals
FIRST = {"Ana": [1, 0, None, 1], "Ben": [0, 1, None, 0], "Cai": [0, None, None, 1],
         "Dee": [0, 0, None, 0], "Eve": [None, None, None, None]}
FINAL = {"Ana": [1, 1, None, 1], "Ben": [1, 1, None, 0], "Cai": [0, None, None, 1],
         "Dee": [1, 0, None, 1], "Eve": [None, None, None, None]}
HEADERS = ["Q1 In which town did John", "Q2 How many tokens may a",
           "Q3 How many points", "Q4 Which river does it cross"]


@pytest.fixture
def report() -> Report:
    return build_report(RECORDS, ROSTER, QUESTIONS, title="Test lesson")


def test_every_student_number_is_the_hand_count(report: Report) -> None:
    assert [s.name for s in report.student_rows] == ROSTER
    got = {s.name: (s.answered, s.first_right, s.final_right, s.tries)
           for s in report.student_rows}
    assert got == STUDENTS


def test_every_question_number_is_the_hand_count(report: Report) -> None:
    assert [q.step for q in report.question_rows] == [1, 3, 4, 6]
    for q in report.question_rows:
        number, answered, first, final, wrong = QUESTION_COUNTS[q.step]
        assert (q.number, q.label) == (number, f"Q{number}")
        assert (q.answered, q.first_right, q.final_right) == (answered, first, final)
        assert q.common_wrong == wrong
        assert q.prompt == QUESTIONS[q.step].prompt
        assert q.key == QUESTIONS[q.step].key_text()
    q1, q2, q3, q4 = report.question_rows
    assert (q1.first_share, q1.final_share) == (0.25, 0.75)
    assert q2.first_share == pytest.approx(1 / 3) and q2.final_share == pytest.approx(2 / 3)
    assert (q3.first_share, q3.final_share) == (None, None)  # nobody answered: no share
    assert (q4.first_share, q4.final_share) == (0.5, 0.75)
    assert (q2.key, q4.key) == ("2", "Ohio River / Ohio")


def test_marks_per_student_and_question(report: Report) -> None:
    assert report.mark("Ben", 1) == Mark(first=False, final=True, tries=3)
    assert report.mark("Cai", 1) == Mark(first=False, final=False, tries=2)
    assert report.mark("Dee", 3) == Mark(first=False, final=False, tries=3)
    assert report.mark("Eve", 6) is None
    assert report.mark("Ana", 4) is None
    with pytest.raises(KeyError):
        report.mark("Ana", 2)  # step 2 asks no question
    with pytest.raises(KeyError):
        report.mark("Zed", 1)


def test_the_dataframes_match_the_tuples(report: Report) -> None:
    students = report.students
    assert list(students.columns) == ["student", "answered", "first_right", "final_right",
                                      "tries"]
    assert {r.student: (r.answered, r.first_right, r.final_right, r.tries)
            for r in students.itertuples()} == STUDENTS
    questions = report.questions
    assert questions["question"].tolist() == ["Q1", "Q2", "Q3", "Q4"]
    assert questions["step"].tolist() == [1, 3, 4, 6]
    assert questions["answered"].tolist() == [4, 3, 0, 4]
    assert questions["first_right"].tolist() == [1, 1, 0, 2]
    assert questions["final_right"].tolist() == [3, 2, 0, 3]
    assert questions["first_share"].tolist()[:2] == [0.25, pytest.approx(1 / 3)]
    assert math.isnan(questions["first_share"][2]) and math.isnan(questions["final_share"][2])
    assert questions["common_wrong"][0] == (("Cincinnati", 2), ("Dayton", 2))
    grid = report.grid("final")
    assert list(grid.columns) == HEADERS and list(grid.index) == ROSTER
    rows = grid.to_dict("index")
    for name, cells in FINAL.items():
        assert [None if math.isnan(v) else int(v) for v in rows[name].values()] == cells


def test_a_student_off_the_roster_is_kept_and_other_steps_left_out() -> None:
    records = [R("Zed", 1, 1, "Ripley", True, 1), R("Ana", 1, 1, "Dayton", False, 2),
               R("Ana", 9, 1, "x", True, 3)]
    report = build_report(records, ["Ana", "Ana", "Ben"], QUESTIONS)
    assert [(s.name, s.answered, s.tries) for s in report.student_rows] == [
        ("Ana", 1, 1), ("Ben", 0, 0), ("Zed", 1, 1)]
    assert report.title == ""


def test_a_lesson_gives_its_questions_and_title() -> None:
    the = lesson("slowfreight")
    steps = [i for i, s in enumerate(the.steps) if s.question is not None]
    report = build_report([R("Ana", steps[1], 1, "x", False, 1)], ["Ana"], the)
    assert report.title == the.title
    assert [q.step for q in report.question_rows] == steps
    assert report.question_rows[1].answered == 1
    assert report.student_rows[0].first_right == 0


def _read(text_or_path: str | Path) -> pd.DataFrame:
    source = io.StringIO(text_or_path) if isinstance(text_or_path, str) else text_or_path
    return pd.read_csv(source, encoding="utf-8-sig", dtype={"Student": str})


def _cells(frame: pd.DataFrame) -> dict[str, list[int | None]]:
    return {row["Student"]: [None if pd.isna(row[h]) else int(row[h]) for h in HEADERS]
            for _, row in frame.iterrows()}


@pytest.mark.parametrize(("score", "expected"), [("first", FIRST), ("final", FINAL)])
def test_gradebook_reads_back_as_the_hand_counts(report: Report, tmp_path: Path, score: str,
                                                 expected: dict[str, list[int | None]]) -> None:
    path = tmp_path / "gradebook.csv"
    text = gradebook_csv(report, path, score=score)  # type: ignore[arg-type]
    raw = path.read_bytes()
    assert raw.startswith(BOM.encode("utf-8")) and raw.decode("utf-8") == text
    frame = _read(path)
    assert list(frame.columns) == ["Student", *HEADERS, "Total"]
    assert frame["Student"].tolist() == ROSTER
    assert _cells(frame) == expected
    assert dict(zip(frame["Student"], frame["Total"], strict=True)) == {
        name: sum(c for c in cells if c is not None) for name, cells in expected.items()}
    # the BOM (for Excel) comes before the first header, and only there
    assert text.splitlines()[0] == ",".join([BOM + "Student", *HEADERS, "Total"])
    assert text.count(BOM) == 1


def test_gradebook_to_text_and_binary_buffers(report: Report) -> None:
    text, binary = io.StringIO(), io.BytesIO()
    returned = gradebook_csv(report, text, score="final")
    gradebook_csv(report, binary, score="final")
    assert text.getvalue() == returned == binary.getvalue().decode("utf-8")
    assert returned == gradebook_csv(report, score="final")  # nowhere: the text only
    assert returned.splitlines()[2] == "Ben,1,1,,0,2"
    assert _cells(_read(returned)) == FINAL
    with pytest.raises(ValueError, match="'first'"):
        gradebook_csv(report, score="best")  # type: ignore[arg-type]


def test_gradebook_names_that_look_like_formulas_stay_text() -> None:
    names = ["=cmd|'/c calc'!A1", "+1", "-2", "@SUM(A1)", "Zoë"]
    records = [R(n, 1, 1, "Ripley", True, i) for i, n in enumerate(names)]
    text = gradebook_csv(build_report(records, names, QUESTIONS), score="first")
    frame = _read(text)
    assert frame["Student"].tolist() == ["'=cmd|'/c calc'!A1", "'+1", "'-2", "'@SUM(A1)",
                                         "Zoë"]
    assert frame[HEADERS[0]].tolist() == [1] * 5 and frame["Total"].tolist() == [1] * 5


def test_research_gradebook_names_no_one(report: Report) -> None:
    hashes = {name: f"hash-of-{name}" for name in ROSTER}
    text = gradebook_csv(report, score="first", research=True, token_hashes=hashes)
    frame = _read(text)
    by_pseudonym = {pseudonym(h): name for name, h in hashes.items()}
    assert frame["Student"].tolist() == sorted(by_pseudonym)  # not the roster's order
    assert not any(name in text for name in ROSTER)
    assert _cells(frame) == {p: FIRST[by_pseudonym[p]] for p in by_pseudonym}
    with pytest.raises(ValueError, match="token_hashes"):
        gradebook_rows(report, research=True)
    with pytest.raises(ValueError, match="'Eve'"):
        gradebook_rows(report, research=True, token_hashes={n: "h" + n for n in ROSTER[:4]})


def test_column_headers_are_short_and_plain() -> None:
    assert short_prompt("Predict before you press Next: which space loses its person to "
                        "the red catcher?") == "Which space loses its person"
    assert short_prompt("Which card works against the players, as the card for "
                        "Elijah P. Lovejoy did?") == "Which card works against the"
    assert short_prompt("") == ""
    report = build_report([], ["Ana"], lesson("freedom"))
    headers = [column_header(q) for q in report.question_rows]
    assert len(set(headers)) == len(headers)
    assert all(h.startswith(f"Q{n} ") and "*" not in h and len(h.split()) <= 6
               for n, h in enumerate(headers, 1))


def test_question_chart_bars_are_the_report(report: Report) -> None:
    fig = question_chart(report)
    first, final = fig.data
    assert (first.type, first.name, final.name) == ("bar", "Right at the first try",
                                                    "Right in the end")
    assert list(first.x) == list(final.x) == ["Q1", "Q2", "Q3", "Q4"]
    assert list(first.y) == [q.first_share for q in report.question_rows]
    assert list(final.y) == [q.final_share for q in report.question_rows]
    assert first.y[2] is None  # nobody answered Q3: no bar, not a zero
    assert "Rankin" in first.hovertext[0] and "1 of the 4 who answered" in first.hovertext[0]
    assert "Nobody answered yet" in final.hovertext[2]
    layout = fig.layout
    assert layout.barmode == "group"
    assert tuple(layout.yaxis.range) == (0, 1) and layout.yaxis.tickformat == ".0%"
    assert layout.xaxis.title.text == "Question"
    assert layout.yaxis.title.text == "Students who answered it (%)"
    assert layout.title.text == "Test lesson: How many students got each question right"
    assert first.marker.color != final.marker.color and final.marker.pattern.shape == "/"


def test_student_chart_bars_are_the_report(report: Report) -> None:
    fig = student_chart(report)
    first, final = fig.data
    assert list(first.x) == ROSTER
    assert list(first.y) == [STUDENTS[n][1] for n in ROSTER]
    assert list(final.y) == [STUDENTS[n][2] for n in ROSTER]
    assert tuple(fig.layout.yaxis.range) == (0, 4)
    assert fig.layout.yaxis.title.text == "Questions right (of 4)"
    assert "Dee: 0 of 4 questions right at the first try (answered 3, 7 tries)" \
        in first.hovertext


def test_chart_labels_cannot_carry_markup() -> None:
    records = [R("<b>Bo</b>", 1, 1, "x", False, 1)]
    fig = student_chart(build_report(records, [], QUESTIONS))
    assert list(fig.data[0].x) == ["&lt;b&gt;Bo&lt;/b&gt;"]


def _annotations(fig: object) -> list[str]:
    return [a.text for a in fig.layout.annotations]  # type: ignore[attr-defined]


def test_empty_class_and_empty_lesson_give_empty_reports() -> None:
    empty_class = build_report([], [], QUESTIONS)
    assert empty_class.student_rows == () and empty_class.marks == ()
    assert [(q.answered, q.first_share, q.common_wrong) for q in empty_class.question_rows] \
        == [(0, None, ())] * 4
    assert len(empty_class.students) == 0
    assert list(empty_class.students.columns)[0] == "student"
    assert empty_class.questions["answered"].tolist() == [0, 0, 0, 0]
    frame = _read(gradebook_csv(empty_class))
    assert list(frame.columns) == ["Student", *HEADERS, "Total"] and len(frame) == 0
    assert _annotations(question_chart(empty_class)) == ["Nobody has answered yet."]
    assert _annotations(student_chart(empty_class)) == ["No students have joined yet."]

    no_questions = build_report([R("Ana", 0, 1, "x", True, 1)], ["Ana", "Ben"], {})
    assert no_questions.question_rows == ()
    assert [(s.answered, s.tries) for s in no_questions.student_rows] == [(0, 0), (0, 0)]
    assert no_questions.marks == ((), ())
    assert len(no_questions.questions) == 0 and list(no_questions.grid().columns) == []
    frame = _read(gradebook_csv(no_questions, score="final"))
    assert list(frame.columns) == ["Student", "Total"]
    assert frame["Total"].tolist() == [0, 0]
    fig = question_chart(no_questions)
    assert [list(t.x) for t in fig.data] == [[], []]
    assert _annotations(fig) == ["This lesson asks no questions."]
    assert _annotations(student_chart(no_questions)) == ["This lesson asks no questions."]


def test_without_pandas_the_tables_say_what_to_install(report: Report,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"freight-freedom\[analysis\]"):
        report.students  # noqa: B018 (the property reads pandas)
    with pytest.raises(ImportError, match="needs pandas"):
        report.grid()
    # the plain tuples and the gradebook need no pandas
    assert report.student_rows[0].answered == 3
    assert gradebook_csv(report).startswith(BOM + "Student,")


def test_importing_reports_imports_neither_pandas_nor_plotly() -> None:
    code = ("import sys, freight_freedom.classroom.reports; "
            "print(sorted(m for m in ('pandas', 'plotly') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "[]"
