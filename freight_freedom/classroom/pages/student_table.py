"""The student page's game table: the seats on offer (one kept for this student first), taking
one, and the game's play app bound to that seat once seated."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...core.i18n import _
from ...core.say import shown
from ..errors import ClassroomError
from ..tables import Table
from .common import box, game_title, in_language
from .student_base import StudentBase


def short_title(title: str, stop: str) -> str:
    """``title`` up to ``stop``: "Freedom: The Underground Railroad, one round on the board"
    -> "Freedom: The Underground Railroad" (``","``) or "Freedom" (``":"``)."""
    return title.split(stop, 1)[0].strip() or title


def _play_widget(table: Table, seat: int, token: str, lang: str | None) -> widgets.Widget:
    """The play widget of ``seat`` at ``table`` (``classroom.remote.table_app``: the game's
    play app bound to that seat, its words in ``lang``; imported here, on first use, with
    plotly's figure)."""
    from ..remote import table_app

    widget: widgets.Widget = table_app(table, seat, token, lang=lang)
    return widget


class StudentTable(StudentBase):
    """The seats and the table of :class:`~.student.StudentPage`."""

    def _table_widgets(self) -> None:
        """Seat choice, its message and the play area, in the table's box."""
        guard = self.errors.guard
        self.seat_pick = widgets.Dropdown(options=[], style={"description_width": "initial"},
                                          layout=widgets.Layout(width="340px"))
        self.seat_button = widgets.Button(icon="chair")
        self.seat_button.on_click(guard(lambda _b: self.take_seat()))
        self.seat_pick.add_class("ff-student-seats")
        self.seat_button.add_class("ff-student-take")
        self.seat_message = widgets.HTML()
        self.no_seat_shown = False  # the seat message says that no seat is free yet
        self.seat_choice = widgets.HBox([self.seat_pick, self.seat_button])
        self.table_title = widgets.HTML()
        self.table_box.children = [self.table_title, self.seat_choice, self.seat_message,
                                   self.play_area]
        self._label_table()

    def _label_table(self) -> None:
        """The table's fixed words, in the language of the moment (the seats on offer follow
        with the next refresh)."""
        self.seat_pick.description = _("Seat")
        self.seat_button.description = _("Take this seat")
        self.table_title.value = ("<h3 style='margin:10px 0 4px 0'>"
                                  + html.escape(_("Your game table")) + "</h3>")
        if self.no_seat_shown:
            self.seat_message.value = self._no_seat()

    @staticmethod
    def _no_seat() -> str:
        return ("<p style='font-size:14px;color:#555'>"
                + html.escape(_("No free seat yet: your teacher opens the tables.")) + "</p>")

    def _playing(self) -> bool:
        """Whether this student sits at a table whose game is not over."""
        apps = self.play_area.children
        game = getattr(apps[0], "game", None) if apps else None
        return self.seat is not None and game is not None and not game.is_over

    def _choosing(self) -> bool:
        """Whether seats are on offer to this student, who has none yet."""
        pick = getattr(self, "seat_pick", None)
        return self.seat is None and pick is not None and bool(pick.options)

    # ------------------------------------------------------------------ the table
    def _refresh_table(self) -> None:
        assert self.room is not None and self.me is not None
        if self.seat is not None:  # the play app follows its table itself
            return
        free = []
        kept = []
        for table in self.room.tables():
            for s in table.seats():
                if s.kind == "open" or (s.kind == "student" and s.name == self.me.name
                                        and not s.held):
                    game = short_title(shown(game_title(table.game_name)), ":")
                    facts = {"table": table.code, "game": game, "n": s.seat + 1}
                    if s.kind == "student":
                        label = _("Table {table} ({game}) · Player {n} (kept for you)").format(
                            **facts)
                        kept.append((table.code, s.seat))
                    else:
                        label = _("Table {table} ({game}) · Player {n}").format(**facts)
                    free.append((label, (table.code, s.seat)))
        if list(self.seat_pick.options) != free:
            chosen = self.seat_pick.value
            self.seat_pick.options = free
            seats = [v for _label, v in free]
            if seats:  # never an empty box: the seat chosen, else one kept for them, else one
                self.seat_pick.value = chosen if chosen in seats else (kept or seats)[0]
        self.seat_choice.layout.display = "" if free else "none"
        if not free and not self.seat_message.value:
            self.seat_message.value = self._no_seat()
            self.no_seat_shown = True
        elif free and self.no_seat_shown:
            self.seat_message.value = ""
            self.no_seat_shown = False

    @in_language
    def take_seat(self, choice: tuple[str, int] | None = None) -> int:
        """Take the chosen seat (or ``choice``: table code, seat); the seat taken."""
        assert self.room is not None and self.me is not None
        picked = self.seat_pick.value if choice is None else choice
        if not picked:
            raise ClassroomError("seat", _("choose a seat first"))
        code, seat = picked
        table = self.room.table(code)
        try:
            token = table.claim(seat, self.me)
        except ClassroomError as exc:
            self.seat_message.value = box("#fdecea", html.escape(exc.reason), role="alert")
            self.no_seat_shown = False
            self._refresh_table()
            return -1
        seats = self._kept().get("seats")
        kept = dict(seats) if isinstance(seats, dict) else {}
        kept[table.code] = token
        self._remember(kept)
        self._seated(table, seat, token)
        return seat

    def _seated(self, table: Table, seat: int, token: str) -> None:
        self.seat = (table.code, seat, token)
        self.seat_game = game_title(table.game_name)
        self.seat_choice.layout.display = "none"
        self.seat_message.value = ""
        self.no_seat_shown = False
        self.play_area.children = [_play_widget(table, seat, token, self.lang)]
        self._arrange()
