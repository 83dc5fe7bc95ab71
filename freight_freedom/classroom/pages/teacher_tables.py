"""The teacher page's Tables tab: the New table form (game, options, each seat a student or a
bot), the list of the class's tables live, and Free this seat."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...core import registry
from ...ui.bots import LABELS
from ...ui.newgame import NewGame
from ..errors import ClassroomError
from ..room import Classroom
from ..tables import TableSummary
from .common import ago, box, game_title
from .teacher_base import TeacherBase

STUDENT_SEAT = "a student"
FREE = "free: any student may take it"


def tables_html(summaries: list[TableSummary], now: float | None = None) -> str:
    """Every table on one list: seats, round, phase, whose turn or the result, last move."""
    if not summaries:
        return "<p>No tables yet: open one above.</p>"
    rows = []
    for s in summaries:
        seats = "<br>".join(
            f"{x.seat + 1}: " + (html.escape(x.name) + (" (bot)" if x.kind == "bot" else
                                                     "" if x.held else " (not taken yet)")
                                 if x.name else "<i>free</i>") for x in s.seats)
        turn = "" if s.to_move is None or s.over else next(
            (x.name or f"Player {x.seat + 1}" for x in s.seats if x.seat == s.to_move), "")
        where = (f"over: {html.escape(s.outcome)}" if s.over
                 else f"round {s.round}, {html.escape(s.phase)}")
        game = game_title(s.game)
        rows.append(f"<tr><td><b>{s.code}</b></td><td>{html.escape(game)}</td>"
                    f"<td>{seats}</td><td>{where}</td><td>{html.escape(turn)}</td>"
                    f"<td>{s.step}</td><td>{ago(s.last_moved, now)}</td></tr>")
    return ("<table class='ff-list ff-tables'><tr><th>Table</th><th>Game</th><th>Players</th>"
            "<th>Where</th><th>Turn</th><th>Moves</th><th>Last move</th></tr>"
            + "".join(rows) + "</table>")


class TablesTab(TeacherBase):
    """The Tables tab of :class:`~.teacher.TeacherPage`."""

    def _tables_tab(self) -> widgets.VBox:
        """The New table form (game, options, each seat a student or a bot), the table list
        and Free this seat."""
        guard = self.errors.guard
        self.game_pick = widgets.Dropdown(
            options=[(e.title, e.key) for e in registry.GAMES.values()], description="Game",
            style={"description_width": "55px"}, layout=widgets.Layout(width="330px"))
        self.game_pick.observe(guard(lambda _c: self._new_form()), names="value")
        self.form_box = widgets.VBox()
        self.seat_box = widgets.VBox()
        self.seat_roles: list[widgets.Dropdown] = []
        self.seat_people: list[widgets.Dropdown] = []
        self.table_message = widgets.HTML()
        self.table_list = widgets.HTML()
        self.table_list.add_class("ff-teacher-tables")
        self.free_pick = widgets.Dropdown(description="Seat", options=[],
                                          style={"description_width": "40px"},
                                          layout=widgets.Layout(width="330px"))
        self.free_button = widgets.Button(description="Free this seat", icon="unlock",
                                          tooltip="For a student whose laptop died: they "
                                                  "take the seat again from another device")
        self.free_button.on_click(guard(lambda _b: self.free_seat()))
        tables_tab = widgets.VBox([
            widgets.HTML("<h3 style='margin:4px 0'>Open a table</h3>"), self.game_pick,
            self.form_box, self.table_message,
            widgets.HTML("<h3 style='margin:10px 0 4px 0'>Tables</h3>"), self.table_list,
            widgets.HBox([self.free_pick, self.free_button])])
        return tables_tab

    def _new_form(self) -> None:
        key = self.game_pick.value
        cls = registry.game_entry(key).game_class()
        self.newgame = NewGame(cls, self._opened, self.errors.guard)
        self.newgame.button.description = "Open the table"
        self.newgame.button.icon = "plus"
        self.newgame.button.button_style = "success"
        self.newgame.button.add_class("ff-teacher-open-table")
        players = self.newgame.fields.get("players")
        if players is not None:
            players.observe(self.errors.guard(lambda _c: self._seat_rows()), names="value")
        self._seat_rows()
        options, seed_row = self.newgame.widget.children
        self.form_box.children = [options, widgets.HTML(
            "<b style='font-size:14px'>Who plays each seat</b>"), self.seat_box, seed_row]

    def _players(self) -> int:
        field = self.newgame.fields.get("players")
        return int(field.value) if field is not None else 1

    def _seat_rows(self) -> None:
        entry = registry.game_entry(self.game_pick.value)
        bots = [(LABELS.get(n, n), n) for n in ("random", *entry.app_bots)]
        people = [(FREE, 0)] + [(s.name, s.id) for s in self.teacher.students()]
        self.seat_roles = [widgets.Dropdown(options=[(STUDENT_SEAT, ""), *bots], value="",
                                            description=f"Player {i + 1}",
                                            style={"description_width": "65px"},
                                            layout=widgets.Layout(width="230px"))
                           for i in range(self._players())]
        self.seat_people = [widgets.Dropdown(options=people, value=0, description="",
                                             layout=widgets.Layout(width="260px"))
                            for _ in range(self._players())]
        for role, person in zip(self.seat_roles, self.seat_people, strict=True):
            role.observe(lambda c, p=person: setattr(p.layout, "display",
                                                     "none" if c["new"] else ""),
                         names="value")
        self.seat_box.children = [widgets.HBox([r, p]) for r, p in
                                  zip(self.seat_roles, self.seat_people, strict=True)]

    def open_table(self) -> str:
        """Open a table as the form says (game, options, bots, assigned students); its code."""
        game = self.newgame.start()
        return str(game.__dict__.get("_classroom_table", ""))

    def _opened(self, game: Any) -> None:
        room = self.teacher
        bots = {i: r.value for i, r in enumerate(self.seat_roles) if r.value}
        table = room.new_table(self.game_pick.value, bots=bots, seed=game.seed,
                               **self.newgame.values())
        by_id = {s.id: s for s in room.students()}
        for i, person in enumerate(self.seat_people):
            if i not in bots and person.value:
                table.assign(i, by_id[person.value])
        game.__dict__["_classroom_table"] = table.code
        self.table_message.value = box(
            "#e3f4e1", f"Table <b>{table.code}</b> is open: students take their seats on "
                       "their page.")
        self.refresh()

    def free_seat(self) -> None:
        """Free the chosen seat (a device that held it can no longer play it)."""
        if not self.free_pick.value:
            raise ClassroomError("seat", "choose a seat to free")
        code, seat = self.free_pick.value
        self.teacher.table(code).free(seat)
        self.table_message.value = box("#e3f4e1", f"Player {seat + 1} at table {code} is "
                                                  "free: the student takes it again from "
                                                  "their page.")
        self.refresh()

    def _refresh_tables(self, room: Classroom) -> None:
        tables = room.tables()
        summaries = [t.summary() for t in tables]
        self.table_list.value = tables_html(summaries)
        held = [(f"{s.code} · Player {x.seat + 1} ({x.name})", (s.code, x.seat))
                for s in summaries for x in s.seats if x.kind == "student"]
        if list(self.free_pick.options) != held:
            self.free_pick.options = held
        names = [(FREE, 0)] + [(s.name, s.id) for s in room.students()]
        for person in self.seat_people:
            if list(person.options) != names:
                value = person.value
                person.options = names
                person.value = value if value in dict(names).values() else 0
