"""The teacher's own lesson file on the teacher's page: choose a ``.md`` file, see it checked
(each problem with its line), and start it like a built-in lesson.

The file is checked here, in the teacher's kernel, before anything is stored; the run keeps
its text (:meth:`~freight_freedom.classroom.pacing.Pacing.start` with ``source=``), so every
student's page, on any server, builds the same lesson from it. How to write one:
``docs/teaching.md``, "Writing your own lesson".
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...lessons import lesson_file
from ...lessons.model import Lesson
from .common import box

MAX_SHOWN = 8
"""Problems listed at once (the rest are counted)."""


class LessonUpload:
    """A file chooser and its message; ``on_loaded(lesson, text)`` gets a file that passed."""

    def __init__(self, on_loaded: Callable[[Lesson, str], None],
                 guard: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None) -> None:
        """``guard`` wraps the file chooser's handler (the page's error area)."""
        self._on_loaded = on_loaded
        self.upload = widgets.FileUpload(accept=".md,.markdown,.txt,text/markdown",
                                         multiple=False, description="Your own lesson file",
                                         icon="upload",
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("ff-teacher-lesson-file")
        self.message = widgets.HTML()
        self.message.add_class("ff-teacher-lesson-file-message")
        self.upload.observe(guard(self._chosen) if guard else self._chosen, names="value")
        self.widget = widgets.VBox([
            widgets.HTML("<span style='font-size:14px;color:#444'>or a lesson you wrote "
                         "(a Markdown file: see the teaching guide)</span>"),
            self.upload, self.message])

    def _chosen(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        chosen = files[0]
        name = str(chosen.get("name", "lesson.md"))
        self.read(name, bytes(chosen.get("content", b"")))
        self.upload.value = ()  # the same file may be chosen again after a correction

    def read(self, name: str, content: bytes) -> Lesson | None:
        """Check the file ``name`` with ``content``; on success tell the page and say so."""
        if len(content) > lesson_file.MAX_BYTES:
            self._refuse(name, [(0, f"the file has {len(content):,} bytes; a lesson file "
                                    f"has at most {lesson_file.MAX_BYTES:,}")])
            return None
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            self._refuse(name, [(0, "the file is not UTF-8 text: save it as UTF-8 (a plain "
                                    "text or Markdown file)")])
            return None
        try:
            the = lesson_file.parse(text, path=name)
        except lesson_file.LessonFileError as exc:
            self._refuse(name, exc.problems)
            return None
        questions = sum(1 for s in the.steps if s.question is not None)
        self.message.value = box(
            "#e7f4ea", f"<b>{html.escape(the.title)}</b> is ready: {len(the.steps)} steps, "
            f"{questions} question{'' if questions == 1 else 's'}. It is chosen in the list "
            "above: press Start.", role="status")
        self._on_loaded(the, text)
        return the

    def _refuse(self, name: str, problems: list[tuple[int, str]]) -> None:
        items = "".join(
            f"<li>{'line ' + str(line) + ': ' if line > 0 else ''}{html.escape(reason)}</li>"
            for line, reason in problems[:MAX_SHOWN])
        more = len(problems) - MAX_SHOWN
        if more > 0:
            items += f"<li>and {more} more</li>"
        self.message.value = box(
            "#fdecea", f"<b>{html.escape(name)}</b> cannot be used yet; nothing was started:"
            f"<ul style='margin:4px 0'>{items}</ul>", role="alert")
