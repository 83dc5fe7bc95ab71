"""``freight-freedom notebooks DIR``: the guided notebooks copied out, never over a file.

From a checkout the notebooks are ``notebooks/``; ``tests/test_install.py`` runs the same command
from an installed wheel, where they are the wheel's shared data.
"""

from __future__ import annotations

import io
from pathlib import Path

from freight_freedom.cli import main
from freight_freedom.guided_notebooks import notebook_files
from freight_freedom.lessons import example_lesson, example_lessons, lesson

ROOT = Path(__file__).resolve().parents[1]


def test_every_guided_notebook_is_found() -> None:
    names = [p.name for p in notebook_files()]
    assert names == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert "index.ipynb" in names and "freedom_walkthrough.ipynb" in names


def test_the_command_copies_them_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "class notebooks"
    out = io.StringIO()
    assert main(["notebooks", str(target)], stdout=out) == 0
    assert sorted(p.name for p in target.glob("*.ipynb")) == [p.name for p in notebook_files()]
    assert "copied 7 notebooks" in out.getvalue() and "jupyter lab" in out.getvalue()
    # the example lesson files beside them, to change and open with lessons.show(...)
    assert sorted(p.name for p in (target / "lessons").iterdir()) == [
        p.name for p in example_lessons()] == ["example_freedom_check.md",
                                               "example_slowfreight_check.md"]
    assert "copied 2 example lesson files" in out.getvalue()
    assert lesson(target / "lessons" / "example_freedom_check.md").title == lesson(
        example_lesson("freedom")).title
    mine = target / "index.ipynb"
    mine.write_text("my own work", encoding="utf-8")
    out = io.StringIO()
    assert main(["notebooks", str(target)], stdout=out) == 0
    assert mine.read_text(encoding="utf-8") == "my own work"
    assert "kept 9 already there" in out.getvalue()


def test_a_file_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    err = io.StringIO()
    assert main(["notebooks", str(tmp_path / "f")], stdout=io.StringIO(), stderr=err) == 2
    assert "is a file, not a folder" in err.getvalue()


def test_version_is_the_package_version(capsys) -> None:  # type: ignore[no-untyped-def]
    import freight_freedom

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"freight-freedom {freight_freedom.__version__}\n"
