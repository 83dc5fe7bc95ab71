"""The student page's joining: the join form (class code, first name), the rejoin from what the
browser kept (:class:`~.browser_store.BrowserStore`) and the store's upkeep (made again when
its set-up failed on a slow device)."""

from __future__ import annotations

import contextlib
import html
import json
from typing import Any

import ipywidgets as widgets

from ...core.errors import OptionError
from ...core.i18n import _, check_language, using
from ..errors import ClassroomError
from ..people import Student
from ..room import Classroom
from ..store import CLASS_CODE_LENGTH, check_code
from .browser_store import STORE_PATIENCE, STORE_TRIES, BrowserStore
from .common import box, class_code, in_language, kept_note
from .common import query as _query
from .student_base import StudentBase


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
        self.code = widgets.Text(value=wanted or "", style={"description_width": "90px"},
                                 layout=widgets.Layout(width="300px"))
        self.name = widgets.Text(style={"description_width": "90px"},
                                 layout=widgets.Layout(width="300px"))
        self.join_button = widgets.Button(button_style="primary", icon="sign-in")
        self.join_button.on_click(self.errors.guard(lambda _b: self.join()))
        self.join_message = widgets.HTML()
        for w, name in ((self.code, "ff-student-code"), (self.name, "ff-student-name"),
                        (self.join_button, "ff-student-join")):
            w.add_class(name)
        self.join_title = widgets.HTML()
        self.join_kept = widgets.HTML()
        self.join_box = widgets.VBox([self.join_title, self.code, self.name, self.join_button,
                                      self.join_message, self.join_kept])
        self._label_join()

    def _label_join(self) -> None:
        """The join form's words, in the language of the moment."""
        self.code.description = _("Class code")
        self.code.placeholder = _("6 letters and digits")
        self.name.description = _("First name")
        self.name.placeholder = _("your first name")
        self.join_button.description = _("Join")
        self.join_title.value = (
            "<h2 style='margin:0 0 6px 0'>" + html.escape(_("Join the class"))
            + "</h2><p style='font-size:15px'>"
            + html.escape(_("Type the class code on the projector and your first name."))
            + "</p>")
        self.join_kept.value = ("<p class='ff-student-kept' style='font-size:13px;color:#444;"
                                f"max-width:36em'>{html.escape(kept_note())}</p>")

    def _kept(self) -> dict[str, Any]:
        try:
            data = json.loads(self.store.keep or self.store.stored or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def _browser_loaded(self) -> None:
        """The browser said what it kept: rejoin with it (a refreshed page), in the language
        the student chose last time (kept too)."""
        if self.me is not None or not self.store.loaded:
            return
        kept = self._kept()
        lang = kept.get("lang")
        if not self.lang_chosen and isinstance(lang, str):
            with contextlib.suppress(OptionError):  # a catalog since removed: the default
                self._apply_language(check_language(lang))
                self.lang_chosen = True
        code, token = kept.get("code"), kept.get("token")
        if not isinstance(code, str) or not isinstance(token, str):
            if self.lang_chosen and lang != self.lang:  # chosen before the browser answered
                self.store.save(json.dumps({"lang": self.lang}))
            return
        try:
            room = Classroom(self.url, code=code)
            me = room.student(token)
        except ClassroomError:
            # another class, or the database was replaced: join again (the language stays)
            self.store.save(json.dumps({"lang": self.lang}) if self.lang_chosen else "")
            return
        seats = kept.get("seats")
        self._joined(room, me, seats if isinstance(seats, dict) else {})

    @in_language
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
        self._join_language()
        self._remember(seats)
        self.join_box.layout.display = "none"
        with using(self.lang):
            self._build()
            for table_code, token in seats.items():
                try:
                    table = room.table(table_code)
                    self._seated(table, table.rejoin(token), str(token))
                    break
                except ClassroomError:
                    continue

    def _join_language(self) -> None:
        """Once joined, the page's language: the one the student chose (on this page, kept by
        the browser, or kept with their name in the class), else the link's (``?lang=``), else
        the class's (the teacher's choice), else the default. A choice made here is kept with
        their name."""
        assert self.room is not None and self.me is not None
        if self.lang_chosen:
            if self.me.lang != self.lang:
                self.me = self.room.set_student_language(self.me, self.lang)
            return
        wanted = self.me.lang or (None if self.url_lang is not None else self.room.language)
        if wanted is not None:
            with contextlib.suppress(OptionError):  # a catalog since removed: the default
                self._apply_language(check_language(wanted))
                self.lang_chosen = self.me.lang is not None

    def _remember(self, seats: dict[str, Any] | None = None) -> None:
        """Ask the browser to keep the student's token, their seat tokens (``seats``; None:
        those kept) and the language they chose."""
        assert self.room is not None and self.me is not None
        if seats is None:
            kept = self._kept().get("seats")
            seats = dict(kept) if isinstance(kept, dict) else {}
        data: dict[str, Any] = {"code": self.room.code, "token": self.me.token, "seats": seats}
        if self.lang_chosen:
            data["lang"] = self.lang
        self.store.save(json.dumps(data))

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
