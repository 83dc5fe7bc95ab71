"""The teacher page's Students tab: who has joined, and the class's data (remove a student,
close or open joining, end the class, delete it), each lasting change confirmed by a second
click that names it."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..errors import ClassroomError
from ..room import Classroom
from .teacher_base import TeacherBase


class StudentsTab(TeacherBase):
    """The Students tab of :class:`~.teacher.TeacherPage`."""

    def _students_tab(self) -> widgets.VBox:
        """Who has joined, and the class's data: remove a student, close or open joining, end
        the class, delete it. Each lasting change asks for a second click that names it."""
        guard = self.errors.guard
        self.students = widgets.HTML()
        self.students.add_class("ff-teacher-students")
        self.student_pick = widgets.Dropdown(options=[], description="Student",
                                             layout=widgets.Layout(width="260px"))
        self.remove_button = widgets.Button(description="Remove student…", icon="user-times")
        self.remove_button.add_class("ff-teacher-remove")
        self.remove_button.on_click(guard(lambda _b: self._confirm("remove")))
        self.joining_button = widgets.Button(description="Close joining", icon="lock")
        self.joining_button.add_class("ff-teacher-joining")
        self.joining_button.on_click(guard(lambda _b: self.toggle_joining()))
        self.end_button = widgets.Button(description="End the class…", icon="stop")
        self.end_button.on_click(guard(lambda _b: self._confirm("end")))
        self.delete_code = widgets.Text(placeholder="type the class code",
                                        layout=widgets.Layout(width="170px"))
        self.delete_button = widgets.Button(description="Delete the class…", icon="trash",
                                            button_style="danger")
        self.delete_button.on_click(guard(lambda _b: self._confirm("delete")))
        self.confirm_button = widgets.Button(button_style="warning",
                                             layout=widgets.Layout(display="none",
                                                                   width="auto"))
        self.confirm_button.add_class("ff-teacher-confirm")
        self.confirm_button.on_click(guard(lambda _b: self._confirmed()))
        self.cancel_button = widgets.Button(description="Cancel",
                                            layout=widgets.Layout(display="none"))
        self.cancel_button.on_click(lambda _b: self._confirm(None))
        self.data_message = widgets.HTML()
        self._pending: tuple[str, object] | None = None
        return widgets.VBox([
            self.students,
            widgets.HTML("<h3 style='margin:12px 0 4px 0'>The class's data</h3><p style='"
                         "font-size:14px;margin:0 0 6px 0'>Each student's first name, answers "
                         "and moves are kept on this computer until the class is deleted.</p>"),
            widgets.HBox([self.student_pick, self.remove_button]),
            widgets.HBox([self.joining_button, self.end_button]),
            widgets.HBox([self.delete_code, self.delete_button]),
            widgets.HBox([self.confirm_button, self.cancel_button]),
            self.data_message])

    def _confirm(self, what: str | None) -> None:
        """Ask for a second click that says what will happen (``None``: forget the question)."""
        self._pending = None
        label = ""
        if what == "remove":
            student = self.student_pick.value
            if student is None:
                raise ClassroomError("student", "choose a student first")
            self._pending = ("remove", student)
            label = f"Yes, remove {student.name} and their answers"
        elif what == "end":
            self._pending = ("end", None)
            label = "Yes, end the class: no more joins, answers or moves"
        elif what == "delete":
            if self.delete_code.value.strip().upper() != self.teacher.code:
                raise ClassroomError("class code", f"type the class code, "
                                                   f"{self.teacher.code}, to delete the class")
            self._pending = ("delete", None)
            label = "Yes, delete the class and all its data for good"
        shown = "inline-flex" if self._pending else "none"
        self.confirm_button.description = label
        self.confirm_button.layout.display = self.cancel_button.layout.display = shown

    def _confirmed(self) -> None:
        pending, self._pending = self._pending, None
        self._confirm(None)
        if pending is None:
            return
        what, student = pending
        room = self.teacher
        if what == "remove":
            name = room.remove_student(student)  # type: ignore[arg-type]
            self.data_message.value = f"<p>{html.escape(name)} and their answers are removed.</p>"
        elif what == "end":
            room.end()
            self.data_message.value = ("<p>The class has ended. Its answers and games stay "
                                       "here for export until you delete it.</p>")
        elif what == "delete":
            room.delete()
            self.main.children = [widgets.HTML(
                "<h2>The class is deleted</h2><p style='font-size:15px'>Its students, answers, "
                "tables and moves are gone from the class database. Close this page.</p>")]
            if self.live is not None:
                self.live.stop()
            return
        self.refresh()

    def toggle_joining(self) -> None:
        room = self.teacher
        if room.joining:
            room.close_joining()
        else:
            room.open_joining()
        self.refresh()

    def _refresh_students(self, room: Classroom) -> None:
        students = room.students()
        names = [s.name for s in students]
        joining = room.joining
        state = ("" if joining else " &middot; <b>joining is closed</b>"
                 if not room.ended else " &middot; <b>the class has ended</b>")
        self.students.value = (
            f"<h3 style='margin:4px 0'>{len(names)} students have joined{state}</h3>"
            + ("<ol style='columns:3;font-size:15px'>" + "".join(
                f"<li>{html.escape(n)}</li>" for n in names) + "</ol>" if names else
               "<p>Nobody yet: students open the join link and type the class code.</p>"))
        options = [(s.name, s) for s in students]
        if [o[0] for o in self.student_pick.options] != names:
            self.student_pick.options = options
            self.student_pick.value = None
        self.joining_button.description = "Close joining" if joining else "Open joining"
        self.joining_button.icon = "lock" if joining else "unlock"
        self.joining_button.disabled = self.end_button.disabled = room.ended
