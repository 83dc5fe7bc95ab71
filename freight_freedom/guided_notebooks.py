"""The guided notebooks a user copies out of the installed package (``freight-freedom
notebooks DIR``), to open in JupyterLab.

A wheel carries them as Jupyter-style shared data (``share/freight-freedom/notebooks``, see
pyproject's ``data-files``), which pip puts under the environment's prefix; they are found through
the installed distribution's file list, which also knows a ``--user`` or ``--prefix`` install. A
checkout (an editable install) uses its own ``notebooks/`` folder. The example lesson files
(package data, :func:`freight_freedom.lessons.example_lesson`) go beside them in ``lessons/``,
for a teacher to copy and edit in JupyterLab.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "freight-freedom"
SHARED = "share/freight-freedom/notebooks/"
_CHECKOUT = Path(__file__).resolve().parents[1]


def notebook_files() -> list[Path]:
    """The guided notebooks of this install (empty when none can be found)."""
    if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "notebooks").is_dir():
        return sorted((_CHECKOUT / "notebooks").glob("*.ipynb"))
    try:
        files = metadata.distribution(DISTRIBUTION).files or []
    except metadata.PackageNotFoundError:
        return []
    found = (Path(str(f.locate())).resolve() for f in files
             if SHARED in f.as_posix() and f.name.endswith(".ipynb"))
    return sorted(path for path in found if path.is_file())


@dataclass
class Copied:
    """What :func:`copy_notebooks` did: the files written and those left as they were."""

    folder: Path
    written: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def copy_notebooks(folder: str | Path) -> Copied:
    """Copy the guided notebooks into ``folder`` (made if needed), never overwriting a file: a
    notebook already there may hold a student's or teacher's own work.

    Raises ``FileNotFoundError`` when this install has no notebooks, ``NotADirectoryError`` when
    ``folder`` is a file.
    """
    sources = notebook_files()
    if not sources:
        raise FileNotFoundError("this install of freight-freedom carries no notebooks; "
                                "reinstall it from a wheel (pip install freight-freedom)")
    target = Path(folder).expanduser()
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder")
    target.mkdir(parents=True, exist_ok=True)
    done = Copied(target.resolve())
    from .lessons import example_lessons

    lessons = [(path, f"lessons/{path.name}") for path in example_lessons()]
    if lessons:
        (target / "lessons").mkdir(exist_ok=True)
    for source, name in [(path, path.name) for path in sources] + lessons:
        try:  # "x": a file that is there (or appears meanwhile) is never replaced
            with source.open("rb") as src, (target / name).open("xb") as out:
                shutil.copyfileobj(src, out)
        except FileExistsError:
            done.kept.append(name)
        else:
            done.written.append(name)
    return done
