"""What the student page's parts share: the page's state they read and the few methods one
part calls on another. Each part is a mixin on :class:`StudentBase` in a module of its own
(:mod:`.student_join`, :mod:`.student_lesson`, :mod:`.student_table`); :mod:`.student` puts
them together. Declared here so that no part imports another or :mod:`.student` back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...ui.errors import ErrorArea
from ..pacing import Slide
from ..people import Student
from ..room import Classroom
from ..tables import Table
from .browser_store import BrowserStore
from .common import Heartbeat, LessonBoard, Live


class StudentBase:
    """The student page's state shared by its parts (set by :class:`~.student.StudentPage`)."""

    url: str
    live_wanted: bool
    lang: str | None  # the page's language (None: the default)
    url_lang: str | None  # the language the link asked for (``?lang=``)
    lang_chosen: bool  # whether the student chose it (this page's menu, or a visit before)
    room: Classroom | None
    me: Student | None
    slide: Slide | None
    seat: tuple[str, int, str] | None  # table code, seat, seat token
    seat_game: str  # the game's title at that table
    live: Live | None
    errors: ErrorArea
    heartbeat: Heartbeat
    store: BrowserStore
    store_box: widgets.Box
    board: LessonBoard
    main: widgets.VBox
    join_box: widgets.VBox
    play_area: widgets.VBox
    table_box: widgets.VBox

    if TYPE_CHECKING:  # each comes from another part of the page (the class
        # combining them); declared here for the type checker, never called here
        def _build(self) -> None:
            """The page once joined (:meth:`.student.StudentPage._build`)."""
            ...

        def _arrange(self) -> None:
            """What comes first (:meth:`.student.StudentPage._arrange`)."""
            ...

        def _note_lesson(self) -> None:
            """The line above the lesson (:meth:`.student.StudentPage._note_lesson`)."""
            ...

        def _apply_language(self, lang: str | None) -> None:
            """Draw the page in ``lang`` (:meth:`.student.StudentPage._apply_language`)."""
            ...

        def _kept(self) -> dict[str, Any]:
            """What the browser keeps (:meth:`.student_join.StudentJoin._kept`)."""
            ...

        def _remember(self, seats: dict[str, Any] | None = None) -> None:
            """Keep the tokens (:meth:`.student_join.StudentJoin._remember`)."""
            ...

        def _seated(self, table: Table, seat: int, token: str) -> None:
            """Sit down (:meth:`.student_table.StudentTable._seated`)."""
            ...
