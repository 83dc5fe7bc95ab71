"""What the teacher page's tabs share: the page's state they read and the few methods a tab
calls on the page. Each tab is a mixin on :class:`TeacherBase` in a module of its own
(:mod:`.teacher_lesson`, :mod:`.teacher_students`, :mod:`.teacher_tables`,
:mod:`.teacher_records`); :mod:`.teacher` puts them together. Declared here so that no tab
module imports :mod:`.teacher` back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from ...ui.errors import ErrorArea
from ..errors import ClassroomError
from ..room import Classroom
from .common import Live


class TeacherBase:
    """The teacher page's state shared by its tabs (set by :class:`~.teacher.TeacherPage`)."""

    room: Classroom | None
    live: Live | None
    errors: ErrorArea
    main: widgets.VBox
    tabs: widgets.Tab
    version: int

    @property
    def teacher(self) -> Classroom:
        if self.room is None:
            raise ClassroomError("pin", "type the teacher's PIN first")
        return self.room

    if TYPE_CHECKING:  # each comes from another part of the page (the class
        # combining them); declared here for the type checker, never called here
        def refresh(self) -> None:
            """Bring the open tab up to date (:meth:`.teacher.TeacherPage.refresh`)."""
            ...
