"""The student page's joining: the join form (class code, first name), the rejoin from what the
browser kept (:class:`~.browser_store.BrowserStore`) and the store's upkeep (made again when
its set-up failed on a slow device)."""

from __future__ import annotations

import html
import json
import os
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..errors import ClassroomError
from ..people import Student
from ..room import Classroom
from ..store import CLASS_CODE_LENGTH, check_code
from .browser_store import STORE_PATIENCE, STORE_TRIES, BrowserStore
from .common import box, class_code, kept_note
from .student_base import StudentBase


def _query(name: str) -> str:
    """A value of the page's query string (Voila passes it to the kernel as QUERY_STRING)."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get(name, [])
    return values[0].strip() if values else ""


class StudentJoin(StudentBase):
    """Joining and the browser store of :class:`~.student.StudentPage`."""

    def _join_form(self, code: str | None) -> None:
        """The browser store and the join form (the class code given, else the link's)."""
        self.store = BrowserStore()
        self.store.observe(self.errors.guard(lambda _c: self._browser_loaded()),
                           names="loaded")
        self._store_since, self._store_tries = 0, 0
        self.heartbeat.observe(self.errors.guard(lambda _c: self._check_store()), names="beat")
        wanted = class_code(code) or _query("code")
        self.code = widgets.Text(value=wanted or "", description="Class code",
                                 placeholder="6 letters and digits",
                                 style={"description_width": "90px"},
                                 layout=widgets.Layout(width="300px"))
        self.name = widgets.Text(description="First name", placeholder="your first name",
                                 style={"description_width": "90px"},
                                 layout=widgets.Layout(width="300px"))
        self.join_button = widgets.Button(description="Join", button_style="primary",
                                          icon="sign-in")
        self.join_button.on_click(self.errors.guard(lambda _b: self.join()))
        self.join_message = widgets.HTML()
        for w, name in ((self.code, "ff-student-code"), (self.name, "ff-student-name"),
                        (self.join_button, "ff-student-join")):
            w.add_class(name)
        self.join_box = widgets.VBox([
            widgets.HTML("<h2 style='margin:0 0 6px 0'>Join the class</h2><p style='font-size:"
                         "15px'>Type the class code on the projector and your first name.</p>"),
            self.code, self.name, self.join_button, self.join_message,
            widgets.HTML(f"<p class='ff-student-kept' style='font-size:13px;color:#444;"
                         f"max-width:36em'>{html.escape(kept_note())}</p>")])

    def _kept(self) -> dict[str, Any]:
        try:
            data = json.loads(self.store.keep or self.store.stored or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def _browser_loaded(self) -> None:
        """The browser said what it kept: rejoin with it (a refreshed page)."""
        if self.me is not None or not self.store.loaded:
            return
        kept = self._kept()
        code, token = kept.get("code"), kept.get("token")
        if not isinstance(code, str) or not isinstance(token, str):
            return
        try:
            room = Classroom(self.url, code=code)
            me = room.student(token)
        except ClassroomError:
            self.store.save("")  # another class, or the database was replaced: join again
            return
        seats = kept.get("seats")
        self._joined(room, me, seats if isinstance(seats, dict) else {})

    def join(self, code: str | None = None, name: str | None = None) -> Student:
        """Join with the class code and first name typed (or given)."""
        typed = self.code.value if code is None else code
        first = self.name.value if name is None else name
        try:
            room = Classroom(self.url, code=check_code(typed, "class code",
                                                       CLASS_CODE_LENGTH))
            me = room.join(first)
        except ClassroomError as exc:
            self.join_message.value = box("#fdecea", html.escape(exc.reason), role="alert")
            raise
        self._joined(room, me, {})
        return me

    def _joined(self, room: Classroom, me: Student, seats: dict[str, Any]) -> None:
        self.room, self.me = room, me
        self._remember(seats)
        self.join_box.layout.display = "none"
        self._build()
        for table_code, token in seats.items():
            try:
                table = room.table(table_code)
                self._seated(table, table.rejoin(token), str(token))
                break
            except ClassroomError:
                continue

    def _remember(self, seats: dict[str, Any]) -> None:
        assert self.room is not None and self.me is not None
        self.store.save(json.dumps({"code": self.room.code, "token": self.me.token,
                                    "seats": seats}))

    def _check_store(self) -> None:
        """On a heartbeat: a browser store silent for :data:`STORE_PATIENCE` beats (its set-up
        failed) is made again, up to :data:`STORE_TRIES` times; the new one reads what the
        browser kept (a rejoin) and writes what the page last asked to keep."""
        beat = self.heartbeat.beat
        if self.store.settled:
            self._store_since = beat
            return
        if beat - self._store_since < STORE_PATIENCE or self._store_tries >= STORE_TRIES:
            return
        old, new = self.store, self.store.renewed()
        new.observe(self.errors.guard(lambda _c: self._browser_loaded()), names="loaded")
        self.store, self._store_since = new, beat
        self._store_tries += 1
        self.store_box.children = (new,)
        old.close()
