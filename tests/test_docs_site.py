"""The documentation: the MkDocs site builds with no warning, and the README leads.

``mkdocs.yml`` turns broken links, missing anchors and pages left out of the navigation into
warnings, and ``--strict`` makes any warning fail the build; the check below also fails on a
warning that ``--strict`` lets through (mkdocstrings' own, for example).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CHOOSER = "## Choose how to run it"


def test_docs_site_builds_strict_without_warnings(tmp_path: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's notice about its future
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert not [line for line in output.splitlines() if "WARNING" in line], output
    for page in ("index.html", "install/index.html", "rules/freedom/index.html",
                 "api/games/index.html", "images/play_freedom.png"):
        assert (tmp_path / page).is_file(), page


def test_readme_is_short_and_leads_with_the_chooser() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 150
    assert CHOOSER in lines[:40]
    first_screen = "\n".join(lines[:40])
    for shown in ("docs/images/play_freedom.png", "docs/images/play_slow_freight.png",
                  "docs/teaching.md"):
        assert shown in first_screen, shown


def test_readme_images_and_links_to_files_exist() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert local, "the README links to files of the repository"
    for target in local:
        assert (ROOT / target).exists(), target


def test_readme_notebooks_table_is_one_table() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index("## The notebooks")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    section = lines[start + 1:end]
    header = next(i for i, line in enumerate(section) if line.startswith("| notebook"))
    table_end = next((i for i in range(header, len(section)) if not section[i].startswith("|")),
                     len(section))
    rows = section[header:table_end]
    assert len(rows) >= 8  # header, rule and a row per notebook
    assert all(line.startswith("|") for line in rows)
    assert not any(line.startswith("|") for line in section[table_end:]), \
        "a table row after the notebooks table ended"
    listed = {name for row in rows for name in re.findall(r"`notebooks/(\w+\.ipynb)`", row)}
    assert listed == {path.name for path in (ROOT / "notebooks").glob("*.ipynb")}
