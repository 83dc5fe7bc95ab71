"""Students, PINs and codes on both stores: validated and bounded input, and no reaching
another class's data."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from freight_freedom.classroom import AccessDenied, Classroom, ClassroomError, schema


def test_a_new_database_makes_a_class_with_a_pin_stored_only_as_a_hash(url: str) -> None:
    room = Classroom(url)
    assert room.is_teacher and room.pin is not None and len(room.pin) == 6
    assert len(room.code) == 6
    with room.store.read() as conn:
        stored = conn.execute(select(schema.classes.c.pin_hash)).scalar()
    assert room.pin not in str(stored) and str(stored).startswith("scrypt$")
    assert Classroom(url, pin=room.pin).is_teacher
    assert not Classroom(url).is_teacher
    with pytest.raises(AccessDenied, match="not the PIN"):
        Classroom(url, pin="000000" if room.pin != "000000" else "111111")
    student_page = Classroom(url)
    for call in (lambda: student_page.new_table("freedom", players=2),
                 student_page.students):
        with pytest.raises(AccessDenied, match="teacher"):
            call()


@pytest.mark.parametrize("name", ["Ana", "José", "Mary-Kate", "O'Neil", "Li B.", "Zoë",
                                  "  Ana   Maria ", "Łukasz", "محمد", "美玲"])
def test_first_names_of_any_alphabet_are_welcome(url: str, name: str) -> None:
    room = Classroom(url)
    student = room.join(name)
    assert student.name == " ".join(name.split())
    assert room.student(student.token).name == student.name


@pytest.mark.parametrize(("name", "why"), [
    ("", "first name"), ("   ", "first name"), ("A" * 25, "at most 24"),
    ("<script>", "not allowed"), ("Ana1", "not allowed"), ("Ana\x07Ben", "not allowed"),
    ("-Ana", "starts with a letter"), ("Bo'); DROP TABLE x;--", "not allowed"),
    (7, "is text"), (None, "is text")])
def test_bad_names_are_refused_and_nothing_is_stored(url: str, name: object, why: str
                                                     ) -> None:
    room = Classroom(url)
    with pytest.raises(ClassroomError, match=why) as caught:
        room.join(name)
    assert caught.value.field == "name"
    assert room.students() == []


def test_a_name_already_in_the_class_is_refused(url: str) -> None:
    room = Classroom(url)
    room.join("Ana")
    with pytest.raises(ClassroomError, match="add an initial"):
        room.join(" ana ".title())
    assert [s.name for s in room.students()] == ["Ana"]


@pytest.mark.parametrize("code", ["", "ABC", "ABCDEFG", "ABCD0O", "AB CD!", "X" * 10_000, 42])
def test_bad_codes_and_tokens_are_refused_by_shape(url: str, code: object) -> None:
    room = Classroom(url)
    with pytest.raises(ClassroomError, match="class code"):
        Classroom(url, code=code)  # type: ignore[arg-type]
    with pytest.raises(ClassroomError, match="table code"):
        room.table(code)
    with pytest.raises(ClassroomError, match="token"):
        room.student(code)
    with pytest.raises(ClassroomError, match="no class has the code"):
        Classroom(url, code="ZZZZZZ" if room.code != "ZZZZZZ" else "YYYYYY")


def test_no_reaching_another_class(url: str) -> None:
    first = Classroom.create(url, name="Period 1", pin="1111")
    second = Classroom.create(url, name="Period 2", pin="2222")
    with pytest.raises(ClassroomError, match="several classes"):
        Classroom(url)
    with pytest.raises(AccessDenied, match="not the PIN"):
        Classroom(url, code=second.code, pin="1111")
    table = first.new_table("freedom", players=2, seed=1)
    ana = first.join("Ana")
    token = table.claim(0, ana)
    first.lesson.start("freedom")
    first.lesson.go(14)
    first.lesson.answer(ana, "3", step=14)
    ana_again = second.join("Ana")  # the same first name in another class is another person
    with pytest.raises(ClassroomError, match="has no table"):
        second.table(table.code)
    with pytest.raises(AccessDenied, match="no student of this class"):
        second.student(ana.token)
    other_table = second.new_table("freedom", players=2, seed=1)
    with pytest.raises(AccessDenied, match="not a student of class"):
        other_table.claim(0, ana)
    with pytest.raises(AccessDenied, match="does not hold"):
        other_table.play("0:roll", seat=0, step=0, token=token)
    second.lesson.start("freedom")
    second.lesson.go(14)
    with pytest.raises(AccessDenied, match="not a student of class"):
        second.lesson.answer(ana, "3", step=14)
    tally = second.lesson.tally()
    assert tally.answered == () and tally.waiting == ("Ana",)
    assert [s.id for s in second.students()] == [ana_again.id]
    assert [t.code for t in second.tables()] == [other_table.code]
    assert [t.code for t in first.tables()] == [table.code]
