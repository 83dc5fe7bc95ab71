"""The classroom's three pages (ipywidgets, served by Voila): the teacher's, the students' and
the projector's. Each notebook of ``notebooks/classroom/`` is one call here::

    from freight_freedom.classroom.pages import student_page
    student_page()

A page finds the class database in ``FREIGHT_FREEDOM_DB`` (``freight-freedom classroom`` sets
it for the Voila server it starts); opened without it, the page says how to start a class.
:func:`write_notebooks` writes the three notebooks (the command serves them from a checkout's
``notebooks/classroom`` or, for an installed package, from a folder it writes them into).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..errors import ClassroomError
from .projector import ProjectorPage
from .student import StudentPage
from .teacher import TeacherPage

__all__ = ["NOTEBOOKS", "ProjectorPage", "StudentPage", "TeacherPage", "projector_page",
           "student_page", "teacher_page", "write_notebooks"]

#: notebook name -> (its title, the function that builds its page)
NOTEBOOKS = {
    "teacher": ("Classroom: the teacher's page", "teacher_page"),
    "student": ("Classroom: join the class", "student_page"),
    "projector": ("Classroom: on the projector", "projector_page"),
}


def _page(make: Any, url: str | None, code: str | None) -> widgets.Widget:
    try:
        page = make(url, code)
    except ClassroomError as exc:
        return widgets.HTML(
            "<div role='alert' style='font-size:16px;padding:8px 12px;background:#fdecea;"
            f"border-radius:4px'>{html.escape(exc.reason)}</div>")
    widget: widgets.Widget = page.widget
    widget.page = page  # the page (and its thread) lives as long as its widget
    return widget


def teacher_page(url: str | None = None, code: str | None = None) -> widgets.Widget:
    """The teacher's page (asks for the PIN first)."""
    return _page(TeacherPage, url, code)


def student_page(url: str | None = None, code: str | None = None) -> widgets.Widget:
    """A student's page (class code and first name, or rejoins from what the browser kept)."""
    return _page(StudentPage, url, code)


def projector_page(url: str | None = None, code: str | None = None) -> widgets.Widget:
    """The projector's page (how to join, the lesson's step, any table live)."""
    return _page(ProjectorPage, url, code)


def notebook_json(name: str) -> str:
    """The notebook ``name`` (teacher, student, projector) as ``.ipynb`` JSON text."""
    import json

    title, function = NOTEBOOKS[name]
    cells = [
        {"cell_type": "markdown", "id": f"{name}-title", "metadata": {},
         "source": [f"# {title}"]},
        {"cell_type": "code", "execution_count": None, "id": f"{name}-page",
         "metadata": {"tags": ["nbval-ignore-output"]}, "outputs": [],
         "source": [f"from freight_freedom.classroom.pages import {function}\n", "\n",
                    f"{function}()"]},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1) + "\n"


def write_notebooks(folder: str | Path) -> Path:
    """Write ``teacher.ipynb``, ``student.ipynb`` and ``projector.ipynb`` into ``folder``."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    for name in NOTEBOOKS:
        (root / f"{name}.ipynb").write_text(notebook_json(name), encoding="utf-8")
    return root
